#include "lab/layers/block.hpp"

#include <xtensor/xview.hpp>

namespace lab {

BlockResult block_forward(const Tensor3& x, const BlockParams& p, const BlockOptions& o, bool record_trace,
                          const std::string& name, const std::string& fn) {
    const std::size_t B = x.shape(0), T = x.shape(1), D = x.shape(2);
    BlockResult r;
    Trace* tr = record_trace ? &r.trace : nullptr;
    const auto rows = [&](const Tensor3& t) { return Tensor2(xt::reshape_view(t, {B * T, D})); };
    const auto batch = [&](const Tensor2& t) { return Tensor3(xt::reshape_view(t, {B, T, D})); };
    const std::string n = name + ".";
    const bool pre = o.arrangement == Arrangement::pre;
    const bool normed = o.norm != NormKind::none;
    require(normed || !p.norm1, fn, "norm1 was given but norm is 'none'");
    require(normed || !p.norm2, fn, "norm2 was given but norm is 'none'");

    // Attention sub-layer: pre-norm feeds LN(X) to attention, post-norm feeds X itself.
    Tensor3 attn_in = x;
    if (pre && normed) {
        attn_in = batch(norm_forward(o.norm, rows(x), p.norm1, fn, "norm1"));
        trace_push(tr, n + "ln1", "\\mathrm{LN}_1(X)", attn_in);
    }
    AttentionOptions ao;
    ao.causal = o.causal;
    ao.scale = o.scale;
    r.attn = multihead_attention_forward(attn_in, p.attn, o.heads, ao, fn);
    require(r.attn.output.shape(2) == D, fn,
            msg("the attention output has ", r.attn.output.shape(2), " features but the residual stream has D = ", D));
    trace_push(tr, n + "q", "Q = X W_Q", r.attn.q);
    trace_push(tr, n + "k", "K = X W_K", r.attn.k);
    trace_push(tr, n + "v", "V = X W_V", r.attn.v);
    trace_push(tr, n + "scores", "S = Q K^\\top / \\sqrt{d_k}", r.attn.scores);
    trace_push(tr, n + "weights", "A = \\mathrm{softmax}(S + M)", r.attn.weights);
    trace_push(tr, n + "attn", "\\mathrm{MHA}(X) = \\mathrm{Concat}(A_h V_h)\\, W_O", r.attn.output);
    Tensor3 h = x + r.attn.output;
    if (!pre && normed) h = batch(norm_forward(o.norm, rows(h), p.norm1, fn, "norm1"));
    trace_push(tr, n + "residual1",
               pre || !normed ? "U = X + \\mathrm{MHA}(\\cdot)" : "U = \\mathrm{LN}_1(X + \\mathrm{MHA}(X))", h);

    // Feed-forward sub-layer, applied to every row on its own.
    Tensor2 ffn_in = rows(h);
    if (pre && normed) {
        ffn_in = norm_forward(o.norm, ffn_in, p.norm2, fn, "norm2");
        trace_push(tr, n + "ln2", "\\mathrm{LN}_2(U)", batch(ffn_in));
    }
    const FfnResult f = ffn_forward(ffn_in, p.ffn, o.ffn, fn);
    require(f.output.shape(1) == D, fn,
            msg("the FFN output has ", f.output.shape(1), " features but the residual stream has D = ", D,
                " (w2 must be [F][D])"));
    trace_push(tr, n + "ffn_hidden", "\\varphi(U W_1 + b_1)", f.hidden);
    trace_push(tr, n + "ffn", "\\mathrm{FFN}(U) = \\varphi(U W_1 + b_1) W_2 + b_2", batch(f.output));
    Tensor3 y = h + batch(f.output);
    if (!pre && normed) y = batch(norm_forward(o.norm, rows(y), p.norm2, fn, "norm2"));
    trace_push(tr, n + "output",
               pre || !normed ? "H = U + \\mathrm{FFN}(\\cdot)" : "H = \\mathrm{LN}_2(U + \\mathrm{FFN}(U))", y);
    r.output = std::move(y);
    return r;
}

}  // namespace lab
