// The page's part of npm run bench, in headless Chromium on localhost with a cold cache:
// time until the first example shows engine-computed numbers, bytes transferred, gzip sizes of
// the engine (wasm and its JS) and of the page, and the time from an edit on §7.4 to the
// repainted frame. Targets (the page issue): first numbers < 1 s, engine < 300 KB gzipped,
// an edit repaints within one 16 ms frame.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';
import { pageBuild } from './build-page.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 5;
const EDITS = 30;

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

export async function benchPage() {
  const engineJs = readFileSync(path.join(root, 'build/wasm/attention_lab.cjs'));
  const siteJs = readFileSync(path.join(root, 'build/wasm/attention_lab_site.cjs'));
  const wasm = readFileSync(path.join(root, 'build/wasm/attention_lab_site.wasm'));
  const files = ['app.js', 'attention_lab_site.wasm', 'app.css', 'attention-lab.html'].map((f) => [
    f,
    readFileSync(path.join(root, 'dist', f)),
  ]);

  const server = await esbuild.context(pageBuild);
  const { port } = await server.serve({ servedir: path.join(root, 'dist'), host: '127.0.0.1', port: 0 });
  const browser = await launchChromium();
  const first = [];
  let transferred = 0;
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ serviceWorkers: 'block' }); // a cold cache every run
    const page = await context.newPage();
    let bytes = 0;
    page.on('response', async (res) => {
      bytes += (await res.body().catch(() => Buffer.alloc(0))).length;
    });
    await page.goto(`http://127.0.0.1:${port}/#/2.1/1`);
    await page.locator('.step').waitFor();
    first.push(await page.evaluate(() => performance.getEntriesByName('attention-lab:first-numbers')[0].startTime));
    await page.waitForLoadState('networkidle');
    transferred = bytes;
    await context.close();
  }
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/#/7.4/1`);
  await page.locator('.step').waitFor();
  // Edits of E[A][0] on §7.4, each made at the start of a frame: the time to handle it (engine +
  // DOM), and whether the next frame came one idle frame interval later (nothing dropped).
  const edits = await page.evaluate(async (n) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const idle = [];
    for (let i = 0; i < n; i++) idle.push(-(await frame()) + (await frame()));
    const handled = [];
    const gaps = [];
    for (let i = 0; i < n; i++) {
      const start = await frame();
      const t0 = performance.now();
      const input = document.getElementById('in-E-0-0');
      input.value = String(1 + (i % 2) / 4);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      handled.push(performance.now() - t0);
      gaps.push((await frame()) - start);
    }
    return { idle, handled, gaps };
  }, EDITS);
  await browser.close();
  await server.dispose();

  console.log('\nThe page in headless Chromium, localhost, cold cache');
  console.log(
    `  first engine-computed numbers on screen   ${median(first).toFixed(0)} ms (median of ${RUNS} loads; target < 1000 ms)`,
  );
  console.log(`  bytes transferred on first load           ${kb(transferred)} (no compression on the local server)`);
  const frameMs = median(edits.idle);
  const nextFrame = edits.gaps.filter((g) => g < 1.5 * frameMs).length;
  console.log(
    `  edit on §7.4, engine + DOM update          ${median(edits.handled).toFixed(2)} ms median, ${Math.max(...edits.handled).toFixed(2)} ms worst (${EDITS} edits; target < 16 ms)`,
  );
  console.log(
    `  edits painted in the very next frame       ${nextFrame} of ${EDITS} (frame interval ${frameMs.toFixed(1)} ms)`,
  );
  console.log('\nSizes (gzip -9)');
  console.log(
    `  engine on the site: wasm ${kb(wasm.length)} -> ${kb(gz(wasm))} + its JS ${kb(siteJs.length)} -> ${kb(gz(siteJs))} = ${kb(gz(wasm) + gz(siteJs))} (target < 300 KB)`,
  );
  console.log(
    `  engine for Node and the single file (wasm inlined as base64): ${kb(engineJs.length)} -> ${kb(gz(engineJs))}`,
  );
  for (const [f, buf] of files) console.log(`  dist/${f.padEnd(20)} ${kb(buf.length)} -> ${kb(gz(buf))}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchPage();
