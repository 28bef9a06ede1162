#include "lab/training/optimizer.hpp"

#include <cmath>

namespace lab::flat {

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

template class Optimizer<float>;
template class Optimizer<double>;
template double gradient_norm(const std::vector<float>&);
template double gradient_norm(const std::vector<double>&);

}  // namespace lab::flat
