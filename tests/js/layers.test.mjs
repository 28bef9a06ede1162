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
const lab = path.join(root, 'cpp/lab');

// Each tree's folders bottom to top (folders on one rank are siblings and use nothing of each
// other), which files it holds, and what a file uses: the folder each of its relative imports or
// lab/ includes lands in (null: outside the tree).
const TREES = {
  'web/': {
    dir: web,
    layers: [
      ['locale', 'files'], // which language, how a number is written; what a file or stored text may hold
      ['text'], // the catalogues and their compiler
      ['engine'], // the JS API over the wasm module
      ['tokenizers'], // text to token ids and back
      ['training', 'models'], // training runs; an opened checkpoint
      ['worker'], // the models off the page's thread
      ['handouts'], // each handout's examples and practice words, and what an example's input may be
      ['page'], // the page: state, routes, views
    ],
    files: /\.m?js$/,
    // every relative import, static or dynamic
    uses: (file, source) =>
      [...source.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)].map(([, specifier]) => {
        const target = path.relative(web, path.resolve(path.dirname(file), specifier));
        return { specifier, folder: target.startsWith('..') ? null : target.split(path.sep)[0], target };
      }),
    // a folder whose sub-folders are siblings: one handout never uses another's files
    apart: 'handouts',
    // outside web/: only the engine reaches the built wasm module
    mayLeave: (from) => from === 'engine',
  },
  'cpp/lab/': {
    dir: lab,
    layers: [
      ['core'], // tensors, the matrix product, the RNG, refusals
      ['layers'], // the handout's maths, one function per layer; the model, its configuration and count
      ['training'], // initialisation, optimisers, the trainable model
      ['boundary'], // arrays of any rank, options, files: what a caller outside C++ hands in
      ['page'], // the page's own computations and checks over the boundary's arrays
      ['practice'], // the generated problems and the answer checker
    ],
    files: /\.(cpp|hpp)$/,
    uses: (file, source) =>
      [...source.matchAll(/^\s*#\s*include\s*"(lab\/([^/"]+)\/[^"]*)"/gm)].map(([, specifier, folder]) => ({
        specifier,
        folder,
      })),
    mayLeave: () => false,
  },
};
const rankOf = (tree) => new Map(tree.layers.flatMap((folders, i) => folders.map((f) => [f, i])));

const filesOf = (dir, pattern) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesOf(path.join(dir, e.name), pattern) : pattern.test(e.name) ? [path.join(dir, e.name)] : [],
  );

// The upward or sideways uses among the given files of a tree ({file, source}).
function violations(name, sources) {
  const tree = TREES[name];
  const rank = rankOf(tree);
  const found = [];
  for (const { file, source } of sources) {
    const from = path.relative(tree.dir, file).split(path.sep)[0];
    const within = path.relative(tree.dir, file).split(path.sep);
    for (const { specifier, folder, target } of tree.uses(file, source)) {
      const into = target?.split(path.sep);
      if (folder === tree.apart && within.length > 2 && into.length > 2 && into[1] !== within[1])
        found.push(`${path.relative(root, file)} (${within[1]}) uses ${specifier}, another ${folder.slice(0, -1)}'s`);
      if (folder === null) {
        if (!tree.mayLeave(from)) found.push(`${path.relative(root, file)} uses ${specifier}, outside ${name}`);
      } else if (folder !== from && !(rank.get(folder) < rank.get(from)))
        found.push(`${path.relative(root, file)} (${from}) uses ${specifier} (${folder}), not below it`);
    }
  }
  return found;
}

for (const [name, tree] of Object.entries(TREES)) {
  test(`every folder of ${name} has its place among the layers`, () => {
    const folders = readdirSync(tree.dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    assert.deepEqual(folders, [...rankOf(tree).keys()].sort());
  });

  test(`no file of ${name} uses one from a folder above or beside its own`, () => {
    const sources = filesOf(tree.dir, tree.files).map((file) => ({ file, source: readFileSync(file, 'utf8') }));
    assert.ok(sources.length > 50);
    assert.deepEqual(violations(name, sources), []);
  });
}

test('the rule finds an upward use, a sideways one and one that leaves the tree', () => {
  const probe = (name, from, line) =>
    violations(name, [{ file: path.join(TREES[name].dir, from, 'probe.js'), source: line }]).length;
  const js = (from, specifier) => probe('web/', from, `import { x } from '${specifier}';`);
  assert.equal(js('text', '../page/format.js'), 1);
  assert.equal(js('training', '../models/inspector.js'), 1);
  assert.equal(js('page', '../../build/wasm/attention_lab.cjs'), 1);
  assert.equal(js('text', './compile.js'), 0);
  assert.equal(js('page', '../locale/number.js'), 0);
  assert.equal(js('handouts/self-attention', '../second/examples/index.js'), 1);
  assert.equal(js('handouts/self-attention', '../inputs.js'), 0);
  assert.equal(js('handouts/self-attention/examples', '../practice.js'), 0);
  const cpp = (from, header) => probe('cpp/lab/', from, `#include "lab/${header}"\n`);
  assert.equal(cpp('boundary', 'page/checks.hpp'), 1);
  assert.equal(cpp('layers', 'training/train.hpp'), 1);
  assert.equal(cpp('core', 'layers/lm.hpp'), 1);
  assert.equal(cpp('page', 'boundary/ndarray.hpp'), 0);
  assert.equal(cpp('layers', 'layers/lm.hpp'), 0);
});
