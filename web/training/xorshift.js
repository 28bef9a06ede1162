// xorshift32 (Marsaglia 2003): a tiny generator of 32-bit integers for what must repeat exactly
// from a seed, on any machine: the corpora's words, the training batches' windows, and the
// property test's calls. Not for anything statistical: the engine's PCG does the sampling.
export function xorshift32(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}
