// Numerically stable softmax over the last axis.
#pragma once

#include "lab/core/tensor.hpp"

namespace lab {

// out[j] = exp(s[j] - m) / sum_l exp(s[l] - m) over the kept entries, m = their maximum;
// masked entries (keep[j] == false) get exactly 0. keep may be null (all kept).
// Returns false, writing nothing meaningful, when every entry is masked.
bool softmax_row(const double* s, const bool* keep, double* out, std::size_t n);

// Softmax of every row of x (N, C). Throws if a row is empty or not finite.
Tensor2 softmax_forward(const Tensor2& x, const std::string& fn = "softmax");

// log(sum_j exp(z[j])) computed without overflow.
double logsumexp(const double* z, std::size_t n);

}  // namespace lab
