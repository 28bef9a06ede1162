// The trainable toy language model: parameters, gradients and every activation live in flat
// buffers allocated once (they grow only when a larger batch arrives), and the passes are the
// worked examples' own (lab/layers/flat_model.hpp), with the cross-entropy of §7.2 on top.
//
// It is compiled for Real = float (training) and Real = double: the tests check the double one's
// every gradient against finite differences, its loss against the worked examples' lm_forward,
// and the float one against it.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lab/layers/flat_model.hpp"
#include "lab/training/train.hpp"

namespace lab::flat {

// One parameter tensor inside the flat buffer, named as lab::for_each_parameter names it.
struct Slot {
    std::string name;
    std::vector<std::size_t> shape;
    std::size_t offset = 0, size = 0;
    bool decay = false;  // weight decay applies: matrices, not biases or norm gains
};

template <class Real>
class Lm {
public:
    // The parameters `p` (shaped as lab::init_model(c) shapes them), rounded to Real.
    Lm(const ModelConfig& c, LmParams p);
    explicit Lm(const ModelConfig& c) : Lm(c, init_model(c)) {}
    // Every parameter 0, for a loader to write into weights() slot by slot (c checked by the caller).
    struct Zeros {};
    Lm(const ModelConfig& c, Zeros);
    void set_params(LmParams& p);  // the shapes must be init_model(c)'s
    LmParams params() const;       // as double tensors (every float is exactly a double)

    // Forward pass on inputs (B, T) row-major. With targets (B, T) it returns the mean
    // cross-entropy (else 0). Probabilities and attention weights stay readable until the next
    // call.
    double forward(const int* inputs, const int* targets, std::size_t B, std::size_t T,
                   const Intervention* iv = nullptr);
    // Gradients of the last forward's loss (which must have had targets), in grads().
    void backward();
    // Cached decoding of one sequence (Handout #12): the T positions `tokens` after the
    // st.length that `st` holds (it takes theirs too). Returns the last position's logits (V),
    // in st: those forward() gives on the whole sequence, bit for bit. Every block must be
    // causal (iv->causal makes them so). Leaves forward()'s results as they were.
    const Real* decode(const int* tokens, std::size_t T, DecodeState<Real>& st, const Intervention* iv = nullptr);

    const std::vector<Slot>& slots() const { return slots_; }
    std::vector<Real>& weights() { return weights_; }
    std::vector<Real>& grads() { return grads_; }               // empty until the first backward()
    const Real* logits() const { return acts_.logits.data(); }  // (B, T, V)
    const Real* probs() const { return probs_.data(); }         // (B, T, V)
    const Real* attention(std::size_t layer) const { return acts_.blocks[layer].att.data(); }  // (B, H, T, T)
    const ModelConfig& config() const { return c_; }

private:
    void fit(std::size_t B, std::size_t T);
    const Real* positions_to(std::size_t end);  // the position rows of 0 .. end - 1, null for none
    LmPtrs<Real> bind(Real* base) const;        // each parameter's place in a buffer laid out as slots_

    ModelConfig c_;
    LmShape shape_;
    std::vector<Slot> slots_;
    std::vector<Real> weights_, grads_;
    LmPtrs<Real> w_, g_;
    // The last forward's shape, inputs and targets (empty when it had none).
    std::size_t B_ = 0, T_ = 0;
    std::vector<int> inputs_, targets_;
    LmActs<Real> acts_;
    std::vector<Real> probs_;     // (N, V)
    std::vector<Real> sinusoid_;  // (T, D) fixed positions when sinusoidal
    std::vector<Real> dlogits_;   // (N, V)
    Scratch<Real> scratch_;
};

// AdamW or SGD with momentum on the flat buffers (lab::optimizer_update): the schedule,
// clipping, and decay of matrices only. Moments are Real, scalars double.
template <class Real>
class Optimizer {
public:
    explicit Optimizer(const OptimizerConfig& c) : c_(c) {}
    void reconfigure(const OptimizerConfig& c) {
        if (c.kind != c_.kind) m_.clear(), v_.clear(), t_ = 0;
        c_ = c;
    }
    // Updates lm.weights() from lm.grads(); `norm` is the gradient's global norm.
    void step(Lm<Real>& lm, double norm);
    double last_lr() const { return last_lr_; }

private:
    OptimizerConfig c_;
    std::vector<Real> m_, v_;
    std::size_t t_ = 0;
    double last_lr_ = 0.0;
};

// sqrt of the sum of squares of every gradient entry (accumulated in double).
template <class Real>
double gradient_norm(const std::vector<Real>& grads);

}  // namespace lab::flat
