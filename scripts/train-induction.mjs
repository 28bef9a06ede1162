// Trains the model the induction experiment offers already trained (#/train/induction): the
// experiment's repeating run, stepped by the training panel's own session (the same settings,
// seed and batches as in the page, so the page reaches the same numbers at the same step), its
// heads scored every 20 steps as the page scores them, then checked: block 0 has a previous-token
// head and block 1 an induction head, as the engine scores them on a stretch of 32 distinct
// tokens typed twice. Writes its saved file, numbers to float32's 9 significant digits (which
// read back to the same float32), with the step at which the heads formed (`formedAt`, which
// npm run bench reads), to web/handouts/self-attention/models/induction.json, which the page
// fetches only when a student asks for it.
//   node scripts/train-induction.mjs [steps]      (default 3,000: 6.1 M tokens a run)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../web/engine/index.js';
import { createSession } from '../web/training/session.js';
import { headsFormed } from '../web/training/experiments.js';
import { EVAL_EVERY } from '../web/training/trainer.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'web/handouts/self-attention/models/induction.json');
const steps = Number(process.argv[2] ?? 3000);
if (!Number.isInteger(steps) || steps < 1) {
  console.error(`steps must be a whole number of at least 1, got ${JSON.stringify(process.argv[2])}`);
  process.exit(1);
}
const SCORE_EVERY = EVAL_EVERY; // as the page's trainer validates and scores

const lab = await loadEngine();
const session = createSession(lab, { experiment: 'induction' });
const started = performance.now();
let formedAt = null;
for (let i = 1; i <= steps; i++) {
  const { losses } = session.trainStep();
  if (formedAt === null && i % SCORE_EVERY === 0) {
    const [s] = session.headScores();
    if (headsFormed('induction', s)) {
      formedAt = i;
      console.log(
        `step ${i}: the heads formed (previous-token ${s.previousToken.toFixed(2)}, induction ${s.induction.toFixed(2)})`,
      );
    }
  }
  if (i % 250 === 0 || i === steps)
    console.log(
      `step ${i}: loss ${losses.map((l) => l.toFixed(3)).join(' / ')} (${session.runIds.join(' / ')}), ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
}
const saved = session.save(0);
const model = lab.loadModel(saved);
const stretch = Array.from({ length: 32 }, (_, i) => (i * 37) % 64); // 32 distinct ids
const scores = model.headScores([...stretch, ...stretch], { period: 32 });
model.delete();
session.dispose();
const previous = Math.max(...scores.previousToken[0]);
const induction = Math.max(...scores.induction[1]);
console.log(
  `block 0's best previous-token score ${previous.toFixed(2)}, block 1's best induction score ${induction.toFixed(2)}`,
);
if (!headsFormed('induction', { previousToken: previous, induction })) {
  console.error(`no induction circuit after ${steps} steps: nothing written; train longer`);
  process.exit(1);
}
const json = JSON.stringify({ ...saved, corpus: 'repeats', steps, formedAt }, (key, value) =>
  typeof value === 'number' && !Number.isInteger(value) ? Number(value.toPrecision(9)) : value,
);
writeFileSync(out, json);
console.log(`wrote ${path.relative(root, out)}: ${json.length.toLocaleString('en')} bytes`);
