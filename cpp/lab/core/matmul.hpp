// Matrix products for the row-vector convention: out = inp @ weight (+ bias).
#pragma once

#include "lab/core/tensor.hpp"

namespace lab {

// x (N, C) @ w (C, OC) + b (OC), checked, on the engine's one product (gemm.hpp). `fn` and the
// names go into error messages.
Tensor2 linear(const Tensor2& x, const Tensor2& w, const std::optional<Tensor1>& b, const std::string& fn,
               const std::string& w_name);

}  // namespace lab
