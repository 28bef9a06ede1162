#include "lab/layers/multihead.hpp"

#include <cmath>

#include "lab/core/matmul.hpp"
#include "lab/layers/packing.hpp"

namespace lab {
MhaWidths check_mha_params(const MhaParams& p, std::size_t H, std::size_t D, const std::string& fn) {
    const bool fused = p.wQKV.has_value();
    require(fused != (p.wQ || p.wK || p.wV), fn, "give either wQKV (fused) or all of wQ, wK, wV (separate), not both");
    require(fused || (p.wQ && p.wK && p.wV), fn, "separate projections need all of wQ, wK and wV");
    require(!fused || !(p.bQ || p.bK || p.bV), fn, "with a fused wQKV give its bias as bQKV");
    require(fused || !p.bQKV, fn, "bQKV goes with a fused wQKV");
    std::size_t dk, dv;
    if (fused) {
        const std::size_t W = p.wQKV->shape(1);
        require(W % (3 * H) == 0, fn,
                msg("wQKV has ", W, " columns, which do not split into 3 groups of ", H,
                    " heads (need a multiple of 3 * heads = ", 3 * H, ")"));
        dk = dv = W / (3 * H);
        check_linear(D, *p.wQKV, p.bQKV, fn, "wQKV");
    } else {
        require(p.wQ->shape(1) == p.wK->shape(1), fn,
                msg("wQ has ", p.wQ->shape(1), " columns but wK has ", p.wK->shape(1),
                    " (queries and keys need the same width)"));
        require(p.wQ->shape(1) % H == 0, fn, msg("wQ has ", p.wQ->shape(1), " columns, not divisible by heads = ", H));
        require(p.wV->shape(1) % H == 0, fn, msg("wV has ", p.wV->shape(1), " columns, not divisible by heads = ", H));
        dk = p.wQ->shape(1) / H;
        dv = p.wV->shape(1) / H;
        check_linear(D, *p.wQ, p.bQ, fn, "wQ");
        check_linear(D, *p.wK, p.bK, fn, "wK");
        check_linear(D, *p.wV, p.bV, fn, "wV");
    }
    require(dk > 0 && dv > 0, fn, "the projections have no columns");
    if (p.wO) {
        check_linear(H * dv, *p.wO, p.bO, fn, "wO");
    } else {
        require(!p.bO, fn, "bO was given without wO");
        require(H * dv == D, fn,
                msg("without wO the concatenated heads (", H, " x ", dv, " = ", H * dv,
                    " features) must have the model width D = ", D, "; give wO [", H * dv, "][", D, "]"));
    }
    return {dk, dv};
}

MhaResult multihead_attention_forward(const Tensor3& x, const MhaParams& p, std::size_t H,
                                      const AttentionOptions& options, const std::string& fn) {
    const std::size_t B = x.shape(0), T = x.shape(1), D = x.shape(2);
    require(H > 0, fn, "heads must be a positive integer, got 0");
    require(B > 0 && T > 0 && D > 0, fn, msg("x must be non-empty, got shape ", shape_str(x.shape())));
    require_finite(x, fn, "x");
    require(!options.mask, fn, "multi-head attention takes causal (true or false), not a mask");
    const auto [dk, dv] = check_mha_params(p, H, D, fn);
    const double scale = options.scale ? *options.scale : 1.0 / std::sqrt(double(dk));
    require(std::isfinite(scale), fn, msg("scale must be a finite number, got ", scale));

    // The attention half of the block's pass (flat_model.hpp).
    flat::BlockShape s;
    s.D = D, s.H = H, s.dk = dk, s.dv = dv, s.causal = options.causal, s.scale = scale;
    PackedBlock k;
    pack_mha(p, s, k);
    flat::BlockActs<double> a;
    flat::mha_fit(a, s, B, T, true);
    flat::mha_forward(x.data(), k.w, s, a, B, T, {}, {});
    check_attention_values(a, s, B * T, fn);
    return mha_result(a, s, B, T);
}

MhaParams fuse_qkv(const MhaParams& s, const std::string& fn) {
    require(s.wQ && s.wK && s.wV, fn, "fusing needs separate wQ, wK and wV");
    require(s.wQ->shape(1) == s.wV->shape(1), fn,
            msg("a fused wQKV needs d_k = d_v, but wQ has ", s.wQ->shape(1), " columns and wV has ", s.wV->shape(1)));
    MhaParams f;
    f.wQKV = xt::concatenate(xt::xtuple(*s.wQ, *s.wK, *s.wV), 1);
    if (s.bQ || s.bK || s.bV) {
        const Tensor1 zq = xt::zeros<double>({s.wQ->shape(1)});
        f.bQKV = xt::concatenate(xt::xtuple(s.bQ ? *s.bQ : zq, s.bK ? *s.bK : zq, s.bV ? *s.bV : zq));
    }
    f.wO = s.wO;
    f.bO = s.bO;
    return f;
}

}  // namespace lab
