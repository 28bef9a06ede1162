// The answers typed into the worked examples' worksheets, kept in localStorage under a versioned
// key so that a reload (or a closed tab) loses none: {"<example>|<sheet>": {cellId: text}}. Only
// text answers are read back, whatever else a damaged record holds; storage that is blocked or
// full leaves the answers in the page alone.
import { browserStorage } from './storage.js';
export const KEY = 'attention-lab.worksheets.v1';

export function createWorksheetStore(storage = browserStorage()) {
  let all = {};
  try {
    const parsed = JSON.parse(storage?.getItem(KEY) ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) all = parsed;
  } catch {
    // unreadable or blocked: start empty
  }
  return {
    // A sheet's answers as stored, as a fresh object the page may change.
    answers(key) {
      const stored = all[key] && typeof all[key] === 'object' ? all[key] : {};
      return Object.fromEntries(Object.entries(stored).filter(([, v]) => typeof v === 'string'));
    },
    save(key, answers) {
      all[key] = answers;
      try {
        storage?.setItem(KEY, JSON.stringify(all));
      } catch {
        // full or blocked: the answers stay in the page
      }
    },
  };
}
