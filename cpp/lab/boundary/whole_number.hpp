#pragma once
// The one rule for a whole number that arrives from JS (an option, a size, a seed, an offset in a
// file's header): finite, not negative, no fraction, below 2^53 (past it a JS number skips
// whole numbers) and no larger than the type it goes into (size_t is 32 bits in wasm: a larger
// value would wrap around to a small one).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

namespace lab {

// 2^53: the first whole number a JS number cannot tell from its successor.
constexpr double kMaxExactInteger = 9007199254740992.0;

// The largest value of I that every whole number up to it is exact in a double.
template <class I = std::size_t>
constexpr double largest_whole() {
    return std::min(kMaxExactInteger - 1, double(std::numeric_limits<I>::max()));
}

template <class I = std::size_t>
bool is_whole_number(double x) {
    return std::isfinite(x) && x >= 0 && x == std::floor(x) && x <= largest_whole<I>();
}

}  // namespace lab
