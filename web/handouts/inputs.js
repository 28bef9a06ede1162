// What a worked example's input accepts, and the one check every value passes before the engine
// or a view does any work with it: a typed cell, a number field and a teacher's address alike.
// An example declares each input beside its handout value (examples/*.js):
//   {value, integer, min, max, token, maxLength, depth, choices}
// - choices: the values a menu input takes (its step's menu shows them, labelled);
// - integer, min, max: every number in it (a token id is an integer from 0 to the last id);
// - maxLength: the longest each axis of an array may be (MAX_LENGTH unless declared), so that
//   the work an address can ask for is bounded before it starts;
// - depth: the number of axes, for an input whose handout value is derived (null).
// A value the check refuses gets a message with the bound and what was received, and the
// example keeps its last good state.
import { inputs as words, said } from '../text/index.js';
import { short } from '../locale/number.js';

// The longest axis an array input may have unless it declares its own: every handout value is
// at most 7 long, and 16 keeps the largest tables of a step (16 × 16 per matrix) within a frame.
export const MAX_LENGTH = 16;

// A seed is any whole number a double holds exactly; the engine reads it as a 64-bit integer.
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

const depthOf = (a) => {
  let d = 0;
  for (let v = a; Array.isArray(v); v = v[0]) d += 1;
  return d;
};

// The error for one number, or null: finite, whole where asked, within [min, max]. `received`
// is what the message quotes: the text typed, or the value an address gave.
function numberError(value, spec, received = shown(value)) {
  const fits =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!spec.integer || Number.isInteger(value)) &&
    (spec.min === undefined || value >= spec.min) &&
    (spec.max === undefined || value <= spec.max);
  return fits ? null : expected(spec, received);
}

// A value from an address as a message quotes it, at most 40 characters.
const shown = (v) => (typeof v === 'number' ? short(v) : (JSON.stringify(v) ?? String(v))).slice(0, 40);

// "expected a whole number from 0 to 9, received 12": what the input takes, then what came.
function expected(spec, received) {
  const { min, max } = spec;
  const bounds =
    min !== undefined && max !== undefined
      ? words.bounds.range({ min, max })
      : min !== undefined
        ? words.bounds.atLeast({ min })
        : max !== undefined
          ? words.bounds.atMost({ max })
          : '';
  const what = spec.token
    ? words.what.token({ bounds })
    : spec.integer
      ? words.what.integer({ bounds })
      : bounds
        ? words.what.number({ bounds })
        : words.what.any;
  return words.expected({ what, received });
}

// What a student typed into a cell or a number field -> {value} or {error}. `read` is the
// engine's number reader (lab.parseNumber), so fields take the practice set's exact forms: 0.5,
// 1/2, ln 2, sqrt(2)*ln(2), e^-1.
export function readNumber(text, spec, read) {
  const typed = String(text);
  if (typed.trim() === '') return { error: expected(spec, words.empty) };
  const r = read(typed);
  if (!r.ok) return { error: words.unreadable({ expected: expected(spec, `"${typed}"`), error: said(r.error) }) };
  const error = numberError(r.value, spec, typed);
  return error ? { error } : { value: r.value };
}

// A whole input's value (from an address) -> {value}, or {error, at}: what is wrong, and where
// in the array ("[2]", "[0][1]"; "" for the whole value).
export function checkInput(value, spec) {
  if (typeof spec.value === 'string') {
    return spec.choices.includes(value)
      ? { value }
      : { error: words.expectedChoice({ choices: spec.choices, received: shown(value) }) };
  }
  if (typeof spec.value === 'number') {
    const error = numberError(value, spec);
    return error ? { error } : { value };
  }
  const depth = spec.depth ?? depthOf(spec.value);
  const maxLength = spec.maxLength ?? MAX_LENGTH;
  // Walks the array to the first entry that is not what the input takes: [where, what is wrong].
  const walk = (v, axis, at) => {
    if (axis === depth) {
      const error = numberError(v, spec);
      return error && [at, error];
    }
    if (!Array.isArray(v)) return [at, words.expectedAxes({ axes: depth - axis, received: shown(v) })];
    if (v.length < 1 || v.length > maxLength) return [at, words.expectedLength({ max: maxLength, n: v.length })];
    for (const [i, e] of v.entries()) {
      const wrong = walk(e, axis + 1, `${at}[${i}]`);
      if (wrong) return wrong;
    }
    return null;
  };
  const wrong = walk(value, 0, '');
  return wrong ? { at: wrong[0], error: wrong[1] } : { value };
}
