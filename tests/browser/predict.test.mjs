// Predict mode in headless Chromium: for every step of every example that asks for a prediction,
// nothing on the page gives the hidden result away before it is predicted or revealed — not the
// explanation, not a caption, a label, an aria-label or a title.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import { shots, siteForTests, watch } from './site.mjs';

const site = siteForTests();

// Everything a reader or a screen reader gets from the page: the text, and the names and
// descriptions carried by attributes.
function readable() {
  const names = ['aria-label', 'title', 'alt', 'aria-description', 'placeholder'];
  const attrs = [...document.querySelectorAll(names.map((n) => `[${n}]`).join(','))].flatMap((el) =>
    names.map((n) => el.getAttribute(n)).filter(Boolean),
  );
  // the step counters ("Step 3 of 5", "3 / 5") are not values
  const body = [...document.querySelectorAll('.counter')].reduce(
    (t, el) => t.replace(el.innerText, ''),
    document.body.innerText,
  );
  return [document.title, body, ...attrs].join('\n');
}

// The exact numbers of the step's tables (cells carry them in `title`), and the facts shown.
function shown() {
  const cells = [...document.querySelectorAll('.step figure [title]')]
    .map((el) => Number(el.getAttribute('title')))
    .filter(Number.isFinite);
  const facts = [...document.querySelectorAll('.step [data-result]')].map((el) => el.textContent.trim());
  return { cells, facts };
}

// The numbers a text states, in the forms the page and a handout use: decimals (to the digits
// written), simple fractions and ln n. Each is {value, tolerance}: what rounds to the text.
function statedNumbers(text) {
  // section references (§2.1, Handout #12) are not values
  const plain = text
    .replace(/\u2212/g, '-')
    .replace(/§\s*\d+(\.\d+)*/g, '§')
    .replace(/#\d+/g, '#');
  const out = [];
  for (const m of plain.matchAll(/(?<![\w.])(-?)(\d+)\s*\/\s*(\d+)(?![\d.])/g))
    out.push({ text: m[0], value: ((m[1] ? -1 : 1) * m[2]) / m[3], tolerance: 1e-9 });
  for (const m of plain.matchAll(/\bln\s*\(?\s*(\d+)/g))
    out.push({ text: m[0], value: Math.log(Number(m[1])), tolerance: 1e-9 });
  for (const m of plain.matchAll(/(?<![\w.])-?\d+\.\d+(?:e[-+]?\d+)?/g)) {
    const decimals = (m[0].split('.')[1] || '').replace(/e.*/, '').length;
    out.push({ text: m[0], value: Number(m[0]), tolerance: 0.5 * 10 ** -decimals + 1e-12 });
  }
  return out;
}

const near = (a, b, tol) => Math.abs(a - b) <= tol;

test('every predicted step hides its result everywhere until it is predicted or revealed', async () => {
  const ctx = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const problems = await watch(page);
  await page.goto(`${site.base}#/2.1/1`);
  await page.locator('.step').waitFor();
  const sections = await page.$$eval('nav a[href^="#/"]', (links) => [
    ...new Set(links.map((a) => a.getAttribute('href').match(/^#\/([\d.]+)\//)?.[1]).filter(Boolean)),
  ]);
  assert.ok(sections.length >= 15, `the examples: ${sections}`);
  let checked = 0;
  for (const id of sections) {
    await page.goto(`${site.base}#/${id}/1`);
    await page.locator('.step').waitFor();
    const steps = Number((await page.textContent('.step .counter')).match(/of (\d+)/)[1]);
    for (let step = 1; step <= steps; step++) {
      await page.goto(`${site.base}#/${id}/${step}?predict=1`);
      await page.locator('.step').waitFor();
      if (!(await page.locator('#prediction').count())) continue;
      const where = `§${id} step ${step}`;
      const before = await page.evaluate(readable);
      const visible = await page.evaluate(shown);
      const hiddenExplanation = await page.locator('.step .explain').textContent();
      await page.click('#reveal');
      await page.locator('#prediction').waitFor({ state: 'detached' });
      const after = await page.evaluate(shown);
      // The result: numbers and facts that appear only once revealed. Whole numbers (step
      // counters, section numbers) and values the visible tables already hold are not secrets.
      const secrets = after.cells.filter((v) => !Number.isInteger(v) && !visible.cells.some((w) => near(v, w, 1e-9)));
      const hiddenFacts = after.facts.filter((f) => !visible.facts.includes(f));
      assert.ok(secrets.length || hiddenFacts.length, `${where}: revealing shows something`);
      for (const n of statedNumbers(before)) {
        const leaked = secrets.find((v) => near(v, n.value, n.tolerance));
        assert.equal(leaked, undefined, `${where}: "${n.text}" states ${leaked}, a hidden result, before the reveal`);
      }
      const explanation = await page.locator('.step .explain').textContent();
      for (const fact of hiddenFacts) {
        if (Number.isFinite(Number(fact.replace(/\u2212/g, '-')))) continue; // numbers are checked above
        const word = new RegExp(`(^|[^\\w’'])${fact.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\w’']|$)`);
        assert.ok(!word.test(hiddenExplanation), `${where}: the explanation names "${fact}" before the reveal`);
      }
      assert.ok(explanation.length >= hiddenExplanation.length, `${where}: revealing never removes text`);
      checked += 1;
    }
  }
  assert.ok(checked >= 10, `${checked} predicted steps checked`);
  const fresh = await ctx.newPage(); // this page remembers what it revealed
  await fresh.goto(`${site.base}#/2.1/4?predict=1`);
  await fresh.locator('#prediction').waitFor();
  await fresh.screenshot({ path: path.join(shots, 'predict-2.1-weights.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await ctx.close();
});
