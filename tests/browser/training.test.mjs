// The training panel in Debian's headless Chromium: a model trains in a Web Worker while the
// rest of the page keeps working; Start / Pause / Step / resume; the plot, samples and heatmaps
// update; §7.3's claim shows in the page; bad settings and a corrupt model file are explained and
// change nothing; a saved model loads back; the single file trains on the page's own thread.
// Screenshots go to test-results/.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

import { root, shots, siteForTests, watch } from './site.mjs';

before(() => {
  assert.ok(existsSync(path.join(root, 'dist/trainer.js')), 'dist/trainer.js is missing: run npm run build');
});
const site = siteForTests();

async function open(url, { acceptDownloads = false } = {}) {
  const ctx = await site.browser.newContext({ viewport: { width: 1200, height: 900 }, acceptDownloads });
  const page = await ctx.newPage();
  const problems = await watch(page);
  await page.goto(url);
  await page.locator('#train-start').waitFor({ timeout: 20000 });
  await page.locator('.train-table td').first().waitFor({ timeout: 20000 });
  return { page, problems, close: () => ctx.close() };
}

// Pauses and waits until the panel says so.
async function pause(page) {
  await page.click('#train-start');
  await page.waitForFunction(() => /Paused/.test(document.querySelector('.train-status').textContent));
}

// Trains from where the panel stands until at least `steps` steps, then pauses.
async function trainFor(page, steps) {
  await page.click('#train-start');
  await waitForStep(page, steps);
  await pause(page);
}

// The step counter on the panel ("Step 123 · …").
const stepOf = async (page) =>
  Number((/Step (\d+)/.exec(await page.locator('.train-status').textContent()) || [])[1] ?? NaN);
// Asserts that the step counter does not move for half a second: nothing is training.
async function assertStill(page, message) {
  const before = await stepOf(page);
  await page.waitForTimeout(500);
  assert.equal(await stepOf(page), before, message);
  return before;
}
const waitForStep = (page, n) =>
  page.waitForFunction(
    (k) => {
      const m = /Step (\d+)/.exec(document.querySelector('.train-status')?.textContent || '');
      return m && Number(m[1]) >= k;
    },
    n,
    { timeout: 60000 },
  );

test('start, pause, step, resume: the plot, the samples and the heatmaps update, and the page stays usable', async () => {
  const { page, problems, close } = await open(`${site.base}#/train`);
  assert.equal(await page.locator('.training .notice').isHidden(), true, 'served over http: training runs in a worker');
  await page.click('#train-start');
  await waitForStep(page, 120);
  assert.equal((await page.locator('.train-plot canvas').count()) > 0, true, 'the loss plot is drawn');
  assert.match(await page.locator('.train-samples').textContent(), /greedy: .*<eos>/, 'samples appear by step 100');
  assert.ok((await page.locator('.train-attention table.matrix').count()) >= 4, 'one heatmap per block and head');
  // Pausing takes effect within one step.
  await pause(page);
  const paused = await assertStill(page, 'no step after the pause');
  await page.click('#train-step');
  await waitForStep(page, paused + 1);
  assert.equal(await stepOf(page), paused + 1, 'Step takes exactly one step');
  // Resume; meanwhile, use a worked example.
  await page.click('#train-start');
  await page.goto(`${site.base}#/2.1/1`);
  await page.fill('#in-k-0-0', '0'); // every score 0: the weights become 1/3 each, y the mean of the values
  for (let i = 0; i < 4; i++) await page.click('#next');
  assert.equal(
    await page.locator('[data-result="y"]').textContent(),
    '[2, 2]',
    'the worked example works while the model trains',
  );
  await page.click('.toc a[href="#/train"]'); // back through the contents: the same run, not a new one
  await waitForStep(page, paused + 60);
  assert.ok((await stepOf(page)) > paused + 1, 'it went on training in the background');
  await page.click('#train-start');
  const loss = Number(await page.locator('.train-table td').first().getAttribute('title'));
  assert.ok(loss < 1.2, `the toy grammar is learned (ln 14 = 2.64 at the start): ${loss}`);
  await page.screenshot({ path: path.join(shots, 'training-panel.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await close();
});

test('the loss plot explains itself: axes and a note before the first step; one colour per run, one line style per loss, all in the legend', async () => {
  const { page, problems, close } = await open(`${site.base}#/train/leak`);
  const plot = page.locator('.train-plot').first();
  assert.equal(await page.locator('.plot-waiting').isVisible(), true, 'the note before training');
  assert.match(await page.textContent('.plot-waiting'), /Press Start.*solid.*dashed/);
  assert.ok((await plot.locator('.u-axis').count()) >= 2, 'the axes are drawn before any data');
  // The legend: each series' swatch in its line's style and its run's colour.
  const legend = () =>
    plot.locator('.u-legend .u-series').evaluateAll((rows) =>
      rows
        .filter((row) => row.textContent.includes(': '))
        .map((row) => {
          const marker = getComputedStyle(row.querySelector('.u-marker'));
          return { label: row.textContent.trim(), style: marker.borderTopStyle, colour: marker.borderTopColor };
        }),
    );
  const rows = await legend();
  assert.deepEqual(
    rows.map((r) => r.label.split(': ')[1]),
    Array(3).fill(['training', 'validation', 'validation, causal mask everywhere']).flat(),
    'three runs, three losses each',
  );
  for (let run = 0; run < 3; run++) {
    const mine = rows.slice(run * 3, run * 3 + 3);
    assert.deepEqual(
      mine.map((r) => r.style),
      ['solid', 'dashed', 'dotted'],
      `run ${run}: training, validation, causal validation`,
    );
    assert.equal(new Set(mine.map((r) => r.colour)).size, 1, `run ${run} keeps one colour`);
  }
  assert.equal(new Set(rows.map((r) => r.colour)).size, 3, 'the runs differ in colour');
  await trainFor(page, 150);
  assert.equal(await page.locator('.plot-waiting').isVisible(), false, 'the note goes once there is data');
  assert.equal((await legend()).length, 9);
  await plot.screenshot({ path: path.join(shots, 'training-plot-leak.png') });
  assert.deepEqual(problems, []);
  await close();
});

test('Start pressed before the models are ready still pauses on the next press', async () => {
  const ctx = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`${site.base}#/train/leak`);
  await page.locator('#train-start').click({ timeout: 20000 }); // at once: the worker is still starting
  await waitForStep(page, 10);
  assert.equal(await page.locator('#train-start').textContent(), 'Pause');
  await pause(page);
  await assertStill(page, 'paused, not still training behind a Start button');
  await ctx.close();
});

test('Start then Pause pressed at once: the second press wins, and the panel ends paused', async () => {
  const { page, problems, close } = await open(`${site.base}#/train`);
  await page.evaluate(() => {
    const b = document.querySelector('#train-start');
    b.click();
    b.click();
  });
  await page.waitForTimeout(300); // the panel said Paused before the presses too: let both answers arrive
  assert.match(await page.locator('.train-status').textContent(), /Paused/);
  await assertStill(page, 'not training');
  assert.equal(await page.locator('#train-start').textContent(), 'Start');
  assert.equal(await page.locator('#train-step').isEnabled(), true);
  assert.deepEqual(problems, []);
  await close();
});

test('§7.3 in the page: reading the future wins in training and loses under the causal mask', async () => {
  const { page, problems, close } = await open(`${site.base}#/train/leak`);
  await trainFor(page, 600);
  const rows = await page
    .locator('.train-table tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
  const [every, last, none] = rows; // [training, validation, validation with the causal mask everywhere]
  assert.ok(
    none[0] < every[0] && last[0] < every[0],
    `training loss: the leaky models look better ${JSON.stringify(rows)}`,
  );
  assert.ok(
    every[2] < last[2] && every[2] < none[2],
    `causal validation: the fully masked model wins ${JSON.stringify(rows)}`,
  );
  await page.screenshot({ path: path.join(shots, 'training-leak.png'), fullPage: true });
  // Away to a worked example and back through the contents: the experiment and its models stay.
  const steps = await stepOf(page);
  await page.click('.toc a[href^="#/2.1"]');
  await page.click('.toc a[href="#/train"]');
  await page.locator('#train-experiment').waitFor();
  assert.equal(await page.locator('#train-experiment').inputValue(), 'leak');
  assert.equal(await stepOf(page), steps, 'the trained models were kept');
  assert.deepEqual(problems, []);
  await close();
});

test('§2.2 intervention: turning heads off changes the next-token probabilities', async () => {
  const { page, problems, close } = await open(`${site.base}#/train/intervention`);
  await trainFor(page, 300);
  const column = (i) =>
    page
      .locator('#next-token tbody tr')
      .evaluateAll((trs, k) => trs.map((tr) => tr.querySelectorAll('td')[k].textContent), i);
  await page.locator('#ablate-0-0').check();
  await page.locator('#ablate-0-1').check();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('#next-token tbody tr')].some(
      (tr) => tr.children[1].textContent !== tr.children[2].textContent,
    ),
  );
  assert.notDeepEqual(await column(0), await column(1));
  await page.fill('#train-sentence', 'the cat sat on zebra');
  await page.press('#train-sentence', 'Enter');
  await page.waitForFunction(() => /zebra/.test(document.querySelector('.train-error').textContent));
  assert.match(
    await page.locator('.train-error').textContent(),
    /That sentence was not used: the word “zebra” is not in this vocabulary/,
  );
  await page.screenshot({ path: path.join(shots, 'training-intervention.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await close();
});

test('bad settings and a corrupt file are explained and change nothing; a saved model loads back', async () => {
  const { page, problems, close } = await open(`${site.base}#/train`, { acceptDownloads: true });
  page.on('dialog', (d) => d.accept()); // replacing the trained model is what this test wants
  for (let i = 0; i < 3; i++) await page.click('#train-step');
  await waitForStep(page, 3);
  const refused = async (field, value, why) => {
    await page.fill(`#train-${field}`, value);
    await page.click('#train-apply');
    await page.waitForFunction(
      (w) => new RegExp(w).test(document.querySelector('.train-error').textContent),
      why.source,
    );
    assert.equal(
      await stepOf(page),
      3,
      `${field} = ${value}: the model is untouched (${await page.locator('.train-status').textContent()})`,
    );
  };
  await refused('heads', '3', /D = 32 is not divisible by H = 3/);
  await page.fill('#train-heads', '2');
  await refused('lr', 'abc', /Learning rate: expected a number, got “abc”/);
  await refused('lr', '0', /learning rate must be a number above 0 and at most 1, got 0/);
  await refused('lr', '-1', /got -1/);
  await page.fill('#train-lr', '0.003');
  await refused('T', '5000', /T must be a whole number from 1 to 256, got 5000/);
  await page.fill('#train-T', '16');

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#train-save')]);
  const file = path.join(shots, 'saved-model.json');
  await download.saveAs(file);
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(saved.format, 'attention-lab-model');
  assert.equal(saved.corpus, 'grammar');
  const corrupt = path.join(shots, 'corrupt-model.json');
  writeFileSync(corrupt, readFileSync(file, 'utf8').slice(0, 500));
  await page.setInputFiles('#train-load', corrupt);
  await page.waitForFunction(() =>
    /This file was not loaded: the file is not JSON/.test(document.querySelector('.train-error').textContent),
  );
  assert.equal(await stepOf(page), 3, 'a corrupt file changes nothing');
  const mismatched = path.join(shots, 'mismatched-model.json');
  writeFileSync(mismatched, JSON.stringify({ ...saved, config: { ...saved.config, D: 16 } }));
  await page.setInputFiles('#train-load', mismatched);
  await page.waitForFunction(() => /Not applied: .*shape/.test(document.querySelector('.train-error').textContent));
  // a shape the file states wrongly is refused by its field, before the trainer sees it
  const wrongType = path.join(shots, 'wrong-type-model.json');
  writeFileSync(wrongType, JSON.stringify({ ...saved, config: { ...saved.config, D: '32' } }));
  await page.setInputFiles('#train-load', wrongType);
  await page.waitForFunction(() =>
    /This file was not loaded: config\.D is “32”, where a whole number from 1 to 512 was expected/.test(
      document.querySelector('.train-error').textContent,
    ),
  );
  assert.equal(await stepOf(page), 3, 'a wrongly typed file changes nothing');
  await page.setInputFiles('#train-load', file);
  await page.waitForFunction(() => /Step 0/.test(document.querySelector('.train-status').textContent));
  assert.equal(await page.locator('.train-error').textContent(), '');
  // A loaded model is a trained one: the panel says so, and replacing it asks first.
  assert.match(await page.locator('.train-status').textContent(), /Loaded from a file/);
  assert.match(await page.locator('.plot-waiting').textContent(), /loaded from a file/);
  const asked = [];
  page.on('dialog', (d) => asked.push(d.message()));
  await page.selectOption('#train-experiment', 'leak');
  await page.waitForFunction(() => location.hash.startsWith('#/train/leak'));
  assert.match(asked[0] ?? '', /the model loaded from the file will be lost here/);
  assert.deepEqual(problems, []);
  await close();
});

test('the single file from file:// trains on the page thread and says so', async () => {
  const ctx = await site.browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await ctx.newPage();
  const problems = await watch(page);
  await page.goto(`${pathToFileURL(path.join(root, 'dist/attention-lab.html')).href}#/train`);
  await page.locator('#train-start').waitFor({ timeout: 20000 });
  assert.equal(await page.locator('.training .notice').isVisible(), true);
  await page.click('#train-start');
  await waitForStep(page, 20);
  await page.click('#train-start');
  await page.screenshot({ path: path.join(shots, 'training-single-file.png') });
  assert.deepEqual(problems, []);
  await ctx.close();
});

test("a teacher's link opens the panel configured, starts it with start=1, and applied settings go into the address", async () => {
  const { page, problems, close } = await open(
    `${site.base}#/train/custom?D=16&heads=4&lr=0.01&activation=relu&start=1`,
  );
  assert.equal(await page.inputValue('#train-D'), '16');
  assert.equal(await page.inputValue('#train-heads'), '4');
  assert.equal(await page.inputValue('#train-lr'), '0.01');
  assert.equal(await page.inputValue('#train-activation'), 'relu');
  await waitForStep(page, 5); // start=1: training without a click
  assert.equal(await page.locator('#train-start').textContent(), 'Pause');
  await pause(page);
  await page.fill('#train-layers', '1');
  page.once('dialog', (d) => d.accept()); // new models replace the trained one: asked, and agreed
  await page.click('#train-apply');
  await page.waitForFunction(() => /layers=1/.test(location.hash));
  const hash = await page.evaluate(() => location.hash);
  for (const part of ['D=16', 'heads=4', 'lr=0.01', 'activation=relu', 'layers=1'])
    assert.ok(hash.includes(part), `${part} in ${hash}`);
  assert.ok(!/[?&]corpus=/.test(hash), `settings left as the experiment has them stay out of the link: ${hash}`);
  // The link as copied opens the same settings in a fresh page, paused this time.
  const again = await open(`${site.base}${hash.replace('&start=1', '')}`);
  assert.equal(await again.page.inputValue('#train-layers'), '1');
  assert.equal(await again.page.inputValue('#train-D'), '16');
  await assertStill(again.page, 'no start=1: the panel waits for Start');
  await again.close();
  assert.deepEqual(problems, []);
  await close();
});

test('a link with settings the panel cannot use says which, and trains the experiment as it is', async () => {
  const { page, problems, close } = await open(`${site.base}#/train/custom?D=abc&heads=3&D2=1`);
  await page.waitForFunction(() =>
    /D: expected a whole number, got “abc”/.test(document.querySelector('.train-error').textContent),
  );
  assert.match(await page.locator('main > .notice').textContent(), /unknown training setting "D2"/);
  assert.equal(await page.inputValue('#train-D'), '32', 'the default width');
  await page.screenshot({ path: path.join(shots, 'training-bad-link.png') });
  // Opened on a panel that is already training: its models stay, and the address says what they are.
  await page.evaluate(() => (location.hash = '#/train/custom?heads=three'));
  await page.waitForFunction(() => !/heads=three/.test(location.hash));
  assert.equal(await page.inputValue('#train-D'), '32');
  assert.match(await page.locator('.train-error').textContent(), /Heads H: expected a whole number, got “three”/);
  assert.deepEqual(problems, []);
  await close();
});

test('switching the experiment or opening a link after training asks first: declined, the model and its steps stay; accepted, the new experiment starts', async () => {
  const { page, problems, close } = await open(`${site.base}#/train`);
  await page.click('#train-start');
  await waitForStep(page, 20);
  await pause(page);
  const trained = await stepOf(page);
  const asked = [];
  page.once('dialog', (d) => (asked.push(d.message()), d.dismiss()));
  await page.focus('#train-experiment'); // as a student's click or Tab would
  await page.selectOption('#train-experiment', 'leak');
  assert.match(asked[0] || '', new RegExp(`${trained} steps trained.*Start new models anyway\\?`));
  assert.equal(await page.inputValue('#train-experiment'), 'custom', 'declined: the menu shows the model still here');
  assert.equal(await stepOf(page), trained, 'declined: the trained model is kept');
  assert.doesNotMatch(page.url(), /leak/);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'train-experiment', 'focus stays on the menu');
  // A link to another experiment, or to other settings, asks too; declined, the address goes back.
  for (const link of ['#/train/leak', '#/train/custom?D=16']) {
    page.once('dialog', (d) => (asked.push(d.message()), d.dismiss()));
    await page.evaluate((hash) => (location.hash = hash), link);
    await page.waitForFunction(() => location.hash === '#/train/custom');
    assert.equal(asked.length, link === '#/train/leak' ? 2 : 3, `${link} asked`);
    assert.equal(await stepOf(page), trained, `${link} declined: the trained model is kept`);
    assert.equal(await page.inputValue('#train-D'), '32');
  }
  // Apply settings asks as well.
  page.once('dialog', (d) => (asked.push(d.message()), d.dismiss()));
  await page.fill('#train-D', '16');
  await page.click('#train-apply');
  assert.equal(asked.length, 4, 'Apply settings asked');
  assert.equal(await stepOf(page), trained, 'Apply declined: the trained model is kept');
  await page.fill('#train-D', '32');
  page.once('dialog', (d) => d.accept());
  await page.focus('#train-experiment');
  await page.selectOption('#train-experiment', 'leak');
  await page.waitForURL(/#\/train\/leak/);
  await page.waitForFunction(() => /Step 0\b/.test(document.querySelector('.train-status').textContent));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'train-experiment', 'focus stays on the menu');
  assert.deepEqual(problems, []);
  await close();
});

test('a Chinese corpus trains in the page: the heat maps are labelled with its characters and the samples are Chinese', async () => {
  const { page, problems, close } = await open(`${site.base}#/train/custom?corpus=chinese&T=16&start=1`);
  await waitForStep(page, 30);
  await pause(page);
  const labels = await page.locator('.train-attention table.matrix').first().locator('thead th').allTextContents();
  assert.ok(
    labels.filter((l) => /^\p{Script=Han}$/u.test(l)).length >= 8,
    `the probe's characters label the heat map: ${labels.join(' ')}`,
  );
  assert.match(await page.locator('.train-samples').textContent(), /greedy: .*\p{Script=Han}/u);
  assert.ok(!(await page.locator('.training').textContent()).includes('\uFFFD'), 'no � on the panel');
  // A typed sentence in Chinese is read character by character.
  await page.fill('#train-sentence', '模型给关联程度打分');
  await page.press('#train-sentence', 'Enter');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.train-attention table.matrix thead th')].some((th) => th.textContent === '打'),
  );
  assert.deepEqual(problems, []);
  await close();
});

test('§4 induction heads: the repeating run and its control train side by side on the engine’s sequences', async () => {
  const { page, problems, close } = await open(`${site.base}#/train/induction`);
  assert.match(await page.locator('.training').textContent(), /§4 Induction heads/);
  assert.deepEqual(await page.locator('.train-table tbody th').allTextContents(), [
    'repeating sequences',
    'control: nothing copied',
  ]);
  // attention alone, with fixed sinusoidal positions, as the experiment sets them
  assert.equal(await page.locator('#train-ffnMult').inputValue(), '0');
  assert.equal(await page.locator('#train-positions').inputValue(), 'sinusoidal');
  // the attention is shown on a stretch typed twice
  assert.equal(await page.locator('#train-sentence').inputValue(), 'qwertyuiopasdfghqwertyuiopasdfgh');
  await trainFor(page, 5);
  const losses = await page
    .locator('.train-table tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Number(tr.querySelector('td').textContent)));
  assert.equal(losses.length, 2);
  for (const loss of losses) assert.ok(Math.abs(loss - Math.log(64)) < 0.3, `near ln 64 at first: ${loss}`);
  // the engine's head scores as they train, and no circuit yet
  assert.match(
    await page.locator('.train-table thead').textContent(),
    /Best previous-token score, block 0.*Best induction score, last block.*Heads formed \(previous-token ≥ 0\.3, induction ≥ 0\.5\)/,
  );
  assert.deepEqual(
    await page.locator('.train-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.lastChild.textContent)),
    ['not yet', 'not yet'],
  );
  await page.screenshot({ path: path.join(shots, 'training-induction.png'), fullPage: true });
  // Open a model takes the watched run as it stands, with its tokens as the vocabulary and the
  // stretch typed twice as its prompt, and its heads part scores it
  await page.click('#train-open');
  await page.waitForFunction(() => location.hash === '#/model');
  await page.waitForFunction(() =>
    /^Open: repeating sequences, 37,760 parameters/.test(document.querySelector('#model-status')?.textContent),
  );
  assert.match(await page.locator('#model-config').textContent(), /FFN width \(× D; 0: attention alone\)0/);
  assert.match(await page.locator('#model-vocab-line').textContent(), /64 characters, the tokens it was trained on/);
  assert.equal(await page.locator('#model-prompt').inputValue(), 'qwertyuiopasdfghqwertyuiopasdfgh');
  await page.click('#model-heads-run');
  await page.locator('#model-heads-guess').waitFor();
  assert.equal(await page.locator('#model-heads-table tbody tr').count(), 8, 'two blocks of four heads');
  // the training panel goes on as it was
  await page.goBack();
  await page.waitForFunction(() => location.hash.startsWith('#/train/induction'));
  assert.ok((await stepOf(page)) >= 5);
  // the model already trained comes into the same experiment, its heads formed
  page.once('dialog', (d) => d.accept()); // the models trained here are to be replaced
  await page.click('#train-trained');
  await page.waitForFunction(() => /loaded from a file/i.test(document.querySelector('.train-status')?.textContent));
  assert.deepEqual(await page.locator('.train-table tbody th').allTextContents(), ['model']);
  const cells = await page.locator('.train-table tbody td').allTextContents();
  assert.ok(Number(cells.at(-3)) >= 0.3 && Number(cells.at(-2)) >= 0.5, `the heads' scores: ${cells}`);
  assert.match(await page.locator('.train-samples').textContent(), /greedy: qwertyuiopasdfghqwertyuiopasdfgh/);
  assert.deepEqual(problems, []);
  await close();
});
