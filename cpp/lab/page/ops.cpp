#include "lab/page/ops.hpp"

#include <algorithm>
#include <cmath>

#include "lab/boundary/finite.hpp"
#include "lab/core/gemm.hpp"
#include "lab/core/matmul.hpp"
#include "lab/layers/softmax.hpp"

namespace lab {

NdArray exp_elementwise(const NdArray& x, const std::string& fn) {
    split_batch(x, 0, 64, fn, "x", "[...]");  // size and emptiness checks
    NdArray out{x.shape, std::vector<double>(x.data.size())};
    for (std::size_t i = 0; i < x.data.size(); ++i) {
        require(std::isfinite(x.data[i]), fn, refused("values.entryNotFinite", "name", "x", "entry", i));
        out.data[i] = std::exp(x.data[i]);
        require(std::isfinite(out.data[i]), fn, refused("overflow.exp", "x", x.data[i], "entry", i));
    }
    return out;
}

NdArray exp_shifted(const NdArray& x, const std::string& fn) {
    require(!x.shape.empty(), fn, refused("shape.scalar", "name", "x"));
    split_batch(x, 1, 64, fn, "x", "[...]");  // size and emptiness checks
    const std::size_t n = x.shape.back();
    NdArray out{x.shape, std::vector<double>(x.data.size())};
    for (std::size_t row = 0; row < x.data.size() / n; ++row) {
        const double* xr = &x.data[row * n];
        double max = xr[0];
        for (std::size_t j = 0; j < n; ++j) {
            require(std::isfinite(xr[j]), fn, refused("values.entryNotFinite", "name", "x", "entry", row * n + j));
            max = std::max(max, xr[j]);
        }
        for (std::size_t j = 0; j < n; ++j) out.data[row * n + j] = std::exp(xr[j] - max);
    }
    return out;
}

double max_abs_difference(const NdArray& a, const NdArray& b, const std::string& fn) {
    require(a.shape == b.shape, fn, refused("shape.same", "a", shape_str(a.shape), "b", shape_str(b.shape)));
    split_batch(a, 0, 64, fn, "a", "[...]");  // size and emptiness checks
    double worst = 0.0;
    for (std::size_t i = 0; i < a.data.size(); ++i) {
        require(std::isfinite(a.data[i]) && std::isfinite(b.data[i]), fn,
                refused("values.entryNotFinite", "name", std::isfinite(a.data[i]) ? "b" : "a", "entry", i));
        worst = std::max(worst, std::abs(a.data[i] - b.data[i]));
    }
    FiniteSteps(fn, largest_entry({&a, &b}))("difference", worst);
    return worst;
}

NdArray reduce_axis(const NdArray& x, int axis, Reduction r, const std::string& fn) {
    const int rank = int(x.shape.size());
    require(rank >= 1, fn, refused("shape.scalar", "name", "x"));
    const int a = axis < 0 ? axis + rank : axis;
    require(a >= 0 && a < rank, fn, refused("shape.axis", "axis", axis, "shape", shape_str(x.shape)));
    split_batch(x, 1, 64, fn, "x", "[...]");  // size and emptiness checks
    std::size_t outer = 1, inner = 1;
    for (int i = 0; i < a; ++i) outer *= x.shape[i];
    for (int i = a + 1; i < rank; ++i) inner *= x.shape[i];
    const std::size_t n = x.shape[a];
    NdArray out;
    for (int i = 0; i < rank; ++i)
        if (i != a) out.shape.push_back(x.shape[i]);
    out.data.assign(outer * inner, 0.0);
    for (std::size_t o = 0; o < outer; ++o)
        for (std::size_t i = 0; i < inner; ++i) {
            double sum = 0.0;
            for (std::size_t k = 0; k < n; ++k) sum += x.data[(o * n + k) * inner + i];
            double value = r == Reduction::sum ? sum : sum / double(n);
            if (r == Reduction::variance) {
                const double mean = value;
                double sq = 0.0;
                for (std::size_t k = 0; k < n; ++k) {
                    const double d = x.data[(o * n + k) * inner + i] - mean;
                    sq += d * d;
                }
                value = sq / double(n);
            }
            out.data[o * inner + i] = value;
        }
    FiniteSteps(fn, largest_entry({&x}))(r == Reduction::variance ? "squaredDeviations" : "sum", out);
    return out;
}

Tensor2 matmul(const Tensor2& a, const Tensor2& b, const std::string& fn) {
    require_finite(a, fn, "a");
    require_finite(b, fn, "b");
    check_linear(a.shape(1), b, std::nullopt, fn, "b");
    Tensor2 out = Tensor2::from_shape({a.shape(0), b.shape(1)});
    gemm(out.data(), a.data(), b.data(), static_cast<const double*>(nullptr), a.shape(0), a.shape(1), b.shape(1),
         false);
    const NdArray na = to_ndarray(a), nb = to_ndarray(b);
    FiniteSteps(fn, largest_entry({&na, &nb}))("product", to_ndarray(out));
    return out;
}

Tensor2 scale_rows(const Tensor1& w, const Tensor2& m, const std::string& fn) {
    require(w.size() == m.shape(0), fn, refused("shape.scaleRows", "n", w.size(), "rows", m.shape(0)));
    require_finite(w, fn, "w");
    require_finite(m, fn, "m");
    Tensor2 out = m;
    for (std::size_t j = 0; j < m.shape(0); ++j)
        for (std::size_t c = 0; c < m.shape(1); ++c) out(j, c) *= w(j);
    const NdArray nw = to_ndarray(w), nm = to_ndarray(m);
    FiniteSteps(fn, largest_entry({&nw, &nm}))("scaled", to_ndarray(out));
    return out;
}

Tensor2 softmax_jacobian(const Tensor1& s, const std::string& fn) {
    const std::size_t n = s.size();
    require(n > 0, fn, refused("shape.empty", "name", "s", "shape", "[0]"));
    require_finite(s, fn, "s");
    Tensor1 a = Tensor1::from_shape({n});
    softmax_row(s.data(), nullptr, a.data(), n);
    Tensor2 J = Tensor2::from_shape({n, n});
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) J(i, j) = a(i) * ((i == j ? 1.0 : 0.0) - a(j));
    return J;
}

AttentionCost attention_cost(std::size_t B, std::size_t H, std::size_t T, std::size_t D, const std::string& fn) {
    require(B > 0 && H > 0 && T > 0 && D > 0, fn, refused("config.costPositive"));
    require(D % H == 0, fn, refused("config.divisible", "D", D, "heads", H));
    const std::uint64_t t2 = std::uint64_t(T) * T;
    return {std::uint64_t(B) * H * t2, 2 * std::uint64_t(B) * t2 * D};
}

}  // namespace lab
