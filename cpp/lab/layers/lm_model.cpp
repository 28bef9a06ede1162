#include "lab/layers/lm_model.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <map>

namespace lab::flat {

namespace {
template <class Real>
void fit(std::vector<Real>& v, std::size_t n) {
    if (v.size() < n) v.resize(n);
}

// Matrices decay; biases, shifts and norm gains do not.
bool decays(const std::string& name) {
    return name.find(".b") == std::string::npos && name.find("norm") == std::string::npos &&
           name.find("Norm") == std::string::npos;
}
}  // namespace

// ---- the layout ----

std::vector<Slot> lm_layout(const LmStructure& s) {
    const std::size_t V = s.shape.V, D = s.shape.D;
    std::vector<Slot> out;
    std::size_t offset = 0;
    const auto add = [&](const std::string& name, std::vector<std::size_t> shape) {
        std::size_t n = 1;
        for (const std::size_t d : shape) n *= d;
        out.push_back({name, std::move(shape), offset, n, decays(name)});
        offset += n;
    };
    add("embedding", {V, D});
    if (s.positions == PositionKind::learned) add("positions", {s.position_rows, D});
    for (std::size_t l = 0; l < s.blocks.size(); ++l) {
        const BlockShape& b = s.shape.blocks[l];
        const BlockTensors& has = s.blocks[l];
        const std::string n = "blocks." + std::to_string(l) + ".";
        if (has.gamma1) add(n + "norm1.gamma", {D});
        if (has.beta1) add(n + "norm1.beta", {D});
        add(n + "attn.wQKV", {D, b.qkv_width()});
        if (has.bqkv) add(n + "attn.bQKV", {b.qkv_width()});
        if (has.wo) add(n + "attn.wO", {b.H * b.dv, D});
        if (has.bo) add(n + "attn.bO", {D});
        if (has.gamma2) add(n + "norm2.gamma", {D});
        if (has.beta2) add(n + "norm2.beta", {D});
        add(n + "ffn.w1", {D, b.F});
        if (has.b1) add(n + "ffn.b1", {b.F});
        if (has.gate) add(n + "ffn.wGate", {D, b.F});
        if (has.bgate) add(n + "ffn.bGate", {b.F});
        add(n + "ffn.w2", {b.F, D});
        if (has.b2) add(n + "ffn.b2", {D});
    }
    if (s.final_gamma) add("finalNorm.gamma", {D});
    if (s.final_beta) add("finalNorm.beta", {D});
    if (s.head) add("head", {D, V});
    return out;
}

void for_each_parameter(LmParams& p, const ParameterVisitor& f) {
    visit_parameter_fields(p, [&](const std::string& name, auto& field) {
        const auto visit = [&](auto& t) {
            f(name, t.data(), t.size(), std::vector<std::size_t>(t.shape().begin(), t.shape().end()));
        };
        if constexpr (is_optional<std::decay_t<decltype(field)>>::value) {
            if (field) visit(*field);
        } else {
            visit(field);
        }
    });
}

LmParams shaped_params(const LmStructure& s) {
    LmParams p;
    p.blocks.resize(s.blocks.size());
    for (std::size_t l = 0; l < s.blocks.size(); ++l) {
        if (s.blocks[l].gamma1) p.blocks[l].norm1.emplace();
        if (s.blocks[l].gamma2) p.blocks[l].norm2.emplace();
    }
    if (s.final_gamma) p.final_norm.emplace();
    std::map<std::string, std::vector<std::size_t>> shapes;
    for (const Slot& slot : lm_layout(s)) shapes[slot.name] = slot.shape;
    visit_parameter_fields(p, [&](const std::string& name, auto& field) {
        const auto it = shapes.find(name);
        if (it == shapes.end()) return;
        using F = std::decay_t<decltype(field)>;
        if constexpr (is_optional<F>::value) {
            using Tensor = typename F::value_type;
            typename Tensor::shape_type shape;
            std::copy(it->second.begin(), it->second.end(), shape.begin());
            field = Tensor::from_shape(shape);
        } else {
            typename F::shape_type shape;
            std::copy(it->second.begin(), it->second.end(), shape.begin());
            field = F::from_shape(shape);
        }
    });
    return p;
}

// ---- the model ----

template <class Real>
Lm<Real>::Lm(LmStructure s) : s_(std::move(s)), slots_(lm_layout(s_)) {
    weights_.assign(slots_.empty() ? 0 : slots_.back().offset + slots_.back().size, Real(0));
    ones_.assign(s_.shape.D, Real(1));
    w_ = bind(weights_.data(), ones_.data());
}

template <class Real>
Lm<Real>::Lm(LmStructure s, const LmParams& p) : Lm(std::move(s)) {
    set_params(p);
}

template <class Real>
LmPtrs<Real> Lm<Real>::bind(Real* base, Real* no_gain) const {
    std::map<std::string, Real*> at;
    for (const Slot& s : slots_) at[s.name] = base + s.offset;
    const auto get = [&](const std::string& name) {
        const auto it = at.find(name);
        return it == at.end() ? nullptr : it->second;
    };
    const auto gain = [&](const std::string& name, NormKind norm) {
        Real* g = get(name);
        return g || norm == NormKind::none ? g : no_gain;
    };
    LmPtrs<Real> q;
    q.embedding = get("embedding");
    q.positions = get("positions");
    for (std::size_t l = 0; l < s_.blocks.size(); ++l) {
        const std::string n = "blocks." + std::to_string(l) + ".";
        const NormKind norm = s_.shape.blocks[l].norm;
        BlockPtrs<Real> b;
        b.wqkv = get(n + "attn.wQKV"), b.bqkv = get(n + "attn.bQKV");
        b.wo = get(n + "attn.wO"), b.bo = get(n + "attn.bO");
        b.w1 = get(n + "ffn.w1"), b.b1 = get(n + "ffn.b1"), b.wgate = get(n + "ffn.wGate");
        b.bgate = get(n + "ffn.bGate");
        b.w2 = get(n + "ffn.w2"), b.b2 = get(n + "ffn.b2");
        b.gamma1 = gain(n + "norm1.gamma", norm), b.beta1 = get(n + "norm1.beta");
        b.gamma2 = gain(n + "norm2.gamma", norm), b.beta2 = get(n + "norm2.beta");
        q.blocks.push_back(b);
    }
    q.final_gamma = gain("finalNorm.gamma", s_.shape.final_norm);
    q.final_beta = get("finalNorm.beta");
    q.head = get("head");
    return q;
}

template <class Real>
void Lm<Real>::set_params(const LmParams& p) {
    std::map<std::string, const Slot*> by_name;
    for (const Slot& s : slots_) by_name[s.name] = &s;
    std::fill(weights_.begin(), weights_.end(), Real(0));
    // The visitor only reads the tensors.
    for_each_parameter(const_cast<LmParams&>(p), [&](const std::string& name, double* data, std::size_t n,
                                                     const std::vector<std::size_t>& shape) {
        // "blocks.L.attn.wQ" and its kin: a third of W_QKV's columns (or b_QKV's entries)
        const std::size_t dot = name.rfind('.');
        const std::string kind = name.substr(dot + 1);
        if (kind.size() == 2 && (kind[0] == 'w' || kind[0] == 'b') &&
            std::string("QKV").find(kind[1]) != std::string::npos) {
            const std::size_t l = std::stoul(name.substr(7));
            const BlockShape& b = s_.shape.blocks[l];
            const std::string fused = name.substr(0, dot + 2) + "QKV";
            const Slot* s = by_name.at(fused);
            const std::size_t HK = b.H * b.dk, W = b.qkv_width();
            const std::size_t c0 = kind[1] == 'Q' ? 0 : kind[1] == 'K' ? HK : 2 * HK;
            const std::size_t rows = kind[0] == 'w' ? shape[0] : 1, width = n / rows;
            for (std::size_t r = 0; r < rows; ++r)
                for (std::size_t c = 0; c < width; ++c)
                    weights_[s->offset + r * W + c0 + c] = Real(data[r * width + c]);
            return;
        }
        const Slot* s = by_name.at(name);
        assert(s->size == n);
        (void)shape;
        for (std::size_t i = 0; i < n; ++i) weights_[s->offset + i] = Real(data[i]);
    });
}

template <class Real>
LmParams Lm<Real>::params() const {
    LmParams p = shaped_params(s_);
    std::map<std::string, const Slot*> by_name;
    for (const Slot& s : slots_) by_name[s.name] = &s;
    for_each_parameter(p, [&](const std::string& name, double* data, std::size_t n, const std::vector<std::size_t>&) {
        const Slot* s = by_name.at(name);
        assert(s->size == n);
        for (std::size_t i = 0; i < n; ++i) data[i] = double(weights_[s->offset + i]);
    });
    return p;
}

template <class Real>
const Real* Lm<Real>::positions_to(std::size_t end) {
    const std::size_t D = s_.shape.D;
    if (s_.positions == PositionKind::learned) return w_.positions;
    if (s_.positions != PositionKind::sinusoidal) return nullptr;
    // A sinusoidal row depends on its position alone, so the table grows by being rebuilt longer.
    if (sinusoid_.size() < end * D) {
        const Tensor2 pe = sinusoidal_table(end, D);
        sinusoid_.assign(pe.begin(), pe.end());
    }
    return sinusoid_.data();
}

template <class Real>
const Real* Lm<Real>::decode(const int* tokens, std::size_t T, DecodeState<Real>& st, const Intervention* iv) {
    assert(T > 0 && (s_.positions != PositionKind::learned || st.length + T <= s_.position_rows));
    return decode_forward(st, w_, s_.shape, tokens, T, positions_to(st.length + T), iv);
}

template <class Real>
void Lm<Real>::forward_logits(const int* inputs, std::size_t B, std::size_t T, const Intervention* iv, bool scores) {
    assert(B > 0 && T > 0);
    assert(s_.positions != PositionKind::learned || T <= s_.position_rows);
    lm_fit(acts_, s_.shape, B, T, scores);
    B_ = B, T_ = T;
    inputs_.assign(inputs, inputs + B * T);
    targets_.clear();
    lm_logits_forward(acts_, w_, s_.shape, inputs, positions_to(T), B, T, iv);
}

template <class Real>
double Lm<Real>::forward(const int* inputs, const int* targets, std::size_t B, std::size_t T, const Intervention* iv) {
    forward_logits(inputs, B, T, iv);
    const std::size_t N = B * T, V = s_.shape.V;
    fit(probs_, N * V);
    if (targets) targets_.assign(targets, targets + N);
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
    const std::size_t N = B_ * T_, V = s_.shape.V;
    assert(targets_.size() == N);  // the last forward had targets
    if (grads_.empty()) {
        // allocated at the first backward pass: a model that is only read (a checkpoint opened
        // to look inside, a worked example) never holds a second copy of its parameters
        grads_.assign(weights_.size(), Real(0));
        gain_sink_.assign(s_.shape.D, Real(0));
        g_ = bind(grads_.data(), gain_sink_.data());
    }
    std::fill(grads_.begin(), grads_.end(), Real(0));
    // forward: loss = mean_n -log p_n[target_n]  =>  dz = (p - onehot(target)) / N
    fit(dlogits_, N * V);
    for (std::size_t n = 0; n < N; ++n)
        cross_entropy_row_backward(dlogits_.data() + n * V, probs_.data() + n * V, V, targets_[n], Real(1) / Real(N));
    lm_logits_backward(g_, dlogits_.data(), acts_, w_, s_.shape, inputs_.data(), B_, T_, scratch_);
}

template class Lm<float>;
template class Lm<double>;

}  // namespace lab::flat
