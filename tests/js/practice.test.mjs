// The practice API (lab.practice, keys and numbers) and the page's wording of it
// (web/handouts/self-attention/practice.js): every family generates, checks and solves; every mistake is worded
// and named; the rule for numbers that students read is the rule the engine applies; no text of
// any kind throws; the engine's facade carries no page text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from '../../web/engine/index.js';
import { compileCatalogue, practice as text } from '../../web/text/index.js';
import { catalogues } from '../../web/text/catalogues.js';
import { toleranceText, valueName } from '../../web/handouts/practice-words.js';
import { wordedPractice } from '../../web/handouts/self-attention/practice.js';

const lab = await loadEngine();
const practice = wordedPractice(lab.practice);
const families = practice.families();
const FORMATS = lab.practice.formats;

test('the facade answers in keys and numbers: no sentence of the page comes from it', () => {
  assert.deepEqual(FORMATS, [
    'number',
    'integer',
    'vector',
    'matrix',
    'shape',
    'positions',
    'pairs',
    'token',
    'choice',
    'einsum',
  ]);
  for (const f of FORMATS) assert.ok(text.formats[f], `answer format ${f} is worded in the catalogue`);
  assert.deepEqual(Object.keys(lab.practice.families()[0]).sort(), ['fewAnswers', 'format', 'id', 'section']);
  const p = lab.practice.generate('retrieval', 0);
  for (const key of ['title', 'prompt', 'hints', 'display']) assert.ok(!(key in p), `generate() has no ${key}`);
  const c = lab.practice.check('retrieval', 0, '[2, 1.4]');
  assert.ok(!('feedback' in c));
  assert.deepEqual(c.wrongEntries, [1]);
  const s = lab.practice.solution('retrieval', 0);
  assert.ok(s.steps.every((st) => Object.keys(st).sort().join() === 'key,values'));
  assert.ok(s.misconceptions.every((m) => !('text' in m)));
});

test('the families follow the handout’s sections, each with a title and an answer format', () => {
  assert.deepEqual(
    Object.keys(text.families).sort(),
    families.map((f) => f.id).sort(),
    'the catalogue words each family of the registry, and no other',
  );
  const key = (s) => s.replace('§', '').split('.').map(Number);
  for (let i = 1; i < families.length; i++) {
    const [a, b] = [key(families[i - 1].section), key(families[i].section)];
    assert.ok(
      a[0] < b[0] || (a[0] === b[0] && (a[1] ?? 0) <= (b[1] ?? 0)),
      `${families[i - 1].section} before ${families[i].section}`,
    );
  }
  for (const f of families) {
    assert.match(f.section, /^§\d/);
    assert.ok(f.title && f.title.length > 3, f.id);
    assert.ok(FORMATS.includes(f.format));
    const words = text.families[f.id];
    assert.ok(words.prompt && words.hints.length >= 1, `${f.id} has a prompt and hints`);
  }
});

test('every family and seed: a prompt without gaps, every step and mistake worded, the solution accepted, each mistake named', () => {
  for (const f of families) {
    for (let seed = 0; seed < 40; seed++) {
      const p = practice.generate(f.id, seed);
      const where = `${f.id} ${seed} (${p.variant})`;
      assert.ok(p.prompt.length > 20 && !/undefined|NaN|\[object/.test(p.prompt), `${where}: ${p.prompt}`);
      assert.ok(!('answer' in p), 'generate does not reveal the answer');
      assert.ok(FORMATS.includes(p.format));
      assert.ok(p.display === null || (typeof p.display === 'string' && p.display.length > 5), `${where}: display`);
      if (f.id === 'pre-post') assert.ok(p.display, `${where}: the lines to classify are shown below the prompt`);
      const s = practice.solution(f.id, seed);
      const c = practice.check(f.id, seed, s.answer);
      assert.equal(c.correct, true, `${where}: ${s.answer} -> ${c.feedback}`);
      assert.ok(s.steps.length >= 1);
      for (const st of s.steps) {
        assert.ok(text.steps[st.key], `${where}: step "${st.key}" has a title in the catalogue`);
        assert.ok(Object.keys(st.values).length || st.note, `${where}: step "${st.key}" shows something`);
      }
      for (const m of s.misconceptions) {
        assert.ok(text.misconceptions[m.id], `${where}: misconception "${m.id}" is worded in the catalogue`);
        const named = practice.check(f.id, seed, m.answer);
        assert.equal(named.correct, false, `${where}: ${m.id}`);
        assert.equal(named.misconception, m.id, `${where}: ${m.answer} is named ${m.id}`);
        assert.ok(
          named.feedback.includes(text.misconceptions[m.id]) && named.feedback.includes(`(see ${m.section})`),
          named.feedback,
        );
      }
    }
  }
});

test('the rule for numbers students read is the rule the engine applies', () => {
  const { relative, floor } = lab.practice.tolerance;
  assert.equal(relative, 0.01);
  assert.equal(floor, 0.001);
  const sentence = toleranceText(lab.practice.tolerance);
  assert.match(sentence, /within 1 % of the engine’s value/);
  assert.match(sentence, /smaller than 1\/1000 of the answer’s largest entry/);
  assert.match(sentence, /Three significant figures are always enough/);
  for (const seed of [0, 1, 2, 3, 4, 5, 6, 7]) {
    const value = Number(practice.solution('cross-entropy', seed).answer);
    assert.equal(practice.check('cross-entropy', seed, String(value * (1 + 0.99 * relative))).correct, true);
    assert.equal(practice.check('cross-entropy', seed, String(value * (1 - 1.01 * relative))).correct, false);
    assert.equal(practice.check('cross-entropy', seed, value.toPrecision(3)).correct, true);
  }
  const wrong = practice.check('cross-entropy', 0, '2.9');
  assert.ok(wrong.feedback.endsWith(sentence), 'the feedback on a wrong number states the rule');
});

test('feedback names the mistake and the section, reports wrong entries as the page labels them, and says how the answer was read', () => {
  const base10 = practice.check('cross-entropy', 0, 'log10(e^3.020410229)');
  assert.equal(base10.misconception, 'log10');
  assert.match(base10.feedback, /base 10 \(see §7\.4\)/);
  const noScale = practice.check('saturation', 0, '[0.000335, 0.999665]');
  assert.equal(noScale.misconception, 'no-scaling');
  assert.equal(practice.check('two-heads', 0, '[1.3, 1.3]').misconception, 'averaged');
  const entry = practice.check('retrieval', 0, '2, 1.4');
  assert.deepEqual(entry.wrongEntries, [1]);
  assert.match(entry.feedback, /Read as \[2, 1\.4\]\. Entry \[1\] is off \(counting from 0/);
  const matrix = practice.check('attention-matrix', 0, '[[0.4, 0.2, 0.4], [1/3, 1/3, 0.5], [0.4, 0.2, 0.4]]');
  assert.match(matrix.feedback, /Entry \[1\]\[2\] is off/);
  const exact = practice.check('saturation', 0, '[1/(1+e), e/(1+e)]');
  assert.equal(exact.correct, true);
  assert.match(exact.feedback, /Read as \[0\.2689, 0\.7311\]\./, 'read as the page shows numbers, not every digit');
  assert.equal(exact.parsed, `[${1 / (1 + Math.E)}, ${Math.E / (1 + Math.E)}]`, 'every digit stays available');
  assert.equal(practice.check('saturation', 0, '[[0.269, 0.731]]').correct, true, 'a 1 x n row, as x is shown');
  assert.equal(practice.check('saturation', 0, '[0.269 0.731]').correct, true, 'numpy’s printout');
  assert.equal(practice.check('two-heads', 0, '[2, 0.6 | 0.6, 2]').correct, true, 'the handout’s concatenation');
  assert.equal(practice.check('einsum', 0, 'xyz,xwz->xyw').correct, true, 'letters may be renamed consistently');
  assert.equal(practice.check('einsum', 0, '...id,...jd->...ij').correct, true, 'the ellipsis');
  assert.equal(practice.check('causal-mask', 0, '{0, 1}').correct, true);
  assert.equal(practice.check('causal-mask', 0, '{0, 1, 2}').misconception, 'included-future');
  assert.equal(practice.check('teacher-forcing', 0, 'Cat').correct, true);
  assert.equal(practice.check('teacher-forcing', 0, 'the').misconception, 'not-shifted');
  assert.equal(practice.check('parameter-count', 0, '192').misconception, 'forgot-wo');
  assert.equal(practice.check('leak', 0, 'no').misconception, 'last-block-enough');
  const evidence = practice.solution('leak', 0).steps[0].values.dependence;
  assert.ok(evidence[0][2] > 0, 'with the mask in the last block only, output 0 moves when token 2 changes');
});

test('unreadable text says what was expected and is not an attempt; ambiguous text says how to write it', () => {
  const c = practice.check('retrieval', 0, '[[[[[[');
  assert.equal(c.readable, false);
  assert.equal(
    c.feedback,
    'Expected a vector, written [a, b, …], and this could not be read: expected a number, at “[[[[”. (This did not count as an attempt.)',
  );
  assert.equal(practice.check('retrieval', 0, '[2, 1.4]').readable, true);
  assert.match(
    practice.check('cross-entropy', 0, '18,432').feedback,
    /write 18432 without the comma, or 18\.432 with a decimal point/,
  );
  assert.match(practice.check('retrieval', 0, '[2 -1, 1.5]').feedback, /write a space on both sides of the sign/);
});

test('any text is an answer or a message: empty, unicode, 1/0, 1e999, [[[[[[, a megabyte of digits', () => {
  const texts = [
    '',
    '   ',
    '\u00e9\u00e8\u2603',
    '1/0',
    '1e999',
    '[[[[[[',
    '(((((((((((',
    '9'.repeat(1_000_000),
    '\u0000',
    '[1,,2]',
    'NaN',
    'Infinity',
    '{(0,1)',
    '...',
    'log',
    '%%',
  ];
  for (const f of families) {
    for (const t of texts) {
      const c = practice.check(f.id, 1, t);
      assert.equal(c.correct, false, `${f.id}: ${t.slice(0, 20)}`);
      assert.ok(c.feedback.length > 0);
    }
  }
  assert.match(practice.check('retrieval', 0, '1/0').feedback, /could not be read: a division by zero, at the end/);
  assert.match(practice.check('retrieval', 0, '9'.repeat(20000)).feedback, /longer than 10,000 characters/);
  assert.throws(() => practice.generate('nope', 0), {
    message: /^practice.generate: there is no family of problems “nope” \(there are retrieval, intervention,/,
  });
  assert.throws(() => practice.generate('retrieval', -1), {
    message: /^practice\.generate: seed must be a whole number >= 0/,
  });
  // A seed past 32 bits would wrap around in wasm and give seed 1's problem under another name.
  assert.throws(() => practice.generate('retrieval', 2 ** 32 + 1), {
    message: /^practice\.generate: seed must be at most 4,294,967,295, got 4,294,967,297/,
  });
  assert.equal(practice.check('retrieval', 0, '[2, 1.5]').correct, true, 'still working');
});

test('checking thousands of answers leaves the wasm heap unchanged', () => {
  const round = () => {
    practice.check('retrieval', 3, '[1, 2]');
    practice.check('einsum', 1, 'bij,bje->bie');
    practice.check('shapes', 2, '[[[');
    practice.solution('leak', 5);
  };
  for (let i = 0; i < 50; i++) round();
  const before = lab.memory();
  for (let i = 0; i < 2000; i++) round();
  assert.deepEqual(lab.memory(), before);
});

// The page's worked examples ask predictions and worksheets whose mistakes are worded the same way.
const { examples } = await import('../../web/handouts/self-attention/examples/index.js');
function pageMisconceptionIds() {
  const ids = new Set();
  for (const ex of examples) {
    const x = Object.fromEntries(Object.entries(ex.inputs).map(([k, s]) => [k, s.value]));
    const r = ex.run(lab, x);
    for (const step of ex.steps) {
      for (const m of step.predict?.misconceptions?.(r, x, lab) ?? []) ids.add(m.id);
      for (const item of step.show(r, x, lab))
        for (const row of item.worksheet?.rows ?? [])
          for (const cell of Object.values(row.cells)) for (const m of cell.misconceptions ?? []) ids.add(m.id);
    }
  }
  return ids;
}

test('every misconception sentence reads as what the student did, after "That is what you get when"', () => {
  // The clause up to the first ';', ':' or ',' says what was done: a subject and its verb, never
  // a pointer to the answer ("that is …", "those are …"), which does not follow "when".
  const form = /^That is what you get when (?!(that|those|this|it) )[^;:,]*\b(is|are|was|were|runs)\b/;
  for (const [id, what] of Object.entries(text.misconceptions)) {
    const sentence = text.misconception({ what, section: '§4.2' });
    assert.match(sentence, form, `${id}: ${sentence}`);
    assert.match(sentence, / \(see §4\.2\)\.$/, id);
    assert.doesNotMatch(what, /[.;:,]$/, `${id} ends where the sentence goes on`);
  }
  const used = pageMisconceptionIds();
  assert.ok(used.size >= 8, `the page's predictions and worksheets name ${used.size} mistakes`);
  for (const id of used) assert.ok(text.misconceptions[id], `the page's mistake "${id}" is worded in the catalogue`);
});

// A given value's name and a worked step's value's name are shown in the student's language: a
// word the engine uses as a name (targets, first changed row) has a catalogue entry in every
// language, and what has none is notation, which may hold no word but the handout's operators.
test('every name of a given or worked value is a catalogue word in every language, or notation', () => {
  const NOTATION = new Set(['Var', 'FFN', 'ReLU', 'dec', 'enc', 'max', 'ff', 'nh', 'hs', 'PE', 'LN']);
  const names = new Set();
  for (const edition of [1, lab.practice.edition])
    for (const { id } of lab.practice.families())
      for (let seed = 0; seed < 150; seed++) {
        Object.keys(lab.practice.generate(id, seed, edition).given).forEach((n) => names.add(n));
        for (const step of lab.practice.solution(id, seed, edition).steps)
          Object.keys(step.values).forEach((n) => names.add(n));
      }
  assert.ok(names.size > 80, `${names.size} names`);
  const words = Object.fromEntries(
    Object.entries(catalogues).map(([code, c]) => [code, compileCatalogue(c.practice, code)]),
  );
  const wrong = [];
  for (const name of names)
    for (const [code, w] of Object.entries(words)) {
      const shown = valueName(name, w);
      const word = (shown.match(/[A-Za-z]{2,}/g) ?? []).find((run) => !NOTATION.has(run));
      if (!(name in w.values) && word) wrong.push(`${code}: "${name}" is shown as "${shown}"`);
    }
  assert.deepEqual(wrong, []);
  assert.equal(valueName('tau', words.es), 'τ');
  assert.equal(valueName('Var(q . k / sqrt(d_k))', words.es), 'Var(q · k / √d_k)');
  assert.equal(valueName('targets', words['zh-Hans']), '目标');
});
