#include "lab/training/backward.hpp"

#include <cmath>

#include <xtensor/xview.hpp>

#include "lab/core/matmul.hpp"

namespace lab {

void matmul_backward(double* dinp, double* dweight, double* dbias, const double* dout, const double* inp,
                     const double* weight, std::size_t N, std::size_t C, std::size_t OC) {
    // forward: out[n][o] = bias[o] + sum_c inp[n][c] * weight[c][o]
    for (std::size_t n = 0; n < N; ++n) {
        const double* dout_row = dout + n * OC;
        const double* inp_row = inp + n * C;
        for (std::size_t c = 0; c < C; ++c) {
            const double* w_row = weight + c * OC;
            double* dw_row = dweight ? dweight + c * OC : nullptr;
            double acc = 0.0;
            for (std::size_t o = 0; o < OC; ++o) {
                acc += dout_row[o] * w_row[o];                      // d/d inp[n][c]
                if (dw_row) dw_row[o] += inp_row[c] * dout_row[o];  // d/d weight[c][o]
            }
            if (dinp) dinp[n * C + c] += acc;
        }
        if (dbias)
            for (std::size_t o = 0; o < OC; ++o) dbias[o] += dout_row[o];
    }
}

Tensor2 softmax_backward(const Tensor2& da, const Tensor2& a) {
    // forward: a_j = exp(s_j) / sum_l exp(s_l)  =>  ds_j = a_j (da_j - sum_l da_l a_l)
    Tensor2 ds = Tensor2::from_shape(a.shape());
    const std::size_t N = a.shape(0), C = a.shape(1);
    for (std::size_t n = 0; n < N; ++n) {
        const double* ar = a.data() + n * C;
        const double* dar = da.data() + n * C;
        double dot = 0.0;
        for (std::size_t j = 0; j < C; ++j) dot += dar[j] * ar[j];
        for (std::size_t j = 0; j < C; ++j) ds.data()[n * C + j] = ar[j] * (dar[j] - dot);
    }
    return ds;
}

AttentionGrads attention_backward(const Tensor3& dy, const Tensor3& q, const Tensor3& k, const Tensor3& v,
                                  const Tensor3& weights, double scale) {
    const std::size_t B = q.shape(0), Tq = q.shape(1), dk = q.shape(2), Tk = k.shape(1), dv = v.shape(2);
    AttentionGrads g{xt::zeros<double>(q.shape()), xt::zeros<double>(k.shape()), xt::zeros<double>(v.shape())};
    for (std::size_t b = 0; b < B; ++b) {
        const Tensor2 a = xt::view(weights, b);
        Tensor2 da = Tensor2::from_shape({Tq, Tk});
        for (std::size_t i = 0; i < Tq; ++i)
            for (std::size_t j = 0; j < Tk; ++j) {
                // forward: y_i = sum_j a_ij v_j
                double acc = 0.0;
                for (std::size_t c = 0; c < dv; ++c) {
                    acc += dy(b, i, c) * v(b, j, c);
                    g.dv(b, j, c) += a(i, j) * dy(b, i, c);
                }
                da(i, j) = acc;
            }
        // forward: a = softmax(s + mask); a masked entry has a = 0, so it gets ds = 0
        const Tensor2 ds = softmax_backward(da, a);
        // forward: s_ij = scale * q_i . k_j
        for (std::size_t i = 0; i < Tq; ++i)
            for (std::size_t j = 0; j < Tk; ++j) {
                const double d = ds(i, j) * scale;
                if (d == 0.0) continue;
                for (std::size_t c = 0; c < dk; ++c) {
                    g.dq(b, i, c) += d * k(b, j, c);
                    g.dk(b, j, c) += d * q(b, i, c);
                }
            }
    }
    return g;
}

Tensor2 layernorm_backward(const Tensor2& dy, const Tensor2& x, const Tensor1& gamma, double eps, Tensor1& dgamma,
                           Tensor1& dbeta) {
    const std::size_t N = x.shape(0), D = x.shape(1);
    Tensor2 dx = Tensor2::from_shape({N, D});
    for (std::size_t n = 0; n < N; ++n) {
        const double* xr = x.data() + n * D;
        const double* dyr = dy.data() + n * D;
        double mean = 0.0, var = 0.0;
        for (std::size_t i = 0; i < D; ++i) mean += xr[i];
        mean /= double(D);
        for (std::size_t i = 0; i < D; ++i) var += (xr[i] - mean) * (xr[i] - mean);
        var /= double(D);
        const double rstd = 1.0 / std::sqrt(var + eps);
        // forward: xhat = (x - mean) * rstd, y = xhat * gamma + beta
        double mean_dnorm = 0.0, mean_dnorm_xhat = 0.0;
        for (std::size_t i = 0; i < D; ++i) {
            const double xhat = (xr[i] - mean) * rstd;
            const double dnorm = dyr[i] * gamma(i);
            mean_dnorm += dnorm;
            mean_dnorm_xhat += dnorm * xhat;
            dgamma(i) += dyr[i] * xhat;
            dbeta(i) += dyr[i];
        }
        mean_dnorm /= double(D);
        mean_dnorm_xhat /= double(D);
        for (std::size_t i = 0; i < D; ++i) {
            const double xhat = (xr[i] - mean) * rstd;
            dx(n, i) = rstd * (dyr[i] * gamma(i) - mean_dnorm - xhat * mean_dnorm_xhat);
        }
    }
    return dx;
}

Tensor2 rmsnorm_backward(const Tensor2& dy, const Tensor2& x, const Tensor1& gain, double eps, Tensor1& dgain) {
    const std::size_t N = x.shape(0), D = x.shape(1);
    Tensor2 dx = Tensor2::from_shape({N, D});
    for (std::size_t n = 0; n < N; ++n) {
        const double* xr = x.data() + n * D;
        const double* dyr = dy.data() + n * D;
        double ms = 0.0;
        for (std::size_t i = 0; i < D; ++i) ms += xr[i] * xr[i];
        ms /= double(D);
        const double r = 1.0 / std::sqrt(ms + eps);
        // forward: y_i = x_i * r * gain_i with r = (mean(x^2) + eps)^(-1/2), dr/dx_j = -r^3 x_j / D
        double dot = 0.0;
        for (std::size_t i = 0; i < D; ++i) {
            dot += dyr[i] * gain(i) * xr[i];
            dgain(i) += dyr[i] * xr[i] * r;
        }
        for (std::size_t i = 0; i < D; ++i) dx(n, i) = r * gain(i) * dyr[i] - r * r * r * xr[i] * dot / double(D);
    }
    return dx;
}

double activate_derivative(double x, Activation a) {
    constexpr double kInvSqrt2 = 0.7071067811865476;
    constexpr double kInvSqrt2Pi = 0.3989422804014327;   // 1 / sqrt(2 pi)
    constexpr double kSqrt2OverPi = 0.7978845608028654;  // sqrt(2 / pi)
    constexpr double kGeluCubic = 0.044715;
    switch (a) {
        case Activation::relu: return x > 0 ? 1.0 : 0.0;
        // forward: x Phi(x)  =>  Phi(x) + x phi(x)
        case Activation::gelu: return 0.5 * (1.0 + std::erf(x * kInvSqrt2)) + x * kInvSqrt2Pi * std::exp(-0.5 * x * x);
        case Activation::gelu_tanh: {
            // forward: 0.5 x (1 + tanh(u)), u = sqrt(2/pi) (x + 0.044715 x^3)
            const double u = kSqrt2OverPi * (x + kGeluCubic * x * x * x);
            const double t = std::tanh(u);
            return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * kSqrt2OverPi * (1.0 + 3.0 * kGeluCubic * x * x);
        }
        case Activation::silu: {
            // forward: x sigmoid(x)
            const double s = 1.0 / (1.0 + std::exp(-x));
            return s * (1.0 + x * (1.0 - s));
        }
    }
    return 1.0;
}

FfnGrads zero_grads_like(const FfnParams& p) {
    FfnGrads g;
    g.w1 = xt::zeros<double>(p.w1.shape());
    g.w2 = xt::zeros<double>(p.w2.shape());
    g.b1 = xt::zeros<double>({p.w1.shape(1)});
    g.b2 = xt::zeros<double>({p.w2.shape(1)});
    if (p.wGate) {
        g.wGate = xt::zeros<double>(p.wGate->shape());
        g.bGate = xt::zeros<double>({p.wGate->shape(1)});
    }
    return g;
}

Tensor2 ffn_backward(const Tensor2& dy, const Tensor2& x, const FfnParams& p, const FfnOptions& o, FfnGrads& g) {
    const std::size_t N = x.shape(0), D = x.shape(1), F = p.w1.shape(1), Dout = p.w2.shape(1);
    // Recompute the forward intermediates: pre = x W1 + b1, gate = x Wg + bg, h = act(pre) [* gate].
    const Tensor2 pre = linear(x, p.w1, p.b1, "ffn_backward", "w1");
    Tensor2 gate;
    if (p.wGate) gate = linear(x, *p.wGate, p.bGate, "ffn_backward", "wGate");
    Tensor2 h = Tensor2::from_shape({N, F});
    for (std::size_t i = 0; i < h.size(); ++i)
        h.data()[i] = activate(pre.data()[i], o.activation) * (p.wGate ? gate.data()[i] : 1.0);

    // forward: y = h W2 + b2
    Tensor2 dh = xt::zeros<double>({N, F});
    matmul_backward(dh.data(), g.w2.data(), g.b2.data(), dy.data(), h.data(), p.w2.data(), N, F, Dout);
    Tensor2 dx = xt::zeros<double>({N, D});
    Tensor2 dpre = Tensor2::from_shape({N, F});
    if (p.wGate) {
        // forward: h = act(pre) * gate
        Tensor2 dgate = Tensor2::from_shape({N, F});
        for (std::size_t i = 0; i < dh.size(); ++i) {
            dgate.data()[i] = dh.data()[i] * activate(pre.data()[i], o.activation);
            dpre.data()[i] = dh.data()[i] * gate.data()[i] * activate_derivative(pre.data()[i], o.activation);
        }
        // forward: gate = x Wg + bg
        matmul_backward(dx.data(), g.wGate.data(), g.bGate.data(), dgate.data(), x.data(), p.wGate->data(), N, D, F);
    } else {
        // forward: h = act(pre)
        for (std::size_t i = 0; i < dh.size(); ++i)
            dpre.data()[i] = dh.data()[i] * activate_derivative(pre.data()[i], o.activation);
    }
    // forward: pre = x W1 + b1
    matmul_backward(dx.data(), g.w1.data(), g.b1.data(), dpre.data(), x.data(), p.w1.data(), N, D, F);
    return dx;
}

Tensor2 cross_entropy_backward(const Tensor2& probs, const std::vector<int>& targets, double dloss) {
    // forward: loss = (1/N) sum_n (logsumexp(z_n) - z_n[t_n])
    const std::size_t N = probs.shape(0);
    Tensor2 dz = probs * (dloss / double(N));
    for (std::size_t n = 0; n < N; ++n) dz(n, targets[n]) -= dloss / double(N);
    return dz;
}

}  // namespace lab
