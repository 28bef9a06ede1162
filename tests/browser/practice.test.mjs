// The practice set in headless Chromium: answers checked with feedback that names the mistake,
// hints and solutions, progress kept in localStorage across reloads, export and import, damaged
// storage reset with a notice, and a practice panel at the end of a section.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { shots, siteForTests, watch } from './site.mjs';

const KEY = 'attention-lab.progress.v1';

const site = siteForTests();

async function open(url, context) {
  const ctx =
    context || (await site.browser.newContext({ viewport: { width: 1100, height: 900 }, acceptDownloads: true }));
  const page = await ctx.newPage();
  const problems = await watch(page);
  await page.goto(url);
  return { page, ctx, problems };
}

const result = (page, key) => page.locator(`[data-result="${key}"]`).textContent();

const answer = async (page, family, text, { enter = false } = {}) => {
  await page.fill(`#answer-${family}`, text);
  if (enter) await page.press(`#answer-${family}`, 'Enter');
  else await page.click(`#practice-${family} ~ form button`);
  return page.textContent(`#feedback-${family}`);
};

test('an answer is checked: correct, wrong entry, a named misconception, malformed text', async () => {
  const { page, ctx, problems } = await open(`${site.base}#/practice/retrieval/0`);
  await page.locator('.practice').waitFor();
  assert.equal(await page.getAttribute('#answer-retrieval', 'id'), 'answer-retrieval');
  assert.equal(await page.locator('label[for="answer-retrieval"]').textContent(), 'Answer');
  assert.match(
    await answer(page, 'retrieval', '[[[[[['),
    /^Expected a vector, written \[a, b, …\], and this could not be read: expected a number, at “\[\[\[\[”\. \(This did not count as an attempt\.\)$/,
  );
  assert.match(await page.textContent('.practice .mine'), /0 solved, 0 attempts/, 'unreadable text is not an attempt');
  assert.match(
    await answer(page, 'retrieval', '[2, 1.4]'),
    /Not yet\. Read as \[2, 1\.4\]\. Entry \[1\] is off \(counting from 0/,
  );
  const sqrt2ln2 = Math.SQRT2 * Math.log(2);
  // scores without the 1/sqrt(2): [sqrt(2) ln 2, 0, 0]
  const w0 = 2 ** Math.SQRT2 / (2 ** Math.SQRT2 + 2);
  const noScale = `[${2 * w0 + (4 * (1 - w0)) / 2}, ${(2 * (1 - w0)) / 2 + (4 * (1 - w0)) / 2}]`;
  assert.ok(sqrt2ln2 > 0);
  assert.match(await answer(page, 'retrieval', noScale), /the scores are not divided by √d_k \(see §3\.1\)/);
  assert.match(await answer(page, 'retrieval', '2, 3/2', { enter: true }), /^Correct\. Read as \[2, 1\.5\]\./);
  assert.equal(await page.getAttribute('#feedback-retrieval', 'aria-live'), 'polite');
  assert.match(await page.textContent('.practice .mine'), /1 solved, 3 attempts/);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test('hints come one at a time; the solution shows the engine’s steps and an answer that checks', async () => {
  const { page, ctx } = await open(`${site.base}#/practice/cross-entropy/0`);
  await page.locator('.practice').waitFor();
  await page.click('text=Hint');
  assert.equal(await page.locator('.hints li').count(), 1);
  await page.click('text=Another hint');
  assert.equal(await page.locator('.hints li').count(), 2);
  await page.click('text=Show solution');
  const shown = await page.textContent('[data-answer="cross-entropy"]');
  assert.match(shown, /^3\.02$/, 'rounded to 4 significant digits, trailing zeros dropped');
  assert.match(await answer(page, 'cross-entropy', shown), /^Correct/);
  await page.screenshot({ path: path.join(shots, 'practice-solution.png'), fullPage: true });
  await ctx.close();
});

test('every variant has an address; New variant moves to the next one', async () => {
  const { page, ctx } = await open(`${site.base}#/practice/shapes/0`);
  await page.locator('.practice').waitFor();
  const first = await page.textContent('.practice .prompt');
  await page.click('text=New variant');
  await page.waitForURL(/#\/practice\/shapes\/1$/);
  await page.locator('.practice .variant').filter({ hasText: 'variant 1' }).waitFor();
  assert.notEqual(await page.textContent('.practice .prompt'), first);
  await page.goBack();
  await page.locator('.practice .variant').filter({ hasText: 'variant 0' }).waitFor();
  assert.equal(await page.textContent('.practice .prompt'), first);
  await ctx.close();
});

test('progress survives a reload, exports to a file and imports back', async () => {
  const { page, ctx } = await open(`${site.base}#/practice/teacher-forcing/0`);
  await page.locator('.practice').waitFor();
  assert.match(await answer(page, 'teacher-forcing', 'the'), /target is not shifted/);
  assert.match(await answer(page, 'teacher-forcing', 'cat'), /^Correct/);
  await page.reload();
  await page.locator('.practice').waitFor();
  assert.match(await page.textContent('.practice .mine'), /1 solved, 2 attempts/);
  await page.goto(`${site.base}#/practice`);
  await page.locator('.practice-set').waitFor();
  assert.match(await page.textContent('tr[data-family="teacher-forcing"]'), /1 solved, 2 attempts/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-progress')]);
  const file = await download.path();
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  assert.deepEqual(exported.families['teacher-forcing'], { attempts: 2, solved: [0] });
  await page.evaluate((key) => localStorage.removeItem(key), KEY);
  await page.reload();
  await page.locator('.practice-set').waitFor();
  assert.match(await page.textContent('tr[data-family="teacher-forcing"]'), /0 solved, 0 attempts/);
  await page.setInputFiles('#import-progress', file);
  // what the file holds, before anything changes; the focus on it
  await page.locator('#import-preview').waitFor();
  assert.match(
    await page.textContent('#import-preview'),
    /progress on 1 kind of problem: 1 solved, 2 attempts\. This page holds 0 solved, 0 attempts\./,
  );
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'import-preview');
  await page.locator('.practice-set').screenshot({ path: path.join(shots, 'progress-preview.png') });
  assert.match(await page.textContent('tr[data-family="teacher-forcing"]'), /0 solved, 0 attempts/);
  await page.click('#import-merge');
  await page.locator('.import-status').filter({ hasText: 'Progress merged.' }).waitFor();
  assert.match(await page.textContent('tr[data-family="teacher-forcing"]'), /1 solved, 2 attempts/);
  await page.screenshot({ path: path.join(shots, 'progress-imported.png') });
  // undone for the rest of the session, and done again
  await page.click('#import-undo');
  await page.locator('.import-status').filter({ hasText: 'as it was before the import' }).waitFor();
  assert.match(await page.textContent('tr[data-family="teacher-forcing"]'), /0 solved, 0 attempts/);
  await page.setInputFiles('#import-progress', file);
  await page.click('#import-replace');
  await page.locator('.import-status').filter({ hasText: 'Progress replaced.' }).waitFor();
  assert.match(await page.textContent('tr[data-family="teacher-forcing"]'), /1 solved, 2 attempts/);
  // files that are not this page's progress, each refused by what is wrong with it
  for (const [text, why] of [
    ['{"version": 9}', /not progress data of this version/],
    ['{"version":1,"families":{}}', /holds no progress on any problem of this page/],
    ['{"version":1,"families":{"another-app":{"attempts":1,"solved":[]}}}', /holds no progress on any problem/],
    [
      '{"version":1,"families":{"retrieval":{"attempts":1e308,"solved":[]}}}',
      /families\.retrieval\.attempts is 1e\+308, where a whole number from 0 to 1,000,000 was expected/,
    ],
    [
      '{"version":1,"families":{"retrieval":{"attempts":1,"solved":[1e308]}}}',
      /families\.retrieval\.solved\[0\] is 1e\+308, where a whole number from 0 to 2,147,483,647 was expected/,
    ],
    ['{"version":1,"families":{"__proto__":{"attempts":1,"solved":[]}}}', /holds no progress on any problem/],
  ]) {
    await page.setInputFiles('#import-progress', {
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
    await page.locator('.import-status').filter({ hasText: why }).waitFor();
    assert.match(await page.textContent('.import-status'), /^Not imported: /);
    assert.equal(await page.locator('#import-preview').count(), 0);
    assert.match(
      await page.textContent('tr[data-family="teacher-forcing"]'),
      /1 solved, 2 attempts/,
      `${text} changes nothing`,
    );
  }
  await ctx.close();
});

// A context whose page finds `stored` as its kept progress once, on its first load: what a
// browser that kept a damaged record gives the page.
async function withStoredProgress(stored) {
  const ctx = await site.browser.newContext({ viewport: { width: 1100, height: 900 } });
  await ctx.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [KEY, stored],
  );
  return ctx;
}

test('stored progress that is not JSON is set aside with a notice too', async () => {
  const ctx = await withStoredProgress('{"version":1,');
  const { page } = await open(`${site.base}#/practice`, ctx);
  await page.locator('.practice-set').waitFor();
  assert.match(await page.textContent('.practice-set .notice'), /not progress data of this version/);
  await ctx.close();
});

test('damaged stored progress is set aside with a notice, never a crash', async () => {
  const ctx = await withStoredProgress('{"version":1,"families":{"x":{"attempts":"many"}}}');
  const { page, problems } = await open(`${site.base}#/practice`, ctx);
  await page.locator('.practice-set').waitFor();
  assert.match(
    await page.textContent('.practice-set .notice'),
    /could not be used \(families\.x\.attempts is “many”, where a whole number from 0 to 1,000,000 was expected\)/,
  );
  assert.equal(
    await page.evaluate((key) => localStorage.getItem(`${key}.damaged`), KEY),
    '{"version":1,"families":{"x":{"attempts":"many"}}}',
  );
  await page.goto(`${site.base}#/practice/leak/0`);
  assert.match(await answer(page, 'leak', 'no'), /masking the last block is taken to be enough \(see §7\.3\)/);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test('the end of each example offers its practice problems, starting at a variant that is not the example’s own', async () => {
  const { page, ctx, problems } = await open(`${site.base}#/2.1/1`);
  await page.locator('.step').waitFor();
  const sections = await page.$$eval('nav a[href^="#/"]', (links) => [
    ...new Set(links.map((a) => a.getAttribute('href').match(/^#\/([\d.]+)\//)?.[1]).filter(Boolean)),
  ]);
  const offered = new Set();
  for (const id of sections) {
    await page.goto(`${site.base}#/${id}/1`);
    await page.locator('.step').waitFor();
    const steps = Number((await page.textContent('.step .counter')).match(/of (\d+)/)[1]);
    await page.goto(`${site.base}#/${id}/${steps}`);
    await page.locator('.step').waitFor();
    if (!(await page.locator('.practice-box').count())) continue;
    const family = (await page.getAttribute('.practice-box .practice', 'aria-labelledby')).replace(/^practice-/, '');
    const seed = Number((await page.textContent('.practice-box .variant')).match(/variant (\d+)/)[1]);
    offered.add(family);
    const [mine, handout] = await page.evaluate(
      ([f, s]) => [window.lab.practice.solution(f, s).answer, window.lab.practice.solution(f, 0).answer],
      [family, seed],
    );
    assert.ok(seed >= 1, `§${id}: ${family} starts at variant ${seed}`);
    assert.notEqual(mine, handout, `§${id}: ${family} variant ${seed} repeats the example's answer`);
    assert.match(await answer(page, family, mine), /^Correct/, `§${id}: ${family}`);
    for (const link of await page.$$eval('.practice-box li a', (as) => as.map((a) => a.getAttribute('href')))) {
      offered.add(link.match(/#\/practice\/([\w-]+)\/(\d+)/)[1]);
      assert.notEqual(link.match(/\/(\d+)$/)[1], '0', `§${id}: ${link} starts at the example's own variant`);
    }
  }
  const all = await page.evaluate(() => window.lab.practice.families().map((f) => f.id));
  assert.deepEqual([...offered].sort(), [...all].sort(), 'every family is offered at the end of its example');
  await page.goto(`${site.base}#/2.1/4`);
  await page.locator('.step').waitFor();
  assert.equal(await page.locator('.practice-box').count(), 0, 'only at the last step');
  assert.deepEqual(problems, []);
  await ctx.close();
});

test('the practice list follows the handout’s sections, and each family links to its worked example', async () => {
  const { page, ctx } = await open(`${site.base}#/practice`);
  await page.locator('.practice-set').waitFor();
  const rows = await page.$$eval('tr[data-family]', (trs) =>
    trs.map((tr) => ({
      section: tr.cells[0].textContent,
      example: tr.querySelector('.example-link')?.getAttribute('href'),
      label: tr.querySelector('.example-link')?.textContent,
    })),
  );
  const key = (s) => s.replace('§', '').split('.').map(Number);
  const order = (a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || (x[1] ?? 0) - (y[1] ?? 0);
  };
  assert.deepEqual(
    rows.map((r) => r.section),
    [...rows.map((r) => r.section)].sort(order),
  );
  for (const r of rows) {
    assert.ok(r.example, `${r.section} links to an example`);
    assert.ok(
      r.section === r.label.split(' ')[0] || r.section.startsWith(`${r.label.split(' ')[0]}.`),
      `${r.section} links to ${r.label}`,
    );
  }
  await page.click('tr[data-family="pre-post"] .example-link');
  await page.locator('.step').waitFor();
  assert.match(await page.textContent('.step .section'), /^§5 /);
  await ctx.close();
});

test('predict, then check: a step’s result stays hidden until the prediction is checked or revealed', async () => {
  const { page, ctx, problems } = await open(`${site.base}#/2.1/2`);
  await page.locator('.step').waitFor();
  await page.check('#predict-mode');
  await page.waitForURL(/predict=1/);
  assert.equal(await page.locator('figure[data-label="s"]').count(), 0, 'the scores are hidden');
  assert.match(await page.textContent('#prediction-title'), /Predict the scaled scores s first/);
  await page.fill('#prediction', '[0.98, 0, 0]');
  await page.press('#prediction', 'Enter');
  assert.match(await page.textContent('#prediction-feedback'), /scores are not divided by √d_k \(see §3\.1\)/);
  assert.equal(await page.locator('figure[data-label="s"]').count(), 0, 'still hidden after a wrong prediction');
  await page.fill('#prediction', 'ln 2, 0, 0');
  await page.press('#prediction', 'Enter');
  await page.locator('figure[data-label="s"]').waitFor();
  assert.match(await page.textContent('.step .feedback'), /Your prediction: ln 2, 0, 0 — Correct/);
  await page.click('#next');
  await page.click('#next');
  assert.equal(await page.locator('[data-result="weight-sum"]').count(), 0, 'the next prediction hides its facts');
  await page.fill('#prediction', 'abc');
  await page.press('#prediction', 'Enter');
  assert.match(await page.textContent('#prediction-feedback'), /^Expected a vector/);
  await page.click('#reveal');
  assert.equal(await result(page, 'weight-sum'), '1');
  await page.reload();
  await page.locator('.step').waitFor();
  assert.equal(await page.isChecked('#predict-mode'), true, 'predict mode is part of the address');
  await page.goto(`${site.base}#/7.4/5?predict=1`);
  await page.locator('#prediction').waitFor();
  await page.fill('#prediction', String(3 * 3.020410229));
  await page.press('#prediction', 'Enter');
  assert.match(await page.textContent('#prediction-feedback'), /losses are added instead of averaged/);
  await page.fill('#prediction', '3.0204');
  await page.press('#prediction', 'Enter');
  assert.equal(await result(page, 'loss'), '3.02041');
  await page.screenshot({ path: path.join(shots, 'predict-7.4.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await ctx.close();
});

test('every practice problem fits a 360 px screen', async () => {
  const ctx = await site.browser.newContext({ viewport: { width: 360, height: 740 } });
  const { page } = await open(`${site.base}#/practice`, ctx);
  await page.locator('.practice-set').waitFor();
  const ids = await page.$$eval('tr[data-family]', (rows) => rows.map((r) => r.dataset.family));
  assert.deepEqual(ids, await page.evaluate(() => window.lab.practice.families().map((f) => f.id)));
  for (const id of ids) {
    await page.goto(`${site.base}#/practice/${id}/1`);
    await page.locator('.practice').waitFor();
    await page.click('text=Show solution');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${id} scrolls sideways by ${overflow}px`);
  }
  await page.screenshot({ path: path.join(shots, 'practice-narrow.png'), fullPage: true });
  await ctx.close();
});
