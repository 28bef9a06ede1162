// Two builds of the wasm engine compared in one run, their benchmark programs interleaved so
// that the machine's load falls on both alike:
//   node scripts/bench-compare.mjs <before-dir> [after-dir=build/wasm] [rounds=4] [--page <before-dist>]
// Each dir holds lab_bench.cjs and lab_train_bench.cjs (a build/wasm of another checkout, built
// by scripts/build.sh bench, or a copy of one). Prints each figure's best over the rounds and the
// ratio after / before (below 1: faster after). Used to show that a size change kept the speed
// (README, Performance).
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

// With --page <before-dist>: the two pages (that dist/ and ours), each on a static gzip host,
// loaded alternately in one Chromium: first engine-computed numbers, cold, and edit times on §7.4.
const pageAt = process.argv.indexOf('--page');
if (pageAt > 0) {
  const { gzipHost, firstNumbers, editTimes, median } = await import('./bench-page.mjs');
  const { launchChromium } = await import('./chromium.mjs');
  const hosts = {
    before: await gzipHost(path.resolve(process.argv[pageAt + 1])),
    after: await gzipHost(path.resolve('dist')),
  };
  const browser = await launchChromium();
  const first = { before: [], after: [] };
  const edit = { before: [], after: [] };
  for (let r = 0; r < rounds; r++)
    for (const side of r % 2 ? ['after', 'before'] : ['before', 'after']) {
      const base = `http://127.0.0.1:${hosts[side].address().port}/`;
      first[side].push((await firstNumbers(browser, base)).ms);
      edit[side].push(median((await editTimes(browser, base)).handled));
    }
  await browser.close();
  Object.values(hosts).forEach((h) => h.close());
  const line = (label, x) =>
    console.log(
      `  ${label.padEnd(28)} ${median(x.before).toFixed(1).padStart(8)} ${median(x.after).toFixed(1).padStart(8)}   after/before ${(median(x.after) / median(x.before)).toFixed(2)}`,
    );
  console.log(`the pages, on a static gzip host, median of ${rounds} interleaved rounds (each a median of 5 loads)`);
  line('first numbers, ms', first);
  line('edit on §7.4, ms', edit);
}
