// What the worked examples compute, case by case, for a recording that a rebuilt engine must
// reproduce bit for bit: every worked example of the page at its handout inputs, and seeded
// random language models of every structure the examples' API accepts (fused or separate
// projections, biases or none, W_O or the identity, d_k != d_v, gated FFNs, each norm kind and
// arrangement, learned, sinusoidal or no positions, tied or untied heads, a final norm or none,
// per-block masks), each run through lmForward (with its trace), generate (recomputed and
// cached, greedy and sampled), §6.1's permutation gap and §7.3's future dependence, and §2.2's
// interventions.
//
// A case's result is kept as JSON in which every number is exact: finite numbers as JSON writes
// them (the shortest text that reads back to the same double), and -0, NaN and ±Infinity as
// strings, so that the comparison is of the doubles themselves.
import { examples } from '../../web/handouts/self-attention/examples/index.js';
import { xorshift32 } from '../../web/training/xorshift.js';

export const RANDOM_MODELS = 48;

// A number that JSON would lose, as a tagged string.
export function encode(value) {
  return JSON.parse(
    JSON.stringify(value, (_key, v) => {
      if (typeof v !== 'number') return v;
      if (Object.is(v, -0)) return '#-0';
      if (!Number.isFinite(v)) return `#${v}`;
      return v;
    }),
  );
}

function rng(seed) {
  const bits = xorshift32(seed * 2654435761 + 1);
  const next = () => bits() / 4294967296;
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (xs) => xs[int(0, xs.length - 1)];
  const matrix = (rows, cols, scale = 1) =>
    Array.from({ length: rows }, () => Array.from({ length: cols }, () => (next() * 2 - 1) * scale));
  const vector = (n, scale = 1) => matrix(1, n, scale)[0];
  return { next, int, pick, matrix, vector };
}

// A random model and options of the structure the seed picks.
export function randomModel(seed) {
  const r = rng(seed);
  const H = r.int(1, 2);
  const dk = r.int(1, 3);
  const dv = r.pick([dk, r.int(1, 3)]);
  const V = r.int(3, 6);
  const L = r.int(1, 2);
  const identityO = r.next() < 0.2;
  const D = identityO ? H * dv : r.int(2, 4);
  const F = r.int(2, 5);
  const norm = r.pick(['layer', 'rms', 'none']);
  const positions = r.pick(['learned', 'sinusoidal', 'none']);
  const gated = r.next() < 0.3;
  const bias = r.next() < 0.5;
  const fused = dv === dk && r.next() < 0.5; // one W_QKV splits into three equal groups
  const normParams = () => {
    if (norm === 'none' || r.next() < 0.2) return undefined; // absent: gain 1, no shift
    return norm === 'layer' ? { gamma: r.vector(D, 2), beta: r.vector(D) } : { gain: r.vector(D, 2) };
  };
  const blocks = Array.from({ length: L }, () => {
    const attn = fused
      ? { wQKV: r.matrix(D, H * (2 * dk + dv)), ...(bias ? { bQKV: r.vector(H * (2 * dk + dv)) } : {}) }
      : {
          wQ: r.matrix(D, H * dk),
          wK: r.matrix(D, H * dk),
          wV: r.matrix(D, H * dv),
          ...(bias ? { bQ: r.vector(H * dk), bV: r.vector(H * dv) } : {}),
        };
    if (!identityO) {
      attn.wO = r.matrix(H * dv, D);
      if (bias) attn.bO = r.vector(D);
    }
    const ffn = { w1: r.matrix(D, F), w2: r.matrix(F, D) };
    if (bias) Object.assign(ffn, { b1: r.vector(F), b2: r.vector(D) });
    if (gated) Object.assign(ffn, { wGate: r.matrix(D, F), ...(bias ? { bGate: r.vector(F) } : {}) });
    const block = { attn, ffn };
    const n1 = normParams();
    const n2 = normParams();
    if (n1) block.norm1 = n1;
    if (n2) block.norm2 = n2;
    return block;
  });
  const params = { embedding: r.matrix(V, D), blocks };
  if (positions === 'learned') params.positions = r.matrix(8, D);
  if (norm !== 'none' && r.next() < 0.6) params.finalNorm = normParams() ?? { gamma: r.vector(D), beta: r.vector(D) };
  if (norm === 'rms' && params.finalNorm?.gamma) params.finalNorm = { gain: params.finalNorm.gamma };
  if (r.next() < 0.5) params.head = r.matrix(D, V);
  const options = {
    heads: H,
    positions,
    norm,
    arrangement: r.pick(['pre', 'post']),
    activation: r.pick(['relu', 'gelu', 'silu']),
    gated,
  };
  const masked = r.next() < 0.75;
  if (!masked) options.maskBlocks = blocks.map((_, l) => l !== L - 1);
  const tokens = Array.from({ length: r.int(2, 6) }, () => r.int(0, V - 1));
  return { params, options, tokens, causal: masked, r };
}

// Every case: [name, () => result]. The example cases call the page's own run functions.
export function cases(lab) {
  const out = [];
  for (const ex of examples) {
    if (!ex.run) continue;
    const x = Object.fromEntries(Object.entries(ex.inputs ?? {}).map(([k, spec]) => [k, spec.value]));
    out.push([`example ${ex.id}`, () => ex.run(lab, x)]);
  }
  for (let seed = 0; seed < RANDOM_MODELS; ++seed) {
    const { params, options, tokens, causal, r } = randomModel(seed);
    const T = tokens.length - 1;
    const name = `model ${seed}`;
    out.push([`${name} lmForward`, () => lab.lmForward(tokens, params, options)]);
    out.push([`${name} lmForward batch`, () => lab.lmForward([tokens, [...tokens].reverse()], params, options)]);
    const ablate = [[0, r.int(0, options.heads - 1)]];
    const hide = [r.int(0, T - 1)];
    out.push([
      `${name} lmForward intervention`,
      () => lab.lmForward(tokens, params, { ...options, trace: false, ablateHeads: ablate, hideTokens: hide }),
    ]);
    const inputs = tokens.slice(0, T);
    const perm = inputs.map((_, i) => i).reverse();
    out.push([`${name} permutationGap`, () => lab.checks.permutationGap(inputs, perm, params, options)]);
    out.push([`${name} futureDependence`, () => lab.checks.futureDependence(inputs, params, options)]);
    const steps = options.positions === 'learned' ? 8 - inputs.length + 1 : 6;
    for (const temperature of [0, 0.7, 2]) {
      const g = { ...options, steps, temperature, seed: seed + 11, eos: temperature === 2 ? 0 : undefined };
      out.push([`${name} generate t=${temperature}`, () => lab.generate(inputs, params, g)]);
      if (causal)
        out.push([
          `${name} generate cached t=${temperature}`,
          () => lab.generate(inputs, params, { ...g, cache: true }),
        ]);
    }
  }
  return out;
}

// What a case gives: its result, or the refusal's message (a refusal is an answer too).
export function run(fn) {
  try {
    return { result: encode(fn()) };
  } catch (e) {
    return { refused: String(e.message) };
  }
}
