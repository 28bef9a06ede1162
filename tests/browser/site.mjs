// What the browser tests share: Debian's Chromium with the flags this machine needs, the built
// site (dist/) served by esbuild on a free port, and a watch on every page for errors.
import { after, before } from 'node:test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { launchChromium } from '../../scripts/chromium.mjs';
import { pageBuild } from '../../scripts/build-page.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const shots = path.join(root, 'test-results');

// Serves dist/ and starts Chromium; close() stops both.
export async function startSite() {
  mkdirSync(shots, { recursive: true });
  const server = await esbuild.context(pageBuild);
  const { port } = await server.serve({ servedir: path.join(root, 'dist'), host: '127.0.0.1', port: 0 });
  const browser = await launchChromium();
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
