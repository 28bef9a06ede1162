// The options of every function are declared once, in the engine (lab.options). The README's
// lists of options, the facade's checks and the training panel's choices must agree with that
// declaration: this test fails naming the first disagreement.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadEngine } from '../../web/engine/index.js';
import { choices } from '../../web/page/views/training/form.js';

const lab = await loadEngine();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

// The README's API listings: every ```text block of "### Functions" and the training block after it.
const listing = readme
  .slice(readme.indexOf('### Functions'), readme.indexOf('### Errors'))
  .match(/```text\n[\s\S]*?```/g)
  .join('\n');

// The JS function an entry line documents, as the declarations name it.
const ENTRY = /^(?:const model = )?(lab\.(?:checks\.)?|model\.)(\w+)\(/;
const declaredName = (owner, name) => (owner === 'model.' && name === 'generate' ? 'modelGenerate' : name);

// Each entry: its first line and the indented lines after it.
function entries() {
  const out = new Map();
  let current = null;
  for (const line of listing.split('\n')) {
    const m = line.match(ENTRY);
    if (m) {
      current = { fn: declaredName(m[1], m[2]), text: line };
      if (!out.has(current.fn)) out.set(current.fn, current);
    } else if (current && /^\s/.test(line)) current.text += `\n${line}`;
    else current = null;
  }
  return out;
}

// The top-level groups {...} of a text, and the entries of one group split at top-level commas.
function groups(text) {
  const found = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{' && depth++ === 0) start = i + 1;
    if (text[i] === '}' && --depth === 0) found.push({ body: text.slice(start, i), at: start - 1 });
  }
  return found;
}
function split(body) {
  const parts = [];
  let depth = 0;
  let part = '';
  for (const c of body) {
    if ('[({'.includes(c)) depth++;
    if ('])}'.includes(c)) depth--;
    if (c === ',' && depth === 0) {
      parts.push(part.trim());
      part = '';
    } else part += c;
  }
  if (part.trim()) parts.push(part.trim());
  return parts;
}

// The options an entry documents: the last {...} inside its call's parentheses, or the group
// after "options:" on a later line.
function documented(entry, all) {
  const text = entry.text.replace(/\n\s+/g, ' ');
  const open = text.indexOf('(');
  let depth = 0;
  let close = open;
  for (; close < text.length; close++) {
    if (text[close] === '(') depth++;
    if (text[close] === ')' && --depth === 0) break;
  }
  const call = text.slice(open + 1, close);
  const inCall = groups(call);
  const after = text.indexOf('options: {');
  const body = inCall.length ? inCall.at(-1).body : after >= 0 ? groups(text.slice(after))[0].body : '';
  const opts = new Map();
  for (const part of split(body)) {
    const m = part.match(/^(\w+)\??\s*(?:=\s*([^(]*?))?\s*(?:\(.*\))?(?::.*)?$/);
    assert.ok(m, `${entry.fn}: cannot read the README's option "${part}"`);
    opts.set(m[1], m[2] ?? null);
  }
  // "options" as an argument: the language model's options, as lmForward lists them.
  if (/\boptions\b/.test(call.replace(/\{[^}]*\}/g, '')) && entry.fn !== 'lmForward') {
    for (const [k, v] of documented(all.get('lmForward'), all)) if (k !== 'trace' && !opts.has(k)) opts.set(k, v);
  }
  return opts;
}

// A README default as a value, or undefined when it is not a plain literal ("[true, …]").
function literal(text) {
  const t = text.trim();
  const alternatives = t.split('|').map((s) => s.trim());
  if (alternatives.every((a) => /^'[^']*'$/.test(a)))
    return { value: alternatives[0], choices: alternatives.length > 1 ? alternatives : undefined };
  if (t === 'true' || t === 'false') return { value: t };
  if (/^-?[\d.]+(e-?\d+)?$/.test(t)) return { value: Number(t) };
  if (/^'[^']*'$/.test(t)) return { value: t };
  return undefined;
}
const quoted = (s) => s.split(/\s*\|\s*/).map((a) => a.replace(/^'|'$/g, ''));

test('every declared option is in the README, with the declared default and choices', () => {
  const all = entries();
  for (const [fn, declared] of Object.entries(lab.options)) {
    const entry = all.get(fn);
    assert.ok(entry, `the README lists no entry for ${fn}`);
    const readmeOptions = documented(entry, all);
    for (const d of declared) {
      assert.ok(readmeOptions.has(d.name), `${fn}: option ${d.name} is declared but the README does not list it`);
      const given = readmeOptions.get(d.name);
      const lit = given === null ? undefined : literal(given);
      if (!lit) continue;
      const want = d.type === 'number' || d.type === 'integer' ? Number(d.fallback) : d.fallback;
      assert.ok(d.fallback !== '', `${fn}: the README gives ${d.name} a default (${given}) the engine does not have`);
      assert.equal(lit.value, want, `${fn}: README default of ${d.name}`);
      if (lit.choices) assert.deepEqual(quoted(given), d.choices, `${fn}: README choices of ${d.name}`);
    }
    for (const name of readmeOptions.keys())
      assert.ok(
        declared.some((d) => d.name === name),
        `${fn}: the README lists option ${name}, which is not declared`,
      );
  }
});

test("the README line \"name: 'a' | 'b'\" lists exactly the declared choices", () => {
  let checked = 0;
  for (const [, name, list] of listing.matchAll(/\b(\w+): ('[\w]+'(?: \([^)]*\))?(?: \| '[\w]+'(?: \([^)]*\))?)+)/g)) {
    const names = [...list.matchAll(/'(\w+)'/g)].map((m) => m[1]);
    const decl = Object.values(lab.options)
      .flat()
      .find((d) => d.name === name);
    assert.ok(decl, `the README lists choices for ${name}, which no function declares`);
    assert.deepEqual(names, decl.choices, `README choices of ${name}`);
    checked++;
  }
  assert.ok(checked >= 1, 'the README lists the activations');
});

test("the facade refuses an undeclared option and accepts every declared one's default", () => {
  for (const [fn, declared] of Object.entries(lab.options)) {
    for (const d of declared) {
      assert.ok(
        ['boolean', 'integer', 'number', 'string', 'boolean[]', 'integer[]', 'integer[][]', 'mask'].includes(d.type),
      );
      if (d.type === 'string') assert.ok(d.choices.includes(d.fallback.replace(/'/g, '')), `${fn}.${d.name}`);
    }
  }
  assert.throws(() => lab.attention([[1]], [[1]], [[1]], { casual: true }), {
    message: /^attention: unknown option 'casual' \(expected one of causal, mask, scale\)/,
  });
  assert.throws(() => lab.createModel({ vocab: 4, D: 4, T: 4, activaton: 'relu' }), {
    message:
      /^createModel: unknown option 'activaton' \(expected one of vocab, D, heads, layers, T, ffnMult, activation,/,
  });
  lab.createModel({ vocab: 4, D: 4, T: 4, activation: 'relu', norm: 'rms' }).delete();
});

test("the training panel offers exactly the engine's choices, the default first", () => {
  for (const [key, fn] of [
    ['activation', 'createModel'],
    ['arrangement', 'createModel'],
    ['norm', 'createModel'],
    ['positions', 'createModel'],
    ['optimizer', 'trainStep'],
  ]) {
    const d = lab.options[fn].find((o) => o.name === key);
    const offered = choices(lab)[key];
    assert.deepEqual([...offered].sort(), [...d.choices].sort(), `the panel's ${key} choices`);
    assert.equal(`'${offered[0]}'`, d.fallback, `the panel's first ${key} is the default`);
  }
});

test("the README's list of the training address's settings is the form's, which is the setup's", async () => {
  const { FIELDS } = await import('../../web/page/views/training/form.js');
  const { DEFAULT_SETUP } = await import('../../web/training/experiments.js');
  const listed = readme
    .match(/with the settings of the form \(([^)]*)\)/)[1]
    .match(/`(\w+)`/g)
    .map((s) => s.slice(1, -1));
  assert.deepEqual(listed, FIELDS);
  assert.deepEqual([...FIELDS].sort(), Object.keys(DEFAULT_SETUP).sort());
});

test("the panel's default setup and every experiment's settings use only the engine's choices", async () => {
  const { DEFAULT_SETUP, EXPERIMENTS } = await import('../../web/training/experiments.js');
  const declared = [...lab.options.createModel, ...lab.options.trainStep].filter((d) => d.choices.length);
  const setups = [
    DEFAULT_SETUP,
    ...Object.values(EXPERIMENTS).flatMap((e) => [e.setup || {}, ...e.runs.map((r) => r.model || {})]),
  ];
  for (const setup of setups)
    for (const d of declared)
      if (d.name in setup)
        assert.ok(d.choices.includes(setup[d.name]), `${d.name} = ${setup[d.name]} is not one of ${d.choices}`);
});
