#include "lab/layers/ffn.hpp"

#include <cmath>

#include "lab/core/matmul.hpp"

namespace lab {

FfnResult ffn_forward(const Tensor2& x, const FfnParams& p, const FfnOptions& options, const std::string& fn) {
    const std::size_t D = x.shape(1);
    require(D > 0 && x.shape(0) > 0, fn, msg("x must be non-empty, got shape ", shape_str(x.shape())));
    require_finite(x, fn, "x");
    const std::size_t F = p.w1.shape(1);
    require(p.w2.shape(0) == F, fn,
            msg("w2 has ", p.w2.shape(0), " rows but w1 has ", F, " columns (the hidden width F must match)"));
    require(options.gated == p.wGate.has_value(), fn,
            options.gated ? "gated: true needs wGate [D][F]" : "wGate was given but gated is false");
    require(!p.bGate || p.wGate, fn, "bGate was given without wGate");

    FfnResult r;
    r.pre = linear(x, p.w1, p.b1, fn, "w1");
    r.hidden = Tensor2::from_shape(r.pre.shape());
    for (std::size_t i = 0; i < r.pre.size(); ++i) r.hidden.data()[i] = activate(r.pre.data()[i], options.activation);
    if (p.wGate) {
        require(p.wGate->shape(1) == F, fn, msg("wGate has ", p.wGate->shape(1), " columns but w1 has ", F));
        const Tensor2 gate = linear(x, *p.wGate, p.bGate, fn, "wGate");
        for (std::size_t i = 0; i < gate.size(); ++i) r.hidden.data()[i] *= gate.data()[i];
    }
    r.output = linear(r.hidden, p.w2, p.b2, fn, "w2");
    return r;
}

}  // namespace lab
