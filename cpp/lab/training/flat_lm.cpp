#include "lab/training/flat_lm.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <map>

#include "lab/layers/lm.hpp"

namespace lab::flat {

namespace {
template <class Real>
void fit(std::vector<Real>& v, std::size_t n) {
    if (v.size() < n) v.resize(n);
}
}  // namespace

// ---- the model ----

template <class Real>
Lm<Real>::Lm(const ModelConfig& c, LmParams p) : Lm(c, Zeros{}) {
    set_params(p);
}

template <class Real>
Lm<Real>::Lm(const ModelConfig& c, Zeros) : c_(c) {
    shape_.V = c.vocab;
    shape_.D = c.D;
    const std::size_t dh = c.D / c.heads;
    for (std::size_t l = 0; l < c.layers; ++l) {
        BlockShape b;
        b.D = c.D, b.H = c.heads, b.dk = b.dv = dh, b.F = c.ffn_mult * c.D;
        b.arrangement = c.arrangement, b.norm = c.norm, b.activation = c.activation, b.gated = c.gated;
        b.causal = c.mask_blocks.empty() || c.mask_blocks[l];
        b.scale = c.scaled ? 1.0 / std::sqrt(double(dh)) : 1.0;
        shape_.blocks.push_back(b);
    }
    shape_.final_norm = c.norm;  // present whenever the blocks have norms (init_model)
    std::size_t offset = 0;
    for (const ParameterShape& p : parameter_layout(c)) {
        std::size_t n = 1;
        for (const std::size_t d : p.shape) n *= d;
        slots_.push_back({p.name, p.shape, offset, n, decays(p.name)});
        offset += n;
    }
    weights_.assign(offset, Real(0));
    w_ = bind(weights_.data());
}

template <class Real>
LmPtrs<Real> Lm<Real>::bind(Real* base) const {
    std::map<std::string, Real*> at;
    for (const Slot& s : slots_) at[s.name] = base + s.offset;
    const auto get = [&](const std::string& name) {
        const auto it = at.find(name);
        return it == at.end() ? nullptr : it->second;
    };
    LmPtrs<Real> q;
    q.embedding = get("embedding");
    q.positions = get("positions");
    for (std::size_t l = 0; l < c_.layers; ++l) {
        const std::string n = "blocks." + std::to_string(l) + ".";
        BlockPtrs<Real> b;
        b.wqkv = get(n + "attn.wQKV"), b.bqkv = get(n + "attn.bQKV");
        b.wo = get(n + "attn.wO"), b.bo = get(n + "attn.bO");
        b.w1 = get(n + "ffn.w1"), b.b1 = get(n + "ffn.b1"), b.wgate = get(n + "ffn.wGate");
        b.bgate = get(n + "ffn.bGate");
        b.w2 = get(n + "ffn.w2"), b.b2 = get(n + "ffn.b2");
        b.gamma1 = get(n + "norm1.gamma"), b.beta1 = get(n + "norm1.beta");
        b.gamma2 = get(n + "norm2.gamma"), b.beta2 = get(n + "norm2.beta");
        q.blocks.push_back(b);
    }
    q.final_gamma = get("finalNorm.gamma");
    q.final_beta = get("finalNorm.beta");
    q.head = get("head");
    return q;
}

template <class Real>
void Lm<Real>::set_params(LmParams& p) {
    std::size_t k = 0;
    for_each_parameter(p, [&](const std::string& name, double* data, std::size_t n, const std::vector<std::size_t>&) {
        assert(k < slots_.size() && slots_[k].name == name && slots_[k].size == n);  // parameter_layout's
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
    lm_fit(acts_, shape_, B, T, false);
    flat::fit(probs_, B * T * shape_.V);
}

// The position rows of positions 0 .. end - 1, null for none. A sinusoidal row depends on its
// position alone, so the table grows by being rebuilt longer.
template <class Real>
const Real* Lm<Real>::positions_to(std::size_t end) {
    const std::size_t D = shape_.D;
    if (c_.positions == PositionKind::learned) return w_.positions;
    if (c_.positions != PositionKind::sinusoidal) return nullptr;
    if (sinusoid_.size() < end * D) {
        const Tensor2 pe = sinusoidal_table(end, D);
        sinusoid_.assign(pe.begin(), pe.end());
    }
    return sinusoid_.data();
}

template <class Real>
const Real* Lm<Real>::decode(const int* tokens, std::size_t T, DecodeState<Real>& st, const Intervention* iv) {
    assert(T > 0 && (c_.positions != PositionKind::learned || st.length + T <= c_.T));
    return decode_forward(st, w_, shape_, tokens, T, positions_to(st.length + T), iv);
}

template <class Real>
double Lm<Real>::forward(const int* inputs, const int* targets, std::size_t B, std::size_t T, const Intervention* iv) {
    assert(B > 0 && T > 0);
    assert(c_.positions != PositionKind::learned || T <= c_.T);
    fit(B, T);
    B_ = B, T_ = T;
    const std::size_t N = B * T, V = shape_.V;
    inputs_.assign(inputs, inputs + N);
    if (targets)
        targets_.assign(targets, targets + N);
    else
        targets_.clear();
    const Real* pos = positions_to(T);
    lm_logits_forward(acts_, w_, shape_, inputs, pos, B, T, iv);

    // p = softmax(z);  loss = mean_n (logsumexp(z_n) - z_n[target_n])
    double loss = 0.0;
    for (std::size_t n = 0; n < N; ++n) {
        Real* p = probs_.data() + n * V;
        const Real* z = acts_.logits.data() + n * V;
        if (targets)
            loss += double(cross_entropy_row(p, z, V, targets[n]));
        else
            softmax_row(z, static_cast<const bool*>(nullptr), p, V);
    }
    return targets ? loss / double(N) : 0.0;
}

template <class Real>
void Lm<Real>::backward() {
    const std::size_t N = B_ * T_, V = shape_.V;
    assert(targets_.size() == N);  // the last forward had targets
    if (grads_.empty()) {
        // allocated at the first backward pass: a model that is only read (a checkpoint opened
        // to look inside) never holds a second copy of its parameters
        grads_.assign(weights_.size(), Real(0));
        g_ = bind(grads_.data());
    }
    std::fill(grads_.begin(), grads_.end(), Real(0));
    // forward: loss = mean_n -log p_n[target_n]  =>  dz = (p - onehot(target)) / N
    flat::fit(dlogits_, N * V);
    for (std::size_t n = 0; n < N; ++n)
        cross_entropy_row_backward(dlogits_.data() + n * V, probs_.data() + n * V, V, targets_[n], Real(1) / Real(N));
    lm_logits_backward(g_, dlogits_.data(), acts_, w_, shape_, inputs_.data(), B_, T_, scratch_);
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
