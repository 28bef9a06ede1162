// The SCORM 1.2 package in an LMS. The LMS is scorm-again's SCORM 1.2 runtime made strict
// (tests/lms/strict-scorm12.mjs: SCORM 1.2's types, lengths and error codes, as Moodle enforces
// them), in a page that launches the unzipped package in a frame, as Moodle does, and keeps what
// the package committed across launches (what an LMS's database does). The package finds the
// API, the student's id, writes the score, the status and an interaction after each checked
// answer, keeps its run in cmi.suspend_data and resumes from it; a refused commit, a refused
// LMSInitialize, suspend data it cannot read and a frame whose storage is blocked are each
// shown to the student.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';

import { launchChromium } from '../../scripts/chromium.mjs';
import { root, shots, watch } from './site.mjs';
import { scormPackage } from '../../web/page/assignment/package.js';
import { loadEngine } from '../../web/engine/index.js';
import { defaultAssignment } from '../../web/page/assignment/definition.js';

const lab = await loadEngine();
const ids = lab.practice.families().map((f) => f.id);
const scripts = {
  '/scorm12.mjs': readFileSync(path.join(root, 'node_modules/scorm-again/dist/esm/scorm12.js'), 'utf8'),
  '/strict.mjs': readFileSync(path.join(root, 'tests/lms/strict-scorm12.mjs'), 'utf8'),
};
const single = readFileSync(path.join(root, 'dist/attention-lab.html'), 'utf8');
const built = unzipSync(readFileSync(path.join(root, 'dist/attention-lab-scorm12.zip')));

// Three problems, passed at 60 %: two solved of three passes.
const small = {
  title: 'Quiz <1> & more',
  families: ['retrieval', 'rmsnorm', 'ffn'],
  each: 1,
  seed: 5,
  edition: lab.practice.edition, // a package made today; the page's answers below are of it
  hints: true,
  solutions: false,
  pass: 60,
};
const packages = { default: built, small: unzipSync(scormPackage(single, small)) };

// The LMS's page: the strict SCORM 1.2 API as window.API, started from what the package
// committed at its last launch (kept in sessionStorage, which lives over reloads), then the
// package in a frame. The address sets the scenario: guest (no student), failCommits=n (the next
// n commits fail with error 101), refuse (LMSInitialize refused), kept=<JSON> (what an earlier
// launch left, when nothing is kept yet), sandbox (a frame of an opaque origin: no API, no
// storage).
const lmsPage = (name) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<script type="module">
  import { Scorm12API } from '/scorm12.mjs';
  import { strictScorm12 } from '/strict.mjs';
  const asked = new URLSearchParams(location.search);
  const kept = JSON.parse(sessionStorage.getItem('kept') ?? asked.get('kept') ?? 'null');
  window.last = kept?.cmi?.core ?? null;
  window.API = strictScorm12(Scorm12API, {
    kept,
    learner: asked.has('guest') ? null : { id: 'S-1042', name: 'Lovelace, Ada' },
    faults: { failCommits: Number(asked.get('failCommits') ?? 0), initialize: asked.has('refuse') ? false : undefined },
    onStore: (record) => {
      window.stored = record;
      sessionStorage.setItem('kept', JSON.stringify(record));
    },
  });
  const frame = document.createElement('iframe');
  frame.title = 'the package';
  frame.src = '/${name}/index.html';
  frame.style = 'width:1200px;height:850px';
  if (asked.has('sandbox')) frame.sandbox = 'allow-scripts allow-forms allow-downloads';
  document.body.append(frame);
</script></head><body></body></html>`;

let server;
let base;
let browser;
before(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url, 'http://lms');
    const [, first, ...rest] = url.pathname.split('/');
    if (url.pathname === '/favicon.ico') return res.writeHead(204).end(); // the LMS page's, asked by the browser
    if (scripts[url.pathname])
      return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(scripts[url.pathname]);
    if (first.startsWith('lms-'))
      return res.writeHead(200, { 'Content-Type': 'text/html' }).end(lmsPage(first.slice(4)));
    const file = packages[first]?.[rest.join('/')];
    if (!file) return res.writeHead(404).end();
    res
      .writeHead(200, { 'Content-Type': rest.at(-1).endsWith('.html') ? 'text/html' : 'text/xml' })
      .end(Buffer.from(file));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  server?.close();
});

test('npm run build writes a SCORM 1.2 package: one SCO, the single file with the default assignment in it', () => {
  assert.deepEqual(Object.keys(built).sort(), ['imsmanifest.xml', 'index.html']);
  const manifest = strFromU8(built['imsmanifest.xml']);
  assert.match(manifest, /<schemaversion>1\.2<\/schemaversion>/);
  assert.equal(manifest.match(/adlcp:scormtype="sco"/g).length, 1);
  assert.match(manifest, /href="index.html\?lang=en"/);
  assert.match(manifest, /<file href="index.html"\/>/);
  // No mastery score: the LMS records the page's status, with Moodle's override on or off.
  assert.doesNotMatch(manifest, /masteryscore/);
  const html = strFromU8(built['index.html']);
  const query = /<meta name="attention-lab-assignment" content="([^"]+)">/.exec(html)[1].replaceAll('&amp;', '&');
  assert.deepEqual(
    new URLSearchParams(query).get('families').split(','),
    defaultAssignment(ids, lab.practice.edition).families,
  );
  // Nothing is fetched from outside the package: no src or href to another site.
  assert.doesNotMatch(html, /(src|href)="https?:/);
  assert.match(strFromU8(packages.small['imsmanifest.xml']), /<title>Quiz &lt;1&gt; &amp; more<\/title>/);
});

test('in an LMS: the score, the status and the run go to the LMS after each answer, and a relaunch resumes', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const problems = await watch(page);
  const lmsValue = (name) => page.evaluate((n) => window.API.LMSGetValue(n), name);
  const frame = async () => {
    await page.goto(`${base}/lms-small`);
    const f = page.frameLocator('iframe');
    await f.locator('#answer-problem-1').waitFor({ timeout: 30000 });
    return f;
  };
  let f = await frame();
  assert.match(await f.locator('#lms-note').textContent(), /Working as Lovelace, Ada, in your course/);
  assert.equal(await f.locator('#language').count(), 0, 'no language menu: leaving would end the attempt');
  assert.equal(await lmsValue('cmi.core.lesson_status'), 'incomplete', 'launched: begun, not passed');
  const solve = async (i, answer) => {
    if (i > 1) await f.locator('#next-problem').click();
    await f.locator(`#answer-problem-${i}`).fill(answer);
    await f.locator(`#answer-problem-${i}`).press('Enter');
    await f.locator(`#feedback-problem-${i}`).waitFor();
  };
  const answerOf = (family) => lab.practice.solution(family, 5).answer;
  await solve(1, answerOf('retrieval'));
  assert.equal(await lmsValue('cmi.core.score.raw'), '33');
  assert.equal(await lmsValue('cmi.core.lesson_status'), 'incomplete');
  await solve(2, answerOf('rmsnorm'));
  assert.equal(await lmsValue('cmi.core.score.raw'), '67');
  assert.equal(await lmsValue('cmi.core.lesson_status'), 'passed', '2 of 3 is over the pass mark of 60 %');
  await solve(3, '[1, 2, 3]');
  assert.match(await f.locator('#feedback-problem-3').textContent(), /^Not yet/);
  assert.equal(await lmsValue('cmi.core.score.min'), '0');
  assert.equal(await lmsValue('cmi.core.score.max'), '100');
  const suspend = JSON.parse(await lmsValue('cmi.suspend_data'));
  assert.deepEqual(
    Object.entries(suspend.f).map(([family, rows]) => [family, rows.map((r) => r.slice(0, 3))]),
    [
      ['retrieval', [[1, 1, 0]]],
      ['rmsnorm', [[1, 1, 0]]],
      ['ffn', [[1, 0, 0]]],
    ],
  );
  // Each answer is an interaction, for the LMS's per-question report; every call was accepted.
  const stored = await page.evaluate(() => window.stored);
  assert.deepEqual(
    stored.interactions.map((i) => [i.id, i.type, i.result]),
    [
      ['q1-retrieval-5-e2', 'fill-in', 'correct'],
      ['q2-rmsnorm-5-e2', 'fill-in', 'correct'],
      ['q3-ffn-5-e2', 'fill-in', 'wrong'],
    ],
  );
  assert.equal(stored.interactions[2].student_response, '[1, 2, 3]');
  assert.deepEqual(
    await page.evaluate(() => window.API.calls.filter((c) => c.name !== 'LMSGetValue' && c.out !== 'true')),
    [],
  );
  assert.match(await f.locator('#lms-status').textContent(), /Your course has your score and answers as of/);
  await page.screenshot({ path: path.join(shots, 'scorm-lms.png') });

  // The student leaves (LMSFinish, exit "suspend") and comes back: the LMS launches the package
  // again with what it kept.
  f = await frame();
  assert.equal(await page.evaluate(() => window.last.exit), 'suspend', 'the package left with exit "suspend"');
  assert.match(await page.evaluate(() => window.last.session_time), /^\d{2,4}:\d{2}:\d{2}$/);
  assert.equal(await lmsValue('cmi.core.entry'), 'resume');
  assert.match(await f.locator('#assignment-score').textContent(), /^2 of 3 solved, 3 attempts/);
  assert.equal(await f.locator('#answer-problem-1').inputValue(), answerOf('retrieval'));
  await f.locator('a[href*="assignment/3"]').first().click();
  assert.equal(await f.locator('#answer-problem-3').inputValue(), '[1, 2, 3]');
  assert.equal(await lmsValue('cmi.core.lesson_status'), 'passed');
  assert.equal(await lmsValue('cmi.core.score.raw'), '67');
  assert.deepEqual(problems, []);
  await ctx.close();
});

test('the default package launches in the LMS: 28 problems, none tried, incomplete', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`${base}/lms-default`);
  const f = page.frameLocator('iframe');
  await f.locator('#answer-problem-1').waitFor({ timeout: 30000 });
  assert.match(await f.locator('#assignment-score').textContent(), new RegExp(`^0 of ${ids.length} solved`));
  assert.equal(await page.evaluate(() => window.API.LMSGetValue('cmi.core.lesson_status')), 'incomplete');
  await ctx.close();
});

test('an LMS that names no student (a guest): the package asks for a name, and the LMS still gets the score', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const problems = await watch(page);
  await page.goto(`${base}/lms-small?guest=1`);
  const f = page.frameLocator('iframe');
  await f.locator('#student').waitFor({ timeout: 30000 });
  await f.locator('#student').fill('Guest 7');
  await f.locator('#student').press('Enter');
  await f.locator('#answer-problem-1').fill(lab.practice.solution('retrieval', 5).answer);
  await f.locator('#answer-problem-1').press('Enter');
  await f.locator('#feedback-problem-1', { hasText: 'Correct' }).waitFor();
  assert.match(await f.locator('.assignment .who').textContent(), /Working as Guest 7/);
  assert.equal(await page.evaluate(() => window.API.LMSGetValue('cmi.core.score.raw')), '33');
  assert.deepEqual(problems, []);
  await ctx.close();
});

// A page of the package in the LMS, with the scenario's address; `f` is its frame.
async function launch(query = '', name = 'small') {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await ctx.newPage();
  const problems = await watch(page);
  await page.goto(`${base}/lms-${name}${query}`);
  const f = page.frameLocator('iframe');
  return { ctx, page, problems, f };
}
const answer = async (f, i, text) => {
  await f.locator(`#answer-problem-${i}`).fill(text);
  await f.locator(`#answer-problem-${i}`).press('Enter');
};

test('a refused commit: retried, then shown with its code and Try again, which stores every answer', async () => {
  const { ctx, page, problems, f } = await launch('?failCommits=3');
  await f.locator('#answer-problem-1').waitFor({ timeout: 30000 });
  assert.match(await f.locator('#lms-status').textContent(), /receives your score and your answer each time/);
  await answer(f, 1, lab.practice.solution('retrieval', 5).answer);
  await f.locator('#lms-status', { hasText: 'trying again' }).waitFor();
  // The first try and both retries fail: the student is told what to do.
  await f.locator('#lms-retry').waitFor({ timeout: 15000 });
  assert.match(
    await f.locator('#lms-status').textContent(),
    /did not store your last answer \(error 101: General exception\)\. Your work is still in this page/,
  );
  assert.equal(await page.evaluate(() => window.stored ?? null), null, 'nothing stored yet');
  await page.screenshot({ path: path.join(shots, 'scorm-refused.png') });
  await f.locator('#lms-retry').click();
  await f.locator('#lms-status', { hasText: 'Your course has your score' }).waitFor();
  assert.equal(await page.evaluate(() => window.stored.cmi.core.score.raw), '33');
  assert.equal(await page.evaluate(() => window.stored.interactions.length), 1);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test('LMSInitialize refused: the page says nothing reaches the course, and works on its own', async () => {
  const { ctx, problems, f } = await launch('?refuse=1');
  await f.locator('#lms-refused').waitFor({ timeout: 30000 });
  assert.match(
    await f.locator('#lms-refused').textContent(),
    /would not connect to it \(error 101: General exception\)/,
  );
  await f.locator('#student').fill('Ada');
  await f.locator('#student').press('Enter');
  await answer(f, 1, lab.practice.solution('retrieval', 5).answer);
  await f.locator('#feedback-problem-1', { hasText: 'Correct' }).waitFor();
  assert.match(await f.locator('#lms-refused').textContent(), /nothing you do here reaches/);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test('suspend data the page cannot read is kept, the course’s score does not fall, until the student starts again', async () => {
  const kept = {
    cmi: {
      suspend_data: '{"v":1,"p":[[3,1,0,"cut sh',
      core: { lesson_status: 'passed', score: { raw: '67', min: '0', max: '100' }, exit: 'suspend' },
    },
    interactions: [],
  };
  const { ctx, page, problems, f } = await launch(`?kept=${encodeURIComponent(JSON.stringify(kept))}`);
  await f.locator('#lms-unreadable').waitFor({ timeout: 30000 });
  assert.match(
    await f.locator('#lms-unreadable').textContent(),
    /cannot read .* the score your course holds \(67 %\) will not go down/,
  );
  await answer(f, 1, lab.practice.solution('retrieval', 5).answer);
  await f.locator('#lms-status', { hasText: 'Your course has your score' }).waitFor();
  const stored = await page.evaluate(() => window.stored.cmi);
  assert.equal(stored.suspend_data, kept.cmi.suspend_data, 'left as it was');
  assert.equal(stored.core.score.raw, '67', 'not lowered to 33');
  await page.screenshot({ path: path.join(shots, 'scorm-unreadable.png') });
  await f.locator('#lms-afresh').click();
  await f.locator('#lms-unreadable').waitFor({ state: 'detached' });
  await f.locator('#next-problem').click();
  await answer(f, 2, '12345');
  await f.locator('#feedback-problem-2', { hasText: 'Not yet' }).waitFor();
  const fresh = JSON.parse(await page.evaluate(() => window.stored.cmi.suspend_data));
  assert.deepEqual(fresh.f.rmsnorm, [[1, 0, 0, '12345']]);
  // An answer the LMS could not hold is not checked, and says why.
  await answer(f, 2, `[${'1, '.repeat(40)}1]`);
  assert.match(
    await f.locator('#feedback-problem-2').textContent(),
    /^Not checked: in your course an answer may have at most 100 characters, and this one has 123/,
  );
  assert.match(await f.locator('#assignment-score').textContent(), /, 2 attempts,/, 'not an attempt');
  assert.deepEqual(problems, []);
  await ctx.close();
});

test('a frame of another origin with storage blocked: the page works from memory and says a reload loses the run', async () => {
  const { ctx, problems, f } = await launch('?sandbox=1');
  await f.locator('#student').waitFor({ timeout: 30000 });
  await f.locator('#student').fill('Ada');
  await f.locator('#student').press('Enter');
  await answer(f, 1, lab.practice.solution('retrieval', 5).answer);
  await f.locator('#feedback-problem-1', { hasText: 'Correct' }).waitFor();
  assert.match(await f.locator('.assignment .notice').first().textContent(), /will be lost on reload/);
  assert.match(await f.locator('#assignment-score').textContent(), /^1 of 3 solved/);
  assert.deepEqual(problems, []);
  await ctx.close();
});
