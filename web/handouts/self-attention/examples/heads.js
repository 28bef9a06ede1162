// §4 the parameter count, §4.1 two heads on one query, §4.2 the fused projection.
import { labels as L } from '../../../text/index.js';
import { short, vector } from '../../../locale/number.js';
import { shapeText } from '../../../locale/format.js';
import { retrieval } from './handout.js';

const ln8 = Math.log(8);
const HEAD_COUNTS = [1, 2, 4, 8, 16];

export const paramCountExample = {
  id: '4',
  section: '§4',
  inputs: {
    D: { value: 8, integer: true, min: 1, max: 4096 },
    H: { value: 2, integer: true, min: 1, max: 4096 },
    bias: { value: 'no', choices: ['no', 'yes'] },
  },
  run(lab, x) {
    const count = (heads, bias) => lab.paramCount({ D: x.D, heads, attentionOnly: true, bias });
    const perHeads = [];
    for (const heads of HEAD_COUNTS) {
      try {
        perHeads.push([heads, count(heads, false)]);
      } catch {
        // the engine refuses head counts that do not divide D: they are simply not listed
      }
    }
    return { count: count(x.H, x.bias === 'yes'), perHeads };
  },
  steps: [
    {
      key: 'count',
      formula: '3D^2 + D^2 = 4D^2',
      show: (r) => [
        { number: 'D', label: 'D' },
        { number: 'H', label: 'H' },
        {
          facts: Object.entries(r.count.breakdown)
            .map(([name, n]) => ({ label: L.breakdown[name], value: short(n) }))
            .concat([
              { label: 'd_h = D / H', value: short(r.count.headWidth) },
              { label: L.total, value: short(r.count.total), result: 'total' },
            ]),
        },
      ],
    },
    {
      key: 'heads',
      show: (r) => [
        {
          matrix: r.perHeads.map(([heads, c]) => [heads, c.headWidth, c.total]),
          label: L.counts,
          kind: 'plain',
          colLabels: ['H', 'd_h', L.parameters],
        },
      ],
    },
    {
      key: 'bias',
      formula: '4D^2 + 4D',
      show: (r) => [
        {
          choice: 'bias',
          label: L.biases,
          options: [
            ['no', L.noBiases],
            ['yes', L.withBiases],
          ],
        },
        { facts: [{ label: L.total, value: short(r.count.total), result: 'total-bias' }] },
      ],
    },
  ],
};

const AVERAGE = [
  [0.5, 0],
  [0, 0.5],
  [0.5, 0],
  [0, 0.5],
]; // (head 1 + head 2) / 2 as a 4 x 2 map
const IDENTITY4 = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
  [0, 0, 0, 1],
];

export const twoHeadsExample = {
  id: '4.1',
  section: '§4.1',
  inputs: {
    s1: { value: [ln8, 0, 0] },
    s2: { value: [0, ln8, 0] },
    v: { value: retrieval.v },
    wO: { value: IDENTITY4 },
  },
  run(lab, x) {
    // One query with d_k = 1 and key j equal to s_j, scale 1: the scores are s_j themselves.
    const head = (s) =>
      lab.attention(
        [[1]],
        s.map((sj) => [sj]),
        x.v,
        { scale: 1 },
      );
    const h1 = head(x.s1);
    const h2 = head(x.s2);
    const concat = [...h1.output[0], ...h2.output[0]]; // side by side: [head 1 | head 2]
    return {
      h1,
      h2,
      concat,
      output: lab.ops.matmul([concat], x.wO)[0],
      average: lab.ops.matmul([concat], AVERAGE)[0],
    };
  },
  steps: ['1', '2']
    .map((n) => ({
      key: `head${n}`,
      formula: `\\mathrm{head}_${n} = \\sum_j a^{(${n})}_j v_j`,
      show: (r, x) => [
        { matrix: x[`s${n}`], label: L.headScores({ n }), input: `s${n}` },
        { matrix: r[`h${n}`].weights[0], label: L.headWeights({ n }), kind: 'prob' },
        { matrix: x.v, label: 'V', input: 'v', rowLabels: ['v0', 'v1', 'v2'] },
        { facts: [{ label: L.head({ n }), value: vector(r[`h${n}`].output[0]), result: `head${n}` }] },
      ],
    }))
    .concat([
      {
        key: 'concat',
        formula: '\\mathrm{MHA} = [\\mathrm{head}_1 \\,|\\, \\mathrm{head}_2]\\, W_O',
        predict: {
          what: L.predict.concat,
          format: 'vector',
          hides: ['concat', 'concat W_O'],
          expected: (r) => r.concat,
        },
        show: (r, x) => [
          { matrix: r.concat, label: 'concat' },
          { matrix: x.wO, label: 'W_O', input: 'wO' },
          { matrix: r.output, label: 'concat W_O' },
          {
            facts: [
              { label: 'concat', value: vector(r.concat), result: 'concat' },
              { label: 'concat W_O', value: vector(r.output) },
            ],
          },
        ],
      },
      {
        key: 'average',
        show: (r) => [
          { matrix: AVERAGE, label: L.averagingMap },
          {
            facts: [
              { label: L.averageOfHeads, value: vector(r.average), result: 'average' },
              { label: L.concatenation, value: vector(r.concat) },
              { label: L.weightOnPosition2, value: `${short(r.h1.weights[0][2])}, ${short(r.h2.weights[0][2])}` },
            ],
          },
        ],
      },
    ]),
};

// §4.2: B = 1, T = 3, D = 4 with small hand-picked weights.
const X = [
  [1, 0, 1, 0],
  [0, 2, 0, 1],
  [1, 1, -1, 0],
];
const WQ = [
  [1, 0, 0, 1],
  [0, 1, 1, 0],
  [1, 0, 0, 0],
  [0, 0, 1, 1],
];
const WK = [
  [0, 1, 0, 0],
  [1, 0, 0, 1],
  [0, 0, 1, 0],
  [1, 1, 0, 0],
];
const WV = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
  [0, 0, 0, 1],
];

export const fusedExample = {
  id: '4.2',
  section: '§4.2',
  inputs: {
    X: { value: X },
    wQ: { value: WQ },
    wK: { value: WK },
    wV: { value: WV },
    H: { value: 2, integer: true, min: 1, max: 4 },
    T: { value: 64, integer: true, min: 1, max: 100000 },
  },
  run(lab, x) {
    const wQKV = x.wQ.map((row, i) => [...row, ...x.wK[i], ...x.wV[i]]); // [W_Q W_K W_V] side by side
    const separate = { wQ: x.wQ, wK: x.wK, wV: x.wV };
    const D = x.X[0].length;
    return {
      wQKV,
      qkv: lab.ops.matmul(x.X, wQKV),
      fused: lab.multiHeadAttention([x.X], { wQKV }, { heads: x.H }),
      separate: lab.multiHeadAttention([x.X], separate, { heads: x.H }),
      gap: lab.checks.fusedVsSeparateGap([x.X], separate, { heads: x.H }),
      cost: lab.attentionCost({ B: 1, H: x.H, T: x.T, D }),
      costMoreHeads: lab.attentionCost({ B: 1, H: D, T: x.T, D }),
      D,
    };
  },
  steps: [
    {
      key: 'fuse',
      formula: 'X W_{QKV} = X [W_Q \\; W_K \\; W_V]',
      show: (r, x) => [
        { matrix: x.X, label: 'X', input: 'X' },
        { matrix: r.wQKV, label: 'W_QKV', colLabels: [...'qqqqkkkkvvvv'].map((c, i) => `${c}${i % 4}`) },
        { matrix: r.qkv, label: 'X W_QKV', colLabels: [...'qqqqkkkkvvvv'].map((c, i) => `${c}${i % 4}`) },
      ],
    },
    {
      key: 'split',
      formula: '[B, T, 3D] \\quad \\to 3 \\times [B, T, D] \\quad \\to [B, T, H, d_h] \\quad \\to [B, H, T, d_h]',
      show: (r) => [
        { number: 'H', label: 'H' },
        {
          facts: [
            { label: 'X W_QKV', value: `[1, ${r.qkv.length}, ${r.qkv[0].length}]` },
            { label: 'Q, K, V', value: shapeText(r.fused.q) },
            { label: L.headsAfterTranspose, value: shapeText(r.fused.heads), result: 'heads-shape' },
            { label: L.weights, value: shapeText(r.fused.weights) },
          ],
        },
        ...r.fused.heads[0].map((hd, h) => ({ matrix: hd, label: L.headOutput({ h }) })),
      ],
    },
    {
      key: 'same',
      show: (r) => [
        { matrix: r.fused.output[0], label: L.fused },
        { matrix: r.separate.output[0], label: L.separate },
        { facts: [{ label: L.largestDifference, value: short(r.gap), result: 'gap' }] },
      ],
    },
    {
      key: 'cost',
      formula: '\\underbrace{B H T^2}_{A} \\qquad \\underbrace{\\propto B T^2 D}_{Q K^\\top,\\; A V}',
      show: (r, x) => [
        { number: 'T', label: 'T' },
        {
          matrix: [
            [x.H, r.cost.weightEntries, r.cost.multiplyAdds],
            [r.D, r.costMoreHeads.weightEntries, r.costMoreHeads.multiplyAdds],
          ],
          label: L.cost,
          kind: 'plain',
          colLabels: ['H', L.storedWeights, L.multiplyAdds],
        },
      ],
    },
  ],
};
