// Assignments in the page: a teacher sets one from the practice set and takes its link; a
// student opens it, gives a name, answers (wrong, then right), reloads and finds the run where it
// was, downloads the result file; the file is read back, and an edited one is caught. A link that
// cannot be read opens nothing. axe-core on every new view at both sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';

import { shots, siteForTests, watch } from './site.mjs';

const site = siteForTests();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function open(url, { width = 1200, height = 900 } = {}) {
  const ctx = await site.browser.newContext({ viewport: { width, height }, acceptDownloads: true, bypassCSP: true });
  const page = await ctx.newPage();
  const problems = await watch(page);
  await page.goto(url);
  return { page, problems, close: () => ctx.close() };
}

async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
}

const solution = (page, family, seed) =>
  page.evaluate(([f, s]) => window.lab.practice.solution(f, s).answer, [family, seed]);
// The family and seed of the problem shown as problem i (from 1).
const problemOf = (page, i) =>
  page.evaluate((k) => {
    const { family, seed } = document.querySelector(`#practice-problem-${k}`).closest('section').dataset;
    return { family, seed: Number(seed) };
  }, i);

test('a teacher sets an assignment; a student runs it, reloads, and hands in a result file that reads back', async () => {
  const { page, problems, close } = await open(`${site.base}#/practice`);
  await page.locator('#teach-from-practice').click();
  await page.locator('#teach-title').waitFor({ timeout: 20000 });
  await page.locator('#teach-none').click();
  assert.match(await page.textContent('#teach-status'), /No link yet: families: expected at least one/);
  assert.equal(await page.inputValue('#teach-link'), '');
  await page.locator('.teach-family[value="retrieval"]').check();
  await page.locator('.teach-family[value="rmsnorm"]').check();
  await page.fill('#teach-each', '2');
  await page.fill('#teach-title', 'Week 3');
  await page.locator('#teach-seeds-student').check();
  assert.match(await page.textContent('#teach-count'), /^4 problems, with numbers of each student’s own/);
  assert.equal(await page.textContent('#teach-few'), '', 'every answer here is a number');
  // A new assignment is of the problem set's latest edition, and says nothing of editions.
  assert.equal(await page.textContent('#teach-edition'), '');
  const link = await page.inputValue('#teach-link');
  assert.match(
    link,
    /#\/assignment\?title=Week\+3&families=retrieval%2Crmsnorm&each=2&seed=student&edition=2&hints=1&solutions=0/,
  );
  // A family whose answer is one of two words is named as one a class can share.
  await page.locator('.teach-family[value="pre-post"]').check();
  assert.match(
    await page.textContent('#teach-few'),
    /^Few possible answers: §5\.1 .*\. Each asks for one of a few answers/,
  );
  await page.locator('.teach-family[value="pre-post"]').uncheck();
  assert.equal(await page.textContent('#teach-few'), '');
  // The class's result files are read against this assignment from here.
  const resultsHref = await page.getAttribute('#teach-results', 'href');
  assert.match(resultsHref, /^#\/assignment\/result\?title=Week\+3&families=retrieval%2Crmsnorm/);
  // The SCORM package of this assignment, made in the browser.
  const [zip] = await Promise.all([page.waitForEvent('download'), page.locator('#teach-package').click()]);
  const files = unzipSync(readFileSync(await zip.path()));
  assert.match(strFromU8(files['imsmanifest.xml']), /<title>Week 3<\/title>/);
  assert.match(
    strFromU8(files['index.html']),
    /<meta name="attention-lab-assignment" content="title=Week\+3&amp;families=retrieval%2Crmsnorm&amp;each=2&amp;seed=student/,
  );
  assert.match(
    await page.textContent('#teach-package-status'),
    /The package is downloaded \(Week-3-scorm12\.zip, \d+ KB\)/,
  );
  // The teacher's form is in the address: a reload keeps it.
  await page.reload();
  await page.locator('#teach-title').waitFor({ timeout: 20000 });
  assert.equal(await page.inputValue('#teach-title'), 'Week 3');
  assert.equal(await page.inputValue('#teach-link'), link);

  await page.goto(link);
  await page.locator('#student').waitFor({ timeout: 20000 });
  await page.locator('.who button[type="submit"]').click();
  assert.match(await page.textContent('#student-error'), /Type your name or student id first/);
  await page.fill('#student', 'Ada Lovelace');
  await page.press('#student', 'Enter');
  await page.locator('#answer-problem-1').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement.id), 'answer-problem-1');
  assert.match(await page.textContent('#assignment-score'), /^0 of 4 solved, 0 attempts, score 0 %\. Pass mark: 60 %/);
  assert.equal(await page.getByRole('button', { name: 'Show solution' }).count(), 0, 'solutions are off');

  const first = await problemOf(page, 1);
  await page.fill('#answer-problem-1', '[100, 100]');
  await page.press('#answer-problem-1', 'Enter');
  assert.match(await page.textContent('#feedback-problem-1'), /^Not yet/);
  const right = await solution(page, first.family, first.seed);
  await page.fill('#answer-problem-1', right);
  await page.press('#answer-problem-1', 'Enter');
  assert.match(await page.textContent('#feedback-problem-1'), /^Correct/);
  assert.match(await page.textContent('#assignment-score'), /^1 of 4 solved, 2 attempts/);

  // A reload: the student, the score and the last answer are back; checking it again adds nothing.
  await page.reload();
  await page.locator('#answer-problem-1').waitFor({ timeout: 20000 });
  assert.match(await page.textContent('.assignment .who'), /Working as Ada Lovelace/);
  assert.match(await page.textContent('#assignment-score'), /^1 of 4 solved, 2 attempts/);
  assert.equal(await page.inputValue('#answer-problem-1'), right);
  assert.match(await page.textContent('#feedback-problem-1'), /^Correct/);
  await page.press('#answer-problem-1', 'Enter');
  assert.match(await page.textContent('#assignment-score'), /^1 of 4 solved, 2 attempts/);

  // The next problem, and the result file.
  await page.locator('#next-problem').click();
  await page.locator('#answer-problem-2').waitFor();
  await page.fill('#answer-problem-2', '[1, 2]');
  await page.press('#answer-problem-2', 'Enter');
  await page.screenshot({ path: path.join(shots, 'assignment-run.png'), fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download-result').click()]);
  const file = path.join(shots, 'assignment-result.json');
  await download.saveAs(file);
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(saved.student, 'Ada Lovelace');
  assert.deepEqual(
    saved.problems.map((p) => p.attempts.length),
    [2, 1, 0, 0],
  );

  // Read back: every verdict the engine's. Then an edited copy: caught.
  await page.goto(`${site.base}#/assignment/result`);
  await page.locator('#open-result').setInputFiles(file);
  await page.locator('#result-check').waitFor();
  assert.match(await page.textContent('#result-check'), /every verdict in the file is the engine’s/);
  assert.match(await page.textContent('#result-score'), /^1 of 4 solved, 3 attempts/);
  saved.problems[1].attempts[0].correct = true;
  const edited = path.join(shots, 'assignment-result-edited.json');
  writeFileSync(edited, JSON.stringify(saved));
  await page.locator('#open-result').setInputFiles(edited);
  await page.locator('#result-check', { hasText: 'not the engine’s' }).waitFor();
  assert.match(await page.textContent('.result-table li.changed'), /the file says correct; the engine does not/);
  await page.screenshot({ path: path.join(shots, 'assignment-result.png'), fullPage: true });
  // A class's files at once, opened from the teacher's view: checked against the teacher's
  // assignment; a row each, the edited ones marked, the same student twice flagged, a copy whose
  // pass mark was lowered flagged and scored at the teacher's, a file that is no result named;
  // the table as CSV, safe in a spreadsheet.
  const stray = path.join(shots, 'not-a-result.json');
  writeFileSync(stray, '{"hello": 1}');
  const lowered = path.join(shots, 'assignment-result-pass0.json');
  writeFileSync(lowered, JSON.stringify({ ...saved, assignment: { ...saved.assignment, pass: 0 } }));
  await page.goto(`${site.base}${resultsHref}`);
  await page.locator('#open-result').setInputFiles([file, edited, lowered, stray]);
  await page.locator('#summary-title').waitFor();
  assert.equal(await page.textContent('#summary-title'), '4 result files');
  assert.match(await page.textContent('.result-summary'), /Checked against your assignment “Week 3”/);
  const rows = await page.locator('.result-summary tbody tr').allTextContents();
  assert.match(
    rows[0],
    /^Ada Lovelace1 \/ 4 \(25 %\)Not passed yet\.✓ 2✗ 1––every verdict in the file is the engine’s; this student has another file here$/,
  );
  assert.match(rows[1], /1 verdict in the file is not the engine’s/);
  assert.match(rows[2], /Not passed yet\..*the file’s assignment is not yours \(pass\)/);
  assert.match(rows[3], /^not-a-result\.json.*it is not a result file of this page/);
  assert.match(await page.textContent('#problem-stats'), /Solved at the first attempt/);
  await page.locator('#sort-score').click();
  assert.equal(await page.getAttribute('th[aria-sort]', 'aria-sort'), 'descending');
  await page.screenshot({ path: path.join(shots, 'assignment-class.png'), fullPage: true });
  const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('#download-csv').click()]);
  const bytes = readFileSync(await csv.path(), 'utf8');
  assert.equal(bytes.charCodeAt(0), 0xfeff, 'a byte-order mark');
  const table = bytes.slice(1).trim().split('\r\n');
  assert.equal(
    table[0],
    'file,student,assignment,solved,problems,percent,passed,attempts,check,duplicate,1 retrieval,2 retrieval,3 rmsnorm,4 rmsnorm',
  );
  assert.equal(
    table[1],
    'assignment-result.json,Ada Lovelace,Week 3,1,4,25,no,3,every verdict in the file is the engine’s,yes,✓ 2,✗ 1,–,–',
  );
  assert.equal(table.length, 5);
  await page.locator('#sort-student').click();
  await page.locator('.result-summary tbody tr').nth(1).locator('button').click();
  assert.match(await page.textContent('#result-check'), /not the engine’s/);
  assert.deepEqual(problems, []);
  await close();
});

// The text of a PDF, a page at a time (poppler's pdftotext), without whitespace: Chromium breaks
// lines where the page is narrow.
function pdfPages(file) {
  const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))[1]);
  return Array.from({ length: count }, (_, i) =>
    execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      '',
    ),
  );
}

test('the worksheet and its answer key print: a sheet per student from a new page, every problem in it, no navigation', async () => {
  const families = ['retrieval', 'attention-matrix', 'shapes', 'ffn', 'rmsnorm'];
  const query = `title=Week+4&families=${families.join(',')}&each=1&seed=student&hints=1&solutions=0&pass=60`;
  const students = ['Ada Lovelace', 'Alan Turing'];
  const { page, problems, close } = await open(`${site.base}#/teach?${query}`);
  await page.locator('#teach-title').waitFor({ timeout: 20000 });
  await page.fill('#teach-students', students.join('\n'));
  for (const [link, key] of [
    ['#teach-worksheet', false],
    ['#teach-key', true],
  ]) {
    await page.goto(`${site.base}#/teach?${query}`);
    await page.locator('#teach-title').waitFor();
    await page.fill('#teach-students', students.join('\n'));
    await page.locator(link).click();
    await page.locator('.sheet').nth(1).waitFor();
    const expected = await page.evaluate(
      ([fs, names]) =>
        names.flatMap((student) =>
          fs.map((f, k) => {
            const sheet = document.querySelectorAll('.sheet')[names.indexOf(student)];
            const seeds = sheet.querySelectorAll('.sheet-problem')[k];
            return seeds.querySelector('.prompt').textContent;
          }),
        ),
      [families, students],
    );
    const file = path.join(shots, key ? 'answer-key.pdf' : 'worksheet.pdf');
    await page.pdf({ path: file, format: 'A4' });
    const pages = pdfPages(file);
    assert.ok(
      pages.length >= students.length && pages.length <= students.length * families.length,
      `${pages.length} pages`,
    );
    const all = pages.join('');
    for (const prompt of expected) assert.ok(all.includes(prompt.replace(/\s+/g, '')), `in the PDF: ${prompt}`);
    // Each student's sheet starts a page (below the page's head), with the assignment's seeds and link.
    const heading = `Week4${key ? '—answerkey' : ''}`;
    for (const student of students) {
      const name = student.replace(/\s+/g, '');
      const first = pages.findIndex((t) => t.includes(`For${name}`));
      assert.ok(first >= 0, `a sheet for ${student}`);
      const body = pages[first].replace(`${heading}—${name}`, '').replace(/^page\d+of\d+/, '');
      assert.ok(body.startsWith(`${heading}For${name}`), pages[first].slice(0, 80));
      assert.match(pages[first], /Numbersdrawnfor.*\(seed[\d,]+\)/);
      assert.match(pages[first], /#\/assignment\?title=Week\+4/);
    }
    assert.doesNotMatch(all, /Workedexamples|Print|Skiptotheexample/, 'no navigation or buttons on paper');
    // The key gives each answer; the worksheet leaves room for it, and gives none.
    assert.equal((all.match(/Answer:/g) ?? []).length, key ? expected.length : 0);
    assert.equal((all.match(/Answer\(/g) ?? []).length, key ? 0 : expected.length);
  }
  assert.deepEqual(problems, []);
  await close();
});

// The sheets on A4 as a teacher prints them: eight of the largest problems (the tallest on the
// worksheet and in the key, measured over many students' numbers) on two pages a student, and every
// page headed with the assignment, its student and "page n of m", n and m over the whole printout. A
// name with a quote, a backslash or a line break stays in its head (CSS strings), a newline read
// as a space as every name is. The heads are a constructed stylesheet, allowed by the page's
// Content-Security-Policy (this context keeps it) and dropped when the view is left.
test('eight large problems print on at most two A4 pages a student, worksheet and key, each page headed with the assignment, the student and its number', async () => {
  const families = 'toy-trace,leak,intervention,permutation,parameter-count,two-heads,pre-post,attention-matrix';
  const query = `title=Week+4&families=${families}&each=1&seed=student&hints=1&solutions=0&pass=60`;
  const students = ['Ana "Zoe" \\ O\'Brien', 'Line\nBreak', 'Alan Turing'];
  const onPaper = ['Ana"Zoe"\\O\'Brien', 'LineBreak', 'AlanTuring']; // as pdfPages reads them
  const names = students.map((s) => `&student=${encodeURIComponent(s)}`).join('');
  const ctx = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await ctx.newPage();
  const problems = await watch(page);
  for (const [lang, kind, heading, pageOf] of [
    ['en', 'worksheet', 'Week4', (n, m) => `page${n}of${m}`],
    ['en', 'key', 'Week4—answerkey', (n, m) => `page${n}of${m}`],
    ['es', 'worksheet', 'Week4', (n, m) => `página${n}de${m}`],
    ['es', 'key', 'Week4—solucionario', (n, m) => `página${n}de${m}`],
  ]) {
    await page.goto(`${site.base}?lang=${lang}#/assignment/${kind}?${query}${names}`);
    await page
      .locator('.sheet')
      .nth(students.length - 1)
      .waitFor({ timeout: 20000 });
    const file = path.join(shots, `paper-${kind}-${lang}.pdf`);
    await page.pdf({ path: file, format: 'A4' });
    const pages = pdfPages(file);
    // Whose each page is, by its head: each student's pages in turn, one or two of them.
    const whose = pages.map((t, i) => {
      const of = onPaper.filter((name) => t.includes(`${heading}—${name}`));
      assert.equal(of.length, 1, `${kind} ${lang}, page ${i + 1}: one student's head in ${t.slice(0, 120)}`);
      assert.ok(t.includes(pageOf(i + 1, pages.length)), `${kind} ${lang}, page ${i + 1}: ${t.slice(0, 120)}`);
      return onPaper.indexOf(of[0]);
    });
    for (let k = 0; k < students.length; k++) {
      const count = whose.filter((w) => w === k).length;
      assert.ok(count >= 1 && count <= 2, `${kind} ${lang}: ${count} pages for ${students[k]}`);
    }
    assert.deepEqual(whose, [...whose].sort(), `${kind} ${lang}: each student's pages together`);
  }
  assert.equal(await page.evaluate(() => document.adoptedStyleSheets.length), 1);
  await page.goto(`${site.base}#/teach?${query}`);
  await page.locator('#teach-title').waitFor();
  assert.equal(await page.evaluate(() => document.adoptedStyleSheets.length), 0, 'no page heads outside the sheets');
  assert.deepEqual(problems, []);
  await ctx.close();
});

test('a run keeps its settings: an address edited to allow solutions shows none; the names box keeps its names', async () => {
  const query = (solutions) =>
    `title=Quiz&families=retrieval,rmsnorm&each=1&seed=3&hints=1&solutions=${solutions}&pass=60&tries=2`;
  const { page, problems, close } = await open(`${site.base}#/assignment?${query(0)}`);
  await page.locator('#student').waitFor({ timeout: 20000 });
  await page.fill('#student', '  Ana   García ');
  await page.press('#student', 'Enter');
  await page.locator('#answer-problem-1').waitFor();
  assert.match(await page.textContent('.assignment .who'), /Working as Ana García\./);
  assert.match(await page.textContent('.assignment'), /Each problem takes at most 2 attempts/);
  await page.goto(`${site.base}#/assignment?${query(1)}`);
  await page.locator('#settings-held').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Show solution' }).count(), 0);
  assert.match(await page.textContent('.assignment'), /Solutions are off/);
  // Two wrong attempts close the problem.
  for (const wrong of ['[100, 100]', '[200, 200]']) {
    await page.fill('#answer-problem-1', wrong);
    await page.press('#answer-problem-1', 'Enter');
  }
  await page.locator('#closed-problem-1').waitFor();
  assert.equal(await page.locator('.answer button[type="submit"]').isDisabled(), true);
  // The run kept in the browser, damaged: set aside and said, a new run begun, the page working.
  await page.evaluate(() => {
    const key = 'attention-lab.assignments.v1';
    const store = JSON.parse(localStorage.getItem(key));
    for (const run of Object.values(store.runs)) run.problems[0] = null;
    localStorage.setItem(key, JSON.stringify(store));
  });
  await page.reload();
  await page.locator('#answer-problem-1').waitFor({ timeout: 20000 });
  assert.match(await page.textContent('.assignment'), /could not be read \(it was damaged\), so a new run begins/);
  assert.equal(await page.locator('.answer button[type="submit"]').isDisabled(), false, 'the new run takes answers');
  const aside = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('attention-lab.assignments.v1.damaged.')),
  );
  assert.equal(aside.length, 1, 'kept aside');

  await page.goto(`${site.base}#/teach?${query(0)}`);
  await page.locator('#teach-students').waitFor({ timeout: 20000 });
  await page.fill('#teach-students', 'García, Ana\n王芳');
  await page.locator('#teach-seeds-student').check();
  await page.locator('#teach-worksheet').click();
  await page.locator('.sheet').nth(1).waitFor();
  assert.equal(await page.locator('.sheet').count(), 2, 'a comma stays inside one name');
  // Sheets of each student's own numbers with nobody named: Print is refused, and says why.
  await page.goto(`${site.base}#/assignment/worksheet?${query(0).replace('seed=3', 'seed=student')}`);
  await page.locator('#print-sheet').waitFor();
  assert.equal(await page.locator('#print-sheet').isDisabled(), true);
  assert.match(await page.textContent('#sheet-why'), /name the students in the teacher’s view/);
  await page.goBack();
  await page.goBack();
  await page.locator('#teach-students').waitFor();
  assert.equal(await page.inputValue('#teach-students'), 'García, Ana\n王芳');
  assert.deepEqual(problems, []);
  await close();
});

test('on a phone: after Start the question is in view; the class table scrolls in its own labelled box; axe finds nothing', async () => {
  const query = 'title=Phone&families=attention-matrix,permutation,rmsnorm&each=2&seed=4&hints=1&solutions=0&pass=60';
  const { page, problems, close } = await open(`${site.base}#/assignment?${query}`, { width: 360, height: 740 });
  await page.locator('#student').waitFor({ timeout: 20000 });
  await page.fill('#student', 'Ada');
  await page.press('#student', 'Enter');
  await page.locator('#answer-problem-1').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement.id), 'answer-problem-1');
  const top = await page.evaluate(() => document.getElementById('practice-problem-1').getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 200, `the question's heading is at ${top} px`);
  // Two files of the class, read back at 360 px.
  const files = [];
  for (const name of ['Ada', 'Alan']) {
    await page.goto(`${site.base}#/assignment?${query}`);
    await page.locator('#student, #not-me').first().waitFor();
    if (await page.locator('#not-me').count()) {
      await page.locator('#not-me').click();
      await page.locator('#student').waitFor();
    }
    await page.fill('#student', name);
    await page.press('#student', 'Enter');
    await page.fill('#answer-problem-1', '[[1, 2], [3, 4]]');
    await page.press('#answer-problem-1', 'Enter');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download-result').click()]);
    assert.match(download.suggestedFilename(), new RegExp(`^attention-lab-result-${name}-[0-9a-z]+\\.json$`));
    const file = path.join(shots, `phone-${name}.json`);
    await download.saveAs(file);
    files.push(file);
  }
  await page.goto(`${site.base}#/assignment/result?${query}`);
  await page.locator('#open-result').setInputFiles(files);
  await page.locator('#summary-title').waitFor();
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `the page scrolls sideways by ${wide} px`);
  const boxes = await page.evaluate(() =>
    [...document.querySelectorAll('.result-summary .scroll, .assignment-result .scroll')].map((b) => ({
      overflows: b.scrollWidth > b.clientWidth,
      label: b.getAttribute('aria-label'),
      tab: b.tabIndex,
    })),
  );
  assert.ok(
    boxes.some((b) => b.overflows),
    'the class table is wider than a phone',
  );
  for (const b of boxes.filter((x) => x.overflows)) {
    assert.match(b.label ?? '', /scroll sideways/);
    assert.equal(b.tab, 0);
  }
  await page.screenshot({ path: path.join(shots, 'assignment-class-phone.png'), fullPage: true });
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(problems, []);
  await close();
});

test('an assignment link that cannot be read opens nothing and says why', async () => {
  const { page, problems, close } = await open(
    `${site.base}#/assignment?title=Quiz&families=retrieval,cat&each=9&seed=1&hints=1&solutions=0&pass=60`,
  );
  const message = page.locator('#assignment-title.notice');
  await message.waitFor({ timeout: 20000 });
  assert.match(
    await message.textContent(),
    /cannot be opened: families: no practice problem "cat"; each: expected a whole number from 1 to 5, received "9"/,
  );
  assert.equal(await page.locator('[id^="answer-"]').count(), 0);
  assert.deepEqual(problems, []);
  await close();
});

test('an assignment made before edition 2 keeps its problems; the teacher may move it to the latest edition', async () => {
  const old = 'title=Quiz&families=score-variance,ffn&each=1&seed=5&hints=1&solutions=0&pass=60';
  const { page, problems, close } = await open(`${site.base}#/assignment?${old}`);
  await page.locator('#student').waitFor({ timeout: 20000 });
  await page.fill('#student', 'Ada');
  await page.press('#student', 'Enter');
  await page.locator('#answer-problem-1').waitFor();
  // Edition 1's sigma^2 is one of six round values; it is the engine's edition 1 problem.
  const shown = await page.textContent('.practice .prompt');
  assert.match(shown, /σ² = (0\.25|0\.5|2|3|4|9)\. /, shown);
  await page.goto(`${site.base}#/teach?${old}`);
  await page.locator('#teach-title').waitFor({ timeout: 20000 });
  assert.match(await page.textContent('#teach-edition'), /from edition 1 of the problem set, as when it was made/);
  assert.doesNotMatch(await page.inputValue('#teach-link'), /edition=/, 'the link handed out stays as it was');
  await page.locator('#teach-latest').click();
  assert.equal(await page.textContent('#teach-edition'), '');
  assert.match(await page.inputValue('#teach-link'), /&seed=5&edition=2&/);
  assert.deepEqual(problems, []);
  await close();
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`axe: the teacher's view, a run, a result file read back and the sheets to print at ${viewport.width}x${viewport.height}`, async () => {
    const { page, close } = await open(`${site.base}#/teach`, viewport);
    const found = [];
    const check = async (where) => (await violations(page)).forEach((v) => found.push(`${where}: ${v}`));
    await page.locator('#teach-title').waitFor({ timeout: 20000 });
    await check('#/teach');
    await page.goto(await page.inputValue('#teach-link'));
    // The class's numbers: the name is asked all the same, for the result file.
    await page.locator('#student').waitFor({ timeout: 20000 });
    assert.match(await page.textContent('#student-why'), /goes on your result file/);
    await check('the name asked');
    await page.fill('#student', 'Grace Hopper');
    await page.press('#student', 'Enter');
    await page.locator('#answer-problem-1').waitFor();
    await page.fill('#answer-problem-1', '[1, 2]');
    await page.press('#answer-problem-1', 'Enter');
    await check('a run');
    // Each given matrix is one Tab stop, as everywhere on the page.
    const stops = await page.evaluate(() =>
      [...document.querySelectorAll('table.matrix')].map((t) => t.querySelectorAll('[tabindex="0"]').length),
    );
    assert.ok(stops.length >= 3 && stops.every((n) => n === 1), `Tab stops per matrix: ${stops}`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(wide <= 0, `the run scrolls sideways by ${wide} px`);
    await page.goto(`${site.base}#/assignment/result`);
    await page.locator('#open-result').waitFor();
    await check('#/assignment/result');
    const strays = ['a', 'b'].map((n) => {
      const f = path.join(shots, `stray-${n}-${viewport.width}.json`);
      writeFileSync(f, '[]');
      return f;
    });
    await page.locator('#open-result').setInputFiles(strays);
    await page.locator('#summary-title').waitFor();
    await check('#/assignment/result with two files');
    for (const sheet of ['worksheet', 'key']) {
      await page.goto(
        `${site.base}#/assignment/${sheet}?title=T&families=retrieval,ffn&each=2&seed=3&hints=1&solutions=0&pass=60`,
      );
      await page.locator('.sheet').waitFor();
      await check(`#/assignment/${sheet}`);
    }
    await close();
    assert.deepEqual(found, []);
  });
}
