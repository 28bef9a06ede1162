// §5 a block: attention mixes positions, the FFN transforms each position, LayerNorm works
// within one token, and §5.1's pre-norm and post-norm arrangements side by side.
import { labels as L } from '../../../text/index.js';
import { vector } from '../../../locale/number.js';
import { sharedMax } from '../../../locale/format.js';

// T = 3 positions, D = 4 features, H = 2 heads, F = 8 hidden features; small hand-picked weights.
const X = [
  [1, 0, 2, 0],
  [0, 1, 0, -1],
  [2, 2, 1, 0],
];
const I4 = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
  [0, 0, 0, 1],
];
export const blockParams = {
  attn: {
    wQ: [
      [1, 0, 0, 1],
      [0, 1, 1, 0],
      [0, 0, 1, 0],
      [1, 0, 0, 0],
    ],
    wK: [
      [0, 1, 0, 0],
      [1, 0, 0, 1],
      [1, 0, 1, 0],
      [0, 0, 0, 1],
    ],
    wV: I4,
    wO: [
      [0.5, 0, 0, 0],
      [0, 0.5, 0, 0],
      [0, 0, 0.5, 0],
      [0, 0, 0, 0.5],
    ],
  },
  ffn: {
    w1: [
      [1, -1, 0, 0, 0.5, 0, 0, 0],
      [0, 1, -1, 0, 0, 0.5, 0, 0],
      [0, 0, 1, -1, 0, 0, 0.5, 0],
      [-1, 0, 0, 1, 0, 0, 0, 0.5],
    ],
    w2: [
      [0.5, 0, 0, 0],
      [0, 0.5, 0, 0],
      [0, 0, 0.5, 0],
      [0, 0, 0, 0.5],
      [0.25, 0, 0, 0],
      [0, 0.25, 0, 0],
      [0, 0, 0.25, 0],
      [0, 0, 0, 0.25],
    ],
  },
};
const positions = [0, 1, 2].map((i) => L.position({ i }));
const features = ['f0', 'f1', 'f2', 'f3'];

export const blockExample = {
  id: '5',
  section: '§5',
  inputs: {
    X: { value: X },
    activation: { value: 'gelu', choices: ['gelu', 'relu', 'gelu_tanh', 'silu'] },
  },
  run(lab, x) {
    const opts = { heads: 2, activation: x.activation };
    const pre = lab.block(x.X, blockParams, { ...opts, arrangement: 'pre' });
    const post = lab.block(x.X, blockParams, { ...opts, arrangement: 'post' });
    const ones = [1, 1, 1, 1];
    const ln = lab.layerNorm(x.X, ones, [0, 0, 0, 0]);
    const ffnX = lab.feedForward(x.X, blockParams.ffn, { activation: x.activation });
    return {
      pre,
      post,
      ln,
      ffnX,
      tokenMean: lab.ops.mean(ln, -1),
      tokenVariance: lab.ops.variance(ln, -1),
      featureMean: lab.ops.mean(ln, 0),
    };
  },
  steps: [
    {
      key: 'mix',
      formula: 'y_i = \\sum_j a_{ij} v_j',
      show: (r, x) => [
        { matrix: x.X, label: 'X', input: 'X', rowLabels: positions, colLabels: features },
        ...r.pre.attention.weights.map((w, h) => ({
          matrix: w,
          label: L.headAttention({ h }),
          kind: 'prob',
          rowLabels: positions,
          colLabels: positions,
        })),
      ],
    },
    {
      key: 'ffn',
      formula: '\\mathrm{FFN}(x) = \\varphi(x W_1 + b_1) W_2 + b_2',
      show: (r, x) => [
        {
          choice: 'activation',
          label: '\u03c6',
          options: [
            ['gelu', 'GELU'],
            ['relu', 'ReLU'],
            ['gelu_tanh', 'GELU (tanh)'],
            ['silu', 'SiLU'],
          ],
        },
        { matrix: x.X, label: 'X', input: 'X', rowLabels: positions },
        { matrix: r.ffnX.output, label: 'FFN(X)', rowLabels: positions },
      ],
    },
    {
      key: 'layerNorm',
      formula: '\\mathrm{LN}(x) = \\gamma \\odot \\frac{x - \\mu}{\\sqrt{\\sigma^2 + \\epsilon}} + \\beta',
      show: (r, x) => [
        { matrix: x.X, label: 'X', input: 'X', rowLabels: positions, colLabels: features },
        { matrix: r.ln, label: 'LN(X)', rowLabels: positions, colLabels: features },
        {
          facts: [
            { label: L.tokenMean, value: vector(r.tokenMean), result: 'token-mean' },
            { label: L.tokenVariance, value: vector(r.tokenVariance) },
            { label: L.featureMean, value: vector(r.featureMean) },
          ],
        },
      ],
    },
    {
      key: 'prePost',
      formula:
        '\\begin{aligned} H &= X + \\mathrm{MHA}(\\mathrm{LN}(X)) \\\\ Y &= H + \\mathrm{FFN}(\\mathrm{LN}(H)) \\end{aligned} \\qquad \\begin{aligned} H &= \\mathrm{LN}(X + \\mathrm{MHA}(X)) \\\\ Y &= \\mathrm{LN}(H + \\mathrm{FFN}(H)) \\end{aligned}',
      formulaLabels: [L.formula.preNorm, L.formula.postNorm],
      show: (r) => [
        // one colour scale for the two, to compare them
        ...[
          [r.pre.output, L.preNormY, L.preNormTitle],
          [r.post.output, L.postNormY, L.postNormTitle],
        ].map(([matrix, label, title]) => ({
          group: [{ matrix, label, rowLabels: positions, scaleMax: sharedMax(r.pre.output, r.post.output) }],
          title,
        })),
        {
          facts: [
            { label: L.row0({ name: L.preNormY }), value: vector(r.pre.output[0]), result: 'pre' },
            { label: L.row0({ name: L.postNormY }), value: vector(r.post.output[0]) },
          ],
        },
      ],
    },
  ],
};
