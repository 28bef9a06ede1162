// The worst cases of input, in the page: typing as a person types (one key at a time, with the
// page recomputing between keys), links whose every number is huge, and the skip link.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { siteForTests, watch } from './site.mjs';
import { examples } from '../../web/handouts/self-attention/examples/index.js';
import { FRAME_CELLS } from '../../web/page/views/matrix/frames.js';

const site = siteForTests();

async function open(url, { width = 1200, height = 900 } = {}) {
  const ctx = await site.browser.newContext({ viewport: { width, height } });
  const page = await ctx.newPage();
  const problems = await watch(page);
  await page.goto(url);
  return { page, problems, close: () => ctx.close() };
}
const ready = (page) => page.locator('.step').waitFor({ timeout: 15000 });
// The inputs the engine computed on: the address's `in`, which the page writes after each edit.
const inputsInAddress = async (page) => {
  await page.waitForFunction(() => !document.hidden, null, { timeout: 10000 }); // a loaded machine is slow to answer
  await page.waitForTimeout(250); // the address follows edits 150 ms later
  const query = new URL(page.url().replace('#/', 'https://x/')).searchParams.get('in');
  return query ? JSON.parse(query) : {};
};

// Selects the field's text and types `text` one key at a time, as a person does.
async function typeKeys(page, selector, text) {
  await page.focus(selector);
  await page.keyboard.press('Control+A');
  for (const key of text) await page.keyboard.press(key === ' ' ? 'Space' : key);
}

const TYPED = [
  ['0.5', 0.5],
  ['-0.25', -0.25],
  ['1e-3', 0.001],
  ['2.75', 2.75],
  ['1/2', 0.5],
];

test('typing key by key: a matrix cell, a number field, keeps every key and the engine gets the number', async () => {
  const { page, problems, close } = await open(`${site.base}#/2.1/1`);
  await ready(page);
  for (const [text, value] of TYPED) {
    await typeKeys(page, '#in-q-0-0', text);
    assert.equal(await page.inputValue('#in-q-0-0'), text, 'the text as typed, never rewritten');
    assert.deepEqual((await inputsInAddress(page)).q, [[value, 0]], text);
  }
  // Leaving the cell shows the number as every other cell shows it.
  await page.locator('#in-q-0-1').focus();
  assert.equal(await page.inputValue('#in-q-0-0'), '0.5');

  await page.goto(`${site.base}#/7.1/2`);
  await ready(page);
  for (const [text, value] of TYPED.filter(([, v]) => v > 0)) {
    await typeKeys(page, '#in-temperature', text);
    assert.equal(await page.inputValue('#in-temperature'), text);
    assert.equal((await inputsInAddress(page)).temperature, value, text);
  }
  // §9.4's H, an integer field: a decimal is refused with the bound, a whole number taken.
  await page.goto(`${site.base}#/9.4/1`);
  await ready(page);
  await typeKeys(page, '#in-layers', '2.5');
  assert.equal(await page.inputValue('#in-layers'), '2.5');
  assert.match(
    await page.textContent('#in-layers-error'),
    /expected a whole number from 1 to 12, received 2\.5/,
    'the bound and what was typed',
  );
  await typeKeys(page, '#in-layers', '10');
  assert.equal((await inputsInAddress(page)).layers, 10);
  assert.equal(await page.textContent('#in-layers-error'), '');
  assert.deepEqual(problems, []);
  await close();
});

test('typing key by key: a token cell takes a token id and says which ids there are', async () => {
  const { page, problems, close } = await open(`${site.base}#/7.4/1`);
  await ready(page);
  await typeKeys(page, '#in-tokens-0-1', '1.5');
  assert.equal(await page.inputValue('#in-tokens-0-1'), '1.5');
  assert.match(await page.textContent('#in-tokens-error'), /expected a token id from 0 to 2, received 1\.5/);
  await typeKeys(page, '#in-tokens-0-1', 'x');
  assert.match(await page.textContent('#in-tokens-error'), /expected a token id from 0 to 2, received "x"/);
  await typeKeys(page, '#in-tokens-0-1', '2');
  assert.deepEqual((await inputsInAddress(page)).tokens, [0, 2, 2, 0]);
  assert.deepEqual(problems, []);
  await close();
});

test('typing key by key: the practice box and the prediction box read the whole answer', async () => {
  const { page, problems, close } = await open(`${site.base}#/practice/parameter-count/3`);
  const answer = page.locator('#answer-parameter-count');
  await answer.waitFor({ timeout: 15000 });
  // The engine's own answer, typed a key at a time: "Correct", so every key reached the checker.
  const key = await page.evaluate(() => String(window.lab.practice.solution('parameter-count', 3).answer));
  await typeKeys(page, '#answer-parameter-count', key);
  assert.equal(await answer.inputValue(), key);
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('#feedback-parameter-count'), /^Correct/);

  // Each typed form of a number reaches the checker whole: its reading is quoted back.
  await page.goto(`${site.base}#/practice/cross-entropy/2`);
  await page.locator('#answer-cross-entropy').waitFor({ timeout: 15000 });
  for (const [text, value] of TYPED) {
    await typeKeys(page, '#answer-cross-entropy', text);
    await page.keyboard.press('Enter');
    assert.match(
      await page.textContent('#feedback-cross-entropy'),
      new RegExp(`Read as ${String(value).replace('-', '\u2212').replace('.', '\\.')}\\.`),
      text,
    );
  }

  await page.goto(`${site.base}#/9.1/4?predict=1`);
  await ready(page);
  await typeKeys(page, '#prediction', '[2, 2, 3, 3]');
  assert.equal(await page.inputValue('#prediction'), '[2, 2, 3, 3]');
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('#prediction-verdict'), /\[2, 2, 3, 3\]/);
  assert.deepEqual(problems, []);
  await close();
});

// Every numeric input of an example set to `big`: scalars, and every entry of an array.
function everyNumber(example, big) {
  const fill = (v) => (Array.isArray(v) ? v.map(fill) : big);
  const edits = {};
  for (const [name, spec] of Object.entries(example.inputs)) {
    if (typeof spec.value === 'number' || Array.isArray(spec.value)) edits[name] = fill(spec.value);
  }
  return edits;
}

// The links are followed within one page (as a link in the page's own text is), which runs the
// same reading of the address as a fresh load, without reloading the engine for each step.
for (const big of [1e6, 1e9]) {
  // A page that froze would never answer: the time limit makes that a failure, not a hang.
  test(
    `a link with every number of an example at ${big}: the page answers within 500 ms`,
    { timeout: 60000 },
    async () => {
      const ctx = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
      const page = await ctx.newPage();
      const problems = await watch(page);
      await page.goto(site.base);
      // Timed from a page that has started: the engine's download and first draw are not the
      // link's work (timing them made the first link flaky on a loaded machine).
      await page.locator('.step').waitFor({ timeout: 20000 });
      for (const example of examples) {
        const edits = everyNumber(example, big);
        if (!Object.keys(edits).length) continue;
        for (let step = 1; step <= example.steps.length; step++) {
          const hash = `#/${example.id}/${step}?in=${encodeURIComponent(JSON.stringify(edits))}`;
          const asked = Date.now();
          await page.evaluate((h) => {
            location.hash = h;
          }, hash);
          // This step of this example is on the page.
          await page.waitForFunction(
            ([section, counter]) =>
              document.querySelector('.step .section')?.textContent.startsWith(`${section} ·`) &&
              document.querySelector('.nav .counter')?.textContent === counter,
            [example.section, `${step} / ${example.steps.length}`],
            { timeout: 15000 },
          );
          const start = Date.now();
          assert.equal(await page.evaluate(() => 1 + 1), 2);
          const waited = Date.now() - start;
          assert.ok(waited < 500, `§${example.id} step ${step}: the page answered after ${waited} ms`);
          // And the link was read, checked and drawn without a freeze on the way (a bound missing
          // made some of these take 5 to 30 s; at the bounds they take tens of ms).
          const drawn = Date.now() - asked;
          assert.ok(drawn < 1500, `§${example.id} step ${step}: shown ${drawn} ms after the link`);
          // Whatever was refused is said, with the bound.
          const notice = (await page.locator('.notice').allTextContents()).join(' ');
          if (notice) assert.match(notice, /expected|refused/, `§${example.id}: ${notice}`);
        }
      }
      assert.deepEqual(problems, []);
      await ctx.close();
    },
  );
}

test('the skip link moves the focus to the example and leaves the address, and the edits in it, alone', async () => {
  const { page, problems, close } = await open(`${site.base}#/2.1/3?in=${encodeURIComponent('{"q":[[1,0]]}')}`);
  await ready(page);
  const before = page.url();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.className), 'skip');
  await page.keyboard.press('Enter');
  assert.equal(page.url(), before);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'main');
  await page.reload();
  await ready(page);
  assert.equal(await page.locator('.notice').count(), 0);
  assert.deepEqual((await inputsInAddress(page)).q, [[1, 0]]);
  assert.deepEqual(problems, []);
  await close();
});

test('a matrix too large to draw shows a window of its rows, which the student can move', async () => {
  const { page, problems, close } = await open(`${site.base}#/6.1/3?in=${encodeURIComponent('{"T":256,"D":256}')}`);
  await ready(page);
  assert.match(await page.textContent('.window'), /PE is \[256, 256\], 65,536 numbers.*rows 0 to 1 are shown/);
  assert.equal(await page.locator('figure[data-label="PE"] td[data-r]').count(), 512);
  await page.fill('.window input', '200');
  await page.locator('.window input').press('Enter');
  assert.match(await page.textContent('.window'), /rows 200 to 201 are shown/);
  assert.equal(await page.locator('td[data-r="200"][data-c="0"]').count(), 1);
  assert.equal(await page.evaluate(() => document.activeElement.closest('.window') !== null), true);
  assert.deepEqual(problems, []);
  await close();
});

test('a step with more cells than one frame draws its share at once and the rest in the next frames; the cell being typed in stays', async () => {
  const maxima = encodeURIComponent('{"B":4,"T":8,"C":32,"nh":8}');
  const { page, problems, close } = await open(`${site.base}#/9.2/5?in=${maxima}`);
  await ready(page);
  const cells = () => page.evaluate(() => document.querySelectorAll('td[data-r]').length);
  await page.waitForFunction((n) => document.querySelectorAll('td[data-r]').length === n, 1280);
  // Each grid, at once and after: [rows in its body, whether it says it is busy].
  const [atOnce, later, gridsAtOnce, gridsLater] = await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const grids = () =>
      [...document.querySelectorAll('table.matrix')].map((t) => [
        t.tBodies[0].rows.length,
        t.getAttribute('aria-busy') === 'true',
      ]);
    await frame();
    document.querySelector('#predict-mode').click();
    const now = [document.querySelectorAll('td[data-r]').length, grids()];
    for (let i = 0; i < 30; i++) await frame();
    return [now[0], document.querySelectorAll('td[data-r]').length, now[1], grids()];
  });
  // A grid the frame's share did not reach still has a row, and says it is busy until complete.
  assert.ok(
    gridsAtOnce.every(([rows]) => rows >= 1),
    `rows per grid at once: ${JSON.stringify(gridsAtOnce)}`,
  );
  assert.ok(
    gridsAtOnce.some(([, busy]) => busy),
    'an unfinished grid says it is busy',
  );
  assert.deepEqual(
    gridsLater.map(([, busy]) => busy),
    [false, false, false],
  );
  assert.ok(atOnce < 1280 / 2, `${atOnce} cells drawn at once`);
  assert.ok(atOnce >= FRAME_CELLS, `${atOnce} cells drawn at once`);
  assert.equal(later, 1280, 'every cell is drawn a few frames later');
  assert.equal(await cells(), 1280);
  // Every matrix still has its one Tab stop.
  assert.deepEqual(
    await page.evaluate(() =>
      [...document.querySelectorAll('table.matrix')].map((t) => t.querySelectorAll('[tabindex="0"]').length),
    ),
    [1, 1, 1],
  );
  // §9.1's x at B·T = 32 rows of C = 32: 1,024 cells, 256 of them editable in the window. A key
  // typed into its last row keeps the focus and the text while every matrix is drawn again.
  await page.goto(`${site.base}#/9.1/1?in=${maxima}`);
  await ready(page);
  const last = '#in-x-7-31';
  await page.locator(last).waitFor();
  await typeKeys(page, last, '-0.25');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'in-x-7-31');
  assert.equal(await page.inputValue(last), '-0.25');
  assert.equal((await inputsInAddress(page)).x[7][31], -0.25);
  assert.deepEqual(problems, []);
  await close();
});

test('practice counts a stubborn student fairly: a token outside the sentence, Check twice, the solution copied', async () => {
  // Variant 0, the handout's sentence: later variants ask for token ids.
  const { page, problems, close } = await open(`${site.base}#/practice/teacher-forcing/0?hide=predict`);
  const box = '#answer-teacher-forcing';
  await page.locator(box).waitFor({ timeout: 15000 });
  const progress = () => page.textContent('.practice .mine');
  const start = await progress();
  await typeKeys(page, box, 'zebra');
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('#feedback-teacher-forcing'), /as one of the tokens of this problem \(/);
  assert.equal(await progress(), start, 'a word not in the sentence is no attempt');
  const words = await page.evaluate(() => window.lab.practice.generate('teacher-forcing', 0).words);
  const answer = await page.evaluate(() => window.lab.practice.solution('teacher-forcing', 0).answer);
  const wrong = words.find((w) => w !== answer);
  await typeKeys(page, box, wrong);
  await page.keyboard.press('Enter');
  const once = await progress();
  assert.notEqual(once, start, 'a wrong token is an attempt');
  await page.locator('button[type="submit"]').first().click();
  assert.equal(await progress(), once, 'the same answer checked again adds nothing');
  await page.getByRole('button', { name: 'Show solution' }).click();
  await typeKeys(page, box, answer);
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('#feedback-teacher-forcing'), /^Correct.*not counted in your progress/);
  assert.equal(await progress(), once, 'copying the solution solves nothing');
  // A teacher's link can take the reveal away.
  await page.goto(`${site.base}#/practice/teacher-forcing/2?hide=solution`);
  await page.locator(box).waitFor({ timeout: 15000 });
  assert.equal(await page.getByRole('button', { name: 'Show solution' }).count(), 0);
  await page.goto(`${site.base}#/9.1/4?predict=1&hide=predict,solution`);
  await ready(page);
  assert.equal(await page.locator('#predict-mode').count(), 0);
  assert.equal(await page.locator('#reveal').count(), 0);
  assert.doesNotMatch(
    await page.textContent('.explain'),
    /\[T, T\]/,
    'the step does not state what is to be predicted',
  );
  assert.deepEqual(problems, []);
  await close();
});

test('typing key by key: the training form and the §9.4 worksheet keep every key; the worksheet keeps its answers over a reload', async () => {
  const { page, problems, close } = await open(`${site.base}#/train/custom`);
  await page.locator('#train-lr').waitFor({ timeout: 20000 });
  await page.waitForFunction(() => !document.querySelector('#train-apply')?.disabled);
  // The learning rate is at most 1: the typed forms above it are scaled down, -0.25 is refused.
  for (const [typed, value] of [...TYPED.map(([t, v]) => [`${t}/10`, v / 10]), ['1e-3', 0.001]]) {
    await typeKeys(page, '#train-lr', typed);
    assert.equal(await page.inputValue('#train-lr'), typed);
    await page.click('#train-apply');
    if (value < 0) {
      await page.waitForFunction(() => /above 0/.test(document.querySelector('.train-error').textContent));
      continue;
    }
    await page.waitForURL(new RegExp(`lr=${String(value).replace('.', '\\.')}(&|$)`), { timeout: 20000 });
  }
  // The worksheet: a shape typed a key at a time, and a tensor's name, both checked by the engine.
  await page.goto(`${site.base}#/9.4/2`);
  await ready(page);
  await typeKeys(page, '#ws-plan-encoder-q', '[1, 2, 4]');
  await typeKeys(page, '#ws-plan-self-kv', 'X');
  await typeKeys(page, '#ws-plan-cross-kv', 'h1');
  assert.equal(await page.inputValue('#ws-plan-encoder-q'), '[1, 2, 4]');
  const width = await page.locator('#ws-plan-cross-weights').evaluate((el) => el.clientWidth);
  await typeKeys(page, '#ws-plan-cross-weights', '[1, 4, 8, 8]');
  assert.ok(
    await page.locator('#ws-plan-cross-weights').evaluate((el) => el.scrollWidth <= el.clientWidth),
    `the longest shape the sheet asks fits its box (${width} px)`,
  );
  await page.click('#ws-plan-check');
  assert.equal(await page.getAttribute('#ws-plan-encoder-q', 'aria-invalid'), 'false');
  assert.equal(await page.getAttribute('#ws-plan-self-kv', 'aria-invalid'), 'false', 'X read as its shape');
  assert.match(
    await page.textContent('#ws-plan-cross-kv-why'),
    /h1 read as its shape, \[1, 3, 4\]\..*keys and values were taken from the decoder/,
  );
  await page.reload();
  await ready(page);
  assert.equal(await page.inputValue('#ws-plan-encoder-q'), '[1, 2, 4]', 'kept over a reload');
  assert.equal(await page.inputValue('#ws-plan-self-kv'), 'X');
  // Kept answers that do not read are set aside, said, and never shown as answers.
  const damaged = '{"9.4|plan": {"ws-plan-encoder-q": 5}}';
  await page.evaluate((raw) => localStorage.setItem('attention-lab.worksheets.v1', raw), damaged);
  await page.reload();
  await ready(page);
  assert.match(
    await page.locator('.worksheet .notice').textContent(),
    /could not be read \(9\.4\|plan\.ws-plan-encoder-q is 5, where a text of at most 200 characters was expected\)\. They are kept aside/,
  );
  assert.equal(await page.inputValue('#ws-plan-encoder-q'), '');
  assert.equal(await page.evaluate(() => localStorage.getItem('attention-lab.worksheets.v1.damaged')), damaged);
  assert.deepEqual(problems, []);
  await close();
});
