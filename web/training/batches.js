// A token stream's train/validation split, and batches of windows for
// lab.createModel(...).trainStep. No arithmetic of the model here.

import { xorshift32 } from './xorshift.js';

// The last `validFraction` of the stream is held out for validation.
export function split(ids, validFraction = 0.1) {
  if (!(validFraction > 0 && validFraction < 1))
    throw new Error(`split: validFraction must be between 0 and 1, got ${validFraction}`);
  const cut = Math.round(ids.length * (1 - validFraction));
  return { train: ids.slice(0, cut), valid: ids.slice(cut) };
}

// B windows of T + 1 consecutive ids (inputs and their next-token targets), at positions drawn
// from `seed`; the same seed gives the same batch.
export function windows(ids, B, T, seed) {
  if (ids.length < T + 1)
    throw new Error(`windows: T = ${T} needs at least ${T + 1} ids, the stream has ${ids.length}`);
  const next = xorshift32(seed);
  return Array.from({ length: B }, () => {
    const start = next() % (ids.length - T);
    return ids.slice(start, start + T + 1);
  });
}
