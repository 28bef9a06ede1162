#include "lab/training/lm_f32.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>

#include "lab/training/gemm_f32.hpp"

namespace lab::f32 {

namespace {

constexpr float kNormEps = 1e-5f;  // the double path's LayerNorm / RMSNorm epsilon

void fit(std::vector<float>& v, std::size_t n) {
    if (v.size() < n) v.resize(n);
}

// ---- layers: forward, then backward quoting the forward line it differentiates ----

// out (N, OC) = inp (N, C) @ w (C, OC) + bias (OC)
void matmul_forward(float* out, const float* inp, const float* w, const float* bias, std::size_t N, std::size_t C,
                    std::size_t OC) {
    gemm(out, inp, w, bias, N, C, OC, false);
}

// forward: out = inp @ w + bias. Adds into dinp (N, C), dw (C, OC) and dbias (OC); the products
// become forward ones on transposed operands (scratch tmp_a, tmp_b), so gemm does all the work.
void matmul_backward(float* dinp, float* dw, float* dbias, const float* dout, const float* inp, const float* w,
                     std::size_t N, std::size_t C, std::size_t OC, std::vector<float>& tmp_a,
                     std::vector<float>& tmp_b) {
    fit(tmp_a, C * OC);
    transpose(tmp_a.data(), w, C, OC);                        // w^T (OC, C)
    gemm(dinp, dout, tmp_a.data(), nullptr, N, OC, C, true);  // dinp += dout @ w^T
    fit(tmp_b, N * C);
    transpose(tmp_b.data(), inp, N, C);                     // inp^T (C, N)
    gemm(dw, tmp_b.data(), dout, nullptr, C, N, OC, true);  // dw += inp^T @ dout
    if (dbias)
        for (std::size_t n = 0; n < N; ++n)
            for (std::size_t o = 0; o < OC; ++o) dbias[o] += dout[n * OC + o];
}

// LayerNorm: y = (x - mean) * rstd * gamma + beta;  RMSNorm: y = x * rstd * gamma, with
// rstd = 1 / sqrt(var + eps) or 1 / sqrt(mean(x^2) + eps); none: y = x.
void norm_forward(NormKind kind, float* out, float* mean, float* rstd, const float* inp, const float* gamma,
                  const float* beta, std::size_t N, std::size_t D) {
    if (kind == NormKind::none) {
        std::memcpy(out, inp, N * D * sizeof(float));
        return;
    }
    for (std::size_t n = 0; n < N; ++n) {
        const float* x = inp + n * D;
        float* y = out + n * D;
        float m = 0.0f;
        if (kind == NormKind::layer) {
            for (std::size_t i = 0; i < D; ++i) m += x[i];
            m /= float(D);
        }
        float var = 0.0f;
        for (std::size_t i = 0; i < D; ++i) var += (x[i] - m) * (x[i] - m);
        const float s = 1.0f / std::sqrt(var / float(D) + kNormEps);
        for (std::size_t i = 0; i < D; ++i) y[i] = (x[i] - m) * s * gamma[i] + (beta ? beta[i] : 0.0f);
        mean[n] = m;
        rstd[n] = s;
    }
}

// forward: y = xhat * gamma + beta with xhat = (x - mean) * rstd (mean 0 for RMSNorm). Adds
// into dinp, dgamma, dbeta:
//   dxhat = dy * gamma;  dx = rstd (dxhat - mean(dxhat) - xhat mean(dxhat xhat))   (LayerNorm)
//                        dx = rstd (dxhat - xhat mean(dxhat xhat))                  (RMSNorm)
void norm_backward(NormKind kind, float* dinp, float* dgamma, float* dbeta, const float* dout, const float* inp,
                   const float* mean, const float* rstd, const float* gamma, std::size_t N, std::size_t D) {
    if (kind == NormKind::none) {
        for (std::size_t i = 0; i < N * D; ++i) dinp[i] += dout[i];
        return;
    }
    for (std::size_t n = 0; n < N; ++n) {
        const float* x = inp + n * D;
        const float* dy = dout + n * D;
        float* dx = dinp + n * D;
        float dxhat_mean = 0.0f, dxhat_xhat_mean = 0.0f;
        for (std::size_t i = 0; i < D; ++i) {
            const float xhat = (x[i] - mean[n]) * rstd[n];
            const float dxhat = dy[i] * gamma[i];
            dxhat_mean += dxhat;
            dxhat_xhat_mean += dxhat * xhat;
        }
        dxhat_mean = kind == NormKind::layer ? dxhat_mean / float(D) : 0.0f;
        dxhat_xhat_mean /= float(D);
        for (std::size_t i = 0; i < D; ++i) {
            const float xhat = (x[i] - mean[n]) * rstd[n];
            dgamma[i] += xhat * dy[i];
            if (dbeta) dbeta[i] += dy[i];
            dx[i] += rstd[n] * (dy[i] * gamma[i] - dxhat_mean - xhat * dxhat_xhat_mean);
        }
    }
}

// act(x) and act'(x) for the FFN's activation (ffn.hpp gives the formulas).
float activate(float x, Activation a) {
    constexpr float kInvSqrt2 = 0.70710678118654752f, kSqrt2OverPi = 0.79788456080286536f;
    switch (a) {
        case Activation::relu: return x > 0.0f ? x : 0.0f;
        case Activation::gelu: return 0.5f * x * (1.0f + std::erf(x * kInvSqrt2));
        case Activation::gelu_tanh: return 0.5f * x * (1.0f + std::tanh(kSqrt2OverPi * (x + 0.044715f * x * x * x)));
        case Activation::silu: return x / (1.0f + std::exp(-x));
    }
    return x;
}

float activate_grad(float x, Activation a) {
    constexpr float kInvSqrt2 = 0.70710678118654752f, kSqrt2OverPi = 0.79788456080286536f,
                    kInvSqrt2Pi = 0.39894228040143268f;
    switch (a) {
        case Activation::relu: return x > 0.0f ? 1.0f : 0.0f;
        case Activation::gelu:  // Phi(x) + x phi(x)
            return 0.5f * (1.0f + std::erf(x * kInvSqrt2)) + x * kInvSqrt2Pi * std::exp(-0.5f * x * x);
        case Activation::gelu_tanh: {
            const float u = kSqrt2OverPi * (x + 0.044715f * x * x * x);
            const float th = std::tanh(u);
            const float du = kSqrt2OverPi * (1.0f + 3.0f * 0.044715f * x * x);
            return 0.5f * (1.0f + th) + 0.5f * x * (1.0f - th * th) * du;
        }
        case Activation::silu: {  // s (1 + x (1 - s)) with s = sigmoid(x)
            const float s = 1.0f / (1.0f + std::exp(-x));
            return s * (1.0f + x * (1.0f - s));
        }
    }
    return 1.0f;
}

struct AttentionShape {
    std::size_t B, T, H, D;
    bool causal;
    float scale;
};

// Whether query i may read key j: the causal mask, and the intervention's hidden positions
// (hidden from every query but their own, so no row is ever empty).
bool keep(std::size_t i, std::size_t j, bool causal, const std::vector<char>& hidden) {
    return (!causal || j <= i) && (hidden.empty() || !hidden[j] || j == i);
}

// qkv (N, 3D) holds [q | k | v] per row, head h in columns h dh .. (h + 1) dh of each third.
//   a_ij = softmax_j(scale q_i . k_j) over the kept j;  y_i = sum_j a_ij v_j;  ablated heads give y = 0
void attention_forward(float* atty, float* att, const float* qkv, const AttentionShape& s,
                       const std::vector<char>& hidden, const std::vector<char>& ablated) {
    const std::size_t B = s.B, T = s.T, H = s.H, D = s.D, dh = D / H, row = 3 * D;
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t h = 0; h < H; ++h)
            for (std::size_t i = 0; i < T; ++i) {
                const float* q = qkv + (b * T + i) * row + h * dh;
                float* a = att + ((b * H + h) * T + i) * T;
                float maxv = -std::numeric_limits<float>::infinity();
                for (std::size_t j = 0; j < T; ++j) {
                    if (!keep(i, j, s.causal, hidden)) continue;
                    const float* k = qkv + (b * T + j) * row + D + h * dh;
                    float dot = 0.0f;
                    for (std::size_t c = 0; c < dh; ++c) dot += q[c] * k[c];
                    a[j] = dot * s.scale;
                    maxv = std::max(maxv, a[j]);
                }
                float sum = 0.0f;
                for (std::size_t j = 0; j < T; ++j) {
                    a[j] = keep(i, j, s.causal, hidden) ? std::exp(a[j] - maxv) : 0.0f;
                    sum += a[j];
                }
                for (std::size_t j = 0; j < T; ++j) a[j] /= sum;
                float* y = atty + (b * T + i) * D + h * dh;
                std::fill(y, y + dh, 0.0f);
                if (!ablated.empty() && ablated[h]) continue;
                for (std::size_t j = 0; j < T; ++j) {
                    if (a[j] == 0.0f) continue;
                    const float* v = qkv + (b * T + j) * row + 2 * D + h * dh;
                    for (std::size_t c = 0; c < dh; ++c) y[c] += a[j] * v[c];
                }
            }
}

// forward: y_i = sum_j a_ij v_j, a_i = softmax(s_i), s_ij = scale q_i . k_j (kept j only).
// Adds into dqkv (N, 3D); da_row is scratch (T).
//   dv_j += a_ij dy_i;  da_ij = dy_i . v_j;  ds_ij = a_ij (da_ij - sum_k a_ik da_ik)
//   dq_i += scale ds_ij k_j;  dk_j += scale ds_ij q_i
void attention_backward(float* dqkv, const float* datty, const float* qkv, const float* att, const AttentionShape& s,
                        float* da_row) {
    const std::size_t B = s.B, T = s.T, H = s.H, D = s.D, dh = D / H, row = 3 * D;
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t h = 0; h < H; ++h)
            for (std::size_t i = 0; i < T; ++i) {
                const float* a = att + ((b * H + h) * T + i) * T;
                const float* dy = datty + (b * T + i) * D + h * dh;
                const float* q = qkv + (b * T + i) * row + h * dh;
                float* dq = dqkv + (b * T + i) * row + h * dh;
                float weighted = 0.0f;
                for (std::size_t j = 0; j < T; ++j) {
                    da_row[j] = 0.0f;
                    if (a[j] == 0.0f) continue;
                    const float* v = qkv + (b * T + j) * row + 2 * D + h * dh;
                    float* dv = dqkv + (b * T + j) * row + 2 * D + h * dh;
                    for (std::size_t c = 0; c < dh; ++c) {
                        da_row[j] += dy[c] * v[c];
                        dv[c] += a[j] * dy[c];
                    }
                    weighted += a[j] * da_row[j];
                }
                for (std::size_t j = 0; j < T; ++j) {
                    if (a[j] == 0.0f) continue;
                    const float ds = a[j] * (da_row[j] - weighted) * s.scale;
                    const float* k = qkv + (b * T + j) * row + D + h * dh;
                    float* dk = dqkv + (b * T + j) * row + D + h * dh;
                    for (std::size_t c = 0; c < dh; ++c) {
                        dq[c] += ds * k[c];
                        dk[c] += ds * q[c];
                    }
                }
            }
}

// fact = act(fch), times gate when gated.
void ffn_activation_forward(float* fact, const float* fch, const float* gate, std::size_t n, Activation a) {
    for (std::size_t i = 0; i < n; ++i) fact[i] = activate(fch[i], a) * (gate ? gate[i] : 1.0f);
}

// forward: fact = act(fch) * gate.  dfch = dfact * gate * act'(fch);  dgate = dfact * act(fch).
void ffn_activation_backward(float* dfch, float* dgate, const float* dfact, const float* fch, const float* gate,
                             std::size_t n, Activation a) {
    for (std::size_t i = 0; i < n; ++i) {
        dfch[i] = dfact[i] * (gate ? gate[i] : 1.0f) * activate_grad(fch[i], a);
        if (gate) dgate[i] = dfact[i] * activate(fch[i], a);
    }
}

}  // namespace

// ---- the model ----

Lm::Lm(const ModelConfig& c, LmParams p)
    : c_(c), V_(c.vocab), D_(c.D), H_(c.heads), F_(c.ffn_mult * c.D), L_(c.layers) {
    std::size_t offset = 0;
    for_each_parameter(p, [&](const std::string& name, double*, std::size_t n, const std::vector<std::size_t>& shape) {
        slots_.push_back({name, shape, offset, n, decays(name)});
        offset += n;
    });
    weights_.assign(offset, 0.0f);
    grads_.assign(offset, 0.0f);
    const auto bind = [&](float* base) {
        std::map<std::string, float*> at;
        for (const Slot& s : slots_) at[s.name] = base + s.offset;
        const auto get = [&](const std::string& name) {
            const auto it = at.find(name);
            return it == at.end() ? nullptr : it->second;
        };
        LmPtrs q;
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

void Lm::set_params(LmParams& p) {
    std::size_t k = 0;
    for_each_parameter(p, [&](const std::string& name, double* data, std::size_t n, const std::vector<std::size_t>&) {
        assert(k < slots_.size() && slots_[k].name == name && slots_[k].size == n);
        (void)name;
        float* w = weights_.data() + slots_[k++].offset;
        for (std::size_t i = 0; i < n; ++i) w[i] = float(data[i]);
    });
}

LmParams Lm::params() const {
    LmParams p = init_model(c_);
    std::size_t k = 0;
    for_each_parameter(p, [&](const std::string&, double* data, std::size_t n, const std::vector<std::size_t>&) {
        const float* w = weights_.data() + slots_[k++].offset;
        for (std::size_t i = 0; i < n; ++i) data[i] = double(w[i]);
    });
    return p;
}

void Lm::fit(std::size_t B, std::size_t T) {
    const std::size_t N = B * T, D = D_, F = F_;
    for (auto& x : x_) f32::fit(x, N * D);
    for (BlockActs& a : acts_) {
        for (auto* v : {&a.a_in, &a.atty, &a.r1, &a.f_in, &a.r2}) f32::fit(*v, N * D);
        for (auto* v : {&a.mean1, &a.rstd1, &a.mean2, &a.rstd2}) f32::fit(*v, N);
        f32::fit(a.qkv, N * 3 * D);
        f32::fit(a.att, B * H_ * T * T);
        for (auto* v : {&a.fch, &a.fact}) f32::fit(*v, N * F);
        if (c_.gated) f32::fit(a.gate, N * F);
    }
    f32::fit(hf_, N * D);
    f32::fit(meanf_, N);
    f32::fit(rstdf_, N);
    f32::fit(logits_, N * V_);
    f32::fit(probs_, N * V_);
    if (c_.positions == PositionKind::sinusoidal && sinusoid_.size() < T * D) {
        const Tensor2 pe = sinusoidal_positions(T, D, "f32::Lm");
        sinusoid_.assign(pe.begin(), pe.end());
    }
}

double Lm::forward(const int* inputs, const int* targets, std::size_t B, std::size_t T, const Intervention* iv) {
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
    float* x0 = x_[0].data();
    for (std::size_t n = 0; n < N; ++n) {
        const std::size_t t = n % T;
        const float* e = w_.embedding + std::size_t(inputs[n]) * D;
        const float* p = c_.positions == PositionKind::learned      ? w_.positions + t * D
                         : c_.positions == PositionKind::sinusoidal ? sinusoid_.data() + t * D
                                                                    : nullptr;
        for (std::size_t i = 0; i < D; ++i) x0[n * D + i] = e[i] + (p ? p[i] : 0.0f);
    }

    std::vector<char> hidden, ablated;
    if (iv && !iv->hidden.empty()) {
        hidden.assign(T, 0);
        for (std::size_t t : iv->hidden) hidden[t] = 1;
    }
    for (std::size_t l = 0; l < L_; ++l) {
        const BlockPtrs& w = w_.blocks[l];
        BlockActs& a = acts_[l];
        const float* x = x_[l].data();
        float* y = x_[l + 1].data();
        ablated.clear();
        if (iv)
            for (const auto& [layer, head] : iv->heads)
                if (layer == l) ablated.resize(H_, 0), ablated[head] = 1;
        // pre-norm:  r1 = x + MHA(LN1(x)),  y = r1 + FFN(LN2(r1))
        // post-norm: r1 = x + MHA(x), f_in = LN1(r1),  r2 = f_in + FFN(f_in),  y = LN2(r2)
        if (pre)
            norm_forward(nk, a.a_in.data(), a.mean1.data(), a.rstd1.data(), x, w.gamma1, w.beta1, N, D);
        else
            std::memcpy(a.a_in.data(), x, N * D * sizeof(float));
        matmul_forward(a.qkv.data(), a.a_in.data(), w.wqkv, w.bqkv, N, D, 3 * D);
        const AttentionShape s{
            B, T, H_, D, causal(l) || (iv && iv->causal), c_.scaled ? 1.0f / std::sqrt(float(D / H_)) : 1.0f};
        attention_forward(a.atty.data(), a.att.data(), a.qkv.data(), s, hidden, ablated);
        matmul_forward(a.r1.data(), a.atty.data(), w.wo, w.bo, N, D, D);
        for (std::size_t i = 0; i < N * D; ++i) a.r1[i] += x[i];
        if (pre)
            norm_forward(nk, a.f_in.data(), a.mean2.data(), a.rstd2.data(), a.r1.data(), w.gamma2, w.beta2, N, D);
        else
            norm_forward(nk, a.f_in.data(), a.mean1.data(), a.rstd1.data(), a.r1.data(), w.gamma1, w.beta1, N, D);
        matmul_forward(a.fch.data(), a.f_in.data(), w.w1, w.b1, N, D, F);
        if (c_.gated) matmul_forward(a.gate.data(), a.f_in.data(), w.wgate, nullptr, N, D, F);
        ffn_activation_forward(a.fact.data(), a.fch.data(), c_.gated ? a.gate.data() : nullptr, N * F, c_.activation);
        float* r2 = pre ? y : a.r2.data();
        matmul_forward(r2, a.fact.data(), w.w2, w.b2, N, F, D);
        const float* residual = pre ? a.r1.data() : a.f_in.data();
        for (std::size_t i = 0; i < N * D; ++i) r2[i] += residual[i];
        if (!pre) norm_forward(nk, y, a.mean2.data(), a.rstd2.data(), r2, w.gamma2, w.beta2, N, D);
    }

    // z = LN_f(x_L) E^T (tied) or LN_f(x_L) W_head
    norm_forward(w_.final_gamma ? nk : NormKind::none, hf_.data(), meanf_.data(), rstdf_.data(), x_[L_].data(),
                 w_.final_gamma, w_.final_beta, N, D);
    const float* head = w_.head;
    if (!head) {
        f32::fit(eT_, D * V);
        transpose(eT_.data(), w_.embedding, V, D);
        head = eT_.data();
    }
    matmul_forward(logits_.data(), hf_.data(), head, nullptr, N, D, V);

    // p = softmax(z);  loss = mean_n (logsumexp(z_n) - z_n[target_n])
    double loss = 0.0;
    for (std::size_t n = 0; n < N; ++n) {
        const float* z = logits_.data() + n * V;
        float* p = probs_.data() + n * V;
        const float maxv = *std::max_element(z, z + V);
        float sum = 0.0f;
        for (std::size_t v = 0; v < V; ++v) sum += (p[v] = std::exp(z[v] - maxv));
        for (std::size_t v = 0; v < V; ++v) p[v] /= sum;
        if (targets) loss += double(std::log(sum) - (z[targets[n]] - maxv));
    }
    return targets ? loss / double(N) : 0.0;
}

void Lm::backward() {
    const std::size_t B = B_, T = T_, N = B * T, D = D_, F = F_, V = V_;
    assert(targets_.size() == N);  // the last forward had targets
    const NormKind nk = c_.norm;
    const bool pre = c_.arrangement == Arrangement::pre;
    std::fill(grads_.begin(), grads_.end(), 0.0f);
    for (auto* v : {&dx_, &dr_, &dfin_, &dain_, &datty_, &dhf_}) f32::fit(*v, N * D);
    f32::fit(dqkv_, N * 3 * D);
    for (auto* v : {&dfact_, &dfch_, &dgate_}) f32::fit(*v, N * F);
    f32::fit(dlogits_, N * V);
    f32::fit(datt_row_, T);

    // forward: loss = mean_n -log p_n[target_n]  =>  dz = (p - onehot(target)) / N
    for (std::size_t n = 0; n < N; ++n)
        for (std::size_t v = 0; v < V; ++v)
            dlogits_[n * V + v] = (probs_[n * V + v] - (int(v) == targets_[n] ? 1.0f : 0.0f)) / float(N);

    // forward: z = hf E^T (tied) or hf W_head
    std::fill(dhf_.begin(), dhf_.begin() + N * D, 0.0f);
    if (w_.head) {
        matmul_backward(dhf_.data(), g_.head, nullptr, dlogits_.data(), hf_.data(), w_.head, N, D, V, tmp_a_, tmp_b_);
    } else {
        gemm(dhf_.data(), dlogits_.data(), w_.embedding, nullptr, N, V, D, true);  // dhf += dz E
        f32::fit(tmp_b_, V * N);
        transpose(tmp_b_.data(), dlogits_.data(), N, V);
        gemm(g_.embedding, tmp_b_.data(), hf_.data(), nullptr, V, N, D, true);  // dE += dz^T hf
    }
    // forward: hf = LN_f(x_L)
    std::fill(dx_.begin(), dx_.begin() + N * D, 0.0f);
    norm_backward(w_.final_gamma ? nk : NormKind::none, dx_.data(), g_.final_gamma, g_.final_beta, dhf_.data(),
                  x_[L_].data(), meanf_.data(), rstdf_.data(), w_.final_gamma, N, D);

    for (std::size_t l = L_; l-- > 0;) {
        const BlockPtrs& w = w_.blocks[l];
        const BlockPtrs& g = g_.blocks[l];
        BlockActs& a = acts_[l];
        const float* x = x_[l].data();
        // dx_ holds dL/dy for this block's output y; dr_ becomes dL/dr1, dfin_ dL/df_in.
        float* dr2 = dx_.data();
        if (!pre) {  // forward: y = LN2(r2)
            std::fill(dr_.begin(), dr_.begin() + N * D, 0.0f);
            norm_backward(nk, dr_.data(), g.gamma2, g.beta2, dx_.data(), a.r2.data(), a.mean2.data(), a.rstd2.data(),
                          w.gamma2, N, D);
            dr2 = dr_.data();
        }
        // forward: r2 = residual + fact W2 + b2; the residual (r1 pre-norm, f_in post-norm) takes dr2 as it is
        if (pre) {
            std::copy(dr2, dr2 + N * D, dr_.begin());
            std::fill(dfin_.begin(), dfin_.begin() + N * D, 0.0f);
        } else {
            std::copy(dr2, dr2 + N * D, dfin_.begin());
        }
        std::fill(dfact_.begin(), dfact_.begin() + N * F, 0.0f);
        matmul_backward(dfact_.data(), g.w2, g.b2, dr2, a.fact.data(), w.w2, N, F, D, tmp_a_, tmp_b_);
        // forward: fact = act(fch) * gate;  fch = f_in W1 + b1;  gate = f_in W_gate
        ffn_activation_backward(dfch_.data(), dgate_.data(), dfact_.data(), a.fch.data(),
                                c_.gated ? a.gate.data() : nullptr, N * F, c_.activation);
        matmul_backward(dfin_.data(), g.w1, g.b1, dfch_.data(), a.f_in.data(), w.w1, N, D, F, tmp_a_, tmp_b_);
        if (c_.gated)
            matmul_backward(dfin_.data(), g.wgate, nullptr, dgate_.data(), a.f_in.data(), w.wgate, N, D, F, tmp_a_,
                            tmp_b_);
        // forward: f_in = LN2(r1) (pre-norm) or LN1(r1) (post-norm)
        if (pre) {
            norm_backward(nk, dr_.data(), g.gamma2, g.beta2, dfin_.data(), a.r1.data(), a.mean2.data(), a.rstd2.data(),
                          w.gamma2, N, D);
        } else {
            std::fill(dr_.begin(), dr_.begin() + N * D, 0.0f);
            norm_backward(nk, dr_.data(), g.gamma1, g.beta1, dfin_.data(), a.r1.data(), a.mean1.data(), a.rstd1.data(),
                          w.gamma1, N, D);
        }
        // forward: r1 = x + atty W_O + b_O  (dx takes dr1 through the residual)
        std::fill(datty_.begin(), datty_.begin() + N * D, 0.0f);
        matmul_backward(datty_.data(), g.wo, g.bo, dr_.data(), a.atty.data(), w.wo, N, D, D, tmp_a_, tmp_b_);
        std::copy(dr_.begin(), dr_.begin() + N * D, dx_.begin());
        // forward: atty = attention(qkv)
        const AttentionShape s{B, T, H_, D, causal(l), c_.scaled ? 1.0f / std::sqrt(float(D / H_)) : 1.0f};
        std::fill(dqkv_.begin(), dqkv_.begin() + N * 3 * D, 0.0f);
        attention_backward(dqkv_.data(), datty_.data(), a.qkv.data(), a.att.data(), s, datt_row_.data());
        // forward: qkv = a_in W_QKV + b_QKV, with a_in = LN1(x) (pre-norm) or x (post-norm)
        std::fill(dain_.begin(), dain_.begin() + N * D, 0.0f);
        matmul_backward(dain_.data(), g.wqkv, g.bqkv, dqkv_.data(), a.a_in.data(), w.wqkv, N, D, 3 * D, tmp_a_, tmp_b_);
        if (pre)
            norm_backward(nk, dx_.data(), g.gamma1, g.beta1, dain_.data(), x, a.mean1.data(), a.rstd1.data(), w.gamma1,
                          N, D);
        else
            for (std::size_t i = 0; i < N * D; ++i) dx_[i] += dain_[i];
    }
    // forward: x_i = E[w_i] + p_i
    for (std::size_t n = 0; n < N; ++n) {
        float* de = g_.embedding + std::size_t(inputs_[n]) * D;
        float* dp = g_.positions ? g_.positions + (n % T) * D : nullptr;
        for (std::size_t i = 0; i < D; ++i) {
            de[i] += dx_[n * D + i];
            if (dp) dp[i] += dx_[n * D + i];
        }
    }
}

double gradient_norm(const std::vector<float>& grads) {
    double sq = 0.0;
    for (float g : grads) sq += double(g) * double(g);
    return std::sqrt(sq);
}

void Optimizer::step(Lm& lm, double norm) {
    std::vector<float>& w = lm.weights();
    const std::vector<float>& g = lm.grads();
    if (m_.size() != w.size()) m_.assign(w.size(), 0.0f), v_.assign(w.size(), 0.0f);
    const double clip_scale = (c_.clip > 0 && norm > c_.clip) ? c_.clip / norm : 1.0;
    const double lr = scheduled_lr(c_, t_);
    last_lr_ = lr;
    ++t_;
    for (const Slot& s : lm.slots())
        optimizer_update(c_, lr, t_, clip_scale, s.decay, w.data() + s.offset, g.data() + s.offset,
                         m_.data() + s.offset, v_.data() + s.offset, s.size);
}

}  // namespace lab::f32
