// The model's passes, run every step: compiled for speed (CMakeLists.txt's hot sources).
#include "lab/layers/lm_model.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace lab::flat {

namespace {
template <class Real>
void fit(std::vector<Real>& v, std::size_t n) {
    if (v.size() < n) v.resize(n);
}
}  // namespace

// ---- the passes (the parameters' side is lm_layout.cpp's) ----

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
typename Lm<Real>::Next Lm<Real>::next_logits(const std::vector<int>& tokens, bool cached, std::size_t context,
                                              DecodeState<Real>& st, const Intervention* iv) {
    const std::size_t n = tokens.size();
    if (cached && n <= context) {
        const std::size_t fresh = n - st.length;
        return {decode(tokens.data() + st.length, fresh, st, iv), &st.acts, fresh};
    }
    const std::size_t T = std::min(n, context);
    forward_logits(tokens.data() + n - T, 1, T, iv);
    return {logits() + (T - 1) * s_.shape.V, &acts_, T};
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
