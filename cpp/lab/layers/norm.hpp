// LayerNorm and RMSNorm (§5, §9.3): both normalise across the features of one token only.
#pragma once

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

// y = (x - mean) / sqrt(var + eps) * gamma + beta per row, biased variance.
Tensor2 layernorm_forward(const Tensor2& x,  // (N, D)
                          const Tensor1& gamma, const Tensor1& beta, double eps = 1e-5,
                          const std::string& fn = "layerNorm");

// y = x / sqrt(mean(x^2) + eps) * gain per row.
Tensor2 rmsnorm_forward(const Tensor2& x,  // (N, D)
                        const Tensor1& gain, double eps = 1e-5, const std::string& fn = "rmsNorm");

// The norm `kind` with parameters `p` (absent = the identity initialisation gamma 1, beta 0).
Tensor2 norm_forward(NormKind kind, const Tensor2& x,  // (N, D)
                     const std::optional<NormParams>& p, const std::string& fn, const std::string& name);

}  // namespace lab
