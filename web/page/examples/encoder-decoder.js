// §9.4: the encoder–decoder assembly. An encoder block (self-attention without a mask) turns the
// source rows into the memory; the decoder block masks its own self-attention, then lets every
// target position read every source position (cross-attention), then applies the FFN. The
// weights are rows of a sinusoidal table, so that every number, weights included, comes from
// the engine and any D works.
import { labels as L } from '../../strings.js';
import { shapeText } from '../format.js';
import { tableRows as rowsOf } from './handout.js';

const D = 4;
const attention = (lab, at) => ({
  wQ: rowsOf(lab, at, D, D),
  wK: rowsOf(lab, at + D, D, D),
  wV: rowsOf(lab, at + 2 * D, D, D),
  wO: rowsOf(lab, at + 3 * D, D, D),
});
const ffn = (lab, at) => ({ w1: rowsOf(lab, at, D, 2 * D), w2: rowsOf(lab, at + D, 2 * D, D) });

export const encoderDecoderExample = {
  id: '9.4',
  section: '§9.4',
  inputs: {
    Tdec: { value: 3, integer: true, min: 1, max: 8 },
    Tenc: { value: 2, integer: true, min: 1, max: 8 },
    heads: { value: 2, integer: true, min: 1, max: 4 },
    arrangement: { value: 'post' },
  },
  run(lab, x) {
    const opts = { heads: x.heads, arrangement: x.arrangement, activation: 'relu' };
    // The source (encoder) and target (decoder) rows, one sequence each.
    const source = [rowsOf(lab, 40, x.Tenc, D)];
    const target = [rowsOf(lab, 60, x.Tdec, D)];
    const encoder = lab.block(source, { attn: attention(lab, 100), ffn: ffn(lab, 120) }, { ...opts, causal: false });
    const memory = encoder.output;
    const decoder = lab.decoderBlock(
      target,
      memory,
      { selfAttn: attention(lab, 200), crossAttn: attention(lab, 220), ffn: ffn(lab, 240) },
      opts,
    );
    const step = (name) => decoder.trace.find((s) => s.name === name).values;
    return { source, target, encoder, memory, decoder, step };
  },
  steps: [
    {
      key: 'plan',
      predict: {
        what: L.encdec.predictCross,
        format: 'shape',
        hides: [L.encdec.plan],
        expected: (r) => [1, r.decoder.crossWeights[0].length, r.target[0].length, r.source[0].length],
        misconceptions: (r) => [
          {
            id: 'kv-from-decoder',
            section: '§9.4',
            value: [1, r.decoder.crossWeights[0].length, r.target[0].length, r.target[0].length],
          },
        ],
      },
      show: (r) => [
        { number: 'Tdec', label: 'T_dec' },
        { number: 'Tenc', label: 'T_enc' },
        { number: 'heads', label: 'H' },
        {
          choice: 'arrangement',
          label: L.encdec.arrangement,
          options: [
            ['post', L.encdec.post],
            ['pre', L.encdec.pre],
          ],
        },
        {
          table: {
            colLabels: [L.encdec.queries, L.encdec.keysValues, L.encdec.weights, L.encdec.output, L.encdec.mask],
            rows: [
              [
                L.encdec.encoderSelf,
                `S ${shapeText(r.source)}`,
                'S',
                shapeText(r.encoder.attention.weights),
                `M ${shapeText(r.memory)}`,
                L.encdec.noMask,
              ],
              [
                L.encdec.decoderSelf,
                `X ${shapeText(r.target)}`,
                'X',
                shapeText(r.decoder.selfWeights),
                `h\u2081 ${shapeText(r.step('h1'))}`,
                L.encdec.causalMask,
              ],
              [
                L.encdec.cross,
                `h\u2081 ${shapeText(r.step('h1'))}`,
                `M ${shapeText(r.memory)}`,
                shapeText(r.decoder.crossWeights),
                `h\u2082 ${shapeText(r.step('h2'))}`,
                L.encdec.noMask,
              ],
              [
                L.encdec.ffnRow,
                `h\u2082 ${shapeText(r.step('h2'))}`,
                '\u2014',
                '\u2014',
                `Y ${shapeText(r.decoder.output)}`,
                '\u2014',
              ],
            ],
          },
          caption: L.encdec.plan,
          label: L.encdec.plan, // what predict mode hides
        },
        {
          facts: [{ label: L.encdec.crossShape, value: shapeText(r.decoder.crossWeights), result: 'plan-cross-shape' }],
        },
      ],
    },
    {
      key: 'encoder',
      formula: 'M = \\mathrm{Encoder}(S), \\quad \\text{self-attention without a mask}',
      show: (r) => [
        { matrix: r.source[0], label: L.encdec.source, rowLabels: r.source[0].map((_, i) => `s${i}`) },
        {
          matrix: r.encoder.attention.weights[0][0],
          label: L.encdec.encoderWeights,
          kind: 'prob',
          rowLabels: r.source[0].map((_, i) => `s${i}`),
          colLabels: r.source[0].map((_, i) => `s${i}`),
        },
        { matrix: r.memory[0], label: L.encdec.memory, rowLabels: r.source[0].map((_, i) => `m${i}`) },
      ],
    },
    {
      key: 'self',
      formula: 'A = \\mathrm{softmax}(Q K^\\top / \\sqrt{d_k} + M_{\\text{causal}}), \\quad Q, K, V \\text{ from } X',
      show: (r) => [
        { matrix: r.target[0], label: L.encdec.target, rowLabels: r.target[0].map((_, i) => `t${i}`) },
        {
          matrix: r.decoder.selfWeights[0][0],
          label: L.encdec.selfWeights,
          kind: 'prob',
          rowLabels: r.target[0].map((_, i) => `t${i}`),
          colLabels: r.target[0].map((_, i) => `t${i}`),
        },
      ],
    },
    {
      key: 'cross',
      formula: 'Q = h_1 W_Q, \\quad K = M W_K, \\quad V = M W_V, \\quad A = \\mathrm{softmax}(Q K^\\top / \\sqrt{d_k})',
      show: (r) => [
        { matrix: r.step('cross.q')[0], label: L.encdec.crossQ, rowLabels: r.target[0].map((_, i) => `t${i}`) },
        { matrix: r.step('cross.k')[0], label: L.encdec.crossK, rowLabels: r.source[0].map((_, i) => `m${i}`) },
        {
          matrix: r.decoder.crossWeights[0][0],
          label: L.encdec.crossWeights,
          kind: 'prob',
          rowLabels: r.target[0].map((_, i) => `t${i}`),
          colLabels: r.source[0].map((_, i) => `m${i}`),
        },
        {
          facts: [
            { label: L.encdec.crossShape, value: shapeText(r.decoder.crossWeights), result: 'cross-shape' },
            { label: L.encdec.selfShape, value: shapeText(r.decoder.selfWeights) },
          ],
        },
      ],
    },
    {
      key: 'output',
      formula:
        '\\text{post: } Y = \\mathrm{LN}_3(h_2 + \\mathrm{FFN}(h_2)) \\qquad \\text{pre: } Y = h_2 + \\mathrm{FFN}(\\mathrm{LN}_3(h_2))',
      show: (r) => [
        { matrix: r.decoder.output[0], label: 'Y', rowLabels: r.target[0].map((_, i) => `t${i}`) },
        { facts: [{ label: L.encdec.outputShape, value: shapeText(r.decoder.output), result: 'output-shape' }] },
      ],
    },
  ],
};
