#include "lab/training/lm_backward.hpp"

#include <cmath>

#include <xtensor/xview.hpp>

#include "lab/core/matmul.hpp"
#include "lab/layers/softmax.hpp"

namespace lab {
namespace {

template <class T>
std::optional<T> zeros_opt(const std::optional<T>& t) {
    if (!t) return std::nullopt;
    return T(xt::zeros<double>(t->shape()));
}

template <class T>
void add_opt(std::optional<T>& into, const T& g) {
    if (into) *into += g;
}

// (N, W) columns col0 .. col0 + H*d as heads: (B*H, T, d) — the reshape and transpose of §4.2.
Tensor3 heads_of(const Tensor2& m, std::size_t col0, std::size_t B, std::size_t T, std::size_t H, std::size_t d) {
    Tensor3 out = Tensor3::from_shape({B * H, T, d});
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t h = 0; h < H; ++h)
            for (std::size_t t = 0; t < T; ++t)
                for (std::size_t c = 0; c < d; ++c) out(b * H + h, t, c) = m(b * T + t, col0 + h * d + c);
    return out;
}

// The inverse: (B*H, T, d) heads back into columns col0 .. of an (N, W) matrix.
void merge_heads(const Tensor3& t3, Tensor2& m, std::size_t col0, std::size_t B, std::size_t T, std::size_t H) {
    const std::size_t d = t3.shape(2);
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t h = 0; h < H; ++h)
            for (std::size_t t = 0; t < T; ++t)
                for (std::size_t c = 0; c < d; ++c) m(b * T + t, col0 + h * d + c) = t3(b * H + h, t, c);
}

Tensor2 rows(const Tensor3& t) { return xt::reshape_view(t, {t.shape(0) * t.shape(1), t.shape(2)}); }
Tensor3 batch(const Tensor2& t, std::size_t B) { return xt::reshape_view(t, {B, t.shape(0) / B, t.shape(1)}); }

// forward: y = norm(x) with parameters p (absent = gamma 1, beta 0); gradients into g when it has them.
Tensor2 norm_backward(NormKind kind, const Tensor2& dy, const Tensor2& x, const std::optional<NormParams>& p,
                      std::optional<NormParams>& g) {
    if (kind == NormKind::none) return dy;
    const std::size_t D = x.shape(1);
    const Tensor1 gamma = p ? p->gamma : Tensor1(xt::ones<double>({D}));
    Tensor1 dgamma = xt::zeros<double>({D}), dbeta = xt::zeros<double>({D});
    const Tensor2 dx = kind == NormKind::layer ? layernorm_backward(dy, x, gamma, 1e-5, dgamma, dbeta)
                                               : rmsnorm_backward(dy, x, gamma, 1e-5, dgamma);
    if (g) {
        g->gamma += dgamma;
        if (g->beta) *g->beta += dbeta;
    }
    return dx;
}

NormKind final_norm_kind(const LmOptions& o) { return o.block.norm == NormKind::none ? NormKind::layer : o.block.norm; }

}  // namespace

MhaParams zeros_like(const MhaParams& p) {
    return {zeros_opt(p.wQ), zeros_opt(p.wK),   zeros_opt(p.wV),   zeros_opt(p.bQ), zeros_opt(p.bK),
            zeros_opt(p.bV), zeros_opt(p.wQKV), zeros_opt(p.bQKV), zeros_opt(p.wO), zeros_opt(p.bO)};
}

BlockParams zeros_like(const BlockParams& p) {
    BlockParams g;
    g.attn = zeros_like(p.attn);
    g.ffn = FfnParams{xt::zeros<double>(p.ffn.w1.shape()),
                      zeros_opt(p.ffn.b1),
                      xt::zeros<double>(p.ffn.w2.shape()),
                      zeros_opt(p.ffn.b2),
                      zeros_opt(p.ffn.wGate),
                      zeros_opt(p.ffn.bGate)};
    if (p.norm1) g.norm1 = NormParams{xt::zeros<double>(p.norm1->gamma.shape()), zeros_opt(p.norm1->beta)};
    if (p.norm2) g.norm2 = NormParams{xt::zeros<double>(p.norm2->gamma.shape()), zeros_opt(p.norm2->beta)};
    return g;
}

LmParams zeros_like(const LmParams& p) {
    LmParams g;
    g.embedding = xt::zeros<double>(p.embedding.shape());
    g.positions = zeros_opt(p.positions);
    for (const auto& b : p.blocks) g.blocks.push_back(zeros_like(b));
    if (p.final_norm)
        g.final_norm = NormParams{xt::zeros<double>(p.final_norm->gamma.shape()), zeros_opt(p.final_norm->beta)};
    g.head = zeros_opt(p.head);
    return g;
}

Tensor3 mha_backward(const Tensor3& dout, const Tensor3& x, const MhaParams& p, std::size_t H,
                     const AttentionOptions& options, MhaParams& g) {
    const std::size_t B = x.shape(0), T = x.shape(1), D = x.shape(2), N = B * T;
    const Tensor2 x2 = rows(x);
    // forward: Q, K, V = x W_Q + b_Q, x W_K + b_K, x W_V + b_V (or one fused x W_QKV + b_QKV)
    const bool fused = p.wQKV.has_value();
    std::size_t dk, dv;
    Tensor2 qm, km, vm, qkv;
    if (fused) {
        dk = dv = p.wQKV->shape(1) / (3 * H);
        qkv = linear(x2, *p.wQKV, p.bQKV, "mha_backward", "wQKV");
    } else {
        dk = p.wQ->shape(1) / H;
        dv = p.wV->shape(1) / H;
        qm = linear(x2, *p.wQ, p.bQ, "mha_backward", "wQ");
        km = linear(x2, *p.wK, p.bK, "mha_backward", "wK");
        vm = linear(x2, *p.wV, p.bV, "mha_backward", "wV");
    }
    const Tensor3 q3 = fused ? heads_of(qkv, 0, B, T, H, dk) : heads_of(qm, 0, B, T, H, dk);
    const Tensor3 k3 = fused ? heads_of(qkv, H * dk, B, T, H, dk) : heads_of(km, 0, B, T, H, dk);
    const Tensor3 v3 = fused ? heads_of(qkv, 2 * H * dk, B, T, H, dv) : heads_of(vm, 0, B, T, H, dv);
    // forward: head_h = Attention(Q_h, K_h, V_h); concat = [head_1 ... head_H]
    const AttentionResult att = attention_forward(q3, k3, v3, options, "mha_backward");
    Tensor2 concat = Tensor2::from_shape({N, H * dv});
    merge_heads(att.output, concat, 0, B, T, H);

    // forward: out = concat W_O + b_O (identity without W_O)
    const Tensor2 dout2 = rows(dout);
    Tensor2 dconcat = dout2;
    if (p.wO) {
        dconcat = xt::zeros<double>({N, H * dv});
        matmul_backward(dconcat.data(), g.wO->data(), g.bO ? g.bO->data() : nullptr, dout2.data(), concat.data(),
                        p.wO->data(), N, H * dv, p.wO->shape(1));
    }
    const double scale = options.scale ? *options.scale : 1.0 / std::sqrt(double(dk));
    const AttentionGrads ag = attention_backward(heads_of(dconcat, 0, B, T, H, dv), q3, k3, v3, att.weights, scale);

    Tensor2 dx2 = xt::zeros<double>({N, D});
    if (fused) {
        Tensor2 dqkv = Tensor2::from_shape({N, p.wQKV->shape(1)});
        merge_heads(ag.dq, dqkv, 0, B, T, H);
        merge_heads(ag.dk, dqkv, H * dk, B, T, H);
        merge_heads(ag.dv, dqkv, 2 * H * dk, B, T, H);
        matmul_backward(dx2.data(), g.wQKV->data(), g.bQKV ? g.bQKV->data() : nullptr, dqkv.data(), x2.data(),
                        p.wQKV->data(), N, D, p.wQKV->shape(1));
    } else {
        const auto project = [&](const Tensor3& dh3, std::size_t d, const Tensor2& w, Tensor2& gw,
                                 std::optional<Tensor1>& gb) {
            Tensor2 dm = Tensor2::from_shape({N, H * d});
            merge_heads(dh3, dm, 0, B, T, H);
            matmul_backward(dx2.data(), gw.data(), gb ? gb->data() : nullptr, dm.data(), x2.data(), w.data(), N, D,
                            H * d);
        };
        project(ag.dq, dk, *p.wQ, *g.wQ, g.bQ);
        project(ag.dk, dk, *p.wK, *g.wK, g.bK);
        project(ag.dv, dv, *p.wV, *g.wV, g.bV);
    }
    return batch(dx2, B);
}

Tensor3 block_backward(const Tensor3& dy, const Tensor3& x, const BlockParams& p, const BlockOptions& o,
                       BlockParams& g) {
    const std::size_t B = x.shape(0);
    const bool normed = o.norm != NormKind::none;
    AttentionOptions ao;
    ao.causal = o.causal;
    ao.scale = o.scale;
    FfnGrads fg = zero_grads_like(p.ffn);
    const auto add_ffn = [&] {
        g.ffn.w1 += fg.w1;
        g.ffn.w2 += fg.w2;
        add_opt(g.ffn.b1, fg.b1);
        add_opt(g.ffn.b2, fg.b2);
        if (g.ffn.wGate) *g.ffn.wGate += fg.wGate;
        add_opt(g.ffn.bGate, fg.bGate);
    };
    const auto norm = [&](const Tensor3& t, const std::optional<NormParams>& np) {
        return normed ? batch(norm_forward(o.norm, rows(t), np, "block_backward", "norm"), B) : t;
    };

    if (o.arrangement == Arrangement::pre) {
        // forward: H = X + MHA(LN1(X)), Y = H + FFN(LN2(H))
        const Tensor3 xn = norm(x, p.norm1);
        const Tensor3 h = x + multihead_attention_forward(xn, p.attn, o.heads, ao, "block_backward").output;
        const Tensor3 hn = norm(h, p.norm2);
        Tensor3 dh = dy;
        const Tensor2 dhn = ffn_backward(rows(dy), rows(hn), p.ffn, o.ffn, fg);
        add_ffn();
        dh += batch(norm_backward(o.norm, dhn, rows(h), p.norm2, g.norm2), B);
        const Tensor3 dxn = mha_backward(dh, xn, p.attn, o.heads, ao, g.attn);
        return dh + batch(norm_backward(o.norm, rows(dxn), rows(x), p.norm1, g.norm1), B);
    }
    // forward: H = LN1(X + MHA(X)), Y = LN2(H + FFN(H))
    const Tensor3 h0 = x + multihead_attention_forward(x, p.attn, o.heads, ao, "block_backward").output;
    const Tensor3 h = norm(h0, p.norm1);
    const Tensor3 y0 = h + batch(ffn_forward(rows(h), p.ffn, o.ffn, "block_backward").output, B);
    const Tensor3 dy0 = batch(norm_backward(o.norm, rows(dy), rows(y0), p.norm2, g.norm2), B);
    Tensor3 dh = dy0 + batch(ffn_backward(rows(dy0), rows(h), p.ffn, o.ffn, fg), B);
    add_ffn();
    const Tensor3 dh0 = batch(norm_backward(o.norm, rows(dh), rows(h0), p.norm1, g.norm1), B);
    return dh0 + mha_backward(dh0, x, p.attn, o.heads, ao, g.attn);
}

LmLossAndGrads lm_backward(const TokenMatrix& tokens, const LmParams& p, const LmOptions& o, const std::string& fn) {
    const std::size_t B = tokens.shape(0), T = tokens.shape(1) - 1, D = p.embedding.shape(1), V = p.embedding.shape(0);
    const std::size_t N = B * T;
    const TokenMatrix inputs = xt::view(tokens, xt::all(), xt::range(0, T));
    std::vector<int> targets(N);
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t t = 0; t < T; ++t) targets[b * T + t] = tokens(b, t + 1);

    // Forward, keeping the input of every block and of the final norm.
    Tensor3 x = lm_embed(inputs, p, o, fn);
    std::vector<Tensor3> block_inputs;
    for (std::size_t l = 0; l < p.blocks.size(); ++l) {
        BlockOptions bo = o.block;
        if (!o.mask_blocks.empty()) bo.causal = o.mask_blocks[l];
        block_inputs.push_back(x);
        x = block_forward(x, p.blocks[l], bo, false, "block", fn).output;
    }
    const Tensor2 hx = rows(x);
    const Tensor2 h = p.final_norm ? norm_forward(final_norm_kind(o), hx, p.final_norm, fn, "finalNorm") : hx;
    const Tensor2 et = xt::transpose(p.embedding);
    const Tensor2 logits =
        p.head ? linear(h, *p.head, std::nullopt, fn, "head") : linear(h, et, std::nullopt, fn, "E^T");
    const CrossEntropyResult ce = cross_entropy_forward(logits, targets, fn);

    LmLossAndGrads r{ce.loss, zeros_like(p)};
    LmParams& g = r.grads;
    // forward: loss = mean_n -log softmax(z_n)[t_n]
    const Tensor2 dlogits = cross_entropy_backward(ce.probs, targets);
    // forward: z = h W_head, or z = h E^T when tied
    Tensor2 dh = xt::zeros<double>({N, D});
    if (p.head) {
        matmul_backward(dh.data(), g.head->data(), nullptr, dlogits.data(), h.data(), p.head->data(), N, D, V);
    } else {
        Tensor2 det = xt::zeros<double>({D, V});
        matmul_backward(dh.data(), det.data(), nullptr, dlogits.data(), h.data(), et.data(), N, D, V);
        g.embedding += xt::transpose(det);
    }
    Tensor3 dx = batch(p.final_norm ? norm_backward(final_norm_kind(o), dh, hx, p.final_norm, g.final_norm) : dh, B);
    for (std::size_t l = p.blocks.size(); l-- > 0;) {
        BlockOptions bo = o.block;
        if (!o.mask_blocks.empty()) bo.causal = o.mask_blocks[l];
        dx = block_backward(dx, block_inputs[l], p.blocks[l], bo, g.blocks[l]);
    }
    // forward: x_i = E[w_i] + p_i
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t t = 0; t < T; ++t)
            for (std::size_t c = 0; c < D; ++c) {
                g.embedding(inputs(b, t), c) += dx(b, t, c);
                if (o.positions == PositionKind::learned) (*g.positions)(t, c) += dx(b, t, c);
            }
    return r;
}

void for_each_parameter(LmParams& p, const ParameterVisitor& f) {
    const auto visit = [&](const std::string& name, auto& t) {
        f(name, t.data(), t.size(), std::vector<std::size_t>(t.shape().begin(), t.shape().end()));
    };
    const auto opt = [&](const std::string& name, auto& t) {
        if (t) visit(name, *t);
    };
    visit("embedding", p.embedding);
    opt("positions", p.positions);
    for (std::size_t l = 0; l < p.blocks.size(); ++l) {
        BlockParams& b = p.blocks[l];
        const std::string n = "blocks." + std::to_string(l) + ".";
        opt(n + "attn.wQ", b.attn.wQ);
        opt(n + "attn.wK", b.attn.wK);
        opt(n + "attn.wV", b.attn.wV);
        opt(n + "attn.bQ", b.attn.bQ);
        opt(n + "attn.bK", b.attn.bK);
        opt(n + "attn.bV", b.attn.bV);
        opt(n + "attn.wQKV", b.attn.wQKV);
        opt(n + "attn.bQKV", b.attn.bQKV);
        opt(n + "attn.wO", b.attn.wO);
        opt(n + "attn.bO", b.attn.bO);
        visit(n + "ffn.w1", b.ffn.w1);
        opt(n + "ffn.b1", b.ffn.b1);
        visit(n + "ffn.w2", b.ffn.w2);
        opt(n + "ffn.b2", b.ffn.b2);
        opt(n + "ffn.wGate", b.ffn.wGate);
        opt(n + "ffn.bGate", b.ffn.bGate);
        if (b.norm1) {
            visit(n + "norm1.gamma", b.norm1->gamma);
            opt(n + "norm1.beta", b.norm1->beta);
        }
        if (b.norm2) {
            visit(n + "norm2.gamma", b.norm2->gamma);
            opt(n + "norm2.beta", b.norm2->beta);
        }
    }
    if (p.final_norm) {
        visit("finalNorm.gamma", p.final_norm->gamma);
        opt("finalNorm.beta", p.final_norm->beta);
    }
    opt("head", p.head);
}

}  // namespace lab
