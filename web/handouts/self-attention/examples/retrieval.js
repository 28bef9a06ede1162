// §2.1 one query's retrieval and §2.2 how the routing learns.
import { labels as L, said } from '../../../text/index.js';
import { short, vector } from '../../../locale/number.js';
import { retrieval } from './handout.js';

const ln2 = Math.log(2);
const keys = ['k0', 'k1', 'k2'];

// A prediction of the query's row of the result's `key` (shown as `symbol`), whose named mistake
// is leaving out §3.1's 1/√d_k.
const predictRow = (what, symbol, key) => ({
  what,
  format: 'vector',
  hides: [symbol],
  expected: (r) => r[key][0],
  misconceptions: (r, x, lab) => [
    { id: 'no-scaling', section: '§3.1', value: lab.attention(x.q, x.k, x.v, { scale: 1 })[key][0] },
  ],
});

export const retrievalExample = {
  id: '2.1',
  section: '§2.1',
  inputs: {
    q: { value: retrieval.q },
    k: { value: retrieval.k },
    v: { value: retrieval.v },
  },
  run(lab, x) {
    const r = lab.attention(x.q, x.k, x.v);
    // Past s = 709.78, e^s is beyond a double and the engine refuses it; softmax is still fine,
    // because it uses the shifted exponentials. The step then says why e^s is missing.
    let exps = null;
    let expRefused = null;
    try {
      exps = lab.ops.exp(r.scores);
    } catch (e) {
      expRefused = said(e);
    }
    return {
      ...r,
      exps,
      expRefused,
      shifted: lab.ops.expShifted(r.scores),
      weightSum: lab.ops.sum(r.weights)[0],
      contributions: lab.ops.scaleRows(r.weights[0], x.v),
    };
  },
  steps: [
    {
      key: 'setup',
      formula:
        'y = \\sum_j a_j v_j, \\qquad a_j = \\frac{e^{s_j}}{\\sum_l e^{s_l}}, \\qquad s_j = \\frac{q \\cdot k_j}{\\sqrt{d_k}}',
      show: (r, x) => [
        { matrix: x.q, label: 'q', input: 'q' },
        { matrix: x.k, label: 'K', input: 'k', rowLabels: keys },
        { matrix: x.v, label: 'V', input: 'v', rowLabels: ['v0', 'v1', 'v2'] },
      ],
    },
    {
      key: 'scores',
      formula: 's_j = \\frac{q \\cdot k_j}{\\sqrt{d_k}}',
      predict: predictRow(L.predict.scores, 's', 'scores'),
      show: (r, x) => [
        { matrix: x.q, label: 'q' },
        { matrix: x.k, label: 'K', rowLabels: keys },
        { matrix: r.scores[0], label: 's', colLabels: keys },
      ],
    },
    {
      key: 'exps',
      formula: 'e^{s_j} \\qquad e^{s_j - \\max_l s_l}',
      show: (r) => [
        { matrix: r.scores[0], label: 's', colLabels: keys },
        ...(r.exps ? [{ matrix: r.exps[0], label: 'exp(s)', kind: 'magnitude', colLabels: keys }] : []),
        { matrix: r.shifted[0], label: 'exp(s − max s)', kind: 'prob', colLabels: keys },
        ...(r.exps ? [] : [{ remark: L.expTooLarge({ why: r.expRefused }) }]),
      ],
    },
    {
      key: 'weights',
      formula: 'a_j = \\frac{e^{s_j}}{\\sum_l e^{s_l}}',
      predict: predictRow(L.predict.weights, 'a', 'weights'),
      show: (r) => [
        { matrix: r.weights[0], label: 'a', kind: 'prob', colLabels: keys },
        { facts: [{ label: '\u03a3 a_j', value: short(r.weightSum), result: 'weight-sum' }] },
      ],
    },
    {
      key: 'output',
      formula: 'y = \\sum_j a_j v_j',
      predict: {
        what: L.predict.output,
        format: 'vector',
        hides: ['a_j v_j', 'y'],
        expected: (r) => r.output[0],
        misconceptions: (r, x, lab) => [
          { id: 'no-scaling', section: '§3.1', value: lab.attention(x.q, x.k, x.v, { scale: 1 }).output[0] },
          { id: 'keys-not-values', section: '§2.1', value: lab.ops.matmul(r.weights, x.k)[0] },
        ],
      },
      show: (r) => [
        { matrix: r.contributions, label: 'a_j v_j', rowLabels: ['a0 v0', 'a1 v1', 'a2 v2'] },
        { matrix: r.output[0], label: 'y' },
        { facts: [{ label: 'y', value: vector(r.output[0]), result: 'y' }] },
      ],
    },
  ],
};

export const routingExample = {
  id: '2.2',
  section: '§2.2',
  inputs: {
    s: { value: [ln2, 0, 0] },
    nudged: { value: [ln2 + 1, 0, 0] },
  },
  run(lab, x) {
    return {
      a: lab.softmax(x.s),
      b: lab.softmax(x.nudged),
      sums: [lab.ops.sum(lab.softmax(x.s)), lab.ops.sum(lab.softmax(x.nudged))],
      jacobian: lab.ops.softmaxJacobian(x.s),
      columnSums: lab.ops.sum(lab.ops.softmaxJacobian(x.s), 0),
    };
  },
  steps: [
    {
      key: 'compete',
      formula: 'a_j = \\frac{e^{s_j}}{\\sum_l e^{s_l}}, \\qquad \\sum_j a_j = 1',
      show: (r, x) => [
        { matrix: x.s, label: 's', input: 's', colLabels: keys },
        { matrix: r.a, label: 'a', kind: 'prob', colLabels: keys },
        { facts: [{ label: '\u03a3 a_j', value: short(r.sums[0]) }] },
      ],
    },
    {
      key: 'nudge',
      show: (r, x) => [
        { matrix: x.nudged, label: "s'", input: 'nudged', colLabels: keys },
        { matrix: r.b, label: "a'", kind: 'prob', colLabels: keys },
        {
          facts: r.a
            .map((a, j) => ({ label: `a${j} \u2192 a'${j}`, value: `${short(a)} \u2192 ${short(r.b[j])}` }))
            .concat([{ label: "\u03a3 a'_j", value: short(r.sums[1]), result: 'nudged-sum' }]),
        },
      ],
    },
    {
      key: 'gradient',
      formula: '\\frac{\\partial a_i}{\\partial s_j} = a_i(\\delta_{ij} - a_j)',
      show: (r) => [
        {
          matrix: r.jacobian,
          label: '\u2202a_i/\u2202s_j',
          rowLabels: ['a0', 'a1', 'a2'],
          colLabels: ['s0', 's1', 's2'],
        },
        { matrix: r.columnSums, label: L.columnSums, colLabels: ['s0', 's1', 's2'] },
      ],
    },
  ],
};
