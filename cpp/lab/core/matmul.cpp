#include "lab/core/matmul.hpp"

namespace lab {

void check_linear(std::size_t C, const Tensor2& w, const std::optional<Tensor1>& b, const std::string& fn,
                  const std::string& w_name) {
    const std::size_t OC = w.shape(1);
    require(w.shape(0) == C, fn,
            msg(w_name, " has ", w.shape(0), " rows but its input has ", C, " features (", w_name, " must be [", C,
                "][out])"));
    if (b)
        require(b->size() == OC, fn,
                msg("the bias of ", w_name, " has ", b->size(), " entries but ", w_name, " has ", OC, " columns"));
}

}  // namespace lab
