// axe-core, the accessibility engine, on every view a student can reach, at a desktop size and a
// phone size: every step of every worked example (read from the examples list, so a new example
// is covered without editing this file), the practice list, a practice problem before and after an
// answer, predict mode, the training panel before and while it trains, and Open a model before
// and with a model open. Any violation of any
// impact fails, named with the elements it was found on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { siteForTests } from './site.mjs';
import { examples } from '../../web/handouts/self-attention/examples/index.js';
import { loadEngine } from '../../web/engine/index.js';

// a small nanoGPT checkpoint for the model panel, made by the engine
const engine = await loadEngine();
const made = engine.createModel({ vocab_size: 12, n_embd: 8, n_head: 2, n_layer: 1, block_size: 8 });
const checkpoint = Buffer.from(made.exportSafetensors());
made.delete();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const site = siteForTests();
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 360, height: 740 },
];

// The page's CSP forbids inline scripts, so axe goes in through a context that bypasses it.
// A page of its own context, and `check(where)`, which adds axe-core's findings on the page as it
// stands to `found`, each named by where it was.
async function openContext(viewport) {
  const ctx = await site.browser.newContext({ viewport, bypassCSP: true });
  const page = await ctx.newPage();
  const found = [];
  const check = async (where) => (await violations(page)).forEach((v) => found.push(`${where}: ${v}`));
  return { ctx, page, found, check };
}

async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return r.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join('; ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
  );
}

for (const viewport of VIEWPORTS) {
  test(`axe: every step of every worked example at ${viewport.width}x${viewport.height}`, async () => {
    const { ctx, page, found, check } = await openContext(viewport);
    for (const ex of examples)
      for (let s = 1; s <= ex.steps.length; s++) {
        await page.goto(`${site.base}#/${ex.id}/${s}`);
        await page.locator('.step').waitFor({ timeout: 15000 });
        await check(`#/${ex.id}/${s}`);
      }
    await ctx.close();
    assert.deepEqual(found, []);
  });

  test(`axe: the practice set, an answered problem, predict mode and a checked worksheet at ${viewport.width}x${viewport.height}`, async () => {
    const { ctx, page, found, check } = await openContext(viewport);
    await page.goto(`${site.base}#/practice`);
    await page.locator('table.families').waitFor();
    await check('the practice list');
    await page.setInputFiles('#import-progress', {
      name: 'progress.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        '{"version":1,"families":{"retrieval":{"attempts":2,"solved":[0]},"elsewhere":{"attempts":1,"solved":[]}}}',
      ),
    });
    await page.locator('#import-preview').waitFor();
    await check('a progress file shown before it is imported');
    await page.click('#import-merge');
    await page.locator('#import-undo').waitFor();
    await check('a progress file imported, with Undo');
    await page.goto(`${site.base}#/practice/retrieval/0`);
    await page.locator('#answer-retrieval').waitFor();
    await check('a problem');
    await page.fill('#answer-retrieval', '[2, 1.4]');
    await page.press('#answer-retrieval', 'Enter');
    await page.locator('#feedback-retrieval', { hasText: 'Not yet' }).waitFor();
    await check('a problem after a wrong answer');
    await page.goto(`${site.base}#/7.4/5?predict=1`);
    await page.locator('.prediction').waitFor();
    await check('predict mode');
    await page.goto(`${site.base}#/9.4/2`);
    await page.fill('#ws-plan-cross-kv', '[1, 3, 4]');
    await page.fill('#ws-plan-cross-weights', '[1, 2, 3, 2]');
    await page.fill('#ws-plan-ffn-out', 'x');
    await page.click('#ws-plan-check');
    await page.locator('.worksheet-why').waitFor();
    await check('a checked worksheet');
    await ctx.close();
    assert.deepEqual(found, []);
  });

  test(`axe: the training panel before and while it trains at ${viewport.width}x${viewport.height}`, async () => {
    const { ctx, page, found, check } = await openContext(viewport);
    await page.goto(`${site.base}#/train`);
    await page.locator('#train-start').waitFor({ timeout: 20000 });
    await check('before training');
    await page.click('#train-start');
    await page.waitForFunction(
      () => /Step [1-9]/.test(document.querySelector('.train-status')?.textContent || ''),
      null,
      {
        timeout: 30000,
      },
    );
    await check('while training');
    // the induction experiment, and its model handed to Open a model with its heads scored
    await page.click('#train-start');
    page.once('dialog', (d) => d.accept()); // the trained model is to be replaced
    await page.goto(`${site.base}#/train/induction`);
    await page.locator('.train-table tbody th', { hasText: 'control' }).waitFor({ timeout: 30000 });
    await check('the induction experiment');
    // its table of six columns scrolls in its own box: the page itself never scrolls sideways
    const [wide, viewportWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    assert.ok(wide <= viewportWidth, `the page is ${wide} px wide in a ${viewportWidth} px window`);
    await page.click('#train-open');
    await page.locator('#model-heads-run').waitFor({ timeout: 30000 });
    await page.click('#model-heads-run');
    await page.locator('#model-heads-guess').waitFor({ timeout: 30000 });
    await check('a trained model in Open a model, its heads scored');
    await ctx.close();
    assert.deepEqual(found, []);
  });

  test(`axe: Open a model, before and with a model open, generated and checked at ${viewport.width}x${viewport.height}`, async () => {
    const { ctx, page, found, check } = await openContext(viewport);
    await page.goto(`${site.base}#/model`);
    await page.locator('#model-file').waitFor({ timeout: 20000 });
    await check('before opening');
    await page.setInputFiles('#model-file', {
      name: 'm.safetensors',
      mimeType: 'application/octet-stream',
      buffer: checkpoint,
    });
    await page.click('#model-open');
    await page.locator('#model-next tbody tr').first().waitFor({ timeout: 20000 });
    await page.click('#model-generate');
    await page.locator('#model-draws').waitFor();
    await page.click('#model-check');
    await page.locator('#model-causal').waitFor();
    await check('opened');
    await ctx.close();
    assert.deepEqual(found, []);
  });
}

test('on a phone a formula is set smaller to fit; a wider matrix fades at its edge and is a labelled Tab stop whose arrows scroll it', async () => {
  const { ctx, page } = await openContext({ width: 360, height: 740 });
  await page.goto(`${site.base}#/3.2/1`);
  await page.locator('.step').waitFor({ timeout: 15000 });
  await page.evaluate(() => document.fonts.ready);
  const formula = page.locator('.formula').first();
  await page.waitForFunction(() => document.querySelector('.formula').style.fontSize !== '');
  assert.ok(await formula.evaluate((e) => e.scrollWidth <= e.clientWidth), 'the formula fits');
  assert.equal(await formula.getAttribute('tabindex'), null, 'a formula that fits is no Tab stop');

  await page.goto(`${site.base}#/4.2/1`);
  await page.locator('.step').waitFor();
  const box = page.locator('figure[data-label="W_QKV"] .scroll');
  assert.equal(await box.getAttribute('tabindex'), '0');
  assert.match(await box.getAttribute('aria-label'), /^W_QKV, wider than the screen/);
  assert.match(await box.getAttribute('class'), /more-right/, 'faded where it goes on');
  await box.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('figure[data-label="W_QKV"] .scroll').scrollLeft > 0);
  await page.waitForFunction(() =>
    document.querySelector('figure[data-label="W_QKV"] .scroll').classList.contains('more-left'),
  );
  assert.match(await page.locator('.step .counter').textContent(), /^Step 1 of/, 'the arrow scrolled, not the step');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForFunction(
    () => !document.querySelector('figure[data-label="W_QKV"] .scroll').hasAttribute('tabindex'),
  );
  await ctx.close();
});

// The id of the focused element, or its tag when it has none ("BODY" is the failure).
const focused = (page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);

test('focus never falls to <body>: it follows the hint, the solution, the new variant, Reset, the last step, the prediction', async () => {
  const { ctx, page } = await openContext({ width: 1280, height: 900 });
  await page.goto(`${site.base}#/practice/retrieval/0`);
  await page.locator('#answer-retrieval').waitFor();
  const hint = page.getByRole('button', { name: /hint/i });
  await hint.click();
  assert.equal(await focused(page), 'hint-retrieval-0', 'the revealed hint');
  await hint.click();
  assert.equal(await focused(page), 'hint-retrieval-1', 'the next hint');
  await page.getByRole('button', { name: /solution/i }).click();
  assert.equal(await focused(page), 'solution-retrieval', 'the solution');
  await page.locator('.practice-controls a.button').click();
  await page.waitForURL(/practice\/retrieval\/1$/);
  await page.locator('.practice .variant', { hasText: '1' }).waitFor();
  assert.equal(await focused(page), 'answer-retrieval', 'the new problem’s answer box');

  await page.goto(`${site.base}#/2.1/1`);
  await page.locator('.step').waitFor();
  await page.fill('#in-q-0-0', '2');
  await page.click('#reset');
  assert.equal(await focused(page), 'step-title', 'Reset, now disabled, hands focus to the step');
  await page.goto(`${site.base}#/2.1/4`);
  await page.locator('.step .counter', { hasText: 'Step 4' }).waitFor();
  await page.click('#next');
  assert.equal(await focused(page), 'step-title', 'Next, disabled on the last step, hands focus to the step');

  await page.goto(`${site.base}#/7.4/5?predict=1`);
  await page.locator('#prediction').waitFor();
  await page.fill('#prediction', '3.0204');
  await page.press('#prediction', 'Enter');
  assert.equal(await focused(page), 'prediction-verdict', 'a correct prediction: its verdict');
  await ctx.close();
});

test('the training status is spoken on start and pause and at most every 100 steps, not on every step', async () => {
  const { ctx, page } = await openContext({ width: 1280, height: 900 });
  await page.goto(`${site.base}#/train`);
  await page.locator('#train-start').waitFor({ timeout: 20000 });
  await page.evaluate(() => {
    window.spoken = [];
    const live = document.querySelector('.train-status').parentElement.querySelector('[aria-live]');
    new MutationObserver(() => window.spoken.push(live.textContent)).observe(live, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await page.click('#train-start');
  await page.waitForFunction(() => /Step [1-9]\d{2,}/.test(document.querySelector('.train-status').textContent), null, {
    timeout: 30000,
  });
  await page.click('#train-start');
  await page.waitForFunction(() => /Paused/.test(document.querySelector('.train-status').textContent));
  const steps = Number(/Step (\d+)/.exec(await page.locator('.train-status').textContent())[1]);
  const spoken = await page.evaluate(() => window.spoken);
  assert.equal(
    await page.locator('.train-status[aria-live], .train-status [aria-live]').count(),
    0,
    'the visible line is not live',
  );
  assert.ok(spoken.length <= 2 + Math.floor(steps / 100) + 1, `${spoken.length} announcements in ${steps} steps`);
  assert.match(spoken.at(-1), /Paused/, 'the pause is spoken');
  await ctx.close();
});

test('a matrix is one Tab stop: arrows move, Enter or typing edits, Escape restores, Enter keeps', async () => {
  const { ctx, page } = await openContext({ width: 1280, height: 900 });
  await page.goto(`${site.base}#/2.1/1`);
  await page.locator('.step').waitFor({ timeout: 15000 });
  const value = (id) => page.inputValue(`#${id}`);
  await page.focus('#in-k-0-0');
  await page.keyboard.press('Tab');
  assert.equal(
    await page.evaluate(() => document.activeElement.getAttribute('aria-label')),
    'Copy LaTeX: K',
    'one Tab leaves K’s cells for the control after them',
  );
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(page), 'in-k-0-0');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight'); // past the edge: stays
  assert.equal(await focused(page), 'in-k-1-1');
  await page.keyboard.press('Home');
  assert.equal(await focused(page), 'in-k-1-0');
  await page.keyboard.press('End');
  assert.equal(await value('in-k-1-1'), '1');

  // Enter edits with the caret at the end; the arrows then move the caret, not the cell.
  await page.keyboard.press('Enter');
  await page.keyboard.type('5');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(page), 'in-k-1-1');
  assert.equal(await value('in-k-1-1'), '15');
  assert.ok(await page.locator('#edited-notice').count(), 'the edit is in use');
  // Escape puts the old number back, and with it the handout's state.
  await page.keyboard.press('Escape');
  assert.equal(await value('in-k-1-1'), '1');
  assert.equal(await page.locator('#edited-notice').count(), 0, 'back to the handout’s values');
  assert.equal(await page.locator('.step .counter').textContent(), 'Step 1 of 5', 'Escape did not leave the step');
  // Typing replaces the number; Enter keeps it and the arrows move between cells again.
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  assert.equal(await value('in-k-1-1'), '3');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focused(page), 'in-k-0-1');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(page), 'in-k-0-1', 'the matrix remembers its cell');
  assert.equal(
    await page.locator('table.matrix input[tabindex="0"]').count(),
    await page.locator('table.matrix.editable').count(),
    'one Tab stop per matrix',
  );
  await page.waitForURL(/in=/);
  assert.match(decodeURIComponent(page.url()), /"k":\[\[[^\]]*\],\[0,3\]/);

  // A read-only matrix: one Tab stop, arrows between cells.
  await page.goto(`${site.base}#/2.1/4`);
  await page.locator('.step .counter', { hasText: 'Step 4' }).waitFor();
  const grid = page.locator('table.matrix:not(.editable)').first();
  assert.equal(await grid.locator('td[tabindex="0"]').count(), 1);
  await grid.locator('td[tabindex="0"]').focus();
  await page.keyboard.press('ArrowRight');
  assert.match(await page.locator('.exact').first().textContent(), /^a\[0\]\[1\] = 0\.25$/);
  await ctx.close();
});
