// The reference configuration every benchmark times: vocabulary, width, heads, layers, context,
// batch and FFN width (the C++ benchmarks in tests/bench/ use the same numbers).
export const V = 65,
  D = 64,
  H = 4,
  L = 2,
  T = 64,
  B = 16,
  F = 4 * D;
