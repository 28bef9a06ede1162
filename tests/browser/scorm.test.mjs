// The SCORM 1.2 package in an LMS. The LMS is scorm-again's SCORM 1.2 runtime, in a page that
// launches the unzipped package in a frame, as Moodle does, and keeps what the package stored
// across launches (what an LMS's database does). The package finds the API, the student's id,
// writes the score and the status after each checked answer, keeps its run in cmi.suspend_data
// and resumes from it.
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
const scormAgain = readFileSync(path.join(root, 'node_modules/scorm-again/dist/scorm12.js'), 'utf8');
const single = readFileSync(path.join(root, 'dist/attention-lab.html'), 'utf8');
const built = unzipSync(readFileSync(path.join(root, 'dist/attention-lab-scorm12.zip')));

// Three problems, passed at 60 %: two solved of three passes.
const small = {
  title: 'Quiz <1> & more',
  families: ['retrieval', 'rmsnorm', 'ffn'],
  each: 1,
  seed: 5,
  hints: true,
  solutions: false,
  pass: 60,
};
const packages = { default: built, small: unzipSync(scormPackage(single, small)) };

// The LMS's page: scorm-again's API for SCORM 1.2 as window.API, filled from what the package
// stored at its last launch (kept in sessionStorage, which lives over reloads), and the package
// in a frame. Every commit and the finish store the CMI again.
const lmsPage = (name, guest) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<script src="/scorm12.js"></script>
<script>
  const api = new Scorm12API({ autocommit: false, logLevel: 5 });
  const kept = sessionStorage.getItem('cmi');
  if (kept) {
    // A relaunch: what an LMS keeps of the last session, and cmi.core.entry "resume" when the
    // package left with cmi.core.exit "suspend".
    const { cmi } = JSON.parse(kept);
    window.last = { exit: cmi.core.exit, sessionTime: cmi.core.session_time };
    const { student_id, student_name, lesson_status, score } = cmi.core;
    api.loadFromJSON({
      suspend_data: cmi.suspend_data,
      core: { student_id, student_name, lesson_status, score, entry: cmi.core.exit === 'suspend' ? 'resume' : '' },
    });
  } else if (!${guest}) {
    api.cmi.core.student_id = 'S-1042';
    api.cmi.core.student_name = 'Lovelace, Ada';
  }
  const keep = () => sessionStorage.setItem('cmi', JSON.stringify(api.renderCMIToJSONObject()));
  api.on('LMSCommit', keep);
  api.on('LMSFinish', keep);
  window.API = api;
</script></head><body><iframe title="the package" src="/${name}/index.html" style="width:1200px;height:850px"></iframe></body></html>`;

let server;
let base;
let browser;
before(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url, 'http://lms');
    const [, first, ...rest] = url.pathname.split('/');
    if (url.pathname === '/favicon.ico') return res.writeHead(204).end(); // the LMS page's, asked by the browser
    if (url.pathname === '/scorm12.js')
      return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(scormAgain);
    if (first.startsWith('lms-'))
      return res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end(lmsPage(first.slice(4), url.searchParams.has('guest')));
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
  assert.match(manifest, /<adlcp:masteryscore>60<\/adlcp:masteryscore>/);
  const html = strFromU8(built['index.html']);
  const query = /<meta name="attention-lab-assignment" content="([^"]+)">/.exec(html)[1].replaceAll('&amp;', '&');
  assert.deepEqual(new URLSearchParams(query).get('families').split(','), defaultAssignment(ids).families);
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
  const suspend = await lmsValue('cmi.suspend_data');
  assert.deepEqual(
    JSON.parse(suspend).p.map((r) => r.slice(0, 3)),
    [
      [1, 1, 0],
      [1, 1, 0],
      [1, 0, 0],
    ],
  );
  await page.screenshot({ path: path.join(shots, 'scorm-lms.png') });

  // The student leaves (LMSFinish, exit "suspend") and comes back: the LMS launches the package
  // again with what it kept.
  f = await frame();
  assert.equal(await page.evaluate(() => window.last.exit), 'suspend', 'the package left with exit "suspend"');
  assert.match(await page.evaluate(() => window.last.sessionTime), /^\d{2,4}:\d{2}:\d{2}$/);
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
