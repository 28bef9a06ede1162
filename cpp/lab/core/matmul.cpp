#include "lab/core/matmul.hpp"

#include "lab/core/gemm.hpp"

namespace lab {

Tensor2 linear(const Tensor2& x, const Tensor2& w, const std::optional<Tensor1>& b, const std::string& fn,
               const std::string& w_name) {
    const std::size_t N = x.shape(0), C = x.shape(1), OC = w.shape(1);
    require(w.shape(0) == C, fn,
            msg(w_name, " has ", w.shape(0), " rows but its input has ", C, " features (", w_name, " must be [", C,
                "][out])"));
    if (b)
        require(b->size() == OC, fn,
                msg("the bias of ", w_name, " has ", b->size(), " entries but ", w_name, " has ", OC, " columns"));
    Tensor2 out = Tensor2::from_shape({N, OC});
    gemm(out.data(), x.data(), w.data(), b ? b->data() : static_cast<const double*>(nullptr), N, C, OC, false);
    return out;
}

}  // namespace lab
