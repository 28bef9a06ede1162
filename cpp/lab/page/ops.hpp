// Small operations the page shows as steps of its own (the exponentials of §2.1, row and column
// sums of §3.2, the contributions a_j v_j, a LayerNorm's per-token statistics), so that every
// number on screen comes from the engine, and §2.2's softmax derivative and §4.2's costs.
#pragma once

#include <cstdint>

#include "lab/boundary/ndarray.hpp"
#include "lab/core/names.hpp"

namespace lab {

// e^x of every entry (§2.1's exponentials). Past x = ln(DBL_MAX) ~ 709.78, e^x is larger than
// any double: that entry is +inf, and exp_shifted gives the numbers softmax actually uses.
NdArray exp_elementwise(const NdArray& x, const std::string& fn = "exp");

// e^(x - max x) along the last axis: each row shifted by its largest entry first, as softmax
// does. Every entry is in (0, 1], the largest is 1, and the ratios (so the weights) are those of
// e^x, for any finite x.
NdArray exp_shifted(const NdArray& x, const std::string& fn = "expShifted");

enum class Reduction { sum, mean, variance };  // variance: biased (divide by n), as in LayerNorm
template <>
struct EnumNames<Reduction> {
    static constexpr const char* what = "reduction";
    static constexpr std::array<std::pair<Reduction, const char*>, 3> all = {
        {{Reduction::sum, "sum"}, {Reduction::mean, "mean"}, {Reduction::variance, "variance"}}};
};
// Reduces `axis` (negative counts from the end) of x; the result drops that axis.
NdArray reduce_axis(const NdArray& x, int axis, Reduction r, const std::string& fn);

// max |a - b| over the entries of two arrays of one shape: the gap of an equivalence check
// (§9.3's separate heads against the fused projection, LayerNorm against RMSNorm).
double max_abs_difference(const NdArray& a, const NdArray& b, const std::string& fn = "maxAbsDifference");

Tensor2 matmul(const Tensor2& a,  // (N, C)
               const Tensor2& b,  // (C, OC)
               const std::string& fn = "matmul");

// out (T, C): row j of m times w[j] — the contributions a_j v_j that add up to y (§2.1).
Tensor2 scale_rows(const Tensor1& w,  // (T)
                   const Tensor2& m,  // (T, C)
                   const std::string& fn = "scaleRows");

// J (n, n) = d softmax(s)_i / d s_j = a_i (delta_ij - a_j) with a = softmax(s) (§2.2): raising
// s_j raises a_j (J_jj > 0) and lowers every other weight (J_ij < 0); each column sums to 0.
Tensor2 softmax_jacobian(const Tensor1& s, const std::string& fn = "softmaxJacobian");

struct AttentionCost {
    std::uint64_t weight_entries;  // B H T^2: stored attention weights (§4.2)
    std::uint64_t multiply_adds;   // 2 B T^2 D: Q K^T and A V across all heads
};
AttentionCost attention_cost(std::size_t B, std::size_t H, std::size_t T, std::size_t D,
                             const std::string& fn = "attentionCost");

}  // namespace lab
