// §8 the lab's checks run live, §8.1 naming the axes of einsum.
import { labels as L } from '../../../text/index.js';
import { precise, short } from '../../../locale/number.js';
import { dependsOnLater, shapeText } from '../../../locale/format.js';
import { retrieval, toyModel, toyModelNoTable, toyOptions, toyTokens } from './handout.js';
import { blockParams } from './block.js';

const ln8 = Math.log(8);
const close = (a, b, tol = 1e-9) =>
  Array.isArray(a) ? a.every((x, i) => close(x, b[i], tol)) : Math.abs(a - b) <= tol;

export const checksExample = {
  id: '8',
  section: '§8',
  inputs: {},
  run(lab) {
    const y = lab.attention(retrieval.q, retrieval.k, retrieval.v).output[0];
    const head = (s) =>
      lab.attention(
        [[1]],
        s.map((v) => [v]),
        retrieval.v,
        { scale: 1 },
      ).output[0];
    const loss = lab.lmForward(toyTokens, toyModel, toyOptions).loss;
    const X = [
      [1, 0, 2, 0],
      [0, 1, 0, -1],
      [2, 2, 1, 0],
    ];
    const mha = lab.multiHeadAttention([X, X], blockParams.attn, { heads: 2 });
    const free = { ...toyOptions, positions: 'none', causal: false };
    const twoBlocks = { ...toyModelNoTable, blocks: [toyModel.blocks[0], toyModel.blocks[0]] };
    const dep = (o) =>
      lab.checks.futureDependence([0, 1, 2, 0, 1], twoBlocks, { ...toyOptions, positions: 'sinusoidal', ...o });
    return {
      y,
      h1: head([ln8, 0, 0]),
      h2: head([0, ln8, 0]),
      loss,
      rowError: lab.checks.maxRowSumError(mha.weights),
      weightsShape: shapeText(mha.weights),
      fusedGap: lab.checks.fusedVsSeparateGap([X], blockParams.attn, { heads: 2 }),
      permutationGap: lab.checks.permutationGap([0, 1, 2], [2, 1, 0], toyModelNoTable, free),
      every: dep({ causal: true }),
      none: dep({ causal: false }),
      last: dep({ maskBlocks: [false, true] }),
    };
  },
  steps: [
    {
      key: 'checks',
      show: (r) => [
        {
          badges: [
            { label: L.checks.retrieval, pass: close(r.y, [2, 1.5]), detail: `[${r.y.map(short).join(', ')}]` },
            { label: L.checks.twoHeads, pass: close(r.h1, [2, 0.6]) && close(r.h2, [0.6, 2]) },
            { label: L.checks.loss, pass: Math.abs(r.loss - 3.02041) < 5e-6, detail: precise(r.loss, 6) },
            { label: L.checks.rowSums, pass: r.rowError < 1e-12, detail: L.largestError({ e: r.rowError }) },
            { label: L.checks.shapes, pass: r.weightsShape === '[2, 2, 3, 3]', detail: r.weightsShape },
            { label: L.checks.fused, pass: r.fusedGap < 1e-12, detail: `${L.largestDifference} ${short(r.fusedGap)}` },
            {
              label: L.checks.equivariant,
              pass: r.permutationGap < 1e-12,
              detail: `${L.gap} ${short(r.permutationGap)}`,
            },
            { label: L.checks.everyBlock, pass: !dependsOnLater(r.every) },
            { label: L.checks.unmasked, pass: dependsOnLater(r.none) },
            { label: L.checks.lastBlock, pass: dependsOnLater(r.last) },
          ],
        },
      ],
    },
  ],
};

export const einsumExample = {
  id: '8.1',
  section: '§8.1',
  inputs: {
    B: { value: 2, integer: true, min: 1, max: 8 },
    T: { value: 3, integer: true, min: 1, max: 16 },
    d: { value: 4, integer: true, min: 1, max: 16 },
  },
  run(lab, x) {
    // Inputs with distinct entries, taken from the sinusoidal table so that nothing is random.
    const table = lab.sinusoidalPositions(x.B * x.T, 2 * x.d);
    const batch = (c0) =>
      Array.from({ length: x.B }, (_, b) => table.slice(b * x.T, (b + 1) * x.T).map((row) => row.slice(c0, c0 + x.d)));
    const q = batch(0);
    const k = batch(x.d);
    const v = batch(0);
    return { q, k, v, ...lab.attention(q, k, v) };
  },
  steps: [
    {
      key: 'scores',
      formula: '\\texttt{scores} = \\texttt{einsum}(\\texttt{"bid,bjd->bij"}, q, k) / \\sqrt{d}',
      show: (r) => [
        { number: 'B', label: 'B' },
        { number: 'T', label: 'T' },
        { number: 'd', label: 'd' },
        {
          facts: [
            { label: 'q: b i d', value: shapeText(r.q) },
            { label: 'k: b j d', value: shapeText(r.k) },
            { label: 'scores: b i j', value: shapeText(r.scores), result: 'scores-shape' },
          ],
        },
        { matrix: r.scores[0], label: 'scores[0]' },
      ],
    },
    {
      key: 'values',
      formula: '\\texttt{y} = \\texttt{einsum}(\\texttt{"bij,bje->bie"}, \\texttt{weights}, v)',
      show: (r) => [
        {
          facts: [
            { label: 'weights: b i j', value: shapeText(r.weights) },
            { label: 'v: b j e', value: shapeText(r.v) },
            { label: 'y: b i e', value: shapeText(r.output), result: 'y-shape' },
          ],
        },
        { matrix: r.weights[0], label: 'weights[0]', kind: 'prob' },
      ],
    },
  ],
};
