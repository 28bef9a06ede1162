#include "lab/core/matmul.hpp"

#include <cassert>

namespace lab {

void matmul_forward(double* out, const double* inp, const double* weight, const double* bias, std::size_t N,
                    std::size_t C, std::size_t OC) {
    // The hot loop: i-k-j order keeps the innermost loop running over contiguous rows of
    // `weight` and `out`, so the compiler vectorises it (SSE/AVX natively, simd128 in wasm).
    for (std::size_t n = 0; n < N; ++n) {
        double* out_row = out + n * OC;
        const double* inp_row = inp + n * C;
        for (std::size_t o = 0; o < OC; ++o) out_row[o] = bias ? bias[o] : 0.0;
        for (std::size_t c = 0; c < C; ++c) {
            const double a = inp_row[c];
            const double* w_row = weight + c * OC;
            for (std::size_t o = 0; o < OC; ++o) out_row[o] += a * w_row[o];
        }
    }
}

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
    matmul_forward(out.data(), x.data(), w.data(), b ? b->data() : nullptr, N, C, OC);
    return out;
}

}  // namespace lab
