// The handout's worked examples as plain data (the numbers the handout states); the engine computes
// everything derived from them.
const ln2 = Math.log(2);

// §2.1: d_k = 2, one query, three keys, the values v0, v1, v2 named in §4.1.
export const retrieval = {
  q: [[1, 0]],
  k: [
    [Math.SQRT2 * ln2, 0],
    [0, 1],
    [0, -1],
  ],
  v: [
    [2, 0],
    [0, 2],
    [4, 4],
  ],
};

// §7.4: vocabulary [A, B, C], D = 2, one head (d_k = 1, d_v = 2), ReLU FFN with W1 = I and
// W2 = I/2, no norms, untied head.
export const toyVocabulary = ['A', 'B', 'C'];
export const toyModel = {
  embedding: [
    [1, 0],
    [0, 0.5],
    [0.5, 0.5],
  ],
  positions: [
    [0, 0],
    [0, 0.5],
    [0.5, 0.5],
  ],
  blocks: [
    {
      attn: {
        wQ: [[1], [0]],
        wK: [[ln2], [0]],
        wV: [
          [1, 0],
          [0, 1],
        ],
      },
      ffn: {
        w1: [
          [1, 0],
          [0, 1],
        ],
        w2: [
          [0.5, 0],
          [0, 0.5],
        ],
      },
    },
  ],
  head: [
    [1, 0, -1],
    [0, 1, -1],
  ],
};
export const toyOptions = { heads: 1, positions: 'learned', norm: 'none', activation: 'relu', causal: true };
export const toyTokens = [0, 1, 2, 0]; // the stream A B C A

// The toy model with no position table, for positions: 'sinusoidal' or 'none' (sequences of any length).
export const toyModelNoTable = { embedding: toyModel.embedding, blocks: toyModel.blocks, head: toyModel.head };

// §7.2's sentence over a six-word vocabulary.
export const words = ['the', 'cat', 'sat', 'on', 'mat', '<eos>'];
export const sentence = [0, 1, 2, 3, 0, 4, 5]; // the cat sat on the mat <eos>

// Rows start .. start + rows of the engine's sinusoidal table of width `width`: deterministic
// weights of any shape for the §9 examples, so every number on screen, weights included, is the
// engine's.
export const tableRows = (lab, start, rows, width) => lab.sinusoidalPositions(start + rows, width).slice(start);

// The engine's sum of the entries of a paramCount breakdown whose names start with `prefix`
// ("block0." for one block, "block0.ffn." for its FFN).
export const countUnder = (lab, count, prefix) =>
  lab.ops.sum(
    Object.entries(count.breakdown)
      .filter(([name]) => name.startsWith(prefix))
      .map(([, n]) => n),
  );
