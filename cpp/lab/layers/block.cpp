#include "lab/layers/block.hpp"

#include <cmath>

#include "lab/layers/packing.hpp"

namespace lab {

flat::BlockShape block_shape(const BlockOptions& o, std::size_t D, std::size_t dk, std::size_t dv, std::size_t F,
                             const std::string& fn) {
    const double scale = o.scale ? *o.scale : 1.0 / std::sqrt(double(dk));
    require(std::isfinite(scale), fn, refused("value.scale", "got", scale));
    flat::BlockShape s;
    s.D = D, s.H = o.heads, s.dk = dk, s.dv = dv, s.F = F;
    s.arrangement = o.arrangement, s.norm = o.norm;
    s.activation = o.ffn.activation, s.gated = o.ffn.gated, s.causal = o.causal;
    s.scale = scale;
    return s;
}

flat::BlockShape check_block(const BlockParams& p, const BlockOptions& o, std::size_t D, const std::string& fn) {
    const bool pre = o.arrangement == Arrangement::pre, normed = o.norm != NormKind::none;
    require(normed || !p.norm1, fn, refused("norm.givenButNone", "name", "norm1"));
    require(normed || !p.norm2, fn, refused("norm.givenButNone", "name", "norm2"));
    if (pre && normed) check_norm_params(o.norm, p.norm1, D, fn, "norm1");
    require(o.heads > 0, fn, refused("config.positive", "name", "heads"));
    const auto [dk, dv] = check_mha_params(p.attn, o.heads, D, fn);
    const std::size_t attn_out = p.attn.wO ? p.attn.wO->shape(1) : o.heads * dv;
    require(attn_out == D, fn, refused("shape.residual", "name", "attn", "n", attn_out, "D", D));
    if (!pre && normed) check_norm_params(o.norm, p.norm1, D, fn, "norm1");
    if (pre && normed) check_norm_params(o.norm, p.norm2, D, fn, "norm2");
    const std::size_t F = check_ffn_params(p.ffn, o.ffn, D, fn);
    require(p.ffn.w2.shape(1) == D, fn, refused("shape.residual", "name", "ffn", "n", p.ffn.w2.shape(1), "D", D));
    if (!pre && normed) check_norm_params(o.norm, p.norm2, D, fn, "norm2");
    return block_shape(o, D, dk, dv, F, fn);
}

BlockResult block_forward(const Tensor3& x, const BlockParams& p, const BlockOptions& o, bool record_trace,
                          const std::string& name, const std::string& fn) {
    const std::size_t B = x.shape(0), T = x.shape(1), D = x.shape(2), N = B * T;
    require(B > 0 && T > 0 && D > 0, fn, refused("shape.empty", "name", "x", "shape", shape_str(x.shape())));
    require_finite(x, o.arrangement == Arrangement::pre && o.norm != NormKind::none ? fn + " (norm1)" : fn, "x");
    const flat::BlockShape s = check_block(p, o, D, fn);
    const PackedBlock k = pack_block(p, s);

    flat::BlockActs<double> a;
    flat::block_fit(a, s, B, T, true);
    BlockResult r;
    r.output = Tensor3::from_shape({B, T, D});
    flat::block_forward(r.output.data(), x.data(), k.w, s, a, B, T, {}, {});
    check_block_values(a, s, r.output.data(), N, fn);

    r.attn = mha_result(a, s, B, T);
    if (record_trace) trace_block(&r.trace, name, a, s, r.output.data(), B, T);
    return r;
}

}  // namespace lab
