// The induction experiment's model as the site ships it (web/handouts/self-attention/models/
// induction.json, written by scripts/train-induction.mjs): §2.2's and §4's claims hold on it, each
// number the engine's. Block 0 holds a previous-token head and block 1 an induction head; the
// repeat is predicted and the first stretch is not; removing the previous-token head takes the
// induction stripe away with the prediction (the two heads compose), and hiding the token after
// the earlier occurrence takes the prediction away too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadEngine } from '../../web/engine/index.js';
import { EXPERIMENTS } from '../../web/training/experiments.js';

const lab = await loadEngine();
const file = JSON.parse(
  readFileSync(new URL('../../web/handouts/self-attention/models/induction.json', import.meta.url), 'utf8'),
);
const bars = EXPERIMENTS.induction.heads;
const P = 32; // a stretch of 32 distinct token ids, then the same again
const stretch = Array.from({ length: P }, (_, i) => (i * 29 + 7) % 64);
const repeated = [...stretch, ...stretch];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const argmax = (xs) => xs.indexOf(Math.max(...xs));

test('§4 the shipped model has the experiment’s own settings, and its heads formed within its training', () => {
  const { setup } = EXPERIMENTS.induction;
  for (const key of ['D', 'heads', 'layers', 'T', 'ffnMult', 'positions'])
    assert.equal(file.config[key], setup[key], key);
  assert.equal(file.corpus, 'repeats');
  assert.ok(file.formedAt > 0 && file.formedAt <= file.steps, `formed at ${file.formedAt} of ${file.steps}`);
});

test('§4 block 0 holds a previous-token head and block 1 an induction head, by the engine’s scores', () => {
  const model = lab.loadModel(file);
  const s = model.headScores(repeated, { period: P });
  assert.ok(Math.max(...s.previousToken[0]) >= bars.previousToken, `block 0: ${s.previousToken[0]}`);
  assert.ok(Math.max(...s.induction[1]) >= bars.induction, `block 1: ${s.induction[1]}`);
  model.delete();
});

test('§4 the repeat is predicted and the first stretch is not: per-target loss near 0 against near ln 64', () => {
  const model = lab.loadModel(file);
  const r = model.ablationLoss([...repeated, stretch[0]], { from: P + 1, heads: [] });
  const first = mean(r.losses.slice(1, P - 1)); // targets 2 .. P - 1: nothing to copy yet
  const repeat = mean(r.losses.slice(P)); // targets P + 1 ..: each one copied
  assert.ok(first > 3.5, `first stretch ${first} nats (ln 64 = 4.16)`);
  assert.ok(repeat < 1, `repeat ${repeat} nats`);
  model.delete();
});

test('§2.2 removing the previous-token head takes away the induction stripe and the prediction: the heads compose', () => {
  const model = lab.loadModel(file);
  const s = model.headScores(repeated, { period: P });
  const previous = argmax(s.previousToken[0]);
  const induction = argmax(s.induction[1]);
  // the induction stripe of block 1's head, from the weights the engine gives with and without
  // the block-0 head: row i reads position i - P + 1
  const stripe = (weights) => mean(repeated.slice(P).map((_, k) => weights[1][induction][P + k][k + 1]));
  const before = stripe(model.inspect(repeated, {}).weights);
  const after = stripe(model.inspect(repeated, { ablateHeads: [[0, previous]] }).weights);
  assert.ok(before >= bars.induction, `stripe as is ${before}`);
  assert.ok(after < before / 2, `stripe without head 0.${previous}: ${after} (as is ${before})`);
  const tokens = [...repeated, stretch[0]];
  const removed = model.ablationLoss(tokens, { from: P + 1, heads: [[0, previous]] });
  assert.ok(removed.together - removed.base > 1, `the repeat's loss rises ${removed.base} -> ${removed.together}`);
  model.delete();
});

test('§2.2 hiding the token that followed the earlier occurrence takes the prediction away', () => {
  const model = lab.loadModel(file);
  const j = 10; // at position P + j the model should predict stretch[j + 1], read at position j + 1
  const at = P + j;
  const target = stretch[j + 1];
  const seen = model.inspect(repeated, {}).probs[at][target];
  const hidden = model.inspect(repeated, { hideTokens: [j + 1] }).probs[at][target];
  assert.ok(seen > 0.5, `p(target) as is ${seen}`);
  assert.ok(hidden < seen / 4, `p(target) with position ${j + 1} hidden: ${hidden} (as is ${seen})`);
  model.delete();
});
