// The glossary (web/text/GLOSSARY.md) holds the catalogues to one term for each concept: where
// the English message names a concept, the Spanish and the Chinese ones use the glossary's term
// for it (so a term cannot quietly stand for two concepts: 实验 for "Lab" fails where "Lab" needs
// 实验室), and no catalogue uses a term the glossary rules out. Spanish speaks to the student as
// "tú", and English and Spanish put a count before a noun only through a plural form.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import { catalogues } from '../../web/text/catalogues.js';

const glossaryFile = new URL('../../web/text/GLOSSARY.md', import.meta.url);

// Every message of a catalogue with its key, the parts of a key joined by "/".
function messages(catalogue, key = '') {
  if (typeof catalogue === 'string') return [[key, catalogue]];
  return Object.entries(catalogue).flatMap(([k, v]) => messages(v, key ? `${key}/${k}` : k));
}

// The words of a message a reader sees: its literal text in every form of every plural and
// select, a placeholder standing as " {} " (a term never runs across one, and a parameter's or a
// select's name is not a word of the text).
function literal(ast) {
  return ast
    .map((node) => {
      if (node.type === 0) return node.value;
      if (node.options)
        return Object.values(node.options)
          .map((o) => literal(o.value))
          .join(' {} ');
      return ' {} ';
    })
    .join('');
}
const textOf = (message) => literal(parse(message, { ignoreTag: true }));

// The glossary's tables: under each "## … (code)" heading, the rows of the table whose first
// column is "id". A cell's items are separated by " / " (the term's forms) or " · " (the terms not
// to use); an item in backticks is taken as written, and "/…/flags" is a regular expression.
function readGlossary(markdown) {
  const tables = {};
  let code = null;
  let header = null;
  for (const line of markdown.split('\n')) {
    const heading = /^## .*\(([\w-]+)\)\s*$/.exec(line);
    if (heading) {
      code = heading[1];
      header = null;
      continue;
    }
    if (!code || !line.startsWith('|')) {
      if (!line.startsWith('|')) header = null;
      continue;
    }
    const cells = line
      .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|'));
    if (!header) {
      if (cells[0] === 'id') header = cells;
      continue;
    }
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    const row = Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
    (tables[code] ??= []).push(row);
  }
  return tables;
}

// The items of a cell: "prompt / prompts" → ['prompt', 'prompts']; "—" or empty → [].
const items = (cell, separator) =>
  !cell || cell === '—'
    ? []
    : cell
        .split(separator)
        .map((s) => s.trim().replace(/^`(.*)`$/, '$1'))
        .filter(Boolean);
const regexOf = (item) => {
  const m = /^\/(.+)\/([a-z]*)$/.exec(item);
  return m ? new RegExp(m[1], m[2].includes('u') ? m[2] : `${m[2]}u`) : null;
};
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hasLatin = (s) => /[A-Za-zÀ-ÿ]/.test(s);
// A concept's English words: the regular expression of its "en" cell.
const englishOf = (concept) => regexOf(concept.en.replace(/^`(.*)`$/, '$1'));

// Where a form occurs in a text: a word (or words) of its own in a Latin script, matched without
// regard to case; anywhere in Chinese. `masks` are the other terms that contain this one (实验室
// for 实验, 提示词 for 提示, "no cumple" for "cumple"), taken out of the text first, so that a
// longer term never counts as the shorter one.
function finder(form, masks) {
  const re =
    regexOf(form) ??
    (hasLatin(form)
      ? new RegExp(`(?<![\\p{L}\\p{N}_])${escape(form)}(?![\\p{L}\\p{N}_])`, 'iu')
      : new RegExp(escape(form), 'u'));
  const maskers = masks.map((m) => new RegExp(escape(m), hasLatin(m) ? 'giu' : 'gu'));
  return (text) => {
    let t = text;
    for (const m of maskers) t = t.replace(m, '□');
    const found = re.exec(t);
    return found ? found[0] : null;
  };
}

const glossary = readGlossary(readFileSync(glossaryFile, 'utf8'));
const concepts = glossary.en ?? [];
const translated = ['es', 'zh-Hans'];
const texts = Object.fromEntries(
  Object.keys(catalogues).map((code) => [code, new Map(messages(catalogues[code]).map(([k, m]) => [k, textOf(m)]))]),
);

// The keys a concept is checked in: every key, or those under the prefixes its "keys" cell lists
// (a prefix with "!" leaves its keys out).
function inScope(key, cell) {
  const prefixes = items(cell, ',');
  const out = prefixes.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const inn = prefixes.filter((p) => !p.startsWith('!'));
  return (!inn.length || inn.some((p) => key.startsWith(p))) && !out.some((p) => key.startsWith(p));
}

// A language's table as {id → {forms, not}}, and every form of every term it names, for masks.
function termsOf(code) {
  const rows = new Map(
    (glossary[code] ?? []).map((r) => [r.id, { forms: items(r.term, ' / '), not: items(r.not, ' · ') }]),
  );
  return { rows, all: [...rows.values()].flatMap((r) => r.forms).filter((f) => !regexOf(f)) };
}
// A list that should be empty, said whole when it is not.
const none = (list, what) => assert.equal(list.length, 0, `${list.length} ${what}:\n${list.join('\n')}`);

// The other terms of a table that contain a form, to be taken out before looking for it.
const masksFor = (form, all) =>
  regexOf(form) ? [] : all.filter((other) => other !== form && other.toLowerCase().includes(form.toLowerCase()));

test('the glossary names every concept once, in English, Spanish and Chinese', () => {
  assert.ok(concepts.length >= 20, `${concepts.length} concepts`);
  const ids = concepts.map((c) => c.id);
  assert.deepEqual(ids, [...new Set(ids)], 'each concept once');
  for (const c of concepts) assert.ok(englishOf(c), `${c.id}: the English column is a /regular expression/`);
  for (const code of translated) {
    const theirs = (glossary[code] ?? []).map((r) => r.id);
    assert.deepEqual(theirs, ids, `${code}: a row for each concept, in the English table's order`);
    for (const r of glossary[code]) assert.ok(items(r.term, ' / ').length, `${code} ${r.id}: a term`);
  }
  // A concept the English catalogue never names holds nothing to its term.
  for (const c of concepts) {
    const re = englishOf(c);
    const named = [...texts.en].some(([key, t]) => inScope(key, c.keys) && re.test(t));
    assert.ok(named, `${c.id}: ${c.en} is in some English message`);
  }
});

test('where the English names a concept, Spanish and Chinese use the glossary’s term for it', () => {
  const missing = [];
  for (const code of translated) {
    const { rows, all } = termsOf(code);
    for (const c of concepts) {
      const re = englishOf(c);
      const finders = rows.get(c.id).forms.map((f) => finder(f, masksFor(f, all)));
      for (const [key, english] of texts.en) {
        if (!inScope(key, c.keys)) continue;
        const said = re.exec(english);
        if (!said) continue;
        const theirs = texts[code].get(key);
        if (!finders.some((find) => find(theirs)))
          missing.push(`${code} ${key}: "${said[0]}" is ${rows.get(c.id).forms.join(' / ')} (${c.id}): ${theirs}`);
      }
    }
  }
  none(missing, 'messages without the glossary’s term');
  // A compound is not its part: "Lab" said as 实验 fails, 实验室 is not an experiment.
  const zh = termsOf('zh-Hans').all;
  assert.equal(finder('实验', masksFor('实验', zh))('本实验室的缺陷'), null);
  assert.equal(finder('实验室', masksFor('实验室', zh))('本实验的缺陷'), null);
  assert.equal(finder('提示', masksFor('提示', zh))('提示词为空'), null);
  assert.equal(finder('cumple', masksFor('cumple', termsOf('es').all))('no cumple'), null);
});

test('no catalogue uses a term the glossary rules out', () => {
  const found = [];
  for (const code of ['en', ...translated]) {
    const rows =
      code === 'en' ? new Map(concepts.map((c) => [c.id, { not: items(c.not, ' · ') }])) : termsOf(code).rows;
    const all = code === 'en' ? [] : termsOf(code).all;
    for (const [id, { not }] of rows)
      for (const form of not) {
        const find = finder(form, masksFor(form, all));
        for (const [key, t] of texts[code]) {
          const hit = find(t);
          if (hit) found.push(`${code} ${key}: "${hit}" (${id}): ${t}`);
        }
      }
  }
  none(found, 'terms the glossary rules out');
});

// Spanish speaks to the student as "tú". "usted" never appears, nor a formal command: the
// imperatives below at the start of a clause (after the start, ". ", "; ", ": ", ", " or "(")
// are the usted forms of the tú ones the catalogue uses (pulsa, elige, escribe, …), and a command
// with "-nos"/"-lo" attached in the usted form (avísenos, indíquelo) is one wherever it stands.
test('Spanish says “tú”: no usted, no formal command', () => {
  const formal = [
    'usted',
    'ustedes',
    'avísenos',
    'indíquelo',
    'dígalo',
    'inténtelo',
    'compruébelo',
    'elíjalo',
    'escríbalo',
  ];
  const commands =
    'pulse|elija|escriba|haga|compruebe|introduzca|seleccione|utilice|use|vuelva|intente|abra|cierre|guarde|descargue|cambie|baje|recargue|indique|revise|consulte|ponga|añada|quite|marque|espere|llame|dé|dele|tenga|lea|mire|copie|edite|borre|aplique|divida|calcule|cuente|sume|reste|responda|sustituya|avise|informe';
  const command = new RegExp(`(?:^|[.;:(¿¡]\\s*|,\\s+)(${commands})(?![\\p{L}])`, 'iu');
  const found = [];
  for (const [key, t] of texts.es) {
    for (const word of formal) if (finder(word, [])(t)) found.push(`${key}: "${word}": ${t}`);
    const m = command.exec(t);
    if (m) found.push(`${key}: "${m[1]}": ${t}`);
  }
  none(found, 'formal forms');
});

// A count before a noun takes the noun's plural form only through {n, plural, …}: "1 tokens",
// "1 resueltos" are what a plain {n} gives. The test finds such a count by the word after a
// placeholder: in English and Spanish a plural noun ends in -s (tokens, axes, entries, caracteres,
// posiciones), so a placeholder followed by such a word, or by one other word and then such a word
// ("{N} new tokens", "{n} result files"), is a count before a plural noun, wherever it stands
// (inside another plural or select too). The words below end in -s without being plural nouns
// (verbs, function words, units), and after them or after a function word (of, de, …)
// the next word is not looked at.
const functionWords = {
  en: 'a an the and or but not of to for in at on with by from',
  es: 'a al de del el la un una y o en con por para que pero sin hacia según se no',
};
const notPlural = {
  en: 'is has was does needs gives holds names reads lists generates as its this ms plus thus always less',
  es: 'es más menos las los sus tus dos tres tras antes después mientras pues entonces ms todas todos',
};
const stop = Object.fromEntries(
  Object.keys(notPlural).map((code) => [code, new Set(`${functionWords[code]} ${notPlural[code]}`.split(' '))]),
);
function countsBeforeNouns(message, code) {
  const found = [];
  const walk = (ast) =>
    ast.forEach((node, i) => {
      if (node.options) {
        for (const o of Object.values(node.options)) walk(o.value);
        return;
      }
      if (node.type !== 1 && node.type !== 2) return; // a plain or number placeholder
      const after = ast[i + 1];
      if (after?.type !== 0) return;
      const words = /^[ \u202f]?(\p{L}+)(?:[ \u202f](\p{L}+))?/u.exec(after.value);
      if (!words) return;
      const [, first, second] = words;
      const plural = (w) => w && w.length > 2 && /s$/i.test(w) && !stop[code].has(w.toLowerCase());
      if (stop[code].has(first.toLowerCase())) return;
      if (plural(first) || plural(second)) found.push(`{${node.value}} ${first}${second ? ` ${second}` : ''}`);
    });
  walk(parse(message, { ignoreTag: true }));
  return found;
}

test('English and Spanish show a count before a noun only in a plural form', () => {
  const found = [];
  for (const code of ['en', 'es'])
    for (const [key, m] of messages(catalogues[code]))
      for (const hit of countsBeforeNouns(m, code)) found.push(`${code} ${key}: ${hit}: ${m}`);
  none(found, 'counts before a noun without a plural');
  // The heuristic sees what it is for.
  assert.deepEqual(countsBeforeNouns('{solved} resueltos, {n, plural, one {# intento} other {# intentos}}', 'es'), [
    '{solved} resueltos',
  ]);
  assert.deepEqual(countsBeforeNouns('{n} result files; row {row} is empty', 'en'), ['{n} result files']);
  assert.deepEqual(countsBeforeNouns('{n, plural, one {# token} other {# tokens}}, at {ms} ms', 'en'), []);
});
