// Two builds of the wasm engine compared in one run, their benchmark programs interleaved so
// that the machine's load falls on both alike:
//   node scripts/bench-compare.mjs <before-dir> [after-dir=build/wasm] [rounds=4]
// Each dir holds lab_bench.cjs and lab_train_bench.cjs (a build/wasm of another checkout, or a
// copy of one). Prints each figure's best over the rounds and the ratio after / before (below 1:
// faster after). Used to show that a size change kept the speed (README, Performance).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const [before, after = 'build/wasm', roundsArg = '4'] = process.argv.slice(2);
if (!before) {
  console.error('usage: node scripts/bench-compare.mjs <before-dir> [after-dir] [rounds]');
  process.exit(2);
}
const rounds = Number(roundsArg);
const run = (dir, program) =>
  JSON.parse(
    execFileSync(process.execPath, [path.resolve(dir, program)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop(),
  );
const FIGURES = [
  ['lab_bench.cjs', 'median_ms', 'lmForward (double), ms'],
  ['lab_train_bench.cjs', 'train_ms', 'float32 training step, ms'],
  ['lab_train_bench.cjs', 'forward_ms', 'float32 forward, ms'],
  ['lab_train_bench.cjs', 'double_ms', 'double training step, ms'],
];
const best = { before: {}, after: {} };
for (let r = 0; r < rounds; r++)
  for (const [side, dir] of r % 2
    ? [
        ['after', after],
        ['before', before],
      ]
    : [
        ['before', before],
        ['after', after],
      ])
    for (const program of new Set(FIGURES.map((f) => f[0]))) {
      const out = run(dir, program);
      for (const [p, key] of FIGURES)
        if (p === program) best[side][key] = Math.min(best[side][key] ?? Infinity, out[key]);
    }
console.log(`best of ${rounds} interleaved rounds: ${before} (before) and ${after} (after)`);
for (const [, key, label] of FIGURES)
  console.log(
    `  ${label.padEnd(28)} ${best.before[key].toFixed(2).padStart(8)} ${best.after[key].toFixed(2).padStart(8)}   after/before ${(best.after[key] / best.before[key]).toFixed(2)}`,
  );
