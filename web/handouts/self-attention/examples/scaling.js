// §3.1 why divide by sqrt(d_k), and §3.2 the batched matrix form.
import { labels as L } from '../../../text/index.js';
import { vector } from '../../../locale/number.js';
import { shapeText } from '../../../locale/format.js';
import { MAX_SEED } from '../../inputs.js';

// q = e_0 and k_j = s_j e_0 in d_k dimensions, so that q . k_j = s_j: the engine's attention then
// shows the scaled scores s_j / sqrt(d_k) and their softmax.
const probe = (s, dk) => ({
  q: [Array.from({ length: dk }, (_, c) => (c === 0 ? 1 : 0))],
  k: s.map((sj) => Array.from({ length: dk }, (_, c) => (c === 0 ? sj : 0))),
  v: s.map((_, j) => s.map((__, c) => (c === j ? 1 : 0))),
});
const DKS = [1, 4, 16, 64, 256];
// The variance experiment draws 2.7 million normals (about 0.3 s) and depends on the seed alone, so
// each seed's table is computed once: editing s or d_k then recomputes only the probe.
const varianceOf = new Map();
const variance = (lab, seed) => {
  if (!varianceOf.has(seed)) {
    if (varianceOf.size >= 32) varianceOf.delete(varianceOf.keys().next().value);
    varianceOf.set(
      seed,
      DKS.map((dk) => lab.checks.scoreVariance({ dk, samples: 4000, sigma: 1, seed })),
    );
  }
  return varianceOf.get(seed);
};

export const scalingExample = {
  id: '3.1',
  section: '§3.1',
  inputs: {
    s: { value: [0, 8] },
    dk: { value: 64, integer: true, min: 1, max: 4096 },
    seed: { value: 1, integer: true, min: 0, max: MAX_SEED },
  },
  run(lab, x) {
    const p = probe(x.s, x.dk);
    const scaled = lab.attention(p.q, p.k, p.v);
    return {
      raw: lab.softmax(x.s),
      scaledScores: scaled.scores[0],
      scaled: scaled.weights[0],
      variance: variance(lab, x.seed),
    };
  },
  steps: [
    {
      key: 'saturation',
      formula: '\\mathrm{softmax}([0, 8])',
      predict: { what: L.predict.raw, format: 'vector', hides: ['softmax(s)'], expected: (r) => r.raw },
      show: (r, x) => [
        { matrix: x.s, label: 's', input: 's' },
        { matrix: r.raw, label: 'softmax(s)', kind: 'prob' },
        { facts: [{ label: 'softmax(s)', value: vector(r.raw), result: 'raw' }] },
      ],
    },
    {
      key: 'scaled',
      formula: '\\mathrm{softmax}\\!\\left(\\frac{s}{\\sqrt{d_k}}\\right)',
      predict: {
        what: L.predict.scaled,
        format: 'vector',
        hides: ['s / \u221ad_k', 'softmax(s / \u221ad_k)'],
        expected: (r) => r.scaled,
        misconceptions: (r) => [{ id: 'no-scaling', section: '§3.1', value: r.raw }],
      },
      show: (r) => [
        { number: 'dk', label: 'd_k' },
        { matrix: r.scaledScores, label: 's / \u221ad_k' },
        { matrix: r.scaled, label: 'softmax(s / \u221ad_k)', kind: 'prob' },
        { facts: [{ label: 'softmax(s / \u221ad_k)', value: vector(r.scaled), result: 'scaled' }] },
      ],
    },
    {
      key: 'variance',
      formula:
        '\\operatorname{Var}(q \\cdot k) = d_k \\sigma^4, \\qquad \\operatorname{Var}\\!\\left(\\frac{q \\cdot k}{\\sqrt{d_k}}\\right) = \\sigma^4',
      show: (r) => [
        { number: 'seed', label: L.seed },
        {
          matrix: r.variance.map((v) => [v.raw, v.expectedRaw, v.scaled, v.expectedScaled]),
          label: L.variance,
          kind: 'plain',
          rowLabels: DKS.map((d) => `d_k = ${d}`),
          colLabels: ['q\u00b7k', 'd_k \u03c3\u2074', 'q\u00b7k / \u221ad_k', '\u03c3\u2074'],
        },
      ],
    },
  ],
};

const items = [0, 1];
export const batchExample = {
  id: '3.2',
  section: '§3.2',
  inputs: {
    Q: {
      value: [
        [
          [1, 0],
          [0, 1],
          [1, 1],
        ],
        [
          [2, 0],
          [0, 0],
          [-1, 1],
        ],
      ],
    },
    K: {
      value: [
        [
          [1, 0],
          [0, 1],
          [1, -1],
        ],
        [
          [0, 1],
          [1, 0],
          [1, 1],
        ],
      ],
    },
    V: {
      value: [
        [
          [1, 0],
          [0, 1],
          [1, 1],
        ],
        [
          [3, 0],
          [0, 3],
          [1, 1],
        ],
      ],
    },
  },
  run(lab, x) {
    const r = lab.attention(x.Q, x.K, x.V);
    return { ...r, rowSums: lab.ops.sum(r.weights, -1), columnSums: lab.ops.sum(r.weights, -2) };
  },
  steps: [
    {
      key: 'shapes',
      formula: '\\mathrm{Attention}(Q, K, V) = \\mathrm{softmax}\\!\\left(\\frac{Q K^\\top}{\\sqrt{d_k}}\\right) V',
      show: (r, x) => [
        ...items.map((_, b) => ({
          group: [
            { matrix: x.Q[b], label: `Q[${b}]`, input: 'Q', index: [b] },
            { matrix: x.K[b], label: `K[${b}]`, input: 'K', index: [b] },
            { matrix: x.V[b], label: `V[${b}]`, input: 'V', index: [b] },
          ],
        })),
        {
          facts: [
            { label: 'Q', value: shapeText(x.Q) },
            { label: 'K.transpose(-2, -1)', value: `[${x.K.length}, ${x.K[0][0].length}, ${x.K[0].length}]` },
            { label: L.scoresShape, value: shapeText(r.scores), result: 'scores-shape' },
          ],
        },
      ],
    },
    {
      key: 'perItem',
      show: (r) =>
        items.map((b) => ({ matrix: r.weights[b], label: `A[${b}]`, kind: 'prob', caption: L.batchItem({ b }) })),
    },
    {
      key: 'sums',
      show: (r) =>
        items.map((_, b) => ({
          group: [
            { matrix: r.weights[b], label: `A[${b}]`, kind: 'prob' },
            {
              facts: [
                { label: L.rowSums, value: vector(r.rowSums[b]), result: `rows-${b}` },
                { label: L.columnSums, value: vector(r.columnSums[b]), result: `columns-${b}` },
              ],
            },
          ],
        })),
    },
  ],
};
