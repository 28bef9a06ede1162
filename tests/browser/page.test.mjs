// The built page (dist/) in headless Chromium: it loads the engine and shows handout results,
// over http and from file://, and says so plainly when WebAssembly is missing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';

import { pageBuild } from '../../scripts/build-page.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shots = path.join(root, 'test-results');
const CHROMIUM = '/usr/bin/chromium';
// Flags for a root user on a machine with no outside network (see ../shared/TOOLCHAIN.md).
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

let browser;
let server;
let base;

before(async () => {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: run scripts/setup.sh (Debian package chromium)`);
  mkdirSync(shots, { recursive: true });
  server = await esbuild.context(pageBuild);
  const { port } = await server.serve({ servedir: path.join(root, 'dist'), host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${port}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
});

after(async () => {
  await browser?.close();
  await server?.dispose();
});

async function open(url, { width = 1000, init } = {}) {
  const page = await browser.newPage({ viewport: { width, height: 700 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (init) await page.addInitScript(init);
  await page.goto(url);
  return { page, errors };
}

for (const [where, url] of [['over http', () => base], ['from file://', () => pathToFileURL(path.join(root, 'dist/index.html')).href]]) {
  test(`the page computes §2.1 and §7.4 with the engine ${where}`, async () => {
    const { page, errors } = await open(url());
    await page.locator('#results').waitFor({ state: 'visible', timeout: 15000 });
    assert.equal(await page.textContent('#retrieval'), '[2, 1.5]');
    assert.equal(await page.textContent('#weights'), '[0.5, 0.25, 0.25]');
    assert.equal(await page.textContent('#loss'), '3.02041');
    assert.equal(await page.textContent('#next'), 'A');
    assert.equal(await page.textContent('#status'), 'Engine ready.');
    // the console API is the same engine
    assert.deepEqual(await page.evaluate(() => window.lab.softmax([0, 0])), [0.5, 0.5]);
    assert.deepEqual(errors, []);
    await page.screenshot({ path: path.join(shots, `placeholder-${where.replace(/\W+/g, '-')}.png`) });
    await page.close();
  });
}

test('without WebAssembly the page says what is missing instead of failing silently', async () => {
  const { page } = await open(base, { init: () => { delete globalThis.WebAssembly; } });
  await page.locator('#status.error').waitFor({ timeout: 10000 });
  assert.match(await page.textContent('#status'), /no WebAssembly support/);
  assert.equal(await page.locator('#results').isHidden(), true);
  await page.close();
});

test('the page fits a 360 px wide screen without horizontal scrolling', async () => {
  const { page } = await open(base, { width: 360 });
  await page.locator('#results').waitFor({ state: 'visible', timeout: 15000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `scrolls sideways by ${overflow}px`);
  await page.screenshot({ path: path.join(shots, 'placeholder-360px.png'), fullPage: true });
  await page.close();
});
