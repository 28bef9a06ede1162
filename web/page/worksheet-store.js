// The answers typed into the worked examples' worksheets, kept in localStorage under a versioned
// key so that a reload (or a closed tab) loses none: {"<example>|<sheet>": {cellId: text}}, each
// sheet held to its schema when read. A sheet that does not hold to it is left out, and the whole
// stored record is set aside under `<key>.damaged` (never written over: when it cannot be set
// aside, new answers live in the page only), with a notice; the other sheets' answers stay.
// Storage that is blocked or full leaves the answers in the page alone.
import { names, read, text } from '../files/schema.js';
import { browserStorage } from './storage.js';
export const KEY = 'attention-lab.worksheets.v1';

// The longest answer a worksheet's box takes (its maxlength): a shape or a number, with room.
export const ANSWER_MOST = 200;
// More sheets and cells than the handout's worksheets have, by far: the record is an object of
// sheets, each an object of answers.
const SHEETS_MOST = 1000;
const SHEET = names(text(ANSWER_MOST), 1000);

// {answers(key), save(key, answers), notice}: notice is null, or what could not be read of the
// stored answers: {problem} (the schema's {field, expected, got}: the record's, or the first
// sheet's that was left out; null for text that is not JSON) and whether the record was set
// aside (`kept`).
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
    let problem = null;
    let parsed;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    if (parsed !== undefined) {
      const isRecord = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
      const whole =
        isRecord && Object.keys(parsed).length <= SHEETS_MOST ? null : read(parsed, names(SHEET, SHEETS_MOST), KEY);
      if (whole) problem = { ...whole, field: whole.field || KEY };
      else
        for (const [name, sheet] of Object.entries(parsed)) {
          const r = read(sheet, SHEET, name);
          if (r.field === undefined) all[name] = r.value;
          else problem ??= r;
        }
    }
    if (parsed === undefined || problem) {
      try {
        storage.setItem(`${KEY}.damaged`, raw);
      } catch {
        writable = false;
      }
      notice = { problem, kept: writable };
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
