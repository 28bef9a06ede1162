#include "lab/training/train.hpp"

#include <cmath>

#include "lab/core/rng.hpp"

namespace lab {

template <class Real>
void init_weights(const ModelConfig& c, flat::Lm<Real>& lm) {
    constexpr double kStd = 0.02;  // GPT-2's initial weight scale
    const double residual_std = kStd / std::sqrt(2.0 * double(c.layers));
    Pcg32 rng(c.seed);
    for (const flat::Slot& s : lm.slots()) {
        Real* w = lm.weights().data() + s.offset;
        using flat::Part;
        if (!s.decay) {  // a bias or a shift 0, a norm's gain 1
            const bool gain = s.part == Part::gamma1 || s.part == Part::gamma2 || s.part == Part::final_gamma;
            std::fill(w, w + s.size, gain ? Real(1) : Real(0));
            continue;
        }
        const double std = s.part == Part::wo || s.part == Part::w2 ? residual_std : kStd;
        for (std::size_t i = 0; i < s.size; ++i) w[i] = Real(std * rng.normal());
    }
}
template void init_weights(const ModelConfig&, flat::Lm<float>&);
template void init_weights(const ModelConfig&, flat::Lm<double>&);

LmParams init_model(const ModelConfig& c, const std::string& fn) {
    check_model_config(c, fn, kMaxEntries);
    flat::Lm<double> lm(structure_of(c));
    init_weights(c, lm);
    return lm.params();
}

double scheduled_lr(const OptimizerConfig& c, std::size_t step) {
    constexpr double kPi = 3.141592653589793;
    if (c.warmup && step < c.warmup) return c.lr * double(step + 1) / double(c.warmup);
    if (!c.total_steps) return c.lr;
    const double span = double(c.total_steps > c.warmup ? c.total_steps - c.warmup : 1);
    const double progress = std::min(1.0, double(step - c.warmup) / span);
    const double cosine = 0.5 * (1.0 + std::cos(kPi * progress));
    return c.lr * (c.min_lr_ratio + (1.0 - c.min_lr_ratio) * cosine);
}

void check_optimizer(const OptimizerConfig& c, const std::string& fn) {
    require(std::isfinite(c.lr) && c.lr > 0, fn, refused("optimizer.lr", "got", c.lr));
    require(std::isfinite(c.weight_decay) && c.weight_decay >= 0, fn,
            refused("optimizer.weightDecay", "got", c.weight_decay));
    require(std::isfinite(c.clip) && c.clip >= 0, fn, refused("optimizer.clip", "got", c.clip));
}

}  // namespace lab
