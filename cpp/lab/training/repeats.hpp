// The induction experiment's data (§2.2, §4): sequences that repeat stretches of themselves, on
// which a two-block model can only predict the repeated tokens by finding where the current token
// came before and copying what followed it; and the control's sequences, which repeat nothing on
// purpose. Drawn by the engine's own generator, so a seed gives the same batch natively and in
// wasm, in a test, a benchmark and the page.
#pragma once

#include <cstdint>
#include <string>

#include "lab/core/tensor.hpp"

namespace lab {

// The lengths of a repeating sequence: its opening stretch of distinct tokens, then pieces copied
// from it. Both vary, so that neither a token's place nor the distance back to its earlier
// occurrence is the same twice: only the tokens themselves say where to copy from.
inline constexpr std::size_t kOpeningLeast = 8, kOpeningMost = 32;  // distinct tokens first
inline constexpr std::size_t kPieceLeast = 4, kPieceMost = 16;      // each copied piece's length

struct RepeatsBatch {
    std::size_t batch = 0, T = 0, vocab = 0;  // B sequences of T + 1 tokens (inputs and targets) of ids < vocab
    bool repeats = true;                      // false: the control, every token uniform and independent
    std::uint64_t seed = 0;
};

// (B, T + 1): with repeats, each row opens with min(k, vocab) distinct tokens (k uniform in
// [kOpeningLeast, kOpeningMost]), followed by pieces of kPieceLeast..kPieceMost tokens, each copied
// from a uniform start among the tokens before it (a piece that reaches its own start goes on
// copying what it has just written, a periodic stretch), until T + 1 tokens. At most 2^31 - 1
// tokens (ids are ints).
TokenMatrix repeats_batch(const RepeatsBatch& r, const std::string& fn = "repeatsBatch");

}  // namespace lab
