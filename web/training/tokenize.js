// Tokenisers for the training corpora (text in, integer ids out, and back), a train/validation
// split, and batches of windows for lab.createModel(...).trainStep. No arithmetic of the model here.

import { byCodePoint, shownText } from './token-text.js';
import { refused } from '../text/refusal.js';
import { xorshift32 } from './xorshift.js';

// Characters as a list gives them: token i is vocab[i] (an opened model's vocabulary, in the
// order it was trained with). A character not in the list is refused, naming it.
export function listTokenizer(vocab) {
  const index = new Map(vocab.map((c, i) => [c, i]));
  return {
    kind: 'char',
    vocab,
    encode: (s) =>
      [...s].map((c) => {
        if (!index.has(c)) throw refused('vocabulary.character', { character: shownText(c) });
        return index.get(c);
      }),
    decode: (ids) => ids.map((i) => vocab[i] ?? '\uFFFD').join(''),
  };
}

// Characters (code points, of any script): every distinct character is a token, in code-point
// order (as nanoGPT's shakespeare_char prepares its vocabulary with Python's sorted()).
export const charTokenizer = (text) => listTokenizer([...new Set(text)].sort(byCodePoint));

// Words: tokens separated by white space, in order of first appearance.
export function wordTokenizer(text) {
  const words = text.split(/\s+/).filter(Boolean);
  const vocab = [...new Set(words)];
  const index = new Map(vocab.map((w, i) => [w, i]));
  return {
    kind: 'word',
    vocab,
    encode: (s) =>
      s
        .split(/\s+/)
        .filter(Boolean)
        .map((w) => {
          if (!index.has(w)) throw refused('vocabulary.word', { word: w });
          return index.get(w);
        }),
    decode: (ids) => ids.map((i) => vocab[i] ?? '\uFFFD').join(' '),
  };
}

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
