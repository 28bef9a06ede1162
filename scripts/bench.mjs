// npm run bench: one lmForward on the reference configuration (V 65, D 64, H 4, L 2, T 64,
// batch 16), timed in one run three ways, and reported as ratios (machines here are shared and
// noisy, so absolute times from different runs are not comparable):
//   native   the C++ engine built with g++ -O3 -march=native          (build/native/lab_bench)
//   wasm     the same C++ compiled to wasm (-O3 -msimd128), in Node    (build/wasm/lab_bench.cjs)
//   JS API   lab.lmForward from JavaScript, nested arrays in and out (web/engine), without and
//            with the trace of every intermediate tensor (what the page steps through)
// then a training step, against TensorFlow.js, GPT-2 small's shape, and the induction
// experiment's time to its heads (#/train/induction).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
function run(cmd, args) {
  try {
    return JSON.parse(
      execFileSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
        .trim()
        .split('\n')
        .pop(),
    );
  } catch (e) {
    console.error(
      `bench: ${path.relative(root, args[0] || cmd)} failed: ${String(e.stderr || e.message)
        .split('\n')
        .slice(-3)
        .join(' ')
        .slice(0, 300)}`,
    );
    console.error('bench: build first with npm run build');
    process.exit(1);
  }
}

import { B, D, F, H, L, T, V } from './bench-config.mjs';
const WARMUP = 3,
  RUNS = 15;

async function jsApi(trace) {
  const { loadEngine } = await import(path.join(root, 'web/engine/index.js'));
  const lab = await loadEngine();
  let s = 1234;
  const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32 - 0.5) * 0.04;
  const mat = (r, c) => Array.from({ length: r }, () => Array.from({ length: c }, rnd));
  const vec = (n) => new Array(n).fill(0);
  const params = {
    embedding: mat(V, D),
    positions: mat(T, D),
    blocks: Array.from({ length: L }, () => ({
      attn: { wQKV: mat(D, 3 * D), bQKV: vec(3 * D), wO: mat(D, D), bO: vec(D) },
      ffn: { w1: mat(D, F), b1: vec(F), w2: mat(F, D), b2: vec(D) },
    })),
    finalNorm: { gamma: new Array(D).fill(1), beta: vec(D) },
  };
  const tokens = Array.from({ length: B }, (_, b) => Array.from({ length: T + 1 }, (_, t) => (b * 31 + t * 7) % V));
  const ms = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const t0 = performance.now();
    lab.lmForward(tokens, params, { heads: H, trace });
    if (i >= WARMUP) ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { median_ms: ms[ms.length >> 1], min_ms: ms[0], runs: RUNS };
}

// The two builds of a benchmark program, labelled, in the tables' order.
const builds = (native, wasm) => [
  ['native (g++ -O3 -march=native)', native],
  ['wasm in Node (-O3 -msimd128)', wasm],
];

const native = run(path.join(root, 'build/native/lab_bench'), []);
const wasm = run(process.execPath, [path.join(root, 'build/wasm/lab_bench.cjs')]);
const api = await jsApi(false);
const apiTraced = await jsApi(true);

const rows = [...builds(native, wasm), ['JS API, trace: false', api], ['JS API, with the full trace', apiTraced]];
console.log(
  `lmForward, V=${V} D=${D} H=${H} L=${L} T=${T} batch=${B} (${B * T} tokens), median of ${RUNS} after ${WARMUP} warm-up runs\n`,
);
for (const [name, r] of rows) {
  const tps = Math.round((B * T) / (r.median_ms / 1000));
  console.log(
    `${name.padEnd(34)} ${r.median_ms.toFixed(2).padStart(9)} ms   ${String(tps).padStart(8)} tokens/s   ${(r.median_ms / native.median_ms).toFixed(2)}x native`,
  );
}
console.log(
  `\nwasm / native: ${(wasm.median_ms / native.median_ms).toFixed(2)}   JS API (no trace) / wasm: ${(api.median_ms / wasm.median_ms).toFixed(2)}`,
);

// One training step (forward, backward, AdamW) on the same configuration.
const trainNative = run(path.join(root, 'build/native/lab_train_bench'), []);
const trainWasm = run(process.execPath, [path.join(root, 'build/wasm/lab_train_bench.cjs')]);
console.log(`\nTraining step (forward + backward + AdamW), same configuration, median of ${trainNative.runs}`);
console.log(
  `${''.padEnd(34)} ${'float32 step'.padStart(14)} ${'float32 fwd'.padStart(12)} ${'double step'.padStart(12)} ${'gemm 1024x64x256'.padStart(18)}`,
);
for (const [name, r] of builds(trainNative, trainWasm)) {
  console.log(
    `${name.padEnd(34)} ${r.train_ms.toFixed(1).padStart(11)} ms ${r.forward_ms.toFixed(1).padStart(9)} ms ${r.double_ms.toFixed(1).padStart(9)} ms ${r.gemm_gflops.toFixed(1).padStart(9)} GFLOP/s`,
  );
}
console.log(
  `float32 path / double path speed (wasm): ${(trainWasm.double_ms / trainWasm.train_ms).toFixed(2)}x; ` +
    `wasm matrix product ${trainWasm.gemm_gflops.toFixed(1)} GFLOP/s (target >= 12: ${trainWasm.gemm_gflops >= 12 ? 'met' : `missed by ${(12 / trainWasm.gemm_gflops).toFixed(2)}x`})`,
);
// The TensorFlow.js peer, bundled first (see bench-tfjs.mjs), then run in this process.
mkdirSync(path.join(root, 'build/bench'), { recursive: true });
const tfjsBundle = path.join(root, 'build/bench/bench-tfjs.mjs');
await esbuild.build({
  entryPoints: [path.join(root, 'scripts/bench-tfjs.mjs')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: tfjsBundle,
  logLevel: 'error',
  mainFields: ['module', 'main'], // one (ESM) instance of tfjs-core for gradients and both backends
  // CommonJS names that tfjs's Node code expects, in an ES module.
  banner: {
    js:
      "import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; " +
      "import { dirname as __dn } from 'node:path'; const require = __cr(import.meta.url); " +
      'const __filename = __fu(import.meta.url); const __dirname = __dn(__filename);',
  },
});
const tfjs = await (await import(pathToFileURL(tfjsBundle).href)).benchTfjs();
const tps = (ms) => Math.round((B * T) / (ms / 1000));
const table = [
  ['ours, wasm (float32)', trainWasm.forward_ms, trainWasm.train_ms],
  ['ours, native (float32)', trainNative.forward_ms, trainNative.train_ms],
  ['tfjs-wasm (SIMD, 1 thread)', tfjs.wasm.forward_ms, tfjs.wasm.train_ms],
  ['tfjs-cpu', tfjs.cpu.forward_ms, tfjs.cpu.train_ms],
];
console.log('\nAgainst TensorFlow.js 4.22 in Node, same model (tokens/s; ratio = ours wasm / theirs)');
console.log(
  `${''.padEnd(28)} ${'forward'.padStart(10)} ${'training'.padStart(10)} ${'ratio fwd'.padStart(10)} ${'ratio train'.padStart(12)}`,
);
for (const [name, f, t] of table) {
  console.log(
    `${name.padEnd(28)} ${String(tps(f)).padStart(10)} ${String(tps(t)).padStart(10)} ${(f / trainWasm.forward_ms).toFixed(2).padStart(10)} ${(t / trainWasm.train_ms).toFixed(2).padStart(12)}`,
  );
}
const vsTfjs = tfjs.wasm.train_ms / trainWasm.train_ms;
console.log(
  `training: ours wasm is ${vsTfjs.toFixed(2)}x tfjs-wasm (target >= 5: ${vsTfjs >= 5 ? 'met' : `missed by ${(5 / vsTfjs).toFixed(2)}x`}); ours wasm / ours native speed ${(trainNative.train_ms / trainWasm.train_ms).toFixed(2)} (target >= 0.4)`,
);
// GPT-2 small's shape (tests/bench/gpt2_bench.cpp): a 64-token forward against TensorFlow.js's
// wasm backend, a cached token against that forward, and where the forward's time goes.
const gpt2Shape = { V: 50257, D: 768, H: 12, L: 12, T: 64 };
const gpt2Native = run(path.join(root, 'build/native/lab_gpt2_bench'), []);
const gpt2Wasm = run(process.execPath, [path.join(root, 'build/wasm/lab_gpt2_bench.cjs')]);
const { benchTfjsForward } = await import(pathToFileURL(tfjsBundle).href);
const gpt2Tfjs = await benchTfjsForward(gpt2Shape);
console.log(
  `\nGPT-2 small's shape (L ${gpt2Shape.L}, H ${gpt2Shape.H}, D ${gpt2Shape.D}, V ${gpt2Shape.V}; random float32 weights), a ${gpt2Shape.T}-token prompt`,
);
console.log(
  `${''.padEnd(34)} ${'forward'.padStart(10)} ${'prompt + 1st'.padStart(13)} ${'next token'.padStart(11)} ${'token/fwd'.padStart(10)}`,
);
for (const [name, r] of builds(gpt2Native, gpt2Wasm)) {
  console.log(
    `${name.padEnd(34)} ${r.forward_ms.toFixed(0).padStart(7)} ms ${r.prompt_ms.toFixed(0).padStart(10)} ms ${r.token_ms.toFixed(1).padStart(8)} ms ${(r.token_ms / r.forward_ms).toFixed(3).padStart(10)}`,
  );
}
console.log(`${'tfjs-wasm (SIMD, 1 thread)'.padEnd(34)} ${gpt2Tfjs.forward_ms.toFixed(0).padStart(7)} ms`);
// Open a model's heads part: the scores in one pass, then each head removed in turn (a pass
// with its loss each, against the model as it is), L H of them.
for (const [name, r] of builds(gpt2Native, gpt2Wasm))
  console.log(
    `${name.padEnd(34)} heads' scores ${r.heads_ms.toFixed(0)} ms; one head removed ${r.removal_ms.toFixed(0)} ms (${(r.removal_ms / r.forward_ms).toFixed(2)} forwards); all ${gpt2Shape.L * gpt2Shape.H} heads ${((gpt2Shape.L * gpt2Shape.H * r.removal_ms) / 1000).toFixed(0)} s`,
  );
const tokenShare = gpt2Wasm.token_ms / gpt2Wasm.forward_ms;
const vsTfjsForward = gpt2Tfjs.forward_ms / gpt2Wasm.forward_ms;
console.log(
  `a cached token costs ${(100 * tokenShare).toFixed(1)} % of a forward (target <= 5 %: ${tokenShare <= 0.05 ? 'met' : 'missed'}); ` +
    `the forward is ${vsTfjsForward.toFixed(2)}x tfjs-wasm's (target >= 4: ${vsTfjsForward >= 4 ? 'met' : `missed by ${(4 / vsTfjsForward).toFixed(2)}x`})`,
);
// A clocked product's rate: (M, K) @ (K, N) is 2 M K N flops, `calls` times.
const gflops = (p) => (2 * p.M * p.K * p.N * p.calls) / (p.ms * 1e6);
// Where a pass's time goes, from the clocked run of it: each product by shape, then the rest.
function breakdown(title, totalMs, products) {
  console.log(`\n${title} (${totalMs.toFixed(1)} ms, every product clocked inside it)`);
  const share = (ms) => `(${((100 * ms) / totalMs).toFixed(0)} %)`.padStart(7);
  for (const p of products) {
    const rate =
      p.M > 1
        ? `${gflops(p).toFixed(1)} GFLOP/s`
        : `${((4 * p.K * p.N * p.calls) / (p.ms * 1e6)).toFixed(1)} GB/s of weights read`;
    console.log(
      `  ${`${p.name} (${p.M} x ${p.K} @ ${p.K} x ${p.N}) x ${p.calls}`.padEnd(40)} ${p.ms.toFixed(1).padStart(7)} ms ${share(p.ms)}  ${rate}`,
    );
  }
  const rest = totalMs - products.reduce((sum, p) => sum + p.ms, 0);
  console.log(
    `  ${'the rest: attention, norms, GELU, softmax'.padEnd(40)} ${rest.toFixed(1).padStart(7)} ms ${share(rest)}`,
  );
}
breakdown('Where the wasm forward goes', gpt2Wasm.forward_clocked_ms, gpt2Wasm.forward_products);
breakdown('Where a wasm cached token goes', gpt2Wasm.token_clocked_ms, gpt2Wasm.token_products);
const best = Math.max(...gpt2Wasm.forward_products.map(gflops));
console.log(
  `the product reaches ${best.toFixed(1)} GFLOP/s, ${((100 * best) / gpt2Wasm.peak_gflops).toFixed(0)} % of this machine's ${gpt2Wasm.peak_gflops.toFixed(1)} GFLOP/s for wasm SIMD multiply-adds from registers (native: ${gpt2Native.peak_gflops.toFixed(1)})`,
);

// The induction experiment (#/train/induction) as the training panel's worker runs it: its
// session's steps (both runs) with a validation and the heads' scores every 20 steps, in this
// process's wasm; times the step at which the heads formed in scripts/train-induction.mjs's run
// of the same session (recorded in the model file it wrote): how long a page on this machine
// takes to show them.
async function inductionBench() {
  const { loadEngine } = await import(path.join(root, 'web/engine/index.js'));
  const { createSession } = await import(path.join(root, 'web/training/session.js'));
  const { EVAL_EVERY } = await import(path.join(root, 'web/training/trainer.js'));
  const lab = await loadEngine();
  const session = createSession(lab, { experiment: 'induction' });
  // EVAL_EVERY steps, then what the trainer reports with them: validation, every run's attention
  // and the heads' scores; samples come every 100 steps, once in 5 such cycles
  const cycles = [];
  for (let c = 0; c < 1 + 5; c++) {
    const t0 = performance.now();
    for (let i = 0; i < EVAL_EVERY; i++) session.trainStep();
    session.validate();
    session.runIds.forEach((_, i) => session.inspect(i));
    session.headScores();
    if (c === 5) session.samples();
    if (c > 0) cycles.push((performance.now() - t0) / EVAL_EVERY); // the first cycle warms up
  }
  const { setup, runIds } = session;
  session.dispose();
  const file = JSON.parse(readFileSync(path.join(root, 'web/handouts/self-attention/models/induction.json'), 'utf8'));
  const tokens = runIds.length * setup.batch * setup.T; // a step of every run
  return { setup, step_ms: cycles.sort((a, b) => a - b)[2], tokens, formed_at: file.formedAt };
}
const induction = await inductionBench();
const inductionMinutes = (induction.step_ms * induction.formed_at) / 60000;
// What a student waits for at most, on one core, before the heads form in the page.
const INDUCTION_TARGET_MINUTES = 4;
{
  const { D, heads, layers, T, batch } = induction.setup;
  console.log(
    `\nThe induction experiment (its run and the control: D ${D}, ${heads} heads, ${layers} blocks of attention alone, T ${T}, batch ${batch}), in Node's wasm on one core:`,
  );
}
console.log(
  `a step of both runs ${induction.step_ms.toFixed(0)} ms (${Math.round(induction.tokens / (induction.step_ms / 1000)).toLocaleString('en')} tokens/s); ` +
    `the heads formed at step ${induction.formed_at} of scripts/train-induction.mjs's run: ${inductionMinutes.toFixed(1)} min ` +
    `(target <= ${INDUCTION_TARGET_MINUTES}: ${inductionMinutes <= INDUCTION_TARGET_MINUTES ? 'met' : `missed by ${(inductionMinutes / INDUCTION_TARGET_MINUTES).toFixed(2)}x`})`,
);

const results = path.join(root, 'build/bench/results.json');
writeFileSync(
  results,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      config: { V, D, H, L, T, B },
      native,
      wasm,
      api,
      apiTraced,
      trainNative,
      trainWasm,
      tfjs,
      gpt2: { shape: gpt2Shape, native: gpt2Native, wasm: gpt2Wasm, tfjs: gpt2Tfjs },
      induction,
    },
    null,
    2,
  ),
);
console.log(`(written to ${path.relative(root, results)})`);

// The page's part in a process of its own: TensorFlow.js's backends stay loaded in this one and
// slowed the browser's first numbers by a third in one run (507 ms against 376 ms here).
execFileSync(process.execPath, [path.join(root, 'scripts/bench-page.mjs')], { cwd: root, stdio: 'inherit' });
