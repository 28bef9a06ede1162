// An assignment: what a teacher sets and every student of the class runs, as one serialisable
// object, and its round trip through the address:
//   #/assignment?title=Week+3&families=retrieval,rmsnorm&each=2&seed=17&hints=1&solutions=0&pass=70
//   seed=student draws each student's seeds from the name or id they type, so that neighbours
//   get different numbers; a number gives the whole class the same problems.
//   edition=2 names the edition of the problem set the assignment was made in (the engine's
//   practice.edition); a link without it is of edition 1. A newer engine draws an older
//   edition's problems as they were, so an assignment's problems never change under a class.
// No DOM here: the teacher's view, the student's run, the SCORM package and the worksheet all
// read the same object.
import { assignment as words } from '../../text/index.js';
import { excerpt } from '../../text/refusal.js';

// The seeds the engine's property test walks (every family makes a problem for each of them).
export const MAX_SEED = 2 ** 31 - 1;
// students: the most sheets one printing asks for, and resultFiles the most result files read at
// once (a large class in one go; each sheet, and each file's re-check, is the whole assignment).
// tries: the most attempts a teacher may allow on a problem (0: no limit); penalty: the share of
// a problem's credit a wrong attempt costs, in percent.
export const LIMITS = {
  title: 120,
  each: 5,
  pass: [0, 100],
  tries: 10,
  penalty: [0, 100],
  students: 300,
  resultFiles: 300,
};
export const STUDENT = 'student';

export const FIRST_EDITION = 1;

// The one problem from each family (class seed 0 is the handout's own example; 1 is the first
// generated one), passed at 60 %, in the problem set's latest `edition`: the assignment a package
// is built with unless a teacher sets one.
export function defaultAssignment(familyIds, edition) {
  return {
    title: words.defaultTitle,
    families: [...familyIds],
    each: 1,
    seed: 1,
    edition,
    hints: true,
    solutions: false,
    pass: 60,
    tries: 0,
    penalty: 0,
  };
}

// A title or a name as it is kept: every control character (C0 and C1: a tab, a newline, a NUL)
// a space and a lone surrogate U+FFFD, as UTF-8 writes it, and U+FFFE and U+FFFF gone: the
// characters XML 1.0 forbids, so that what a link or a typed name carries can enter
// imsmanifest.xml, a file name, a CSV cell and the page as it is.
export const plainText = (text) =>
  text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\p{Cs}/gu, '\uFFFD')
    .replace(/[\uFFFE\uFFFF]/g, '');

// A name or id as typed, as it is kept and shown: plain text, compatibility forms composed (NFKC:
// a decomposed "García" and a full-width "１２３" are the ordinary ones), runs of spaces one
// space, no space at the ends.
export const normalName = (name) => plainText(name).normalize('NFKC').replace(/\s+/gu, ' ').trim();
// ...and as it draws numbers: case folded too (upper then lower case folds "ß" with "SS").
export const foldedName = (name) => normalName(name).toUpperCase().toLowerCase().normalize('NFKC');

// FNV-1a, 32 bits, of the folded id: the same student gets the same seeds on any machine, in
// any browser, in the package and on paper, however the name's spaces, case and accents were
// typed. Kept to the engine's seed range.
export function studentSeed(student) {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(foldedName(student))) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & MAX_SEED;
}

// The problems in order: each family `each` times, on consecutive seeds from the class's seed
// or the student's.
export function problemsOf(a, student = '') {
  const base = a.seed === STUDENT ? studentSeed(student) : a.seed;
  const edition = a.edition ?? FIRST_EDITION;
  return a.families.flatMap((family) =>
    Array.from({ length: a.each }, (_, k) => ({ family, seed: (base + k) % (MAX_SEED + 1), edition })),
  );
}

const flag = (v) => (v ? '1' : '0');

export function assignmentQuery(a) {
  const params = new URLSearchParams();
  params.set('title', a.title);
  params.set('families', a.families.join(','));
  params.set('each', String(a.each));
  params.set('seed', String(a.seed));
  // Written from edition 2 on, so that a link made before editions existed reads the same.
  if ((a.edition ?? FIRST_EDITION) > FIRST_EDITION) params.set('edition', String(a.edition));
  params.set('hints', flag(a.hints));
  params.set('solutions', flag(a.solutions));
  params.set('pass', String(a.pass));
  // Written only when set, so that a link made before they existed reads the same.
  if (a.tries) params.set('tries', String(a.tries));
  if (a.penalty) params.set('penalty', String(a.penalty));
  return params.toString();
}

// The settings a run keeps from its first opening, whatever a later address says.
export const SETTINGS = ['hints', 'solutions', 'pass', 'tries', 'penalty'];
// A canonical key for storage: two links that ask the same problems share a student's run, and
// its settings are the run's own.
export function assignmentKey(a) {
  const params = new URLSearchParams(assignmentQuery(a));
  for (const name of SETTINGS) params.delete(name);
  return params.toString();
}

const wholeIn = (text, lo, hi) => /^\d{1,10}$/.test(text) && Number(text) >= lo && Number(text) <= hi;

// Reads an assignment from the address's parameters (a URLSearchParams or its string), checked
// against the engine's families and its latest edition of the problem set. Returns {assignment}
// or {problems: [...]}: every problem, and no assignment at all when there is one (nothing is
// half-loaded).
export function readAssignment(query, familyIds, latest = FIRST_EDITION) {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const problems = [];
  const known = new Set(['title', 'families', 'each', 'seed', 'edition', ...SETTINGS]);
  for (const key of params.keys()) if (!known.has(key)) problems.push(words.unknownSetting({ key }));

  const title = plainText(params.get('title') ?? '').trim();
  if (!title) problems.push(words.noTitle);
  else if (title.length > LIMITS.title) problems.push(words.longTitle({ most: LIMITS.title, got: title.length }));

  const listed = (params.get('families') ?? '').split(',').filter(Boolean);
  const families = [...new Set(listed)];
  if (!families.length) problems.push(words.noFamilies);
  for (const id of families) if (!familyIds.includes(id)) problems.push(words.unknownFamily({ id }));
  if (families.length !== listed.length) problems.push(words.repeatedFamily);

  const eachText = params.get('each') ?? '1';
  if (!wholeIn(eachText, 1, LIMITS.each)) problems.push(words.badEach({ most: LIMITS.each, got: eachText }));

  const seedText = params.get('seed') ?? '';
  if (seedText !== STUDENT && !wholeIn(seedText, 0, MAX_SEED))
    problems.push(words.badSeed({ most: MAX_SEED, got: seedText }));

  const editionText = params.get('edition') ?? String(FIRST_EDITION);
  if (!wholeIn(editionText, FIRST_EDITION, latest)) problems.push(words.badEdition({ latest, got: editionText }));

  const flags = {};
  for (const name of ['hints', 'solutions']) {
    const v = params.get(name) ?? '0';
    if (v !== '0' && v !== '1') problems.push(words.badFlag({ name, got: v }));
    flags[name] = v === '1';
  }
  const passText = params.get('pass') ?? '';
  if (!wholeIn(passText, ...LIMITS.pass)) problems.push(words.badPass({ got: passText }));
  const triesText = params.get('tries') ?? '0';
  if (!wholeIn(triesText, 0, LIMITS.tries)) problems.push(words.badTries({ most: LIMITS.tries, got: triesText }));
  const penaltyText = params.get('penalty') ?? '0';
  if (!wholeIn(penaltyText, ...LIMITS.penalty)) problems.push(words.badPenalty({ got: penaltyText }));

  if (problems.length) return { problems };
  return {
    assignment: {
      title,
      families,
      each: Number(eachText),
      seed: seedText === STUDENT ? STUDENT : Number(seedText),
      edition: Number(editionText),
      hints: flags.hints,
      solutions: flags.solutions,
      pass: Number(passText),
      tries: Number(triesText),
      penalty: Number(penaltyText),
    },
  };
}

// The same checks on an object (a result file's or a package's copy), by its query.
export function checkAssignment(a, familyIds, latest = FIRST_EDITION) {
  if (!a || typeof a !== 'object' || !Array.isArray(a.families)) return { problems: [words.notAnAssignment] };
  // A file's fields as a link would carry them: text, numbers and flags as they are, anything
  // else (an object, a list) by its brackets, which the checks refuse by name; a title that is
  // not text is none.
  const asLink = (v) => (v === null || typeof v !== 'object' ? v : excerpt(v));
  const fields = Object.fromEntries(Object.entries(a).map(([k, v]) => [k, asLink(v)]));
  fields.families = a.families.map(asLink);
  if (typeof a.title !== 'string') fields.title = '';
  return readAssignment(assignmentQuery(fields), familyIds, latest);
}

// How many options a problem chooses among (2 or more), or 0 for an answer that is written:
// `practice` is the engine's practice set.
export function optionsOf(practice, { family, seed, edition }) {
  const p = practice.generate(family, seed, edition);
  return ['choice', 'token'].includes(p.format) && p.words.length > 1 ? p.words.length : 0;
}

// A problem's credit, from 0 to 1: nothing until it is solved; then 1, less a cost for each wrong
// attempt before it. A choice among k options costs 1/(k − 1) a wrong attempt, so that trying the
// options in turn earns half a problem on average, whatever the settings; a written answer
// costs the assignment's penalty.
export function creditOf(a, record, options) {
  if (!record.solved) return 0;
  const wrong = record.attempts.filter((t) => !t.correct).length;
  const cost = options > 1 ? 1 / (options - 1) : (a.penalty ?? 0) / 100;
  return Math.max(0, 1 - wrong * cost);
}

// Whether a problem takes no more attempts: the assignment's tries were all wrong.
export const outOfTries = (a, record) =>
  !record.solved && a.tries > 0 && record.attempts.filter((t) => !t.correct).length >= a.tries;

// The score of `records` (with options[i] for each, optionsOf): problems solved of the total, the
// credit they earn, its percentage, and whether that reaches the pass mark.
export function scoreOf(a, records, options) {
  const total = records.length;
  const solved = records.filter((r) => r.solved).length;
  const credit = records.reduce((sum, r, i) => sum + creditOf(a, r, options[i]), 0);
  const percent = total ? (100 * credit) / total : 0;
  return { solved, total, credit, percent, passed: percent >= a.pass };
}

// A text as part of a file name: its letters, marks and digits in any script (NFC), everything
// else as single hyphens, at most 60 characters; `fallback` when nothing is left.
export function fileNameOf(text, fallback = 'assignment') {
  const kept = text
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return kept || fallback;
}
