// The TensorFlow.js peer of npm run bench: the training issue's reference model written with
// tfjs-core ops (V 65, D 64, H 4, L 2, T 64, batch 16, FFN 4D, pre-norm LayerNorm, learned
// positions, tied head, causal mask), timed forward and in Adam training steps on the wasm
// backend (SIMD, one thread) and the cpu backend. Two differences, both in tfjs's favour or
// neutral for speed: GELU uses the tanh form (tfjs has no erf kernel on every backend), and Adam
// has no decoupled weight decay. Embeddings use oneHot(ids) @ E because the wasm backend lacks
// the gradient of gather.
import * as tf from '@tensorflow/tfjs-core';
// tfjs-core registers gradients only on request; its files are extensionless ESM that Node cannot
// import directly, so bench.mjs bundles this script with esbuild first (bundleTfjsBench below).
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '@tensorflow/tfjs-backend-cpu';
import { setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { createRequire } from 'node:module';
import path from 'node:path';

import * as reference from './bench-config.mjs';

const require = createRequire(import.meta.url);
const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm'));

function model({ V, D, F, L, T }) {
  const normal = (shape, std = 0.02) => tf.variable(tf.randomNormal(shape, 0, std, 'float32', 1));
  const zeros = (shape) => tf.variable(tf.zeros(shape));
  const ones = (shape) => tf.variable(tf.ones(shape));
  const p = { E: normal([V, D]), P: normal([T, D]), gf: ones([D]), bf: zeros([D]), layers: [] };
  for (let l = 0; l < L; l++) {
    p.layers.push({
      g1: ones([D]),
      b1: zeros([D]),
      wqkv: normal([D, 3 * D]),
      bqkv: zeros([3 * D]),
      wo: normal([D, D]),
      bo: zeros([D]),
      g2: ones([D]),
      b2: zeros([D]),
      w1: normal([D, F]),
      c1: zeros([F]),
      w2: normal([F, D]),
      c2: zeros([D]),
    });
  }
  return p;
}

// Every tensor of a model, as the optimiser updates them and disposal frees them.
const variables = (p) => [p.E, p.P, p.gf, p.bf, ...p.layers.flatMap((l) => Object.values(l))];

// Written with tfjs's functional ops (tf.add(a, b)): plain tfjs-core registers no chained methods.
const layerNorm = (x, g, b) => {
  const centred = tf.sub(x, tf.mean(x, -1, true));
  return tf.add(tf.mul(tf.mul(centred, tf.rsqrt(tf.add(tf.mean(tf.square(centred), -1, true), 1e-5))), g), b);
};
const gelu = (x) =>
  tf.mul(tf.mul(x, 0.5), tf.add(tf.tanh(tf.mul(tf.add(x, tf.mul(tf.pow(x, 3), 0.044715)), Math.sqrt(2 / Math.PI))), 1));
const dense = (x, w, b) => tf.add(tf.matMul(x, w), b);

// gather: the embedding rows looked up (forward only: the wasm backend cannot differentiate it)
function logits(p, inputs, mask, { V, D, H, B, T }, gather = false) {
  const DH = D / H;
  const ids = tf.reshape(inputs, [-1]);
  const rows = gather ? tf.gather(p.E, ids) : tf.matMul(tf.cast(tf.oneHot(ids, V), 'float32'), p.E);
  let x = tf.add(tf.reshape(rows, [B, T, D]), tf.slice(p.P, [0, 0], [T, D]));
  for (const l of p.layers) {
    const h = tf.reshape(layerNorm(x, l.g1, l.b1), [B * T, D]);
    const qkv = tf.transpose(tf.reshape(dense(h, l.wqkv, l.bqkv), [B, T, 3, H, DH]), [2, 0, 3, 1, 4]);
    const [q, k, v] = tf.unstack(qkv);
    const att = tf.softmax(tf.add(tf.mul(tf.matMul(q, k, false, true), 1 / Math.sqrt(DH)), mask));
    const y = dense(tf.reshape(tf.transpose(tf.matMul(att, v), [0, 2, 1, 3]), [B * T, D]), l.wo, l.bo);
    x = tf.add(x, tf.reshape(y, [B, T, D]));
    const h2 = tf.reshape(layerNorm(x, l.g2, l.b2), [B * T, D]);
    x = tf.add(x, tf.reshape(dense(gelu(dense(h2, l.w1, l.c1)), l.w2, l.c2), [B, T, D]));
  }
  return tf.matMul(tf.reshape(layerNorm(x, p.gf, p.bf), [B * T, D]), p.E, false, true);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function setBackend(backend) {
  if (backend === 'wasm') {
    setWasmPaths({
      'tfjs-backend-wasm.wasm': path.join(wasmDir, 'tfjs-backend-wasm.wasm'),
      'tfjs-backend-wasm-simd.wasm': path.join(wasmDir, 'tfjs-backend-wasm-simd.wasm'),
      'tfjs-backend-wasm-threaded-simd.wasm': path.join(wasmDir, 'tfjs-backend-wasm-threaded-simd.wasm'),
    });
    setThreadsCount(1);
  }
  await tf.setBackend(backend);
  await tf.ready();
  if (tf.getBackend() !== backend) throw new Error(`tfjs fell back to ${tf.getBackend()} instead of ${backend}`);
}

function batchOf({ B, T, V }) {
  const ids = tf.tensor2d(
    Array.from({ length: B * (T + 1) }, (_, i) => (i * 7) % V),
    [B, T + 1],
    'int32',
  );
  const mask = tf.mul(tf.sub(tf.linalg.bandPart(tf.ones([T, T]), -1, 0), 1), 1e9); // 0 kept, -1e9 future
  return { ids, inputs: tf.slice(ids, [0, 0], [B, T]), mask };
}

async function time(backend, warmup, runs) {
  const cfg = reference;
  const { B, T, V } = cfg;
  await setBackend(backend);
  const p = model(cfg);
  const vars = variables(p);
  const { ids, inputs, mask } = batchOf(cfg);
  const targets = tf.cast(tf.oneHot(tf.reshape(tf.slice(ids, [0, 1], [B, T]), [-1]), V), 'float32');
  const opt = tf.train.adam(1e-3);
  const forward = [];
  const train = [];
  for (let i = 0; i < warmup + runs; i++) {
    let t0 = performance.now();
    tf.tidy(() => logits(p, inputs, mask, cfg).dataSync());
    if (i >= warmup) forward.push(performance.now() - t0);
    t0 = performance.now();
    tf.tidy(() =>
      opt.minimize(() => tf.losses.softmaxCrossEntropy(targets, logits(p, inputs, mask, cfg)), true, vars).dataSync(),
    );
    if (i >= warmup) train.push(performance.now() - t0);
  }
  tf.dispose([...vars, ids, inputs, targets, mask]);
  return { forward_ms: median(forward), train_ms: median(train), runs };
}

export async function benchTfjs() {
  return { wasm: await time('wasm', 2, 10), cpu: await time('cpu', 1, 10) };
}

// One forward of `shape` (a sequence of shape.T tokens: the logits of every position) on the wasm
// backend, the embedding gathered: GPT-2 small's shape for scripts/bench.mjs.
export async function benchTfjsForward(shape, runs = 3) {
  const cfg = { ...shape, B: 1, F: 4 * shape.D };
  await setBackend('wasm');
  const p = model(cfg);
  const { ids, inputs, mask } = batchOf(cfg);
  const ms = [];
  for (let i = 0; i < 1 + runs; i++) {
    const t0 = performance.now();
    tf.tidy(() => logits(p, inputs, mask, cfg, true).dataSync());
    if (i > 0) ms.push(performance.now() - t0);
  }
  tf.dispose([...variables(p), ids, inputs, mask]);
  return { forward_ms: median(ms), runs };
}
