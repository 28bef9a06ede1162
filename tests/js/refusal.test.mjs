// The engine's refusals: it says a code and parameters, never a sentence; every code it can say
// has a sentence in every language, which reads without a placeholder left; the facade gives
// console and Node users the English one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileCatalogue } from '../../web/text/index.js';
import { catalogues } from '../../web/text/catalogues.js';
import { messageAt, refusalText } from '../../web/text/refusal.js';
import { languages } from '../../web/locale/language.js';
import { loadEngine } from '../../web/engine/index.js';
import { wordedPractice } from '../../web/handouts/self-attention/practice.js';
import { xorshift32 } from '../../web/training/xorshift.js';

const lab = await loadEngine();
const codes = languages.map((l) => l.code);
const words = Object.fromEntries(codes.map((c) => [c, compileCatalogue(catalogues[c], c)]));

// Every code said in the sources: in the engine, the string literals of refused(…)'s first
// argument (refused("parse.empty"), refused(c ? "check.notAnOption" : "check.notAToken", …)) and
// of a reader's expect(')', "parse.expected.closeParen"); in the page's modules without DOM,
// refused('training.…'); in the facade, refusedBy(fn, 'call.…') and a described value's
// {code: 'call.got.…'}.
function sourceFiles(dir, pattern) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name), pattern) : pattern.test(e.name) ? [join(dir, e.name)] : [],
  );
}
// The text of argument `index` (0-based) of the call that opens at `from`; strings and characters
// are read whole.
function argument(text, from, index) {
  let depth = 0;
  let arg = 0;
  let out = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      // a string, or a C++ character such as ')' that must not close the call
      const close = text.indexOf(c, i + 1);
      if (arg === index) out += text.slice(i, close + 1);
      i = close;
      continue;
    }
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      if (depth === 0) break;
      depth--;
    } else if (c === ',' && depth === 0) {
      arg++;
      continue;
    }
    if (arg === index) out += c;
  }
  return out;
}
const root = (dir) => new URL(`../../${dir}`, import.meta.url).pathname;
const engineCodes = new Set([
  ...sourceFiles(root('cpp'), /\.(cpp|hpp)$/).flatMap((f) => {
    const text = readFileSync(f, 'utf8').replace(/\/\/.*$/gm, '');
    return [...text.matchAll(/\b(refused|expect)\(/g)].flatMap((m) =>
      [...argument(text, m.index + m[0].length, m[1] === 'refused' ? 0 : 1).matchAll(/"([a-z]+\.[A-Za-z.]+)"/g)].map(
        (q) => q[1],
      ),
    );
  }),
  ...sourceFiles(root('web'), /\.js$/).flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/(?:refused\(|refusedBy\([^,()]+, |\bcode: )'([a-z]+\.[A-Za-z.]+)'/g)].map(
      (m) => m[1],
    ),
  ),
]);

// Every sentence of a `refusals` section by its code (near and atEnd are the clauses after one).
function sentenceCodes(section, prefix = '') {
  return Object.entries(section).flatMap(([k, v]) =>
    typeof v === 'object' ? sentenceCodes(v, `${prefix}${k}.`) : prefix ? [`${prefix}${k}`] : [],
  );
}

test('every code the engine can say has a sentence in every language, and every sentence is said', () => {
  assert.ok(engineCodes.size > 40, `${engineCodes.size} codes in the engine's sources`);
  for (const code of codes) {
    const known = new Set(sentenceCodes(catalogues[code].refusals));
    assert.deepEqual(
      [...engineCodes].filter((c) => !known.has(c)),
      [],
      `${code}: codes without a sentence`,
    );
    assert.deepEqual(
      [...known].filter((c) => !engineCodes.has(c)),
      [],
      `${code}: sentences no code says`,
    );
  }
});

// Text a student might type, and text nobody would: pieces of every format, mistakes included.
const PIECES = [
  '0.5',
  '1/2',
  'ln 2',
  ',',
  ', ',
  '[',
  ']',
  '[[',
  ']]',
  '(',
  ')',
  '{',
  '}',
  '-',
  ' -',
  '- ',
  '+',
  '*',
  '/',
  '^',
  '%',
  '.',
  '..',
  '...',
  '0,5',
  '18,432',
  '1 2',
  'e',
  'pi',
  'log3',
  'log2',
  'sqrt',
  'sqrt(-1)',
  'ln(0)',
  '1/0',
  '1e999',
  'abc',
  'cat',
  '->',
  'bid',
  'bjd',
  'ij',
  '|',
  ' ',
  '\n',
  'é',
  '，',
  '０',
  '−',
  '✓',
  '  ',
];
// Problems of the practice set (seeds 0 to 6 of every family in every edition of the problem
// set), one for each answer format a problem has (every format but pairs), so that every reader
// is tried: edition 1's teacher forcing asks for a word, edition 2's for a token id.
const byFormat = new Map();
for (let edition = 1; edition <= lab.practice.edition; edition++)
  for (const { id } of lab.practice.families())
    for (let seed = 0; seed < 7; seed++)
      byFormat.set(lab.practice.generate(id, seed, edition).format, { id, seed, edition });

test('thousands of malformed answers: each is refused with a code whose sentence reads in every language', () => {
  assert.ok(byFormat.size >= 9, `families of ${byFormat.size} formats`);
  const bits = xorshift32(2026);
  const pick = (xs) => xs[bits() % xs.length];
  const problems = [...byFormat.values()];
  const seen = new Set();
  let refused = 0;
  for (let i = 0; i < 4000; i++) {
    const n = 1 + (bits() % 6);
    let typed = '';
    for (let k = 0; k < n; k++) typed += pick(PIECES);
    const { id, seed, edition } = problems[i % problems.length];
    const c = lab.practice.check(id, seed, typed, edition);
    if (c.readable) continue;
    refused += 1;
    const { code, params, message } = c.error;
    seen.add(code);
    assert.ok(engineCodes.has(code), `${JSON.stringify(typed)} for ${id}: ${code} is a code of the engine`);
    assert.equal(typeof message, 'string', 'the facade adds the English sentence');
    for (const lang of codes) {
      const out = refusalText({ code, params }, words[lang].refusals);
      // what the student typed may hold braces; the sentence around it may not
      let around = out;
      const quoted = Object.values(params).filter((v) => typeof v === 'string');
      for (const value of quoted.sort((a, b) => b.length - a.length)) around = around.replaceAll(value, '');
      assert.doesNotMatch(around, /undefined|NaN|\[object|[{}]/, `${lang} ${code}: ${out}`);
      for (const [name, value] of Object.entries(params))
        if (typeof value === 'string' && value && name !== 'what')
          assert.ok(out.includes(value), `${lang} ${code} quotes its ${name} "${value}": ${out}`);
    }
  }
  assert.ok(refused > 2000, `${refused} refusals`);
  assert.ok(seen.size >= 30, `${seen.size} different codes said: ${[...seen].join(', ')}`);
});

test('0,5 typed where one number goes: both readings are named, in each language, with how to write the number', () => {
  const r = lab.parseNumber('0,5');
  assert.equal(r.ok, false);
  assert.equal(r.error.code, 'parse.comma.decimal');
  assert.equal(
    r.error.message,
    '“0,5” reads as two entries, 0 and 5, where one number was expected; for the decimal number, write 0.5 with a decimal point',
  );
  const es = refusalText(r.error, words.es.refusals);
  assert.match(es, /dos componentes, 0 y 5/);
  assert.match(es, /escribe 0\.5 con punto decimal/);
  const zh = refusalText(r.error, words['zh-Hans'].refusals);
  assert.match(zh, /两个元素 0 和 5/);
  assert.match(zh, /0\.5/);
  // a thousands separator or a decimal comma: both ways of writing it are named
  assert.match(
    refusalText(lab.parseNumber('18,432').error, words.es.refusals),
    /18432 sin la coma, o 18\.432 con punto/,
  );
});

test('[0,27, 0,73] for a vector of two: both readings named in each language, not an attempt, in the practice set and the worked examples', () => {
  const es = wordedPractice(lab.practice, words.es, 'es');
  const zh = wordedPractice(lab.practice, words['zh-Hans'], 'zh-Hans');
  const expected = lab.practice.solution('saturation', 3).answerValue; // two weights
  const typed = `[${expected.map((x) => x.toFixed(2).replace('.', ',')).join(', ')}]`;
  const c = es.check('saturation', 3, typed);
  assert.equal(c.readable, false, 'not an attempt');
  assert.equal(c.error.code, 'parse.comma.list');
  assert.match(c.feedback, /tiene 4 componentes y se esperaban 2; leído con comas decimales tiene 2/);
  assert.match(c.feedback, new RegExp(`escribe \\[${expected[0].toFixed(2).replace('.', '\\.')}, `));
  assert.match(zh.check('saturation', 3, typed).feedback, /有 4 个元素，而这里需要 2 个/);
  // the same rule where a worked example's step is predicted
  const spec = { format: 'vector', expected, misconceptions: [] };
  assert.equal(lab.practice.checkValue(typed, spec).error.code, 'parse.comma.list');
  // a list whose commas are all separators is read as typed
  assert.equal(lab.practice.check('saturation', 3, '[1, 2]').readable, true);
});

test('a practice answer that cannot be read is told in the page’s language, with the options in that language', () => {
  const es = wordedPractice(lab.practice, words.es, 'es');
  const en = wordedPractice(lab.practice, words.en, 'en');
  const vector = es.check('retrieval', 0, '[2, 1,5');
  assert.equal(vector.readable, false);
  assert.match(vector.feedback, /se esperaba «\]» para cerrar la lista, al final/);
  assert.doesNotMatch(vector.feedback, /expected|could not/);
  const choice = es.check('pre-post', 0, 'medio');
  assert.equal(choice.readable, false);
  assert.match(choice.feedback, /no se pudo leer «medio» como una de las opciones \(pre o post\)/);
  assert.match(
    en.check('pre-post', 0, 'middle').feedback,
    /could not read “middle” as one of the options \(pre or post\)/,
  );
});

test('the facade: a result’s refusal carries code, parameters and the English sentence; an unknown code is an error', () => {
  const r = lab.parseNumber('0.5.5');
  assert.deepEqual(r.error, {
    code: 'parse.twoPoints',
    params: { number: '0.5.5' },
    message: 'a number with two decimal points: “0.5.5”',
  });
  assert.equal(lab.parseNumber('(1').error.message, 'expected a closing parenthesis “)”, at the end');
  assert.equal(lab.parseNumber('1 2').error.message, 'unexpected text, at “2”');
  assert.equal(messageAt(words.en.refusals, 'parse.nothing'), undefined);
  assert.throws(() => refusalText({ code: 'parse.nothing', params: {} }, words.en.refusals), /no sentence/);
});

test('checkValue refuses a spec it cannot check, naming it, instead of failing inside the engine', () => {
  const check = (spec) => () => lab.practice.checkValue('1', spec);
  assert.throws(check({ format: 'positions', expected: '{0}' }), /practice\.checkValue: spec\.format positions/);
  assert.throws(check({ format: 'vector', expected: '[1, 2]' }), /spec\.expected must be a number or an array/);
  assert.throws(check({ format: 'choice', expected: 1 }), /spec\.expected must be a word/);
  assert.throws(
    check({ format: 'number', expected: 1, misconceptions: [{ id: 'x', section: '§2', value: 'one' }] }),
    /spec\.misconceptions\[0\]\.value must be a number/,
  );
  assert.equal(lab.practice.checkValue('1', { format: 'number', expected: 1 }).correct, true);
});
