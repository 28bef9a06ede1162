// The student's practice progress in localStorage under a versioned key: attempts and solved
// variants per family. Data that is corrupt or from another version is set aside (under a
// backup key) and replaced, with a notice, never a crash. Export and import use JSON files.
import { progressFile as words } from '../text/index.js';
import { browserStorage } from './storage.js';

export const KEY = 'attention-lab.progress.v1';
const VERSION = 1;

// Whether a checked answer is an attempt: one the engine could read (not a typo or the wrong
// format), new (Check pressed again adds nothing, nor does anything after the problem is
// solved), typed before the solution was shown. An assignment's run counts by the same rule.
export function isAttempt({ readable, solved, solutionShown, answer, lastCounted }) {
  return readable && !solved && !solutionShown && answer !== lastCounted;
}

const empty = () => ({ version: VERSION, families: {} });

// {progress} or {progress, problem} when what was stored could not be used.
export function validate(data) {
  if (
    !data ||
    typeof data !== 'object' ||
    data.version !== VERSION ||
    !data.families ||
    typeof data.families !== 'object'
  ) {
    return { problem: words.notProgress };
  }
  const families = {};
  for (const [id, f] of Object.entries(data.families)) {
    const okAttempts = Number.isInteger(f?.attempts) && f.attempts >= 0;
    const okSolved = Array.isArray(f?.solved) && f.solved.every((s) => Number.isInteger(s) && s >= 0);
    if (!okAttempts || !okSolved) return { problem: words.damagedEntry({ id }) };
    families[id] = { attempts: f.attempts, solved: [...new Set(f.solved)].sort((a, b) => a - b) };
  }
  return { progress: { version: VERSION, families } };
}

export function createProgress(storage = browserStorage()) {
  let notice = '';
  let data = empty();
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
    notice = words.cannotStore;
  }
  const save = () => {
    try {
      storage?.setItem(KEY, JSON.stringify(data));
    } catch {
      notice = words.cannotStore;
    }
  };
  const entry = (id) => (data.families[id] ||= { attempts: 0, solved: [] });
  return {
    get notice() {
      return notice;
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
    // Replaces the progress with an exported file's; returns an error message or ''.
    importJson(text) {
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        return words.notJson;
      }
      const v = validate(parsed);
      if (!v.progress) return v.problem;
      data = v.progress;
      save();
      return '';
    },
  };
}
