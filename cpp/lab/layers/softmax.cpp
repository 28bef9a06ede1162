#include "lab/layers/softmax.hpp"

#include <cassert>
#include <cmath>
#include <limits>

namespace lab {

Tensor2 softmax_forward(const Tensor2& x, const std::string& fn) {
    require(x.shape(1) > 0, fn, refused("shape.emptyLastAxis"));
    require_finite(x, fn, "x");
    Tensor2 out = Tensor2::from_shape(x.shape());
    const std::size_t N = x.shape(0), C = x.shape(1);
    for (std::size_t n = 0; n < N; ++n) softmax_row(x.data() + n * C, nullptr, out.data() + n * C, C);
    return out;
}

}  // namespace lab
