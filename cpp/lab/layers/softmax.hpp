// Numerically stable softmax over the last axis.
#pragma once

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

#include "lab/core/tensor.hpp"

namespace lab {

// The row kernels, shared by the worked examples (double) and training (float32, and double for
// the gradient checks). `keep(j)` says whether entry j takes part.

// out[j] = exp(s[j] - m) / sum_l exp(s[l] - m) over the kept entries, m = their maximum;
// masked entries get exactly 0. out may be s (in place). Returns false, writing nothing
// meaningful, when every entry is masked or a kept entry is not finite (a score that overflowed).
template <class T, class Keep>
bool softmax_row_where(const T* s, Keep keep, T* out, std::size_t n) {
    // Subtracting the row maximum leaves the result unchanged (it cancels between numerator
    // and denominator) and keeps every exponent <= 0, so exp never overflows.
    T m = -std::numeric_limits<T>::infinity();
    for (std::size_t j = 0; j < n; ++j)
        if (keep(j)) m = std::max(m, s[j]);
    if (m == -std::numeric_limits<T>::infinity()) return false;
    T sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
        out[j] = keep(j) ? std::exp(s[j] - m) : T(0);
        sum += out[j];
    }
    // The maximum contributes exp(0) = 1, so sum >= 1 unless a kept score was NaN or +inf (its
    // exp(s - m) is NaN): one test per row, not one per entry, in training's hot loop.
    if (!(sum >= T(1))) return false;
    for (std::size_t j = 0; j < n; ++j) out[j] /= sum;
    return true;
}
// keep: a row of flags, or null for every entry.
template <class T>
bool softmax_row(const T* s, const bool* keep, T* out, std::size_t n) {
    return softmax_row_where(
        s, [keep](std::size_t j) { return !keep || keep[j]; }, out, n);
}

// forward: a = softmax(s). Given da = dL/da, returns in ds
//   ds_j = a_j (da_j - sum_k a_k da_k)
// (masked entries have a_j = 0 and get ds_j = 0).
template <class T>
void softmax_row_backward(T* ds, const T* da, const T* a, std::size_t n) {
    T weighted = 0;
    for (std::size_t j = 0; j < n; ++j) weighted += a[j] * da[j];
    for (std::size_t j = 0; j < n; ++j) ds[j] = a[j] * (da[j] - weighted);
}

// log(sum_j exp(z[j])) computed without overflow.
template <class T>
T logsumexp(const T* z, std::size_t n) {
    T m = -std::numeric_limits<T>::infinity();
    for (std::size_t j = 0; j < n; ++j) m = std::max(m, z[j]);
    T sum = 0;
    for (std::size_t j = 0; j < n; ++j) sum += std::exp(z[j] - m);
    return m + std::log(sum);
}

// Softmax of every row of x (N, C). Throws if a row is empty or not finite.
Tensor2 softmax_forward(const Tensor2& x, const std::string& fn = "softmax");

}  // namespace lab
