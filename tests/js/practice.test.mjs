// The practice API (lab.practice): every family generates, checks and solves; misconceptions
// are named; no text of any kind throws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from '../../web/engine/index.js';

const lab = await loadEngine();
const families = lab.practice.families();

test('19 families, each with a section, a title and an answer format', () => {
  assert.equal(families.length, 19);
  for (const f of families) {
    assert.match(f.section, /^§\d/);
    assert.ok(f.title && f.title.length > 3, f.id);
    assert.ok(['number', 'integer', 'vector', 'matrix', 'shape', 'positions', 'pairs', 'token', 'choice', 'einsum'].includes(f.format));
  }
});

test('every family and seed: a prompt without gaps, no answer given away, the solution accepted', () => {
  for (const f of families) {
    for (let seed = 0; seed < 12; seed++) {
      const p = lab.practice.generate(f.id, seed);
      assert.ok(p.prompt.length > 20 && !/undefined|NaN|\[object/.test(p.prompt), `${f.id} ${seed}: ${p.prompt}`);
      assert.ok(!('answer' in p), 'generate does not reveal the answer');
      assert.ok(p.hints.length >= 1);
      const s = lab.practice.solution(f.id, seed);
      const c = lab.practice.check(f.id, seed, s.answer);
      assert.equal(c.correct, true, `${f.id} ${seed}: ${s.answer} -> ${c.feedback}`);
      assert.ok(s.steps.length >= 1 && s.steps.every((st) => st.title && (Object.keys(st.values).length || st.note)), `${f.id} steps`);
    }
  }
});

test('feedback names the mistake and the section, reports wrong entries, and says how the answer was read', () => {
  const base10 = lab.practice.check('cross-entropy', 0, '3.020410229 / ln(10)');
  assert.equal(base10.misconception, 'log10');
  assert.match(base10.feedback, /base 10 \(see §7\.4\)/);
  const noScale = lab.practice.check('saturation', 0, '[0.000335, 0.999665]');
  assert.equal(noScale.misconception, 'no-scaling');
  const averaged = lab.practice.check('two-heads', 0, '[1.3, 1.3]');
  assert.equal(averaged.misconception, 'averaged');
  const entry = lab.practice.check('retrieval', 0, '2, 1.4');
  assert.deepEqual(entry.wrongEntries, [1]);
  assert.match(entry.feedback, /Read as \[2, 1\.4\]\. Entry #2 is off/);
  const exact = lab.practice.check('saturation', 0, '[1/(1+e), e/(1+e)]');
  assert.equal(exact.correct, true);
  assert.match(exact.feedback, /Read as \[0\.26894/);
  assert.equal(lab.practice.check('einsum', 0, 'xyz,xwz->xyw').correct, true, 'letters may be renamed consistently');
  assert.equal(lab.practice.check('causal-mask', 0, '{0, 1}').correct, true);
  assert.equal(lab.practice.check('causal-mask', 0, '{0, 1, 2}').misconception, 'included-future');
  assert.equal(lab.practice.check('teacher-forcing', 0, 'Cat').correct, true);
  assert.equal(lab.practice.check('teacher-forcing', 0, 'the').misconception, 'not-shifted');
  assert.equal(lab.practice.check('parameter-count', 0, '192').misconception, 'forgot-wo');
  assert.equal(lab.practice.check('leak', 0, 'no').misconception, 'last-block-enough');
  const evidence = lab.practice.solution('leak', 0).steps[0].values.dependence;
  assert.ok(evidence[0][2] > 0, 'with the mask in the last block only, output 0 moves when token 2 changes');
});

test('any text is an answer or a message: empty, unicode, 1/0, 1e999, [[[[[[, a megabyte of digits', () => {
  const texts = ['', '   ', '\u00e9\u00e8\u2603', '1/0', '1e999', '[[[[[[', '(((((((((((', '9'.repeat(1_000_000), '\u0000', '[1,,2]', 'NaN', 'Infinity', '{(0,1)'];
  for (const f of families) {
    for (const t of texts) {
      const c = lab.practice.check(f.id, 1, t);
      assert.equal(c.correct, false, `${f.id}: ${t.slice(0, 20)}`);
      assert.ok(c.feedback.length > 0);
    }
  }
  assert.match(lab.practice.check('retrieval', 0, '1/0').feedback, /could not read/);
  assert.match(lab.practice.check('retrieval', 0, '9'.repeat(20000)).feedback, /longer than 10000 characters/);
  assert.throws(() => lab.practice.generate('nope', 0), { message: /^practice: unknown family 'nope'/ });
  assert.throws(() => lab.practice.generate('retrieval', -1), { message: /^practice\.generate: seed must be a whole number >= 0/ });
  assert.equal(lab.practice.check('retrieval', 0, '[2, 1.5]').correct, true, 'still working');
});

test('checking thousands of answers leaves the wasm heap unchanged', () => {
  const round = () => { lab.practice.check('retrieval', 3, '[1, 2]'); lab.practice.check('einsum', 1, 'bij,bje->bie'); lab.practice.check('shapes', 2, '[[['); };
  for (let i = 0; i < 50; i++) round();
  const before = lab.memory();
  for (let i = 0; i < 2000; i++) round();
  assert.deepEqual(lab.memory(), before);
});
