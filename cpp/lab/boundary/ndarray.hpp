// The engine's public boundary: n-dimensional arrays of any rank (what JavaScript hands over),
// converted to and from the fixed-rank tensors the kernels take. Leading batch axes are
// flattened into one axis B on the way in and restored on the way out.
#pragma once

#include <string>
#include <vector>

#include "lab/core/tensor.hpp"

namespace lab {

struct NdArray {
    std::vector<std::size_t> shape;
    std::vector<double> data;  // row-major, product(shape) entries
};

// An array with the name it goes by: a saved model's parameter ("blocks.0.attn.wQKV"), a
// practice problem's given or computed value ("q", "K", "d_k"; a scalar has shape []).
struct NamedArray {
    std::string name;
    NdArray value;
};

// The shapes a check accepts, from their notation: "[T][D] | [B][T][D]" is two. A refusal names
// them as a list with its count ("expected", "count"), which each catalogue words with its own
// "or": the notation is the same in every language, the words are not.
inline std::vector<std::string> shape_choices(const std::string& notation) {
    std::vector<std::string> out;
    for (std::size_t from = 0;;) {
        const std::size_t bar = notation.find(" | ", from);
        out.push_back(notation.substr(from, bar == std::string::npos ? std::string::npos : bar - from));
        if (bar == std::string::npos) return out;
        from = bar + 3;
    }
}
inline Refusal rank_refusal(const std::string& name, const char* expected, const std::vector<std::size_t>& shape) {
    const std::vector<std::string> choices = shape_choices(expected);
    return refused("shape.rank", "name", name, "expected", choices, "count", choices.size(), "shape", shape_str(shape));
}

// Checks that `a` has rank N exactly and copies it into a fixed-rank tensor. `expected` is the
// shape's notation, "[Tq][Tk]", with " | " between alternatives.
template <std::size_t N>
xt::xtensor<double, N> to_tensor(const NdArray& a, const std::string& fn, const std::string& name,
                                 const char* expected) {
    require(a.shape.size() == N, fn, rank_refusal(name, expected, a.shape));
    std::array<std::size_t, N> s;
    std::copy(a.shape.begin(), a.shape.end(), s.begin());
    xt::xtensor<double, N> t = xt::xtensor<double, N>::from_shape(s);
    require(t.size() == a.data.size(), fn,
            refused("shape.count", "name", name, "n", a.data.size(), "shape", shape_str(a.shape)));
    std::copy(a.data.begin(), a.data.end(), t.begin());
    return t;
}

// A tensor with `trailing` core axes and up to `max_leading` batch axes in front, viewed as
// (B, core...): `leading` receives the batch axes so results can be given the same ones.
struct Batched {
    std::vector<std::size_t> leading;
    std::vector<std::size_t> core;
    std::size_t batch = 1;
};
Batched split_batch(const NdArray& a, std::size_t trailing, std::size_t max_leading, const std::string& fn,
                    const std::string& name, const char* expected);

Tensor3 as_batched3(const NdArray& a, const Batched& b);  // (B, core0, core1)
Tensor2 as_rows(const NdArray& a, const Batched& b);      // (B, core0)

// Copies `t` out with the leading axes put back: its first axis (of size product(leading))
// is replaced by the axes in `leading`.
template <class E>
NdArray with_leading(const E& t, const std::vector<std::size_t>& leading) {
    NdArray out;
    out.shape = leading;
    out.shape.insert(out.shape.end(), t.shape().begin() + 1, t.shape().end());
    out.data.assign(t.begin(), t.end());
    return out;
}

template <class E>
NdArray to_ndarray(const E& t) {
    return NdArray{std::vector<std::size_t>(t.shape().begin(), t.shape().end()),
                   std::vector<double>(t.begin(), t.end())};
}

}  // namespace lab
