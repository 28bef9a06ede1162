#include "lab/layers/softmax.hpp"

#include <cassert>
#include <cmath>
#include <limits>

namespace lab {

bool softmax_row(const double* s, const bool* keep, double* out, std::size_t n) {
    // Subtracting the row maximum leaves the result unchanged (it cancels between numerator
    // and denominator) and keeps every exponent <= 0, so exp never overflows.
    double m = -std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < n; ++j)
        if (!keep || keep[j]) m = std::max(m, s[j]);
    if (m == -std::numeric_limits<double>::infinity()) return false;
    double sum = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
        out[j] = (!keep || keep[j]) ? std::exp(s[j] - m) : 0.0;
        sum += out[j];
    }
    assert(sum >= 1.0);  // the maximum contributes exp(0) = 1
    for (std::size_t j = 0; j < n; ++j) out[j] /= sum;
    return true;
}

Tensor2 softmax_forward(const Tensor2& x, const std::string& fn) {
    require(x.shape(1) > 0, fn, "the last axis is empty (softmax needs at least one entry)");
    require_finite(x, fn, "x");
    Tensor2 out = Tensor2::from_shape(x.shape());
    const std::size_t N = x.shape(0), C = x.shape(1);
    for (std::size_t n = 0; n < N; ++n) softmax_row(x.data() + n * C, nullptr, out.data() + n * C, C);
    return out;
}

double logsumexp(const double* z, std::size_t n) {
    double m = -std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < n; ++j) m = std::max(m, z[j]);
    double sum = 0.0;
    for (std::size_t j = 0; j < n; ++j) sum += std::exp(z[j] - m);
    return m + std::log(sum);
}

}  // namespace lab
