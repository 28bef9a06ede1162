// Bundles the page (web/page) and the engine it loads into dist/: index.html, app.js, style.css.
// app.js is a classic script (not an ES module) with the wasm inlined, so dist/index.html also
// works when opened from disk (file://), where browsers refuse module scripts.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const pageBuild = {
  absWorkingDir: root,
  entryPoints: ['web/page/main.js'],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2020'],
  outfile: 'dist/app.js',
  minify: true,
  // Emscripten's loader names these Node modules in code that only runs under Node.
  external: ['fs', 'path'],
  logLevel: 'warning',
};

export function copyStatic() {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  for (const f of ['index.html', 'style.css']) copyFileSync(path.join(root, 'web/page', f), path.join(root, 'dist', f));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  copyStatic();
  await esbuild.build(pageBuild);
}
