#include "lab/training/flat_lm.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>

#include "lab/layers/attention.hpp"
#include "lab/layers/ffn.hpp"
#include "lab/layers/lm.hpp"
#include "lab/layers/norm.hpp"

#include "lab/core/gemm.hpp"

namespace lab::flat {

namespace {

// The LayerNorm / RMSNorm epsilon, as the worked examples' norms use it.
constexpr double kNormEps = 1e-5;

template <class Real>
void fit(std::vector<Real>& v, std::size_t n) {
    if (v.size() < n) v.resize(n);
}

// ---- layers on whole buffers: forward, then backward quoting the forward line it differentiates ----

// out (N, OC) = inp (N, C) @ w (C, OC) + bias (OC)
template <class Real>
void matmul_forward(Real* out, const Real* inp, const Real* w, const Real* bias, std::size_t N, std::size_t C,
                    std::size_t OC) {
    gemm(out, inp, w, bias, N, C, OC, false);
}

// forward: out = inp @ w + bias. Adds into dinp (N, C), dw (C, OC) and dbias (OC); the products
// become forward ones on transposed operands (scratch tmp_a, tmp_b), so gemm does all the work.
template <class Real>
void matmul_backward(Real* dinp, Real* dw, Real* dbias, const Real* dout, const Real* inp, const Real* w, std::size_t N,
                     std::size_t C, std::size_t OC, std::vector<Real>& tmp_a, std::vector<Real>& tmp_b) {
    fit(tmp_a, C * OC);
    transpose(tmp_a.data(), w, C, OC);                                                  // w^T (OC, C)
    gemm(dinp, dout, tmp_a.data(), static_cast<const Real*>(nullptr), N, OC, C, true);  // dinp += dout @ w^T
    fit(tmp_b, N * C);
    transpose(tmp_b.data(), inp, N, C);                                               // inp^T (C, N)
    gemm(dw, tmp_b.data(), dout, static_cast<const Real*>(nullptr), C, N, OC, true);  // dw += inp^T @ dout
    if (dbias)
        for (std::size_t n = 0; n < N; ++n)
            for (std::size_t o = 0; o < OC; ++o) dbias[o] += dout[n * OC + o];
}

// Every row of inp (N, D) through the norm `kind` (norm_row_forward); none copies.
template <class Real>
void norm_forward(NormKind kind, Real* out, Real* mean, Real* rstd, const Real* inp, const Real* gamma,
                  const Real* beta, std::size_t N, std::size_t D) {
    if (kind == NormKind::none) {
        std::memcpy(out, inp, N * D * sizeof(Real));
        return;
    }
    for (std::size_t n = 0; n < N; ++n)
        norm_row_forward(kind, out + n * D, mean[n], rstd[n], inp + n * D, gamma, beta, D, Real(kNormEps));
}

// forward: out = norm(inp) row by row (norm_row_backward); none passes dout through.
template <class Real>
void norm_backward(NormKind kind, Real* dinp, Real* dgamma, Real* dbeta, const Real* dout, const Real* inp,
                   const Real* mean, const Real* rstd, const Real* gamma, std::size_t N, std::size_t D) {
    if (kind == NormKind::none) {
        for (std::size_t i = 0; i < N * D; ++i) dinp[i] += dout[i];
        return;
    }
    for (std::size_t n = 0; n < N; ++n)
        norm_row_backward(kind, dinp + n * D, dgamma, dbeta, dout + n * D, inp + n * D, mean[n], rstd[n], gamma, D);
}

struct AttentionShape {
    std::size_t B, T, H, D;
    bool causal;
    double scale;
};

// Whether query i may read key j: the causal mask, and the intervention's hidden positions
// (hidden from every query but their own, so no row is ever empty).
bool keep(std::size_t i, std::size_t j, bool causal, const std::vector<char>& hidden) {
    return (!causal || j <= i) && (hidden.empty() || !hidden[j] || j == i);
}

// qkv (N, 3D) holds [q | k | v] per row, head h in columns h dh .. (h + 1) dh of each third;
// each (batch item, head) is one attention_head_forward. Ablated heads give y = 0.
template <class Real>
void attention_forward(Real* atty, Real* att, const Real* qkv, const AttentionShape& s, const std::vector<char>& hidden,
                       const std::vector<char>& ablated) {
    const std::size_t B = s.B, T = s.T, H = s.H, D = s.D, dh = D / H, row = 3 * D;
    const auto kept = [&](std::size_t i, std::size_t j) { return keep(i, j, s.causal, hidden); };
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t h = 0; h < H; ++h) {
            const Real* q = qkv + b * T * row + h * dh;
            Real* y = atty + b * T * D + h * dh;
            Real* a = att + (b * H + h) * T * T;
            const std::size_t empty = attention_head_forward(y, D, static_cast<Real*>(nullptr), a, q, row, q + D, row,
                                                             q + 2 * D, row, T, T, dh, dh, Real(s.scale), kept);
            // Every query keeps at least itself, so a row's softmax fails only on scores that are
            // not finite (a diverged step): the outputs become NaN, and the loss says so.
            if (empty != T) {
                const Real nan = std::numeric_limits<Real>::quiet_NaN();
                std::fill(a, a + T * T, nan);
                for (std::size_t i = 0; i < T; ++i) std::fill(y + i * D, y + i * D + dh, nan);
            }
            if (!ablated.empty() && ablated[h])
                for (std::size_t i = 0; i < T; ++i) std::fill(y + i * D, y + i * D + dh, Real(0));
        }
}

// forward: atty = attention(qkv), one attention_head_backward per (batch item, head). Adds into
// dqkv (N, 3D); scratch holds 2 T numbers.
template <class Real>
void attention_backward(Real* dqkv, const Real* datty, const Real* qkv, const Real* att, const AttentionShape& s,
                        Real* scratch) {
    const std::size_t B = s.B, T = s.T, H = s.H, D = s.D, dh = D / H, row = 3 * D;
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t h = 0; h < H; ++h) {
            const Real* q = qkv + b * T * row + h * dh;
            Real* dq = dqkv + b * T * row + h * dh;
            attention_head_backward(dq, dq + D, dq + 2 * D, datty + b * T * D + h * dh, D, att + (b * H + h) * T * T, q,
                                    row, q + D, row, q + 2 * D, row, T, T, dh, dh, Real(s.scale), scratch);
        }
}

// fact = act(fch), times gate when gated.
template <class Real>
void ffn_activation_forward(Real* fact, const Real* fch, const Real* gate, std::size_t n, Activation a) {
    for (std::size_t i = 0; i < n; ++i) fact[i] = activate(fch[i], a) * (gate ? gate[i] : Real(1));
}

// forward: fact = act(fch) * gate.  dfch = dfact * gate * act'(fch);  dgate = dfact * act(fch).
template <class Real>
void ffn_activation_backward(Real* dfch, Real* dgate, const Real* dfact, const Real* fch, const Real* gate,
                             std::size_t n, Activation a) {
    for (std::size_t i = 0; i < n; ++i) {
        dfch[i] = dfact[i] * (gate ? gate[i] : Real(1)) * activate_grad(fch[i], a);
        if (gate) dgate[i] = dfact[i] * activate(fch[i], a);
    }
}

}  // namespace

// ---- the model ----

template <class Real>
Lm<Real>::Lm(const ModelConfig& c, LmParams p)
    : c_(c), V_(c.vocab), D_(c.D), H_(c.heads), F_(c.ffn_mult * c.D), L_(c.layers) {
    std::size_t offset = 0;
    for_each_parameter(p, [&](const std::string& name, double*, std::size_t n, const std::vector<std::size_t>& shape) {
        slots_.push_back({name, shape, offset, n, decays(name)});
        offset += n;
    });
    weights_.assign(offset, Real(0));
    grads_.assign(offset, Real(0));
    const auto bind = [&](Real* base) {
        std::map<std::string, Real*> at;
        for (const Slot& s : slots_) at[s.name] = base + s.offset;
        const auto get = [&](const std::string& name) {
            const auto it = at.find(name);
            return it == at.end() ? nullptr : it->second;
        };
        LmPtrs<Real> q;
        q.embedding = get("embedding");
        q.positions = get("positions");
        for (std::size_t l = 0; l < L_; ++l) {
            const std::string n = "blocks." + std::to_string(l) + ".";
            q.blocks.push_back({get(n + "attn.wQKV"), get(n + "attn.bQKV"), get(n + "attn.wO"), get(n + "attn.bO"),
                                get(n + "ffn.w1"), get(n + "ffn.b1"), get(n + "ffn.w2"), get(n + "ffn.b2"),
                                get(n + "ffn.wGate"), get(n + "norm1.gamma"), get(n + "norm1.beta"),
                                get(n + "norm2.gamma"), get(n + "norm2.beta")});
        }
        q.final_gamma = get("finalNorm.gamma");
        q.final_beta = get("finalNorm.beta");
        q.head = get("head");
        return q;
    };
    w_ = bind(weights_.data());
    g_ = bind(grads_.data());
    acts_.resize(L_);
    x_.resize(L_ + 1);
    set_params(p);
}

template <class Real>
void Lm<Real>::set_params(LmParams& p) {
    std::size_t k = 0;
    for_each_parameter(p, [&](const std::string& name, double* data, std::size_t n, const std::vector<std::size_t>&) {
        assert(k < slots_.size() && slots_[k].name == name && slots_[k].size == n);
        (void)name;
        Real* w = weights_.data() + slots_[k++].offset;
        for (std::size_t i = 0; i < n; ++i) w[i] = Real(data[i]);
    });
}

template <class Real>
LmParams Lm<Real>::params() const {
    LmParams p = init_model(c_);
    std::size_t k = 0;
    for_each_parameter(p, [&](const std::string&, double* data, std::size_t n, const std::vector<std::size_t>&) {
        const Real* w = weights_.data() + slots_[k++].offset;
        for (std::size_t i = 0; i < n; ++i) data[i] = double(w[i]);
    });
    return p;
}

template <class Real>
void Lm<Real>::fit(std::size_t B, std::size_t T) {
    const std::size_t N = B * T, D = D_, F = F_;
    for (auto& x : x_) flat::fit(x, N * D);
    for (BlockActs<Real>& a : acts_) {
        for (auto* v : {&a.a_in, &a.atty, &a.r1, &a.f_in, &a.r2}) flat::fit(*v, N * D);
        for (auto* v : {&a.mean1, &a.rstd1, &a.mean2, &a.rstd2}) flat::fit(*v, N);
        flat::fit(a.qkv, N * 3 * D);
        flat::fit(a.att, B * H_ * T * T);
        for (auto* v : {&a.fch, &a.fact}) flat::fit(*v, N * F);
        if (c_.gated) flat::fit(a.gate, N * F);
    }
    flat::fit(hf_, N * D);
    flat::fit(meanf_, N);
    flat::fit(rstdf_, N);
    flat::fit(logits_, N * V_);
    flat::fit(probs_, N * V_);
    if (c_.positions == PositionKind::sinusoidal && sinusoid_.size() < T * D) {
        const Tensor2 pe = sinusoidal_positions(T, D, "flat::Lm");
        sinusoid_.assign(pe.begin(), pe.end());
    }
}

template <class Real>
double Lm<Real>::forward(const int* inputs, const int* targets, std::size_t B, std::size_t T, const Intervention* iv) {
    assert(B > 0 && T > 0);
    assert(c_.positions != PositionKind::learned || T <= c_.T);
    fit(B, T);
    B_ = B, T_ = T;
    const std::size_t N = B * T, D = D_, F = F_, V = V_;
    inputs_.assign(inputs, inputs + N);
    if (targets)
        targets_.assign(targets, targets + N);
    else
        targets_.clear();
    const NormKind nk = c_.norm;
    const bool pre = c_.arrangement == Arrangement::pre;

    // x_i = E[w_i] + p_i
    Real* x0 = x_[0].data();
    for (std::size_t n = 0; n < N; ++n) {
        const std::size_t t = n % T;
        const Real* e = w_.embedding + std::size_t(inputs[n]) * D;
        const Real* p = c_.positions == PositionKind::learned      ? w_.positions + t * D
                        : c_.positions == PositionKind::sinusoidal ? sinusoid_.data() + t * D
                                                                   : nullptr;
        for (std::size_t i = 0; i < D; ++i) x0[n * D + i] = e[i] + (p ? p[i] : Real(0));
    }

    std::vector<char> hidden, ablated;
    if (iv && !iv->hidden.empty()) {
        hidden.assign(T, 0);
        for (std::size_t t : iv->hidden) hidden[t] = 1;
    }
    for (std::size_t l = 0; l < L_; ++l) {
        const BlockPtrs<Real>& w = w_.blocks[l];
        BlockActs<Real>& a = acts_[l];
        const Real* x = x_[l].data();
        Real* y = x_[l + 1].data();
        ablated.clear();
        if (iv)
            for (const auto& [layer, head] : iv->heads)
                if (layer == l) ablated.resize(H_, 0), ablated[head] = 1;
        // pre-norm:  r1 = x + MHA(LN1(x)),  y = r1 + FFN(LN2(r1))
        // post-norm: r1 = x + MHA(x), f_in = LN1(r1),  r2 = f_in + FFN(f_in),  y = LN2(r2)
        if (pre)
            norm_forward<Real>(nk, a.a_in.data(), a.mean1.data(), a.rstd1.data(), x, w.gamma1, w.beta1, N, D);
        else
            std::memcpy(a.a_in.data(), x, N * D * sizeof(Real));
        matmul_forward<Real>(a.qkv.data(), a.a_in.data(), w.wqkv, w.bqkv, N, D, 3 * D);
        const AttentionShape s{
            B, T, H_, D, causal(l) || (iv && iv->causal), c_.scaled ? 1.0 / std::sqrt(double(D / H_)) : 1.0};
        attention_forward<Real>(a.atty.data(), a.att.data(), a.qkv.data(), s, hidden, ablated);
        matmul_forward<Real>(a.r1.data(), a.atty.data(), w.wo, w.bo, N, D, D);
        for (std::size_t i = 0; i < N * D; ++i) a.r1[i] += x[i];
        if (pre)
            norm_forward<Real>(nk, a.f_in.data(), a.mean2.data(), a.rstd2.data(), a.r1.data(), w.gamma2, w.beta2, N, D);
        else
            norm_forward<Real>(nk, a.f_in.data(), a.mean1.data(), a.rstd1.data(), a.r1.data(), w.gamma1, w.beta1, N, D);
        matmul_forward<Real>(a.fch.data(), a.f_in.data(), w.w1, w.b1, N, D, F);
        if (c_.gated) matmul_forward<Real>(a.gate.data(), a.f_in.data(), w.wgate, nullptr, N, D, F);
        ffn_activation_forward<Real>(a.fact.data(), a.fch.data(), c_.gated ? a.gate.data() : nullptr, N * F,
                                     c_.activation);
        Real* r2 = pre ? y : a.r2.data();
        matmul_forward<Real>(r2, a.fact.data(), w.w2, w.b2, N, F, D);
        const Real* residual = pre ? a.r1.data() : a.f_in.data();
        for (std::size_t i = 0; i < N * D; ++i) r2[i] += residual[i];
        if (!pre) norm_forward<Real>(nk, y, a.mean2.data(), a.rstd2.data(), r2, w.gamma2, w.beta2, N, D);
    }

    // z = LN_f(x_L) E^T (tied) or LN_f(x_L) W_head
    norm_forward<Real>(w_.final_gamma ? nk : NormKind::none, hf_.data(), meanf_.data(), rstdf_.data(), x_[L_].data(),
                       w_.final_gamma, w_.final_beta, N, D);
    const Real* head = w_.head;
    if (!head) {
        flat::fit(eT_, D * V);
        transpose(eT_.data(), w_.embedding, V, D);
        head = eT_.data();
    }
    matmul_forward<Real>(logits_.data(), hf_.data(), head, nullptr, N, D, V);

    // p = softmax(z);  loss = mean_n (logsumexp(z_n) - z_n[target_n])
    double loss = 0.0;
    for (std::size_t n = 0; n < N; ++n) {
        Real* p = probs_.data() + n * V;
        const Real* z = logits_.data() + n * V;
        if (targets)
            loss += double(cross_entropy_row(p, z, V, targets[n]));
        else
            softmax_row(z, static_cast<const bool*>(nullptr), p, V);
    }
    return targets ? loss / double(N) : 0.0;
}

template <class Real>
void Lm<Real>::backward() {
    const std::size_t B = B_, T = T_, N = B * T, D = D_, F = F_, V = V_;
    assert(targets_.size() == N);  // the last forward had targets
    const NormKind nk = c_.norm;
    const bool pre = c_.arrangement == Arrangement::pre;
    std::fill(grads_.begin(), grads_.end(), Real(0));
    for (auto* v : {&dx_, &dr_, &dfin_, &dain_, &datty_, &dhf_}) flat::fit(*v, N * D);
    flat::fit(dqkv_, N * 3 * D);
    for (auto* v : {&dfact_, &dfch_, &dgate_}) flat::fit(*v, N * F);
    flat::fit(dlogits_, N * V);
    flat::fit(datt_row_, 2 * T);  // attention_head_backward's scratch

    // forward: loss = mean_n -log p_n[target_n]  =>  dz = (p - onehot(target)) / N
    for (std::size_t n = 0; n < N; ++n)
        cross_entropy_row_backward(dlogits_.data() + n * V, probs_.data() + n * V, V, targets_[n], Real(1) / Real(N));

    // forward: z = hf E^T (tied) or hf W_head
    std::fill(dhf_.begin(), dhf_.begin() + N * D, Real(0));
    if (w_.head) {
        matmul_backward<Real>(dhf_.data(), g_.head, nullptr, dlogits_.data(), hf_.data(), w_.head, N, D, V, tmp_a_,
                              tmp_b_);
    } else {
        gemm<Real>(dhf_.data(), dlogits_.data(), w_.embedding, nullptr, N, V, D, true);  // dhf += dz E
        flat::fit(tmp_b_, V * N);
        transpose(tmp_b_.data(), dlogits_.data(), N, V);
        gemm<Real>(g_.embedding, tmp_b_.data(), hf_.data(), nullptr, V, N, D, true);  // dE += dz^T hf
    }
    // forward: hf = LN_f(x_L)
    std::fill(dx_.begin(), dx_.begin() + N * D, Real(0));
    norm_backward<Real>(w_.final_gamma ? nk : NormKind::none, dx_.data(), g_.final_gamma, g_.final_beta, dhf_.data(),
                        x_[L_].data(), meanf_.data(), rstdf_.data(), w_.final_gamma, N, D);

    for (std::size_t l = L_; l-- > 0;) {
        const BlockPtrs<Real>& w = w_.blocks[l];
        const BlockPtrs<Real>& g = g_.blocks[l];
        BlockActs<Real>& a = acts_[l];
        const Real* x = x_[l].data();
        // dx_ holds dL/dy for this block's output y; dr_ becomes dL/dr1, dfin_ dL/df_in.
        Real* dr2 = dx_.data();
        if (!pre) {  // forward: y = LN2(r2)
            std::fill(dr_.begin(), dr_.begin() + N * D, Real(0));
            norm_backward<Real>(nk, dr_.data(), g.gamma2, g.beta2, dx_.data(), a.r2.data(), a.mean2.data(),
                                a.rstd2.data(), w.gamma2, N, D);
            dr2 = dr_.data();
        }
        // forward: r2 = residual + fact W2 + b2; the residual (r1 pre-norm, f_in post-norm) takes dr2 as it is
        if (pre) {
            std::copy(dr2, dr2 + N * D, dr_.begin());
            std::fill(dfin_.begin(), dfin_.begin() + N * D, Real(0));
        } else {
            std::copy(dr2, dr2 + N * D, dfin_.begin());
        }
        std::fill(dfact_.begin(), dfact_.begin() + N * F, Real(0));
        matmul_backward<Real>(dfact_.data(), g.w2, g.b2, dr2, a.fact.data(), w.w2, N, F, D, tmp_a_, tmp_b_);
        // forward: fact = act(fch) * gate;  fch = f_in W1 + b1;  gate = f_in W_gate
        ffn_activation_backward<Real>(dfch_.data(), dgate_.data(), dfact_.data(), a.fch.data(),
                                      c_.gated ? a.gate.data() : nullptr, N * F, c_.activation);
        matmul_backward<Real>(dfin_.data(), g.w1, g.b1, dfch_.data(), a.f_in.data(), w.w1, N, D, F, tmp_a_, tmp_b_);
        if (c_.gated)
            matmul_backward<Real>(dfin_.data(), g.wgate, nullptr, dgate_.data(), a.f_in.data(), w.wgate, N, D, F,
                                  tmp_a_, tmp_b_);
        // forward: f_in = LN2(r1) (pre-norm) or LN1(r1) (post-norm)
        if (pre) {
            norm_backward<Real>(nk, dr_.data(), g.gamma2, g.beta2, dfin_.data(), a.r1.data(), a.mean2.data(),
                                a.rstd2.data(), w.gamma2, N, D);
        } else {
            std::fill(dr_.begin(), dr_.begin() + N * D, Real(0));
            norm_backward<Real>(nk, dr_.data(), g.gamma1, g.beta1, dfin_.data(), a.r1.data(), a.mean1.data(),
                                a.rstd1.data(), w.gamma1, N, D);
        }
        // forward: r1 = x + atty W_O + b_O  (dx takes dr1 through the residual)
        std::fill(datty_.begin(), datty_.begin() + N * D, Real(0));
        matmul_backward<Real>(datty_.data(), g.wo, g.bo, dr_.data(), a.atty.data(), w.wo, N, D, D, tmp_a_, tmp_b_);
        std::copy(dr_.begin(), dr_.begin() + N * D, dx_.begin());
        // forward: atty = attention(qkv)
        const AttentionShape s{B, T, H_, D, causal(l), c_.scaled ? 1.0 / std::sqrt(double(D / H_)) : 1.0};
        std::fill(dqkv_.begin(), dqkv_.begin() + N * 3 * D, Real(0));
        attention_backward<Real>(dqkv_.data(), datty_.data(), a.qkv.data(), a.att.data(), s, datt_row_.data());
        // forward: qkv = a_in W_QKV + b_QKV, with a_in = LN1(x) (pre-norm) or x (post-norm)
        std::fill(dain_.begin(), dain_.begin() + N * D, Real(0));
        matmul_backward<Real>(dain_.data(), g.wqkv, g.bqkv, dqkv_.data(), a.a_in.data(), w.wqkv, N, D, 3 * D, tmp_a_,
                              tmp_b_);
        if (pre)
            norm_backward<Real>(nk, dx_.data(), g.gamma1, g.beta1, dain_.data(), x, a.mean1.data(), a.rstd1.data(),
                                w.gamma1, N, D);
        else
            for (std::size_t i = 0; i < N * D; ++i) dx_[i] += dain_[i];
    }
    // forward: x_i = E[w_i] + p_i
    for (std::size_t n = 0; n < N; ++n) {
        Real* de = g_.embedding + std::size_t(inputs_[n]) * D;
        Real* dp = g_.positions ? g_.positions + (n % T) * D : nullptr;
        for (std::size_t i = 0; i < D; ++i) {
            de[i] += dx_[n * D + i];
            if (dp) dp[i] += dx_[n * D + i];
        }
    }
}

template <class Real>
double gradient_norm(const std::vector<Real>& grads) {
    double sq = 0.0;
    for (Real g : grads) sq += double(g) * double(g);
    return std::sqrt(sq);
}

template <class Real>
void Optimizer<Real>::step(Lm<Real>& lm, double norm) {
    std::vector<Real>& w = lm.weights();
    const std::vector<Real>& g = lm.grads();
    if (m_.size() != w.size()) m_.assign(w.size(), Real(0)), v_.assign(w.size(), Real(0));
    const double clip_scale = (c_.clip > 0 && norm > c_.clip) ? c_.clip / norm : 1.0;
    const double lr = scheduled_lr(c_, t_);
    last_lr_ = lr;
    ++t_;
    for (const Slot& s : lm.slots())
        optimizer_update(c_, lr, t_, clip_scale, s.decay, w.data() + s.offset, g.data() + s.offset,
                         m_.data() + s.offset, v_.data() + s.offset, s.size);
}

template class Lm<float>;
template class Lm<double>;
template class Optimizer<float>;
template class Optimizer<double>;
template double gradient_norm(const std::vector<float>&);
template double gradient_norm(const std::vector<double>&);

}  // namespace lab::flat
