#include "lab/layers/ffn.hpp"

#include <algorithm>

#include "lab/core/matmul.hpp"
#include "lab/layers/packing.hpp"

namespace lab {

std::size_t check_ffn_params(const FfnParams& p, const FfnOptions& options, std::size_t D, const std::string& fn) {
    const std::size_t F = p.w1.shape(1);
    require(p.w2.shape(0) == F, fn, refused("ffn.hidden", "rows", p.w2.shape(0), "F", F));
    require(options.gated == p.wGate.has_value(), fn,
            refused(options.gated ? "ffn.gatedNeedsGate" : "ffn.gateNotGated"));
    require(!p.bGate || p.wGate, fn, refused("param.without", "name", "bGate", "needs", "wGate"));
    check_linear(D, p.w1, p.b1, fn, "w1");
    if (p.wGate) {
        require(p.wGate->shape(1) == F, fn, refused("ffn.gateWidth", "columns", p.wGate->shape(1), "F", F));
        check_linear(D, *p.wGate, p.bGate, fn, "wGate");
    }
    check_linear(F, p.w2, p.b2, fn, "w2");
    return F;
}

FfnResult ffn_forward(const Tensor2& x, const FfnParams& p, const FfnOptions& options, const std::string& fn) {
    const std::size_t N = x.shape(0), D = x.shape(1);
    require(D > 0 && N > 0, fn, refused("shape.empty", "name", "x", "shape", shape_str(x.shape())));
    require_finite(x, fn, "x");
    const std::size_t F = check_ffn_params(p, options, D, fn), D_out = p.w2.shape(1);

    // The FFN half of the block's pass (flat_model.hpp).
    flat::BlockShape s;
    s.D = D, s.F = F, s.activation = options.activation, s.gated = options.gated;
    PackedBlock k;
    pack_ffn(p, k);
    flat::BlockActs<double> a;
    flat::ffn_fit(a, s, N, D_out);
    flat::ffn_forward(x.data(), k.w, s, a, N, D_out);
    FfnResult r{Tensor2::from_shape({N, F}), Tensor2::from_shape({N, F}), Tensor2::from_shape({N, D_out})};
    std::copy(a.fch.begin(), a.fch.begin() + N * F, r.pre.begin());
    std::copy(a.fact.begin(), a.fact.begin() + N * F, r.hidden.begin());
    std::copy(a.ffn.begin(), a.ffn.begin() + N * D_out, r.output.begin());
    return r;
}

}  // namespace lab
