// Matrix products for the row-vector convention: out = inp @ weight (+ bias).
#pragma once

#include "lab/core/tensor.hpp"

namespace lab {

// out (N, OC) = inp (N, C) @ weight (C, OC) + bias (OC); bias may be null.
// Raw pointers to contiguous row-major data: this is where the engine spends its time.
void matmul_forward(double* out, const double* inp, const double* weight, const double* bias, std::size_t N,
                    std::size_t C, std::size_t OC);

// Checked wrapper: x (N, C) @ w (C, OC) + b (OC). `fn` and the names go into error messages.
Tensor2 linear(const Tensor2& x, const Tensor2& w, const std::optional<Tensor1>& b, const std::string& fn,
               const std::string& w_name);

}  // namespace lab
