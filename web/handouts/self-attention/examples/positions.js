// §6 the vocabulary head (tied or untied) and §6.1 order: equivariance without positions,
// and how added positions break it.
import { labels as L } from '../../../text/index.js';
import { short } from '../../../locale/number.js';
import { toyModel, toyVocabulary } from './handout.js';

export const headExample = {
  id: '6',
  section: '§6',
  inputs: {
    V: { value: 65, integer: true, min: 1, max: 1000000 },
    D: { value: 64, integer: true, min: 1, max: 100000 },
  },
  run(lab, x) {
    const config = { vocab: x.V, D: x.D, heads: 1, layers: 2, maxT: 64, positions: 'learned' };
    return { tied: lab.paramCount({ ...config, tied: true }), untied: lab.paramCount({ ...config, tied: false }) };
  },
  steps: [
    {
      key: 'head',
      formula: 'z_i = h_i E^\\top, \\quad E \\in \\mathbb{R}^{V \\times D}',
      formulaLabels: [L.formula.tiedHead],
      show: (r) => [
        { number: 'V', label: L.vocabularySize },
        { number: 'D', label: 'D' },
        {
          facts: [
            { label: L.tiedModel, value: short(r.tied.total) },
            { label: L.untiedModel, value: short(r.untied.total) },
            { label: L.untiedHead, value: short(r.untied.breakdown.lm_head), result: 'head-params' },
          ],
        },
      ],
    },
  ],
};

// The §7.4 toy model without its mask: with no positions it cannot tell order.
const noTable = { ...toyModel };
delete noTable.positions;
const modelFor = (kind) => (kind === 'learned' ? toyModel : noTable);
const SWAP_0_2 = [2, 1, 0];
const rows = [0, 1, 2].map((i) => L.position({ i }));

// The logits before and after swapping tokens 0 and 2, and the engine's measure of the gap.
const comparison = (c, result) => [
  { matrix: c.original, label: L.logits, rowLabels: rows, colLabels: toyVocabulary },
  { matrix: c.swapped, label: L.logitsSwapped, rowLabels: rows, colLabels: toyVocabulary },
  { facts: [{ label: '|f(P w) \u2212 P f(w)|', value: short(c.gap), result }] },
];

export const orderExample = {
  id: '6.1',
  section: '§6.1',
  inputs: {
    tokens: { value: [0, 1, 2], integer: true, token: true, min: 0, max: 2 },
    positions: { value: 'learned', choices: ['learned', 'sinusoidal', 'none'] },
    // 256 × 256 is 65,536 numbers, made and copied out in about 25 ms; the view draws a window of them.
    T: { value: 24, integer: true, min: 1, max: 256 },
    D: { value: 16, integer: true, min: 2, max: 256 },
  },
  run(lab, x) {
    // lmForward needs a target after the last input; its loss is not shown here.
    const logits = (kind, toks) =>
      lab.lmForward([...toks, 0], modelFor(kind), {
        heads: 1,
        norm: 'none',
        activation: 'relu',
        causal: false,
        positions: kind,
      }).logits;
    const swapped = SWAP_0_2.map((i) => x.tokens[i]);
    const gap = (kind) =>
      lab.checks.permutationGap(x.tokens, SWAP_0_2, modelFor(kind), {
        heads: 1,
        norm: 'none',
        activation: 'relu',
        causal: false,
        positions: kind,
      });
    return {
      swapped,
      none: { original: logits('none', x.tokens), swapped: logits('none', swapped), gap: gap('none') },
      chosen: { original: logits(x.positions, x.tokens), swapped: logits(x.positions, swapped), gap: gap(x.positions) },
      table: lab.sinusoidalPositions(x.T, x.D),
    };
  },
  steps: [
    {
      key: 'swap',
      show: (r, x) => [
        {
          matrix: x.tokens,
          label: L.tokens,
          kind: 'plain',
          input: 'tokens',
          colLabels: [0, 1, 2].map((i) => L.position({ i })),
        },
        {
          note: `${x.tokens.map((t) => toyVocabulary[t]).join(' ')} \u2192 ${r.swapped.map((t) => toyVocabulary[t]).join(' ')}`,
        },
        ...comparison(r.none, 'gap-none'),
      ],
    },
    {
      key: 'positions',
      formula: 'x_i = E[w_i] + p_i',
      show: (r) => [
        {
          choice: 'positions',
          label: L.positions,
          options: [
            ['learned', L.learnedTable],
            ['sinusoidal', L.sinusoidal],
            ['none', L.noPositions],
          ],
        },
        ...comparison(r.chosen, 'gap-positions'),
      ],
    },
    {
      key: 'sinusoid',
      formula:
        'PE_{p,2i} = \\sin\\!\\left(\\frac{p}{10000^{2i/D}}\\right), \\quad PE_{p,2i+1} = \\cos\\!\\left(\\frac{p}{10000^{2i/D}}\\right)',
      show: (r) => [
        { number: 'T', label: 'T' },
        { number: 'D', label: 'D' },
        { matrix: r.table, label: 'PE', caption: L.peCaption },
      ],
    },
  ],
};
