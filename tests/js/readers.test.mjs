// The model readers under one rule, over generated malformed inputs (a fixed seed): Other settings
// as typed, a vocabulary file, a checkpoint's safetensors header and a saved model. Each input
// is read or refused: never an exception other than the refusal, a refusal names what it read
// (the control, the option, the tensor or the field) in words without "undefined" or
// JavaScript's own messages, and the engine's heap is where it was once all have been refused.
import { test } from 'node:test';
import { ODD_VALUES, deep } from './malformed.mjs';
import assert from 'node:assert/strict';
import { loadEngine, loadExtras } from '../../web/engine/index.js';
import { xorshift32 } from '../../web/training/xorshift.js';
import { readOpenOptions, readVocabularyFile } from '../../web/page/views/model/read.js';

const lab = { ...(await loadEngine()), ...(await loadExtras()) };
const CONFIG = { vocab_size: 7, n_embd: 8, n_head: 2, n_layer: 1, block_size: 8, seed: 3 };
const JS_ERRORS = /undefined|NaN|\[object|is not a function|Cannot read|Unexpected token|Maximum call stack/;
const pickFrom = (next) => (xs) => xs[next() % xs.length];

const NAMES = [
  'norm',
  'n_head',
  'bias',
  'tie',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'x'.repeat(60),
  '',
];

test('Other settings, 3,000 typed texts: refused in words naming the control, or refused by the engine naming the option, or opened', () => {
  const next = xorshift32(21);
  const pick = pickFrom(next);
  const file = lab.createModel(CONFIG).exportSafetensors();
  const seen = { typed: 0, engine: 0, opened: 0 };
  for (let k = 0; k < 3000; k++) {
    let typed;
    switch (k % 5) {
      case 0:
        typed = JSON.stringify(Object.fromEntries([[pick(NAMES), pick(ODD_VALUES)]]));
        break;
      case 1:
        typed = `{"${pick(NAMES)}": ${deep(1 + (next() % 3000))}}`;
        break;
      case 2: {
        const good = '{"norm": "layer", "bias": true}';
        typed = good.slice(0, next() % good.length);
        break;
      }
      case 3:
        typed = pick(['[]', '"text"', '42', 'null', '{"version":1,"families":{}}', 'x'.repeat(10_001), ' ']);
        break;
      default:
        typed = JSON.stringify(
          Object.fromEntries(Array.from({ length: 1 + (next() % 4) }, () => [pick(NAMES), pick(ODD_VALUES)])),
        );
    }
    const heads = pick(['', '2', '0', '-1', '2.5', '1e9', 'two', '__proto__']);
    let read;
    assert.doesNotThrow(() => (read = readOpenOptions(typed, heads, lab.parseNumber)), typed.slice(0, 80));
    if (read.error) {
      assert.match(read.error, /^(Other settings|Heads)/, read.error);
      assert.doesNotMatch(read.error, JS_ERRORS, read.error);
      assert.ok(read.error.length < 400, `the refusal quotes ${read.error.length} characters`);
      seen.typed++;
      continue;
    }
    try {
      lab.loadCheckpoint(new Uint8Array(file), read.value).delete();
      seen.opened++;
    } catch (e) {
      assert.ok(e instanceof Error, String(e));
      assert.match(e.message, /^loadCheckpoint\b/, e.message);
      assert.doesNotMatch(e.message, JS_ERRORS, e.message);
      seen.engine++;
    }
  }
  assert.equal({}.polluted, undefined, 'Object.prototype unchanged');
  assert.ok(seen.typed > 500 && seen.engine > 200 && seen.opened > 20, JSON.stringify(seen));
});

test('vocabulary files, 2,000 of them: a vocabulary, or a refusal that says what the file holds', async () => {
  const next = xorshift32(22);
  const pick = pickFrom(next);
  const seen = { read: 0, refused: 0 };
  for (let k = 0; k < 2000; k++) {
    let body;
    if (k % 4 === 0)
      body = JSON.stringify({
        itos: Object.fromEntries([[pick(['0', '1', '-1', '99999999999', 'a', '__proto__']), pick(ODD_VALUES)]]),
      });
    else if (k % 4 === 1) body = JSON.stringify({ [pick(['itos', 'stoi', 'vocab', '__proto__'])]: pick(ODD_VALUES) });
    else if (k % 4 === 2)
      body = pick([
        '',
        'abc',
        deep(5000),
        '{"itos": {"0": "a", "1": "b"}}',
        '{"itos": ["a", "b"]}',
        'x'.repeat(100_000),
      ]);
    else {
      const good = '{"itos": {"0": "a", "1": "b", "2": "c"}}';
      body = good.slice(0, next() % good.length);
    }
    const name = pick(['meta.json', 'vocab.txt', 'v']);
    let read;
    await assert.doesNotReject(
      async () => (read = await readVocabularyFile(new File([body], name))),
      body.slice(0, 80),
    );
    if (read.error) {
      assert.equal(typeof read.error, 'string');
      assert.doesNotMatch(read.error, JS_ERRORS, read.error);
      assert.ok(read.error.length < 400, read.error);
      seen.refused++;
    } else seen.read++;
  }
  assert.ok(seen.read > 100 && seen.refused > 500, JSON.stringify(seen));
});

test('safetensors headers and saved models, 2,000 of each broken: an Error naming what is wrong, and the heap flat', () => {
  const next = xorshift32(23);
  const pick = pickFrom(next);
  const model = lab.createModel(CONFIG);
  const file = new Uint8Array(model.exportSafetensors());
  const headerLength = Number(new DataView(file.buffer).getBigUint64(0, true));
  const header = JSON.parse(new TextDecoder().decode(file.subarray(8, 8 + headerLength)));
  const body = file.subarray(8 + headerLength);
  const withHeader = (h) => {
    const json = new TextEncoder().encode(JSON.stringify(h));
    const out = new Uint8Array(8 + json.length + body.length);
    new DataView(out.buffer).setBigUint64(0, BigInt(json.length), true);
    out.set(json, 8);
    out.set(body, 8 + json.length);
    return out;
  };
  const saved = JSON.stringify(model.save());
  const tensors = Object.keys(header).filter((n) => n !== '__metadata__');
  const attempt = (call, name) => {
    try {
      call().delete();
      return false;
    } catch (e) {
      assert.ok(e instanceof Error, String(e));
      assert.match(e.message, new RegExp(`^${name}\\b`), e.message);
      assert.doesNotMatch(e.message, JS_ERRORS, e.message);
      assert.ok(e.message.length < 600, `the message quotes ${e.message.length} characters`);
      return true;
    }
  };
  // once each, so that the heap has its working size
  attempt(() => lab.loadCheckpoint(withHeader(header)), 'loadCheckpoint');
  attempt(() => lab.loadModel(JSON.parse(saved)), 'loadModel');
  const before = lab.memory();
  let refused = 0;
  for (let k = 0; k < 2000; k++) {
    const h = structuredClone(header);
    const t = h[pick(tensors)];
    const field = pick(['dtype', 'shape', 'data_offsets']);
    if (k % 3 === 0) t[field] = pick(ODD_VALUES);
    else if (k % 3 === 1)
      t[field] = field === 'dtype' ? pick(['F16', 'I64', 'f32', '']) : [pick(ODD_VALUES), pick(ODD_VALUES)];
    else h[pick(NAMES)] = pick([t, ...ODD_VALUES]);
    if (attempt(() => lab.loadCheckpoint(withHeader(h)), 'loadCheckpoint')) refused++;

    const s = JSON.parse(saved);
    const where = pick([s, s.config, s.parameters, s.parameters[next() % s.parameters.length]]);
    const keys = Object.keys(where);
    where[keys.length && k % 2 ? pick(keys) : pick(NAMES)] = pick(ODD_VALUES);
    if (attempt(() => lab.loadModel(s), 'loadModel')) refused++;
  }
  const after = lab.memory();
  assert.ok(refused > 2500, `${refused} of 4,000 refused`);
  assert.equal(after.heapInUse, before.heapInUse, 'bytes allocated inside the module');
  assert.equal(after.liveHandles, before.liveHandles, 'live Embind handles');
  model.delete();
});

// JSON never makes one, but a caller of the API can: a list with a `constructor` of its own. The
// facade reads every list it is given as a list (.map would build its result with that
// constructor and fail in JavaScript's words).
test('a list with a constructor of its own is read as the list it is', () => {
  const odd = (xs) => Object.assign([...xs], { constructor: 0.5 });
  const model = lab.createModel(CONFIG);
  const saved = model.save();
  const copy = lab.loadModel({ ...saved, parameters: odd(saved.parameters) });
  assert.deepEqual(copy.parameters(), model.parameters());
  const spec = { format: 'number', expected: 1, misconceptions: odd([{ id: 'doubled', section: '§2.1', value: 2 }]) };
  assert.equal(lab.practice.checkValue('2', spec).misconception, 'doubled');
  // and what is not a list is refused by name before it is read (not "ab" as two letters)
  for (const misconceptions of [5, 'ab'])
    assert.throws(() => lab.practice.checkValue('2', { ...spec, misconceptions }), {
      message: /^practice\.checkValue: spec\.misconceptions must be an array/,
    });
  model.delete();
  copy.delete();
});

// A file whose contents must not be read: each way of reading it fails the test.
const unreadable = (name, size) => ({
  name,
  size,
  text: () => assert.fail(`${name} was read`),
  arrayBuffer: () => assert.fail(`${name} was read`),
});

test('every kind of file past its most is refused by its size, unread, saying the kind and both sizes', async () => {
  const { FILE_MOST } = await import('../../web/files/size.js');
  const { readResults } = await import('../../web/page/assignment/run.js');
  const { readSavedFile } = await import('../../web/page/views/training/saved.js');
  const { checkpointTooLarge } = await import('../../web/page/views/model/read.js');
  const { createProgress } = await import('../../web/page/progress.js');
  const MB = 2 ** 20;
  const over = (kind) => unreadable(`${kind}.file`, FILE_MOST[kind] + 1);

  const progress = createProgress(null);
  assert.equal(
    await progress.readFile(over('progress'), ['retrieval']),
    'the file “progress.file” has 1.1 MB, and a progress file has at most 1 MB, so it was not read',
  );
  const [result] = await readResults([over('result')], ['retrieval'], lab.practice, null);
  assert.deepEqual(result, {
    name: 'result.file',
    problem: 'the file “result.file” has 4.1 MB, and a result file has at most 4 MB, so it was not read',
  });
  assert.equal(
    (await readVocabularyFile(over('vocabulary'))).error,
    'the file “vocabulary.file” has 4.1 MB, and a vocabulary file has at most 4 MB, so it was not read',
  );
  assert.equal(
    (await readSavedFile(over('saved'), { corpus: 'order' })).error,
    'the file “saved.file” has 128.1 MB, and a saved model has at most 128 MB, so it was not read',
  );
  assert.equal(
    checkpointTooLarge(over('checkpoint'), true),
    'the file “checkpoint.file” has 1025 MB, and a checkpoint has at most 1024 MB, so it was not read',
  );
  // Without a worker the page's own thread opens at most 32 MB; within every most, nothing is said.
  assert.match(checkpointTooLarge(unreadable('gpt2.safetensors', 498 * MB), false), /has 498 MB.*up to 32 MB/);
  assert.equal(checkpointTooLarge(unreadable('gpt2.safetensors', 498 * MB), true), '');
  assert.equal(checkpointTooLarge(unreadable('tiny.safetensors', 32 * MB), false), '');
});
