// The optimisers of training (lab::optimizer_update) on the model's flat buffers.
#pragma once

#include <vector>

#include "lab/layers/lm_model.hpp"
#include "lab/training/train.hpp"

namespace lab::flat {

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
