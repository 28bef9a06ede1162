// The sequence Open a model scores its heads on: a stretch of distinct token ids, then the same
// stretch again, so that every token of the repeat has one first appearance (a stretch with a
// token twice would make its induction and duplicate stripes point two ways).
import { xorshift32 } from '../../../training/xorshift.js';

// `period` distinct ids of a vocabulary of V (at least `period` of them), drawn by a partial
// Fisher–Yates shuffle from `seed`, followed by the same ids again.
export function repeatedStretch(V, period, seed) {
  const next = xorshift32(seed);
  const picked = new Map(); // the shuffle's swapped places, so that V = 50,257 needs no array of V
  const at = (i) => (picked.has(i) ? picked.get(i) : i);
  const stretch = [];
  for (let i = 0; i < period; i++) {
    const j = i + (next() % (V - i));
    const [a, b] = [at(i), at(j)];
    picked.set(i, b);
    picked.set(j, a);
    stretch.push(b);
  }
  return [...stretch, ...stretch];
}
