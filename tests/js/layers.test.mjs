// The folders of web/ and of cpp/lab/ are layers: a module imports (a source includes) only from
// its own folder or from a folder below it, so that the engine's npm entry never pulls in a view,
// the model's layers never reach for the page's options, and a folder can be read (and replaced)
// knowing only what lies under it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const web = path.join(root, 'web');

// Bottom to top. Folders on one rank are siblings and import nothing from each other.
const LAYERS = [
  ['locale'], // which language, how a number is written
  ['text'], // the catalogues and their compiler
  ['engine'], // the JS API over the wasm module
  ['tokenizers'], // text to token ids and back
  ['training', 'models'], // training runs; an opened checkpoint
  ['worker'], // the models off the page's thread
  ['page'], // the page: state, routes, views
];
const rank = new Map(LAYERS.flatMap((folders, i) => folders.map((f) => [f, i])));

const modules = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(path.join(dir, e.name)) : /\.m?js$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );

// Every relative import (static or dynamic) of a module, with the web/ folder it lands in.
function importsOf(file, source) {
  const specifiers = [...source.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)].map((m) => m[1]);
  return specifiers.map((s) => {
    const target = path.relative(web, path.resolve(path.dirname(file), s));
    return { specifier: s, folder: target.startsWith('..') ? null : target.split(path.sep)[0] };
  });
}

// The upward or sideways imports among the given modules ({file, source}).
function violations(sources) {
  const found = [];
  for (const { file, source } of sources) {
    const from = path.relative(web, file).split(path.sep)[0];
    for (const { specifier, folder } of importsOf(file, source)) {
      // Outside web/: only the engine reaches the built wasm module.
      if (folder === null) {
        if (from !== 'engine') found.push(`${path.relative(root, file)} imports ${specifier}, outside web/`);
        continue;
      }
      if (folder === from) continue;
      if (!(rank.get(folder) < rank.get(from)))
        found.push(`${path.relative(root, file)} (${from}) imports ${specifier} (${folder}), not below it`);
    }
  }
  return found;
}

test('every folder of web/ has its place among the layers', () => {
  const folders = readdirSync(web, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  assert.deepEqual(folders, [...rank.keys()].sort());
});

test('no module of web/ imports from a folder above or beside its own', () => {
  const sources = modules(web).map((file) => ({ file, source: readFileSync(file, 'utf8') }));
  assert.ok(sources.length > 50);
  assert.deepEqual(violations(sources), []);
});

test('the rule finds an upward import, a sideways one and one that leaves web/', () => {
  const probe = (from, specifier) =>
    violations([{ file: path.join(web, from, 'probe.js'), source: `import { x } from '${specifier}';` }]).length;
  assert.equal(probe('text', '../page/format.js'), 1);
  assert.equal(probe('training', '../models/inspector.js'), 1);
  assert.equal(probe('page', '../../build/wasm/attention_lab.cjs'), 1);
  assert.equal(probe('text', './compile.js'), 0);
  assert.equal(probe('page', '../locale/number.js'), 0);
});

// ---- C++: cpp/lab/, bottom to top; the Embind layer (cpp/bindings/) stands on all of it ----

const lab = path.join(root, 'cpp/lab');
const CPP_LAYERS = [
  ['core'], // tensors, the matrix product, the RNG, refusals
  ['layers'], // the maths of the handout, one function per layer; the model, its configuration and count
  ['training'], // initialisation, optimisers, the trainable model
  ['boundary'], // arrays of any rank, options, files: what a caller outside C++ hands in
  ['page'], // the page's own computations and checks over the boundary's arrays
  ['practice'], // the generated problems and the answer checker
];
const cppRank = new Map(CPP_LAYERS.flatMap((folders, i) => folders.map((f) => [f, i])));

const sourcesOf = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourcesOf(path.join(dir, e.name)) : /\.(cpp|hpp)$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );

// The includes of cpp/lab/'s sources ({file, source}) that land in a folder above or beside their own.
function cppViolations(sources) {
  const found = [];
  for (const { file, source } of sources) {
    const from = path.relative(lab, file).split(path.sep)[0];
    for (const [, folder] of source.matchAll(/^\s*#\s*include\s*"lab\/([^/"]+)\//gm)) {
      if (folder === from) continue;
      if (!(cppRank.get(folder) < cppRank.get(from)))
        found.push(`${path.relative(root, file)} (${from}) includes lab/${folder}/, not below it`);
    }
  }
  return found;
}

test('every folder of cpp/lab/ has its place among the layers', () => {
  const folders = readdirSync(lab, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  assert.deepEqual(folders, [...cppRank.keys()].sort());
});

test('no source of cpp/lab/ includes a header from a folder above or beside its own', () => {
  const sources = sourcesOf(lab).map((file) => ({ file, source: readFileSync(file, 'utf8') }));
  assert.ok(sources.length > 50);
  assert.deepEqual(cppViolations(sources), []);
});

test('the rule finds an upward include and passes a downward one', () => {
  const probe = (from, include) =>
    cppViolations([{ file: path.join(lab, from, 'probe.hpp'), source: `#include "lab/${include}"\n` }]).length;
  assert.equal(probe('boundary', 'page/checks.hpp'), 1);
  assert.equal(probe('layers', 'training/train.hpp'), 1);
  assert.equal(probe('core', 'layers/lm.hpp'), 1);
  assert.equal(probe('page', 'boundary/ndarray.hpp'), 0);
  assert.equal(probe('layers', 'layers/lm.hpp'), 0);
});
