// Tensor types, the dimension glossary, and the two levels of input checks.
//
// Dimension letters used in every shape comment of the engine:
//   B   batch items (any leading batch axes, flattened into one)
//   T   sequence length; Tq query positions, Tk key positions
//   D   model width (§9's C)
//   H   number of heads (§9's nh)
//   dk  query/key width of one head; dv value width of one head (d_h = D / H when equal)
//   F   hidden width of the feed-forward network (D_ff, typically 4 D)
//   V   vocabulary size
//   N   rows of a flattened (B * T) matrix
//   P   maximum number of positions of a learned position table (T_max)
//
// Conventions (docs/conventions.md): row vectors, X @ W with W shaped (in, out), zero-based
// positions, natural logarithms.
#pragma once

#include <cstddef>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <xtensor/xtensor.hpp>

#include "lab/core/refusal.hpp"
#include "lab/core/text.hpp"

namespace lab {

using Tensor1 = xt::xtensor<double, 1>;
using Tensor2 = xt::xtensor<double, 2>;
using Tensor3 = xt::xtensor<double, 3>;
using Tensor4 = xt::xtensor<double, 4>;
using BoolMatrix = xt::xtensor<bool, 2>;  // (Tq, Tk) true = may attend
using TokenMatrix = xt::xtensor<int, 2>;  // (B, T) token ids

// Always-on check at a public entry point: the message names the function so that a
// student calling it from the browser console learns which call was wrong.
inline void require(bool ok, const std::string& fn, const std::string& message) {
    if (!ok) throw std::invalid_argument(fn + ": " + message);
}
// The same check refusing with a code and parameters (refusal.hpp), which the page words in the
// student's language: require(D % H == 0, fn, refused("config.divisible", "D", D, "heads", H)).
inline void require(bool ok, const std::string& fn, Refusal refusal) {
    if (!ok) throw Refused(fn, std::move(refusal));
}

// The most numbers one table or one model may hold here: 2^24 doubles are 128 MB, more than a
// browser tab should be asked for and far more than any of the handout's examples needs. A size
// given as a number (not as an array, which JS has already built) is checked against it.
inline constexpr double kMaxEntries = 16777216.0;

// Every entry of a tensor is finite (no NaN, no infinity).
template <class E>
bool all_finite(const E& e) {
    for (auto x : e)
        if (!(x - x == 0)) return false;
    return true;
}

inline void require_finite(const Tensor1& t, const std::string& fn, const std::string& name) {
    require(all_finite(t), fn, refused("values.notFinite", "name", name));
}
inline void require_finite(const Tensor2& t, const std::string& fn, const std::string& name) {
    require(all_finite(t), fn, refused("values.notFinite", "name", name));
}
inline void require_finite(const Tensor3& t, const std::string& fn, const std::string& name) {
    require(all_finite(t), fn, refused("values.notFinite", "name", name));
}

}  // namespace lab
