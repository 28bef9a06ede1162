// The public JS API (package.json "main"), called the way outside code calls it: every function,
// every option, the error paths, and memory after many calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { retrieval, toyModel, toyOptions, toyTokens } from '../../web/handouts/self-attention/examples/handout.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url)));
const { loadEngine, loadExtras } = await import(new URL(`../../${pkg.main}`, import.meta.url));
const lab = await loadEngine();

const ln2 = Math.log(2);
const ln8 = Math.log(8);

// Every number within `tol` (relative above 1, absolute below), with the path of the first miss.
function close(got, want, tol = 1e-12, where = 'value') {
  if (typeof want === 'number') {
    assert.equal(typeof got, 'number', `${where}: got ${typeof got}`);
    assert.ok(Math.abs(got - want) <= tol * Math.max(1, Math.abs(want)), `${where}: got ${got}, want ${want}`);
    return;
  }
  assert.ok(Array.isArray(got), `${where}: got ${typeof got}, want an array`);
  assert.equal(got.length, want.length, `${where}: length`);
  want.forEach((w, i) => close(got[i], w, tol, `${where}[${i}]`));
}

const shape = (a) => (Array.isArray(a) ? [a.length, ...shape(a[0])] : []);

// Seeded numbers for random-looking inputs (a tiny LCG; the values only need to be fixed).
function numbers(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
}
function randomMatrix(rows, cols, seed, scale = 1) {
  const next = numbers(seed);
  return Array.from({ length: rows }, () => Array.from({ length: cols }, () => scale * next()));
}

test('in Node the one module has every part: loadExtras resolves to the same lab, with problems and models', async () => {
  const more = await loadExtras();
  assert.equal(more, lab);
  assert.equal(await loadExtras(), more);
  for (const fn of ['families', 'generate', 'check', 'solution', 'checkValue'])
    assert.equal(typeof more.practice[fn], 'function', fn);
  assert.equal(typeof more.createModel, 'function');
  assert.equal(more.practice.generate('retrieval', 0).id, 'retrieval');
});

test('loadEngine resolves once to the same lab', async () => {
  assert.equal(await loadEngine(), lab);
  for (const name of [
    'softmax',
    'attention',
    'multiHeadAttention',
    'layerNorm',
    'rmsNorm',
    'feedForward',
    'block',
    'sinusoidalPositions',
    'lmForward',
    'crossEntropy',
    'generate',
    'paramCount',
  ]) {
    assert.equal(typeof lab[name], 'function', name);
  }
});

test('softmax: §3.1 saturation and scaling, any rank, no overflow', () => {
  close(lab.softmax([0, 8]), [1 / (1 + Math.exp(8)), Math.exp(8) / (1 + Math.exp(8))]);
  close(lab.softmax([0, 8 / Math.sqrt(64)]), [0.2689414213699951, 0.7310585786300049]);
  close(lab.softmax([1e3, -1e3]), [1, 0], 0);
  const p = lab.softmax([[[1, 2, 3]], [[0, 0, 0]]]);
  assert.deepEqual(shape(p), [2, 1, 3]);
  close(p[1][0], [1 / 3, 1 / 3, 1 / 3]);
});

test('attention: §2.1 retrieval gives scores [ln 2, 0, 0], weights [1/2, 1/4, 1/4], output [2, 1.5]', () => {
  const r = lab.attention(retrieval.q, retrieval.k, retrieval.v);
  close(r.scores, [[ln2, 0, 0]]);
  close(r.weights, [[0.5, 0.25, 0.25]]);
  close(r.output, [[2, 1.5]]);
});

test('attention options: causal, an explicit mask, a custom scale', () => {
  const Q = [[1], [0], [1]];
  const K = [[ln2], [0], [ln2]];
  const X = [
    [1, 0],
    [0, 1],
    [1, 1],
  ];
  const causal = lab.attention(Q, K, X, { causal: true, scale: 1 });
  close(causal.weights, [
    [1, 0, 0],
    [0.5, 0.5, 0],
    [0.4, 0.2, 0.4],
  ]);
  close(causal.output, [
    [1, 0],
    [0.5, 0.5],
    [0.8, 0.6],
  ]);
  close(causal.scores[0], [ln2, 0, ln2]); // the future entries are reported before masking
  const tril = [
    [true, false, false],
    [true, true, false],
    [true, true, true],
  ];
  close(lab.attention(Q, K, X, { mask: tril, scale: 1 }).weights, causal.weights);
  const scaled = lab.attention(Q, K, X, { scale: 2 });
  close(scaled.scores[0], [2 * ln2, 0, 2 * ln2]);
});

test('attention: 1 and 2 leading batch axes, Tq != Tk, d_v != d_k', () => {
  const q = [[[1, 0, 0]], [[0, 1, 0]]]; // [B=2][Tq=1][dk=3]
  const k = [randomMatrix(4, 3, 1), randomMatrix(4, 3, 2)];
  const v = [randomMatrix(4, 5, 3), randomMatrix(4, 5, 4)];
  const r = lab.attention(q, k, v);
  assert.deepEqual(shape(r.weights), [2, 1, 4]);
  assert.deepEqual(shape(r.output), [2, 1, 5]);
  close(r.output[1], lab.attention(q[1], k[1], v[1]).output); // items do not mix
  const r4 = lab.attention([q, q], [k, k], [v, v]);
  assert.deepEqual(shape(r4.output), [2, 2, 1, 5]);
  close(r4.output[1][0], r.output[0]);
});

test('multiHeadAttention: §4.1 two heads give [2, 0.6] and [0.6, 2]; concatenation is not averaging', () => {
  const x = [
    [1, 0, 2, 0],
    [0, 1, 0, 2],
    [0, 0, 4, 4],
  ];
  const params = {
    wQ: [
      [1, 1],
      [0, 0],
      [0, 0],
      [0, 0],
    ],
    wK: [
      [ln8, 0],
      [0, ln8],
      [0, 0],
      [0, 0],
    ],
    wV: [
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [1, 0, 1, 0],
      [0, 1, 0, 1],
    ],
  };
  const r = lab.multiHeadAttention(x, params, { heads: 2 });
  assert.deepEqual(shape(r.weights), [2, 3, 3]);
  close(r.weights[0][0], [0.8, 0.1, 0.1]);
  close(r.weights[1][0], [0.1, 0.8, 0.1]);
  close(r.heads[0][0], [2, 0.6]);
  close(r.heads[1][0], [0.6, 2]);
  close(r.concat[0], [2, 0.6, 0.6, 2]);
  const identity = [
    [1, 0, 0, 0],
    [0, 1, 0, 0],
    [0, 0, 1, 0],
    [0, 0, 0, 1],
  ];
  close(lab.multiHeadAttention(x, { ...params, wO: identity }, { heads: 2 }).output[0], [2, 0.6, 0.6, 2]);
});

test('multiHeadAttention: §4.2 fused W_QKV with biases equals separate projections, batched', () => {
  const D = 6;
  const sep = {
    wQ: randomMatrix(D, D, 11),
    wK: randomMatrix(D, D, 12),
    wV: randomMatrix(D, D, 13),
    wO: randomMatrix(D, D, 14),
    bQ: randomMatrix(1, D, 15)[0],
    bK: randomMatrix(1, D, 16)[0],
    bV: randomMatrix(1, D, 17)[0],
    bO: randomMatrix(1, D, 18)[0],
  };
  const fused = {
    wQKV: sep.wQ.map((row, i) => [...row, ...sep.wK[i], ...sep.wV[i]]),
    bQKV: [...sep.bQ, ...sep.bK, ...sep.bV],
    wO: sep.wO,
    bO: sep.bO,
  };
  const x = [randomMatrix(4, D, 19), randomMatrix(4, D, 20)];
  const a = lab.multiHeadAttention(x, sep, { heads: 3, causal: true });
  const b = lab.multiHeadAttention(x, fused, { heads: 3, causal: true });
  assert.deepEqual(shape(a.weights), [2, 3, 4, 4]);
  assert.deepEqual(shape(a.heads), [2, 3, 4, 2]);
  close(b.output, a.output, 1e-12);
  assert.ok(lab.checks.fusedVsSeparateGap(x, sep, { heads: 3 }) < 1e-12);
});

test('layerNorm and rmsNorm normalise each token across its features', () => {
  const s = Math.sqrt(2 / 3 + 1e-5);
  close(lab.layerNorm([[1, 2, 3]], [1, 1, 1], [0, 0, 0]), [[-1 / s, 0, 1 / s]]);
  const t = Math.sqrt(1.5 / (1 + 1.5e-12));
  close(lab.layerNorm([1, 2, 3], [2, 2, 2], [1, 1, 1], 1e-12), [1 - 2 * t, 1, 1 + 2 * t]);
  // eps = 0 would divide by 0 on a constant row (every row, when D = 1): refused, with the reason.
  assert.throws(() => lab.layerNorm([[3]], [1], [0], 0), /layerNorm: eps must be a finite number > 0, got 0/);
  assert.throws(() => lab.rmsNorm([[0, 0]], [1, 1], 0), /rmsNorm: eps must be a finite number > 0/);
  close(lab.layerNorm([[3]], [1], [0.5]), [[0.5]]);
  const rms = Math.sqrt(12.5 + 1e-5);
  close(lab.rmsNorm([[3, 4]], [1, 2]), [[3 / rms, 8 / rms]]);
});

test('feedForward: activations (GELU exact by default) and the gated form', () => {
  const p = { w1: [[1]], w2: [[1]] };
  close(lab.feedForward([[1]], p).output, [[0.8413447460685429]], 1e-14);
  close(lab.feedForward([[1]], p, { activation: 'gelu' }).output, [[0.8413447460685429]], 1e-14);
  close(lab.feedForward([[-1]], p, { activation: 'relu' }).output, [[0]]);
  close(lab.feedForward([[1]], p, { activation: 'gelu_tanh' }).output, [[0.8411919906082768]], 1e-14);
  close(lab.feedForward([[1]], p, { activation: 'silu' }).output, [[0.7310585786300049]], 1e-14);
  const gated = lab.feedForward(
    [[1, 2]],
    { w1: [[1], [0]], wGate: [[0], [3]], w2: [[2]] },
    { activation: 'relu', gated: true },
  );
  close(gated.output, [[1 * 6 * 2]]);
  // §7.4's FFN (W_1 = I, W_2 = I / 2) on its attention outputs
  close(
    lab.feedForward(
      [
        [2, 0],
        [0.5, 1.5],
      ],
      toyModel.blocks[0].ffn,
      { activation: 'relu' },
    ).output,
    [
      [1, 0],
      [0.25, 0.75],
    ],
  );
});

test('block: §7.4 without norms gives H = 1.5 U; pre and post differ; RMSNorm takes {gain}', () => {
  const x = [
    [1, 0],
    [0, 1],
    [1, 1],
  ];
  const p = toyModel.blocks[0];
  const r = lab.block(x, p, { heads: 1, norm: 'none', activation: 'relu' });
  close(r.output, [
    [3, 0],
    [0.75, 2.25],
    [2.7, 2.4],
  ]);
  // without norms the trace starts at the fused projection and its q, k, v
  assert.deepEqual(r.trace.map((s) => s.name).slice(0, 4), ['block.qkv', 'block.q', 'block.k', 'block.v']);
  assert.ok(r.trace.every((s) => typeof s.formula === 'string' && s.formula.length > 0));
  const pre = lab.block(x, p, { activation: 'relu' }).output;
  const post = lab.block(x, p, { activation: 'relu', arrangement: 'post' }).output;
  assert.notDeepEqual(pre, post);
  const rms = lab.block(x, { ...p, norm1: { gain: [1, 2] }, norm2: { gain: [1, 1] } }, { norm: 'rms' });
  assert.deepEqual(shape(rms.output), [3, 2]);
});

test('sinusoidalPositions: sin on even features, cos on odd', () => {
  const pe = lab.sinusoidalPositions(3, 4);
  close(pe[0], [0, 1, 0, 1]);
  close(pe[2], [Math.sin(2), Math.cos(2), Math.sin(2 / 100), Math.cos(2 / 100)], 1e-14);
});

test('lmForward: §7.4 from embeddings to the mean loss 3.02041 nats', () => {
  const r = lab.lmForward(toyTokens, toyModel, toyOptions);
  close(r.logits, [
    [3, 0, -3],
    [0.75, 2.25, -3],
    [2.7, 2.4, -5.1],
  ]);
  close(
    r.probs,
    [
      [0.95033, 0.047314, 0.002356],
      [0.181646, 0.814082, 0.004272],
      [0.574307, 0.425457, 0.000235],
    ],
    5e-7,
  );
  close(r.losses, [3.050945763522998, 5.455694338259885, 0.5545905859660953]);
  close(r.loss, 3.0204102292496593);
  const step = (name) => r.trace.find((s) => s.name === name);
  close(step('x').values, [
    [1, 0],
    [0, 1],
    [1, 1],
  ]);
  close(step('block0.weights').values, [
    [
      [1, 0, 0],
      [0.5, 0.5, 0],
      [0.4, 0.2, 0.4],
    ],
  ]);
  close(step('block0.residual1').values, [
    [2, 0],
    [0.5, 1.5],
    [1.8, 1.6],
  ]);
  assert.equal(step('loss').values, r.loss);
});

test('lmForward: a batch [B][T+1], a tied head, sinusoidal positions, maskBlocks', () => {
  const batch = lab.lmForward([toyTokens, [2, 1, 0, 1]], toyModel, toyOptions);
  assert.deepEqual(shape(batch.logits), [2, 3, 3]);
  close(batch.losses[0], lab.lmForward(toyTokens, toyModel, toyOptions).losses);
  const { head, ...tied } = toyModel;
  const t = lab.lmForward(toyTokens, tied, toyOptions);
  close(t.logits[0], [3, 0, 1.5]); // h0 = [3, 0] against E's rows
  const { positions, ...noTable } = toyModel;
  const sin = lab.lmForward(toyTokens, noTable, { ...toyOptions, positions: 'sinusoidal' });
  assert.equal(sin.logits.length, 3);
  const leaky = lab.lmForward(toyTokens, toyModel, { ...toyOptions, maskBlocks: [false] });
  assert.notEqual(leaky.loss, batch.losses[0][0]);
  close(leaky.trace.find((s) => s.name === 'block0.weights').values[0][0], [0.4, 0.2, 0.4]);
});

test('lmForward takes §2.2’s interventions: a hidden first token is read by no later position', () => {
  const base = lab.lmForward(toyTokens, toyModel, toyOptions);
  const hidden = lab.lmForward(toyTokens, toyModel, { ...toyOptions, hideTokens: [0] });
  // position 1 and 2 no longer read key 0: their attention rows hold nothing at column 0
  const weights = hidden.trace.find((s) => s.name === 'block0.weights').values[0];
  assert.deepEqual(
    weights.slice(1).map((row) => row[0]),
    [0, 0],
  );
  assert.deepEqual(hidden.logits[0], base.logits[0]); // position 0 reads itself as before
  const ablated = lab.lmForward(toyTokens, toyModel, { ...toyOptions, ablateHeads: [[0, 0]] });
  assert.notDeepEqual(ablated.logits, base.logits);
  assert.throws(() => lab.lmForward(toyTokens, toyModel, { ...toyOptions, ablateHeads: [[1, 0]] }), {
    code: 'model.ablateHeads',
  });
  assert.throws(() => lab.lmForward(toyTokens, toyModel, { ...toyOptions, hideTokens: [3] }), {
    code: 'model.position',
  });
});

test('lmForward with trace: false gives the same numbers and no trace', () => {
  const full = lab.lmForward(toyTokens, toyModel, toyOptions);
  const bare = lab.lmForward(toyTokens, toyModel, { ...toyOptions, trace: false });
  assert.deepEqual(bare.trace, []);
  assert.deepEqual(bare.logits, full.logits);
  assert.equal(bare.loss, full.loss);
});

test('crossEntropy: losses are logsumexp minus the target logit, in nats', () => {
  const r = lab.crossEntropy(
    [
      [0, 0],
      [1, 3],
    ],
    [1, 0],
  );
  close(r.losses, [ln2, Math.log(Math.exp(1) + Math.exp(3)) - 1]);
  close(r.loss, (r.losses[0] + r.losses[1]) / 2);
});

test('generate: §7.1 greedy gives A after A B C; sampling is reproducible from the seed', () => {
  const g = lab.generate([0, 1, 2], toyModel, { ...toyOptions, steps: 1 });
  assert.deepEqual(g.tokens, [0, 1, 2, 0]);
  assert.equal(g.steps[0].u, null);
  close(g.steps[0].logits, [2.7, 2.4, -5.1]);
  const D = 4;
  const model = {
    embedding: randomMatrix(5, D, 1, 2),
    positions: randomMatrix(12, D, 2),
    blocks: [
      {
        attn: {
          wQ: randomMatrix(D, D, 3),
          wK: randomMatrix(D, D, 4),
          wV: randomMatrix(D, D, 5),
          wO: randomMatrix(D, D, 6),
        },
        ffn: { w1: randomMatrix(D, 8, 7), w2: randomMatrix(8, D, 8) },
      },
    ],
  };
  const a = lab.generate([1], model, { heads: 2, steps: 10, temperature: 1.5, seed: 7 });
  const b = lab.generate([1], model, { heads: 2, steps: 10, temperature: 1.5, seed: 7 });
  assert.deepEqual(a.tokens, b.tokens);
  assert.equal(a.tokens.length, 11);
  for (const s of a.steps) {
    assert.ok(s.u >= 0 && s.u < 1);
    assert.equal(
      s.token,
      s.cumulative.findIndex((c) => s.u < c),
    );
  }
  const eos = a.tokens[3];
  const stopped = lab.generate([1], model, { heads: 2, steps: 10, temperature: 1.5, seed: 7, eos });
  assert.equal(stopped.ended, true);
  assert.equal(stopped.tokens.at(-1), eos);

  // Handout #12's cache: the same tokens and probabilities, bit for bit, for fewer multiply-adds.
  const cached = lab.generate([1], model, { heads: 2, steps: 10, temperature: 1.5, seed: 7, cache: true });
  assert.deepEqual(cached.tokens, a.tokens);
  cached.steps.forEach((s, i) => {
    assert.deepEqual(s.probs, a.steps[i].probs);
    assert.deepEqual(s.logits, a.steps[i].logits);
    assert.equal(s.cachedNumbers, 2 * 1 * (s.position + 1) * D, '2 L T D');
    if (i > 0) assert.ok(s.cachedMultiplyAdds < s.naiveMultiplyAdds);
  });
  assert.throws(
    () => lab.generate([1], model, { heads: 2, steps: 3, cache: true, causal: false }),
    /cache: block 0 has no causal mask/,
  );
  assert.throws(() => lab.generate([1], model, { heads: 2, cache: 'yes' }), /cache/);
});

const shapeOf = (a) => (Array.isArray(a) ? [a.length, ...shapeOf(a[0])] : []);

test('decoderBlock: §9.4 gives PyTorch’s nn.TransformerDecoderLayer output; cross-attention weights are [B, H, T_dec, T_enc]', () => {
  // The weights of tests/reference/torch_decoder_layer.py (and test_decoder.cpp).
  const w = (r, c, seed) =>
    Array.from({ length: r }, (_, i) => Array.from({ length: c }, (_, j) => Math.sin(seed + 0.7 * i + 1.3 * j) / 2));
  const v = (n, seed) => Array.from({ length: n }, (_, i) => Math.cos(seed + 0.9 * i) / 4);
  const attn = (seed) => ({
    wQ: w(4, 4, seed),
    wK: w(4, 4, seed + 1),
    wV: w(4, 4, seed + 2),
    bQ: v(4, seed + 3),
    bK: v(4, seed + 4),
    bV: v(4, seed + 5),
    wO: w(4, 4, seed + 6),
    bO: v(4, seed + 7),
  });
  const norm = (k) => ({ gamma: v(4, 40 + k).map((g) => 1 + g), beta: v(4, 50 + k) });
  const params = {
    selfAttn: attn(10),
    crossAttn: attn(20),
    ffn: { w1: w(4, 8, 30), b1: v(8, 31), w2: w(8, 4, 32), b2: v(4, 33) },
    norm1: norm(0),
    norm2: norm(1),
    norm3: norm(2),
  };
  const batch = (t, seed) =>
    [0, 1].map((b) =>
      w(2 * t, 4, seed)
        .slice(b * t, (b + 1) * t)
        .map((r) => r.map((x) => 2 * x)),
    );
  const x = batch(3, 1);
  const memory = batch(4, 2);
  const r = lab.decoderBlock(x, memory, params, { heads: 2, arrangement: 'post', activation: 'relu' });
  const torchPost = [0.771698638460983, 0.725623186572243, -0.463857487153875, -1.92331073522918];
  r.output[0][0].forEach((y, i) => assert.ok(Math.abs(y - torchPost[i]) < 1e-12, `${y} vs ${torchPost[i]}`));
  assert.deepEqual(shapeOf(r.crossWeights), [2, 2, 3, 4]);
  assert.deepEqual(shapeOf(r.selfWeights), [2, 2, 3, 3]);
  assert.equal(r.selfWeights[0][0][0][1], 0, 'the self-attention is causal');
  assert.ok(
    r.crossWeights[0][0][0].every((a) => a > 0),
    'cross-attention reads every encoder position',
  );
  assert.throws(() => lab.decoderBlock(x, memory.slice(0, 1), params, { heads: 2 }), /decoderBlock: .*same leading/);
  const { wQ, wK, wV, bQ, bK, bV, ...rest } = params.crossAttn;
  const fused = { ...rest, wQKV: wQ.map((row, i) => [...row, ...wK[i], ...wV[i]]) };
  assert.throws(
    () => lab.decoderBlock(x, memory, { ...params, crossAttn: fused }, { heads: 2 }),
    /crossAttn needs separate wQ, wK and wV/,
  );
});

test('paramCount: §4 gives 256 at D = 8 for H = 1, 2, 4, 8; biases, positions, tying', () => {
  for (const heads of [1, 2, 4, 8])
    assert.equal(lab.paramCount({ D: 8, heads, attentionOnly: true, bias: false }).total, 256);
  assert.equal(lab.paramCount({ D: 8, heads: 2, attentionOnly: true }).total, 256 + 32);
  const base = { vocab: 65, D: 64, heads: 4, layers: 2, maxT: 64 };
  const learned = lab.paramCount({ ...base, positions: 'learned' });
  const sinusoidal = lab.paramCount({ ...base, positions: 'sinusoidal' });
  assert.equal(learned.total - sinusoidal.total, 64 * 64);
  assert.equal(lab.paramCount({ ...base, positions: 'sinusoidal', tied: false }).total - sinusoidal.total, 64 * 65);
  assert.equal(learned.breakdown.positions, 64 * 64);
  assert.equal(lab.paramCount({ ...base, tied: false }).breakdown.lm_head, 64 * 65);
  for (const name of Object.keys(lab.paramCount({ ...base, gated: true, tied: false }).breakdown))
    assert.match(name, /^[A-Za-z0-9_.]+$/, 'a breakdown name is a key, not a phrase');
  assert.equal(
    Object.values(learned.breakdown).reduce((a, b) => a + b, 0),
    learned.total,
  );
});

test('paramCount: §9.4 encoderLayers counts nn.Transformer (44,140,544) plus one shared embedding', () => {
  const base = { vocab: 37000, D: 512, heads: 8, positions: 'sinusoidal' };
  const n = lab.paramCount({ ...base, layers: 6, encoderLayers: 6 });
  assert.equal(n.total - 37000 * 512, 44140544);
  const small = lab.paramCount({ ...base, vocab: 3, D: 4, heads: 2, ffnMult: 2, encoderLayers: 1 });
  const under = (p) =>
    Object.entries(small.breakdown)
      .filter(([k]) => k.startsWith(p))
      .reduce((a, [, v]) => a + v, 0);
  assert.equal(under('encoder.block0.'), 172);
  assert.equal(under('decoder.block0.'), 260);
  assert.throws(() => lab.paramCount({ ...base, encoderLayers: -1 }), /encoderLayers/);
});

test('checks: §7.3 future dependence and §6.1 equivariance, live', () => {
  const dep = lab.checks.futureDependence([0, 1, 2], toyModel, toyOptions);
  assert.deepEqual(shape(dep), [3, 3]);
  assert.ok(dep[0][1] === 0 && dep[0][2] === 0 && dep[1][2] === 0);
  const leak = lab.checks.futureDependence([0, 1, 2], toyModel, { ...toyOptions, causal: false });
  assert.ok(leak[0][1] > 0);
  const { positions, ...noTable } = toyModel;
  const opts = { ...toyOptions, positions: 'none', causal: false };
  assert.ok(lab.checks.permutationGap([0, 1, 2], [2, 1, 0], noTable, opts) < 1e-12);
  assert.ok(lab.checks.permutationGap([0, 1, 2], [2, 1, 0], toyModel, { ...toyOptions, causal: false }) > 1e-3);
  assert.ok(lab.checks.maxRowSumError(lab.attention(retrieval.q, retrieval.k, retrieval.v).weights) < 1e-15);
  const v = lab.checks.scoreVariance({ dk: 64, samples: 20000, sigma: 1, seed: 1 });
  assert.ok(Math.abs(v.raw / 64 - 1) < 0.06 && Math.abs(v.scaled - 1) < 0.06);
});

test('ops: exponentials, sums along an axis, matmul, contributions, softmax Jacobian, costs', () => {
  close(lab.ops.exp([[ln2, 0, 0]]), [[2, 1, 1]]);
  close(lab.ops.expShifted([[ln2, 0, 0]]), [[1, 0.5, 0.5]]);
  // Scores too large for e^s (K = 1004 in §2.1): e^s is refused, the shifted exponentials are not.
  assert.throws(() => lab.ops.exp([[1000, 0]]), /exp: e\^1000 \(x entry 0\) is larger than the largest double/);
  close(lab.ops.expShifted([[1000 + ln2, 1000, 1000]]), [[1, 0.5, 0.5]]);
  assert.throws(() => lab.ops.expShifted([]), /expShifted/);
  const w = [
    [0.5, 0.25, 0.25],
    [0.1, 0.8, 0.1],
  ];
  close(lab.ops.sum(w), [1, 1]);
  close(lab.ops.sum(w, 0), [0.6, 1.05, 0.35]);
  close(lab.ops.mean([[1, 2, 3]]), [2]);
  close(lab.ops.variance([[1, 2, 3]]), [2 / 3]);
  close(lab.ops.matmul([[1, 2]], [[3], [4]]), [[11]]);
  close(lab.ops.scaleRows([0.5, 0.25, 0.25], retrieval.v), [
    [1, 0],
    [0, 0.5],
    [1, 1],
  ]);
  close(lab.ops.softmaxJacobian([ln2, 0, 0])[0], [0.25, -0.125, -0.125]);
  assert.deepEqual(lab.attentionCost({ B: 2, H: 4, T: 16, D: 64 }), { weightEntries: 2048, multiplyAdds: 65536 });
  assert.throws(() => lab.ops.sum(w, 1.5), { message: /^sum: axis must be an integer/ });
  assert.throws(() => lab.ops.sum(w, 3), { message: /^sum: axis 3 does not exist for shape \[2, 3\]/ });
  assert.throws(() => lab.ops.matmul([[1, 2]], [[1]]), { message: /^matmul: b has 1 row but/ });
  close(lab.ops.sum(w), [1, 1]);
});

// Each function is called with bad input, must throw an Error whose message names the function
// and what was wrong, and must then answer a correct call of the same function.
const x2 = [
  [1, 0],
  [0, 1],
];
const mha = {
  wQ: [[1], [0]],
  wK: [[1], [0]],
  wV: [
    [1, 0],
    [0, 1],
  ],
};
const good = {
  softmax: () => close(lab.softmax([0, 0]), [0.5, 0.5]),
  attention: () => close(lab.attention(retrieval.q, retrieval.k, retrieval.v).output, [[2, 1.5]]),
  multiHeadAttention: () => assert.deepEqual(shape(lab.multiHeadAttention(x2, mha).output), [2, 2]),
  layerNorm: () => close(lab.layerNorm([1, 3], [1, 1], [0, 0], 1e-300), [-1, 1]),
  rmsNorm: () => close(lab.rmsNorm([3, 4], [1, 1], 1e-300), [3 / Math.sqrt(12.5), 4 / Math.sqrt(12.5)]),
  feedForward: () => close(lab.feedForward([[2]], { w1: [[1]], w2: [[1]] }, { activation: 'relu' }).output, [[2]]),
  block: () =>
    close(
      lab.block(
        [
          [1, 0],
          [0, 1],
          [1, 1],
        ],
        toyModel.blocks[0],
        { norm: 'none', activation: 'relu' },
      ).output[0],
      [3, 0],
    ),
  sinusoidalPositions: () => close(lab.sinusoidalPositions(1, 2), [[0, 1]]),
  lmForward: () => close(lab.lmForward(toyTokens, toyModel, toyOptions).loss, 3.0204102292496593),
  crossEntropy: () => close(lab.crossEntropy([[0, 0]], [0]).loss, ln2),
  generate: () => assert.deepEqual(lab.generate([0, 1, 2], toyModel, { ...toyOptions, steps: 1 }).tokens, [0, 1, 2, 0]),
  paramCount: () => assert.equal(lab.paramCount({ D: 8, heads: 2, attentionOnly: true, bias: false }).total, 256),
  futureDependence: () => assert.equal(lab.checks.futureDependence([0, 1], toyModel, toyOptions)[0][1], 0),
  permutationGap: () => assert.ok(lab.checks.permutationGap([0, 1], [0, 1], toyModel, toyOptions) === 0),
  fusedVsSeparateGap: () =>
    assert.ok(
      lab.checks.fusedVsSeparateGap([x2], {
        ...mha,
        wQ: [
          [1, 0],
          [0, 1],
        ],
        wK: x2,
      }) < 1e-15,
    ),
  maxRowSumError: () => assert.equal(lab.checks.maxRowSumError([[0.5, 0.5]]), 0),
  scoreVariance: () => assert.ok(lab.checks.scoreVariance({ dk: 4, samples: 100 }).raw > 0),
};
const badCalls = [
  [
    'softmax',
    'a string',
    () => lab.softmax([1, 'abc']),
    /^softmax: x\[1\] is “abc” \(a string\), expected a finite number/,
  ],
  ['softmax', 'NaN', () => lab.softmax([[1, NaN]]), /^softmax: x\[0\]\[1\] is NaN, expected a finite number/],
  ['softmax', 'not an array', () => lab.softmax(5), /^softmax: x must be an array/],
  ['softmax', 'an empty array', () => lab.softmax([]), /^softmax: x is empty/],
  [
    'attention',
    'a ragged array',
    () => lab.attention([[1, 0], [1]], [[1, 0]], [[1]]),
    /^attention: q\[1\] has 1 entry but q\[0\] has 2/,
  ],
  [
    'attention',
    'd_k mismatch',
    () => lab.attention([[1, 0, 0]], [[1, 0]], [[1]]),
    /^attention: k has 2 columns but q has 3 \(d_k must match\)/,
  ],
  [
    'attention',
    'a vector for q',
    () => lab.attention([1, 0], [[1, 0]], [[1]]),
    /^attention: q must be one of \[Tq\]\[dk\], \[B\]\[Tq\]\[dk\], or \[B\]\[H\]\[Tq\]\[dk\] but has shape \[2\]/,
  ],
  [
    'attention',
    'a mask of the wrong shape',
    () => lab.attention([[1]], [[1], [2]], [[1], [2]], { mask: [[true]] }),
    /^attention: mask has shape \[1, 1\]/,
  ],
  [
    'attention',
    'a mask of numbers',
    () => lab.attention([[1]], [[1]], [[1]], { mask: [[1]] }),
    /^attention: mask\[0\]\[0\] is 1, expected true or false/,
  ],
  [
    'attention',
    'every key masked',
    () => lab.attention([[1]], [[1]], [[1]], { mask: [[false]] }),
    /^attention: query row 0 has every key masked/,
  ],
  [
    'attention',
    'an unknown option',
    () => lab.attention([[1]], [[1]], [[1]], { casual: true }),
    /^attention: unknown option “casual” \(expected one of causal, mask, or scale\)/,
  ],
  [
    'attention',
    'an option of the wrong type',
    () => lab.attention([[1]], [[1]], [[1]], { causal: 'yes' }),
    /^attention: option causal must be true or false, got “yes”/,
  ],
  [
    'multiHeadAttention',
    'heads not whole',
    () => lab.multiHeadAttention(x2, mha, { heads: 1.5 }),
    /^multiHeadAttention: option heads must be a whole number/,
  ],
  [
    'multiHeadAttention',
    'an unknown parameter',
    () => lab.multiHeadAttention(x2, { wq: [[1], [1]] }),
    /^multiHeadAttention: unknown parameter params\.wq/,
  ],
  [
    'multiHeadAttention',
    'D not divisible by H',
    () => lab.multiHeadAttention(x2, mha, { heads: 3 }),
    /^multiHeadAttention: wQ has 1 column, not divisible by heads = 3/,
  ],
  [
    'layerNorm',
    'Infinity',
    () => lab.layerNorm([[1, Infinity]], [1, 1], [0, 0]),
    /^layerNorm: x\[0\]\[1\] is Infinity/,
  ],
  [
    'layerNorm',
    'gamma too short',
    () => lab.layerNorm([[1, 2, 3]], [1, 1], [0, 0, 0]),
    /^layerNorm: gamma has 2 entries but x has 3 features/,
  ],
  [
    'rmsNorm',
    'eps not a number',
    () => lab.rmsNorm([[1, 2]], [1, 1], '1e-5'),
    /^rmsNorm: eps must be a number, got “1e-5”/,
  ],
  [
    'rmsNorm',
    'gain of rank 2',
    () => lab.rmsNorm([[1, 2]], [[1, 1]]),
    /^rmsNorm: gain must be \[D\] but has shape \[1, 2\]/,
  ],
  [
    'feedForward',
    'an unknown activation',
    () => lab.feedForward([[1]], { w1: [[1]], w2: [[1]] }, { activation: 'tanh' }),
    /^feedForward: activation must be one of relu, gelu, gelu_tanh, or silu, got “tanh”/,
  ],
  [
    'feedForward',
    'w2 rows != F',
    () => lab.feedForward([[1]], { w1: [[1, 1]], w2: [[1]] }),
    /^feedForward: w2 has 1 row but w1 has 2 columns/,
  ],
  [
    'block',
    'an unknown arrangement',
    () => lab.block(x2, toyModel.blocks[0], { arrangement: 'middle' }),
    /^block: arrangement must be one of pre or post, got “middle”/,
  ],
  ['block', 'no ffn', () => lab.block(x2, { attn: mha }), /^block: each of params\.attn and params\.ffn is needed/],
  [
    'sinusoidalPositions',
    'T = 0',
    () => lab.sinusoidalPositions(0, 4),
    /^sinusoidalPositions: T must be a positive integer/,
  ],
  // size_t is 32 bits in wasm: a size past it would wrap around to a small one, not be refused.
  [
    'sinusoidalPositions',
    'T past 2^32',
    () => lab.sinusoidalPositions(2 ** 32 + 2, 4),
    /^sinusoidalPositions: T must be at most 4,294,967,295, got 4,294,967,298/,
  ],
  [
    'multiHeadAttention',
    'heads past 2^32',
    () => lab.multiHeadAttention(x2, mha, { heads: 2 ** 32 + 1 }),
    /^multiHeadAttention: option heads must be at most 4,294,967,295, got 4,294,967,297/,
  ],
  [
    'lmForward',
    'an unknown norm',
    () => lab.lmForward(toyTokens, toyModel, { ...toyOptions, norm: 'batch' }),
    /^lmForward: norm must be one of layer, rms, or none, got “batch”/,
  ],
  [
    'lmForward',
    'a token out of range',
    () => lab.lmForward([0, 5, 1], toyModel, toyOptions),
    /^lmForward: token 5 at position 1 is not an id in \[0, 2\]/,
  ],
  [
    'lmForward',
    'a token not an integer',
    () => lab.lmForward([0, 1.5, 1], toyModel, toyOptions),
    /^lmForward: tokens\[1\] is 1.5, expected an integer token id/,
  ],
  [
    'lmForward',
    'a sequence too long',
    () => lab.lmForward([0, 1, 2, 0, 1], toyModel, toyOptions),
    /^lmForward: the sequence has 4 input positions but params\.positions has only 3 rows/,
  ],
  [
    'lmForward',
    'a missing w1',
    () => lab.lmForward(toyTokens, { ...toyModel, blocks: [{ attn: mha, ffn: { w2: [[1]] } }] }, toyOptions),
    /^lmForward: params\.blocks\[0\]\.ffn\.w1 is missing/,
  ],
  [
    'lmForward',
    'params not an object',
    () => lab.lmForward(toyTokens, [1, 2], toyOptions),
    /^lmForward: params must be an object/,
  ],
  [
    'crossEntropy',
    'a target out of range',
    () => lab.crossEntropy([[0, 0]], [2]),
    /^crossEntropy: targets\[0\] = 2 is not a token id in \[0, 1\]/,
  ],
  [
    'crossEntropy',
    'too few targets',
    () =>
      lab.crossEntropy(
        [
          [0, 0],
          [1, 1],
        ],
        [0],
      ),
    /^crossEntropy: targets has 1 entry but logits has 2 rows/,
  ],
  [
    'generate',
    'a negative temperature',
    () => lab.generate([0], toyModel, { ...toyOptions, temperature: -1 }),
    /^generate: temperature must be a finite number >= 0/,
  ],
  ['generate', 'an empty prompt', () => lab.generate([], toyModel, toyOptions), /^generate: the prompt is empty/],
  [
    'paramCount',
    'D not divisible by H',
    () => lab.paramCount({ D: 8, heads: 3, attentionOnly: true }),
    /^paramCount: D = 8 is not divisible by heads = 3/,
  ],
  ['paramCount', 'not an object', () => lab.paramCount(8), /^paramCount: config must be an object, got 8/],
  [
    'futureDependence',
    'a token out of range',
    () => lab.checks.futureDependence([0, 9], toyModel, toyOptions),
    /^futureDependence: token 9 at position 1/,
  ],
  [
    'permutationGap',
    'not a permutation',
    () => lab.checks.permutationGap([0, 1], [0, 0], toyModel, toyOptions),
    /^permutationGap: perm must list each position 0 to 1 once/,
  ],
  [
    'fusedVsSeparateGap',
    'd_k != d_v',
    () => lab.checks.fusedVsSeparateGap([x2], mha),
    /^fusedVsSeparateGap: a fused wQKV needs d_k = d_v, but wQ has 1 column and wV has 2/,
  ],
  [
    'maxRowSumError',
    'a vector',
    () => lab.checks.maxRowSumError([0.5, 0.5]),
    /^maxRowSumError: weights must be one of \[Tq\]\[Tk\], \[B\]\[Tq\]\[Tk\], or \[B\]\[H\]\[Tq\]\[Tk\] but has shape \[2\]/,
  ],
  [
    'scoreVariance',
    'dk = 0',
    () => lab.checks.scoreVariance({ dk: 0 }),
    /^scoreVariance: dk must be a positive integer/,
  ],
];

test('every function answers bad input with an Error naming it, then answers a correct call', () => {
  const covered = new Set(badCalls.map(([fn]) => fn));
  assert.deepEqual(
    Object.keys(good).filter((fn) => !covered.has(fn)),
    [],
    'functions without a bad-input case',
  );
  for (const [fn, what, call, message] of badCalls) {
    assert.throws(call, (e) => e instanceof Error && message.test(e.message), `${fn}: ${what}`);
    good[fn]();
  }
});

test('10,000 calls of attention and lmForward leave the wasm heap and the handle count unchanged', () => {
  const calls = () => {
    lab.attention(retrieval.q, retrieval.k, retrieval.v, { causal: false });
    lab.lmForward(toyTokens, toyModel, toyOptions);
  };
  for (let i = 0; i < 100; i++) calls();
  const before = lab.memory();
  for (let i = 0; i < 10000; i++) calls();
  for (let i = 0; i < 100; i++) assert.throws(() => lab.lmForward([0, 9], toyModel, toyOptions)); // error paths too
  const after = lab.memory();
  assert.equal(after.heapInUse, before.heapInUse, 'bytes allocated inside the module');
  assert.equal(after.liveHandles, before.liveHandles, 'live Embind handles');
});
