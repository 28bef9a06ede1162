// "Open a model" in Debian's headless Chromium: a character model trained and exported here
// (nanoGPT's names and layout) is opened with its vocabulary in the page's worker; the
// configuration, the parameter count, the attention, the next-token table, the interventions,
// the generation's draws and the §7.3 / §6.1 checks show the engine's numbers (the same as Node's
// engine gives for the same file); a broken file, a bad prompt and bad settings are explained and
// change nothing. Screenshots go to test-results/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { loadEngine } from '../../web/engine/index.js';
import { xorshift32 } from '../../web/training/xorshift.js';
import { charTokenizer } from '../../web/tokenizers/tokenize.js';
import { repeatedStretch } from '../../web/page/views/model/sequence.js';
import { root, shots, siteForTests, watch } from './site.mjs';

const site = siteForTests();
const lab = await loadEngine();

// A small character model, trained a few steps so its attention is not uniform.
const TEXT = 'to be, or not to be, that is the question: whether tis nobler in the mind to suffer';
const tok = charTokenizer(TEXT);
const CONFIG = { vocab_size: tok.vocab.length, n_embd: 16, n_head: 2, n_layer: 2, block_size: 16, seed: 3 };
const trained = lab.createModel(CONFIG);
const ids = tok.encode(TEXT);
for (let s = 0; s < 20; s++) {
  const batch = [0, 20, 40, 60].map((o) => ids.slice(o + (s % 4), o + (s % 4) + 17));
  trained.trainStep(batch, { lr: 0.01 });
}
// and then on stretches of 8 repeated once, as the heads part scores it, so that some heads
// score high on them (by the positions: the repeat is always 8 back) and are removed together
const draw = xorshift32(7);
for (let s = 0; s < 150; s++) {
  const batch = Array.from({ length: 8 }, () => {
    const stretch = Array.from({ length: 8 }, () => draw() % tok.vocab.length);
    return [...stretch, ...stretch, stretch[0]];
  });
  trained.trainStep(batch, { lr: 0.01 });
}
const FILE = Buffer.from(trained.exportSafetensors());
const reference = lab.loadCheckpoint(new Uint8Array(FILE));
const VOCAB = JSON.stringify({ itos: Object.fromEntries(tok.vocab.map((c, i) => [i, c])) });
const files = (name, body) => ({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(body) });
const exactOf = async (locator) => Number(await locator.getAttribute('title'));

async function openPanel() {
  const ctx = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await ctx.newPage();
  const problems = await watch(page);
  await page.goto(`${site.base}#/model`);
  await page.locator('#model-file').waitFor({ timeout: 20000 });
  return { page, problems, close: () => ctx.close() };
}

async function openFile(page, file, vocab) {
  await page.setInputFiles('#model-file', file);
  await page.setInputFiles('#model-vocab', vocab ? [vocab] : []);
  await page.click('#model-open');
}

test('a checkpoint opens in the worker and shows the engine’s numbers for it', async () => {
  const { page, problems, close } = await openPanel();
  assert.match(await page.locator('nav a[aria-current="page"]').textContent(), /Open a model/);

  // nothing chosen, then a file that is not a checkpoint: said, and nothing opens
  await page.click('#model-open');
  assert.match(await page.locator('#model-error').textContent(), /choose a \.safetensors file first/);
  await openFile(page, files('notes.safetensors', 'hello, not a checkpoint'));
  await page.waitForFunction(() => /not opened/.test(document.querySelector('#model-error').textContent));
  assert.match(
    await page.locator('#model-error').textContent(),
    /not opened: this is not a safetensors file: its first 8 bytes should give the length of its header, and read so they give [\d.e+]+ bytes, more than the 16,777,216/,
  );
  assert.doesNotMatch(await page.locator('#model-error').textContent(), /[?.]\./, 'one full stop, not two');
  assert.equal(await page.locator('#model-status').textContent(), 'No model is open yet.');

  // the model and its vocabulary
  await openFile(page, files('shakespeare.safetensors', FILE), files('meta.json', VOCAB));
  await page.locator('#model-config').waitFor({ timeout: 20000 });
  await page.locator('#model-next tbody tr').first().waitFor();
  const { parameterCount } = reference.describe();
  assert.match(await page.locator('#model-config').textContent(), new RegExp(parameterCount.toLocaleString('en')));
  assert.match(await page.locator('#model-vocab-line').textContent(), new RegExp(`${tok.vocab.length} characters`));
  assert.equal(await page.locator('#model-error').textContent(), '');
  assert.equal(
    await page.locator('.model-panel .heads > figure').count(),
    CONFIG.n_head,
    'one map per head of block 0',
  );
  await page.selectOption('#model-block', '1');
  assert.match(await page.locator('.model-panel .heads > figure').first().textContent(), /block 1, head 0/);

  // the next-token table is the engine's distribution after the prompt
  const prompt = await page.locator('#model-prompt').inputValue();
  const tokens = tok.encode(prompt);
  const probs = reference.inspect(tokens).probs[tokens.length - 1];
  const first = page.locator('#model-next tbody tr').first();
  const best = probs.indexOf(Math.max(...probs));
  assert.equal((await first.locator('th').textContent()).replace('␣', ' '), tok.vocab[best]);
  assert.equal(await exactOf(first.locator('td').first()), probs[best]);
  await page.screenshot({ path: path.join(shots, 'model-opened.png'), fullPage: true });

  // a character the vocabulary lacks: said; what was shown stays
  await page.fill('#model-prompt', 'to be €');
  await page.press('#model-prompt', 'Enter');
  assert.match(await page.locator('#model-prompt-error').textContent(), /the character “€” is not in this vocabulary/);
  assert.equal(await exactOf(first.locator('td').first()), probs[best]);

  // §2.2: ablating both heads of block 1 (the block shown) changes the intervened column
  await page.fill('#model-prompt', 'to be, or not');
  await page.press('#model-prompt', 'Enter');
  await page.waitForFunction(() => document.querySelector('#model-prompt-error').textContent === '');
  await page.check('#model-ablate-1-0');
  await page.check('#model-ablate-1-1');
  const ablated = reference.inspect(tok.encode('to be, or not'), {
    ablateHeads: [
      [1, 0],
      [1, 1],
    ],
  }).probs;
  const row = page.locator('#model-next tbody tr').first();
  // each box asks the worker again: wait for the answer to the second (both heads ablated), not
  // the first, which also makes the columns differ
  const expected = Object.fromEntries(tok.vocab.map((c, i) => [c.replace(' ', '␣'), ablated[12][i]]));
  await page.waitForFunction(
    (want) => {
      const r = document.querySelector('#model-next tbody tr');
      return r && Number(r.children[2].title) === want[r.querySelector('th').textContent];
    },
    expected,
    { timeout: 10000 },
  );
  const id = tok.vocab.indexOf((await row.locator('th').textContent()).replace('␣', ' '));
  assert.equal(await exactOf(row.locator('td').nth(1)), ablated[12][id]);

  // §7.1: a seeded generation and its draws, as Node's engine makes them
  await page.fill('#model-steps', '6');
  await page.fill('#model-temperature', '1');
  await page.fill('#model-seed', '7');
  await page.click('#model-generate');
  await page.waitForFunction(() =>
    /Generated 6 tokens/.test(document.querySelector('#model-generate-status').textContent),
  );
  const made = reference.generate(tok.encode('to be, or not'), { steps: 6, temperature: 1, seed: 7 });
  assert.equal(await page.locator('#model-draws tbody tr').count(), 6);
  assert.equal(await page.locator('#model-generated-text strong').textContent(), tok.decode(made.tokens.slice(13)));
  assert.equal(await exactOf(page.locator('#model-draws tbody tr').first().locator('td').nth(4)), made.steps[0].u);
  // a bad setting is refused, naming it
  await page.fill('#model-temperature', '-1');
  await page.click('#model-generate');
  assert.match(
    await page.locator('#model-generate-error').textContent(),
    /Not run: Temperature .*at least 0, received -1/,
  );

  // §7.3 and §6.1
  await page.fill('#model-position', '5');
  await page.click('#model-check');
  await page.locator('#model-causal').waitFor();
  assert.match(await page.locator('#model-causal').textContent(), /Every position before 5 is unchanged/);
  const dep = reference.futureDependence(tok.encode('to be, or not'), 5);
  const cells = page.locator('#model-dependence tbody td:last-child');
  for (let i = 0; i < dep.length; i++) assert.equal(await exactOf(cells.nth(i)), dep[i], `position ${i}`);
  const prompted = tok.encode('to be, or not');
  const reversed = prompted.map((_, i) => prompted.length - 1 - i);
  assert.equal(await exactOf(page.locator('#model-gap')), reference.permutationGap(prompted, reversed));
  assert.match(await page.locator('#model-gap').textContent(), /§6\.1: the logits of the prompt read backwards/);
  await page.fill('#model-position', '99');
  await page.click('#model-check');
  assert.match(
    await page.locator('#model-check-error').textContent(),
    /expected a whole number from 0 to 12, received 99/,
  );
  await page.screenshot({ path: path.join(shots, 'model-checks.png'), fullPage: true });

  // §2.2 and §4: each head's scores on the page's repeated sequence (T = 16: 8 tokens twice, from
  // the panel's seed 11), and the loss with each removed, are the engine's for this file
  await page.click('#model-heads-run');
  await page.locator('#model-heads-guess').waitFor();
  const repeated = repeatedStretch(tok.vocab.length, 8, 11);
  assert.equal(new Set(repeated).size, 8, 'a stretch of distinct tokens, repeated');
  const scores = reference.headScores(repeated, { period: 8 });
  const headCells = page.locator('#model-heads-table tbody tr');
  assert.equal(await headCells.count(), 4, '2 blocks of 2 heads');
  // the removals wait for a prediction from the scores: a wrong one is said with the right head
  const removals = [0, 1].flatMap((l) => [0, 1].map((hd) => [l, hd]));
  const lossWithout = ([l, hd]) => reference.ablationLoss(repeated, { from: 9, heads: [[l, hd]] }).together;
  const most = removals.reduce((a, b) => (lossWithout(b) > lossWithout(a) ? b : a));
  const other = removals.find(([l, hd]) => l !== most[0] || hd !== most[1]);
  assert.deepEqual(
    await headCells.locator('td.hidden-result').allTextContents(),
    Array(4).fill('shown once you predict'),
  );
  assert.equal(await page.locator('#model-heads-strongest').count(), 0, 'nothing said of the removals yet');
  await page.selectOption('#model-heads-guess', other.join('.'));
  await page.click('#model-heads-check');
  assert.match(
    await page.locator('#model-heads-verdict').textContent(),
    new RegExp(`^You chose block ${other[0]}, head ${other[1]}: .* most is block ${most[0]}, head ${most[1]} `),
  );
  assert.equal(await page.evaluate(() => document.activeElement.id), 'model-heads-verdict');
  for (let k = 0; k < 4; k++) {
    const [l, hd] = [Math.floor(k / 2), k % 2];
    const row = headCells.nth(k).locator('td');
    assert.equal(await exactOf(row.nth(1)), scores.previousToken[l][hd]);
    assert.equal(await exactOf(row.nth(2)), scores.induction[l][hd]);
    assert.equal(await exactOf(row.nth(3)), scores.duplicate[l][hd]);
    const removed = reference.ablationLoss(repeated, { from: 9, heads: [[l, hd]] }).together;
    assert.equal(await exactOf(row.nth(4)), removed, `block ${l} head ${hd} removed`);
  }
  assert.match(
    await page.locator('#model-heads-strongest').textContent(),
    /^The highest induction score is block \d, head \d \(.+\); with that head removed the loss on the repeat is .+ nats, against .+ as the model is\.$/,
  );
  assert.match(await page.locator('#model-heads-table caption').textContent(), /a sequence of 8 tokens repeated once/);
  // the loss of predicting each token, as the model is: 15 targets, each the engine's
  const losses = reference.ablationLoss(repeated, { from: 9, heads: [[0, 0]] }).losses;
  const lossCells = page.locator('#model-heads-losses td');
  assert.equal(await lossCells.count(), 15);
  for (let i = 0; i < 15; i++) assert.equal(await exactOf(lossCells.nth(i)), losses[i], `target ${i + 1}`);
  // then the groups, each removed together: the heads of a score of 0.3 or more, as the engine
  // scores them, and the engine's loss with all of them removed
  const groups = ['induction', 'previousToken']
    .map((kind) => ({
      kind,
      heads: scores[kind].flatMap((row, l) => row.flatMap((x, hd) => (x >= 0.3 ? [[l, hd]] : []))),
    }))
    .filter((g) => g.heads.length);
  assert.ok(groups.length > 0, 'a group to remove together');
  const groupRows = page.locator('#model-groups-table tbody tr');
  assert.equal(await groupRows.count(), groups.length);
  for (const [k, g] of groups.entries()) {
    const row = groupRows.nth(k).locator('th, td');
    assert.equal(await row.nth(1).textContent(), g.heads.map(([l, hd]) => `${l}.${hd}`).join(', '));
    const together = reference.ablationLoss(repeated, { from: 9, heads: g.heads }).together;
    assert.equal(await exactOf(row.nth(2)), together, `${g.kind} heads removed together`);
    assert.match(
      await page.locator(`#model-group-${g.kind}`).textContent(),
      /(barely moves|matters alone|back each other up)/,
    );
  }
  assert.equal(await page.locator('#model-heads-stop').isEnabled(), false, 'nothing left to stop');
  await page.locator('.model-heads').screenshot({ path: path.join(shots, 'model-heads.png') });
  // scored again, the head that matters most predicted: said so; or shown without a prediction
  await page.click('#model-heads-run');
  await page.locator('#model-heads-guess').waitFor();
  await page.selectOption('#model-heads-guess', most.join('.'));
  await page.click('#model-heads-check');
  assert.match(
    await page.locator('#model-heads-verdict').textContent(),
    new RegExp(`^You chose block ${most[0]}, head ${most[1]}, and it is the one`),
  );
  await page.click('#model-heads-run');
  await page.locator('#model-heads-guess').waitFor();
  await page.click('#model-heads-show');
  assert.equal(await page.locator('#model-heads-verdict').count(), 0);
  assert.equal(await headCells.locator('td.hidden-result').count(), 0, 'every removal shown');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'model-heads-table');

  // a broken file after a good one: said, and the open model stays
  const cut = FILE.subarray(0, FILE.length - 10);
  await openFile(page, files('cut.safetensors', cut), files('meta.json', VOCAB));
  await page.waitForFunction(() => /not opened/.test(document.querySelector('#model-error').textContent));
  assert.match(await page.locator('#model-error').textContent(), /The model that was open stays open/);
  assert.match(await page.locator('#model-status').textContent(), /shakespeare\.safetensors/);
  assert.equal(await page.locator('#model-draws tbody tr').count(), 6);
  // a vocabulary that is not one: refused before the file is read
  await openFile(page, files('shakespeare.safetensors', FILE), files('meta.json', '{"itos": {"0": "a", "2": "b"}}'));
  await page.waitForFunction(() => /itos/.test(document.querySelector('#model-error').textContent));
  assert.match(await page.locator('#model-error').textContent(), /itos has no character for id 1/);

  assert.deepEqual(problems, []);
  await close();
});

test('without a vocabulary the prompt is token ids, and a file without n_head asks for it', async () => {
  const { page, problems, close } = await openPanel();
  // the tied head stored once and no metadata: as a hand-written file would be
  const bare = lab.createModel(CONFIG);
  const noMeta = Buffer.from(bare.exportSafetensors());
  const headerLength = Number(noMeta.readBigUInt64LE(0));
  const header = JSON.parse(noMeta.subarray(8, 8 + headerLength).toString());
  delete header.__metadata__;
  let json = JSON.stringify(header);
  json += ' '.repeat((8 - (json.length % 8)) % 8);
  const out = Buffer.alloc(8 + json.length + (noMeta.length - 8 - headerLength));
  out.writeBigUInt64LE(BigInt(json.length), 0);
  out.write(json, 8);
  noMeta.copy(out, 8 + json.length, 8 + headerLength);
  await openFile(page, files('bare.safetensors', out));
  await page.waitForFunction(() => /not opened/.test(document.querySelector('#model-error').textContent));
  assert.match(await page.locator('#model-error').textContent(), /give it as the option n_head \(on the page/);
  await page.fill('#model-heads', 'two');
  await page.click('#model-open');
  assert.match(await page.locator('#model-error').textContent(), /Heads .*received "two"/);
  await page.fill('#model-heads', '2');
  await page.fill('#model-options', '{"norm": rms}');
  await page.click('#model-open');
  assert.match(
    await page.locator('#model-error').textContent(),
    /Other settings \(JSON, optional\): expected a JSON object/,
  );
  await page.fill('#model-options', '{"norm": "batch"}');
  await page.click('#model-open');
  await page.waitForFunction(() => /batch/.test(document.querySelector('#model-error').textContent));
  assert.match(
    await page.locator('#model-error').textContent(),
    /not opened: norm must be one of layer, rms, or none, got “batch”/,
  );
  await page.fill('#model-options', '{"norm": "layer"}');
  await page.click('#model-open');
  await page.locator('#model-config').waitFor({ timeout: 20000 });
  assert.match(await page.locator('#model-vocab-line').textContent(), /type the prompt as token ids/);
  await page.fill('#model-prompt', '1 2 999');
  await page.press('#model-prompt', 'Enter');
  assert.match(await page.locator('#model-prompt-error').textContent(), /"999" is not a token id from 0 to/);
  await page.fill('#model-prompt', '3 1 4 1 5');
  await page.press('#model-prompt', 'Enter');
  await page.waitForFunction(() => document.querySelector('#model-prompt-error').textContent === '');
  const probs = bare.inspect([3, 1, 4, 1, 5]).probs[4];
  const first = page.locator('#model-next tbody tr').first();
  await page.waitForFunction(() => /5”/.test(document.querySelector('#model-next caption').textContent));
  const id = Number(await first.locator('th').textContent());
  assert.equal(await exactOf(first.locator('td').first()), probs[id]);
  assert.deepEqual(problems, []);
  bare.delete();
  await close();
});

// A model of GPT-2's vocabulary (small otherwise): opened without a vocabulary, the prompt is
// text through GPT-2's byte-pair encoding, fetched then; the offline single file says it lacks it.
const gpt2 = lab.createModel({ vocab_size: 50257, n_embd: 8, n_head: 2, n_layer: 1, block_size: 16, seed: 5 });
const GPT2_FILE = Buffer.from(gpt2.exportSafetensors());

test('a GPT-2-sized model reads its prompt through GPT-2’s tokenizer, fetched when it opens', async () => {
  const { encode } = await import('gpt-tokenizer/encoding/r50k_base');
  const { page, problems, close } = await openPanel();
  const fetched = [];
  page.on('request', (r) => fetched.push(r.url()));
  await openFile(page, files('gpt2.safetensors', GPT2_FILE));
  await page.locator('#model-next tbody tr').first().waitFor({ timeout: 30000 });
  assert.match(await page.locator('#model-vocab-line').textContent(), /GPT-2’s byte-pair encoding, 50,257 tokens/);
  const prompt = await page.locator('#model-prompt').inputValue();
  const ids = encode(prompt);
  const probs = gpt2.inspect(ids).probs[ids.length - 1];
  const first = page.locator('#model-next tbody tr').first();
  const best = probs.indexOf(Math.max(...probs));
  assert.equal(await exactOf(first.locator('td').first()), probs[best]);
  assert.equal((await page.locator('.model-panel .heads > figure').first().locator('th').count()) > ids.length, true);
  assert.ok(
    fetched.some((u) => /chunks\/.*\.js$/.test(u)),
    'the tokenizer came as a chunk of its own',
  );
  // Chinese text: a character GPT-2 splits over two tokens is labelled by its bytes, never "�".
  const chinese = '注意力的位置';
  const chineseIds = encode(chinese);
  await page.fill('#model-prompt', chinese);
  await page.press('#model-prompt', 'Enter');
  const heads = page.locator('.model-panel .heads > figure').first();
  await page.waitForFunction(
    (n) => document.querySelectorAll('.model-panel .heads > figure')[0]?.querySelectorAll('thead th').length > n,
    chineseIds.length - 1,
  );
  const labels = await heads.locator('thead th').allTextContents();
  assert.ok(
    labels.some((l) => /<0x[0-9A-F]{2}>/.test(l)),
    `byte tokens are shown as bytes: ${labels.join(' ')}`,
  );
  assert.ok(
    labels.some((l) => /\p{Script=Han}/u.test(l)),
    `whole characters are shown as themselves: ${labels.join(' ')}`,
  );
  assert.ok(!(await page.locator('.model-panel').textContent()).includes('\uFFFD'), 'no � anywhere on the panel');
  assert.deepEqual(problems, []);
  await close();
});

// Big enough that 200 tokens take far longer than a message to the worker and back.
const streamer = lab.createModel({ vocab_size: 50257, n_embd: 64, n_head: 2, n_layer: 2, block_size: 32, seed: 9 });
const STREAMER_FILE = Buffer.from(streamer.exportSafetensors());

test('generation streams token by token from the worker, shows its rate, and stops when asked', async () => {
  const { page, problems, close } = await openPanel();
  await openFile(page, files('streamer.safetensors', STREAMER_FILE));
  await page.locator('#model-next tbody tr').first().waitFor({ timeout: 30000 });
  await page.fill('#model-prompt', '1 2 3 4');
  await page.press('#model-prompt', 'Enter');
  await page.fill('#model-steps', '200');
  await page.fill('#model-temperature', '0.8');
  await page.fill('#model-seed', '4');
  // Stop as soon as the first token is on the page: the worker is still generating then
  await page.evaluate(() => {
    const table = document.querySelector('.model-generated');
    new MutationObserver((_, observer) => {
      if (!document.querySelector('#model-draws tbody tr')) return;
      observer.disconnect();
      const stop = document.querySelector('#model-stop');
      window.stopOffered = !stop.disabled;
      stop.click();
    }).observe(table, { childList: true, subtree: true });
  });
  await page.click('#model-generate');
  await page.waitForFunction(() => /Stopped after/.test(document.querySelector('#model-generate-status').textContent));
  assert.equal(await page.evaluate(() => window.stopOffered), true, 'Stop is offered while tokens come');
  const n = Number(/Stopped after (\d+)/.exec(await page.locator('#model-generate-status').textContent())[1]);
  assert.ok(n >= 1 && n < 200, `stopped early, after ${n} tokens`);
  assert.equal(await page.locator('#model-stop').isEnabled(), false);
  assert.equal(await page.locator('#model-draws tbody tr').count(), n);
  assert.match(await page.locator('#model-rate').textContent(), /prompt’s pass and the first.* took \d+ ms/);
  // what came, token by token, is what one generate of n tokens makes
  const made = streamer.generate([1, 2, 3, 4], { steps: n, temperature: 0.8, seed: 4 });
  const shown = await page
    .locator('#model-draws tbody tr td:nth-child(6)')
    .evaluateAll((cells) => cells.map((c) => (c.title ? Number(c.title) : c.textContent)));
  assert.deepEqual(
    shown,
    made.steps.map((d) => d.u),
  );
  // a whole run ends by itself, with its rate
  await page.fill('#model-steps', '5');
  await page.click('#model-generate');
  await page.waitForFunction(() =>
    /Generated 5 tokens/.test(document.querySelector('#model-generate-status').textContent),
  );
  assert.match(await page.locator('#model-rate').textContent(), /5 tokens: .* tokens per second/);
  await page.screenshot({ path: path.join(shots, 'model-streamed.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await close();
});

test('the single file opens a model on the page’s thread, and without GPT-2’s tokenizer says to type ids', async () => {
  const ctx = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await ctx.newPage();
  const problems = await watch(page);
  await page.goto(`${pathToFileURL(path.join(root, 'dist/attention-lab.html')).href}#/model`);
  await page.locator('#model-file').waitFor({ timeout: 20000 });
  assert.equal(await page.locator('.model-panel .notice').isVisible(), true, 'the page-thread notice shows');
  await openFile(page, files('gpt2.safetensors', GPT2_FILE));
  await page.locator('#model-next tbody tr').first().waitFor({ timeout: 30000 });
  assert.match(await page.locator('#model-error').textContent(), /not part of the single offline file/);
  assert.match(await page.locator('#model-vocab-line').textContent(), /type the prompt as token ids/);
  const probs = gpt2.inspect([0, 1, 2, 3, 4, 5, 6, 7]).probs[7];
  const first = page.locator('#model-next tbody tr').first();
  const id = Number(await first.locator('th').textContent());
  assert.equal(await exactOf(first.locator('td').first()), probs[id]);
  // A file past what this thread opens without stopping the page is refused by its size, unread,
  // and the open model stays.
  assert.match(await page.locator('.model-panel .notice').textContent(), /opens files of up to 32 MB/);
  const large = path.join(mkdtempSync(path.join(tmpdir(), 'attention-lab-model-')), 'large.safetensors');
  writeFileSync(large, Buffer.alloc(33 * 2 ** 20));
  await page.setInputFiles('#model-file', large);
  await page.click('#model-open');
  await page.waitForFunction(() => /32 MB/.test(document.querySelector('#model-error').textContent));
  assert.match(
    await page.locator('#model-error').textContent(),
    /not opened.*the file has 33 MB, and this copy of the page, which runs models on its own thread, opens files of up to 32 MB; open it from the site.*The model that was open stays/s,
  );
  assert.equal(await exactOf(page.locator('#model-next tbody tr').first().locator('td').first()), probs[id]);
  // So is a vocabulary past a vocabulary file's most, before the checkpoint beside it is read.
  await openFile(page, files('gpt2.safetensors', GPT2_FILE), files('vocab.txt', Buffer.alloc(4 * 2 ** 20 + 1, 'a')));
  await page.waitForFunction(() => /vocab\.txt/.test(document.querySelector('#model-error').textContent));
  assert.match(
    await page.locator('#model-error').textContent(),
    /not opened.*“vocab\.txt” has 4\.1 MB, and a vocabulary file has at most 4 MB, so it was not read.*The model that was open stays/s,
  );
  rmSync(path.dirname(large), { recursive: true });
  assert.deepEqual(problems, []);
  await ctx.close();
});

test('on a phone: another model’s vocabulary is refused, the panel fits 360 px, a prompt takes a newline, settings are typed key by key', async () => {
  const ctx = await site.browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await ctx.newPage();
  const problems = await watch(page);
  await page.goto(`${site.base}#/model`);
  await page.locator('#model-file').waitFor({ timeout: 20000 });
  const fits = () => page.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth);
  assert.ok(await fits(), 'the closed panel fits');
  // a vocabulary with fewer characters than the model has ids is another model's
  const short = JSON.stringify(tok.vocab.slice(0, -3));
  await openFile(page, files('shakespeare.safetensors', FILE), files('chars.json', short));
  await page.locator('#model-config').waitFor({ timeout: 20000 });
  assert.match(
    await page.locator('.model-panel').textContent(),
    new RegExp(`the vocabulary has ${tok.vocab.length - 3} characters but the model has ${tok.vocab.length} token ids`),
  );
  assert.match(await page.locator('#model-vocab-line').textContent(), /type the prompt as token ids/);
  // with its own vocabulary, a prompt with a newline (Shift+Enter), then Enter to look
  await openFile(page, files('shakespeare.safetensors', FILE), files('meta.json', VOCAB));
  await page.waitForFunction(() => /characters/.test(document.querySelector('#model-vocab-line')?.textContent));
  assert.ok(await fits(), 'the open panel fits');
  await page.fill('#model-prompt', '');
  await page.focus('#model-prompt');
  await page.keyboard.type('to be');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('or not');
  assert.equal(await page.inputValue('#model-prompt'), 'to be\nor not');
  await page.fill('#model-prompt', 'to be, or not');
  await page.press('#model-prompt', 'Enter');
  await page.waitForFunction(() => document.querySelector('#model-prompt-error').textContent === '');
  // Every setting typed a key at a time reaches the engine: the seeded draws match Node's.
  for (const [id, text] of [
    ['#model-steps', '3'],
    ['#model-temperature', '0.75'],
    ['#model-seed', '12'],
  ]) {
    await page.fill(id, '');
    await page.focus(id);
    for (const key of text) await page.keyboard.press(key);
  }
  await page.click('#model-generate');
  await page.waitForFunction(() =>
    /Generated 3 tokens/.test(document.querySelector('#model-generate-status').textContent),
  );
  const made = reference.generate(tok.encode('to be, or not'), { steps: 3, temperature: 0.75, seed: 12 });
  assert.equal(await page.locator('#model-draws tbody tr').count(), 3);
  assert.equal(await exactOf(page.locator('#model-draws tbody tr').first().locator('td').nth(4)), made.steps[0].u);
  await page.screenshot({ path: path.join(shots, 'model-phone.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await ctx.close();
});
