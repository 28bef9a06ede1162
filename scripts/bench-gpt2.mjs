// Issue 14's scale target: a checkpoint of GPT-2 small's shape (12 layers, 12 heads, 768 wide,
// 50,257 tokens, 1,024 positions: 124 M parameters) opened by lab.loadCheckpoint and run on a
// 64-token sequence. No real GPT-2 file can be downloaded here, so the weights are random, written
// in nanoGPT's names and [out, in] layout as a student's export would be.
//
// gpt2Bench runs where the engine is: it is handed to Playwright's page.evaluate (so it uses
// nothing from this module's scope) and is also called directly in Node.

export const GPT2_SMALL = { layers: 12, heads: 12, D: 768, vocab: 50257, T: 1024, tokens: 64 };

export async function gpt2Bench({ layers, heads, D, vocab, T, tokens }) {
  const lab = globalThis.lab;
  // ---- the file: header, then every tensor's float32 values, row-major ----
  const shapes = [
    ['transformer.wte.weight', [vocab, D]],
    ['transformer.wpe.weight', [T, D]],
  ];
  for (let l = 0; l < layers; l++) {
    const h = `transformer.h.${l}.`;
    shapes.push(
      [`${h}ln_1.weight`, [D]],
      [`${h}ln_1.bias`, [D]],
      [`${h}attn.c_attn.weight`, [3 * D, D]],
      [`${h}attn.c_attn.bias`, [3 * D]],
      [`${h}attn.c_proj.weight`, [D, D]],
      [`${h}attn.c_proj.bias`, [D]],
      [`${h}ln_2.weight`, [D]],
      [`${h}ln_2.bias`, [D]],
      [`${h}mlp.c_fc.weight`, [4 * D, D]],
      [`${h}mlp.c_fc.bias`, [4 * D]],
      [`${h}mlp.c_proj.weight`, [D, 4 * D]],
      [`${h}mlp.c_proj.bias`, [D]],
    );
  }
  shapes.push(['transformer.ln_f.weight', [D]], ['transformer.ln_f.bias', [D]]);
  const header = { __metadata__: { n_head: String(heads) } };
  let offset = 0;
  for (const [name, shape] of shapes) {
    const bytes = 4 * shape.reduce((a, b) => a * b, 1);
    header[name] = { dtype: 'F32', shape, data_offsets: [offset, offset + bytes] };
    offset += bytes;
  }
  let json = JSON.stringify(header);
  json += ' '.repeat((8 - (json.length % 8)) % 8); // the data 8-byte aligned, as a Float32Array needs
  const file = new Uint8Array(8 + json.length + offset);
  new DataView(file.buffer).setBigUint64(0, BigInt(json.length), true);
  file.set(new TextEncoder().encode(json), 8);
  const values = new Float32Array(file.buffer, 8 + json.length, offset / 4);
  let x = 2463534242; // xorshift32: weights uniform in [-0.02, 0.02), norm gains 1
  for (let i = 0; i < values.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    values[i] = ((x >>> 0) / 4294967296 - 0.5) * 0.04;
  }
  for (const [name] of shapes)
    if (/ln_\w+\.weight$/.test(name)) {
      const [b, e] = header[name].data_offsets;
      values.fill(1, b / 4, e / 4);
    }

  // ---- open it, then one forward pass of `tokens` tokens (evaluate's loss), twice ----
  const heapBefore = lab.memory().heapInUse;
  let t0 = performance.now();
  let reports = 0;
  const model = lab.loadCheckpoint(file, {}, () => reports++);
  const loadMs = performance.now() - t0;
  const heapLoaded = lab.memory().heapInUse - heapBefore;
  const sequence = Array.from({ length: tokens + 1 }, (_, i) => (i * 7919) % vocab);
  const forwardMs = [];
  let loss = 0;
  for (let k = 0; k < 2; k++) {
    t0 = performance.now();
    loss = model.evaluate([sequence]).loss;
    forwardMs.push(performance.now() - t0);
  }
  // The first new token costs the prompt's pass; each one after it, one position against the cache.
  const prompt = sequence.slice(0, tokens);
  t0 = performance.now();
  model.generate(prompt, { steps: 1 });
  const nextTokenMs = performance.now() - t0;
  // each later token alone (model.generateMore), the median of 16: one slow step moves no median
  const tokenMs = [];
  for (let i = 0; i < 16; i++) {
    t0 = performance.now();
    model.generateMore(1);
    tokenMs.push(performance.now() - t0);
  }
  const cachedTokenMs = tokenMs.sort((a, b) => a - b)[tokenMs.length >> 1];
  const heapPeak = lab.memory().heapInUse - heapBefore;
  const memoryBytes = lab.memory().memoryBytes;
  model.delete();
  return {
    fileBytes: file.length,
    loadMs,
    reports,
    heapLoaded,
    heapPeak,
    memoryBytes,
    forwardMs,
    nextTokenMs,
    cachedTokenMs,
    loss,
  };
}
