// The shape checks of a product in the row-vector convention, out = inp @ weight (+ bias); the
// product itself is gemm.hpp's.
#pragma once

#include "lab/core/tensor.hpp"

namespace lab {

// w must have C rows (one per input feature), and b, when given, one entry per column of w.
void check_linear(std::size_t C, const Tensor2& w, const std::optional<Tensor1>& b, const std::string& fn,
                  const std::string& w_name);

}  // namespace lab
