// The page (dist/) in Debian's headless Chromium, driven by playwright-core: every worked example
// reaches the handout's number, editing recomputes, bad input is explained and harmless, links,
// history, keyboard, teacher options, copying, the single file from file://, offline use, and no
// console error or CSP violation anywhere. Screenshots go to test-results/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

import { root, shots, siteForTests, watch } from './site.mjs';
import { examples } from '../../web/handouts/self-attention/examples/index.js';

const site = siteForTests();

// A fresh page that records every console error, uncaught exception and CSP violation.
async function open(url, { width = 1200, height = 900, init, context } = {}) {
  const ctx = context || (await site.browser.newContext({ viewport: { width, height } }));
  const page = await ctx.newPage();
  const problems = await watch(page);
  if (init) await page.addInitScript(init);
  await page.goto(url);
  return { page, problems, close: () => (context ? page.close() : ctx.close()) };
}

const result = (page, key) => page.locator(`[data-result="${key}"]`).textContent();
const ready = (page) => page.locator('.step').waitFor({ timeout: 15000 });

// For every example: the step and result where the handout's number (or the property it
// teaches) appears, and what must be on screen.
const EXPECT = {
  2.1: [[5, 'y', '[2, 1.5]']],
  2.2: [[2, 'nudged-sum', '1']],
  3.1: [
    [1, 'raw', '[3.35e\u22124, 0.9997]'],
    [2, 'scaled', '[0.2689, 0.7311]'],
  ],
  3.2: [
    [3, 'rows-0', '[1, 1, 1]'],
    [3, 'rows-1', '[1, 1, 1]'],
  ],
  4: [[1, 'total', '256']],
  4.1: [
    [1, 'head1', '[2, 0.6]'],
    [2, 'head2', '[0.6, 2]'],
    [3, 'concat', '[2, 0.6, 0.6, 2]'],
    [4, 'average', '[1.3, 1.3]'],
  ],
  4.2: [
    [2, 'heads-shape', '[1, 2, 3, 2]'],
    [3, 'gap', '0'],
  ],
  5: [[4, 'pre', /^\[/]],
  6: [[1, 'head-params', '4160']],
  6.1: [[1, 'gap-none', '0']],
  7.1: [
    [1, 'greedy', 'A'],
    [2, 'stopped', 'at the step bound'],
    [3, 'prefix-same', 'yes, bit for bit'],
    [4, 'cache-same', 'yes, bit for bit'],
  ],
  7.2: [[2, 'loss', /^\d+\.\d+$/]],
  7.3: [],
  7.4: [
    [3, 'attn2', '[0.8, 0.6]'],
    [5, 'loss', '3.02041'],
    [5, 'next', 'A'],
  ],
  8: [],
  8.1: [
    [1, 'scores-shape', '[2, 3, 3]'],
    [2, 'y-shape', '[2, 3, 4]'],
  ],
  9.1: [
    [1, 'x-shape', '[2, 3, 8]'],
    [2, 'qkv-shape', '[2, 3, 24]'],
    [3, 'heads-shape', '[2, 2, 3, 4]'],
    [4, 'att-shape', '[2, 2, 3, 3]'],
    [7, 'y-heads-shape', '[2, 2, 3, 4]'],
    [8, 'y-shape', '[2, 3, 8]'],
    [9, 'out-shape', '[2, 3, 8]'],
  ],
  9.2: [
    [1, 'block-params', '872'],
    [5, 'mlp-shape', '[2, 3, 32]'],
    [6, 'block-shape', '[2, 3, 8]'],
  ],
  9.3: [
    [2, 'gap', '0'],
    [3, 'ln-means', '[0, 0, 0]'],
    [4, 'plain-params', '64'],
    [4, 'gated-params', '96'],
    [5, 'block-shape', '[1, 3, 4]'],
    [5, 'block-params', '168'],
  ],
  9.4: [
    [1, 'model-count', '6 · 172 + 6 · 260 + 400 + 16 = 3008'],
    [6, 'cross-shape', '[1, 2, 3, 2]'],
    [7, 'output-shape', '[1, 3, 4]'],
  ],
};

test('every example is listed and checked', () => {
  assert.deepEqual(Object.keys(EXPECT).sort(), examples.map((e) => e.id).sort());
});

for (const example of examples) {
  test(`§${example.id}: step to the end, the handout's numbers on screen, no console error or CSP violation`, async () => {
    const { page, problems, close } = await open(`${site.base}#/${example.id}/1`);
    await ready(page);
    let step = 1;
    const seen = new Map();
    for (;;) {
      for (const [s, key, want] of EXPECT[example.id]) {
        if (s !== step) continue;
        const got = await result(page, key);
        if (want instanceof RegExp) assert.match(got, want, `${key} at step ${s}`);
        else assert.equal(got, want, `${key} at step ${s}`);
        seen.set(key, got);
      }
      if (!(await page.isEnabled('#next'))) break;
      await page.click('#next');
      step++;
    }
    assert.equal(step, example.steps.length);
    assert.equal(seen.size, new Set(EXPECT[example.id].map(([, k]) => k)).size, 'every expected result was checked');
    await page.screenshot({ path: path.join(shots, `example-${example.id}.png`), fullPage: true });
    assert.deepEqual(problems, []);
    await close();
  });
}

test('§6.1 positions break the symmetry and §5 LayerNorm centres each token', async () => {
  const { page, close } = await open(`${site.base}#/6.1/2`);
  await ready(page);
  assert.ok(Number(await result(page, 'gap-positions')) > 1e-3);
  await page.goto(`${site.base}#/5/3`);
  await ready(page);
  const means = (await result(page, 'token-mean'))
    .slice(1, -1)
    .split(', ')
    .map((s) => Number(s.replace('\u2212', '-')));
  assert.ok(
    means.every((m) => Math.abs(m) < 1e-12),
    `token means ${means}`,
  );
  await close();
});

test('§7.1 sampling is reproducible from the seed and stops at the chosen token', async () => {
  const { page, close } = await open(`${site.base}#/7.1/2`);
  await ready(page);
  const first = await result(page, 'sampled');
  await page.fill('#in-seed', '8');
  await page.fill('#in-seed', '7');
  assert.equal(await result(page, 'sampled'), first, 'the same seed gives the same tokens');
  const generated = first.split(' ').slice(3);
  await page.selectOption('#in-eos', generated[0]);
  assert.equal(await result(page, 'stopped'), 'at the stop token');
  assert.equal(await result(page, 'sampled'), `A B C ${generated[0]}`);
  await close();
});

test('§9.4 the build-plan worksheet: the engine checks every cell, names wrong wirings, keeps the answers', async () => {
  const { page, problems, close } = await open(`${site.base}#/9.4/2`);
  await ready(page);
  const cell = (row, col) => `#ws-plan-${row}-${col}`;
  const summary = () => page.locator('#ws-plan-summary').textContent();
  // The plan at T_dec = 3, T_enc = 2, H = 2, B = 1, D = 4, with three mistakes and one malformed cell.
  const plan = {
    encoder: { q: '[1, 2, 4]', kv: '[1, 2, 4]', weights: '[1, 2, 2, 2]', out: '[1, 2, 4]', mask: 'none' },
    self: { q: '[1, 3, 4]', kv: '(1, 3, 4)', weights: '[1, 2, 3, 3]', out: '[1, 3, 4]', mask: 'causal' },
    cross: { q: '[1, 3, 4]', kv: '[1, 2, 4]', weights: '[1, 2, 3, 2]', out: '[1, 3, 4]', mask: 'none' },
    ffn: { q: '[1, 3, 4]', out: '[1, 3, 4]' },
  };
  const fillIn = async (answers) => {
    for (const [row, cols] of Object.entries(answers))
      for (const [col, v] of Object.entries(cols))
        if (col === 'mask') await page.selectOption(cell(row, col), v);
        else await page.fill(cell(row, col), v);
  };
  await fillIn(plan);
  await fillIn({ cross: { kv: '[1, 3, 4]', mask: 'causal' }, self: { weights: '[1, 3, 3]' }, ffn: { out: '[1, 3' } });
  await page.fill(cell('encoder', 'out'), '');
  await page.click('#ws-plan-check');
  assert.equal(await summary(), '12 of 17 answers are right. 1 is still empty. Not yet right:');
  const why = await page.locator('.worksheet-why li').allTextContents();
  assert.equal(why.length, 4);
  assert.match(why[0], /^decoder self-attention, weights: .*head axis is forgotten/);
  assert.match(why[1], /^cross-attention, keys and values from: .*taken from the decoder instead of the memory/);
  assert.match(why[2], /^cross-attention, mask: .*causal mask was applied to cross-attention/);
  assert.match(why[3], /^decoder FFN, output: Expected a shape/);
  assert.equal(await page.getAttribute(cell('cross', 'kv'), 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute(cell('cross', 'q'), 'aria-invalid'), 'false');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'ws-plan-summary');
  // A change of T_enc keeps every answer and withdraws the verdicts, which were for T_enc = 2.
  await page.fill('#in-Tenc', '5');
  assert.equal(await page.inputValue(cell('cross', 'kv')), '[1, 3, 4]');
  assert.equal(await summary(), '');
  await page.fill('#in-Tenc', '2');
  await page.click('#next');
  await page.click('#prev');
  await fillIn(plan);
  await page.click('#ws-plan-check');
  assert.equal(await summary(), 'All 17 answers are right.');
  assert.equal(await page.locator('.worksheet-why').count(), 0);
  // The same plan at T_enc = 5 is wrong exactly where T_enc appears: 6 cells.
  await page.fill('#in-Tenc', '5');
  await page.click('#ws-plan-check');
  assert.equal(await summary(), '11 of 17 answers are right. Not yet right:');
  await page.click('#ws-plan-clear');
  assert.equal(await page.inputValue(cell('self', 'q')), '');
  assert.deepEqual(problems, []);
  await close();
});

test('§2.1 a key of 1004 gives a score past ln(DBL_MAX): e^s is explained, not refused, and the weights stay', async () => {
  const { page, problems, close } = await open(`${site.base}#/2.1/1`);
  await ready(page);
  await page.fill('#in-k-0-0', '1004');
  await page.click('#next');
  await page.click('#next');
  assert.match(await page.locator('.remark').textContent(), /^exp\(s\) is not shown: a score above about 709\.78/);
  assert.match(
    await page.locator('.remark').textContent(),
    /The engine: e\^709\.9 \(x entry 0\) is larger than the largest double/,
  );
  assert.equal(await page.locator('figure', { hasText: 'exp(s − max s)' }).count(), 1);
  await page.click('#next');
  assert.equal(await result(page, 'weight-sum'), '1');
  assert.deepEqual(problems, []);
  await close();
});

test('§7.2 the teacher-forcing table shifts the targets by one position', async () => {
  const { page, close } = await open(`${site.base}#/7.2/1`);
  await ready(page);
  const table = page.locator('table.tokens');
  assert.equal(await table.locator('caption').textContent(), 'position');
  const row = async (i) => (await table.locator('tbody tr').nth(i).locator('td').allTextContents()).join(' ');
  assert.equal(await row(0), 'the cat sat on the mat');
  assert.equal(await row(1), 'cat sat on the mat <eos>');
  await close();
});

test('§7.3 and §8: the badges say which masks leak', async () => {
  const { page, close } = await open(`${site.base}#/7.3/3`);
  await ready(page);
  const state = (label) => page.locator(`[data-check="${label}"]`).getAttribute('class');
  assert.equal(await state('mask in every block'), 'pass');
  assert.equal(await state('mask in the last block only'), 'fail');
  assert.equal(await state('no mask'), 'fail');
  await page.goto(`${site.base}#/8/1`);
  await ready(page);
  assert.equal(await page.locator('.badges .fail').count(), 0);
  assert.equal(await page.locator('.badges .pass').count(), 10);
  await close();
});

test('editing a cell recomputes every later step, and the edit survives a reload of its link', async () => {
  const { page, problems, close } = await open(`${site.base}#/2.1/1`);
  await ready(page);
  // k0 = [0, 0] makes every score 0, so the weights are 1/3 each and y is the mean of the values.
  await page.fill('#in-k-0-0', '0');
  await page.click('#next');
  await page.click('#next');
  await page.click('#next');
  await page.click('#next');
  assert.equal(await result(page, 'y'), '[2, 2]');
  assert.match(await page.textContent('#edited-notice'), /numbers quoted in the text are the handout’s/);
  assert.match(page.url(), /#\/2\.1\/5\?in=/);
  await page.reload();
  await ready(page);
  assert.equal(await result(page, 'y'), '[2, 2]');
  await page.goto(`${site.base}#/2.1/1`);
  await ready(page);
  assert.equal(await page.isEnabled('#reset'), false);
  assert.equal(await page.locator('#edited-notice').count(), 0, 'no notice on the handout’s own values');
  assert.deepEqual(problems, []);
  await close();
});

test('§9.1–§9.3 live: a typed cell of x outlives a change of T, a C that nh does not divide is refused, bias=False changes the count, a column order breaks the fused equivalence', async () => {
  const { page, problems, close } = await open(`${site.base}#/9.1/1`);
  await ready(page);
  await page.fill('#in-x-0-0', '2');
  await page.fill('#in-T', '4');
  assert.equal(await result(page, 'x-shape'), '[2, 4, 8]');
  assert.equal(await page.inputValue('#in-x-0-0'), '2', 'the typed cell is kept');
  await page.fill('#in-nh', '3');
  assert.match(
    await page.textContent('#in-nh-error'),
    /engine refused it: D = 8 is not divisible by heads = 3 \(d_h = D \/ H must be a whole number\)/,
  );
  assert.equal(await result(page, 'x-shape'), '[2, 4, 8]', 'the last good state stays');
  await page.fill('#in-nh', '4');
  await page.click('#next');
  await page.click('#next');
  assert.equal(await result(page, 'heads-shape'), '[2, 4, 4, 2]');
  await page.goto(`${site.base}#/9.2/1`);
  await ready(page);
  assert.equal(await result(page, 'block-params'), '872');
  await page.selectOption('#in-bias', 'False');
  assert.equal(await result(page, 'block-params'), '784', 'no biases and no LayerNorm beta');
  // §9.3: the fused weights equal the tutorial's heads only with the column blocks in head order.
  await page.goto(`${site.base}#/9.3/2`);
  await ready(page);
  assert.equal(await result(page, 'gap'), '0');
  for (const order of ['swapped', 'interleaved']) {
    await page.selectOption('#in-order', order);
    assert.notEqual(await result(page, 'gap'), '0', order);
    assert.match(await page.textContent('.remark'), /no longer put head h in column block h/);
  }
  await page.fill('#in-H', '1');
  assert.equal(await result(page, 'gap'), '0', 'one head has only one order');
  assert.deepEqual(problems, []);
  await close();
});

test('malformed input gets a message next to the cell, keeps the last valid values, and nothing breaks', async () => {
  const { page, problems, close } = await open(`${site.base}#/2.1/1`);
  await ready(page);
  for (const [typed, message] of [
    [
      'abc',
      /expected a number such as 0\.5, 1\/2 or ln 2, received "abc", which could not be read: an unknown name “abc”/,
    ],
    ['', /received an empty cell/],
    ['1e999', /received "1e999", which could not be read: the value is not a finite number/],
    ['NaN', /received "NaN"/],
    ['1/0', /division by zero/],
  ]) {
    await page.fill('#in-q-0-0', typed);
    assert.match(await page.textContent('#in-q-error'), message);
    assert.equal(await page.getAttribute('#in-q-0-0', 'aria-invalid'), 'true');
  }
  assert.doesNotMatch(page.url(), /in=/, 'nothing malformed reached the state');
  await page.fill('#in-q-0-0', '4/2'); // exact forms are read by the engine's parser
  assert.equal(await page.textContent('#in-q-error'), '');
  await page.waitForURL(/in=/); // edits reach the URL a moment after typing
  await page.goto(`${site.base}#/2.1/5${new URL(page.url()).hash.slice(7)}`);
  await ready(page);
  assert.notEqual(await result(page, 'y'), '[2, 1.5]', 'the valid edit was used');
  // A value the engine refuses: 3 heads do not divide D = 8.
  await page.goto(`${site.base}#/4/1`);
  await ready(page);
  await page.fill('#in-H', '3');
  assert.match(
    await page.textContent('#in-H-error'),
    /engine refused it: D = 8 is not divisible by heads = 3 \(d_h = D \/ H must be a whole number\)/,
  );
  assert.equal(await result(page, 'total'), '256');
  await page.fill('#in-H', '4');
  assert.equal(await result(page, 'total'), '256');
  // A token id outside the vocabulary.
  await page.goto(`${site.base}#/7.4/1`);
  await ready(page);
  await page.fill('#in-tokens-0-1', '7');
  assert.match(await page.textContent('#in-tokens-error'), /expected a token id from 0 to 2, received 7/);
  await page.click('#next');
  assert.equal(await page.locator('#step-title').textContent(), 'Project to queries, keys and values');
  assert.deepEqual(problems, []);
  await close();
});

test('deep links open an example at a step; Back walks back through the steps; bad links are explained', async () => {
  const { page, close } = await open(`${site.base}#/7.4/3`);
  await ready(page);
  assert.equal(await page.locator('#step-title').textContent(), 'Attend to the prefix');
  await page.click('#next');
  await page.click('#next');
  assert.match(page.url(), /#\/7\.4\/5$/);
  await page.goBack();
  await ready(page);
  assert.equal(await page.locator('.step .counter').textContent(), 'Step 4 of 5');
  await page.goto(`${site.base}#/7.4/99`);
  await page.reload();
  await ready(page);
  assert.match(await page.textContent('.notice'), /step 99 does not exist \(this example has 5\)/);
  await page.goto(`${site.base}#/nope/1?in=%7B`);
  await page.reload();
  await ready(page);
  assert.match(await page.textContent('.notice'), /no example "nope"/);
  await close();
});

test('keyboard only: arrow keys step, Tab reaches the cells and buttons, arrow keys move inside a matrix', async () => {
  const { page, close } = await open(`${site.base}#/2.1/1`);
  await ready(page);
  await page.locator('body').focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('#step-title').textContent(), 'Mix the values');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'step-title');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator('.step .counter').textContent(), 'Step 4 of 5');
  // Tab to the first cell of the weights matrix, then move right with the arrow key.
  const cell = page.locator('table.matrix td[tabindex="0"]').first();
  await cell.focus();
  await page.keyboard.press('ArrowRight');
  assert.match(await page.locator('.exact').first().textContent(), /^a\[0\]\[1\] = 0\.25$/);
  await page.locator('#prev').focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('.step .counter').textContent(), 'Step 3 of 5');
  await page.screenshot({ path: path.join(shots, 'keyboard-focus.png') });
  // Focusing an editable cell shows its exact value, selected, so typing replaces it.
  await page.goto(`${site.base}#/2.1/1`);
  await ready(page);
  await page.focus('#in-k-0-0');
  assert.equal(await page.inputValue('#in-k-0-0'), String(Math.SQRT2 * Math.log(2)));
  await page.keyboard.type('0');
  for (let i = 0; i < 4; i++) await page.locator('#next').press('Enter');
  assert.equal(await result(page, 'y'), '[2, 2]');
  await close();
});

test('teacher links hide chosen controls and preset inputs', async () => {
  const preset = encodeURIComponent(JSON.stringify({ tokens: [0, 1, 2, 1] }));
  const { page, close } = await open(`${site.base}#/7.4/5?in=${preset}&hide=edit,reset,toc`);
  await ready(page);
  assert.equal(await page.locator('table.matrix input').count(), 0);
  assert.equal(await page.locator('#reset').count(), 0);
  assert.equal(await page.locator('nav.toc').count(), 0);
  assert.notEqual(await result(page, 'loss'), '3.02041', 'the preset tokens were used');
  await page.click('#prev');
  assert.match(page.url(), /hide=edit%2Creset%2Ctoc|hide=edit,reset,toc/);
  // Without editing, the text no longer invites the student to edit.
  const invitation = 'Every number here can be edited';
  await page.goto(`${site.base}#/2.1/1?hide=edit`);
  await ready(page);
  assert.doesNotMatch(await page.textContent('.explain'), new RegExp(invitation));
  await page.goto(`${site.base}#/2.1/1`);
  await ready(page);
  assert.match(await page.textContent('.explain'), new RegExp(invitation));
  await close();
});

test('every matrix copies as LaTeX and as NumPy, exact digits', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
  const { page, close } = await open(`${site.base}#/2.1/5`, { context });
  await ready(page);
  const fig = page.locator('figure[data-label="y"]');
  await fig.getByRole('button', { name: 'Copy LaTeX: y' }).click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), '\\begin{bmatrix} 2 & 1.5 \\end{bmatrix}');
  await fig.getByRole('button', { name: 'Copy NumPy: y' }).click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'np.array([2, 1.5])');
  await close();
  await context.close();
});

test('the single file works from file:// with its strict CSP, offline, with no console error', async () => {
  const url = `${pathToFileURL(path.join(root, 'dist/attention-lab.html')).href}#/7.4/5`;
  const { page, problems, close } = await open(url);
  await ready(page);
  assert.equal(await result(page, 'loss'), '3.02041');
  await page.click('#prev');
  assert.equal((await page.locator('.formula .katex').count()) > 0, true, 'KaTeX typeset the formula');
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.status === 'loaded').length;
  });
  assert.ok(fonts > 0, 'KaTeX fonts loaded from the file');
  await page.screenshot({ path: path.join(shots, 'single-file.png') });
  assert.deepEqual(problems, []);
  await close();
});

test('each language has a single file of its own: it speaks it, and its menu and a ?lang= of another open the sibling at the same view', async () => {
  const fileOf = (name) => pathToFileURL(path.join(root, 'dist', name)).href;
  const { page, problems, close } = await open(`${fileOf('attention-lab.es.html')}#/2.1/2`);
  await ready(page);
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  assert.match(await page.locator('.step').textContent(), /Paso 2 de/);
  assert.equal(await page.locator('.language-note').count(), 0);
  await page.selectOption('#language', 'zh-Hans');
  await page.waitForURL(/attention-lab\.zh-Hans\.html\?lang=zh-Hans#\/2\.1\/2$/);
  await ready(page);
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hans');
  await page.selectOption('#language', 'en');
  await page.waitForURL(/attention-lab\.html\?lang=en#\/2\.1\/2$/);
  await ready(page);
  assert.match(await page.locator('.step').textContent(), /Step 2 of/);
  // a link that asks the English file for Spanish opens the Spanish file
  await page.goto(`${fileOf('attention-lab.html')}?lang=es#/2.1/3`);
  await page.waitForURL(/attention-lab\.es\.html\?lang=es#\/2\.1\/3$/);
  await ready(page);
  assert.match(await page.locator('.step').textContent(), /Paso 3 de/);
  assert.deepEqual(problems, []);
  await close();
});

test('the single file carries only the font faces its formulas use, and every glyph of every formula finds its face', async () => {
  const { page, problems, close } = await open(pathToFileURL(path.join(root, 'dist/attention-lab.html')).href);
  await ready(page);
  const missing = [];
  let glyphs = 0;
  for (const ex of examples)
    for (const [i, step] of ex.steps.entries()) {
      if (!step.formula) continue;
      await page.evaluate((hash) => (location.hash = hash), `#/${ex.id}/${i + 1}`);
      await page.waitForFunction((n) => document.querySelector('.step')?.textContent.includes(`Step ${n} of`), i + 1);
      const r = await page.evaluate(async () => {
        await document.fonts.ready;
        const faces = new Set([...document.fonts].map((f) => `${f.family.replace(/"/g, '')} ${f.weight} ${f.style}`));
        const out = { glyphs: 0, missing: [] };
        for (const el of document.querySelectorAll('.formula .katex-html *')) {
          if (![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim())) continue;
          const cs = getComputedStyle(el);
          const face = `${cs.fontFamily.split(',')[0].replace(/"/g, '').trim()} ${cs.fontWeight} ${cs.fontStyle}`;
          out.glyphs += 1;
          if (!faces.has(face)) out.missing.push(`${face}: ${el.textContent.slice(0, 20)}`);
        }
        return { ...out, faces: faces.size };
      });
      glyphs += r.glyphs;
      missing.push(...r.missing.map((m) => `§${ex.id} step ${i + 1}: ${m}`));
      assert.ok(r.faces < 20, `only the faces in use are inlined, not all of KaTeX's 20 (${r.faces})`);
    }
  assert.ok(glyphs > 300, `${glyphs} glyphs checked`);
  assert.deepEqual(missing, [], 'a glyph whose face was left out would be drawn in a substitute font');
  assert.deepEqual(problems, []);
  await close();
});

// "KaTeX_Main 400 normal" for an @font-face rule of KaTeX's CSS.
const faceOf = (rule) =>
  `${/font-family:"?(KaTeX_\w+)/.exec(rule)[1]} ${/font-weight:(\d+)/.exec(rule)[1]} ${/font-style:(\w+)/.exec(rule)[1]}`;

// The build cuts each face down to the characters the formulas draw (usedCharacters in
// scripts/typeset-formulas.mjs); a character it missed, or a glyph HarfBuzz dropped, would be
// drawn in a substitute font or not at all. So every formula is drawn twice, by the single file
// and by a copy of it whose faces are KaTeX's own, whole, and the pixels must be the same.
test("the single file's cut-down faces draw every formula pixel for pixel as KaTeX's whole faces", async () => {
  const katexDir = path.join(root, 'node_modules/katex/dist');
  const whole = new Map(); // "family weight style" -> KaTeX's woff2 of that face
  for (const [face] of readFileSync(path.join(katexDir, 'katex.min.css'), 'utf8').matchAll(/@font-face\{[^}]*\}/g))
    whole.set(faceOf(face), /url\((fonts\/[\w-]+\.woff2)\)/.exec(face)[1]);
  let swapped = 0;
  const html = readFileSync(path.join(root, 'dist/attention-lab.html'), 'utf8').replace(
    /@font-face\{[^}]*\}/g,
    (face) => {
      swapped += 1;
      const data = readFileSync(path.join(katexDir, whole.get(faceOf(face)))).toString('base64');
      return face.replace(/data:font\/woff2;base64,[A-Za-z0-9+/=]+/, `data:font/woff2;base64,${data}`);
    },
  );
  assert.ok(swapped >= 8, `${swapped} faces swapped for KaTeX's own`);
  const copy = path.join(mkdtempSync(path.join(tmpdir(), 'attention-lab-')), 'whole-faces.html');
  writeFileSync(copy, html);
  const cut = await open(pathToFileURL(path.join(root, 'dist/attention-lab.html')).href);
  // the copy's styles no longer match the hash its Content-Security-Policy names
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 }, bypassCSP: true });
  const full = await open(pathToFileURL(copy).href, { context });
  await Promise.all([ready(cut.page), ready(full.page)]);
  const differ = [];
  let formulas = 0;
  for (const ex of examples)
    for (const [i, step] of ex.steps.entries()) {
      if (!step.formula) continue;
      const drawn = [];
      for (const { page } of [cut, full]) {
        await page.evaluate((hash) => (location.hash = hash), `#/${ex.id}/${i + 1}`);
        await page.waitForFunction((n) => document.querySelector('.step')?.textContent.includes(`Step ${n} of`), i + 1);
        await page.evaluate(() => document.fonts.ready);
        drawn.push(await page.locator('.formula').screenshot());
      }
      formulas += 1;
      if (!drawn[0].equals(drawn[1])) {
        differ.push(`§${ex.id} step ${i + 1}`);
        drawn.forEach((png, k) =>
          writeFileSync(path.join(shots, `formula-${ex.id}-${i + 1}-${k ? 'whole' : 'cut'}.png`), png),
        );
      }
    }
  assert.ok(formulas > 20, `${formulas} formulas drawn`);
  assert.deepEqual(differ, [], 'a formula drawn otherwise in the cut-down faces (both drawings are in test-results/)');
  assert.deepEqual([...cut.problems, ...full.problems], []);
  await cut.close();
  await context.close();
});

test('the hosted site keeps working offline after the first visit', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1000, height: 800 } });
  const { page, close } = await open(`${site.base}#/2.1/1`, { context });
  await ready(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload(); // now controlled by the service worker
  await ready(page);
  await context.setOffline(true);
  await page.reload();
  await ready(page);
  await page.goto(`${site.base}#/7.4/5`);
  assert.equal(await result(page, 'loss'), '3.02041');
  // The one-file copy is served from the cache as well.
  await page.goto(`${site.base}attention-lab.html#/7.4/5`);
  await ready(page);
  assert.equal(await result(page, 'loss'), '3.02041');
  await close();
  await context.close();
});

test('the hosted page fetches its engine as a separate application/wasm file, once, from its preload', async () => {
  const context = await site.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const wasm = page.waitForResponse((r) => r.url().endsWith('/attention_lab_site.wasm'));
  let fetches = 0;
  page.on('request', (r) => (fetches += r.url().endsWith('/attention_lab_site.wasm')));
  await page.goto(`${site.base}#/2.1/5`);
  const response = await wasm;
  assert.equal(response.headers()['content-type'], 'application/wasm');
  await ready(page);
  assert.equal(await result(page, 'y'), '[2, 1.5]');
  // index.html preloads it as the engine's loader fetches it, so the preload is what it uses
  assert.equal(fetches, 1, 'the wasm is fetched once, by its preload');
  await context.close();
});

// A fresh page whose requests for `blocked` (a glob, or none) fail: the paths it fetches, in
// order, and the uncaught exceptions it raises.
async function pageWithout(blocked) {
  const context = await site.browser.newContext({ serviceWorkers: 'block' });
  if (blocked) await context.route(blocked, (r) => r.abort());
  const fetched = [];
  context.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, fetched, errors, close: () => context.close() };
}

test('the site starts on the worked examples alone; the extras come after the first numbers, and without them the examples still work', async () => {
  // With the extras: the practice box at the end of §2.1 fills in once they have come.
  const context = await site.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(`${site.base}#/2.1/5`);
  await ready(page);
  await page.locator('.practice-box [id^="answer-"]').waitFor({ timeout: 15000 });
  const order = ['/attention_lab_site.wasm', '/attention_lab_site_extras.wasm'].map((f) => fetched.indexOf(f));
  assert.ok(order[0] >= 0 && order[1] > order[0], `the examples' engine first, then the extras: ${fetched.join(' ')}`);
  await context.close();

  // Without them (the file cannot be fetched): every number still comes, the practice boxes and
  // the practice set say what went wrong, and a prediction is still checked.
  const { page: p, errors, close } = await pageWithout('**/attention_lab_site_extras.wasm');
  await p.goto(`${site.base}#/2.1/5`);
  await ready(p);
  assert.equal(await result(p, 'y'), '[2, 1.5]');
  await p.locator('.practice-box .notice').waitFor({ timeout: 15000 });
  assert.match(
    await p.locator('.practice-box .notice').textContent(),
    /could not be loaded; the worked examples still work/,
  );
  await p.goto(`${site.base}#/7.4/5`);
  assert.equal(await result(p, 'loss'), '3.02041');
  await p.goto(`${site.base}#/practice/retrieval/3`);
  await p.locator('#practice-title.notice').waitFor();
  await p.goto(`${site.base}#/train`);
  await p.locator('#train-title.notice').waitFor({ timeout: 15000 });
  assert.match(await p.locator('#train-title').textContent(), /training panel could not be loaded/);
  assert.deepEqual(errors, [], 'no uncaught exception');
  await close();
});

test('an example fetches its own formulas, when it first shows one; without them a formula is its TeX', async () => {
  const formulasOf = (paths) => paths.flatMap((f) => /\/chunks\/formulas-([\d-]+)-[A-Z0-9]+\.js$/.exec(f)?.[1] ?? []);
  const { page: p, fetched, close } = await pageWithout(null);
  await p.goto(`${site.base}#/2.1/1`);
  await p.locator('.formula .katex').first().waitFor({ timeout: 15000 });
  assert.deepEqual(formulasOf(fetched), ['2-1']);
  await p.goto(`${site.base}#/7.4/1`);
  await p.locator('.formula .katex').first().waitFor({ timeout: 15000 });
  assert.deepEqual(formulasOf(fetched), ['2-1', '7-4']);
  await close();

  const blocked = await pageWithout('**/chunks/formulas-*.js');
  await blocked.page.goto(`${site.base}#/2.1/1`);
  await blocked.page.locator('.formula code').first().waitFor({ timeout: 15000 });
  assert.match(await blocked.page.locator('.formula code').first().textContent(), /softmax|\\/);
  assert.deepEqual(blocked.errors, [], 'no uncaught exception');
  await blocked.close();
});

test('the assignment pages are a chunk of their own: a worked example does not fetch it, and without it #/teach says why', async () => {
  const { page: p, fetched, errors, close } = await pageWithout('**/chunks/pages-*.js');
  await p.goto(`${site.base}#/2.1/5`);
  await ready(p);
  assert.equal(await result(p, 'y'), '[2, 1.5]');
  assert.deepEqual(
    fetched.filter((f) => /\/chunks\/pages-/.test(f)),
    [],
    'a worked example fetches no assignment code',
  );
  await p.goto(`${site.base}#/teach`);
  await p.locator('#assignment-loading.notice').waitFor({ timeout: 15000 });
  assert.match(await p.locator('#assignment-loading').textContent(), /assignment pages could not be loaded/);
  await p.goto(`${site.base}#/7.4/5`);
  assert.equal(await result(p, 'loss'), '3.02041');
  assert.deepEqual(errors, [], 'no uncaught exception');
  await close();
});

test('without WebAssembly the page says so instead of failing silently', async () => {
  const { page, close } = await open(site.base, {
    init: () => {
      delete globalThis.WebAssembly;
    },
  });
  await page.locator('#status.error').waitFor({ timeout: 10000 });
  assert.match(await page.textContent('#status'), /no WebAssembly support/);
  await close();
});

// What overflows its box without a sign: a formula, matrix or contents row that is wider than
// its box but neither a labelled Tab stop nor faded at the edge where it goes on.
const unmarkedOverflow = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.formula, .scroll, .toc-row')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .filter(
        (el) =>
          !(
            el.tabIndex === 0 &&
            el.getAttribute('aria-label') &&
            (el.classList.contains('more-right') || el.classList.contains('more-left'))
          ),
      )
      .map((el) => el.className),
  );

const SHOT_MS = 90_000;

test('every example fits a 360 px wide screen: no sideways page scroll, every wider box marked, a screenshot of each step', async () => {
  const { page, close } = await open(`${site.base}#/2.1/1`, { width: 360, height: 740 });
  await ready(page);
  mkdirSync(path.join(shots, 'narrow'), { recursive: true });
  for (const example of examples) {
    for (let s = 1; s <= example.steps.length; s++) {
      await page.goto(`${site.base}#/${example.id}/${s}`);
      await ready(page);
      await page.evaluate(() => document.fonts.ready);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `§${example.id} step ${s} scrolls sideways by ${overflow}px`);
      assert.deepEqual(await unmarkedOverflow(page), [], `§${example.id} step ${s}: a box overflows without a sign`);
      // A long step's full page is rasterised in software; beside a JS test on two cores one took
      // longer than Playwright's 30 s, which says nothing of the page (measured above).
      await page.screenshot({
        path: path.join(shots, 'narrow', `${example.id}-${s}.png`),
        fullPage: true,
        timeout: SHOT_MS,
      });
    }
  }
  await page.goto(`${site.base}#/7.4/5`);
  await ready(page);
  await page.screenshot({ path: path.join(shots, 'narrow-7.4.png'), fullPage: true });
  await close();
});
