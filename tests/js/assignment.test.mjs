// Assignments (web/page/assignment/): the definition a teacher sets and its link, checked on load
// against the engine's families with nothing half-loaded; the problems each student gets; a
// student's run (attempts counted by the practice set's rule, kept across reloads); the result
// file, read back with every verdict checked again by the engine.
import { test } from 'node:test';
import { ODD_VALUES, blockedStorage } from './malformed.mjs';
import assert from 'node:assert/strict';
import { loadEngine } from '../../web/engine/index.js';
import {
  MAX_SEED,
  STUDENT,
  assignmentKey,
  assignmentQuery,
  checkAssignment,
  creditOf,
  defaultAssignment,
  normalName,
  optionsOf,
  problemsOf,
  readAssignment,
  studentSeed,
} from '../../web/page/assignment/definition.js';
import {
  KEY,
  RESULT_KIND,
  lastStudent,
  openRun,
  readResult,
  rememberStudent,
  resultFileName,
} from '../../web/page/assignment/run.js';
import { lessonStatus } from '../../web/page/assignment/scorm.js';

const lab = await loadEngine();
const ids = lab.practice.families().map((f) => f.id);

// A localStorage of one's own.
function memoryStorage() {
  const items = new Map();
  return {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    removeItem: (k) => items.delete(k),
  };
}

// A small xorshift stream, for the generated cases.
function stream(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const week3 = {
  title: 'Week 3',
  families: ['retrieval', 'rmsnorm'],
  each: 2,
  seed: 17,
  edition: 1, // a link without an edition: made before editions existed
  hints: true,
  solutions: false,
  pass: 70,
  tries: 0,
  penalty: 0,
};
const latest = lab.practice.edition;

test('an assignment round-trips through its link', () => {
  const query = assignmentQuery(week3);
  assert.equal(query, 'title=Week+3&families=retrieval%2Crmsnorm&each=2&seed=17&hints=1&solutions=0&pass=70');
  assert.deepEqual(readAssignment(query, ids).assignment, week3);
  const perStudent = { ...week3, seed: STUDENT };
  assert.deepEqual(readAssignment(assignmentQuery(perStudent), ids).assignment, perStudent);
  const all = defaultAssignment(ids, latest);
  assert.match(assignmentQuery(all), new RegExp(`&edition=${latest}&`));
  assert.deepEqual(readAssignment(assignmentQuery(all), ids, latest).assignment, all);
  assert.equal(problemsOf(all).length, ids.length, 'the default: one problem of each family');
});

test('a link that cannot be read gives every reason, each saying what was expected and received, and no assignment', () => {
  const base = new URLSearchParams(assignmentQuery(week3));
  const cases = [
    ['families', 'retrieval,cat', /families: no practice problem "cat"/],
    ['families', '', /families: expected at least one practice problem id, received none/],
    ['families', 'retrieval,retrieval', /families: a problem is listed twice/],
    ['each', '0', /each: expected a whole number from 1 to 5, received "0"/],
    ['each', '2.5', /received "2.5"/],
    ['each', '1e3', /received "1e3"/],
    ['seed', '-1', /seed: expected a whole number from 0 to 2,147,483,647 or "student", received "-1"/],
    ['seed', String(2 ** 31), /received "2147483648"/],
    ['seed', 'Student', /received "Student"/],
    ['edition', '0', /edition: expected a whole number from 1 to 2 \(.*\), received "0"/],
    ['edition', String(latest + 1), new RegExp(`edition: .* received "${latest + 1}"`)],
    ['edition', '2.0', /edition: .* received "2.0"/],
    ['hints', 'yes', /hints: expected 0 or 1, received "yes"/],
    ['pass', '101', /pass: expected a percentage, a whole number from 0 to 100, received "101"/],
    ['title', '   ', /title: expected a title, received nothing/],
    ['title', 'x'.repeat(121), /title: expected at most 120 characters, received 121/],
    ['colour', 'red', /unknown setting "colour"/],
  ];
  for (const [key, value, message] of cases) {
    const params = new URLSearchParams(base);
    params.set(key, value);
    const r = readAssignment(params, ids, latest);
    assert.equal(r.assignment, undefined, `${key}=${value}`);
    assert.ok(
      r.problems.some((p) => message.test(p)),
      `${key}=${value}: ${r.problems}`,
    );
  }
  const many = readAssignment('title=&families=cat&each=9&seed=x&pass=', ids);
  assert.equal(many.problems.length, 5, many.problems.join('; '));
  assert.match(checkAssignment(null, ids).problems[0], /no assignment/);
});

test('seeds: the class shares consecutive ones; each student gets their own, the same however the id is typed', () => {
  assert.deepEqual(
    problemsOf(week3).map((p) => `${p.family}/${p.seed}`),
    ['retrieval/17', 'retrieval/18', 'rmsnorm/17', 'rmsnorm/18'],
  );
  const per = { ...week3, seed: STUDENT };
  assert.deepEqual(problemsOf(per, 'Ada Lovelace'), problemsOf(per, '  ada lovelace '));
  assert.notDeepEqual(problemsOf(per, 'Ada Lovelace'), problemsOf(per, 'Alan Turing'));
  // 2,000 student ids: seeds in the engine's range, and neighbours' first seeds nearly all differ.
  const firsts = new Set();
  for (let i = 0; i < 2000; i++) {
    const seed = studentSeed(`s${i}`);
    assert.ok(Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED, `s${i}: ${seed}`);
    firsts.add(seed);
  }
  assert.ok(firsts.size >= 1998, `${firsts.size} distinct seeds of 2,000 students`);
  // The end of the range wraps to its start.
  const end = problemsOf({ ...week3, seed: MAX_SEED });
  assert.deepEqual(
    end.map((p) => p.seed),
    [MAX_SEED, 0, MAX_SEED, 0],
  );
});

test('2,000 generated assignments: every problem of every one is made by the engine', () => {
  const next = stream(2026);
  for (let n = 0; n < 2000; n++) {
    const families = ids.filter(() => next() < 0.2);
    if (!families.length) families.push(ids[Math.floor(next() * ids.length)]);
    const a = {
      title: `A${n}`,
      families,
      each: 1 + Math.floor(next() * 5),
      seed: next() < 0.5 ? STUDENT : Math.floor(next() * (MAX_SEED + 1)),
      edition: 1 + Math.floor(next() * latest),
      hints: next() < 0.5,
      solutions: next() < 0.5,
      pass: Math.floor(next() * 101),
      tries: next() < 0.5 ? 0 : Math.floor(next() * 11),
      penalty: next() < 0.5 ? 0 : Math.floor(next() * 101),
    };
    assert.deepEqual(readAssignment(assignmentQuery(a), ids, latest).assignment, a);
    for (const p of problemsOf(a, `student ${n}`)) {
      assert.equal(p.edition, a.edition);
      const problem = lab.practice.generate(p.family, p.seed, p.edition);
      assert.equal(problem.id, p.family);
    }
  }
});

test('a run counts attempts as the practice set does, keeps them across reloads, and scores against the pass mark', () => {
  const storage = memoryStorage();
  let clock = Date.parse('2026-12-02T10:00:00Z');
  const now = () => new Date((clock += 1000));
  const run = openRun(week3, '', { practice: lab.practice, storage, now });
  const check = (i, answer) =>
    run.check(i, answer, lab.practice.check(run.problems[i].family, run.problems[i].seed, answer));
  const answer = (i) => lab.practice.solution(run.problems[i].family, run.problems[i].seed).answer;

  assert.equal(check(0, '[1, 2'), false, 'unreadable: no attempt');
  assert.equal(check(0, '[100, 100]'), true, 'a wrong answer is an attempt');
  assert.equal(check(0, '[100, 100]'), false, 'the same answer again is not');
  assert.equal(check(0, answer(0)), true);
  assert.equal(run.of(0).solved, true);
  assert.equal(check(0, '[5, 5]'), false, 'nothing counts once solved');
  run.showSolution(1);
  assert.equal(check(1, answer(1)), false, 'an answer after the solution is shown solves nothing');
  assert.equal(check(2, answer(2)), true);
  assert.deepEqual(run.score(), { solved: 2, total: 4, credit: 2, percent: 50, passed: false, attempts: 3 });
  assert.equal(check(3, answer(3)), true);
  assert.equal(run.score().passed, true, '3 of 4 is 75 %, over the pass mark of 70 %');

  // A reload: the same run, from storage.
  const again = openRun(week3, '', { practice: lab.practice, storage, now });
  assert.deepEqual(again.score(), run.score());
  assert.deepEqual(
    again.of(0).attempts.map((t) => [t.answer, t.correct]),
    [
      ['[100, 100]', false],
      [answer(0), true],
    ],
  );
  assert.equal(again.of(1).solutionShown, true);
  // Another student of a per-student assignment has a run of their own, and the page remembers
  // who last worked.
  const per = { ...week3, seed: STUDENT };
  rememberStudent(per, 'Ada', storage);
  assert.equal(lastStudent(per, storage), 'Ada');
  const ada = openRun(per, 'Ada', { practice: lab.practice, storage, now });
  ada.check(0, '[9, 9]', { readable: true, correct: false });
  assert.equal(openRun(per, 'Alan', { practice: lab.practice, storage, now }).score().attempts, 0);
  assert.equal(openRun(per, 'ada', { practice: lab.practice, storage, now }).score().attempts, 1);
  // Damaged storage starts afresh rather than failing.
  storage.setItem('attention-lab.assignments.v1', '{not json');
  assert.equal(openRun(week3, '', { practice: lab.practice, storage, now }).score().attempts, 0);
});

test('a kept run damaged at any field is set aside, never read, and costs no other run', () => {
  const storage = memoryStorage();
  const per = { ...week3, seed: STUDENT };
  const ada = openRun(per, 'Ada', { practice: lab.practice, storage });
  ada.check(0, '[9, 9]', { readable: true, correct: false });
  openRun(per, 'Bo', { practice: lab.practice, storage }).check(0, '[8, 8]', { readable: true, correct: false });
  rememberStudent(per, 'Ada', storage);
  const kept = storage.getItem(KEY);
  const paths = [];
  const walk = (v, path) => {
    paths.push(path);
    if (v && typeof v === 'object') for (const k of Object.keys(v)) walk(v[k], [...path, k]);
  };
  walk(JSON.parse(kept).runs[ada.id], []);
  let cases = 0;
  for (const path of paths.slice(1))
    for (const odd of ODD_VALUES) {
      const store = JSON.parse(kept);
      path.slice(0, -1).reduce((o, k) => o[k], store.runs[ada.id])[path.at(-1)] = odd;
      storage.setItem(KEY, JSON.stringify(store));
      storage.removeItem(`${KEY}.damaged.${ada.id}`);
      const where = `${path.join('.')} = ${JSON.stringify(odd)?.slice(0, 40)}`;
      let again;
      assert.doesNotThrow(() => (again = openRun(per, 'Ada', { practice: lab.practice, storage })), where);
      assert.doesNotThrow(() => again.score(), where);
      const set = storage.getItem(`${KEY}.damaged.${ada.id}`);
      if (set !== null) {
        assert.equal(again.score().attempts, 0, `${where}: a new run`);
        assert.equal(again.setAside, true, `${where}: said`);
        assert.deepEqual(JSON.parse(set), JSON.parse(JSON.stringify(store.runs[ada.id])), `${where}: set aside`);
      }
      assert.equal(openRun(per, 'Bo', { practice: lab.practice, storage }).score().attempts, 1, `${where}: Bo's run`);
      assert.equal(lastStudent(per, storage), 'Ada');
      cases += set === null ? 0 : 1;
    }
  assert.ok(cases > 100, `${cases} damaged runs set aside`);
});

test('a damaged run that cannot be set aside is not written over: the new run lives in the page, which says so', () => {
  const storage = memoryStorage();
  const per = { ...week3, seed: STUDENT };
  const ada = openRun(per, 'Ada', { practice: lab.practice, storage });
  const store = JSON.parse(storage.getItem(KEY));
  store.runs[ada.id].problems[0] = null;
  const damaged = JSON.stringify(store);
  storage.setItem(KEY, damaged);
  const full = {
    ...storage,
    setItem: (k, v) => {
      if (k.includes('.damaged.')) throw new Error('QuotaExceededError');
      storage.setItem(k, v);
    },
  };
  const again = openRun(per, 'Ada', { practice: lab.practice, storage: full });
  again.check(0, '[9, 9]', { readable: true, correct: false });
  assert.equal(storage.getItem(KEY), damaged, 'the only copy of the damaged run stays');
  assert.ok(again.saveProblem, 'the page says the run is not kept');
  assert.equal(again.score().attempts, 1, 'the run goes on in the page');
});

test('a result file reads back with every verdict the engine’s; a changed verdict or problem is found', () => {
  const storage = memoryStorage();
  const per = { ...week3, seed: STUDENT };
  const run = openRun(per, 'Ada', { practice: lab.practice, storage });
  const p0 = run.problems[0];
  const right = lab.practice.solution(p0.family, p0.seed).answer;
  run.check(0, '[9, 9]', lab.practice.check(p0.family, p0.seed, '[9, 9]'));
  run.check(0, right, lab.practice.check(p0.family, p0.seed, right));
  const file = JSON.stringify(run.result());
  const read = readResult(file, ids, lab.practice);
  assert.equal(read.problem, undefined, read.problem);
  assert.equal(read.result.student, 'Ada');
  assert.equal(read.result.score.solved, 1);
  assert.deepEqual(read.result.disagreements, []);
  assert.deepEqual(
    read.result.problems[0].attempts.map((t) => t.correct),
    [false, true],
  );

  // The student edits the file: a wrong answer marked correct.
  const edited = JSON.parse(file);
  edited.problems[1].attempts.push({ answer: '[0, 0]', correct: true, at: 'now' });
  const caught = readResult(JSON.stringify(edited), ids, lab.practice).result;
  assert.deepEqual(caught.disagreements, [2]);
  assert.equal(caught.score.solved, 1, 'the score is the engine’s, not the file’s');

  const bad = (data) => readResult(typeof data === 'string' ? data : JSON.stringify(data), ids, lab.practice).problem;
  assert.match(bad('{'), /not JSON/);
  assert.match(bad({ kind: 'something else' }), /not a result file/);
  assert.match(bad({ ...edited, assignment: { ...per, families: ['cat'] } }), /no practice problem "cat"/);
  assert.match(bad({ ...edited, problems: edited.problems.slice(1) }), /should list 4 problems/);
  assert.match(bad({ ...edited, student: 'Alan' }), /problem 1 is not the assignment’s/);
  assert.equal(JSON.parse(file).kind, RESULT_KIND);
});

test('lesson_status: passed at the pass mark; failed once every problem was tried without it; incomplete before', () => {
  const p = (solved, tried) => ({ solved, attempts: tried ? [{}] : [] });
  assert.equal(lessonStatus({ passed: true }, [p(true, true), p(false, false)]), 'passed');
  assert.equal(lessonStatus({ passed: false }, [p(true, true), p(false, false)]), 'incomplete');
  assert.equal(lessonStatus({ passed: false }, [p(true, true), p(false, true)]), 'failed');
});

test('a run keeps the settings it was first opened with; a run kept before settings were its own is found', () => {
  const storage = memoryStorage();
  const run = openRun(week3, '', { practice: lab.practice, storage });
  run.check(0, '[9, 9]', { readable: true, correct: false });
  // The address edited to allow solutions and lower the pass mark: the same run, its own rules.
  const edited = openRun({ ...week3, solutions: true, pass: 0 }, '', { practice: lab.practice, storage });
  assert.equal(edited.score().attempts, 1);
  assert.equal(edited.assignment.solutions, false);
  assert.equal(edited.assignment.pass, 70);
  assert.equal(edited.result().assignment.solutions, false);
  // A run stored under the whole address, as before: found, and given the address's settings.
  const old = memoryStorage();
  old.setItem(
    'attention-lab.assignments.v1',
    JSON.stringify({
      version: 1,
      runs: {
        [`${assignmentQuery(week3)}|ada`]: {
          student: 'Ada',
          started: '',
          problems: problemsOf(week3).map(() => ({
            attempts: [{ answer: '1', correct: false, at: '' }],
            solved: false,
          })),
        },
      },
    }),
  );
  const found = openRun(week3, 'Ada', { practice: lab.practice, storage: old });
  assert.equal(found.score().attempts, 4);
  assert.equal(found.assignment.pass, 70);
});

test('tries and penalty: a problem closes after its tries; credit falls with each wrong attempt; a result file scores the same', () => {
  const a = { ...week3, tries: 2, penalty: 25 };
  const run = openRun(a, '', { practice: lab.practice, storage: memoryStorage() });
  const p = run.problems;
  const right = (i) => lab.practice.solution(p[i].family, p[i].seed).answer;
  const check = (i, answer) => run.check(i, answer, lab.practice.check(p[i].family, p[i].seed, answer));
  assert.equal(check(0, '[9, 9]'), true);
  assert.equal(check(0, '[8, 8]'), true);
  assert.equal(run.closed(0), true);
  assert.equal(check(0, right(0)), false, 'no attempt left');
  assert.equal(check(1, '[9, 9]'), true);
  assert.equal(check(1, right(1)), true);
  assert.equal(check(2, right(2)), true);
  const score = run.score();
  assert.equal(score.solved, 2);
  assert.equal(score.credit, 0.75 + 1);
  assert.equal(score.percent, (100 * 1.75) / 4);
  const back = readResult(JSON.stringify(run.result()), ids, lab.practice).result;
  assert.equal(back.score.credit, score.credit);
  assert.deepEqual(back.disagreements, []);
  // A file that adds a right answer past the tries earns nothing for it.
  const file = run.result();
  file.problems[0].attempts.push({ answer: right(0), correct: true, at: '' });
  assert.equal(readResult(JSON.stringify(file), ids, lab.practice).result.score.credit, 1.75);
});

test('guessing does not pass: trying a choice problem’s options in turn earns half a problem on average, under any settings', () => {
  // Every choice problem among the first seeds of every family.
  const choices = [];
  for (const family of ids)
    for (let seed = 0; seed < 60; seed++) {
      const k = optionsOf(lab.practice, { family, seed });
      if (k > 1) choices.push({ family, seed, words: lab.practice.generate(family, seed).words });
    }
  assert.ok(choices.length >= 100, `${choices.length} choice problems`);
  const next = stream(7);
  let total = 0;
  let runs = 0;
  for (const a of [
    defaultAssignment(ids, lab.practice.edition),
    { ...week3, penalty: 0 },
    { ...week3, penalty: 100 },
  ]) {
    for (const c of choices) {
      for (let trial = 0; trial < 20; trial++) {
        const order = [...c.words].sort(() => next() - 0.5);
        const record = { attempts: [], solved: false };
        for (const word of order) {
          const correct = lab.practice.check(c.family, c.seed, word).correct;
          record.attempts.push({ answer: word, correct });
          if (correct) {
            record.solved = true;
            break;
          }
        }
        assert.ok(record.solved, `${c.family}/${c.seed}: one of its options is right`);
        total += creditOf(a, record, c.words.length);
        runs += 1;
      }
    }
  }
  const mean = total / runs;
  assert.ok(mean > 0.45 && mean < 0.55, `mean credit of a guess ${mean}`);
  assert.ok(100 * mean < defaultAssignment(ids, lab.practice.edition).pass, 'below the default pass mark');
});

test('names: spaces, case, accents typed decomposed and full-width forms draw the same numbers; different names, different files', () => {
  const per = { ...week3, seed: STUDENT };
  const same = ['García, Ana', ' garcía,  ana ', 'Garci\u0301a, Ana', 'GARCÍA, ANA'];
  for (const name of same) assert.deepEqual(problemsOf(per, name), problemsOf(per, same[0]), name);
  assert.equal(studentSeed('１２３４'), studentSeed('1234'));
  assert.equal(normalName('  Ana   García '), 'Ana García');
  assert.notDeepEqual(problemsOf(per, '李明'), problemsOf(per, '王芳'));
  const files = ['李明', '王芳', 'Ana García', 'Ana-García', 'Ana Garcia', '', '  '].map(resultFileName);
  assert.match(files[0], /^attention-lab-result-李明-[0-9a-z]+\.json$/);
  assert.match(files[5], /^attention-lab-result-student-[0-9a-z]+\.json$/);
  assert.equal(new Set(files.slice(0, 5)).size, 5, 'no two names share a file');
});

// A class of 200 on per-student seeds, in the problem set's latest edition: neighbours do not
// share an answer to copy. A family whose answers come from a small set by its nature (a choice
// of two words, a handful of einsum strings) says so, and the teacher's view names it.
test('variety: over 200 names every family draws 150 or more problems and no answer is shared by more than 3 students', () => {
  const names = Array.from({ length: 200 }, (_, i) => `Student ${i + 1}`);
  const families = lab.practice.families();
  assert.deepEqual(
    families.filter((f) => f.fewAnswers).map((f) => f.id),
    ['induction-head', 'backup-heads', 'pre-post', 'leak', 'einsum'],
    'the families with few answers',
  );
  const a = { ...defaultAssignment(ids, latest), seed: STUDENT };
  const byStudent = names.map((name) => problemsOf(a, name));
  for (const [k, f] of families.entries()) {
    if (f.fewAnswers) continue;
    const problems = new Set();
    const shared = new Map();
    for (const problemsOfStudent of byStudent) {
      const { family, seed, edition } = problemsOfStudent[k];
      assert.equal(family, f.id);
      const { seed: _, ...problem } = lab.practice.generate(family, seed, edition);
      problems.add(JSON.stringify(problem));
      const answer = lab.practice.solution(family, seed, edition).answer;
      shared.set(answer, (shared.get(answer) ?? 0) + 1);
    }
    const [answer, most] = [...shared].reduce((x, y) => (y[1] > x[1] ? y : x));
    assert.ok(problems.size >= 150, `${f.id}: ${problems.size} different problems for 200 students`);
    assert.ok(most <= 3, `${f.id}: ${most} students share the answer ${answer}`);
  }
});

test('editions: a link without one asks edition 1’s problems, as every earlier build drew them; the latest draws wider', () => {
  const old = readAssignment(assignmentQuery(week3), ids, latest).assignment;
  assert.equal(old.edition, 1);
  const newer = { ...old, edition: latest };
  assert.notEqual(assignmentKey(old), assignmentKey(newer), 'a run of one edition is not resumed in another');
  // The same seeds are other problems in the two editions (score-variance's sigma^2 has two decimals in edition 2).
  const variance = (a) =>
    problemsOf({ ...a, families: ['score-variance'], each: 5 }).map(
      ({ family, seed, edition }) => lab.practice.generate(family, seed, edition).given['sigma^2'],
    );
  assert.ok(
    variance(old).every((s) => [0.25, 0.5, 2, 3, 4, 9].includes(s)),
    String(variance(old)),
  );
  assert.ok(
    variance(newer).some((s) => ![0.25, 0.5, 2, 3, 4, 9].includes(s)),
    String(variance(newer)),
  );
  // An engine call without an edition is the latest.
  assert.deepEqual(lab.practice.generate('ffn', 7), lab.practice.generate('ffn', 7, latest));
  assert.throws(() => lab.practice.generate('ffn', 7, latest + 1), /no edition 3 of the practice set/);
});

test('the class list a teacher types is kept across visits, and in the page alone when storage is blocked', async () => {
  const { createClassNames, KEY: NAMES } = await import('../../web/page/assignment/class-names.js');
  const kept = new Map();
  const storage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, v) };
  createClassNames(storage).keep('García, Ana\nWang Fang');
  assert.equal(createClassNames(storage).text, 'García, Ana\nWang Fang', 'a later visit reads it back');
  assert.equal(kept.get(NAMES), 'García, Ana\nWang Fang');
  const blocked = blockedStorage;
  const names = createClassNames(blocked);
  assert.equal(names.text, '');
  names.keep('Ada');
  assert.equal(names.text, 'Ada', 'kept in the page');
});
