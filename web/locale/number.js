// How the page writes a number: its one rounded format, and the exact form. Below the catalogues
// (which format their numbers with it) and every view. No arithmetic of the handout's happens here.

import { languageInfo } from './language.js';

const MINUS = '\u2212';
// Large whole numbers are grouped by thousands with the language's separator (see language.js).
const GROUP = languageInfo().group;

// The page's one number format, used for every number it shows rounded (tables, facts, legends,
// feedback, solutions, the training panel):
// - a whole number: every digit, grouped by thousands from 10,000 on (counts, shapes, token
//   ids, steps; 2,097,152 multiply-adds are not 2.10e+6);
// - otherwise, from 0.001 up to a million: `digits` significant digits (4 unless the handout
//   quotes the number more precisely, as the loss 3.02041), trailing zeros dropped;
// - smaller or larger: scientific notation with one digit fewer (3.35e−4, 1.50e+6).
// exact() gives every digit a double keeps, on hover, on focus and in copies.
const SCIENTIFIC_BELOW = 1e-3;
const SCIENTIFIC_FROM = 1e6;

// (One argument only, so that xs.map(short) is safe; precise() takes the digits.)
export const short = (x) => rounded(x, 4);
export const precise = (x, digits) => rounded(x, digits);

function rounded(x, digits) {
  if (x === Number.NEGATIVE_INFINITY) return `${MINUS}\u221e`;
  if (x === Number.POSITIVE_INFINITY) return '\u221e';
  if (typeof x === 'boolean') return x ? 'true' : 'false';
  if (typeof x !== 'number') return String(x);
  if (Number.isNaN(x)) return 'NaN';
  if (x === 0 || Object.is(x, -0)) return '0';
  const a = Math.abs(x);
  let s;
  if (Number.isSafeInteger(x)) s = a >= 1e4 ? x.toLocaleString('en').replaceAll(',', GROUP) : String(x);
  else if (a >= SCIENTIFIC_BELOW && a < SCIENTIFIC_FROM) s = String(Number(x.toPrecision(digits)));
  else s = x.toExponential(digits - 2);
  return s.replaceAll('-', MINUS);
}

// An answer as the engine read it (a number, a vector, a matrix as nested arrays, or words), in
// the same format as everything else on the page.
export function answerText(value) {
  if (Array.isArray(value)) return `[${value.map(answerText).join(', ')}]`;
  return typeof value === 'number' ? short(value) : String(value);
}

// Exact: every digit JavaScript keeps (shortest round-trip form).
export function exact(x) {
  if (typeof x !== 'number') return String(x);
  if (!Number.isFinite(x)) return short(x);
  return String(x);
}

export const vector = (xs) => `[${xs.map(short).join(', ')}]`;
