// The student's practice progress in localStorage under a versioned key: attempts and solved
// variants per family. Data that is corrupt or from another version is set aside (under a
// backup key) and replaced, with a notice, never a crash. Export and import use JSON files; a
// file read is held until the student merges or replaces with it, and the import can be undone.
import { progressFile as words } from '../text/index.js';
import { fieldProblem, fileTooLarge } from '../text/field.js';
import { fields, list, names, read, whole } from '../files/schema.js';
import { FILE_MOST } from '../files/size.js';
import { browserStorage } from './storage.js';
import { MAX_SEED } from './assignment/definition.js';

export const KEY = 'attention-lab.progress.v1';
const VERSION = 1;

// Whether a checked answer is an attempt: one the engine could read (not a typo or the wrong
// format), new (Check pressed again adds nothing, nor does anything after the problem is
// solved), typed before the solution was shown. An assignment's run counts by the same rule.
export function isAttempt({ readable, solved, solutionShown, answer, lastCounted }) {
  return readable && !solved && !solutionShown && answer !== lastCounted;
}

const empty = () => ({ version: VERSION, families: Object.create(null) });

// What a progress file may hold: a week's work is a few kilobytes, and a count past these is not
// a student's. Seeds are the engine's (assignment/definition.js MAX_SEED).
export const PROGRESS_LIMITS = { bytes: FILE_MOST.progress, attempts: 1_000_000, solved: 10_000 };
const isRecord = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
// A family's record: attempts counted and the seeds of the variants solved.
const RECORD = fields({
  attempts: whole(0, PROGRESS_LIMITS.attempts),
  solved: list(whole(0, MAX_SEED), PROGRESS_LIMITS.solved),
});
const FAMILIES = names(RECORD);

// {progress, unknown} or {problem} (a message that names the field and what was wrong) for data
// read from storage or a file. With `known` (the families this page has), a file's record of
// another family is left out unread and counted in `unknown`; stored progress keeps every record.
export function validate(data, known = null) {
  if (!isRecord(data) || data.version !== VERSION || !isRecord(data.families)) return { problem: words.notProgress };
  const mine = Object.entries(data.families).filter(([id]) => !known || known.has(id));
  const r = read(Object.fromEntries(mine), FAMILIES, 'families');
  if (r.field !== undefined) return { problem: fieldProblem(r) };
  const families = Object.create(null);
  for (const [id, f] of Object.entries(r.value))
    families[id] = { attempts: f.attempts, solved: [...new Set(f.solved)].sort((a, b) => a - b) };
  return { progress: { version: VERSION, families }, unknown: Object.keys(data.families).length - mine.length };
}

// How much a progress holds: the families it has a record of, their solved variants and attempts.
export function totalsOf(progress) {
  const records = Object.values(progress.families);
  return {
    families: records.length,
    solved: records.reduce((n, f) => n + f.solved.length, 0),
    attempts: records.reduce((n, f) => n + f.attempts, 0),
  };
}

// Two progresses as one: every solved variant of either and, for each family, the larger count
// of attempts (merging the same file twice changes nothing).
export function merged(mine, theirs) {
  const families = Object.create(null);
  for (const [id, f] of [...Object.entries(mine.families), ...Object.entries(theirs.families)]) {
    const had = families[id];
    families[id] = had
      ? {
          attempts: Math.max(had.attempts, f.attempts),
          solved: [...new Set([...had.solved, ...f.solved])].sort((a, b) => a - b),
        }
      : { attempts: f.attempts, solved: [...f.solved] };
  }
  return { version: VERSION, families };
}

export function createProgress(storage = browserStorage()) {
  // Whether the browser keeps what is saved: not when it refuses the storage itself (no storage
  // at all), or a read or a write of it. The notice then says so.
  let stored = Boolean(storage);
  let notice = stored ? '' : words.cannotStore;
  let data = empty();
  // A file read but not yet applied ({incoming, unknown}), and the progress before the last
  // import, which Undo puts back for the rest of the session.
  let pending = null;
  let before = null;
  // How the last import went, for the page to say: '' (nothing to say), 'merged', 'replaced',
  // 'left', 'undone', or {failed: why}.
  let outcome = '';
  try {
    const raw = storage?.getItem(KEY);
    if (raw !== null && raw !== undefined) {
      let parsed;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = null;
      }
      const v = validate(parsed);
      if (v.progress) data = v.progress;
      else {
        storage.setItem(`${KEY}.damaged`, raw);
        notice = v.problem;
      }
    }
  } catch {
    stored = false;
    notice = words.cannotStore;
  }
  const save = () => {
    try {
      storage?.setItem(KEY, JSON.stringify(data));
    } catch {
      stored = false;
      notice = words.cannotStore;
    }
  };
  const entry = (id) => (data.families[id] ||= { attempts: 0, solved: [] });
  // A progress file's size, JSON and records checked; held in `pending` when it holds something
  // this page knows. Resolves to why not, or ''.
  async function held(file, known) {
    const large = fileTooLarge(file, 'progress');
    if (large) return large;
    const text = await file.text();
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      return words.notJson;
    }
    const v = validate(parsed, known);
    if (!v.progress) return v.problem;
    if (totalsOf(v.progress).families === 0) return words.nothingKnown;
    pending = { incoming: v.progress, unknown: v.unknown };
    return '';
  }
  return {
    get notice() {
      return notice;
    },
    // false once the browser refused to keep progress: it lasts while the page is open
    get stored() {
      return stored;
    },
    clearNotice() {
      notice = '';
    },
    of: (id) => data.families[id] || { attempts: 0, solved: [] },
    record(id, seed, correct) {
      const e = entry(id);
      e.attempts += 1;
      if (correct && !e.solved.includes(seed)) e.solved = [...e.solved, seed].sort((a, b) => a - b);
      save();
    },
    exportJson: () => JSON.stringify(data, null, 2),
    // Reads a progress file (a Blob: its size first, so that one past the limit is refused
    // unread) against the families this page knows (a Set of ids) and holds it for the student
    // to merge or replace with; nothing changes yet. Resolves to an error message or ''.
    async readFile(file, known) {
      pending = null;
      const problem = await held(file, known);
      outcome = problem ? { failed: problem } : '';
      return problem;
    },
    get outcome() {
      return outcome;
    },
    // The file held by readFile, as the page shows it before the student chooses: its totals,
    // the page's, and how many of its records this page does not know; null when none is held.
    get pending() {
      return pending && { theirs: totalsOf(pending.incoming), mine: totalsOf(data), unknown: pending.unknown };
    },
    // 'merge' or 'replace' the progress with the file held; anything else lets it go.
    apply(how) {
      if (pending && (how === 'merge' || how === 'replace')) {
        before = data;
        data = how === 'merge' ? merged(data, pending.incoming) : pending.incoming;
        save();
        outcome = how === 'merge' ? 'merged' : 'replaced';
      } else outcome = 'left';
      pending = null;
    },
    get canUndo() {
      return before !== null;
    },
    // The progress as it was before the last import.
    undo() {
      if (before === null) return;
      data = before;
      before = null;
      save();
      outcome = 'undone';
    },
  };
}
