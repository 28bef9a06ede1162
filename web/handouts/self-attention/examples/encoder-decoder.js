// §9.4: the encoder–decoder assembly. The shared modules and their parameter counts come first;
// then the student fills in the build plan (each module's shapes and mask) for the engine to
// check. An encoder block (self-attention without a mask) turns the source rows into the memory;
// the decoder block masks its own self-attention, then lets every target position read every
// source position (cross-attention), then applies the FFN. The weights and biases are rows of a
// sinusoidal table, so that every number comes from the engine and any D works; the blocks have
// exactly the parameters that paramCount counts (PyTorch's layers, biases included).
import { labels as L } from '../../../text/index.js';
import { shapeOf, shapeText } from '../../../locale/format.js';
import { countUnder, tableRows as rowsOf } from './handout.js';

const D = 4;
const FFN_MULT = 2; // D_ff = 2 D, small enough to show
const bias = (lab, at, width) => rowsOf(lab, at, 1, width)[0];
const attention = (lab, at) => ({
  wQ: rowsOf(lab, at, D, D),
  wK: rowsOf(lab, at + D, D, D),
  wV: rowsOf(lab, at + 2 * D, D, D),
  wO: rowsOf(lab, at + 3 * D, D, D),
  bQ: bias(lab, at + 4 * D, D),
  bK: bias(lab, at + 4 * D + 1, D),
  bV: bias(lab, at + 4 * D + 2, D),
  bO: bias(lab, at + 4 * D + 3, D),
});
const ffn = (lab, at) => ({
  w1: rowsOf(lab, at, D, FFN_MULT * D),
  b1: bias(lab, at + D, FFN_MULT * D),
  w2: rowsOf(lab, at + D + 1, FFN_MULT * D, D),
  b2: bias(lab, at + D + 1 + FFN_MULT * D, D),
});

export const encoderDecoderExample = {
  id: '9.4',
  section: '§9.4',
  inputs: {
    Tdec: { value: 3, integer: true, min: 1, max: 8 },
    Tenc: { value: 2, integer: true, min: 1, max: 8 },
    heads: { value: 2, integer: true, min: 1, max: 4 },
    arrangement: { value: 'post', choices: ['post', 'pre'] },
    layers: { value: 6, integer: true, min: 1, max: 12 },
    vocab: { value: 100, integer: true, min: 1, max: 100000 },
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
      { selfAttn: attention(lab, 200), crossAttn: attention(lab, 230), ffn: ffn(lab, 260) },
      opts,
    );
    const step = (name) => decoder.trace.find((s) => s.name === name).values;
    // PyTorch's nn.Transformer with N + N blocks of these modules, one shared (tied) embedding.
    const count = lab.paramCount({
      vocab: x.vocab,
      D,
      heads: x.heads,
      layers: x.layers,
      encoderLayers: x.layers,
      ffnMult: FFN_MULT,
      positions: 'sinusoidal',
    });
    return { source, target, encoder, memory, decoder, step, count };
  },
  steps: [
    {
      key: 'modules',
      show: (r, x, lab) => {
        const n = (prefix) => countUnder(lab, r.count, prefix);
        const enc = 'encoder.block0.';
        const finals = lab.ops.sum([n('encoder.final'), n('decoder.final')]);
        return [
          { number: 'heads', label: 'H' },
          { number: 'layers', label: L.encdec.layers },
          { number: 'vocab', label: L.encdec.vocab },
          {
            table: {
              colLabels: [L.encdec.madeOf, L.encdec.parameters],
              rows: [
                [L.encdec.attention, L.encdec.attentionParts, lab.ops.sum([n(`${enc}W_`), n(`${enc}attention.bias`)])],
                [L.encdec.ffn({ F: FFN_MULT * D }), L.encdec.ffnParts, n(`${enc}ffn.`)],
                [L.encdec.norm, L.encdec.normParts, n(`${enc}norm1`)],
                [L.encdec.encoderBlock, L.encdec.encoderParts, n(enc)],
                [L.encdec.decoderBlock, L.encdec.decoderParts, n('decoder.block0.')],
                [L.encdec.embedding, L.encdec.embeddingParts({ V: x.vocab, D }), n('embedding')],
                [L.encdec.finalNorms, L.encdec.finalNormParts, finals],
              ],
            },
            caption: L.encdec.modules({ D }),
          },
          {
            facts: [
              {
                label: L.encdec.stack({ N: x.layers }),
                value: `${x.layers} · ${n(enc)} + ${x.layers} · ${n('decoder.block0.')} + ${n('embedding')} + ${finals} = ${r.count.total}`,
                result: 'model-count',
              },
            ],
          },
        ];
      },
    },
    {
      key: 'worksheet',
      show: (r) => [
        { number: 'Tdec', label: 'T_dec' },
        { number: 'Tenc', label: 'T_enc' },
        { number: 'heads', label: 'H' },
        { worksheet: buildPlan(r) },
      ],
    },
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
          // the worksheet's other wrong wirings of the same weights (buildPlan)
          {
            id: 'queries-from-memory',
            section: '§9.4',
            value: [1, r.decoder.crossWeights[0].length, r.source[0].length, r.target[0].length],
          },
          { id: 'no-head-axis', section: '§4.2', value: [1, r.target[0].length, r.source[0].length] },
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
      formula: 'M = \\mathrm{Enc}(S)',
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
      formula:
        'A = \\mathrm{softmax}(Q K^\\top / \\sqrt{d_k} + C), \\quad C_{ij} = \\begin{cases} 0 & j \\le i \\\\ -\\infty & j > i \\end{cases}, \\quad Q = X W_Q, \\; K = X W_K, \\; V = X W_V',
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
      formula: 'Y = \\mathrm{LN}_3(h_2 + \\mathrm{FFN}(h_2)) \\qquad Y = h_2 + \\mathrm{FFN}(\\mathrm{LN}_3(h_2))',
      formulaLabels: [L.formula.postNorm, L.formula.preNorm],
      show: (r) => [
        { matrix: r.decoder.output[0], label: 'Y', rowLabels: r.target[0].map((_, i) => `t${i}`) },
        { facts: [{ label: L.encdec.outputShape, value: shapeText(r.decoder.output), result: 'output-shape' }] },
      ],
    },
  ],
};

// The build plan as a worksheet: each cell's answer is the shape the engine returned, and its
// misconceptions are the shapes of the usual wrong wirings (§9.4, §4.2, §7.3).
function buildPlan(r) {
  const H = r.decoder.crossWeights[0].length;
  const [B, Tdec] = shapeOf(r.target);
  const Tenc = shapeOf(r.source)[1];
  // The tensors by the names the handout and the plan give them: a cell may name its input's
  // tensor ("X") instead of writing its shape, and is checked as that tensor's shape.
  const names = {
    S: shapeOf(r.source),
    X: shapeOf(r.target),
    M: shapeOf(r.memory),
    h1: shapeOf(r.step('h1')),
    'h\u2081': shapeOf(r.step('h1')),
    h2: shapeOf(r.step('h2')),
    'h\u2082': shapeOf(r.step('h2')),
    Y: shapeOf(r.decoder.output),
  };
  const shape = (value, ...wrong) => ({
    format: 'shape',
    names,
    expected: value,
    misconceptions: wrong.map(([id, v]) => ({ id, section: id === 'no-head-axis' ? '§4.2' : '§9.4', value: v })),
  });
  const mask = (value, wrongId) => ({
    format: 'choice',
    words: ['causal', 'none'],
    options: [
      ['causal', L.encdec.causalMask],
      ['none', L.encdec.noMask],
    ],
    expected: value,
    misconceptions: [
      { id: wrongId, section: wrongId === 'no-mask' ? '§7.3' : '§9.4', value: value === 'causal' ? 'none' : 'causal' },
    ],
  });
  return {
    id: 'plan',
    caption: L.encdec.worksheet,
    columns: [
      ['q', L.encdec.queries],
      ['kv', L.encdec.keysValues],
      ['weights', L.encdec.weights],
      ['out', L.encdec.output],
      ['mask', L.encdec.mask],
    ],
    rows: [
      {
        key: 'encoder',
        label: L.encdec.encoderSelf,
        cells: {
          q: shape(shapeOf(r.source)),
          kv: shape(shapeOf(r.source)),
          weights: shape(shapeOf(r.encoder.attention.weights), ['no-head-axis', [B, Tenc, Tenc]]),
          out: shape(shapeOf(r.memory)),
          mask: mask('none', 'masked-encoder'),
        },
      },
      {
        key: 'self',
        label: L.encdec.decoderSelf,
        cells: {
          q: shape(shapeOf(r.target)),
          kv: shape(shapeOf(r.target), ['self-reads-memory', shapeOf(r.memory)]),
          weights: shape(shapeOf(r.decoder.selfWeights), ['no-head-axis', [B, Tdec, Tdec]]),
          out: shape(shapeOf(r.step('h1'))),
          mask: mask('causal', 'no-mask'),
        },
      },
      {
        key: 'cross',
        label: L.encdec.cross,
        cells: {
          q: shape(shapeOf(r.step('h1')), ['queries-from-memory', shapeOf(r.memory)]),
          kv: shape(shapeOf(r.memory), ['kv-from-decoder', shapeOf(r.step('h1'))]),
          weights: shape(
            shapeOf(r.decoder.crossWeights),
            ['kv-from-decoder', [B, H, Tdec, Tdec]],
            ['queries-from-memory', [B, H, Tenc, Tdec]],
            ['no-head-axis', [B, Tdec, Tenc]],
          ),
          out: shape(shapeOf(r.step('h2')), ['queries-from-memory', shapeOf(r.memory)]),
          mask: mask('none', 'causal-cross'),
        },
      },
      {
        key: 'ffn',
        label: L.encdec.ffnRow,
        cells: { q: shape(shapeOf(r.step('h2'))), out: shape(shapeOf(r.decoder.output)) },
      },
    ],
  };
}
