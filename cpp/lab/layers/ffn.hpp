// Position-wise feed-forward network (§5): FFN(x) = act(x W1 + b1) W2 + b2, applied to each
// row on its own; the gated variant (§9.3) is (act(x W1) * (x W_gate)) W2.
#pragma once

#include <cmath>
#include <string>

#include "lab/core/names.hpp"
#include "lab/core/tensor.hpp"

namespace lab {

enum class Activation { relu, gelu, gelu_tanh, silu };
template <>
struct EnumNames<Activation> {
    static constexpr const char* what = "activation";
    static constexpr std::array<std::pair<Activation, const char*>, 4> all = {{{Activation::relu, "relu"},
                                                                               {Activation::gelu, "gelu"},
                                                                               {Activation::gelu_tanh, "gelu_tanh"},
                                                                               {Activation::silu, "silu"}}};
};

// relu(x) = max(0, x); gelu(x) = x Phi(x) = 0.5 x (1 + erf(x / sqrt 2)) (exact, the default);
// gelu_tanh(x) = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))); silu(x) = x sigmoid(x).
// Shared by the worked examples (double) and training (float32, and double for the checks).
template <class T>
T activate(T x, Activation a) {
    const T kInvSqrt2 = T(0.7071067811865476);     // 1 / sqrt(2): a product, not a division, per entry
    const T kSqrt2OverPi = T(0.7978845608028654);  // sqrt(2 / pi)
    const T kGeluCubic = T(0.044715);              // coefficient of the tanh approximation
    switch (a) {
        case Activation::relu: return x > 0 ? x : T(0);
        case Activation::gelu: return T(0.5) * x * (T(1) + std::erf(x * kInvSqrt2));
        case Activation::gelu_tanh: return T(0.5) * x * (T(1) + std::tanh(kSqrt2OverPi * (x + kGeluCubic * x * x * x)));
        case Activation::silu: return x / (T(1) + std::exp(-x));
    }
    return x;
}

// d act(x) / dx, differentiating each line of activate():
//   relu: 1 for x > 0;  gelu: Phi(x) + x phi(x);  silu: s (1 + x (1 - s)) with s = sigmoid(x);
//   gelu_tanh: 0.5 (1 + th) + 0.5 x (1 - th^2) u' with th = tanh(u), u = sqrt(2/pi) (x + 0.044715 x^3)
template <class T>
T activate_grad(T x, Activation a) {
    const T kInvSqrt2 = T(0.7071067811865476), kSqrt2OverPi = T(0.7978845608028654), kGeluCubic = T(0.044715);
    const T kInvSqrt2Pi = T(0.3989422804014327);  // 1 / sqrt(2 pi), the normal density's scale
    switch (a) {
        case Activation::relu: return x > 0 ? T(1) : T(0);
        case Activation::gelu:
            return T(0.5) * (T(1) + std::erf(x * kInvSqrt2)) + x * kInvSqrt2Pi * std::exp(T(-0.5) * x * x);
        case Activation::gelu_tanh: {
            const T th = std::tanh(kSqrt2OverPi * (x + kGeluCubic * x * x * x));
            const T du = kSqrt2OverPi * (T(1) + T(3) * kGeluCubic * x * x);
            return T(0.5) * (T(1) + th) + T(0.5) * x * (T(1) - th * th) * du;
        }
        case Activation::silu: {
            const T s = T(1) / (T(1) + std::exp(-x));
            return s * (T(1) + x * (T(1) - s));
        }
    }
    return T(1);
}

struct FfnParams {
    Tensor2 w1;                    // (D, F)
    std::optional<Tensor1> b1;     // (F)
    Tensor2 w2;                    // (F, D)
    std::optional<Tensor1> b2;     // (D)
    std::optional<Tensor2> wGate;  // (D, F), gated FFN only
    std::optional<Tensor1> bGate;  // (F)
};

struct FfnOptions {
    Activation activation = Activation::gelu;
    bool gated = false;
};

struct FfnResult {
    Tensor2 pre;     // (N, F) x W1 + b1
    Tensor2 hidden;  // (N, F) act(pre), times the gate x W_gate when gated
    Tensor2 output;  // (N, D) hidden W2 + b2
};

// The hidden width F of `p` on inputs of width D, after checking every shape against `options`:
// the checks ffn_forward and the block make before they compute.
std::size_t check_ffn_params(const FfnParams& p, const FfnOptions& options, std::size_t D, const std::string& fn);

FfnResult ffn_forward(const Tensor2& x,  // (N, D)
                      const FfnParams& p, const FfnOptions& options, const std::string& fn = "feedForward");

}  // namespace lab
