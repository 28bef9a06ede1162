// Training the toy language model: seeded initialisation, optimisers (SGD with momentum, AdamW),
// gradient clipping by global norm, learning-rate warm-up and cosine decay.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "lab/core/names.hpp"
#include "lab/layers/model_config.hpp"

namespace lab {

// GPT-2's scheme with the engine's own RNG: weights N(0, 0.02^2), the projections into the
// residual stream (W_O, W_2) scaled by 1/sqrt(2 L), biases 0, norms gamma 1 and beta 0. With
// bias false (nanoGPT's bias=False) there are no biases and no betas at all. The matrices draw
// from one seeded stream in the layout's order.
LmParams init_model(const ModelConfig& c, const std::string& fn = "createModel");
// The same numbers, written straight into a model of structure_of(c) (its configuration checked).
template <class Real>
void init_weights(const ModelConfig& c, flat::Lm<Real>& lm);

enum class OptimizerKind { sgd, adamw };
template <>
struct EnumNames<OptimizerKind> {
    static constexpr const char* what = "optimizer";
    static constexpr std::array<std::pair<OptimizerKind, const char*>, 2> all = {
        {{OptimizerKind::adamw, "adamw"}, {OptimizerKind::sgd, "sgd"}}};
};

struct OptimizerConfig {
    OptimizerKind kind = OptimizerKind::adamw;
    double lr = 1e-3;
    double momentum = 0.9;                         // SGD
    double beta1 = 0.9, beta2 = 0.95, eps = 1e-8;  // AdamW
    double weight_decay = 0.0;                     // decoupled (AdamW) or L2 (SGD), on matrices only
    double clip = 0.0;                             // global gradient norm bound; 0 = none
    std::size_t warmup = 0;                        // linear warm-up steps
    std::size_t total_steps = 0;                   // cosine decay to min_lr_ratio * lr; 0 = constant
    double min_lr_ratio = 0.1;
};

// The learning rate at step `step` (0-based) under warm-up and cosine decay.
double scheduled_lr(const OptimizerConfig& c, std::size_t step);

// One optimiser update of one parameter tensor w (n) from its gradient g, with moments m and v
// (SGD keeps its velocity in m); `t` counts the steps taken, this one included. T is the
// training path's number type (flat::Optimizer).
//   AdamW: m = b1 m + (1 - b1) g,  v = b2 v + (1 - b2) g^2,  w -= lr (m^ / (sqrt(v^) + eps) + wd w)
//   SGD:   m = momentum m + g + wd w,  w -= lr m
template <class T>
void optimizer_update(const OptimizerConfig& c, double lr, std::size_t t, double clip_scale, bool decay, T* w,
                      const T* g, T* m, T* v, std::size_t n) {
    const T rate = T(lr), wd = decay ? T(c.weight_decay) : T(0), clip = T(clip_scale);
    if (c.kind == OptimizerKind::adamw) {
        const T b1 = T(c.beta1), b2 = T(c.beta2), eps = T(c.eps);
        const T b1t = T(1.0 - std::pow(c.beta1, double(t))), b2t = T(1.0 - std::pow(c.beta2, double(t)));
        for (std::size_t i = 0; i < n; ++i) {
            const T gi = g[i] * clip;
            m[i] = b1 * m[i] + (T(1) - b1) * gi;
            v[i] = b2 * v[i] + (T(1) - b2) * gi * gi;
            const T update = (m[i] / b1t) / (std::sqrt(v[i] / b2t) + eps);
            w[i] -= rate * (update + wd * w[i]);
        }
    } else {
        const T momentum = T(c.momentum);
        for (std::size_t i = 0; i < n; ++i) {
            m[i] = momentum * m[i] + g[i] * clip + wd * w[i];
            w[i] -= rate * m[i];
        }
    }
}

struct TrainStep {
    double loss;
    double grad_norm;
    double lr;
};

void check_optimizer(const OptimizerConfig& c, const std::string& fn);

}  // namespace lab
