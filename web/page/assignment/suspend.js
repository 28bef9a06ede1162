// A run as SCORM 1.2's cmi.suspend_data holds it: at most 4,096 characters (SCORM 1.2's limit;
// Moodle refuses more with error 405). Nothing is ever left out to fit: an answer in an LMS run
// has at most ANSWER_MOST characters (the box refuses a longer one, with the reason), and the
// teacher's view makes no package whose worst run (every answer at its longest, every problem at
// ATTEMPTS_MOST attempts) would not fit (worstSuspendLength).
//
// The run is kept by family and seed, not by the problem's place, so that a changed package
// uploaded into the same activity resumes every answer to a problem it still asks:
//   {"v":2,"e":<edition>,"s":<first seed>,"f":{"<family>":[[attempts, solved, solutionShown, lastAnswer | null], ...]}}
// row k of a family is its problem of seed s + k in edition e of the problem set (definition.js
// problemsOf; no e: edition 1), so that a package of another edition resumes none of them: its
// problems of the same seeds are other problems. Version 1, written by earlier packages
// ({"v":1,"p":[[...], ...]}, a row per problem in order, edition 1), is read when it has as many
// rows as the assignment has problems.
import { FIRST_EDITION, MAX_SEED } from './definition.js';
import { either, exactly, fields, list, names, read, row, rule, text, whole } from '../../files/schema.js';

export const SUSPEND_LIMIT = 4096;
// Characters of one answer as stored (JSON escapes count): the longest answer any problem needs,
// written to 4 significant digits, is 85 (a 3 × 3 matrix), and the handout's 29 kinds, one of
// each, fit at 100 with room to spare (the test "every answer fits").
export const ANSWER_MOST = 100;
// Attempts on one problem: three digits in the record. Past it, an answer is checked but not
// counted, and the student is told.
export const ATTEMPTS_MOST = 999;
// A family's rows: the most problems of one kind an assignment may have (definition.js LIMITS).
const ROWS_MOST = 5;
const VERSION = 2;

export const storedLength = (answer) => JSON.stringify(answer).length - 2;

const seedAt = (base, k) => (base + k) % (MAX_SEED + 1);
const key = (family, seed, edition) => `${family}|${seed}|${edition}`;
const editionOf = (problems) => problems[0]?.edition ?? FIRST_EDITION;

// The text for `records` ({attempts, solved, solutionShown}) of `problems` ([{family, seed,
// edition}], consecutive seeds per family from `base`, one edition). Throws a RangeError rather
// than cut anything.
export function encodeSuspend(problems, records, base) {
  const f = {};
  problems.forEach(({ family }, i) => {
    const r = records[i];
    (f[family] ??= []).push([
      r.attempts.length,
      r.solved ? 1 : 0,
      r.solutionShown ? 1 : 0,
      r.attempts.at(-1)?.answer ?? null,
    ]);
  });
  const text = JSON.stringify({ v: VERSION, e: editionOf(problems), s: base, f });
  if (text.length > SUSPEND_LIMIT)
    throw new RangeError(`suspend data: ${text.length} characters, more than SCORM 1.2's ${SUSPEND_LIMIT}`);
  return text;
}

// The longest suspend data a run of these problems can need.
export function worstSuspendLength(problems) {
  const f = {};
  for (const { family } of problems) (f[family] ??= []).push([ATTEMPTS_MOST, 1, 1, 'x'.repeat(ANSWER_MOST)]);
  return JSON.stringify({ v: VERSION, e: editionOf(problems), s: MAX_SEED, f }).length;
}

// Why these problems cannot be a package's run, or null: their worst run does not fit.
export function suspendProblem(problems) {
  const needs = worstSuspendLength(problems);
  return needs > SUSPEND_LIMIT ? { needs, most: SUSPEND_LIMIT } : null;
}

// A problem's row, [attempts, solved, solutionShown, lastAnswer | null]: no answer and not solved
// before an attempt.
const ROW = rule(
  row(
    whole(0, ATTEMPTS_MOST),
    exactly(0, 1),
    exactly(0, 1),
    either(
      exactly(null),
      rule(text(SUSPEND_LIMIT), (a) => storedLength(a) <= ANSWER_MOST, text(ANSWER_MOST)),
    ),
  ),
  ([n, solved, , last]) => n > 0 || (solved === 0 && last === null),
  row(whole(0, ATTEMPTS_MOST), exactly(0, 1), exactly(0, 1), exactly(null)),
);
// The two versions, which `v` tells apart. Version 1's rows are checked against the
// assignment's count of problems by the reader.
const VERSIONS = {
  1: fields({ v: exactly(1), p: list(ROW, SUSPEND_LIMIT) }),
  [VERSION]: fields(
    {
      v: exactly(VERSION),
      e: whole(FIRST_EDITION, Number.MAX_SAFE_INTEGER),
      s: whole(0, MAX_SEED),
      f: names(list(ROW, ROWS_MOST)),
    },
    ['e'],
  ),
};

// A record from a row: its attempts as placeholders (only the last answer is kept; earlier ones
// are null), at most ATTEMPTS_MOST of them.
function recordOf([n, solved, shown, last]) {
  const attempts = Array.from({ length: n }, () => ({ answer: null, correct: false, at: '' }));
  if (n) attempts[n - 1] = { answer: last, correct: solved === 1, at: '' };
  return { attempts, solved: solved === 1, solutionShown: shown === 1 };
}

// Reads what the LMS kept for these problems. Returns null when nothing was kept (a first
// launch); {records, carried, dropped} when it can be read (records[i] for problems[i], null
// where the text holds nothing for it; dropped: rows of problems this assignment no longer asks);
// {unreadable: <the first field that could not be read>} otherwise ('cmi.suspend_data' for the
// text as a whole, 'v', 's', 'f.<family>', 'f.<family>[k]', 'f.<family>[k][j]' …; a family's
// name cut to 20 characters), read by the schema of its version (files/schema.js). Nothing is
// half-read, and nothing is allocated before the size and every row are checked.
export function decodeSuspend(text, problems) {
  if (text === '') return null;
  const unreadable = { unreadable: 'cmi.suspend_data' };
  if (typeof text !== 'string' || text.length > SUSPEND_LIMIT) return unreadable;
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return unreadable;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return unreadable;
  const schema = Object.hasOwn(VERSIONS, data.v) ? VERSIONS[data.v] : null;
  if (!schema) return { unreadable: 'v' };
  const r = read(data, schema);
  if (r.field !== undefined) return { unreadable: r.field };
  const run = r.value;
  const rows = new Map();
  if (run.v === 1) {
    if (run.p.length !== problems.length) return { unreadable: 'p' };
    problems.forEach((p, i) => rows.set(key(p.family, p.seed, FIRST_EDITION), run.p[i]));
  } else
    for (const [family, kept] of Object.entries(run.f))
      kept.forEach((row, k) => rows.set(key(family, seedAt(run.s, k), run.e ?? FIRST_EDITION), row));
  const keyOf = (p) => key(p.family, p.seed, p.edition ?? FIRST_EDITION);
  const records = problems.map((p) => (rows.has(keyOf(p)) ? recordOf(rows.get(keyOf(p))) : null));
  const carried = records.filter(Boolean).length;
  const tried = [...rows.values()].filter((row) => row[0] > 0 || row[2] === 1).length;
  const carriedTried = problems.filter((p) => {
    const row = rows.get(keyOf(p));
    return row && (row[0] > 0 || row[2] === 1);
  }).length;
  return { records, carried, dropped: tried - carriedTried };
}
