// What the browser tests share: Debian's Chromium with the flags this machine needs, the built
// site (dist/) served by esbuild on a free port, and a watch on every page for errors.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';

import { pageBuild } from '../../scripts/build-page.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const shots = path.join(root, 'test-results');
const CHROMIUM = '/usr/bin/chromium';
// Flags for a root user on a machine with no outside network: no sandbox (root cannot have one),
// no GPU, and no QUIC or background requests that would wait on a network that is not there.
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Serves dist/ and starts Chromium; close() stops both.
export async function startSite() {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: run scripts/setup.sh (Debian package chromium)`);
  mkdirSync(shots, { recursive: true });
  const server = await esbuild.context(pageBuild);
  const { port } = await server.serve({ servedir: path.join(root, 'dist'), host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  return {
    base: `http://127.0.0.1:${port}/`,
    browser,
    close: async () => {
      await browser.close();
      await server.dispose();
    },
  };
}

// The site for one test file: started before its tests and closed after them. `base` and
// `browser` are filled in when the tests run, so read them there (site.base), not at import.
export function siteForTests() {
  const site = {};
  before(async () => Object.assign(site, await startSite()));
  after(() => site.close?.());
  return site;
}

// The console errors, uncaught exceptions and CSP violations of `page` from now on (call it
// before the page loads anything).
export async function watch(page) {
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text().slice(0, 200)}`);
  });
  page.on('pageerror', (e) => problems.push(`exception: ${e.message}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  return problems;
}
