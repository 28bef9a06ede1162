#include "lab/layers/decoder.hpp"

#include <cmath>

#include "lab/layers/packing.hpp"

namespace lab {

namespace {

Tensor4 heads_of(const std::vector<double>& data, std::size_t B, std::size_t H, std::size_t Tq, std::size_t Tk) {
    Tensor4 out = Tensor4::from_shape({B, H, Tq, Tk});
    std::copy(data.begin(), data.begin() + B * H * Tq * Tk, out.begin());
    return out;
}

Tensor3 rows_of(const double* data, std::size_t B, std::size_t T, std::size_t C) {
    Tensor3 out = Tensor3::from_shape({B, T, C});
    std::copy(data, data + B * T * C, out.begin());
    return out;
}

}  // namespace

DecoderResult decoder_block_forward(const Tensor3& x, const Tensor3& memory, const DecoderParams& p,
                                    const BlockOptions& o, bool record_trace, const std::string& fn) {
    const std::size_t B = x.shape(0), Tdec = x.shape(1), D = x.shape(2), Tenc = memory.shape(1), N = B * Tdec;
    require(B > 0 && Tdec > 0 && D > 0, fn, refused("shape.empty", "name", "x", "shape", shape_str(x.shape())));
    require(memory.shape(0) == B && memory.shape(2) == D && Tenc > 0, fn,
            refused("shape.memory", "B", B, "D", D, "x", shape_str(x.shape()), "memory", shape_str(memory.shape())));
    require_finite(x, fn, "x");
    require_finite(memory, fn, "memory");
    require(o.heads > 0, fn, refused("config.positive", "name", "heads"));
    const bool normed = o.norm != NormKind::none;
    for (const auto& [norm, name] : {std::pair{&p.norm1, "norm1"}, {&p.norm2, "norm2"}, {&p.norm3, "norm3"}}) {
        require(normed || !*norm, fn, refused("norm.givenButNone", "name", name));
        if (normed) check_norm_params(o.norm, *norm, D, fn, name);
    }
    const auto [dk, dv] = check_mha_params(p.self_attn, o.heads, D, fn + " (selfAttn)");
    require(!p.cross_attn.wQKV, fn, refused("mha.crossFused"));
    const auto [cdk, cdv] = check_mha_params(p.cross_attn, o.heads, D, fn + " (crossAttn)");
    require(cdk == dk && cdv == dv, fn, refused("mha.crossWidths", "cdk", cdk, "cdv", cdv, "dk", dk, "dv", dv));
    for (const auto& [attn, name] : {std::pair{&p.self_attn, "selfAttn"}, {&p.cross_attn, "crossAttn"}}) {
        const std::size_t out = attn->wO ? attn->wO->shape(1) : o.heads * dv;
        require(out == D, fn, refused("shape.residual", "name", name, "n", out, "D", D));
    }
    const std::size_t F = check_ffn_params(p.ffn, o.ffn, D, fn);
    require(p.ffn.w2.shape(1) == D, fn, refused("shape.residual", "name", "ffn", "n", p.ffn.w2.shape(1), "D", D));
    const flat::BlockShape s = block_shape(o, D, dk, dv, F, fn);

    // The pass only reads the tensors (PackedBlock says why the const_casts are safe); what they
    // do not hold as it wants it is made here: [W_K W_V] and its bias, gammas of 1.
    PackedBlock k;
    pack_mha(p.self_attn, s, k);
    pack_ffn(p.ffn, k);
    flat::DecoderPtrs<double> w;
    w.self = k.w;
    const auto at = [](const auto& t) { return t ? const_cast<double*>(t->data()) : nullptr; };
    const MhaParams& c = p.cross_attn;
    w.cwq = at(c.wQ), w.cbq = at(c.bQ);
    Tensor2 wkv = side_by_side({&*c.wK, &*c.wV});
    Tensor1 bkv = biases_in_turn({{&c.bK, s.H * dk}, {&c.bV, s.H * dv}});
    w.cwkv = wkv.data();
    if (bkv.size()) w.cbkv = bkv.data();
    w.cwo = at(c.wO), w.cbo = at(c.bO);
    const Tensor1 ones = xt::ones<double>({D});
    const auto gamma = [&](const std::optional<NormParams>& n) {
        return n ? const_cast<double*>(n->gamma.data()) : const_cast<double*>(ones.data());
    };
    const auto beta = [&](const std::optional<NormParams>& n) { return n ? at(n->beta) : nullptr; };
    if (normed) {
        w.self.gamma1 = gamma(p.norm1), w.self.beta1 = beta(p.norm1);
        w.gamma2 = gamma(p.norm2), w.beta2 = beta(p.norm2);
        w.gamma3 = gamma(p.norm3), w.beta3 = beta(p.norm3);
    }

    flat::DecoderActs<double> a;
    flat::decoder_fit(a, s, B, Tdec, Tenc);
    DecoderResult r;
    r.output = Tensor3::from_shape({B, Tdec, D});
    flat::decoder_block_forward(r.output.data(), x.data(), memory.data(), w, s, a, B, Tdec, Tenc);
    check_attention_values(a.self, s, N, fn + " (selfAttn)");
    require(std::all_of(r.output.begin(), r.output.end(), [](double v) { return std::isfinite(v); }), fn,
            refused("overflow.block", "step", "output"));

    r.self_weights = heads_of(a.self.att, B, s.H, Tdec, Tdec);
    r.cross_weights = heads_of(a.catt, B, s.H, Tdec, Tenc);
    if (record_trace) {
        Trace* tr = &r.trace;
        const bool pre = s.arrangement == Arrangement::pre;
        const std::size_t HK = s.H * dk, W = s.qkv_width();
        Tensor3 q = Tensor3::from_shape({B, Tdec, HK});
        for (std::size_t n = 0; n < N; ++n)
            std::copy(a.self.qkv.begin() + n * W, a.self.qkv.begin() + n * W + HK, q.begin() + n * HK);
        trace_push(tr, "self.q", "Q = X W_Q", q);
        trace_push(tr, "self.weights", "A = \\mathrm{softmax}(Q K^\\top / \\sqrt{d_k} + M_{\\text{causal}})",
                   r.self_weights);
        trace_push(tr, "h1",
                   pre ? "h_1 = X + \\mathrm{SA}(\\mathrm{LN}_1(X))" : "h_1 = \\mathrm{LN}_1(X + \\mathrm{SA}(X))",
                   rows_of(pre ? a.self.r1.data() : a.self.f_in.data(), B, Tdec, D));
        trace_push(tr, "cross.q", "Q_c = h W_Q^{c} \\;\\text{(from the decoder)}", rows_of(a.cq.data(), B, Tdec, HK));
        Tensor3 kmem = Tensor3::from_shape({B, Tenc, HK}), vmem = Tensor3::from_shape({B, Tenc, s.H * dv});
        for (std::size_t n = 0; n < B * Tenc; ++n) {
            const double* row = a.ckv.data() + n * (HK + s.H * dv);
            std::copy(row, row + HK, kmem.begin() + n * HK);
            std::copy(row + HK, row + HK + s.H * dv, vmem.begin() + n * s.H * dv);
        }
        trace_push(tr, "cross.k", "K_c = M W_K^{c} \\;\\text{(from the memory)}", kmem);
        trace_push(tr, "cross.v", "V_c = M W_V^{c}", vmem);
        trace_push(tr, "cross.weights", "A_c = \\mathrm{softmax}(Q_c K_c^\\top / \\sqrt{d_k})", r.cross_weights);
        trace_push(tr, "h2",
                   pre ? "h_2 = h_1 + \\mathrm{CA}(\\mathrm{LN}_2(h_1), M)"
                       : "h_2 = \\mathrm{LN}_2(h_1 + \\mathrm{CA}(h_1, M))",
                   rows_of(pre ? a.r2.data() : a.c_in.data(), B, Tdec, D));
        trace_push(tr, "ffn", "\\mathrm{FFN}(\\cdot)", rows_of(a.self.ffn.data(), B, Tdec, D));
        trace_push(
            tr, "output",
            pre ? "Y = h_2 + \\mathrm{FFN}(\\mathrm{LN}_3(h_2))" : "Y = \\mathrm{LN}_3(h_2 + \\mathrm{FFN}(h_2))",
            r.output);
    }
    return r;
}

}  // namespace lab
