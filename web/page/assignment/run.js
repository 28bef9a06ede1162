// A student's run of an assignment: every answer checked, with its verdict and time, kept in
// localStorage under a versioned key (one run per assignment and student), and written to or
// read from a result file. The verdicts are the engine's (practice.check); this module only
// records them. A score kept in the browser is formative: a student can change it.
import { slices } from '../slices.js';
import { assignment as words } from '../../text/index.js';
import { isAttempt } from '../progress.js';
import {
  SETTINGS,
  assignmentKey,
  assignmentQuery,
  checkAssignment,
  fileNameOf,
  foldedName,
  normalName,
  optionsOf,
  outOfTries,
  problemsOf,
  scoreOf,
  studentSeed,
} from './definition.js';
import { ATTEMPTS_MOST } from './suspend.js';
import { either, exactly, fields, list, names, number, read, text, whole } from '../../files/schema.js';
import { fieldProblem, fileTooLarge } from '../../text/field.js';
import { FILE_MOST } from '../../files/size.js';
import { browserStorage } from '../storage.js';

export const KEY = 'attention-lab.assignments.v1';
export const RESULT_KIND = 'attention-lab assignment result';
const VERSION = 1;

const emptyProblem = () => ({ attempts: [], solved: false, solutionShown: false });

// The store as kept: {version, runs, students}, each run and name read by its schema when it is
// used (storedRun, lastStudent), so that one damaged run costs no other. Unreadable as a whole,
// it is a new store.
function readStore(storage) {
  try {
    const parsed = JSON.parse(storage?.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && parsed.version === VERSION ? parsed : { version: VERSION, runs: {} };
  } catch {
    return { version: VERSION, runs: {} };
  }
}
// The entry `name` of a store's object `part` (runs, students), held to `schema`: undefined when
// there is none, {damaged} when there is one that does not hold to it.
function entryOf(store, part, name, schema) {
  const all = store[part];
  if (all === null || typeof all !== 'object' || !Object.hasOwn(all, name)) return undefined;
  const r = read(all[name], schema, `${part}.${name}`);
  return r.field === undefined ? r.value : { damaged: all[name] };
}

// The name or id a student last worked under on this assignment (so a reload finds their run),
// and setting it ('' forgets it: "Not you?"). The page's own memory holds it too, for a browser
// that keeps nothing.
const inPage = new Map();
export function lastStudent(a, storage = browserStorage()) {
  const key = assignmentKey(a);
  const kept = entryOf(readStore(storage), 'students', key, ANY_TEXT);
  return inPage.get(key) ?? (typeof kept === 'string' ? kept : '');
}
export function rememberStudent(a, student, storage = browserStorage()) {
  inPage.set(assignmentKey(a), student.trim());
  try {
    const store = readStore(storage);
    store.students = { ...store.students, [assignmentKey(a)]: student.trim() };
    storage?.setItem(KEY, JSON.stringify(store));
  } catch {
    // Not kept: the student types it again after a reload.
  }
}

// The run of assignment `a` by `student` ('' when the assignment gives the class one set of
// seeds), created on first use; `practice` is the engine's practice set (which problems are
// choices). `now` gives time stamps (a test's clock, or Date's). A run keeps the settings it was
// first opened with (definition.js SETTINGS): an address changed later asks the same problems
// under the same rules, and `assignment` is the assignment as the run applies it.
// In an LMS, `resume` is the run as the LMS kept it (scorm.js: a record per problem, null for a
// problem it holds nothing of), which wins over this browser's copy, and `onSave(run, event)`
// hears of every change (event: {i, attempt, since} when an answer was counted, `since` the time
// of the problem's attempt before it, or null).
export function openRun(
  a,
  student,
  { practice, storage = browserStorage(), now = () => new Date(), resume = null, onSave = () => {} },
) {
  const problems = problemsOf(a, student);
  const options = problems.map((p) => optionsOf(practice, p));
  const id = `${assignmentKey(a)}|${foldedName(student)}`;
  // A run kept before runs had settings of their own was kept under the whole address. One that
  // does not hold to its schema is set aside (under KEY.damaged.<id>, one key a run, so that no
  // copy set aside replaces another), never read, and a new run begins; if it cannot be set
  // aside, the new run is not written over it (it lives in the page, which says so).
  const store = readStore(storage);
  let stored =
    entryOf(store, 'runs', id, STORED_RUN) ??
    entryOf(store, 'runs', `${assignmentQuery(a)}|${student.trim().toLowerCase()}`, STORED_RUN);
  const setAside = Boolean(stored?.damaged) && !resume;
  let overDamaged = false; // a damaged run that could not be set aside, which no new run replaces
  if (stored?.damaged) {
    try {
      storage?.setItem(`${KEY}.damaged.${id}`, JSON.stringify(stored.damaged));
    } catch {
      overDamaged = true;
    }
    stored = undefined;
  }
  const fresh = () => ({
    student: normalName(student),
    started: now().toISOString(),
    problems: problems.map(emptyProblem),
  });
  const run = resume
    ? { ...fresh(), started: stored?.started ?? now().toISOString(), problems: resume.map((r) => r ?? emptyProblem()) }
    : stored && stored.problems.length === problems.length
      ? stored
      : fresh();
  run.settings ??= Object.fromEntries(SETTINGS.map((name) => [name, a[name]]));
  const applied = { ...a, ...run.settings };
  // Where the browser keeps nothing, the run lives in the page until it is closed: said at once.
  let saveProblem = storage && !overDamaged ? '' : words.storeRefused;
  const keep = () => {
    if (overDamaged) return;
    try {
      const latest = readStore(storage);
      latest.runs = { ...latest.runs, [id]: run };
      storage?.setItem(KEY, JSON.stringify(latest));
      saveProblem = storage ? '' : words.storeRefused;
    } catch {
      saveProblem = words.storeRefused;
    }
  };
  const save = (event) => {
    keep();
    onSave(handle, event);
  };
  // A new run is kept at once, so that its settings are those of its first opening.
  if (run !== stored) keep();
  const handle = {
    id, // the run's name in storage: its problems and its student
    assignment: applied,
    problems, // [{family, seed, edition}] in order
    options, // how many options each problem chooses among (0: a written answer)
    get student() {
      return run.student;
    },
    get saveProblem() {
      return saveProblem;
    },
    // Whether the run kept for this assignment was damaged, set aside, and this one begun anew
    // (not in an LMS, whose copy of the run is resumed instead).
    setAside,
    of: (i) => run.problems[i],
    // Whether problem i takes no more attempts (its tries are spent, or ATTEMPTS_MOST reached).
    closed: (i) => outOfTries(applied, run.problems[i]) || run.problems[i].attempts.length >= ATTEMPTS_MOST,
    // A checked answer: recorded when it is an attempt; says whether it was.
    check(i, answer, verdict) {
      const p = run.problems[i];
      const last = p.attempts.at(-1)?.answer;
      const counts = isAttempt({
        readable: verdict.readable,
        solved: p.solved,
        solutionShown: p.solutionShown,
        answer,
        lastCounted: last,
      });
      if (!counts || handle.closed(i)) return false;
      const since = p.attempts.at(-1)?.at || null;
      const attempt = { answer, correct: verdict.correct, at: now().toISOString() };
      p.attempts.push(attempt);
      if (verdict.correct) p.solved = true;
      save({ i, attempt, since });
      return true;
    },
    showSolution(i) {
      run.problems[i].solutionShown = true;
      save();
    },
    score() {
      const attempts = run.problems.reduce((n, p) => n + p.attempts.length, 0);
      return { ...scoreOf(applied, run.problems, options), attempts };
    },
    // The result file: the assignment, the student, every answer typed with its verdict and time.
    result() {
      return {
        kind: RESULT_KIND,
        version: VERSION,
        assignment: applied,
        student: run.student,
        started: run.started,
        saved: now().toISOString(),
        score: this.score(),
        problems: problems.map((p, i) => ({ ...p, ...run.problems[i] })),
      };
    },
  };
  return handle;
}

// The longest result file read (web/files/size.js: a file past it is refused by its size,
// unread), and so the longest text: a file's characters are at most its bytes.
const RESULT_MOST = FILE_MOST.result;

// The parts of an assignment a file's copy may differ in, and a part of one as an object.
const PARTS = ['title', 'families', 'each', 'seed', 'edition', ...SETTINGS];
const pick = (a, name) => ({ [name]: a[name] });

// What a result file holds (the run's result(), above). Its texts are bounded by the file's
// length; the assignment's parts are read as a link carries them (text, numbers, flags, and the
// families' list), whose own reader (definition.js checkAssignment) then judges them.
const ANY_TEXT = text(RESULT_MOST);
const LINK_VALUE = either(ANY_TEXT, number(-Infinity, Infinity), exactly(true, false, null));
const FLAG = exactly(true, false);
const ATTEMPT = fields({ answer: either(exactly(null), ANY_TEXT), correct: FLAG, at: ANY_TEXT }, ['correct', 'at']);
const RESULT = fields(
  {
    assignment: names(either(LINK_VALUE, list(LINK_VALUE, RESULT_MOST)), RESULT_MOST),
    student: ANY_TEXT,
    started: ANY_TEXT,
    saved: ANY_TEXT,
    problems: list(
      fields(
        {
          family: ANY_TEXT,
          seed: whole(0, Number.MAX_SAFE_INTEGER),
          attempts: list(ATTEMPT, ATTEMPTS_MOST),
          solutionShown: FLAG,
        },
        ['solutionShown'],
      ),
      RESULT_MOST,
    ),
  },
  ['student', 'started', 'saved'],
);
// A run as this browser keeps it (openRun): its problems' records and the settings it opened with.
const STORED_RUN = fields(
  {
    student: ANY_TEXT,
    started: ANY_TEXT,
    problems: list(
      fields({ attempts: list(ATTEMPT, ATTEMPTS_MOST), solved: FLAG, solutionShown: FLAG }, [
        'solved',
        'solutionShown',
      ]),
      RESULT_MOST,
    ),
    settings: names(LINK_VALUE, RESULT_MOST),
  },
  ['settings'],
);

// A result file's name: the student's name in any script, and a hash of the name as it draws
// numbers, so that two students' files never share a name ("Ana García" and "Ana-García").
export const resultFileName = (student) =>
  `attention-lab-result-${fileNameOf(normalName(student), 'student')}-${studentSeed(student).toString(36)}.json`;

// Reads a result file: {result} or {problem}. Its verdicts are checked again by the engine's
// practice set (`practice.check`), so that an answer recorded as correct that the engine does not
// accept is shown as such: a file is the student's, and can be edited. The score is the engine's
// verdicts under the file's settings: attempts after the first correct one, or past the tries
// allowed, earn nothing. `expected`, the teacher's own assignment when the teacher opened the
// view from it, decides the problems, the pass mark and the settings; a file whose assignment is
// not it says where it differs (`otherAssignment`, the names of the differing parts).
export function readResult(text, familyIds, practice, expected = null) {
  const reading = readingResult(text, familyIds, practice, expected);
  for (;;) {
    const step = reading.next();
    if (step.done) return step.value;
  }
}

// The same reading in steps: it yields the share of the file read after each answer it checks
// (a file holds up to 140 problems of 999 attempts), so that readResults can give the page back.
function* readingResult(text, familyIds, practice, expected) {
  if (text.length > RESULT_MOST) return { problem: words.fileTooLarge({ most: RESULT_MOST, got: text.length }) };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: words.notJson };
  }
  if (data?.kind !== RESULT_KIND || data.version !== VERSION) return { problem: words.notResult };
  const r = read(data, RESULT);
  if (r.field !== undefined) return { problem: fieldProblem(r) };
  const file = r.value;
  const a = checkAssignment(file.assignment, familyIds, practice.edition);
  if (a.problems) return { problem: words.badAssignment({ problems: a.problems.join('; ') }) };
  const used = expected ?? a.assignment;
  const differs = (name) => assignmentQuery({ ...used, ...pick(a.assignment, name) }) !== assignmentQuery(used);
  const otherAssignment = expected ? PARTS.filter(differs) : [];
  const student = file.student ?? '';
  const problemsExpected = problemsOf(used, student);
  if (file.problems.length !== problemsExpected.length)
    return { problem: words.problemCount({ n: problemsExpected.length }) };
  const problems = [];
  for (const [i, p] of file.problems.entries()) {
    const { family, seed, edition } = problemsExpected[i];
    if (p.family !== family || p.seed !== seed) return { problem: words.notTheProblem({ i: i + 1, family, seed }) };
    // An answer an LMS could not keep (suspend.js) is null: shown as such, and not counted.
    const attempts = [];
    for (const [k, t] of p.attempts.entries()) {
      const recorded = t.correct === true;
      const at = t.at ?? '';
      if (t.answer === null) {
        attempts.push({ answer: null, at, recorded, correct: recorded, notKept: true });
        continue;
      }
      const verdict = practice.check(family, seed, t.answer, edition);
      attempts.push({ answer: t.answer, at, recorded, correct: verdict.correct, misconception: verdict.misconception });
      yield (i + (k + 1) / p.attempts.length) / file.problems.length;
    }
    problems.push({ family, seed, edition, attempts, solutionShown: p.solutionShown === true });
  }
  // Each problem as the run would have counted it from the engine's verdicts.
  const counted = problems.map((p) => {
    const first = p.attempts.findIndex((t) => t.correct && !t.notKept);
    const attempts = first < 0 ? p.attempts : p.attempts.slice(0, first + 1);
    const solved = first >= 0 && !outOfTries(used, { attempts: attempts.slice(0, -1), solved: false });
    return { attempts, solved };
  });
  const options = problemsExpected.map((p) => optionsOf(practice, p));
  return {
    result: {
      assignment: used,
      fileAssignment: a.assignment,
      otherAssignment,
      student,
      started: file.started ?? '',
      saved: file.saved ?? '',
      problems,
      score: {
        ...scoreOf(used, counted, options),
        attempts: problems.reduce((n, p) => n + p.attempts.length, 0),
      },
      // answers the file calls correct and the engine does not, or the other way round
      disagreements: problems.flatMap((p, i) => p.attempts.filter((t) => t.recorded !== t.correct).map(() => i + 1)),
    },
  };
}

// Result files read one after another ([{name, size, text()}], each text read only when its turn
// comes, so that 300 files of 4 MB are never all in memory as text, and a file past a result
// file's size never), giving the page back every slice (../slices.js) with the share of all files
// read so far (`onProgress`). Resolves to what readResult gives for each, with its name, or to
// null once `signal` is aborted.
export async function readResults(chosen, familyIds, practice, expected, { onProgress = () => {}, signal } = {}) {
  const files = [];
  const slice = slices();
  for (const [i, { name, size, text }] of chosen.entries()) {
    const large = fileTooLarge({ name, size }, 'result');
    if (large) {
      files.push({ name, problem: large });
      continue;
    }
    const reading = readingResult(await text(), familyIds, practice, expected);
    for (let step = reading.next(); ; step = reading.next()) {
      if (signal?.aborted) return null;
      if (step.done) {
        files.push({ name, ...step.value });
        break;
      }
      if (slice.due()) {
        onProgress((i + step.value) / chosen.length);
        await slice.pause();
      }
    }
  }
  return signal?.aborted ? null : files;
}
