// The Open a model panel's protocol (web/models/inspector.js), in Node as the page's worker runs
// it: scoring the heads removes one head a turn, reports each, stops between heads when asked, and
// a refused request says why in the engine's words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from '../../web/engine/index.js';
import { GROUP_SCORE, createInspector } from '../../web/models/inspector.js';
import { groupVerdict } from '../../web/page/views/model/heads.js';

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
  // a model at its initialisation attends evenly: no head reaches GROUP_SCORE, so no group
  assert.deepEqual(r.groups, []);
  const reports = posted.filter((m) => m.type === 'heads-progress');
  assert.deepEqual(
    reports.map((m) => [m.done, m.total]),
    [1, 2, 3, 4, 5, 6].map((k) => [k, 6]),
  );
});

// Every head of a score of at least GROUP_SCORE, by kind, removed together after each alone.
function groupsExpected(tokens, period) {
  const scores = model.headScores(tokens, { period });
  return ['induction', 'previousToken']
    .map((kind) => ({
      kind,
      heads: scores[kind].flatMap((row, l) => row.flatMap((x, h) => (x >= GROUP_SCORE ? [[l, h]] : []))),
    }))
    .filter((g) => g.heads.length)
    .map((g) => ({ ...g, together: model.ablationLoss(tokens, { from: period + 1, heads: g.heads }).together }));
}

test('then each group of heads is removed together, with a report each', async () => {
  // one token four times: an even head puts 1/2, 1/3, 1/4 on the position before, so every head
  // is in both groups
  const tokens = [3, 3, 3, 3];
  const { inspector, posted, next } = opened();
  const done = next('heads');
  inspector({ type: 'heads', tokens, period: 1 });
  const r = await done;
  const expected = groupsExpected(tokens, 1);
  assert.deepEqual(
    expected.map((g) => [g.kind, g.heads.length]),
    [
      ['induction', 6],
      ['previousToken', 6],
    ],
  );
  assert.deepEqual(r.groups, expected);
  assert.deepEqual(
    posted.filter((m) => m.type === 'heads-progress').map((m) => m.done),
    Array.from({ length: 8 }, (_, k) => k + 1),
  );
});

// A reference nanoGPT trained on repeats (2 blocks, 4 heads): the previous-token head
// removed adds 3.8 nats to the loss on the repeat; each of three induction heads removed alone
// adds 0.002 to 0.04 nats, all three together about 4; and a model that does not use a group.
test('what a group’s removals say: one head that matters alone, heads that back each other up, a group not used', () => {
  const base = 0.05;
  const removed = [
    [3.85, 0.06, 0.05, 0.05],
    [0.052, 0.07, 0.09, 0.05],
  ];
  const previous = { heads: [[0, 0]], together: 3.85 };
  assert.deepEqual(groupVerdict(previous, removed, base), { kind: 'alone', head: [0, 0], single: 3.85 });
  const induction = {
    heads: [
      [1, 0],
      [1, 1],
      [1, 2],
    ],
    together: 4.1,
  };
  assert.deepEqual(groupVerdict(induction, removed, base), { kind: 'together', single: 0.09 });
  const unused = {
    heads: [
      [0, 1],
      [0, 2],
    ],
    together: 0.08,
  };
  assert.deepEqual(groupVerdict(unused, removed, base), { kind: 'barely', single: 0.06 });
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
