// The API is declared once (cpp/bindings/api.def, with the engine's options). This test holds
// every copy to it: web/engine/api.json (the facade's checks), README.md's listing and
// web/engine/index.d.ts must be what scripts/api.mjs writes from build/native/lab_contract, the
// declarations must type-check a program that uses every function (tests/types/usage.ts), `lab`
// must have exactly the declared functions, and the facade must refuse what the declaration does
// not allow, for every function.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadEngine } from '../../web/engine/index.js';
import contract from '../../web/engine/api.json' with { type: 'json' };
import { apiData, parseType, readContract, root, typeDeclarations, withListing } from '../../scripts/api.mjs';

const { API, PROPERTIES } = contract;
const declared = Object.fromEntries(API.map((f) => [f.name, f]));
const lab = await loadEngine();
const declaration = readContract();
const read = (file) => readFileSync(path.join(root, file), 'utf8');

test('web/engine/api.json is the one written from cpp/bindings/api.def (npm run api)', async () => {
  assert.equal(read('web/engine/api.json'), await apiData(declaration), 'web/engine/api.json differs: run npm run api');
});

test("the README's API listing is the one written from the declaration (npm run api)", () => {
  const readme = read('README.md');
  assert.equal(readme, withListing(readme, declaration), 'README.md differs: run npm run api');
});

test('web/engine/index.d.ts is the one written from the declaration (npm run api)', async () => {
  assert.equal(read('web/engine/index.d.ts'), await typeDeclarations(declaration, lab.parameters), 'run npm run api');
});

test('the native contract program and the module declare the same options', () => {
  assert.deepEqual(declaration.options, lab.options);
});

test("api.def's result types are read as the facade converts them", () => {
  assert.deepEqual(parseType('{a: Numbers, b: [{u: number | null, w: Record<string, number>}], c: number[]}'), {
    a: 'Numbers',
    b: [{ u: 'number | null', w: 'Record<string, number>' }],
    c: 'number[]',
  });
  for (const wrong of ['{a Numbers}', '{a: Numbers', '[Numbers', '{a: }', 'Numbers}'])
    assert.throws(() => parseType(wrong), /api\.def/, wrong);
});

test('tsc accepts every right call of tests/types/usage.ts and refuses each marked wrong one', () => {
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tests/types')], { encoding: 'utf8' });
  assert.equal(r.status, 0, `tsc found:\n${r.stdout}${r.stderr}`);
  // every function of the declaration is used there, so that its declared types meet a real call
  const usage = read('tests/types/usage.ts');
  for (const f of API) {
    const method = f.name.split('.').at(-1);
    assert.ok(usage.includes(`.${method}(`), `tests/types/usage.ts never calls ${f.name}`);
  }
});

// Every function reachable from `lab` and from a model, by its dotted name.
function functions(object, prefix) {
  return Object.entries(object).flatMap(([key, value]) =>
    typeof value === 'function'
      ? [`${prefix}${key}`]
      : value && typeof value === 'object' && !Array.isArray(value) && key !== 'options'
        ? functions(value, `${prefix}${key}.`)
        : [],
  );
}

test('lab has exactly the declared functions and values, and a model exactly the declared methods', () => {
  const model = lab.createModel({ vocab: 4, D: 4, T: 4 });
  const found = [...functions(lab, ''), ...functions(model, 'model.')].sort();
  model.delete();
  assert.deepEqual(found, API.map((f) => f.name).sort());
  for (const p of PROPERTIES) {
    const value = p.name.split('.').reduce((at, key) => at[key], lab);
    assert.ok(value !== undefined && typeof value !== 'function', `lab.${p.name} is declared but absent`);
  }
});

test("each function's options are ones the engine declares, and each declaration is some function's", () => {
  const used = new Set(API.flatMap((f) => f.args.filter((a) => a.kind === 'options').map((a) => a.options)));
  assert.deepEqual([...used].sort(), Object.keys(lab.options).sort());
});

// A value of each argument kind that the facade must refuse before the engine is called.
const WRONG = {
  numbers: 'x',
  tokens: [0.5],
  number: '1',
  whole: '2',
  integer: 1.5,
  text: 3,
  bytes: [1, 2],
  progress: 'yes',
  params: 7,
  options: 7,
  saved: 'saved',
  spec: 'spec',
};

// A value of each kind that the facade passes on (the arguments before the wrong one; the facade
// converts in order, so the engine is never reached).
const RIGHT = {
  numbers: [[1]],
  tokens: [0],
  number: 1,
  whole: 1,
  integer: 0,
  text: 'retrieval',
  answer: '1',
  bytes: new Uint8Array(0),
  progress: () => {},
  params: {},
  options: {},
  saved: {},
  spec: {},
};

// The function `name` of lab or of `model`.
const target = (name, model) =>
  name.startsWith('model.') ? model[name.slice(6)] : name.split('.').reduce((at, key) => at[key], lab);

test('every function refuses, by code and argument name, a wrong value in each argument and one argument too many', () => {
  const model = lab.createModel({ vocab: 4, D: 4, T: 4 });
  let refusals = 0;
  for (const f of API) {
    if (f.name === 'model.delete') continue; // the model must stay alive for the others
    const fn = target(f.name, model);
    const tooMany = f.args.map(() => undefined).concat([1]);
    assert.throws(
      () => fn(...tooMany),
      (e) => e.code === 'call.tooMany' && e.params.max === f.args.length,
      `${f.name} with ${tooMany.length} arguments`,
    );
    refusals++;
    f.args.forEach((a, i) => {
      if (a.kind === 'answer') return; // anything typed is an answer: the engine judges it
      const given = f.args.slice(0, i).map((b) => RIGHT[b.kind]);
      given[i] = WRONG[a.kind];
      assert.throws(
        () => fn(...given),
        (e) => typeof e.code === 'string' && e.message.includes(a.kind === 'tokens' ? `${a.name}[0]` : a.name),
        `${f.name}: ${a.name} = ${JSON.stringify(WRONG[a.kind])}`,
      );
      refusals++;
    });
  }
  model.delete();
  assert.ok(refusals > 100, `${refusals} refusals checked`);
  assert.equal(lab.softmax([0, 0])[0], 0.5, 'the engine still answers');
});

test('a missing optional argument takes its declared default', () => {
  assert.deepEqual(lab.ops.sum([[1, 2]]), lab.ops.sum([[1, 2]], declared['ops.sum'].args[1].fallback));
  const x = [[1, 2, 4]];
  assert.deepEqual(lab.layerNorm(x, [1, 1, 1], [0, 0, 0]), lab.layerNorm(x, [1, 1, 1], [0, 0, 0], 1e-5));
});

test('a result is converted as declared, and a key too many or too few is refused', async () => {
  const { converted } = await import('../../web/engine/results.js');
  const declaredAs = { loss: 'number', draws: [{ token: 'number' }] };
  assert.deepEqual(converted(declaredAs, { loss: 2.5, draws: [{ token: 1 }, { token: 4 }] }), {
    loss: 2.5,
    draws: [{ token: 1 }, { token: 4 }],
  });
  assert.throws(() => converted(declaredAs, { loss: 2.5, draws: [], extra: 1 }), /declares no result key extra/);
  assert.throws(() => converted(declaredAs, { draws: [] }), /gave no result key loss/);
  assert.throws(() => converted(declaredAs, { loss: 1, draws: [{}] }), /gave no result key token/);
});
