// The package's side of SCORM 1.2 (web/page/assignment/scorm.js, suspend.js), run against the
// strict test LMS (tests/lms/strict-scorm12.mjs): nothing the LMS held is lost, lowered or
// overwritten unread; every refusal is retried and then reported; every answer fits; every
// checked answer is an interaction within SCORM 1.2's types; the status is the page's, with
// Moodle's "mastery score overrides status" on or off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Scorm12API } from 'scorm-again/scorm12';
import { loadEngine } from '../../web/engine/index.js';
import { SaxesParser } from 'saxes';
import {
  LIMITS,
  MAX_SEED,
  assignmentQuery,
  defaultAssignment,
  normalName,
  problemsOf,
  readAssignment,
} from '../../web/page/assignment/definition.js';
import { xorshift32 } from '../../web/training/xorshift.js';
import { openRun } from '../../web/page/assignment/run.js';
import { interactionId, openLms } from '../../web/page/assignment/scorm.js';
import {
  ANSWER_MOST,
  ATTEMPTS_MOST,
  SUSPEND_LIMIT,
  decodeSuspend,
  encodeSuspend,
  suspendProblem,
  worstSuspendLength,
} from '../../web/page/assignment/suspend.js';
import { manifest } from '../../web/page/assignment/package.js';
import { strictScorm12 } from '../lms/strict-scorm12.mjs';
import { schemaRefusals } from '../lms/validate-manifest.mjs';

const lab = await loadEngine();
const ids = lab.practice.families().map((f) => f.id);
const learner = { id: 'S-1042', name: 'Lovelace, Ada' };
const quiz = {
  title: 'Quiz',
  families: ['retrieval', 'rmsnorm', 'ffn'],
  each: 1,
  seed: 5,
  hints: true,
  solutions: false,
  pass: 60,
};
const answerOf = ({ family, seed, edition }) => lab.practice.solution(family, seed, edition).answer;

// An LMS that keeps what each session committed, and launches the package again on it.
function course(options = {}) {
  const db = { kept: options.kept ?? null };
  return {
    db,
    launch(faults = {}) {
      const api = strictScorm12(Scorm12API, {
        kept: db.kept,
        learner,
        masteryScore: options.masteryScore ?? '',
        faults,
        onStore: (record) => (db.kept = record),
      });
      // Retries run when the test says (a clock of its own).
      const waiting = [];
      const lms = openLms(api, { schedule: (f) => waiting.push(f) });
      return { api, lms, waiting };
    },
  };
}
// The package's run in that LMS, as pages.js opens it.
function runIn(lms, a) {
  const back = lms.resumed(problemsOf(a, lms.student));
  const run = openRun(a, lms.student, {
    practice: lab.practice,
    storage: null,
    resume: back?.records ?? null,
    onSave: lms.save,
  });
  return { run, back };
}
const check = (run, i, answer) => {
  const p = run.problems[i];
  return run.check(i, answer, lab.practice.check(p.family, p.seed, answer, p.edition));
};

test('a session: score, status, run and an interaction per answer, each within SCORM 1.2’s types; a relaunch resumes', () => {
  const lms1 = course();
  const first = lms1.launch();
  const { api } = first;
  let { lms } = first;
  assert.equal(lms.student, 'S-1042');
  let { run } = runIn(lms, quiz);
  check(run, 0, '[9, 9]');
  check(run, 0, answerOf(run.problems[0]));
  check(run, 1, answerOf(run.problems[1]));
  check(run, 2, '[1e9, 1e9]');
  assert.ok(lms.state.saved instanceof Date, JSON.stringify(lms.state));
  // Every call the package made was accepted by the strict LMS.
  const refused = api.calls.filter((c) => c.name !== 'LMSGetValue' && c.out !== 'true');
  assert.deepEqual(refused, []);
  assert.equal(lms1.db.kept.cmi.core.score.raw, '67');
  assert.equal(lms1.db.kept.cmi.core.lesson_status, 'passed');
  const interactions = lms1.db.kept.interactions;
  assert.deepEqual(
    interactions.map((i) => [i.id, i.result, i.type]),
    [
      [interactionId(0, run.problems[0]), 'wrong', 'fill-in'],
      ['q1-retrieval-5', 'correct', 'fill-in'],
      ['q2-rmsnorm-5', 'correct', 'fill-in'],
      ['q3-ffn-5', 'wrong', 'fill-in'],
    ],
  );
  assert.equal(interactions[0].student_response, '[9, 9]');
  for (const i of interactions) {
    assert.match(i.latency, /^\d{4}:\d\d:\d\d$/);
    assert.match(i.time, /^\d\d:\d\d:\d\d$/);
  }
  lms.finish();
  assert.equal(lms1.db.kept.cmi.core.exit, 'suspend');

  // Relaunched: every answer back, and new interactions after the four the LMS holds.
  ({ lms } = lms1.launch());
  ({ run } = runIn(lms, quiz));
  assert.deepEqual(run.score().solved, 2);
  assert.equal(run.of(2).attempts.at(-1).answer, '[1e9, 1e9]');
  check(run, 2, answerOf(run.problems[2]));
  assert.equal(lms1.db.kept.interactions.length, 5);
  assert.equal(lms1.db.kept.interactions[4].id, 'q3-ffn-5');
  assert.equal(lms1.db.kept.cmi.core.score.raw, '100');
});

test('a refused commit is retried, then reported with its code until Try again succeeds; nothing is lost meanwhile', () => {
  const lms1 = course();
  const { api, lms, waiting } = lms1.launch();
  const { run } = runIn(lms, quiz);
  api.failNextCommits(1);
  check(run, 0, answerOf(run.problems[0]));
  assert.deepEqual(lms.state, { refused: { code: '101', message: 'General exception' }, retrying: true });
  assert.equal(lms1.db.kept, null, 'nothing stored yet');
  waiting.shift()();
  assert.ok(lms.state.saved, 'the retry stored it');
  assert.equal(lms1.db.kept.cmi.core.score.raw, '33');

  // A longer outage: both retries fail, the student is told, and Try again stores everything.
  api.failNextCommits(3);
  check(run, 1, answerOf(run.problems[1]));
  waiting.shift()();
  waiting.shift()();
  assert.equal(waiting.length, 0, 'no more retries on their own');
  assert.deepEqual(lms.state, { refused: { code: '101', message: 'General exception' }, retrying: false });
  assert.equal(lms1.db.kept.cmi.core.score.raw, '33');
  lms.retry();
  assert.ok(lms.state.saved);
  assert.equal(lms1.db.kept.cmi.core.score.raw, '67');
  assert.deepEqual(
    lms1.db.kept.interactions.map((i) => i.id),
    ['q1-retrieval-5', 'q2-rmsnorm-5'],
  );
});

test('an LMS that refuses LMSInitialize, throws, or answers with objects: the page goes on, and says what happened', () => {
  const refused = course().launch({ initialize: false }).lms;
  assert.equal(refused.connected, false);
  assert.deepEqual(refused.state, { connected: false, code: '101', message: 'General exception' });
  for (const fault of [{ throwOnGet: true }, { objectOnGet: true }]) {
    const { lms } = course().launch(fault);
    assert.equal(lms.connected, true);
    assert.equal(lms.student, '');
    const { run } = runIn(lms, quiz);
    assert.equal(lms.unreadable, 'cmi.suspend_data', 'suspend data it could not read is not overwritten');
    check(run, 0, answerOf(run.problems[0]));
    assert.ok(lms.state.saved);
  }
  // An API whose every method throws: no session, no exception.
  const broken = new Proxy(
    {},
    {
      get: () => () => {
        throw new Error('down');
      },
    },
  );
  assert.deepEqual(openLms(broken).state, { connected: false, code: '101', message: 'down' });
});

test('suspend data the page cannot read is kept until the student starts again, and the score never falls', () => {
  for (const [damaged, field] of [
    ['{"v":2,"s":5,"f":{"retrieval":[[1,1,0,"x"]]', 'cmi.suspend_data'],
    ['not json', 'cmi.suspend_data'],
    ['{"v":3}', 'v'],
    ['{"v":1,"p":[[1,1,0,"x"]]}', 'p'],
  ]) {
    const lms1 = course({
      kept: {
        cmi: {
          suspend_data: damaged,
          core: { lesson_status: 'incomplete', score: { raw: '67', min: '0', max: '100' } },
        },
      },
    });
    const { lms } = lms1.launch();
    const { run } = runIn(lms, quiz);
    assert.equal(lms.unreadable, field, damaged);
    assert.equal(lms.heldScore, 67);
    check(run, 0, answerOf(run.problems[0]));
    assert.equal(lms1.db.kept.cmi.suspend_data, damaged, 'kept as it was');
    assert.equal(lms1.db.kept.cmi.core.score.raw, '67', 'not lowered to 33');
    assert.equal(lms1.db.kept.cmi.core.lesson_status, 'passed', 'the status of the score sent');
    lms.startAfresh();
    check(run, 1, '12345');
    assert.deepEqual(JSON.parse(lms1.db.kept.cmi.suspend_data).f.retrieval, [[1, 1, 0, answerOf(run.problems[0])]]);
    assert.equal(lms1.db.kept.cmi.core.score.raw, '67');
  }
  // A count past the bound is refused before anything is made.
  const huge = JSON.stringify({ v: 2, s: 5, f: { retrieval: [[1000000, 0, 0, 'x']] } });
  assert.deepEqual(decodeSuspend(huge, problemsOf(quiz)), { unreadable: 'f.retrieval[0][0]' });
  assert.deepEqual(decodeSuspend('x'.repeat(SUSPEND_LIMIT + 1), problemsOf(quiz)), { unreadable: 'cmi.suspend_data' });
});

test('a changed package in the same activity resumes every answer to a problem it still asks', () => {
  const lms1 = course();
  let { lms } = lms1.launch();
  let { run } = runIn(lms, quiz);
  run.problems.forEach((p, i) => check(run, i, answerOf(p)));
  lms.finish();
  // The teacher drops retrieval, adds layernorm and a second problem of each kind.
  const changed = { ...quiz, families: ['rmsnorm', 'ffn', 'layernorm'], each: 2 };
  ({ lms } = lms1.launch());
  let back;
  ({ run, back } = runIn(lms, changed));
  assert.equal(lms.unreadable, false);
  assert.equal(back.dropped, 1, 'the retrieval answer no longer belongs');
  assert.deepEqual(
    run.problems.map((p, i) => [p.family, p.seed, run.of(i).solved]),
    [
      ['rmsnorm', 5, true],
      ['rmsnorm', 6, false],
      ['ffn', 5, true],
      ['ffn', 6, false],
      ['layernorm', 5, false],
      ['layernorm', 6, false],
    ],
  );
  check(run, 1, '12345');
  assert.equal(lms1.db.kept.cmi.core.score.raw, '100', 'the 100 the LMS held stays');
  // The suspend data an earlier version of the package wrote (v1, a row per problem) resumes too.
  const v1 = JSON.stringify({
    v: 1,
    p: [
      [2, 1, 0, '[1, 2]'],
      [1, 0, 1, '3'],
      [0, 0, 0, null],
    ],
  });
  const old = decodeSuspend(v1, problemsOf(quiz));
  assert.deepEqual(
    old.records.map((r) => [r.attempts.length, r.solved, r.solutionShown, r.attempts.at(-1)?.answer]),
    [
      [2, true, false, '[1, 2]'],
      [1, false, true, '3'],
      [0, false, false, undefined],
    ],
  );
  // The same problems in another edition of the problem set are other problems: nothing of the
  // run is resumed on them (each is counted as dropped), and the score the LMS holds stays.
  const next = { ...changed, edition: lab.practice.edition };
  assert.notDeepEqual(answerOf(problemsOf(changed)[2]), answerOf(problemsOf(next)[2]), 'ffn 5 differs');
  ({ lms } = lms1.launch());
  ({ run, back } = runIn(lms, next));
  assert.equal(back.carried, 0);
  assert.equal(back.dropped, 3);
  assert.ok(run.problems.every((p, i) => p.edition === lab.practice.edition && !run.of(i).solved));
  check(run, 0, answerOf(run.problems[0]));
  assert.equal(lms1.db.kept.cmi.core.score.raw, '100', 'the 100 the LMS held stays');
  assert.match(lms1.db.kept.cmi.suspend_data, new RegExp(`^\\{"v":2,"e":${lab.practice.edition},`));
});

test('every answer fits: the largest runs a package allows, with every answer at its longest, go through the strict LMS and come back', () => {
  // Every answer any problem needs, at 4 significant digits, is within ANSWER_MOST.
  for (const id of ids)
    for (let seed = 0; seed < 200; seed++) {
      const { answer } = lab.practice.solution(id, seed);
      const four = answer.replace(/\d+\.\d+(e[+-]?\d+)?/g, (x) => String(Number(Number(x).toPrecision(4))));
      assert.ok(JSON.stringify(four).length - 2 <= ANSWER_MOST, `${id}/${seed}: ${four}`);
    }
  const worst = (problems) =>
    problems.map(() => ({
      attempts: Array.from({ length: ATTEMPTS_MOST }, () => ({ answer: '"'.repeat(ANSWER_MOST / 2), correct: true })),
      solved: true,
      solutionShown: true,
    }));
  // The default package (every kind once), and the largest of each family count the view allows.
  const candidates = [defaultAssignment(ids, lab.practice.edition)];
  for (let each = 1; each <= LIMITS.each; each++) {
    let families = [...ids];
    while (suspendProblem(problemsOf({ families, each, seed: MAX_SEED }))) families = families.slice(0, -1);
    if (families.length) candidates.push({ ...quiz, families, each, seed: MAX_SEED });
  }
  for (const a of candidates) {
    const problems = problemsOf(a);
    assert.equal(suspendProblem(problems), null);
    assert.ok(worstSuspendLength(problems) <= SUSPEND_LIMIT);
    const records = worst(problems);
    const text = encodeSuspend(problems, records, problems[0].seed);
    assert.ok(text.length <= SUSPEND_LIMIT, `${a.families.length} × ${a.each}: ${text.length}`);
    const lms1 = course();
    const { api } = lms1.launch();
    assert.equal(api.LMSSetValue('cmi.suspend_data', text), 'true', `${problems.length} problems`);
    assert.equal(api.LMSCommit(''), 'true');
    const { lms } = lms1.launch();
    const back = lms.resumed(problems);
    assert.equal(back.carried, problems.length);
    for (const r of back.records) {
      assert.equal(r.attempts.length, ATTEMPTS_MOST);
      assert.equal(r.attempts.at(-1).answer, '"'.repeat(ANSWER_MOST / 2));
    }
  }
  // One problem more than fits is refused by the teacher's view, not cut.
  const over = { families: ids, each: 2, seed: 0 };
  assert.ok(suspendProblem(problemsOf(over)).needs > SUSPEND_LIMIT);
  assert.throws(() => encodeSuspend(problemsOf(over), worst(problemsOf(over)), 0), RangeError);
  // The strict LMS refuses what Moodle refuses.
  const { api } = course().launch();
  assert.equal(api.LMSSetValue('cmi.suspend_data', 'x'.repeat(SUSPEND_LIMIT + 1)), 'false');
  assert.equal(api.LMSGetLastError(), '405');
  assert.equal(api.LMSSetValue('cmi.interactions.0.student_response', 'x'.repeat(256)), 'false');
  assert.equal(api.LMSSetValue('cmi.interactions.3.id', 'q1'), 'false');
  assert.equal(api.LMSGetLastError(), '201');
  assert.equal(api.LMSSetValue('cmi.core.student_id', 'x'), 'false');
  assert.equal(api.LMSGetLastError(), '403');
  assert.equal(api.LMSGetValue('cmi.core.exit'), '');
  assert.equal(api.LMSGetLastError(), '404');
});

test('status: the page’s, whether Moodle’s “mastery score overrides status” is on or off; the manifest names no mastery score', () => {
  assert.doesNotMatch(manifest(quiz), /masteryscore/);
  for (const masteryOverride of [false, true]) {
    const lms1 = course({ masteryScore: '' });
    const { lms } = lms1.launch({ masteryOverride });
    const { run } = runIn(lms, quiz);
    check(run, 0, answerOf(run.problems[0]));
    lms.finish();
    assert.equal(lms1.db.kept.cmi.core.lesson_status, 'incomplete', `override ${masteryOverride}: 1 of 3, two untried`);
    assert.equal(lms1.db.kept.cmi.core.score.raw, '33');
  }
  // What a mastery score in the manifest would do under the override: failed at 33 %, although
  // two problems were never tried.
  const lms1 = course({ masteryScore: '60' });
  const { lms } = lms1.launch({ masteryOverride: true });
  const { run } = runIn(lms, quiz);
  check(run, 0, answerOf(run.problems[0]));
  lms.finish();
  assert.equal(lms1.db.kept.cmi.core.lesson_status, 'failed');
});

// The manifest read by a strict XML 1.0 parser (saxes): its errors and the text of its <title>s.
function readManifest(xml) {
  const parser = new SaxesParser({ xmlns: true });
  const errors = [];
  const titles = [];
  let inTitle = false;
  parser.on('error', (e) => errors.push(e.message));
  parser.on('opentag', (t) => (inTitle = t.local === 'title') && titles.push(''));
  parser.on('closetag', () => (inTitle = false));
  parser.on('text', (text) => inTitle && (titles[titles.length - 1] += text));
  parser.write(xml).close();
  return { errors, titles };
}

// Every character XML 1.0 forbids (C0 controls but tab, newline and return; lone surrogates;
// U+FFFE, U+FFFF), the ones it allows but a one-line title should not carry (tab, newline,
// return, DEL and the C1 controls), and what markup needs escaped.
const code = (lo, hi) => Array.from({ length: hi - lo + 1 }, (_, i) => String.fromCharCode(lo + i));
const AWKWARD = [...code(0x00, 0x1f), ...code(0x7f, 0x9f), '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uFFFE', '\uFFFF'];
const ORDINARY = ['a', 'Z', '3', ' ', 'é', '注', '意', '😀', '<', '>', '&', '"', "'", ';', '%', '+', '='];
const BAD_IN_TEXT = /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u;

test('the manifest is well-formed XML 1.0 with the title as kept, whatever characters a link or a caller gives it', () => {
  const titles = AWKWARD.flatMap((c) => [`Week${c}3`, `${c}Week 3`, `Week 3${c}`, `${c}${c}`]);
  const next = xorshift32(2026);
  for (let i = 0; i < 3000; i++)
    titles.push(
      Array.from({ length: 1 + (next() % 12) }, () => {
        const pool = next() % 2 ? AWKWARD : ORDINARY;
        return pool[next() % pool.length];
      }).join(''),
    );
  let read = 0;
  for (const title of titles) {
    // a caller's object, unchecked (the build's default assignment is one)
    const direct = readManifest(manifest({ ...quiz, title }));
    assert.deepEqual(direct.errors, [], JSON.stringify(title));
    assert.ok(direct.titles.length === 2 && direct.titles.every((t) => !BAD_IN_TEXT.test(t)), JSON.stringify(title));
    // a teacher's link, as a student's page reads it: refused (a title of controls alone is
    // empty), or kept without them, the same through another round of the link and in the manifest
    const checked = readAssignment(assignmentQuery({ ...quiz, title }), ids);
    if (checked.problems) {
      assert.equal(title.replace(/[\p{Cc}\uFFFE\uFFFF\s]/gu, ''), '', `${JSON.stringify(title)} was refused`);
      continue;
    }
    read += 1;
    const kept = checked.assignment.title;
    assert.doesNotMatch(kept, BAD_IN_TEXT, JSON.stringify(title));
    assert.equal(readAssignment(assignmentQuery(checked.assignment), ids).assignment.title, kept);
    const m = readManifest(manifest(checked.assignment));
    assert.deepEqual(m.errors, []);
    assert.deepEqual(m.titles, [kept, kept]);
  }
  assert.ok(read > 2000, `${read} titles read from a link`);
  // and a name typed with them is kept plain too
  for (const c of AWKWARD) assert.doesNotMatch(normalName(`Ada${c}Lovelace`), BAD_IN_TEXT);
});

test('every manifest is valid under SCORM 1.2’s schemas, whatever characters its title was given, in every language', () => {
  const manifests = [];
  for (const c of AWKWARD)
    for (const title of [`Week${c}3`, `${c}Week 3`, `Week 3${c}`]) {
      manifests.push(manifest({ ...quiz, title }));
      const checked = readAssignment(assignmentQuery({ ...quiz, title }), ids);
      if (checked.assignment) manifests.push(manifest(checked.assignment));
    }
  for (const language of ['en', 'es', 'zh-Hans'])
    manifests.push(manifest({ ...quiz, title: '注意 <&> "quoted"' }, language));
  assert.deepEqual(schemaRefusals(manifests), []);
  // The check refuses what an LMS would: a title with a raw control character (not XML), and a
  // manifest without its resources.
  const broken = [
    manifest(quiz).replace(/<title>[^<]*/, '<title>Week\u00013'),
    manifest(quiz).replace(/<resources>[^]*<\/resources>/, ''),
  ];
  assert.deepEqual(
    schemaRefusals(broken).map((r) => r.index),
    [0, 1],
  );
});
