// Builds the page into dist/ with esbuild:
//   index.html, app.js, app.css, fonts/   a static site for any host (relative paths). app.js is
//   chunks/                               an ES module; what only one panel needs (the training
//                                         panel and its plots) is a chunk fetched when it opens.
//   attention_lab_site.wasm               the engine's worked-examples part, fetched at the start
//   attention_lab_site_extras.wasm        its extras (the practice set's problems, the trainable
//                                         models), fetched when the page or the worker needs them
//   trainer.js                            the Web Worker that trains models (the training panel)
//   sw.js                                 a service worker that keeps the site usable offline
//   models/                               models an experiment offers already trained
//   attention-lab.html                    one self-contained file (scripts, styles, fonts and wasm
//   attention-lab.es.html                 inlined) that works from file://, one per language, each
//   attention-lab.zh-Hans.html            with its language's catalogue only; its script is one
//                                         classic script, as browsers refuse module scripts there
//   attention-lab-scorm12.zip             a SCORM 1.2 package of the default assignment, for an LMS
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import subsetFont from 'subset-font';
import { usedCharacters, usedFaces } from './typeset-formulas.mjs';
import { loadEngine } from '../web/engine/index.js';
import { defaultAssignment } from '../web/page/assignment/definition.js';
import { scormPackage } from '../web/page/assignment/package.js';
import { catalogues } from '../web/text/catalogues.js';
import { singleFileOf } from '../web/locale/language.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const trainedModels = path.join(root, 'web/handouts/self-attention/models');

// The site loads the engine in two builds whose wasm is a file of its own: the worked examples'
// (what web/engine/index.js imports) and the extras' (what web/engine/extras.js imports, the
// practice set's problems and the trainable models). Node and the single file keep the one
// module with every part and the wasm inlined.
const siteEngine = {
  name: 'site-engine',
  setup(build) {
    build.onResolve({ filter: /attention_lab\.cjs$/ }, (args) => ({
      path: path.join(
        root,
        args.importer.endsWith(path.join('web', 'engine', 'extras.js'))
          ? 'build/wasm/attention_lab_site_extras.cjs'
          : 'build/wasm/attention_lab_site.cjs',
      ),
    }));
  },
};

// The typeset formulas (scripts/typeset-formulas.mjs), from a fresh process, so that a formula
// edited while `npm start` watches is typeset anew (an import would stay cached), and only when
// an example module has changed: esbuild's server rebuilds as requests come, and typesetting
// takes half a second.
const examplesDir = path.join(root, 'web/handouts/self-attention/examples');
let typeset = { stamp: '', table: null };
function typesetNow() {
  const stamp = readdirSync(examplesDir)
    .map((f) => `${f}:${statSync(path.join(examplesDir, f)).mtimeMs}`)
    .join();
  if (stamp !== typeset.stamp) {
    const table = JSON.parse(
      execFileSync(process.execPath, [path.join(root, 'scripts/typeset-formulas.mjs')], {
        maxBuffer: 64 << 20,
        encoding: 'utf8',
      }),
    );
    typeset = { stamp, table };
  }
  return typeset.table;
}

// The examples' formulas, typeset now (scripts/typeset-formulas.mjs), as the modules
// web/page/views/formula.js imports: the page ships KaTeX's output, its CSS and fonts, not KaTeX.
// `attention-lab:formulas` is each example's loader; `attention-lab:formulas/formulas-2-1` §2.1's
// formulas (a chunk named so), fetched when the example first shows one.
const formulas = {
  name: 'typeset-formulas',
  setup(build) {
    build.onResolve({ filter: /^attention-lab:formulas(\/.*)?$/ }, (args) => ({
      path: args.path,
      namespace: 'formulas',
    }));
    build.onLoad({ filter: /.*/, namespace: 'formulas' }, (args) => {
      const byExample = typesetNow();
      const chunk = (ex) => `formulas-${ex.replace(/\./g, '-')}`;
      const name = args.path.split('/')[1];
      const loaders = Object.keys(byExample).map(
        (ex) => `${JSON.stringify(ex)}: () => import(${JSON.stringify(`attention-lab:formulas/${chunk(ex)}`)})`,
      );
      const id = Object.keys(byExample).find((ex) => chunk(ex) === name);
      return {
        contents: name === undefined ? `export default {${loaders.join(',')}};` : JSON.stringify(byExample[id]),
        loader: name === undefined ? 'js' : 'json',
        watchDirs: [examplesDir], // npm start retypesets an edited formula
      };
    });
  },
};

// KaTeX's CSS with only the font faces the typeset formulas use (usedFaces in
// typeset-formulas.mjs), each as woff2 alone, which every browser that runs WebAssembly reads:
// 8 of KaTeX's 20 faces, in the site's fonts/ and inlined in the single file. Each face is cut
// down by HarfBuzz's subsetter, which keeps the glyphs asked for, their metrics and the glyphs
// they are built from, to the characters the formulas draw (usedCharacters) and the reference
// letters of FreeType's auto-hinter (what Chromium and Firefox hint with on Linux): it sets a
// script's alignment zones from those letters of the face (its afblue.dat, Latin and Greek here),
// and a face without them would draw a glyph a pixel otherwise. The 8 faces go from 101 to 53 KB.
const HINTING_LETTERS = 'THEZOCQSLU fijkdbh uvxzoescnr pqgy ΓΒΕΖΘΟΩΔΞ βθδζλξ αειοπστω γημρφχψ'.replace(/ /g, '');
const subsets = new Map(); // "font file|characters" -> the subset woff2, across rebuilds
const katexFonts = {
  name: 'katex-fonts',
  setup(build) {
    build.onLoad({ filter: /KaTeX_[\w-]+\.woff2$/ }, async (args) => {
      const characters = usedCharacters(typesetNow()) + HINTING_LETTERS;
      const key = `${args.path}|${characters}`;
      if (!subsets.has(key))
        subsets.set(key, await subsetFont(readFileSync(args.path), characters, { targetFormat: 'woff2' }));
      return { contents: subsets.get(key), loader: build.initialOptions.loader['.woff2'] };
    });
    build.onLoad({ filter: /katex(\.min)?\.css$/ }, (args) => {
      const css = readFileSync(args.path, 'utf8');
      const faces = usedFaces(css, typesetNow());
      return {
        contents: css
          .replace(/@font-face\{[^}]*\}/g, (face) => {
            const family = /font-family:"?(KaTeX_\w+)/.exec(face)[1];
            const weight = /font-weight:(\d+)/.exec(face)[1];
            const style = /font-style:(\w+)/.exec(face)[1];
            return faces.has(`${family} ${weight} ${style}`) ? face : '';
          })
          .replace(/,url\([^)]+\.(woff|ttf)\) format\("(woff|truetype)"\)/g, ''),
        loader: 'css',
        watchDirs: [examplesDir],
      };
    });
  },
};

// Every catalogue split by web/text/parts.js, read in a fresh process, as the formulas are, so
// that a message (or a part) edited while `npm start` watches is served anew, and only when a
// file of web/text/ has changed.
const textDir = path.join(root, 'web/text');
let split = { stamp: '', table: null, chunks: null };
function splitNow() {
  const stamp = readdirSync(textDir)
    .map((f) => `${f}:${statSync(path.join(textDir, f)).mtimeMs}`)
    .join();
  if (stamp !== split.stamp) {
    const read = `Promise.all([import('./web/text/catalogues.js'), import('./web/text/parts.js')]).then(([m, p]) =>
  process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(m.catalogues).map(([code, c]) => [code, p.splitCatalogue(c)])))))`;
    const table = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', read], {
        cwd: root,
        maxBuffer: 64 << 20,
        encoding: 'utf8',
      }),
    );
    // and each chunk's messages by its id
    const chunks = new Map(
      Object.entries(table).flatMap(([code, { start, later }]) => [
        [catalogueId(code), start],
        ...Object.entries(later).map(([section, messages]) => [catalogueId(code, section), messages]),
      ]),
    );
    split = { stamp, table, chunks };
  }
  return split;
}
// A catalogue chunk's module id: its last part names the chunk (text-es-practice-….js).
const catalogueId = (code, section) => `attention-lab:catalogue/${section ? `text-${code}-${section}` : code}`;

// Each language's catalogue as chunks (web/text/parts.js): `attention-lab:catalogue/en`, what a
// page shows at once, fetched as it starts; `attention-lab:catalogue/text-en-practice` and the
// like, a section's rest, fetched with the part of the page that shows it. web/text/catalogue.js
// becomes their loaders.
const catalogueParts = {
  name: 'catalogue-parts',
  setup(build) {
    build.onLoad({ filter: /[\\/]web[\\/]text[\\/]catalogue\.js$/ }, () => {
      const loaders = Object.entries(splitNow().table).map(
        ([code, { later }]) =>
          `${JSON.stringify(code)}: { start: () => import(${JSON.stringify(catalogueId(code))}), ${Object.keys(later)
            .map((section) => `${section}: () => import(${JSON.stringify(catalogueId(code, section))})`)
            .join(', ')} }`,
      );
      return {
        contents: `import { language } from '../locale/language.js';
const PARTS = {${loaders.join(',\n')}};
export default (await PARTS[language].start()).default;
export const laterOf = async (section) => (await PARTS[language][section]()).default;`,
        loader: 'js',
        resolveDir: textDir,
        watchDirs: [textDir],
      };
    });
    build.onResolve({ filter: /^attention-lab:catalogue\// }, (args) => ({ path: args.path, namespace: 'catalogue' }));
    build.onLoad({ filter: /.*/, namespace: 'catalogue' }, (args) => ({
      contents: JSON.stringify(splitNow().chunks.get(args.path)),
      loader: 'json',
      watchDirs: [textDir],
    }));
  },
};

// An Error's message in the page's language (web/text/message-words.js), so that a page in
// Spanish or Chinese carries no English refusals.
const pageLanguageMessages = {
  name: 'page-language-messages',
  setup(build) {
    build.onLoad({ filter: /[\\/]web[\\/]text[\\/]message-words\.js$/ }, () => ({
      contents: `import catalogue from './catalogue.js';
import { language } from '../locale/language.js';
export default { locale: language, refusals: catalogue.refusals };`,
      loader: 'js',
      resolveDir: path.join(root, 'web/text'),
    }));
  },
};

export const pageBuild = {
  absWorkingDir: root,
  entryPoints: { app: 'web/page/main.js' },
  bundle: true,
  // An ES module split into chunks: what only one panel needs (the training panel and its plots)
  // is a chunk of its own, fetched when the panel first opens.
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'browser',
  // es2022 for top-level await: the page's catalogue is fetched before the views start
  // (web/text/catalogue.js)
  target: ['es2022'],
  outdir: 'dist',
  assetNames: 'fonts/[name]-[hash]',
  loader: { '.woff2': 'file' },
  minify: true,
  // Text as UTF-8, not \u escapes: a Chinese character is 3 bytes, not 6, and compresses better.
  // Module and worker scripts are read as UTF-8 whatever the server says, and the single file's
  // shell declares it.
  charset: 'utf8',
  // Emscripten's loader names these Node modules in code that only runs under Node.
  external: ['fs', 'path'],
  plugins: [siteEngine, katexFonts, formulas, catalogueParts, pageLanguageMessages],
  define: { ATTENTION_LAB_WORKER: '"trainer.js"' },
  logLevel: 'warning',
};

// The training worker: its own bundle with its own copy of the engine module (the same wasm
// file, which the browser has already cached).
const workerBuild = {
  ...pageBuild,
  entryPoints: { trainer: 'web/worker/worker.js' },
  format: 'iife', // a classic worker script, which every browser starts
  splitting: false,
  plugins: [siteEngine], // its messages in English, for the worker's log
  define: {},
};

// The page's shell (web/page/index.html) with its <noscript> filled: what the page needs, in
// every language of the catalogues, each marked with its language.
const escapeHtml = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export function shellHtml() {
  const said = Object.entries(catalogues).map(([code, c]) => `<p lang="${code}">${escapeHtml(c.ui.noScript)}</p>`);
  return readFileSync(path.join(root, 'web/page/index.html'), 'utf8').replace(
    '<noscript></noscript>',
    () => `<noscript>${said.join('')}</noscript>`,
  );
}

export function copyStatic() {
  rmSync(dist, { recursive: true, force: true }); // no stale files from an earlier build
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), shellHtml());
  for (const wasm of ['attention_lab_site.wasm', 'attention_lab_site_extras.wasm'])
    copyFileSync(path.join(root, 'build/wasm', wasm), path.join(dist, wasm));
  // the models an experiment offers already trained (scripts/train-induction.mjs), fetched only
  // when a student asks for one
  mkdirSync(path.join(dist, 'models'));
  for (const model of readdirSync(trainedModels))
    copyFileSync(path.join(trainedModels, model), path.join(dist, 'models', model));
}

// The service worker caches every file of the site under a name that changes with the build.
function writeServiceWorker() {
  const files = [
    './',
    'index.html',
    'app.js',
    'app.css',
    'trainer.js',
    'attention_lab_site.wasm',
    'attention_lab_site_extras.wasm',
    // the one-file copies too, so that a link to one keeps working offline
    ...Object.keys(catalogues).map(singleFileOf),
    ...readdirSync(path.join(dist, 'fonts')).map((f) => `fonts/${f}`),
    ...readdirSync(path.join(dist, 'chunks')).map((f) => `chunks/${f}`),
  ];
  // the version changes with any file cached (chunks and fonts are named by their hash)
  const hash = createHash('sha256');
  for (const f of files.filter((f) => f !== './' && !/^(chunks|fonts)\//.test(f)))
    hash.update(readFileSync(path.join(dist, f)));
  const version = hash.digest('hex').slice(0, 12);
  writeFileSync(
    path.join(dist, 'sw.js'),
    `// Generated by scripts/build-page.mjs: serves the site from its cache, fetching only this site.
const CACHE = 'attention-lab-${version}';
const FILES = ${JSON.stringify(files)};
self.addEventListener('install', (e) => e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting())));
self.addEventListener('activate', (e) => e.waitUntil(caches.keys()
  .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
  .then(() => self.clients.claim())));
self.addEventListener('fetch', (e) => {
  if (new URL(e.request.url).origin !== location.origin) return;
  e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request)));
});
`,
  );
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

// The single file leaves GPT-2's tokenizer out (200 KB gzipped, a third of the file's budget):
// web/models/gpt2.js finds this stand-in and says to type token ids or use the site.
const noGpt2Tokenizer = {
  name: 'no-gpt2-tokenizer',
  setup(build) {
    build.onResolve({ filter: /^gpt-tokenizer\// }, (args) => ({ path: args.path, namespace: 'no-gpt2' }));
    build.onLoad({ filter: /.*/, namespace: 'no-gpt2' }, () => ({
      contents: 'export const unavailable = true;',
      loader: 'js',
    }));
  },
};

// A single file is a classic script, which cannot wait at its top for a catalogue to arrive:
// web/text/catalogue.js becomes its language's whole catalogue, imported at once. Each language
// has a file of its own (the other catalogues would be two fifths of a file's budget); its
// language menu opens the sibling file.
const oneCatalogue = (code) => ({
  name: 'one-catalogue',
  setup(build) {
    build.onLoad({ filter: /[\\/]web[\\/]text[\\/]catalogue\.js$/ }, () => ({
      contents: `export { default } from './${code}.js';
export const laterOf = null;`,
      loader: 'js',
      resolveDir: path.join(root, 'web/text'),
    }));
  },
});

// The single file's engine (web/engine/single-file.js) in place of the module it wraps: that
// module is the one with every part less its inlined wasm, and the wasm comes back gzipped, in
// base64 (the bench reports its size).
export function singleFileEngine() {
  const file = path.join(root, 'build/wasm/attention_lab.cjs');
  const js = readFileSync(file, 'utf8');
  const base64 = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/.exec(js)?.[1];
  if (!base64) throw new Error(`${file} has no inlined wasm: the single file needs its -sSINGLE_FILE build`);
  return {
    module: js.replace(base64, ''),
    dir: path.dirname(file),
    wasm: gzipSync(Buffer.from(base64, 'base64'), { level: 9 }).toString('base64'),
  };
}
const packedEngine = {
  name: 'packed-engine',
  setup(build) {
    build.onResolve({ filter: /attention_lab\.cjs$/ }, () => ({ path: path.join(root, 'web/engine/single-file.js') }));
    build.onResolve({ filter: /^attention-lab:engine\// }, (args) => ({ path: args.path, namespace: 'packed-engine' }));
    let engine; // read and packed once a build, for both its modules
    build.onStart(() => {
      engine = null;
    });
    build.onLoad({ filter: /.*/, namespace: 'packed-engine' }, (args) => {
      engine ??= singleFileEngine();
      return args.path === 'attention-lab:engine/module'
        ? { contents: engine.module, loader: 'js', resolveDir: engine.dir }
        : { contents: engine.wasm, loader: 'text' };
    });
  },
};

async function writeSingleFile(code) {
  const out = refuseWarnings(
    await esbuild.build({
      ...pageBuild,
      write: false,
      outdir: 'single',
      format: 'iife', // a classic script: browsers refuse module scripts from file://
      splitting: false, // and one script: the training panel is inlined, not a chunk
      plugins: [packedEngine, katexFonts, formulas, noGpt2Tokenizer, oneCatalogue(code), pageLanguageMessages],
      define: { ATTENTION_LAB_WORKER: 'null', ATTENTION_LAB_LANGUAGE: JSON.stringify(code) },
      loader: { '.woff2': 'dataurl' },
    }),
    `dist/${singleFileOf(code)}`,
  );
  const find = (ext) => out.outputFiles.find((f) => f.path.endsWith(ext)).text;
  // "</script" inside the inlined code would end the script element early.
  const js = find('.js').replace(/<\/script/gi, '<\\/script');
  const css = find('.css');
  const html = shellHtml()
    .replace(/script-src 'self'/, `script-src ${sha256(js)}`)
    .replace(/style-src 'self'/, `style-src ${sha256(css)}`)
    .replace('<link rel="stylesheet" href="app.css">', () => `<style>${css}</style>`)
    .replace('<script type="module" src="app.js"></script>', () => `<script>${js}</script>`);
  writeFileSync(path.join(dist, singleFileOf(code)), html);
}

// A warning (a duplicate key in a catalogue, say) is a bug that would reach students: stop.
function refuseWarnings(result, what) {
  if (result.warnings.length)
    throw new Error(`${what}: esbuild reported ${result.warnings.length} warning(s); fix them`);
  return result;
}

// The first numbers wait on app.js, the chunks it imports and the engine's wasm. Without help the
// browser finds them one after another (app.js, then its imports, then the wasm its code asks
// for); preload links in index.html ask for all of them at once.
// `files` of dist/ and the chunks they import at their top, and those chunks' in turn: what a
// page that runs them fetches at once (not what it imports when a panel opens).
export function importedAtOnce(files) {
  const importsOf = (file) =>
    [...readFileSync(path.join(dist, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/(?:chunks\/)?([^"/]+\.js)"/g)].map(
      (m) => `chunks/${m[1]}`,
    );
  const seen = new Set();
  for (const todo = [...files]; todo.length;) {
    const file = todo.pop();
    if (!seen.has(file)) (seen.add(file), todo.push(...importsOf(file)));
  }
  return [...seen];
}
const chunksAtStart = () => importedAtOnce(['app.js']).filter((f) => f !== 'app.js');

function writePreloads() {
  const chunks = chunksAtStart();
  const links = [
    // as the engine's loader fetches it (mode cors, same-origin credentials), so it is reused
    '<link rel="preload" href="attention_lab_site.wasm" as="fetch" type="application/wasm" crossorigin>',
    ...chunks.map((c) => `<link rel="modulepreload" href="${c}">`),
  ];
  const file = path.join(dist, 'index.html');
  const html = readFileSync(file, 'utf8');
  const at = '<link rel="stylesheet" href="app.css">';
  writeFileSync(file, html.replace(at, `${links.join('\n  ')}\n  ${at}`));
}

// The SCORM 1.2 package of the default assignment (one problem of each family), for an LMS: the
// single file with the assignment in it, and its manifest (web/page/assignment/package.js).
async function writeScormPackage() {
  const lab = await loadEngine();
  const a = defaultAssignment(
    lab.practice.families().map((f) => f.id),
    lab.practice.edition,
  );
  writeFileSync(
    path.join(dist, 'attention-lab-scorm12.zip'),
    scormPackage(readFileSync(path.join(dist, 'attention-lab.html'), 'utf8'), a),
  );
}

export async function buildPage() {
  copyStatic();
  refuseWarnings(await esbuild.build(pageBuild), 'dist/app.js');
  writePreloads();
  refuseWarnings(await esbuild.build(workerBuild), 'dist/trainer.js');
  for (const code of Object.keys(catalogues)) await writeSingleFile(code);
  await writeScormPackage();
  writeServiceWorker(); // after the single file, which it caches and versions
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildPage();
