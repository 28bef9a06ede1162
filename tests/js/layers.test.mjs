// The folders of web/ are layers: a module imports only from its own folder or from a folder
// below it, so that the engine's npm entry never pulls in a view, and a folder can be read (and
// replaced) knowing only what lies under it.
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
