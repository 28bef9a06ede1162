// Backward passes: for each forward function, the gradient of a scalar loss with respect to
// its inputs and parameters, given the gradient with respect to its output. Gradients of
// parameters are accumulated (+=) into the caller's buffers, as a training step sums them over
// every place a parameter is used; gradients of inputs are returned.
#pragma once

#include "lab/layers/attention.hpp"
#include "lab/layers/ffn.hpp"

namespace lab {

// forward: out (N, OC) = inp (N, C) @ weight (C, OC) + bias (OC)
void matmul_backward(double* dinp, double* dweight, double* dbias,  // (N, C), (C, OC), (OC); any may be null
                     const double* dout, const double* inp, const double* weight, std::size_t N, std::size_t C,
                     std::size_t OC);

// forward: a = softmax(s) over each row (N, C); ds from da.
Tensor2 softmax_backward(const Tensor2& da,  // (N, C)
                         const Tensor2& a);  // (N, C) the forward output

struct AttentionGrads {
    Tensor3 dq, dk, dv;  // (B, Tq, dk), (B, Tk, dk), (B, Tk, dv)
};

// forward: s = q k^T * scale, a = softmax(s + mask), y = a v
AttentionGrads attention_backward(const Tensor3& dy,  // (B, Tq, dv)
                                  const Tensor3& q, const Tensor3& k, const Tensor3& v,
                                  const Tensor3& weights,  // (B, Tq, Tk) the forward a
                                  double scale);

// forward: y = (x - mean) / sqrt(var + eps) * gamma + beta, per row
Tensor2 layernorm_backward(const Tensor2& dy, const Tensor2& x, const Tensor1& gamma, double eps,  // (N, D)
                           Tensor1& dgamma, Tensor1& dbeta);

// forward: y = x / sqrt(mean(x^2) + eps) * gain, per row
Tensor2 rmsnorm_backward(const Tensor2& dy, const Tensor2& x, const Tensor1& gain, double eps,  // (N, D)
                         Tensor1& dgain);

// d act(x) / dx
double activate_derivative(double x, Activation a);

struct FfnGrads {
    Tensor2 w1, w2, wGate;  // same shapes as the parameters (wGate empty when not gated)
    Tensor1 b1, b2, bGate;
};
FfnGrads zero_grads_like(const FfnParams& p);

// forward: ffn_forward(x, p, o); returns dx and accumulates into g.
Tensor2 ffn_backward(const Tensor2& dy,  // (N, D)
                     const Tensor2& x,   // (N, D)
                     const FfnParams& p, const FfnOptions& o, FfnGrads& g);

// forward: loss = mean_n (logsumexp(z_n) - z_n[t_n]); dlogits = (softmax(z) - onehot(t)) / N * dloss
Tensor2 cross_entropy_backward(const Tensor2& probs,  // (N, V) the forward softmax
                               const std::vector<int>& targets, double dloss = 1.0);

}  // namespace lab
