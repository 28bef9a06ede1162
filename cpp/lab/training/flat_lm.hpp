// The toy language model on flat buffers, the path training runs on: parameters, gradients
// and every activation live in buffers allocated once (they grow only when a larger batch
// arrives), and each layer's forward and backward is a loop over raw pointers that reads like
// its formula; the row kernels (norms, activations, one attention head, cross-entropy) are the
// worked examples' own, from lab/layers/.
//
// It is compiled for Real = float (training) and Real = double: the tests check the double one's
// every gradient against finite differences, its loss against the worked examples' lm_forward,
// and the float one against it.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lab/training/train.hpp"

namespace lab::flat {

// One parameter tensor inside the flat buffer, named as lab::for_each_parameter names it.
struct Slot {
    std::string name;
    std::vector<std::size_t> shape;
    std::size_t offset = 0, size = 0;
    bool decay = false;  // weight decay applies: matrices, not biases or norm gains
};

// Where one block's tensors sit in a flat buffer (the parameters, or their gradients);
// null = the configuration has no such tensor.
template <class Real>
struct BlockPtrs {
    Real *wqkv = nullptr, *bqkv = nullptr, *wo = nullptr, *bo = nullptr;            // (D, 3D) (3D) (D, D) (D)
    Real *w1 = nullptr, *b1 = nullptr, *w2 = nullptr, *b2 = nullptr;                // (D, F) (F) (F, D) (D)
    Real* wgate = nullptr;                                                          // (D, F), gated FFN
    Real *gamma1 = nullptr, *beta1 = nullptr, *gamma2 = nullptr, *beta2 = nullptr;  // (D) each
};
template <class Real>
struct LmPtrs {
    Real* embedding = nullptr;  // (V, D)
    Real* positions = nullptr;  // (T, D), learned positions only
    std::vector<BlockPtrs<Real>> blocks;
    Real *final_gamma = nullptr, *final_beta = nullptr;  // (D)
    Real* head = nullptr;                                // (D, V), untied only
};

// An experiment on a model (§2.2): heads whose output is zeroed before W_O, key positions hidden
// from every query but their own, or the causal mask imposed on every block.
struct Intervention {
    std::vector<std::pair<std::size_t, std::size_t>> heads;  // (layer, head)
    std::vector<std::size_t> hidden;                         // positions
    bool causal = false;  // the causal mask in every block, whatever maskBlocks says (§7.3's evaluation)
};

// One block's activations, kept from the forward pass for the backward pass (N = B T).
template <class Real>
struct BlockActs {
    std::vector<Real> a_in;             // (N, D) attention input: LN1(x) pre-norm, x post-norm
    std::vector<Real> mean1, rstd1;     // (N) statistics of norm1
    std::vector<Real> qkv;              // (N, 3D)
    std::vector<Real> att;              // (B, H, T, T) attention weights
    std::vector<Real> atty;             // (N, D) heads concatenated
    std::vector<Real> r1;               // (N, D) x + attention
    std::vector<Real> f_in;             // (N, D) FFN input: LN2(r1) pre-norm, LN1(r1) post-norm
    std::vector<Real> mean2, rstd2;     // (N) statistics of norm2
    std::vector<Real> fch, gate, fact;  // (N, F) x W1 + b1, x W_gate, act(fch) (* gate)
    std::vector<Real> r2;               // (N, D) f_in + FFN, post-norm only (before LN2)
};

template <class Real>
class Lm {
public:
    // The parameters `p` (shaped as lab::init_model(c) shapes them), rounded to Real.
    Lm(const ModelConfig& c, LmParams p);
    explicit Lm(const ModelConfig& c) : Lm(c, init_model(c)) {}
    void set_params(LmParams& p);  // the shapes must be init_model(c)'s
    LmParams params() const;       // as double tensors (every float is exactly a double)

    // Forward pass on inputs (B, T) row-major. With targets (B, T) it returns the mean
    // cross-entropy (else 0). Probabilities and attention weights stay readable until the next
    // call.
    double forward(const int* inputs, const int* targets, std::size_t B, std::size_t T,
                   const Intervention* iv = nullptr);
    // Gradients of the last forward's loss (which must have had targets), in grads().
    void backward();

    const std::vector<Slot>& slots() const { return slots_; }
    std::vector<Real>& weights() { return weights_; }
    std::vector<Real>& grads() { return grads_; }
    const Real* logits() const { return logits_.data(); }                               // (B, T, V)
    const Real* probs() const { return probs_.data(); }                                 // (B, T, V)
    const Real* attention(std::size_t layer) const { return acts_[layer].att.data(); }  // (B, H, T, T)
    const ModelConfig& config() const { return c_; }

private:
    void fit(std::size_t B, std::size_t T);
    bool causal(std::size_t layer) const { return c_.mask_blocks.empty() || c_.mask_blocks[layer]; }

    ModelConfig c_;
    std::size_t V_, D_, H_, F_, L_;
    std::vector<Slot> slots_;
    std::vector<Real> weights_, grads_;
    LmPtrs<Real> w_, g_;
    // The last forward's shape, inputs and targets (empty when it had none).
    std::size_t B_ = 0, T_ = 0;
    std::vector<int> inputs_, targets_;
    // Activations (N = B T), grown by fit() and then reused.
    std::vector<std::vector<Real>> x_;  // L + 1 residual streams (N, D)
    std::vector<BlockActs<Real>> acts_;
    std::vector<Real> hf_, meanf_, rstdf_;  // (N, D) after the final norm, its statistics (N)
    std::vector<Real> logits_, probs_;      // (N, V)
    std::vector<Real> sinusoid_;            // (T, D) fixed positions when sinusoidal
    std::vector<Real> eT_;                  // (D, V) the embedding transposed, for a tied head
    // Backward scratch.
    std::vector<Real> dx_, dr_, dfin_, dain_, datty_, dqkv_, dlogits_, dhf_;
    std::vector<Real> dfact_, dfch_, dgate_, datt_row_, tmp_a_, tmp_b_;
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
