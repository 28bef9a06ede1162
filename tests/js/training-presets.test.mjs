// The §3.1 and §6.1 presets of the training panel show their claims with their own settings:
// long training runs (about a minute), which npm test runs and the quick tier leaves out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from '../../web/engine/index.js';
import { createSession } from '../../web/training/session.js';

const lab = await loadEngine();

test('§3.1 preset: without the 1/sqrt(d_k) scale the attention saturates (its entropy collapses)', () => {
  const s = createSession(lab, { experiment: 'scaling' });
  const entropy = () => s.runIds.map((_, i) => s.inspect(i).entropy[0][0]);
  const [scaled0, unscaled0] = entropy();
  assert.ok(Math.abs(scaled0 - unscaled0) < 0.2, `alike at initialisation: ${scaled0}, ${unscaled0}`);
  for (let i = 0; i < 60; i++) s.trainStep();
  const [scaled, unscaled] = entropy();
  assert.ok(unscaled < scaled - 0.5, `after 60 steps: scaled ${scaled}, unscaled ${unscaled} nats`);
  s.dispose();
});

test('§6.1 preset: with learned positions the model answers more order questions exactly', () => {
  const s = createSession(lab, { experiment: 'positions' });
  assert.equal(s.answerCount, 30);
  assert.deepEqual(s.answers(), [0, 0, 0], 'nothing is answered before training');
  for (let i = 0; i < 1000; i++) s.trainStep();
  const [learned, sinusoidal, none] = s.answers();
  assert.ok(
    learned > none && learned > sinusoidal,
    `after 1,000 steps: learned ${learned}, sinusoidal ${sinusoidal}, none ${none} of 30`,
  );
  s.dispose();
});
