// §9.3: the course tutorial's variants, each checked against the form of §4–§5 it replaces:
// separately parameterised heads concatenated against one fused projection whose column blocks
// are those heads (and the column orders that break the equality), RMSNorm against LayerNorm on
// the same rows, the gated FFN against the plain one with their parameter counts, and a pre-norm
// block with all three. Weights are rows of a sinusoidal table; every number is the engine's.
import { labels as L } from '../../../text/index.js';
import { short, vector } from '../../../locale/number.js';
import { shapeText } from '../../../locale/format.js';
import { countUnder, tableRows as rowsOf } from './handout.js';

// T = 3 positions of D = 4 features, as in §5.
const X = [
  [1, 0, 2, 0],
  [0, 1, 0, -1],
  [2, 2, 1, 0],
];
const D = 4;
const F = 2 * D; // D_ff of both FFNs
const CODE_FROM = L.tutorial.codeFrom;
const CODE_FILE = 'lab_1_pretraining_a_small_language_model.py';

// Head h's own W_Q^h, W_K^h, W_V^h (D, d_h).
const headWeights = (lab, h, dh) => ({
  wQ: rowsOf(lab, 10 + 20 * h, D, dh),
  wK: rowsOf(lab, 15 + 20 * h, D, dh),
  wV: rowsOf(lab, 20 + 20 * h, D, dh),
});

// The column blocks of the heads' weights side by side, in the order `order` puts them:
// 'in-order' (head 0's columns first: the fused W_Q whose block h is head h), 'swapped' (the
// heads in reverse), 'interleaved' (column c of head h at c·H + h).
function fuse(blocks, order) {
  const H = blocks.length;
  const dh = blocks[0][0].length;
  return blocks[0].map((_, i) => {
    if (order === 'interleaved') return Array.from({ length: H * dh }, (_, j) => blocks[j % H][i][Math.floor(j / H)]);
    const heads = order === 'swapped' ? [...blocks].reverse() : blocks;
    return heads.flatMap((b) => b[i]);
  });
}

// Which head and which of its columns column j of the fused weight holds, for each order.
function columnOf(j, dh, H, order) {
  if (order === 'interleaved') return { h: j % H, c: Math.floor(j / H) };
  const block = Math.floor(j / dh);
  return { h: order === 'swapped' ? H - 1 - block : block, c: j % dh };
}

const ffnCount = (lab, gated) =>
  countUnder(
    lab,
    lab.paramCount({ vocab: 1, D, heads: 1, maxT: 1, ffnMult: F / D, bias: false, gated }),
    'block0.ffn.',
  );

export const tutorialExample = {
  id: '9.3',
  section: '§9.3',
  inputs: {
    X: { value: X },
    H: { value: 2, integer: true, min: 1, max: 4 },
    order: { value: 'in-order', choices: ['in-order', 'swapped', 'interleaved'] },
  },
  run(lab, x) {
    const dh = lab.paramCount({ D, heads: x.H, attentionOnly: true }).headWidth;
    const heads = Array.from({ length: x.H }, (_, h) => headWeights(lab, h, dh));
    // The tutorial: each head on its own, then torch.cat(..., dim=-1).
    const outputs = heads.map(
      (w) =>
        lab.attention(lab.ops.matmul(x.X, w.wQ), lab.ops.matmul(x.X, w.wK), lab.ops.matmul(x.X, w.wV), {
          causal: true,
        }).output,
    );
    const cat = x.X.map((_, t) => outputs.flatMap((o) => o[t]));
    const fused = Object.fromEntries(
      ['wQ', 'wK', 'wV'].map((w) => [
        w,
        fuse(
          heads.map((hd) => hd[w]),
          x.order,
        ),
      ]),
    );
    const mha = lab.multiHeadAttention([x.X], fused, { heads: x.H, causal: true });
    const ones = Array(D).fill(1);
    const ln = lab.layerNorm(x.X, ones, Array(D).fill(0));
    const rms = lab.rmsNorm(x.X, ones);
    const ffn = { w1: rowsOf(lab, 100, D, F), w2: rowsOf(lab, 110, F, D) };
    const gatedFfn = { ...ffn, wGate: rowsOf(lab, 130, D, F) };
    const block = lab.block(
      [x.X],
      { attn: fused, ffn: gatedFfn, norm1: { gain: ones }, norm2: { gain: ones } },
      { heads: x.H, norm: 'rms', gated: true, activation: 'silu', arrangement: 'pre' },
    );
    const blockCount = lab.paramCount({
      vocab: 1,
      D,
      heads: x.H,
      maxT: 1,
      ffnMult: F / D,
      bias: false,
      gated: true,
      norm: 'rms',
    });
    return {
      dh,
      outputs,
      cat,
      fused,
      mha,
      gap: lab.ops.maxAbsDifference(cat, mha.concat[0]),
      ln,
      rms,
      normGap: lab.ops.maxAbsDifference(ln, rms),
      means: { x: lab.ops.mean(x.X), ln: lab.ops.mean(ln), rms: lab.ops.mean(rms) },
      plain: lab.feedForward(x.X, ffn, { activation: 'silu' }),
      gated: lab.feedForward(x.X, gatedFfn, { activation: 'silu', gated: true }),
      counts: { plain: ffnCount(lab, false), gated: ffnCount(lab, true) },
      block,
      blockParams: countUnder(lab, blockCount, 'block0.'),
    };
  },
  steps: [
    {
      key: 'heads',
      code: 'out = torch.cat([h(x) for h in self.heads], dim=-1)',
      codeFrom: CODE_FROM,
      codeFile: CODE_FILE,
      show: (r, x) => [
        { number: 'H', label: 'H' },
        { matrix: x.X, label: 'X', input: 'X' },
        ...r.outputs.map((o, h) => ({ matrix: o, label: L.tutorial.head({ h }) })),
        { matrix: r.cat, label: L.tutorial.cat },
      ],
    },
    {
      key: 'fused',
      formula:
        'W_Q = [\\,W_Q^{0} \\;\\; W_Q^{1} \\;\\; \\cdots \\;\\; W_Q^{H-1}\\,], \\quad W_K = [\\,W_K^{0} \\;\\; \\cdots\\,], \\quad W_V = [\\,W_V^{0} \\;\\; \\cdots\\,]',
      show: (r, x) => [
        { number: 'H', label: 'H' },
        {
          choice: 'order',
          label: L.tutorial.order,
          options: [
            ['in-order', L.tutorial.inOrder],
            ['swapped', L.tutorial.swapped],
            ['interleaved', L.tutorial.interleaved],
          ],
        },
        {
          matrix: r.fused.wQ,
          label: L.tutorial.fusedQ,
          colLabels: r.fused.wQ[0].map((_, j) => L.tutorial.column(columnOf(j, r.dh, x.H, x.order))),
        },
        { matrix: r.cat, label: L.tutorial.cat },
        { matrix: r.mha.concat[0], label: L.tutorial.fusedOut },
        { facts: [{ label: L.largestDifference, value: short(r.gap), result: 'gap' }] },
        ...(r.gap > 0 ? [{ remark: L.tutorial.broken }] : []),
      ],
    },
    {
      key: 'norms',
      formula:
        '\\mathrm{LN}(x) = \\frac{x - \\mu}{\\sqrt{\\sigma^2 + \\epsilon}}\\,\\gamma + \\beta \\qquad \\mathrm{RMSNorm}(x) = \\frac{x}{\\sqrt{\\tfrac{1}{D}\\sum_i x_i^2 + \\epsilon}}\\,g',
      show: (r, x) => [
        { matrix: x.X, label: 'X', input: 'X' },
        { matrix: r.ln, label: 'LN(X)' },
        { matrix: r.rms, label: 'RMSNorm(X)' },
        {
          facts: [
            { label: L.tutorial.rowMeans({ what: 'X' }), value: vector(r.means.x) },
            { label: L.tutorial.rowMeans({ what: 'LN(X)' }), value: vector(r.means.ln), result: 'ln-means' },
            { label: L.tutorial.rowMeans({ what: 'RMSNorm(X)' }), value: vector(r.means.rms) },
            { label: L.largestDifference, value: short(r.normGap), result: 'norm-gap' },
          ],
        },
      ],
    },
    {
      key: 'gated',
      formula:
        '\\mathrm{FFN}(x) = \\varphi(x W_1) W_2 \\qquad \\mathrm{FFN}_{\\mathrm{GLU}}(x) = \\big(\\varphi(x W_1) \\odot x W_g\\big) W_2',
      show: (r) => [
        { matrix: r.plain.output, label: L.tutorial.plainOut },
        { matrix: r.gated.hidden, label: L.tutorial.gatedHidden },
        { matrix: r.gated.output, label: L.tutorial.gatedOut },
        {
          facts: [
            { label: L.tutorial.plainCount, value: short(r.counts.plain), result: 'plain-params' },
            { label: L.tutorial.gatedCount, value: short(r.counts.gated), result: 'gated-params' },
          ],
        },
      ],
    },
    {
      key: 'block',
      formula:
        'H = X + \\mathrm{MHA}(\\mathrm{RMSNorm}_1(X)), \\qquad Y = H + \\mathrm{FFN}_{\\mathrm{GLU}}(\\mathrm{RMSNorm}_2(H))',
      show: (r) => [
        { matrix: r.block.attention.weights[0][0], label: L.tutorial.blockWeights, kind: 'prob' },
        { matrix: r.block.output[0], label: 'Y' },
        {
          facts: [
            { label: 'Y', value: shapeText(r.block.output), result: 'block-shape' },
            { label: L.tutorial.blockCount, value: short(r.blockParams), result: 'block-params' },
          ],
        },
      ],
    },
  ],
};
