// The training API (lab.createModel): train, evaluate, generate, parameters, save and load bit for
// bit, delete; bad settings refused with the model untouched; the heap flat over 10,000 steps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from '../../web/engine/index.js';

const lab = await loadEngine();
const config = { vocab: 6, D: 8, heads: 2, layers: 2, T: 6, seed: 1 };
// "a b c d e f a b c …": each token predicts the next.
const cycle = (start, n) => Array.from({ length: n }, (_, i) => (start + i) % 6);
const batch = [cycle(0, 7), cycle(2, 7), cycle(4, 7), cycle(1, 7)];

test('createModel, trainStep, evaluate, generate: a learnable sequence is learned', () => {
  const model = lab.createModel(config);
  const before = model.evaluate(batch).loss;
  assert.ok(Math.abs(before - Math.log(6)) < 0.05, `starts near ln 6: ${before}`);
  let last;
  for (let i = 0; i < 150; i++) last = model.trainStep(batch, { optimizer: 'adamw', lr: 1e-2 });
  assert.ok(Number.isFinite(last.loss) && last.gradNorm > 0 && last.lr === 1e-2);
  const after = model.evaluate(batch).loss;
  assert.ok(after < 0.1, `learned the cycle: ${after}`);
  assert.deepEqual(model.generate([0, 1], { steps: 4 }).tokens, [0, 1, 2, 3, 4, 5]);
  model.delete();
});

test('parameters() lists every tensor by name with its shape', () => {
  const model = lab.createModel({ ...config, tied: false });
  const p = model.parameters();
  assert.deepEqual([p.embedding.length, p.embedding[0].length], [6, 8]);
  assert.deepEqual([p.positions.length, p.positions[0].length], [6, 8]);
  assert.deepEqual([p['blocks.1.attn.wQKV'].length, p['blocks.1.attn.wQKV'][0].length], [8, 24]);
  assert.deepEqual([p.head.length, p.head[0].length], [8, 6]);
  assert.equal(
    p['blocks.0.norm1.gamma'].every((g) => g === 1),
    true,
  );
  model.delete();
});

test('save() writes plain JSON; loadModel() reads it back bit for bit, optimiser state aside', () => {
  const model = lab.createModel(config);
  for (let i = 0; i < 5; i++) model.trainStep(batch, { lr: 5e-3 });
  const json = JSON.stringify(model.save());
  const copy = lab.loadModel(JSON.parse(json));
  assert.equal(copy.evaluate(batch).loss, model.evaluate(batch).loss);
  assert.deepEqual(copy.parameters(), model.parameters());
  const saved = JSON.parse(json);
  saved.parameters[0].data[0] = 'x';
  assert.throws(() => lab.loadModel(saved), {
    message: /^loadModel: embedding\[0\] is “x” \(a string\), expected a finite number/,
  });
  const mismatched = JSON.parse(json);
  mismatched.config.D = 16;
  assert.throws(() => lab.loadModel(mismatched), {
    message: /^loadModel: parameter embedding has shape \[6, 8\] but the configuration needs \[6, 16\]/,
  });
  assert.throws(() => lab.loadModel({ hello: 1 }), {
    message: /^loadModel: expected an object saved by model\.save\(\)/,
  });
  model.delete();
  copy.delete();
});

test('ffnMult 0 makes attention-only blocks: no FFN or second norm to train, counted, saved and loaded', () => {
  const model = lab.createModel({ ...config, ffnMult: 0 });
  const names = Object.keys(model.parameters());
  assert.deepEqual(
    names.filter((n) => n.startsWith('blocks.0.')),
    [
      'blocks.0.norm1.gamma',
      'blocks.0.norm1.beta',
      'blocks.0.attn.wQKV',
      'blocks.0.attn.bQKV',
      'blocks.0.attn.wO',
      'blocks.0.attn.bO',
    ],
  );
  // D = 8, H = 2: per block LN1 (2 D) + W_QKV and b_QKV (3 D D + 3 D) + W_O and b_O (D D + D)
  const perBlock = 2 * 8 + 3 * 8 * 8 + 3 * 8 + 8 * 8 + 8;
  const counted = lab.paramCount({ vocab: 6, D: 8, heads: 2, layers: 2, maxT: 6, ffnMult: 0 }).total;
  assert.equal(counted, 6 * 8 + 6 * 8 + 2 * perBlock + 2 * 8);
  assert.equal(counted, model.describe().parameterCount);
  const before = model.evaluate(batch).loss;
  for (let i = 0; i < 60; i++) model.trainStep(batch, { lr: 1e-2 });
  assert.ok(model.evaluate(batch).loss < before - 0.5, 'attention alone learns the cycle from its positions');
  const copy = lab.loadModel(JSON.parse(JSON.stringify(model.save())));
  assert.equal(copy.evaluate(batch).loss, model.evaluate(batch).loss);
  model.delete();
  copy.delete();
});

test('bad settings are refused with a clear message and the model untouched', () => {
  assert.throws(() => lab.createModel({ ...config, heads: 3 }), {
    message: /^createModel: D = 8 is not divisible by heads = 3/,
  });
  assert.throws(() => lab.createModel({ ...config, layerz: 2 }), { message: /^createModel: unknown option “layerz”/ });
  const model = lab.createModel(config);
  const before = model.evaluate(batch).loss;
  for (const [lr, why] of [
    [0, /lr must be a finite number > 0, got 0/],
    [-1, /lr must be a finite number > 0, got −1/],
    [NaN, /option lr must be a finite number, got NaN/],
  ]) {
    assert.throws(() => model.trainStep(batch, { lr }), { message: why });
  }
  assert.throws(() => model.trainStep(batch, { optimizer: 'adam' }), {
    message: /^trainStep: optimizer must be one of adamw or sgd, got “adam”/,
  });
  assert.throws(() => model.trainStep([cycle(0, 9)], {}), {
    message: /^trainStep: the sequences have 8 input positions but the model was made for T = 6/,
  });
  assert.throws(() => model.trainStep([[0, 9]], {}), {
    message: /^trainStep: batch\[0\]\[1\] = 9 is not a token id in \[0, 5\]/,
  });
  assert.equal(model.evaluate(batch).loss, before, 'nothing changed');
  model.delete();
  assert.throws(() => model.evaluate(batch), { message: /^evaluate: this model was deleted/ });
  assert.throws(() => model.delete(), { message: /^delete: this model was already deleted/ });
});

test('10,000 training steps keep the wasm heap flat after warm-up', () => {
  const model = lab.createModel({ vocab: 4, D: 4, heads: 1, layers: 1, T: 3, seed: 2 });
  const small = [
    [0, 1, 2, 3],
    [3, 2, 1, 0],
  ];
  for (let i = 0; i < 100; i++) model.trainStep(small, { lr: 1e-3 });
  const before = lab.memory();
  for (let i = 0; i < 10000; i++) model.trainStep(small, { lr: 1e-3 });
  assert.deepEqual(lab.memory(), before);
  model.delete();
});

test('inspect(): attention per block and head, next-token probabilities, entropy; hiding and ablating change them', () => {
  const model = lab.createModel(config);
  for (let i = 0; i < 100; i++) model.trainStep(batch, { lr: 1e-2 });
  const seq = [0, 1, 2, 3];
  const r = model.inspect(seq);
  assert.deepEqual(
    [r.weights.length, r.weights[0].length, r.weights[0][0].length, r.weights[0][0][0].length],
    [2, 2, 4, 4],
  );
  assert.deepEqual([r.probs.length, r.probs[0].length], [4, 6]);
  assert.deepEqual([r.entropy.length, r.entropy[0].length], [2, 2]);
  assert.equal(r.weights[1][0][0][1], 0, 'causal: position 0 cannot see position 1');
  assert.ok(r.probs[3][4] > 0.5, `the trained model predicts 4 after 3: ${r.probs[3][4]}`);
  const hidden = model.inspect(seq, { hideTokens: [2] });
  assert.equal(hidden.weights[0][1][3][2], 0, 'nobody else attends to a hidden position');
  const ablated = model.inspect(seq, {
    ablateHeads: [
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ],
  });
  assert.notDeepEqual(ablated.probs[3], r.probs[3]);
  assert.throws(() => model.inspect(seq, { ablateHeads: [[0, 5]] }), {
    message: /^inspect: ablateHeads names layer 0 head 5 but the model has 2 layers of 2 heads/,
  });
  assert.throws(() => model.inspect(seq, { ablateHeads: [0, 1] }), {
    message: /^inspect: option ablateHeads must be a list of \[layer, head\] pairs/,
  });
  assert.throws(() => model.inspect(seq, { hideTokens: [9] }), {
    message: /^inspect: hideTokens names position 9 but the sequence has positions 0 to 3/,
  });
  model.delete();
});

test('headScores() and ablationLoss(): the stripes of each head, and the loss with heads removed', () => {
  const model = lab.createModel(config);
  for (let i = 0; i < 100; i++) model.trainStep(batch, { lr: 1e-2 });
  const seq = [3, 0, 5, 3, 0, 5];
  const s = model.headScores(seq, { period: 3 });
  for (const grid of [s.previousToken, s.duplicate, s.induction]) {
    assert.deepEqual([grid.length, grid[0].length], [2, 2]);
    for (const x of grid.flat()) assert.ok(x >= 0 && x <= 1, String(x));
  }
  const w = model.inspect(seq).weights;
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  assert.ok(Math.abs(s.induction[1][0] - mean([3, 4, 5].map((i) => w[1][0][i][i - 2]))) < 1e-12);
  assert.throws(() => model.headScores([3, 0, 5, 3, 1], { period: 3 }), {
    message: /^headScores: the token at position 4 is not the one 3 positions before it/,
  });
  assert.throws(() => model.headScores(seq, {}), { message: /^headScores: .*period/ });

  const tokens = [...seq, 3];
  const r = model.ablationLoss(tokens, { from: 4 });
  assert.deepEqual([r.single.length, r.single[0].length, r.together], [2, 2, null]);
  assert.ok(r.base >= 0 && r.single.flat().every((x) => x >= 0));
  const both = model.ablationLoss(tokens, { from: 4, heads: [[0, 0]], ablate: 'mean' });
  assert.deepEqual(both.single, []);
  assert.equal(both.base, r.base);
  assert.equal(typeof both.together, 'number');
  assert.throws(() => model.ablationLoss(tokens, { from: 7 }), {
    message: /^ablationLoss: from is 7, and the targets are the positions 1 to 6/,
  });
  assert.throws(() => model.ablationLoss(tokens, { from: 1, heads: [[2, 0]] }), {
    message: /^ablationLoss: heads names layer 2 head 0/,
  });
  assert.throws(() => model.ablationLoss(tokens, { from: 1, ablate: 'half' }), { message: /^ablationLoss: .*half/ });
  model.delete();
});

test("§4 repeatsBatch draws the induction experiment's rows from its seed: repeating ones, or the control's", () => {
  const rows = lab.repeatsBatch({ batch: 6, T: 40, vocab: 64, seed: 5 });
  assert.equal(rows.length, 6);
  for (const row of rows) {
    assert.equal(row.length, 41);
    const opening = row.findIndex((t, i) => row.indexOf(t) !== i); // the first token seen before
    assert.ok(opening >= 8 && opening <= 32, `an opening of 8 to 32 distinct tokens, got ${opening}`);
    assert.ok(
      row.every((t) => row.slice(0, opening).includes(t)),
      'every later token is copied from the opening',
    );
  }
  assert.deepEqual(lab.repeatsBatch({ batch: 6, T: 40, vocab: 64, seed: 5 }), rows, 'a seed gives one batch');
  const control = lab.repeatsBatch({ batch: 6, T: 40, vocab: 64, seed: 5, repeats: false });
  assert.ok(
    control.some((row) => row.some((t) => !row.slice(0, 8).includes(t) && row.indexOf(t) > 32)),
    'the control draws tokens anywhere that no opening holds',
  );
  // a model trains on them as on any batch
  const model = lab.createModel({ vocab: 64, D: 16, heads: 2, layers: 2, T: 40, ffnMult: 0 });
  assert.ok(Number.isFinite(model.trainStep(rows, { lr: 0.01 }).loss));
  model.delete();
  assert.throws(() => lab.repeatsBatch({ batch: 0, T: 40, vocab: 64 }), {
    message: /^repeatsBatch: batch must be a positive integer/,
  });
  assert.throws(() => lab.repeatsBatch({ batch: 2, T: 40, vocab: 64, repeats: 'no' }), {
    message: /^repeatsBatch: option repeats must be true or false, got “no”/,
  });
});

test('createModel takes maskBlocks (§7.3) and scaled (§3.1), and save() keeps them', () => {
  const model = lab.createModel({ ...config, maskBlocks: [false, true], scaled: false });
  const r = model.inspect([0, 1, 2]);
  assert.ok(r.weights[0][0][0][1] > 0, 'block 0 unmasked: position 0 reads position 1');
  assert.equal(r.weights[1][0][0][1], 0, 'block 1 masked');
  const saved = model.save();
  assert.deepEqual([saved.config.maskBlocks, saved.config.scaled], [[false, true], false]);
  const copy = lab.loadModel({ ...saved, config: { ...saved.config, maskBlocks: undefined } });
  const sampling = { steps: 5, temperature: 1, seed: 4 };
  assert.deepEqual(
    model.generate([0, 1], { ...sampling, causal: true }).tokens,
    copy.generate([0, 1], sampling).tokens,
    'causal: every block masked, as in the copy made without maskBlocks',
  );
  assert.equal(model.evaluate(batch, { causal: true }).loss, copy.evaluate(batch).loss);
  copy.delete();
  assert.throws(() => lab.createModel({ ...config, maskBlocks: [true] }), {
    message: /^createModel: maskBlocks has 1 entry but the model has 2 layers/,
  });
  model.delete();
});

test("§9 createModel takes nanoGPT's GPTConfig names; bias: false makes no biases and no LayerNorm beta", () => {
  const gpt = { vocab_size: 7, block_size: 6, n_layer: 2, n_head: 2, n_embd: 8 };
  for (const bias of [true, false]) {
    const model = lab.createModel({ ...gpt, bias, dropout: 0 });
    const names = Object.keys(model.parameters());
    assert.equal(names.includes('blocks.0.attn.bQKV'), bias, names.join(' '));
    assert.equal(names.includes('blocks.1.norm2.beta'), bias);
    assert.equal(names.includes('finalNorm.beta'), bias);
    const count = Object.values(model.parameters()).reduce((n, p) => n + p.flat(Infinity).length, 0);
    assert.equal(count, lab.paramCount({ ...gpt, bias }).total, 'paramCount counts what createModel makes');
    const saved = model.save();
    assert.equal(saved.config.bias, bias);
    assert.equal(saved.config.D, 8, 'saved under the lab names');
    const copy = lab.loadModel(saved);
    assert.equal(copy.evaluate([[1, 4, 2, 6, 0, 3]]).loss, model.evaluate([[1, 4, 2, 6, 0, 3]]).loss);
    copy.delete();
    model.delete();
  }
  // lmForward, generate and block take the same bias-free parameters: model.parameters() nested
  // by their dotted names ("blocks.0.attn.wQKV") is lmForward's params object.
  const model = lab.createModel({ ...gpt, bias: false, seed: 5 });
  const params = {};
  for (const [name, value] of Object.entries(model.parameters())) {
    const path = name.split('.');
    let at = params;
    for (const [i, key] of path.slice(0, -1).entries()) at = at[key] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
    at[path.at(-1)] = value;
  }
  assert.equal(params.blocks[0].norm1.beta, undefined);
  const tokens = [[1, 4, 2, 6, 0, 3]];
  const double = lab.lmForward(tokens, params, { heads: 2 }).loss;
  assert.ok(Math.abs(double - model.evaluate(tokens).loss) < 1e-5, `${double} vs ${model.evaluate(tokens).loss}`);
  assert.deepEqual(
    lab.generate([1, 4], params, { heads: 2, steps: 3, cache: true }).tokens,
    model.generate([1, 4], { steps: 3 }).tokens,
  );
  assert.equal(lab.block([[[0.5, -1, 2, 0, 1, 0, 0.25, 3]]], params.blocks[1], { heads: 2 }).output[0][0].length, 8);
  model.delete();
  assert.throws(() => lab.createModel({ ...gpt, D: 8 }), {
    message: 'createModel: n_embd (nanoGPT’s GPTConfig name) and D name the same setting; give one of them',
    code: 'config.twoNames',
  });
  assert.throws(() => lab.createModel({ ...gpt, dropout: 0.2 }), {
    message: /^createModel: dropout must be 0, got 0.2/,
  });
});

// generateMore is how the page streams a generation: token by token it must make exactly what
// one longer generate makes, draws included, with the cache (masked models), without it (an
// unmasked block), past the context, and up to the end token.
test('generateMore continues generate exactly as one longer generate, in every setting', () => {
  const configs = [
    { ...config, T: 8 },
    { ...config, T: 8, positions: 'sinusoidal' },
    { ...config, T: 8, maskBlocks: [true, false] },
  ];
  let cases = 0;
  for (const c of configs)
    for (let seed = 0; seed < 12; seed++) {
      const model = lab.createModel({ ...c, seed });
      const temperature = [0, 0.7, 1, 1.5][seed % 4];
      const prompt = cycle(seed, 1 + (seed % 3));
      const steps = 12; // past T = 8: the cache gives way to recomputing the last T
      const whole = model.generate(prompt, { steps, temperature, seed });
      const first = model.generate(prompt, { steps: 1, temperature, seed });
      const tokens = [...first.tokens];
      const draws = [...first.steps];
      for (let chunk = 1; tokens.length < whole.tokens.length; chunk = (chunk % 3) + 1) {
        const more = model.generateMore(Math.min(chunk, whole.tokens.length - tokens.length));
        tokens.push(...more.tokens);
        draws.push(...more.steps);
      }
      assert.deepEqual(tokens, whole.tokens, `config ${JSON.stringify(c)}, seed ${seed}`);
      assert.deepEqual(draws, whole.steps);
      // the end token stops it, and nothing comes after
      const eos = whole.tokens[prompt.length + 2];
      const ended = model.generate(prompt, { steps: 2, temperature, seed, eos });
      const rest = model.generateMore(10);
      const upTo = whole.tokens.indexOf(eos, prompt.length) + 1;
      assert.deepEqual([...ended.tokens, ...rest.tokens], whole.tokens.slice(0, upTo));
      assert.equal(rest.ended, true);
      assert.deepEqual(model.generateMore(3), { tokens: [], steps: [], ended: true });
      model.delete();
      cases++;
    }
  assert.equal(cases, 36);
});

test('generateMore refuses when there is nothing to continue, and a trainStep ends a generation', () => {
  const model = lab.createModel(config);
  assert.throws(() => model.generateMore(1), { code: 'generate.nothingToContinue' });
  model.generate([0, 1], { steps: 1 });
  assert.equal(model.generateMore(2).tokens.length, 2);
  assert.throws(() => model.generateMore(-1), /steps/);
  assert.throws(() => model.generate([0, 99], { steps: 1 }), { code: 'token.id' });
  assert.throws(() => model.generateMore(1), { code: 'generate.nothingToContinue' });
  model.generate([0, 1], { steps: 1 });
  model.trainStep(batch, { lr: 1e-2 });
  assert.throws(() => model.generateMore(1), { code: 'generate.nothingToContinue' });
  model.delete();
});
