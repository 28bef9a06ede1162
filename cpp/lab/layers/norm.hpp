// LayerNorm and RMSNorm (§5, §9.3): both normalise across the features of one token only.
#pragma once

#include <cassert>
#include <cmath>
#include <string>

#include "lab/core/names.hpp"
#include "lab/core/tensor.hpp"

namespace lab {

enum class NormKind { layer, rms, none };
template <>
struct EnumNames<NormKind> {
    static constexpr const char* what = "norm";
    static constexpr std::array<std::pair<NormKind, const char*>, 3> all = {
        {{NormKind::layer, "layer"}, {NormKind::rms, "rms"}, {NormKind::none, "none"}}};
};

// Learned parameters of one norm: gamma and beta for LayerNorm, gamma alone (the gain) for RMSNorm.
struct NormParams {
    Tensor1 gamma;                // (D)
    std::optional<Tensor1> beta;  // (D), LayerNorm only
};

// ---- the row kernels, shared by the worked examples and training ----

// One row of LayerNorm (mean subtracted) or RMSNorm (mean taken as 0):
//   xhat = (x - mean) * rstd,  rstd = 1 / sqrt(mean((x - mean)^2) + eps),  y = xhat * gamma + beta
// with the biased variance (divide by D); beta null = 0. Writes the row's mean and rstd, which
// the backward pass needs.
template <class T>
void norm_row_forward(NormKind kind, T* y, T& mean, T& rstd, const T* x, const T* gamma, const T* beta, std::size_t D,
                      T eps) {
    assert(kind != NormKind::none && D > 0);
    T m = 0;
    if (kind == NormKind::layer) {
        for (std::size_t i = 0; i < D; ++i) m += x[i];
        m /= T(D);
    }
    T var = 0;
    for (std::size_t i = 0; i < D; ++i) var += (x[i] - m) * (x[i] - m);
    var /= T(D);
    const T r = T(1) / std::sqrt(var + eps);
    for (std::size_t i = 0; i < D; ++i) y[i] = (x[i] - m) * r * gamma[i] + (beta ? beta[i] : T(0));
    mean = m;
    rstd = r;
}

// forward: y = xhat * gamma + beta with xhat = (x - mean) * rstd. Adds into dx, dgamma, dbeta
// (dbeta may be null):
//   dxhat = dy * gamma;  dx = rstd (dxhat - mean(dxhat) - xhat mean(dxhat xhat))   (LayerNorm)
//                        dx = rstd (dxhat - xhat mean(dxhat xhat))                  (RMSNorm)
template <class T>
void norm_row_backward(NormKind kind, T* dx, T* dgamma, T* dbeta, const T* dy, const T* x, T mean, T rstd,
                       const T* gamma, std::size_t D) {
    assert(kind != NormKind::none && D > 0);
    T dxhat_mean = 0, dxhat_xhat_mean = 0;
    for (std::size_t i = 0; i < D; ++i) {
        const T xhat = (x[i] - mean) * rstd;
        const T dxhat = dy[i] * gamma[i];
        dxhat_mean += dxhat;
        dxhat_xhat_mean += dxhat * xhat;
    }
    dxhat_mean = kind == NormKind::layer ? dxhat_mean / T(D) : T(0);
    dxhat_xhat_mean /= T(D);
    for (std::size_t i = 0; i < D; ++i) {
        const T xhat = (x[i] - mean) * rstd;
        dgamma[i] += xhat * dy[i];
        if (dbeta) dbeta[i] += dy[i];
        dx[i] += rstd * (dy[i] * gamma[i] - dxhat_mean - xhat * dxhat_xhat_mean);
    }
}

// ---- the worked examples' entries, on xtensor ----

// y = (x - mean) / sqrt(var + eps) * gamma + beta per row, biased variance.
Tensor2 layernorm_forward(const Tensor2& x,  // (N, D)
                          const Tensor1& gamma, const Tensor1& beta, double eps = 1e-5,
                          const std::string& fn = "layerNorm");

// y = x / sqrt(mean(x^2) + eps) * gain per row.
Tensor2 rmsnorm_forward(const Tensor2& x,  // (N, D)
                        const Tensor1& gain, double eps = 1e-5, const std::string& fn = "rmsNorm");

// The checks a block makes of the parameters `p` of its norm `name` (absent = the identity
// initialisation gamma 1, beta 0) over D features.
void check_norm_params(NormKind kind, const std::optional<NormParams>& p, std::size_t D, const std::string& fn,
                       const std::string& name);

}  // namespace lab
