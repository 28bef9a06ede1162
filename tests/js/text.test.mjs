// The catalogues (web/text): every language has every key of the English one, with the same
// parameters, every message formats, and the practice set reads completely in each language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '@formatjs/icu-messageformat-parser';
import { compileCatalogue } from '../../web/text/index.js';
import { catalogues } from '../../web/text/catalogues.js';
import { chooseLanguage, forTraditionalReader, languages, supportedLanguage } from '../../web/locale/language.js';
import { loadEngine } from '../../web/engine/index.js';
import { wordedPractice } from '../../web/handouts/self-attention/practice.js';

const lab = await loadEngine();
const codes = languages.map((l) => l.code);

// The practice set worded in one language, its refusals too.
const compiled = Object.fromEntries(codes.map((code) => [code, compileCatalogue(catalogues[code], code)]));
const worded = (code) => wordedPractice(lab.practice, compiled[code], code);

// Every message of a catalogue with its key: [['ui.stepOf', 'Step {i} of {n}'], …]. A key's
// parts are joined by "/" (an example's key, 2.1, has a dot of its own).
function messages(catalogue, key = '') {
  if (typeof catalogue === 'string') return [[key, catalogue]];
  return Object.entries(catalogue).flatMap(([k, v]) => messages(v, key ? `${key}/${k}` : k));
}

// A message's parameters: the plain ones, and the ones that choose a form (plural, select).
function parameters(message) {
  const plain = new Set();
  const choosing = new Set();
  const top = new Set(); // plain parameters outside any plural or select: always in the text
  const walk = (ast, depth = 0) => {
    for (const node of ast) {
      if (node.options) {
        choosing.add(node.value);
        for (const option of Object.values(node.options)) walk(option.value, depth + 1);
      } else if (typeof node.value === 'string' && node.type !== 0 && node.type !== 7) {
        plain.add(node.value);
        if (depth === 0) top.add(node.value);
      }
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return { plain, choosing, top, all: new Set([...plain, ...choosing]) };
}

test('every language has exactly the English keys, lists of the same length, and the same parameters', () => {
  assert.deepEqual(codes, Object.keys(catalogues), 'the menu lists the catalogues there are');
  const english = new Map(messages(catalogues.en));
  assert.ok(english.size > 900, `${english.size} English messages`);
  for (const code of codes.filter((c) => c !== 'en')) {
    const theirs = new Map(messages(catalogues[code]));
    const missing = [...english.keys()].filter((k) => !theirs.has(k));
    const extra = [...theirs.keys()].filter((k) => !english.has(k));
    assert.deepEqual(missing, [], `${code} lacks these keys (no fallback to English)`);
    assert.deepEqual(extra, [], `${code} has keys English does not`);
    for (const [key, message] of english) {
      const [a, b] = [parameters(message).all, parameters(theirs.get(key)).all];
      assert.deepEqual([...b].sort(), [...a].sort(), `${code} ${key}: the same parameters as English`);
    }
  }
});

test('every message in every language formats, with any count, into text without a placeholder left', () => {
  for (const code of codes) {
    const compiled = new Map(messages(catalogues[code]));
    const text = compileCatalogue(catalogues[code], code);
    for (const [key, message] of compiled) {
      const at = key.split('/').reduce((o, k) => o[k], text);
      const { plain, choosing, top, all } = parameters(message);
      if (!all.size) {
        assert.equal(typeof at, 'string', `${code} ${key}`);
        continue;
      }
      assert.equal(typeof at, 'function', `${code} ${key} takes parameters`);
      assert.throws(() => at(3), TypeError, 'parameters are named, in one object');
      for (const n of [0, 1, 2, 5, 21, 1000]) {
        const params = {};
        for (const p of plain) params[p] = `‹${p}›`;
        for (const p of choosing) params[p] = plain.has(p) ? n : n === 1 ? true : n;
        const out = at(params);
        assert.ok(!/undefined|NaN|\[object/.test(out), `${code} ${key}: ${out}`);
        for (const p of top) if (!choosing.has(p)) assert.ok(out.includes(`‹${p}›`), `${code} ${key} shows {${p}}`);
        // A brace left in the text is a placeholder that was not filled, except where the
        // message writes one on purpose (a set such as {a, b, …}).
        if (!message.includes("'{'")) assert.doesNotMatch(out, /[{}]/, `${code} ${key}: ${out}`);
      }
    }
  }
});

// The names of a message's yes-or-no choices: the selects with a `true` form.
function flags(ast, into = new Set()) {
  for (const node of ast) {
    if (!node.options) continue;
    if ('true' in node.options) into.add(node.value);
    for (const option of Object.values(node.options)) flags(option.value, into);
  }
  return into;
}

// The engine gives a problem's yes-or-no values as numbers (learned = 1, bias = 0), the page as
// booleans: either must choose the same words, and the two answers different ones.
test('every yes-or-no in every language reads 1 as true and 0 as false, and its two forms differ', () => {
  let checked = 0;
  for (const code of codes) {
    const text = compileCatalogue(catalogues[code], code);
    for (const [key, message] of messages(catalogues[code])) {
      const at = key.split('/').reduce((o, k) => o[k], text);
      const { plain, choosing } = parameters(message);
      const base = {};
      for (const p of plain) base[p] = `‹${p}›`;
      for (const p of choosing) if (!plain.has(p)) base[p] = 2;
      for (const flag of flags(parse(message, { ignoreTag: true }))) {
        const said = (v) => at({ ...base, [flag]: v });
        assert.equal(said(1), said(true), `${code} ${key}: {${flag}} = 1`);
        assert.equal(said(0), said(false), `${code} ${key}: {${flag}} = 0`);
        assert.notEqual(said(1), said(0), `${code} ${key}: {${flag}} changes the words`);
        checked++;
      }
    }
  }
  assert.ok(checked >= 3 * 4, `${checked} yes-or-no choices`);
});

test('§4 parameter counting says what its given values say: a learned table, a tied head, biases', () => {
  const practice = worded('en');
  for (let seed = 0; seed < 200; seed++) {
    const p = practice.generate('parameter-count', seed);
    const g = Object.fromEntries(Object.entries(p.given).map(([k, v]) => [k, Number(v)]));
    if (p.variant === 'attention') {
      assert.match(p.prompt, g.bias ? /heads?, with biases/ : /heads?, without biases/, `seed ${seed}: ${p.prompt}`);
    } else {
      assert.match(p.prompt, g.learned ? /a learned position table/ : /sinusoidal positions/, `seed ${seed}`);
      assert.match(
        p.prompt,
        g.tied ? /a head tied to the embedding/ : /a separate \(untied\) output head/,
        `seed ${seed}`,
      );
    }
  }
});

test('numbers are formatted by the page’s one format, and Spanish groups thousands with a narrow space', () => {
  const en = compileCatalogue(catalogues.en, 'en');
  assert.equal(en.ui.stepOf({ i: 1, n: 12 }), 'Step 1 of 12');
  assert.equal(en.practice.progressLine({ solved: 1, attempts: 1 }), '1 solved, 1 attempt');
  assert.equal(en.practice.progressLine({ solved: 12345, attempts: 2 }), '12,345 solved, 2 attempts');
  const es = compileCatalogue(catalogues.es, 'es');
  assert.equal(es.practice.progressLine({ solved: 0, attempts: 1 }), '0 resueltos, 1 intento');
  assert.equal(
    es.ui.matrixWindow({ label: 'PE', rows: 2, cols: 3, count: 6, from: 0, to: 1 }).slice(0, 14),
    'PE es [2, 3], ',
  );
  const zh = compileCatalogue(catalogues['zh-Hans'], 'zh-Hans');
  assert.equal(zh.ui.stepOf({ i: 2, n: 5 }), '第 2 步，共 5 步');
  assert.equal(en.labels.totalCost({ naive: 0.5, cached: 1 / 3 }), '0.5 recomputing, 0.3333 cached');
});

test('the language: ?lang= first, then the stored choice, then the browser’s languages, then English', () => {
  assert.equal(chooseLanguage({}), 'en');
  assert.equal(chooseLanguage({ search: '?lang=es' }), 'es');
  assert.equal(chooseLanguage({ search: '?a=1&lang=zh-Hans', stored: 'es' }), 'zh-Hans');
  assert.equal(chooseLanguage({ search: '?lang=fr', stored: 'es' }), 'es', 'an unknown ?lang= is ignored');
  assert.equal(chooseLanguage({ stored: 'es', preferred: ['zh-CN'] }), 'es');
  assert.equal(chooseLanguage({ preferred: ['fr-FR', 'zh-CN', 'es'] }), 'zh-Hans');
  assert.equal(chooseLanguage({ preferred: ['es-MX'] }), 'es');
  // Traditional Chinese has no catalogue: its readers get Simplified Chinese, and a note offering English.
  for (const seen of [
    { preferred: ['zh-TW', 'en'] },
    { preferred: ['fr', 'zh-Hant-HK'] },
    { preferred: ['zh-HK'] },
    { preferred: ['zh-MO'] },
    { search: '?lang=zh-TW', stored: 'en' },
  ]) {
    assert.equal(chooseLanguage(seen), 'zh-Hans', JSON.stringify(seen));
    assert.equal(forTraditionalReader(seen), true, JSON.stringify(seen));
  }
  for (const seen of [
    { preferred: ['en', 'zh-TW'] },
    { preferred: ['zh-CN', 'zh-TW'] },
    { stored: 'zh-Hans', preferred: ['zh-TW'] },
    { stored: 'en', preferred: ['zh-TW'] },
    {},
  ])
    assert.equal(forTraditionalReader(seen), false, JSON.stringify(seen));
  assert.equal(chooseLanguage({ stored: 'en', preferred: ['zh-TW'] }), 'en', 'the reader’s choice is kept');
  for (const tag of ['zh', 'zh-Hans', 'zh-hans-cn', 'zh-CN', 'zh-SG'])
    assert.equal(supportedLanguage(tag), 'zh-Hans', tag);
  for (const tag of [null, 3, '', 'e', 'esp', 'english']) assert.equal(supportedLanguage(tag), null, String(tag));
});

test('every problem of every family reads completely in every language, and its choices are the language’s words', () => {
  for (const code of codes) {
    const words = compiled[code].practice;
    const practice = worded(code);
    const english = code === 'en' ? null : worded('en');
    const variants = new Set();
    for (const f of practice.families()) {
      for (let seed = 0; seed < 60; seed++) {
        const p = practice.generate(f.id, seed);
        variants.add(`${f.id}/${p.variant}`);
        const where = `${code} ${f.id} ${seed} (${p.variant})`;
        assert.ok(p.prompt.length > 15, where);
        assert.doesNotMatch(p.prompt, /undefined|NaN|\[object|[{}]/, `${where}: ${p.prompt}`);
        if (english) assert.notEqual(p.prompt, english.generate(f.id, seed).prompt, `${where} is translated`);
        if (p.format === 'choice') for (const w of p.words) assert.ok(Object.values(words.choices).includes(w), where);
        const s = practice.solution(f.id, seed);
        assert.equal(
          practice.check(f.id, seed, s.answer).correct,
          true,
          `${where}: the shown answer ${s.answer} is right`,
        );
      }
    }
    assert.ok(variants.size >= 60, `${code}: ${variants.size} questions`);
  }
});

test('a choice typed in any language is checked as the engine’s word, and nothing else is taken for one', () => {
  const es = worded('es');
  const en = worded('en');
  let checked = 0;
  for (let seed = 0; seed < 80; seed++) {
    const p = es.generate('leak', seed);
    if (p.variant !== 'can') continue;
    const answer = lab.practice.solution('leak', seed).answer;
    const [right, wrong] =
      answer === 'yes'
        ? [
            ['sí', 'Sí', ' SÍ ', '是', 'yes'],
            ['no', '否'],
          ]
        : [
            ['no', '否', 'No'],
            ['sí', '是', 'yes'],
          ];
    for (const typed of right) {
      assert.equal(es.check('leak', seed, typed).correct, true, `${seed}: "${typed}" is ${answer}`);
      assert.equal(
        en.check('leak', seed, typed).correct,
        true,
        `a Spanish result file checks the same on an English page`,
      );
    }
    for (const typed of wrong) assert.equal(es.check('leak', seed, typed).correct, false, `${seed}: "${typed}"`);
    assert.equal(es.check('leak', seed, 'si no').readable, false, 'two words are not a choice');
    checked += 1;
  }
  assert.ok(checked >= 10, `${checked} yes-or-no questions`);
});

test('the misconception sentence reads in each language around every mistake', () => {
  for (const code of codes) {
    const words = compileCatalogue(catalogues[code], code).practice;
    // where each language's frame puts the mistake: after "when", after "cuando", after a colon
    const open = {
      en: 'That is what you get when ',
      es: 'Es lo que sale cuando ',
      'zh-Hans': '这个答案正是这种错误的结果：',
    }[code];
    for (const [id, what] of Object.entries(words.misconceptions)) {
      const sentence = words.misconception({ what, section: '§4.2' });
      const where = `${code} ${id}: ${sentence}`;
      assert.ok(sentence.startsWith(open + what), where);
      assert.doesNotMatch(what, /[.;:,。；：，]$/, `${code} ${id} ends where the sentence goes on`);
      assert.doesNotMatch(sentence, /[{}]|undefined/, `${where}: a placeholder left`);
      assert.doesNotMatch(sentence, /[.;:,。；：，！？!?]\s*[.;:,。；：，！？!?（(]/u, `${where}: doubled punctuation`);
      assert.doesNotMatch(sentence, / {2}/, `${where}: a doubled space`);
      if (code === 'zh-Hans')
        assert.doesNotMatch(
          sentence,
          /\p{Script=Han}\s*[,.;:!?()]\s*\p{Script=Han}/u,
          `${where}: ASCII punctuation between Chinese characters`,
        );
    }
  }
});

test('every choice the engine declares for the training form is named in every language', () => {
  const settings = {
    activation: 'createModel',
    arrangement: 'createModel',
    norm: 'createModel',
    positions: 'createModel',
    optimizer: 'trainStep',
  };
  for (const code of codes)
    for (const [setting, fn] of Object.entries(settings)) {
      const engineChoices = lab.options[fn].find((o) => o.name === setting).choices;
      assert.deepEqual(
        Object.keys(catalogues[code].training.choices[setting]).sort(),
        [...engineChoices].sort(),
        `${code} ${setting}`,
      );
    }
});

test('§4: every part of an attention layer the engine counts has a label in every language', () => {
  const keys = new Set(
    [true, false].flatMap((bias) =>
      Object.keys(lab.paramCount({ vocab: 1, D: 8, heads: 2, attentionOnly: true, bias }).breakdown),
    ),
  );
  assert.deepEqual([...keys].sort(), ['W_K', 'W_O', 'W_Q', 'W_V', 'attention.bias']);
  for (const code of codes)
    assert.deepEqual(Object.keys(catalogues[code].labels.breakdown).sort(), [...keys].sort(), code);
});

test('sentences end and join as each language writes them: “. ” in English and Spanish, “。” and no space in Chinese', async () => {
  const { joinedIn } = await import('../../web/text/index.js');
  assert.equal(joinedIn(compiled.en.ui, 'Not yet.', '', 'Read as 2.'), 'Not yet. Read as 2.');
  assert.equal(joinedIn(compiled['zh-Hans'].ui, '尚未正确。', null, '读作 2。'), '尚未正确。读作 2。');
  // every verdict of a wrong, a right and an unreadable answer, over many problems
  for (const code of codes) {
    const practice = worded(code);
    for (const { id } of practice.families())
      for (const seed of [0, 1, 2])
        for (const typed of ['[0, 1]', '1', 'yes', '[[1, 2], [3, 4]]', practice.solution(id, seed).answer]) {
          const { feedback } = practice.check(id, seed, typed);
          if (code === 'zh-Hans') assert.doesNotMatch(feedback, /。 |\. /, `${id} ${seed} ${typed}: ${feedback}`);
          else assert.doesNotMatch(feedback, /[.)]\(?[A-ZÁÉÍÓÚ¿]/u, `${id} ${seed} ${typed}: ${feedback}`);
        }
  }
});
