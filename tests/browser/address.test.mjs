// Every route of the address, given what a hand-edited or hostile link holds: a malformed escape,
// a lone surrogate's escape, a name that is a member of Object.prototype, a number past its bound.
// Opened at start and followed from a working page, each must leave the page usable, say what
// it could not read, raise no error and start no endless exchange with the worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteForTests, watch } from './site.mjs';

const site = siteForTests();

const q = (json) => encodeURIComponent(JSON.stringify(json));
// [address, what the page must say about it]
const HOSTILE = [
  ['#/%/1', /cannot be read: “%\/1” is not an escape of UTF-8 text/],
  ['#/practice/%E0%A4%A/1', /“%E0%A4” is not an escape of UTF-8 text/],
  ['#/2.1/1?in=%ED%A0%80', /“%ED%A0%80” is not an escape of UTF-8 text/],
  ['#/__proto__/1', /no example "__proto__"/],
  ['#/2.1/99999999999999999999', /step 99999999999999999999 does not exist/],
  [`#/2.1/1?in=${q({ __proto__: null, constructor: [1] })}`, /input "constructor" does not belong/],
  ['#/2.1/1?hide=__proto__', /unknown control "__proto__"/],
  ['#/practice/__proto__/1', /no practice problem "__proto__"/],
  ['#/practice/toString/0', /no practice problem "toString"/],
  ['#/practice/retrieval/99999999999999999999999', /no variant 99999999999999999999999 \(expected a whole number/],
  ['#/train/__proto__', /no training experiment "__proto__"/],
  ['#/train/constructor', /no training experiment "constructor"/],
  ['#/train?hasOwnProperty=1', /unknown training setting "hasOwnProperty"/],
  ['#/train?corpus=__proto__', /Corpus: expected grammar, .* got “__proto__”/],
  ['#/train?D=1e308', /Width D/],
  ['#/teach?title=T&families=__proto__&each=1', /__proto__/],
  ['#/assignment?title=T&families=constructor&each=1', /constructor/],
];

// Counts the messages the page sends its workers, to see that none keeps on sending.
const countWorkerMessages = () => {
  window.sentToWorkers = 0;
  const send = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (...args) {
    window.sentToWorkers += 1;
    return send.apply(this, args);
  };
};

async function check(page, problems, address, says, how) {
  const where = `${address} (${how})`;
  // Not blank: the main region shows something to read.
  await page
    .waitForFunction(() => document.querySelector('main')?.innerText.trim().length > 0, null, { timeout: 20000 })
    .catch(() => assert.fail(`${where}: nothing in the main region after 20 s`));
  // Said: the training panel words a refused setting once its worker has answered, which on a
  // loaded machine takes more than a moment; the page has 10 s to say it.
  await page
    .waitForFunction(
      (pattern) => new RegExp(pattern.source, pattern.flags).test(document.body.innerText),
      {
        source: says.source,
        flags: says.flags,
      },
      { timeout: 10000 },
    )
    .catch(() => {});
  const text = await page.locator('body').innerText();
  assert.match(text, says, `${where}: says what it could not read`);
  assert.doesNotMatch(text, /could not start/i, `${where}: the page started`);
  // Quiet: at most a handful of messages to the worker over a second once settled (the
  // training panel is the one route that talks to a worker as it opens).
  if (address.startsWith('#/train')) {
    const before = await page.evaluate(() => window.sentToWorkers);
    await page.waitForTimeout(1000);
    const sent = (await page.evaluate(() => window.sentToWorkers)) - before;
    assert.ok(sent < 20, `${where}: ${sent} messages to the worker in a second`);
  }
  assert.deepEqual(problems.splice(0), [], where);
}

test('a hostile address, opened at start or followed from a working page, is refused with its reason and the page stays usable', async () => {
  const ctx = await site.browser.newContext({ viewport: { width: 1100, height: 800 } });
  await ctx.addInitScript(countWorkerMessages);
  const page = await ctx.newPage();
  const problems = await watch(page);
  for (const [address, says] of HOSTILE) {
    await page.goto('about:blank');
    await page.goto(`${site.base}${address}`);
    await check(page, problems, address, says, 'at start');
    await page.goto(`${site.base}#/2.1/1`);
    await page.locator('#step-title').waitFor();
    await page.evaluate((hash) => (location.hash = hash), address);
    await check(page, problems, address, says, 'followed');
    // Still usable: a good address opens as usual.
    await page.evaluate(() => (location.hash = '#/2.1/2'));
    await page
      .locator('.step .counter')
      .filter({ hasText: /^Step 2 of/ })
      .waitFor();
  }
  assert.deepEqual(problems, []);
  await ctx.close();
});
