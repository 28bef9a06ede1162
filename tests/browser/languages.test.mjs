// The page in Spanish and in Simplified Chinese: every step of every worked example, the
// practice set and a problem of each family (before and after a wrong answer), the training and
// model panels and the teacher's view, walked in each language. No English word may show outside
// code, formulas and data (what a corpus or a checkpoint holds, marked translate="no"); axe finds
// nothing in any language; the handout's numbers are the same as in English.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { siteForTests, watch } from './site.mjs';
import { examples } from '../../web/handouts/self-attention/examples/index.js';
import { catalogues } from '../../web/text/catalogues.js';
import { english as englishCorpus, orderTasks, toyGrammar } from '../../web/training/corpora.js';
import { loadEngine } from '../../web/engine/index.js';

const site = siteForTests();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The words of the English catalogue that the other language's catalogue never uses: English
// that would show if a sentence had escaped translation. Words both use (nanoGPT, softmax,
// transpose, the names in code) are not evidence either way.
function wordsOf(catalogue) {
  const words = new Set();
  const walk = (v) => {
    if (typeof v === 'string') for (const w of v.toLowerCase().match(/[a-z]{3,}/g) ?? []) words.add(w);
    else Object.values(v).forEach(walk);
  };
  walk(catalogue);
  return words;
}
const englishWords = wordsOf(catalogues.en);
// The training corpora's words are data a model reads, shown as its tokens and samples.
const corpusWords = wordsOf([toyGrammar(), orderTasks(), englishCorpus]);
const onlyEnglish = (code) => {
  const theirs = wordsOf(catalogues[code]);
  return new Set([...englishWords].filter((w) => !theirs.has(w) && !corpusWords.has(w)));
};
const lab = await loadEngine();

// The text a student reads or hears on the page now: text nodes and the accessible names and
// hints in attributes, outside code, variables (<var>), formulas and data.
const readableText = () => {
  // (An element in another language, such as the menu's "English", says so with its lang.)
  const skip = 'code, pre, var, script, style, noscript, .katex, math, [translate="no"], [hidden], body [lang]';
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!n.parentElement.closest(skip)) parts.push(n.data);
  for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
    if (!el.closest(skip))
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) parts.push(el.getAttribute(a) ?? '');
  // Words in a formula's MathML that are not code, and what canvases drew since the last look.
  for (const t of document.querySelectorAll('math mtext:not([mathvariant="monospace"])')) parts.push(t.textContent);
  parts.push(...(window.drawnText ?? []).splice(0));
  return parts.join(' ');
};

// Records every string drawn on a canvas (the training plots' axes), which no text walk can see.
const recordCanvasText = () => {
  window.drawnText = [];
  for (const method of ['fillText', 'strokeText']) {
    const draw = CanvasRenderingContext2D.prototype[method];
    CanvasRenderingContext2D.prototype[method] = function (text, ...rest) {
      window.drawnText.push(String(text));
      return draw.call(this, text, ...rest);
    };
  }
};

// Names that the page's code and formulas use (scores, weights, bias) are identifiers where the
// text repeats them, not English.
const codeText = () => [...document.querySelectorAll('code, pre, .katex')].map((el) => el.textContent).join(' ');

async function englishOn(page, english, data = []) {
  const [text, code] = await Promise.all([page.evaluate(readableText), page.evaluate(codeText)]);
  const identifiers = new Set([...(code.toLowerCase().match(/[a-z]{3,}/g) ?? []), ...data]);
  const words = text.toLowerCase().match(/[a-z]{3,}/g) ?? [];
  return [...new Set(words.filter((w) => english.has(w) && !identifiers.has(w)))];
}

async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  // axe draws text on a canvas to tell icon ligatures from words: not the page's own drawing.
  const r = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    window.drawnText?.splice(0);
    return result;
  });
  return r.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join('; ')}`,
  );
}

for (const code of ['es', 'zh-Hans']) {
  test(`${code}: every view in the language, no English outside code and data, and no axe violation`, async () => {
    const english = onlyEnglish(code);
    const ctx = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await ctx.addInitScript(recordCanvasText);
    const page = await ctx.newPage();
    const problems = await watch(page);
    const found = [];
    const look = async (where, { axe = false, data = [] } = {}) => {
      assert.equal(await page.evaluate(() => document.documentElement.lang), code, `${where}: <html lang>`);
      const words = await englishOn(page, english, data);
      if (words.length) found.push(`${where}: ${words.join(', ')}`);
      if (axe) for (const v of await violations(page)) found.push(`${where}: axe ${v}`);
    };
    const open = async (hash) => {
      await page.goto(`${site.base}?lang=${code}${hash}`);
      await page.locator('main').first().waitFor({ timeout: 15000 });
    };
    for (const ex of examples)
      for (let s = 1; s <= ex.steps.length; s++) {
        await open(`#/${ex.id}/${s}`);
        await page.locator('.step').waitFor({ timeout: 15000 });
        await look(`#/${ex.id}/${s}`, { axe: s === 1 });
      }
    await open('#/practice');
    await page.locator('.practice-list, table').first().waitFor({ timeout: 20000 });
    await look('#/practice', { axe: true });
    const families = lab.practice.families().map((f) => f.id);
    for (const id of families) {
      // A problem's words (the sentence of a teacher-forcing problem) are the model's tokens.
      const data = lab.practice.generate(id, 0).words;
      await open(`#/practice/${id}/0`);
      await page.locator('section.practice form.answer').waitFor({ timeout: 20000 });
      await look(`#/practice/${id}/0`, { data });
      // A readable wrong answer: the first mistake the engine names, or a number.
      const mistake = lab.practice.solution(id, 0).misconceptions[0]?.answer ?? '7';
      await page.locator('form.answer input, form.answer textarea').first().fill(mistake);
      await page.locator('form.answer button[type="submit"]').first().click();
      await page
        .locator('section.practice .feedback.no, section.practice .feedback.ok')
        .first()
        .waitFor({ timeout: 10000 });
      await look(`#/practice/${id}/0 after a wrong answer`, { axe: id === families[0], data });
    }
    for (const hash of ['#/train', '#/model', '#/teach']) {
      await open(hash);
      await page.waitForTimeout(1500);
      await look(hash, { axe: true });
    }
    // Training draws its plots: their axes are read from the canvas calls.
    await open('#/train');
    await page.click('#train-start');
    await page.waitForFunction(() => window.drawnText.length >= 3, null, { timeout: 60000 });
    await page.click('#train-start');
    await look('#/train while training');
    // An assignment as a student runs it, with a wrong answer, then the teacher's two views.
    const assignment = 'title=Quiz&families=retrieval,pre-post&each=1&seed=3&hints=1&solutions=1&pass=60&tries=2';
    await open(`#/assignment?${assignment}`);
    await page.locator('#student').fill('Ana');
    await page.press('#student', 'Enter');
    await page.locator('#answer-problem-1').waitFor();
    await page.fill('#answer-problem-1', '[100, 100]');
    await page.press('#answer-problem-1', 'Enter');
    await page.locator('#feedback-problem-1.no').waitFor();
    await look('#/assignment after a wrong answer', { axe: true });
    for (const hash of [`#/teach?${assignment}`, `#/assignment/result?${assignment}`]) {
      await open(hash);
      await page.waitForTimeout(1000);
      await look(hash, { axe: true });
    }
    await ctx.close();
    assert.deepEqual(found, []);
    assert.deepEqual(problems, []);
  });
}

test('the handout’s numbers are the same in every language', async () => {
  const read = async (code) => {
    const page = await site.browser.newPage();
    await page.goto(`${site.base}?lang=${code}#/7.4/5`);
    await page.locator('.step').waitFor({ timeout: 15000 });
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    const numbers = await page.evaluate(() =>
      [...document.querySelectorAll('.step table.matrix td, .step [data-result]')].map((el) => el.textContent.trim()),
    );
    await page.close();
    return numbers;
  };
  const en = await read('en');
  assert.ok(en.length > 20, `${en.length} numbers on §7.4's last step`);
  for (const code of ['es', 'zh-Hans']) assert.deepEqual(await read(code), en, code);
});

test('what an address could not use is said as each language writes a list of problems', async () => {
  const expected = {
    en: /^Part of the address was ignored: unknown control "bogus" in hide=; unknown parameter "color" .+\.$/,
    es: /^Se ignoró parte de la dirección: control desconocido "bogus" en hide=; parámetro desconocido "color" .+\.$/,
    'zh-Hans': /^地址的一部分被忽略了：hide= 中有未知的控件“bogus”；地址中有未知的参数“color”（.+）。$/,
  };
  for (const [code, pattern] of Object.entries(expected)) {
    const page = await site.browser.newPage();
    await page.goto(`${site.base}?lang=${code}#/2.1/2?hide=bogus&color=red`);
    await page.locator('main .notice').first().waitFor({ timeout: 15000 });
    assert.match((await page.locator('main .notice').first().textContent()).trim(), pattern, code);
    await page.close();
  }
});

test('a cell that could not be read is refused as each language ends and joins sentences', async () => {
  const expected = {
    en: /^Not used: .+ “1\.\.2”\. The last valid value is still in use$/,
    es: /^No se usó: .+ «1\.\.2»\. Se sigue usando el último valor válido$/,
    'zh-Hans': /^没有使用：需要一个数.+“1\.\.2”。仍在使用上一个有效值$/,
  };
  for (const [code, pattern] of Object.entries(expected)) {
    const page = await site.browser.newPage();
    await page.goto(`${site.base}?lang=${code}#/2.1/1`);
    await page.locator('#in-k-0-0').waitFor({ timeout: 15000 });
    await page.fill('#in-k-0-0', '1..2');
    await page.press('#in-k-0-0', 'Tab');
    const error = page.locator('.input-error', { hasText: '1..2' }).first();
    await error.waitFor({ timeout: 5000 });
    assert.match((await error.textContent()).trim(), pattern, code);
    await page.close();
  }
});

test('a page fetches its own language’s catalogue and no other', async () => {
  for (const code of Object.keys(catalogues)) {
    const page = await site.browser.newPage();
    const catalogueChunks = [];
    page.on('request', (r) => {
      const m = /\/chunks\/(en|es|zh-Hans)-[\w-]+\.js$/.exec(r.url());
      if (m) catalogueChunks.push(m[1]);
    });
    await page.goto(`${site.base}?lang=${code}#/2.1/1`);
    await page.locator('.step').waitFor({ timeout: 15000 });
    assert.equal(await page.evaluate(() => document.documentElement.lang), code);
    assert.deepEqual(catalogueChunks, [code], code);
    await page.close();
  }
});

test('the language menu reopens the same view in the chosen language, and the choice is kept', async () => {
  const page = await site.browser.newPage();
  await page.goto(`${site.base}#/3.1/2`);
  await page.locator('.step').waitFor({ timeout: 15000 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await Promise.all([page.waitForURL(/lang=es/), page.selectOption('#language', 'es')]);
  await page.locator('.step').waitFor({ timeout: 15000 });
  assert.match(page.url(), /\?lang=es#\/3\.1\/2$/, 'the same step');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  assert.equal(await page.locator('#language').inputValue(), 'es');
  await page.goto(`${site.base}#/2.1/1`);
  await page.locator('.step').waitFor({ timeout: 15000 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es', 'kept for the next visit');
  assert.equal(await page.getByRole('button', { name: 'Siguiente →' }).count(), 1);
  await page.goto(`${site.base}?lang=zh-Hans#/2.1/1`);
  await page.locator('.step').waitFor({ timeout: 15000 });
  assert.match(await page.evaluate(() => document.title), /^§2\.1 一个查询的检索/);
  await page.close();
});

// What the engine and the panels refuse, in each language: a typed cell, a setting the engine
// refuses, a practice answer it cannot read, the training panel's settings and a file that is no
// checkpoint. Each says what was wrong in the page's language, and the page around it has no
// English word either.
const refusals = {
  es: {
    cell: /dos componentes, 0 y 5.*escribe 0\.5 con punto decimal/,
    heads: /D = 8 no es divisible entre heads = 3/,
    answer: /se esperaba «\]» para cerrar la lista, al final/,
    training: /D = 32 no es divisible entre H = 3/,
    file: /esto no es un archivo safetensors/,
  },
  'zh-Hans': {
    cell: /两个元素 0 和 5.*0\.5/,
    heads: /D = 8 不能被 heads = 3 整除/,
    answer: /缺少结束列表的“\]”，位置：末尾/,
    training: /D = 32 不能被 H = 3 整除/,
    file: /这不是 safetensors 文件/,
  },
};
for (const [code, says] of Object.entries(refusals)) {
  test(`${code}: what the engine and the panels refuse is said in the language`, async () => {
    const english = onlyEnglish(code);
    const ctx = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const problems = await watch(page);
    const found = [];
    const refusedIn = async (where, selector, expected) => {
      await page.waitForFunction((s) => document.querySelector(s)?.textContent.trim(), selector, { timeout: 20000 });
      const text = await page.locator(selector).textContent();
      if (!expected.test(text)) found.push(`${where}: "${text}" does not say ${expected}`);
      const words = await englishOn(page, english);
      if (words.length) found.push(`${where}: English ${words.join(', ')}`);
    };
    const open = async (hash, ready) => {
      await page.goto(`${site.base}?lang=${code}${hash}`);
      await page.locator(ready).first().waitFor({ timeout: 20000 });
    };
    await open('#/2.1/1', '.step');
    await page.fill('#in-q-0-0', '0,5');
    await refusedIn('a typed cell', '#in-q-error', says.cell);
    await open('#/4/1', '.step');
    await page.fill('#in-H', '3');
    await refusedIn('§4 with H = 3', '#in-H-error', says.heads);
    await open('#/practice/retrieval/0', 'section.practice form.answer');
    await page.locator('form.answer input, form.answer textarea').first().fill('[2, 1,5');
    await page.locator('form.answer button[type="submit"]').first().click();
    await refusedIn('an unreadable answer', 'section.practice .feedback', says.answer);
    await open('#/train', '#train-heads');
    await page.fill('#train-heads', '3');
    await page.click('#train-apply');
    await refusedIn('the training panel', '.train-error', says.training);
    await open('#/model', '#model-file');
    await page.setInputFiles('#model-file', {
      name: 'notes.safetensors',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('hello, not a checkpoint'),
    });
    await page.click('#model-open');
    await refusedIn('a file that is no checkpoint', '#model-error', says.file);
    await ctx.close();
    assert.deepEqual(found, []);
    assert.deepEqual(problems, []);
  });
}

// A browser that asks for Traditional Chinese gets the Simplified Chinese page, with a note in
// Traditional characters offering English; either answer is kept for the next visit.
test('zh-TW and zh-HK: Simplified Chinese with a note that offers English, and the choice is kept', async () => {
  for (const [locale, answer] of [
    ['zh-TW', 'english'],
    ['zh-HK', 'keep'],
  ]) {
    const ctx = await site.browser.newContext({ locale });
    const page = await ctx.newPage();
    const problems = await watch(page);
    await page.goto(`${site.base}#/2.1/1`);
    await page.locator('.step').waitFor({ timeout: 15000 });
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans', locale);
    const note = page.locator('.language-note[lang="zh-Hant"]');
    assert.match(await note.textContent(), /繁體中文/, `${locale}: the note, in Traditional characters`);
    if (answer === 'english') {
      await Promise.all([page.waitForURL(/lang=en/), note.getByRole('button', { name: /English/ }).click()]);
      await page.locator('.step').waitFor({ timeout: 15000 });
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      await page.goto(`${site.base}#/2.1/1`);
      await page.locator('.step').waitFor({ timeout: 15000 });
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en', `${locale}: English is kept`);
    } else {
      await note.getByRole('button', { name: '繼續使用簡體中文' }).click();
      assert.equal(await note.count(), 0, 'the note is gone');
      await page.reload();
      await page.locator('.step').waitFor({ timeout: 15000 });
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');
      assert.equal(await page.locator('.language-note').count(), 0, `${locale}: not asked again`);
    }
    assert.equal(await page.locator('.language-note').count(), 0);
    assert.deepEqual(problems, []);
    await ctx.close();
  }
});

// Before any script runs, the shell says nothing in one language: its only words are the
// page's name and, for a browser without JavaScript, what it needs in every language, each
// marked with its own.
test('the page’s shell carries no words of one language; without JavaScript it speaks every language', async () => {
  const ctx = await site.browser.newContext({ javaScriptEnabled: false, locale: 'es-ES' });
  const page = await ctx.newPage();
  await page.goto(`${site.base}?lang=es`);
  const shown = await page.evaluate(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode())
      if (n.data.trim()) out.push({ text: n.data.trim(), lang: n.parentElement.closest('[lang]')?.lang });
    return { out, title: document.title, description: document.querySelector('meta[name="description"]') };
  });
  assert.equal(shown.title, 'Attention Lab');
  assert.equal(shown.description, null);
  const marked = shown.out.filter((t) => t.text !== 'Attention Lab');
  assert.deepEqual(
    marked.map((t) => t.lang),
    Object.keys(catalogues),
  );
  for (const t of marked) assert.equal(t.text, catalogues[t.lang].ui.noScript);
  await ctx.close();
});
