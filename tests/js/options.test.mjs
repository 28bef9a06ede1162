// The options of every function are declared once, in the engine (lab.options). The facade's
// checks and the training panel's choices must agree with that declaration (the README's lists
// and index.d.ts are written from it: api-declaration.test.mjs); this test fails naming the first
// disagreement.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadEngine } from '../../web/engine/index.js';
import { choices } from '../../web/page/views/training/form.js';
import { readOpenOptions, readPrompt } from '../../web/page/views/model/read.js';

const lab = await loadEngine();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

test("the facade refuses an undeclared option and accepts every declared one's default", () => {
  for (const [fn, declared] of Object.entries(lab.options)) {
    for (const d of declared) {
      assert.ok(
        ['boolean', 'integer', 'number', 'string', 'boolean[]', 'integer[]', 'integer[][]', 'mask'].includes(d.type),
      );
      if (d.type === 'string') assert.ok(d.choices.includes(d.fallback.replace(/'/g, '')), `${fn}.${d.name}`);
    }
  }
  assert.throws(() => lab.attention([[1]], [[1]], [[1]], { casual: true }), {
    message: /^attention: unknown option “casual” \(expected one of causal, mask, or scale\)/,
  });
  assert.throws(() => lab.createModel({ vocab: 4, D: 4, T: 4, activaton: 'relu' }), {
    message:
      /^createModel: unknown option “activaton” \(expected one of vocab, D, heads, layers, T, ffnMult, activation,/,
  });
  lab.createModel({ vocab: 4, D: 4, T: 4, activation: 'relu', norm: 'rms' }).delete();
  // names every object inherits are names like any other: unknown, and said
  for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
    assert.throws(() => lab.attention([[1]], [[1]], [[1]], JSON.parse(`{"${name}": true}`)), {
      message: new RegExp(`^attention: unknown option “${name}”`),
    });
});

test('Other settings for an opened model: a JSON object of values or lists of values, nothing nested but the name map', async () => {
  const read = (typed) => readOpenOptions(typed, '', Number);
  assert.deepEqual(read('{"norm": "rms", "maskBlocks": [true, false]}').value, {
    norm: 'rms',
    maskBlocks: [true, false],
  });
  assert.match(read('{"norm": {"kind": "rms"}}').error, /the setting "norm" holds an object or a list of lists/);
  assert.match(read('{"maskBlocks": [[true]]}').error, /the setting "maskBlocks" holds an object/);
  const deep = `{"norm": ${'['.repeat(4990)}${']'.repeat(4990)}}`; // as deep as the length allows
  assert.match(read(deep).error, /the setting "norm" holds an object or a list of lists/);
  assert.match(
    read(`{"norm": "${'x'.repeat(10 * 2 ** 20)}"}`).error,
    /^Other settings \(JSON, optional\): this has 10,485,772 characters, and every setting there is fits in 10,000 characters$/,
  );
  assert.match(read(`${'['.repeat(4990)}${']'.repeat(4990)}`).error, /expected a JSON object such as .*, got \[{40}…/);
  // the how-to's name map, as the page shows it, is read as the object of texts it is
  const { HOWTO_CODE } = await import('../../web/page/views/model/howto.js');
  assert.deepEqual(read(HOWTO_CODE.names).value, JSON.parse(HOWTO_CODE.names));
  assert.match(
    read('{"names": {"a": 5}}').error,
    /names\.a is 5, where a text of at most 10,000 characters was expected/,
  );
  assert.match(read('{"names": [1]}').error, /names is \[…\], where an object of at most 1000 names was expected/);
});

test("the training panel offers exactly the engine's choices, the default first", () => {
  for (const [key, fn] of [
    ['activation', 'createModel'],
    ['arrangement', 'createModel'],
    ['norm', 'createModel'],
    ['positions', 'createModel'],
    ['optimizer', 'trainStep'],
  ]) {
    const d = lab.options[fn].find((o) => o.name === key);
    const offered = choices(lab)[key];
    assert.deepEqual([...offered].sort(), [...d.choices].sort(), `the panel's ${key} choices`);
    assert.equal(`'${offered[0]}'`, d.fallback, `the panel's first ${key} is the default`);
  }
});

test("the README's list of the training address's settings is the form's, which is the setup's", async () => {
  const { FIELDS } = await import('../../web/page/views/training/form.js');
  const { DEFAULT_SETUP } = await import('../../web/training/experiments.js');
  const listed = readme
    .match(/with the settings of the form \(([^)]*)\)/)[1]
    .match(/`(\w+)`/g)
    .map((s) => s.slice(1, -1));
  assert.deepEqual(listed, FIELDS);
  assert.deepEqual([...FIELDS].sort(), Object.keys(DEFAULT_SETUP).sort());
});

test("the panel's default setup and every experiment's settings use only the engine's choices", async () => {
  const { DEFAULT_SETUP, EXPERIMENTS } = await import('../../web/training/experiments.js');
  const declared = [...lab.options.createModel, ...lab.options.trainStep].filter((d) => d.choices.length);
  const setups = [
    DEFAULT_SETUP,
    ...Object.values(EXPERIMENTS).flatMap((e) => [e.setup || {}, ...e.runs.map((r) => r.model || {})]),
  ];
  for (const setup of setups)
    for (const d of declared)
      if (d.name in setup)
        assert.ok(d.choices.includes(setup[d.name]), `${d.name} = ${setup[d.name]} is not one of ${d.choices}`);
});

test('a prompt past what T tokens can hold is refused by its length, before it is tokenized, and a bad id is quoted short', () => {
  const tokenizer = { encode: () => assert.fail('a prompt past the limit was tokenized') };
  const huge = 'a'.repeat(10 * 2 ** 20);
  assert.match(
    readPrompt(huge, { vocab: 65, T: 256 }, { tokenizer }).error,
    /^the prompt has 10,485,760 characters, more than a prompt of T = 256 can hold \(at most 32,768 characters\)$/,
  );
  const said = readPrompt(`1 2 ${'9'.repeat(30000)}`, { vocab: 65, T: 256 }, null).error;
  assert.match(said, /^"9{20}…" is not a token id from 0 to 64$/);
  assert.deepEqual(readPrompt('1 2 3', { vocab: 65, T: 256 }, null).value, [1, 2, 3]);
});
