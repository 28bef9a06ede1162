// The toy language model in float32, the path training runs on: parameters, gradients and
// every activation live in flat buffers that are allocated once (they grow only when a larger
// batch arrives), and each layer's forward and backward is a loop over raw pointers that reads
// like its formula.
//
// The double-precision layers (lab/layers/lm.hpp, lab/training/lm_backward.hpp) stay the reference: the tests
// hold this path's loss and every gradient to theirs, which are in turn checked against finite
// differences.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lab/training/train.hpp"

namespace lab::f32 {

// One parameter tensor inside the flat buffer, named as lab::for_each_parameter names it.
struct Slot {
    std::string name;
    std::vector<std::size_t> shape;
    std::size_t offset = 0, size = 0;
    bool decay = false;  // weight decay applies: matrices, not biases or norm gains
};

// Where one block's tensors sit in a flat buffer (the parameters, or their gradients);
// null = the configuration has no such tensor.
struct BlockPtrs {
    float *wqkv = nullptr, *bqkv = nullptr, *wo = nullptr, *bo = nullptr;            // (D, 3D) (3D) (D, D) (D)
    float *w1 = nullptr, *b1 = nullptr, *w2 = nullptr, *b2 = nullptr;                // (D, F) (F) (F, D) (D)
    float* wgate = nullptr;                                                          // (D, F), gated FFN
    float *gamma1 = nullptr, *beta1 = nullptr, *gamma2 = nullptr, *beta2 = nullptr;  // (D) each
};
struct LmPtrs {
    float* embedding = nullptr;  // (V, D)
    float* positions = nullptr;  // (T, D), learned positions only
    std::vector<BlockPtrs> blocks;
    float *final_gamma = nullptr, *final_beta = nullptr;  // (D)
    float* head = nullptr;                                // (D, V), untied only
};

// An experiment on a model (§2.2): heads whose output is zeroed before W_O, key positions hidden
// from every query but their own, or the causal mask imposed on every block.
struct Intervention {
    std::vector<std::pair<std::size_t, std::size_t>> heads;  // (layer, head)
    std::vector<std::size_t> hidden;                         // positions
    bool causal = false;  // the causal mask in every block, whatever maskBlocks says (§7.3's evaluation)
};

// One block's activations, kept from the forward pass for the backward pass (N = B T).
struct BlockActs {
    std::vector<float> a_in;             // (N, D) attention input: LN1(x) pre-norm, x post-norm
    std::vector<float> mean1, rstd1;     // (N) statistics of norm1
    std::vector<float> qkv;              // (N, 3D)
    std::vector<float> att;              // (B, H, T, T) attention weights
    std::vector<float> atty;             // (N, D) heads concatenated
    std::vector<float> r1;               // (N, D) x + attention
    std::vector<float> f_in;             // (N, D) FFN input: LN2(r1) pre-norm, LN1(r1) post-norm
    std::vector<float> mean2, rstd2;     // (N) statistics of norm2
    std::vector<float> fch, gate, fact;  // (N, F) x W1 + b1, x W_gate, act(fch) (* gate)
    std::vector<float> r2;               // (N, D) f_in + FFN, post-norm only (before LN2)
};

class Lm {
public:
    // The parameters `p` (shaped as lab::init_model(c) shapes them), rounded to float.
    Lm(const ModelConfig& c, LmParams p);
    explicit Lm(const ModelConfig& c) : Lm(c, init_model(c)) {}
    void set_params(LmParams& p);  // the shapes must be init_model(c)'s
    LmParams params() const;       // as double tensors; every float is exactly a double

    // Forward pass on inputs (B, T) row-major. With targets (B, T) it returns the mean
    // cross-entropy (else 0). Probabilities and attention weights stay readable until the next
    // call.
    double forward(const int* inputs, const int* targets, std::size_t B, std::size_t T,
                   const Intervention* iv = nullptr);
    // Gradients of the last forward's loss (which must have had targets), in grads().
    void backward();

    const std::vector<Slot>& slots() const { return slots_; }
    std::vector<float>& weights() { return weights_; }
    std::vector<float>& grads() { return grads_; }
    const float* logits() const { return logits_.data(); }                               // (B, T, V)
    const float* probs() const { return probs_.data(); }                                 // (B, T, V)
    const float* attention(std::size_t layer) const { return acts_[layer].att.data(); }  // (B, H, T, T)
    const ModelConfig& config() const { return c_; }

private:
    void fit(std::size_t B, std::size_t T);
    bool causal(std::size_t layer) const { return c_.mask_blocks.empty() || c_.mask_blocks[layer]; }

    ModelConfig c_;
    std::size_t V_, D_, H_, F_, L_;
    std::vector<Slot> slots_;
    std::vector<float> weights_, grads_;
    LmPtrs w_, g_;
    // The last forward's shape, inputs and targets (empty when it had none).
    std::size_t B_ = 0, T_ = 0;
    std::vector<int> inputs_, targets_;
    // Activations (N = B T), grown by fit() and then reused.
    std::vector<std::vector<float>> x_;  // L + 1 residual streams (N, D)
    std::vector<BlockActs> acts_;
    std::vector<float> hf_, meanf_, rstdf_;  // (N, D) after the final norm, its statistics (N)
    std::vector<float> logits_, probs_;      // (N, V)
    std::vector<float> sinusoid_;            // (T, D) fixed positions when sinusoidal
    std::vector<float> eT_;                  // (D, V) the embedding transposed, for a tied head
    // Backward scratch.
    std::vector<float> dx_, dr_, dfin_, dain_, datty_, dqkv_, dlogits_, dhf_;
    std::vector<float> dfact_, dfch_, dgate_, datt_row_, tmp_a_, tmp_b_;
};

// AdamW or SGD with momentum on the flat buffers, with lab::Optimizer's semantics (the same
// schedule, clipping, and decay of matrices only). Moments are float, scalars double.
class Optimizer {
public:
    explicit Optimizer(const OptimizerConfig& c) : c_(c) {}
    void reconfigure(const OptimizerConfig& c) {
        if (c.kind != c_.kind) m_.clear(), v_.clear(), t_ = 0;
        c_ = c;
    }
    // Updates lm.weights() from lm.grads(); `norm` is the gradient's global norm.
    void step(Lm& lm, double norm);
    double last_lr() const { return last_lr_; }

private:
    OptimizerConfig c_;
    std::vector<float> m_, v_;
    std::size_t t_ = 0;
    double last_lr_ = 0.0;
};

// sqrt of the sum of squares of every gradient entry (accumulated in double).
double gradient_norm(const std::vector<float>& grads);

}  // namespace lab::f32
