#include "lab/core/matmul.hpp"

namespace lab {

void check_linear(std::size_t C, const Tensor2& w, const std::optional<Tensor1>& b, const std::string& fn,
                  const std::string& w_name) {
    const std::size_t OC = w.shape(1);
    require(w.shape(0) == C, fn, refused("shape.weightRows", "name", w_name, "rows", w.shape(0), "features", C));
    if (b) require(b->size() == OC, fn, refused("shape.bias", "name", w_name, "n", b->size(), "columns", OC));
}

}  // namespace lab
