// Tokenisers (text in, integer ids out, and back): the training corpora's, and an opened model's
// vocabulary. No arithmetic of the model here.

import { byCodePoint, shownText } from './token-text.js';
import { refused } from '../text/refusal.js';

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
