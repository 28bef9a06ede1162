#include "lab/layers/multihead.hpp"

#include <xtensor/xview.hpp>

#include "lab/core/matmul.hpp"

namespace lab {
namespace {

// (B*T, H*d) -> (B*H, T, d): the reshape to [B, T, H, d] and transpose(1, 2) of §4.2.
Tensor3 split_heads(const Tensor2& m, std::size_t col0, std::size_t B, std::size_t T, std::size_t H, std::size_t d) {
    Tensor3 out = Tensor3::from_shape({B * H, T, d});
    const std::size_t stride = m.shape(1);
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t h = 0; h < H; ++h)
            for (std::size_t t = 0; t < T; ++t)
                for (std::size_t c = 0; c < d; ++c)
                    out((b * H + h), t, c) = m.data()[(b * T + t) * stride + col0 + h * d + c];
    return out;
}

Tensor3 columns(const Tensor2& m, std::size_t col0, std::size_t width, std::size_t B, std::size_t T) {
    Tensor3 out = Tensor3::from_shape({B, T, width});
    for (std::size_t n = 0; n < B * T; ++n)
        for (std::size_t c = 0; c < width; ++c) out.data()[n * width + c] = m(n, col0 + c);
    return out;
}

}  // namespace

MhaResult multihead_attention_forward(const Tensor3& x, const MhaParams& p, std::size_t H,
                                      const AttentionOptions& options, const std::string& fn) {
    const std::size_t B = x.shape(0), T = x.shape(1), D = x.shape(2);
    require(H > 0, fn, "heads must be a positive integer, got 0");
    require(B > 0 && T > 0 && D > 0, fn, msg("x must be non-empty, got shape ", shape_str(x.shape())));
    require_finite(x, fn, "x");
    const bool fused = p.wQKV.has_value();
    require(fused != (p.wQ || p.wK || p.wV), fn, "give either wQKV (fused) or all of wQ, wK, wV (separate), not both");
    require(fused || (p.wQ && p.wK && p.wV), fn, "separate projections need all of wQ, wK and wV");
    require(!fused || !(p.bQ || p.bK || p.bV), fn, "with a fused wQKV give its bias as bQKV");
    require(fused || !p.bQKV, fn, "bQKV goes with a fused wQKV");

    const Tensor2 x2 = xt::reshape_view(x, {B * T, D});
    std::size_t dk, dv;
    Tensor2 qkv, qm, km, vm;  // fused (B*T, 3*H*dh) or separate (B*T, H*dk) (B*T, H*dk) (B*T, H*dv)
    const Tensor2 *Q = &qm, *K = &km, *V = &vm;
    std::size_t q0 = 0, k0 = 0, v0 = 0;  // first column of Q, K, V in their matrices
    if (fused) {
        const std::size_t W = p.wQKV->shape(1);
        require(W % (3 * H) == 0, fn,
                msg("wQKV has ", W, " columns, which do not split into 3 groups of ", H,
                    " heads (need a multiple of 3 * heads = ", 3 * H, ")"));
        dk = dv = W / (3 * H);
        qkv = linear(x2, *p.wQKV, p.bQKV, fn, "wQKV");
        Q = K = V = &qkv;
        k0 = H * dk;
        v0 = 2 * H * dk;
    } else {
        require(p.wQ->shape(1) == p.wK->shape(1), fn,
                msg("wQ has ", p.wQ->shape(1), " columns but wK has ", p.wK->shape(1),
                    " (queries and keys need the same width)"));
        require(p.wQ->shape(1) % H == 0, fn, msg("wQ has ", p.wQ->shape(1), " columns, not divisible by heads = ", H));
        require(p.wV->shape(1) % H == 0, fn, msg("wV has ", p.wV->shape(1), " columns, not divisible by heads = ", H));
        dk = p.wQ->shape(1) / H;
        dv = p.wV->shape(1) / H;
        qm = linear(x2, *p.wQ, p.bQ, fn, "wQ");
        km = linear(x2, *p.wK, p.bK, fn, "wK");
        vm = linear(x2, *p.wV, p.bV, fn, "wV");
    }
    require(dk > 0 && dv > 0, fn, "the projections have no columns");

    const AttentionResult att = attention_forward(split_heads(*Q, q0, B, T, H, dk), split_heads(*K, k0, B, T, H, dk),
                                                  split_heads(*V, v0, B, T, H, dv), options, fn);

    MhaResult r;
    r.q = columns(*Q, q0, H * dk, B, T);
    r.k = columns(*K, k0, H * dk, B, T);
    r.v = columns(*V, v0, H * dv, B, T);
    r.scores = xt::reshape_view(att.scores, {B, H, T, T});
    r.weights = xt::reshape_view(att.weights, {B, H, T, T});
    r.heads = xt::reshape_view(att.output, {B, H, T, dv});
    // Concat: transpose back to [B, T, H, dv] and join the heads' features.
    r.concat = Tensor3::from_shape({B, T, H * dv});
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t t = 0; t < T; ++t)
            for (std::size_t h = 0; h < H; ++h)
                for (std::size_t c = 0; c < dv; ++c) r.concat(b, t, h * dv + c) = r.heads(b, h, t, c);
    if (p.wO) {
        const Tensor2 c2 = xt::reshape_view(r.concat, {B * T, H * dv});
        const Tensor2 o = linear(c2, *p.wO, p.bO, fn, "wO");
        r.output = xt::reshape_view(o, {B, T, o.shape(1)});
    } else {
        require(!p.bO, fn, "bO was given without wO");
        require(H * dv == D, fn,
                msg("without wO the concatenated heads (", H, " x ", dv, " = ", H * dv,
                    " features) must have the model width D = ", D, "; give wO [", H * dv, "][", D, "]"));
        r.output = r.concat;
    }
    return r;
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
