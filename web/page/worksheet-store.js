// The answers typed into the worked examples' worksheets, kept in localStorage under a versioned
// key so that a reload (or a closed tab) loses none: {"<example>|<sheet>": {cellId: text}}, held
// to its schema when read. A stored record that does not hold to it is set aside under
// `<key>.damaged` (never written over: when it cannot be set aside, new answers live in the page
// only), with a notice; storage that is blocked or full leaves the answers in the page alone.
import { names, read, text } from '../files/schema.js';
import { browserStorage } from './storage.js';
export const KEY = 'attention-lab.worksheets.v1';

// The longest answer a worksheet's box takes (its maxlength): a shape or a number, with room.
export const ANSWER_MOST = 200;
// More sheets and cells than the handout's worksheets have, by far.
const STORED = names(names(text(ANSWER_MOST), 1000), 1000);

// {answers(key), save(key, answers), notice}: notice is null, or what could not be read of the
// stored answers: {problem} (the schema's {field, expected, got}, or null for text that is not
// JSON) and whether they were set aside (`kept`).
export function createWorksheetStore(storage = browserStorage()) {
  let all = Object.create(null);
  let notice = null;
  let writable = true;
  let raw = null;
  try {
    raw = storage?.getItem(KEY) ?? null;
  } catch {
    // blocked: start empty, and keep the answers in the page
  }
  if (raw !== null) {
    let r = null;
    try {
      r = read(JSON.parse(raw), STORED);
    } catch {
      // not JSON: r stays null
    }
    if (r && r.field === undefined) all = r.value;
    else {
      try {
        storage.setItem(`${KEY}.damaged`, raw);
      } catch {
        writable = false;
      }
      notice = { problem: r, kept: writable };
    }
  }
  return {
    notice,
    // A sheet's answers as stored, as a fresh object the page may change.
    answers: (key) => ({ ...(Object.hasOwn(all, key) ? all[key] : {}) }),
    save(key, answers) {
      all[key] = answers;
      if (!writable) return;
      try {
        storage?.setItem(KEY, JSON.stringify(all));
      } catch {
        // full or blocked: the answers stay in the page
      }
    },
  };
}
