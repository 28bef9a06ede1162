// The lab's half of tests/reference/nanogpt_roundtrip.py: a model trained here, exported as
// nanoGPT's checkpoint, with a batch, the lab's loss on it and its probabilities on the first sequence. Run by hand: see the .py file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadEngine } from '../../web/engine/index.js';

const folder = process.argv[2];
mkdirSync(folder, { recursive: true });
const lab = await loadEngine();
for (const bias of [true, false]) {
  const model = lab.createModel({ vocab_size: 23, n_embd: 32, n_head: 4, n_layer: 3, block_size: 16, bias, seed: 7 });
  const batch = Array.from({ length: 4 }, (_, b) => Array.from({ length: 17 }, (_, t) => (b * 7 + t * t) % 23));
  for (let s = 0; s < 10; s++) model.trainStep(batch, { lr: 3e-3 });
  const dir = `${folder}/${bias ? 'bias' : 'no-bias'}`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/model.safetensors`, model.exportSafetensors());
  writeFileSync(`${dir}/batch.json`, JSON.stringify(batch));
  const probs = model.inspect(batch[0].slice(0, -1)).probs.map((row) => Array.from(row));
  writeFileSync(`${dir}/expected.json`, JSON.stringify({ loss: model.evaluate(batch).loss, probs }));
  model.delete();
}
