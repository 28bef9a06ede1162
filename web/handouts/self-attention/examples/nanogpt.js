// §9.1–§9.2: nanoGPT's CausalSelfAttention.forward and Block.forward, one line per step, each
// beside the tensor the engine computes for it, in nanoGPT's names (B, T, C, nh, hs). Both run
// lab.block on the same input x with nanoGPT's layout (one fused c_attn, GELU MLP of width 4·C,
// pre-norm); §9.1 is the block's attention sub-layer on x itself (norm 'none', so that
// CausalSelfAttention sees x and not ln_1(x)), §9.2 the whole block. Weights are rows of a
// sinusoidal table, so every number comes from the engine and any C works.
import { labels as L } from '../../../text/index.js';
import { short } from '../../../locale/number.js';
import { shapeText } from '../../../locale/format.js';
import { countUnder, tableRows as rowsOf } from './handout.js';

// x as [B·T][C] rows: the table's rows, with every cell the student typed kept where it still
// fits after B, T or C change.
function inputRows(lab, x) {
  const rows = rowsOf(lab, 3, x.B * x.T, x.C);
  for (const [i, row] of rows.entries())
    for (const c of row.keys()) {
      const typed = x.x?.[i]?.[c];
      if (typeof typed === 'number') row[c] = typed;
    }
  return rows;
}

// nanoGPT's Block parameters in the engine's [in, out] layout: c_attn [C, 3C] (q | k | v),
// attn.c_proj [C, C], mlp.c_fc [C, 4C], mlp.c_proj [4C, C]; with bias=True each has its bias.
// The LayerNorms keep nanoGPT's initial gamma 1, beta 0 (the engine's default for an absent norm).
function blockParams(lab, C, bias) {
  const b = (at, width) => (bias ? { [at[0]]: rowsOf(lab, at[1], 1, width)[0] } : {});
  return {
    attn: {
      wQKV: rowsOf(lab, 20, C, 3 * C),
      ...b(['bQKV', 90], 3 * C),
      wO: rowsOf(lab, 40, C, C),
      ...b(['bO', 91], C),
    },
    ffn: {
      w1: rowsOf(lab, 60, C, 4 * C),
      ...b(['b1', 92], 4 * C),
      w2: rowsOf(lab, 100, 4 * C, C),
      ...b(['b2', 93], C),
    },
  };
}

const inputs = {
  B: { value: 2, integer: true, min: 1, max: 4 },
  T: { value: 3, integer: true, min: 1, max: 8 },
  C: { value: 8, integer: true, min: 1, max: 32 },
  nh: { value: 2, integer: true, min: 1, max: 8 },
  bias: { value: 'True', choices: ['True', 'False'] },
  // x is made from B, T and C (inputRows): as many rows as B·T and columns as C can be.
  x: { value: null, depth: 2, maxLength: 32 },
};

function run(lab, x, norm) {
  // First, so that a C that nh does not divide is refused as nanoGPT's own assert puts it.
  const count = lab.paramCount({ vocab: 1, D: x.C, heads: x.nh, maxT: 1, bias: x.bias === 'True' });
  const X = inputRows(lab, x);
  const input = Array.from({ length: x.B }, (_, b) => X.slice(b * x.T, (b + 1) * x.T));
  const r = lab.block(input, blockParams(lab, x.C, x.bias === 'True'), {
    heads: x.nh,
    arrangement: 'pre',
    norm,
    activation: 'gelu',
  });
  const step = (name) => r.trace.find((s) => s.name === `block.${name}`).values;
  return { ...r, X, input, step, hs: count.headWidth, count, editable: { x: X } };
}

const rowLabels = (x) => Array.from({ length: x.B * x.T }, (_, i) => `b${Math.floor(i / x.T)} t${i % x.T}`);
const positions = (x) => Array.from({ length: x.T }, (_, t) => `t${t}`);
// One matrix per head of sequence 0: what a (B, nh, T, ·) tensor holds for b = 0.
const perHead = (values, label, x, extra = {}) =>
  values[0].map((m, h) => ({ matrix: m, label: `${label}[0, ${h}]`, rowLabels: positions(x), ...extra }));

const settings = [
  { number: 'B', label: 'B' },
  { number: 'T', label: 'T' },
  { number: 'C', label: 'C (= D)' },
  { number: 'nh', label: 'nh (= H)' },
  {
    choice: 'bias',
    label: 'bias',
    options: [
      ['True', 'bias=True'],
      ['False', 'bias=False'],
    ],
  },
];

export const attentionCodeExample = {
  id: '9.1',
  section: '§9.1',
  inputs,
  run: (lab, x) => run(lab, x, 'none'),
  steps: [
    {
      key: 'names',
      code: 'def forward(self, x):\n    B, T, C = x.size()',
      show: (r, x) => [
        ...settings,
        {
          table: {
            colLabels: ['nanoGPT', L.handout, L.value],
            rows: [
              [L.modelWidth, 'C', 'D', short(x.C)],
              [L.headCount, 'nh', 'H', short(x.nh)],
              [L.headWidth, 'hs = C // nh', 'd_h', short(r.hs)],
            ],
          },
          caption: L.names,
        },
        { matrix: r.X, label: 'x', input: 'x', rowLabels: rowLabels(x) },
        { facts: [{ label: 'x', value: shapeText(r.input), result: 'x-shape' }] },
      ],
    },
    {
      key: 'split',
      code: 'q, k, v = self.c_attn(x).split(self.n_embd, dim=2)',
      show: (r, x) => [
        {
          matrix: r.step('qkv')[0],
          label: 'c_attn(x)[0]',
          rowLabels: positions(x),
          colLabels: ['q', 'k', 'v'].flatMap((n) => Array.from({ length: x.C }, (_, c) => `${n}${c}`)),
        },
        {
          facts: [
            { label: 'c_attn(x)', value: shapeText(r.step('qkv')), result: 'qkv-shape' },
            { label: 'q, k, v', value: shapeText(r.step('q')) },
          ],
        },
      ],
    },
    {
      key: 'heads',
      code: [
        'k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) # (B, nh, T, hs)',
        'q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) # (B, nh, T, hs)',
        'v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) # (B, nh, T, hs)',
      ].join('\n'),
      show: (r, x) => [
        ...perHead(r.step('q.heads'), 'q', x),
        {
          facts: [
            { label: L.nanogpt.headsShape, value: shapeText(r.step('q.heads')), result: 'heads-shape' },
            { label: L.nanogpt.headColumnsLabel, value: L.nanogpt.headColumns({ hs: r.hs, last: r.hs - 1 }) },
          ],
        },
      ],
    },
    {
      key: 'att',
      code: 'att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))',
      predict: {
        what: L.nanogpt.predictAtt,
        format: 'shape',
        hides: [L.nanogpt.attMatrices],
        expected: (r) => [r.input.length, r.step('scores')[0].length, r.input[0].length, r.input[0].length],
        misconceptions: (r) => [
          { id: 'no-head-axis', section: '§4.2', value: [r.input.length, r.input[0].length, r.input[0].length] },
          {
            id: 'att-as-y',
            section: '§9.1',
            value: [r.input.length, r.step('scores')[0].length, r.input[0].length, r.hs],
          },
        ],
      },
      show: (r, x) => [
        // the heads' matrices give the shape away, so predict mode hides them with the facts
        { group: perHead(r.step('scores'), 'att', x, { colLabels: positions(x) }), label: L.nanogpt.attMatrices },
        {
          facts: [
            { label: 'att', value: shapeText(r.step('scores')), result: 'att-shape' },
            { label: '1 / sqrt(hs)', value: short(1 / Math.sqrt(r.hs)) },
          ],
        },
      ],
    },
    {
      key: 'mask',
      code: "att = att.masked_fill(self.bias[:,:,:T,:T] == 0, float('-inf'))",
      show: (r, x) => perHead(r.step('masked'), 'att', x, { colLabels: positions(x) }),
    },
    {
      key: 'softmax',
      code: 'att = F.softmax(att, dim=-1)',
      show: (r, x) => perHead(r.step('weights'), 'att', x, { colLabels: positions(x), kind: 'prob' }),
    },
    {
      key: 'y',
      code: 'y = att @ v # (B, nh, T, T) x (B, nh, T, hs) -> (B, nh, T, hs)',
      show: (r, x) => [
        ...perHead(r.step('heads'), 'y', x),
        { facts: [{ label: 'y', value: shapeText(r.step('heads')), result: 'y-heads-shape' }] },
      ],
    },
    {
      key: 'assemble',
      code: 'y = y.transpose(1, 2).contiguous().view(B, T, C)',
      show: (r, x) => [
        { matrix: r.step('concat')[0], label: 'y[0]', rowLabels: positions(x) },
        { facts: [{ label: 'y', value: shapeText(r.step('concat')), result: 'y-shape' }] },
      ],
    },
    {
      key: 'proj',
      code: 'y = self.c_proj(y)\nreturn y',
      show: (r, x) => [
        { matrix: r.step('attn')[0], label: 'c_proj(y)[0]', rowLabels: positions(x) },
        { facts: [{ label: 'c_proj(y)', value: shapeText(r.step('attn')), result: 'out-shape' }] },
      ],
    },
  ],
};

export const blockCodeExample = {
  id: '9.2',
  section: '§9.2',
  inputs,
  run: (lab, x) => {
    const r = run(lab, x, 'layer');
    return { ...r, blockParams: countUnder(lab, r.count, 'block0.') };
  },
  steps: [
    {
      key: 'forward',
      code: 'def forward(self, x):\n    x = x + self.attn(self.ln_1(x))\n    x = x + self.mlp(self.ln_2(x))\n    return x',
      show: (r, x) => [
        ...settings,
        { matrix: r.X, label: 'x', input: 'x', rowLabels: rowLabels(x) },
        { facts: [{ label: L.nanogpt.blockParams, value: short(r.blockParams), result: 'block-params' }] },
      ],
    },
    {
      key: 'ln1',
      code: 'self.ln_1(x)',
      show: (r, x) => [
        { matrix: r.input[0], label: 'x[0]', rowLabels: positions(x) },
        { matrix: r.step('ln1')[0], label: 'ln_1(x)[0]', rowLabels: positions(x) },
      ],
    },
    {
      key: 'attn',
      code: 'x = x + self.attn(self.ln_1(x))',
      show: (r, x) => [
        { matrix: r.step('weights')[0][0], label: 'att[0, 0]', kind: 'prob', rowLabels: positions(x) },
        { matrix: r.step('attn')[0], label: 'attn(ln_1(x))[0]', rowLabels: positions(x) },
        { matrix: r.step('residual1')[0], label: 'x[0]', rowLabels: positions(x) },
      ],
    },
    {
      key: 'ln2',
      code: 'self.ln_2(x)',
      show: (r, x) => [{ matrix: r.step('ln2')[0], label: 'ln_2(x)[0]', rowLabels: positions(x) }],
    },
    {
      key: 'mlp',
      code: 'x = self.c_fc(x)    # (B, T, 4 * C)\nx = self.gelu(x)\nx = self.c_proj(x)  # (B, T, C)',
      show: (r, x) => [
        { matrix: r.step('ffn_pre')[0], label: 'c_fc(x)[0]', rowLabels: positions(x) },
        { matrix: r.step('ffn_hidden')[0], label: 'gelu(c_fc(x))[0]', rowLabels: positions(x) },
        { matrix: r.step('ffn')[0], label: 'mlp(x)[0]', rowLabels: positions(x) },
        {
          facts: [
            { label: 'c_fc(x)', value: shapeText(r.step('ffn_pre')), result: 'mlp-shape' },
            { label: 'mlp(x)', value: shapeText(r.step('ffn')) },
          ],
        },
      ],
    },
    {
      key: 'out',
      code: 'x = x + self.mlp(self.ln_2(x))\nreturn x',
      show: (r, x) => [
        { matrix: r.output[0], label: 'Block(x)[0]', rowLabels: positions(x) },
        { facts: [{ label: 'Block(x)', value: shapeText(r.output), result: 'block-shape' }] },
      ],
    },
  ],
};
