// Position-wise feed-forward network (§5): FFN(x) = act(x W1 + b1) W2 + b2, applied to each
// row on its own; the gated variant (§9.3) is (act(x W1) * (x W_gate)) W2.
#pragma once

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
double activate(double x, Activation a);

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

FfnResult ffn_forward(const Tensor2& x,  // (N, D)
                      const FfnParams& p, const FfnOptions& options, const std::string& fn = "feedForward");

}  // namespace lab
