// lab.loadCheckpoint and model.exportSafetensors (issue 14): a checkpoint written here from the
// safetensors format's own description, in nanoGPT's names and [out, in] layout, loads as the
// model it came from; an exported model reads back the same; every broken file is an Error that
// names the tensor or the field, and the engine goes on answering with a flat heap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from '../../web/engine/index.js';

const lab = await loadEngine();
const CONFIG = { vocab_size: 11, n_embd: 16, n_head: 2, n_layer: 2, block_size: 8, seed: 4 };
const BATCH = [
  [1, 2, 3, 4, 5, 6, 7, 8, 9],
  [9, 8, 7, 6, 5, 4, 3, 2, 1],
];

// A safetensors file: 8 bytes of little-endian header length, the JSON header, then the data.
function safetensors(tensors, metadata, { dtype = 'F32' } = {}) {
  const header = {};
  let offset = 0;
  const chunks = [];
  for (const [name, { shape, data }] of Object.entries(tensors)) {
    const bytes =
      dtype === 'F64' ? new Uint8Array(Float64Array.from(data).buffer) : new Uint8Array(Float32Array.from(data).buffer);
    header[name] = { dtype, shape, data_offsets: [offset, offset + bytes.length] };
    offset += bytes.length;
    chunks.push(bytes);
  }
  if (metadata) header.__metadata__ = metadata;
  const json = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(8 + json.length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(json.length), true);
  out.set(json, 8);
  let at = 8 + json.length;
  for (const c of chunks) (out.set(c, at), (at += c.length));
  return out;
}
const transpose = (m) => m[0].map((_, j) => m.map((row) => row[j]));
const tensor = (nested, flip = false) => {
  const m = flip ? transpose(nested) : nested;
  return Array.isArray(m[0]) ? { shape: [m.length, m[0].length], data: m.flat() } : { shape: [m.length], data: m };
};

// A block's tensors as nanoGPT names them and as the lab does, and whether nanoGPT's Linear
// stores the weight [out, in] (transposed from the lab's [in, out]).
const BLOCK_NAMES = [
  ['ln_1.weight', 'norm1.gamma'],
  ['ln_1.bias', 'norm1.beta'],
  ['attn.c_attn.weight', 'attn.wQKV', true],
  ['attn.c_attn.bias', 'attn.bQKV'],
  ['attn.c_proj.weight', 'attn.wO', true],
  ['attn.c_proj.bias', 'attn.bO'],
  ['ln_2.weight', 'norm2.gamma'],
  ['ln_2.bias', 'norm2.beta'],
  ['mlp.c_fc.weight', 'ffn.w1', true],
  ['mlp.c_fc.bias', 'ffn.b1'],
  ['mlp.c_proj.weight', 'ffn.w2', true],
  ['mlp.c_proj.bias', 'ffn.b2'],
];

// The model's parameters under nanoGPT's names, weights [out, in], the tied head stored once.
function nanogpt(model) {
  const p = model.parameters();
  const out = { 'transformer.wte.weight': tensor(p.embedding), 'transformer.wpe.weight': tensor(p.positions) };
  for (let l = 0; l < CONFIG.n_layer; l++) {
    for (const [theirs, ours, transposed] of BLOCK_NAMES)
      out[`transformer.h.${l}.${theirs}`] = tensor(p[`blocks.${l}.${ours}`], transposed);
  }
  out['transformer.ln_f.weight'] = tensor(p['finalNorm.gamma']);
  out['transformer.ln_f.bias'] = tensor(p['finalNorm.beta']);
  return out;
}

test('§9 a checkpoint written in nanoGPT’s names and layout loads as the model it came from', () => {
  const model = lab.createModel(CONFIG);
  model.trainStep(BATCH, { lr: 0.01 });
  const file = safetensors(nanogpt(model), {
    n_layer: '2',
    n_head: '2',
    n_embd: '16',
    block_size: '8',
    vocab_size: '11',
    bias: 'True',
    dropout: '0.0',
  });
  const loaded = lab.loadCheckpoint(file);
  assert.equal(loaded.evaluate(BATCH).loss, model.evaluate(BATCH).loss);
  assert.deepEqual(loaded.generate([1, 2], { steps: 5 }).tokens, model.generate([1, 2], { steps: 5 }).tokens);
  assert.deepEqual(loaded.inspect([3, 1, 4]).probs, model.inspect([3, 1, 4]).probs);
  // F64 weights (float32 values exactly) give the same model
  const f64 = lab.loadCheckpoint(safetensors(nanogpt(model), { n_head: '2' }, { dtype: 'F64' }));
  assert.equal(f64.evaluate(BATCH).loss, model.evaluate(BATCH).loss);
  // without n_head in the file, the options give it
  assert.throws(() => lab.loadCheckpoint(safetensors(nanogpt(model))), {
    code: 'checkpoint.noHeads',
    message: /give it as the option n_head/,
  });
  assert.equal(
    lab.loadCheckpoint(safetensors(nanogpt(model)), { n_head: 2 }).evaluate(BATCH).loss,
    model.evaluate(BATCH).loss,
  );
  for (const m of [model, loaded, f64]) m.delete();
});

test('an exported model reads back as the same model, and trains on from there', () => {
  const model = lab.createModel({ ...CONFIG, bias: false });
  const bytes = model.exportSafetensors();
  assert.ok(bytes instanceof Uint8Array);
  const back = lab.loadCheckpoint(bytes);
  assert.equal(back.evaluate(BATCH).loss, model.evaluate(BATCH).loss);
  assert.equal(back.trainStep(BATCH, { lr: 0.01 }).loss, model.trainStep(BATCH, { lr: 0.01 }).loss);
  const rms = lab.createModel({ ...CONFIG, norm: 'rms' });
  assert.throws(
    () => rms.exportSafetensors(),
    /exportSafetensors: this model has RMSNorm, which nanoGPT’s GPT does not/,
  );
  for (const m of [model, back, rms]) m.delete();
});

test('every broken file is an Error naming what is wrong; the engine still answers; the heap stays flat', () => {
  const model = lab.createModel(CONFIG);
  const good = safetensors(nanogpt(model), { n_head: '2' });
  const header = (text) => {
    const json = new TextEncoder().encode(text);
    const out = new Uint8Array(8 + json.length + 64);
    new DataView(out.buffer).setBigUint64(0, BigInt(json.length), true);
    out.set(json, 8);
    return out;
  };
  const withTensors = (edit) => {
    const t = nanogpt(model);
    edit(t);
    return safetensors(t, { n_head: '2' });
  };
  const cases = [
    [good.slice(0, 5), /shorter than the 8 bytes/],
    [good.slice(0, 200), /past the end of the file/],
    [
      (() => {
        const f = good.slice();
        new DataView(f.buffer).setBigUint64(0, 100n << 20n, true);
        return f;
      })(),
      /more than the 16,777,216/,
    ],
    [header('{"a": 1'), /not valid JSON/],
    [
      header('{"w":{"dtype":"I8","shape":[1],"data_offsets":[0,1]}}'),
      /dtype “I8”; the lab reads F32, F16, BF16 and F64/,
    ],
    [header('{"w":{"dtype":"F32","shape":[1],"data_offsets":[0,400]}}'), /outside the 64 bytes of data/],
    [
      header(
        '{"a":{"dtype":"F32","shape":[4],"data_offsets":[0,16]},"b":{"dtype":"F32","shape":[4],"data_offsets":[8,24]}}',
      ),
      /“a” and “b” overlap/,
    ],
    [
      withTensors((t) => (t['transformer.h.0.ln_1.weight'] = { shape: [15], data: new Array(15).fill(1) })),
      /transformer.h.0.ln_1.weight has shape \[15\] but the configuration needs \[16\]/,
    ],
    [
      withTensors((t) => (t['transformer.h.0.attn.rotary'] = { shape: [1], data: [0] })),
      /a tensor named “transformer.h.0.attn.rotary”/,
    ],
    [withTensors((t) => delete t['transformer.ln_f.weight']), /has no transformer.ln_f.weight/],
    [withTensors((t) => (t['transformer.wpe.weight'].data[3] = NaN)), /“transformer.wpe.weight” entry 3 is NaN/],
    [
      safetensors(nanogpt(model), { n_head: '2', n_embd: '32' }),
      /__metadata__ says n_embd=32 but the tensors’ shapes give 16/,
    ],
  ];
  const before = lab.memory().heapInUse;
  for (let round = 0; round < 20; round++)
    for (const [bytes, says] of cases) {
      assert.throws(
        () => lab.loadCheckpoint(bytes),
        (e) =>
          e instanceof Error &&
          /^loadCheckpoint: /.test(e.message) &&
          says.test(e.message) &&
          /^(safetensors|checkpoint)\./.test(e.code),
        String(says),
      );
    }
  assert.equal(lab.memory().heapInUse, before, 'no memory kept by a refused file');
  assert.deepEqual(
    lab
      .attention(
        [[1, 0]],
        [
          [Math.SQRT2 * Math.LN2, 0],
          [0, 1],
          [0, -1],
        ],
        [
          [2, 0],
          [0, 2],
          [4, 4],
        ],
      )
      .output[0].map((x) => +x.toFixed(12)),
    [2, 1.5],
  );
  model.delete();
});

test('loadCheckpoint reports its progress tensor by tensor; a bad or throwing handler changes nothing', () => {
  const model = lab.createModel(CONFIG);
  const file = safetensors(nanogpt(model), { n_head: '2' });
  const told = [];
  const loaded = lab.loadCheckpoint(file, {}, (done, total) => told.push([done, total]));
  const tensors = 2 + CONFIG.n_layer * 12 + 2; // wte, wpe, 12 a block, ln_f's two
  assert.equal(told.length, tensors);
  for (let k = 1; k < told.length; k++) assert.ok(told[k][0] > told[k - 1][0], `report ${k} moves on`);
  const [done, total] = told.at(-1);
  assert.equal(done, total);
  assert.equal(total, file.length - 8 - new DataView(file.buffer).getUint32(0, true), 'every byte of data read');
  assert.throws(
    () => lab.loadCheckpoint(file, {}, 'yes'),
    /loadCheckpoint: onProgress must be a function \(done, total\), got “yes” \(a string\)/,
  );
  const before = lab.memory();
  assert.throws(
    () =>
      lab.loadCheckpoint(file, {}, () => {
        throw new Error('the page was closed');
      }),
    /the page was closed/,
  );
  assert.equal(lab.memory().heapInUse, before.heapInUse, 'the model of a failed load is freed');
  assert.equal(lab.memory().liveHandles, before.liveHandles);
  assert.equal(loaded.evaluate(BATCH).loss, model.evaluate(BATCH).loss);
  for (const m of [model, loaded]) m.delete();
});

test('an opened model describes itself and answers §7.1, §7.3 and §6.1 from the engine', () => {
  const model = lab.createModel(CONFIG);
  model.trainStep(BATCH, { lr: 0.01 });
  const opened = lab.loadCheckpoint(model.exportSafetensors());
  const { config, parameterCount } = opened.describe();
  assert.deepEqual([config.vocab, config.D, config.heads, config.layers, config.T], [11, 16, 2, 2, 8]);
  assert.equal(parameterCount, lab.paramCount({ vocab: 11, D: 16, heads: 2, layers: 2, maxT: 8 }).total);
  const tokens = [3, 1, 4, 1, 5, 9];
  for (let position = 0; position < tokens.length; position++) {
    const dep = opened.futureDependence(tokens, position);
    assert.equal(dep.length, tokens.length);
    dep.forEach((d, i) => assert.ok(i < position ? d === 0 : d > 0, `position ${i} after a change at ${position}`));
  }
  assert.equal(opened.permutationGap(tokens, [0, 1, 2, 3, 4, 5]), 0);
  assert.ok(opened.permutationGap(tokens, [5, 4, 3, 2, 1, 0]) > 1e-3, 'positions and the mask make order matter');
  for (let seed = 0; seed < 50; seed++) {
    const { tokens: out, steps: draws } = opened.generate([1, 2], { steps: 6, temperature: 1, seed });
    assert.equal(draws.length, out.length - 2);
    draws.forEach((d, s) => {
      assert.equal(d.token, out[2 + s]);
      assert.ok(d.below <= d.u && d.u < d.upto, `seed ${seed} step ${s}: u in its slice`);
    });
  }
  assert.equal(opened.generate([1, 2], { steps: 2 }).steps[0].u, null, 'greedy draws nothing');
  assert.throws(() => opened.futureDependence(tokens, -1), /futureDependence: position must be a whole number >= 0/);
  assert.throws(
    () => opened.permutationGap(tokens, [0, 1]),
    /permutationGap: perm has 2 entries but the sequence has 6/,
  );
  for (const m of [model, opened]) m.delete();
});

test('a name map reads a model whose names are not nanoGPT’s; a bad map is refused', () => {
  const model = lab.createModel(CONFIG);
  const renamed = Object.fromEntries(
    Object.entries(nanogpt(model)).map(([name, t]) => [
      name.replace('transformer.h.', 'blocks.').replace('.ln_1.', '.norm_a.').replace('transformer.wte', 'embed'),
      t,
    ]),
  );
  const file = safetensors(renamed, { n_head: '2' });
  assert.throws(() => lab.loadCheckpoint(file), /a tensor named “embed.weight”.*needs a name map/);
  const names = {
    'embed.weight': 'transformer.wte.weight',
    'blocks.{layer}.norm_a.{p}': 'transformer.h.{layer}.ln_1.{p}',
    'blocks.{layer}.{rest}': 'transformer.h.{layer}.{rest}',
  };
  assert.throws(() => lab.loadCheckpoint(file, { names }), /a tensor named “blocks.0.norm_a.weight”/);
  const map = {
    'embed.weight': 'transformer.wte.weight',
    'blocks.{layer}.norm_a.weight': 'transformer.h.{layer}.ln_1.weight',
    'blocks.{layer}.norm_a.bias': 'transformer.h.{layer}.ln_1.bias',
  };
  for (const part of ['attn.c_attn', 'attn.c_proj', 'ln_2', 'mlp.c_fc', 'mlp.c_proj'])
    for (const kind of ['weight', 'bias'])
      map[`blocks.{layer}.${part}.${kind}`] = `transformer.h.{layer}.${part}.${kind}`;
  const loaded = lab.loadCheckpoint(file, { names: map });
  assert.equal(loaded.evaluate(BATCH).loss, model.evaluate(BATCH).loss);
  assert.throws(
    () => lab.loadCheckpoint(file, { names: { a: 1 } }),
    /loadCheckpoint: names must be an object of \{"their name": "nanoGPT’s name"\} texts/,
  );
  assert.throws(() => lab.loadCheckpoint(file, { names: [] }), /names must be an object/);
  for (const m of [model, loaded]) m.delete();
});

// model.parameters() (flat names) as lmForward's nested parameters.
function nested(p, layers) {
  const blocks = Array.from({ length: layers }, (_, l) => {
    const b = (n) => p[`blocks.${l}.${n}`];
    return {
      attn: { wQKV: b('attn.wQKV'), bQKV: b('attn.bQKV'), wO: b('attn.wO'), bO: b('attn.bO') },
      ffn: { w1: b('ffn.w1'), b1: b('ffn.b1'), w2: b('ffn.w2'), b2: b('ffn.b2') },
      norm1: { gamma: b('norm1.gamma'), beta: b('norm1.beta') },
      norm2: { gamma: b('norm2.gamma'), beta: b('norm2.beta') },
    };
  });
  return {
    embedding: p.embedding,
    positions: p.positions,
    blocks,
    finalNorm: { gamma: p['finalNorm.gamma'], beta: p['finalNorm.beta'] },
  };
}

test('§7.4 a loaded checkpoint scores what lmForward, the worked examples’ double path, gives on its weights', () => {
  const model = lab.createModel(CONFIG);
  model.trainStep(BATCH, { lr: 0.01 });
  const loaded = lab.loadCheckpoint(safetensors(nanogpt(model), { n_head: '2' }));
  const reference = lab.lmForward(BATCH, nested(loaded.parameters(), CONFIG.n_layer), {
    heads: 2,
    activation: 'gelu',
    trace: false,
  });
  const { loss } = loaded.evaluate(BATCH); // float32 sums against double ones
  assert.ok(Math.abs(loss - reference.loss) < 1e-5 * reference.loss, `${loss} against ${reference.loss}`);
  for (const m of [model, loaded]) m.delete();
});
