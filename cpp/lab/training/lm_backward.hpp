// Backward passes of the composite layers: multi-head attention, the block and the toy language
// model. Gradients live in structures of the same type and shapes as the parameters (zeros_like),
// accumulated with +=. Each function recomputes the forward intermediates it needs from its
// input, which keeps the code readable against the formulas at the cost of one extra forward.
#pragma once

#include <functional>

#include "lab/layers/lm.hpp"
#include "lab/training/backward.hpp"

namespace lab {

MhaParams zeros_like(const MhaParams& p);
BlockParams zeros_like(const BlockParams& p);
LmParams zeros_like(const LmParams& p);

// forward: multihead_attention_forward(x, p, heads, options); returns dx (B, T, D).
Tensor3 mha_backward(const Tensor3& dout, const Tensor3& x, const MhaParams& p, std::size_t heads,
                     const AttentionOptions& options, MhaParams& grads);

// forward: block_forward(x, p, options); returns dx (B, T, D).
Tensor3 block_backward(const Tensor3& dy, const Tensor3& x, const BlockParams& p, const BlockOptions& options,
                       BlockParams& grads);

struct LmLossAndGrads {
    double loss;
    LmParams grads;  // same shapes as the parameters
};

// The mean cross-entropy of lm_forward(tokens, p, o) and its gradient for every parameter.
LmLossAndGrads lm_backward(const TokenMatrix& tokens,  // (B, T + 1)
                           const LmParams& p, const LmOptions& o, const std::string& fn = "lm_backward");

// Visits every parameter tensor of the model with a stable name ("embedding",
// "blocks.0.attn.wQ", ...), the way an optimiser and a parameter listing see it.
using ParameterVisitor =
    std::function<void(const std::string& name, double* data, std::size_t size, const std::vector<std::size_t>& shape)>;
void for_each_parameter(LmParams& p, const ParameterVisitor& f);

}  // namespace lab
