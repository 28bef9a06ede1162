// The worked examples' numbers do not move: every recorded case (tests/recording/cases.mjs) gives
// this build's engine exactly the doubles, tokens and refusals the recording holds. A change meant
// to alter them re-records with `node scripts/record-examples.mjs` and says why in its commit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { loadEngine } from '../../web/engine/index.js';
import { cases, run } from '../recording/cases.mjs';

const recorded = JSON.parse(readFileSync(new URL('../recording/worked-examples.json', import.meta.url), 'utf8'));
const lab = await loadEngine();
const all = cases(lab);

test('the recording and the cases name the same cases', () => {
  assert.deepEqual(
    all.map(([name]) => name),
    Object.keys(recorded),
  );
  assert.ok(all.length >= 500, `${all.length} cases`);
});

test('every recorded case gives the same numbers, bit for bit', () => {
  for (const [name, fn] of all) assert.deepStrictEqual(run(fn), recorded[name], name);
});
