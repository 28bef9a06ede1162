#include "lab/layers/packing.hpp"

#include <algorithm>
#include <cmath>

namespace lab {

namespace {

// A trace entry copied from a flat buffer of the given shape.
void push(Trace* tr, const std::string& name, const std::string& formula, std::vector<std::size_t> shape,
          const double* data) {
    if (!tr) return;
    std::size_t n = 1;
    for (std::size_t d : shape) n *= d;
    tr->push_back(TraceStep{name, formula, std::move(shape), std::vector<double>(data, data + n)});
}

// Columns c0 .. c0 + width of the (N, stride) rows m, as (B, T, width).
Tensor3 columns(const double* m, std::size_t stride, std::size_t c0, std::size_t width, std::size_t B, std::size_t T) {
    Tensor3 out = Tensor3::from_shape({B, T, width});
    for (std::size_t n = 0; n < B * T; ++n)
        std::copy(m + n * stride + c0, m + n * stride + c0 + width, out.data() + n * width);
    return out;
}

// Columns c0 .. c0 + H d of the (N, stride) rows m split into H heads of width d, as (B, H, T, d):
// nanoGPT's view(B, T, nh, hs).transpose(1, 2) (§9.1).
Tensor4 head_split(const double* m, std::size_t stride, std::size_t c0, std::size_t H, std::size_t d, std::size_t B,
                   std::size_t T) {
    Tensor4 out = Tensor4::from_shape({B, H, T, d});
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t h = 0; h < H; ++h)
            for (std::size_t t = 0; t < T; ++t)
                for (std::size_t c = 0; c < d; ++c) out(b, h, t, c) = m[(b * T + t) * stride + c0 + h * d + c];
    return out;
}

Tensor3 batch(const double* data, std::size_t B, std::size_t T, std::size_t C) {
    Tensor3 out = Tensor3::from_shape({B, T, C});
    std::copy(data, data + B * T * C, out.data());
    return out;
}

Tensor4 per_head(const double* data, std::size_t B, std::size_t H, std::size_t T) {
    Tensor4 out = Tensor4::from_shape({B, H, T, T});
    std::copy(data, data + B * H * T * T, out.data());
    return out;
}

// The pass only reads through these pointers; BlockPtrs is mutable for training's sake.
template <class Opt>
double* at(const Opt& t) {
    return t ? const_cast<double*>(t->data()) : nullptr;
}

}  // namespace

void pack_mha(const MhaParams& p, const flat::BlockShape& s, PackedBlock& k) {
    flat::BlockPtrs<double>& w = k.w;
    if (p.wQKV) {
        w.wqkv = at(p.wQKV);
        w.bqkv = at(p.bQKV);
    } else {
        k.wqkv = side_by_side({&*p.wQ, &*p.wK, &*p.wV});
        w.wqkv = k.wqkv.data();
        k.bqkv = biases_in_turn({{&p.bQ, s.H * s.dk}, {&p.bK, s.H * s.dk}, {&p.bV, s.H * s.dv}});
        if (k.bqkv.size()) w.bqkv = k.bqkv.data();
    }
    w.wo = at(p.wO), w.bo = at(p.bO);
}

void pack_ffn(const FfnParams& p, PackedBlock& k) {
    flat::BlockPtrs<double>& w = k.w;
    w.w1 = const_cast<double*>(p.w1.data()), w.b1 = at(p.b1);
    w.wgate = at(p.wGate), w.bgate = at(p.bGate);
    w.w2 = const_cast<double*>(p.w2.data()), w.b2 = at(p.b2);
}

PackedBlock pack_block(const BlockParams& p, const flat::BlockShape& s) {
    PackedBlock k;
    pack_mha(p.attn, s, k);
    pack_ffn(p.ffn, k);
    if (s.norm != NormKind::none) {
        k.ones = xt::ones<double>({s.D});
        const auto gamma = [&](const std::optional<NormParams>& n) {
            return n ? const_cast<double*>(n->gamma.data()) : k.ones.data();
        };
        const auto beta = [&](const std::optional<NormParams>& n) { return n ? at(n->beta) : nullptr; };
        k.w.gamma1 = gamma(p.norm1), k.w.beta1 = beta(p.norm1);
        k.w.gamma2 = gamma(p.norm2), k.w.beta2 = beta(p.norm2);
    }
    return k;
}

void check_attention_values(const flat::BlockActs<double>& a, const flat::BlockShape& s, std::size_t N,
                            const std::string& fn) {
    const std::size_t W = s.qkv_width(), HK = s.H * s.dk;
    const auto finite = [&](std::size_t c0, std::size_t width) {
        for (std::size_t n = 0; n < N; ++n)
            for (std::size_t c = c0; c < c0 + width; ++c)
                if (!std::isfinite(a.qkv[n * W + c])) return false;
        return true;
    };
    require(finite(0, HK), fn, refused("overflow.block", "step", "q"));
    require(finite(HK, HK), fn, refused("overflow.block", "step", "k"));
    require(finite(2 * HK, s.H * s.dv), fn, refused("overflow.block", "step", "v"));
    // A softmax row fails only on a score that is not finite; the pass then marks its weights NaN.
    require(std::all_of(a.att.begin(), a.att.end(), [](double w) { return !std::isnan(w); }), fn,
            refused("overflow.block", "step", "scores"));
}

void check_block_values(const flat::BlockActs<double>& a, const flat::BlockShape& s, const double* y, std::size_t N,
                        const std::string& fn) {
    check_attention_values(a, s, N, fn);
    require(std::all_of(y, y + N * s.D, [](double v) { return std::isfinite(v); }), fn,
            refused("overflow.block", "step", "output"));
}

MhaResult mha_result(const flat::BlockActs<double>& a, const flat::BlockShape& s, std::size_t B, std::size_t T) {
    const std::size_t H = s.H, dv = s.dv, W = s.qkv_width(), HK = H * s.dk;
    MhaResult m;
    m.q = columns(a.qkv.data(), W, 0, HK, B, T);
    m.k = columns(a.qkv.data(), W, HK, HK, B, T);
    m.v = columns(a.qkv.data(), W, 2 * HK, H * dv, B, T);
    m.scores = per_head(a.scores.data(), B, H, T);
    m.weights = per_head(a.att.data(), B, H, T);
    m.concat = batch(a.atty.data(), B, T, H * dv);
    m.heads = head_split(a.atty.data(), H * dv, 0, H, dv, B, T);
    m.output = batch(a.mha.data(), B, T, s.D);
    return m;
}

void trace_block(Trace* tr, const std::string& name, const flat::BlockActs<double>& a, const flat::BlockShape& s,
                 const double* y, std::size_t B, std::size_t T) {
    if (!tr) return;
    const std::size_t D = s.D, H = s.H, W = s.qkv_width(), HK = H * s.dk;
    const std::string n = name + ".";
    const bool pre = s.arrangement == Arrangement::pre, normed = s.norm != NormKind::none;
    if (pre && normed) push(tr, n + "ln1", "\\mathrm{LN}_1(X)", {B, T, D}, a.a_in.data());
    push(tr, n + "qkv", "[Q \\mid K \\mid V] = X W_{QKV} + b_{QKV}", {B, T, W}, a.qkv.data());
    trace_push(tr, n + "q", "Q = X W_Q", columns(a.qkv.data(), W, 0, HK, B, T));
    trace_push(tr, n + "k", "K = X W_K", columns(a.qkv.data(), W, HK, HK, B, T));
    trace_push(tr, n + "v", "V = X W_V", columns(a.qkv.data(), W, 2 * HK, H * s.dv, B, T));
    trace_push(tr, n + "q.heads", "Q_h", head_split(a.qkv.data(), W, 0, H, s.dk, B, T));
    trace_push(tr, n + "k.heads", "K_h", head_split(a.qkv.data(), W, HK, H, s.dk, B, T));
    trace_push(tr, n + "v.heads", "V_h", head_split(a.qkv.data(), W, 2 * HK, H, s.dv, B, T));
    push(tr, n + "scores", "S = Q K^\\top / \\sqrt{d_k}", {B, H, T, T}, a.scores.data());
    // S + M: what the softmax reads, -inf above the diagonal under the causal mask (§7.1)
    std::vector<double> masked(a.scores.begin(), a.scores.begin() + B * H * T * T);
    if (s.causal)
        for (std::size_t r = 0; r < B * H; ++r)
            for (std::size_t i = 0; i < T; ++i)
                for (std::size_t j = i + 1; j < T; ++j) masked[(r * T + i) * T + j] = -INFINITY;
    push(tr, n + "masked", "S + M", {B, H, T, T}, masked.data());
    push(tr, n + "weights", "A = \\mathrm{softmax}(S + M)", {B, H, T, T}, a.att.data());
    trace_push(tr, n + "heads", "A_h V_h", head_split(a.atty.data(), H * s.dv, 0, H, s.dv, B, T));
    push(tr, n + "concat", "\\mathrm{Concat}(A_1 V_1, \\dots, A_H V_H)", {B, T, H * s.dv}, a.atty.data());
    push(tr, n + "attn", "\\mathrm{MHA}(X) = \\mathrm{Concat}(A_h V_h)\\, W_O", {B, T, D}, a.mha.data());
    if (pre || !normed)
        push(tr, n + "residual1", "U = X + \\mathrm{MHA}(\\cdot)", {B, T, D}, a.r1.data());
    else
        push(tr, n + "residual1", "U = \\mathrm{LN}_1(X + \\mathrm{MHA}(X))", {B, T, D}, a.f_in.data());
    if (pre && normed) push(tr, n + "ln2", "\\mathrm{LN}_2(U)", {B, T, D}, a.f_in.data());
    push(tr, n + "ffn_pre", "U W_1 + b_1", {B, T, s.F}, a.fch.data());
    push(tr, n + "ffn_hidden", s.gated ? "\\varphi(U W_1 + b_1) \\odot (U W_g + b_g)" : "\\varphi(U W_1 + b_1)",
         {B, T, s.F}, a.fact.data());
    push(tr, n + "ffn", "\\mathrm{FFN}(U) = \\varphi(U W_1 + b_1) W_2 + b_2", {B, T, D}, a.ffn.data());
    push(tr, n + "output",
         pre || !normed ? "H = U + \\mathrm{FFN}(\\cdot)" : "H = \\mathrm{LN}_2(U + \\mathrm{FFN}(U))", {B, T, D}, y);
}

}  // namespace lab
