// The Open a model panel's protocol (web/models/inspector.js), in Node as the page's worker runs
// it: scoring the heads removes one head a turn, reports each, stops between heads when asked, and
// a refused request says why in the engine's words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from '../../web/engine/index.js';
import { createInspector } from '../../web/models/inspector.js';

const lab = await loadEngine();
const model = lab.createModel({ vocab_size: 11, n_embd: 8, n_head: 2, n_layer: 3, block_size: 12, seed: 4 });
const bytes = model.exportSafetensors();
const repeated = [1, 5, 2, 7, 3, 0, 1, 5, 2, 7, 3, 0];

// An inspector with a model open, and the messages it posts, awaited by type.
function opened() {
  const posted = [];
  const waiting = [];
  const inspector = createInspector(lab, (m) => {
    posted.push(m);
    for (const w of waiting.filter((w) => w.type === m.type)) w.resolve(m);
  });
  inspector({ type: 'open', bytes: new Uint8Array(bytes) });
  const next = (type) => new Promise((resolve) => waiting.push({ type, resolve }));
  return { inspector, posted, next };
}

test('the heads are scored, then removed one a turn with a report each, as the engine gives them', async () => {
  const { inspector, posted, next } = opened();
  const done = next('heads');
  inspector({ type: 'heads', tokens: repeated, period: 6 });
  const r = await done;
  assert.equal(r.stopped, false);
  assert.deepEqual(r.scores, model.headScores(repeated, { period: 6 }));
  for (let l = 0; l < 3; l++)
    for (let h = 0; h < 2; h++)
      assert.equal(r.removed[l][h], model.ablationLoss(repeated, { from: 7, heads: [[l, h]] }).together);
  assert.equal(r.base, model.ablationLoss(repeated, { from: 7 }).base);
  assert.deepEqual(r.losses, model.ablationLoss(repeated, { from: 7 }).losses);
  const reports = posted.filter((m) => m.type === 'heads-progress');
  assert.deepEqual(
    reports.map((m) => [m.done, m.total]),
    [1, 2, 3, 4, 5, 6].map((k) => [k, 6]),
  );
});

test('a stop ends the scoring between heads; the heads not reached stay null', async () => {
  const { inspector, next } = opened();
  const done = next('heads');
  inspector({ type: 'heads', tokens: repeated, period: 6 });
  inspector({ type: 'stop' });
  const r = await done;
  assert.equal(r.stopped, true);
  assert.deepEqual(
    r.removed.flat().map((x) => x !== null),
    [true, false, false, false, false, false],
  );
});

test('a sequence that does not repeat is refused in the engine’s words, and nothing runs', async () => {
  const { inspector, posted } = opened();
  inspector({ type: 'heads', tokens: [1, 5, 2, 1, 5, 3], period: 3 });
  const refused = posted.find((m) => m.type === 'refused');
  assert.equal(refused.request, 'heads');
  assert.equal(refused.code, 'model.notRepeated');
  assert.match(refused.message, /position 5 is not the one 3 positions before it/);
  assert.equal(posted.filter((m) => m.type === 'heads-progress').length, 0);
});
