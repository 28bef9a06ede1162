// A transformer block (§5.1): attention mixes positions, the FFN transforms each position.
//   pre-norm  (§9's reading):           H = X + MHA(LN(X)),  Y = H + FFN(LN(H))
//   post-norm (original Transformer):   H = LN(X + MHA(X)),  Y = LN(H + FFN(H))
// The wiring itself is flat_model.hpp's, shared with training; this is the worked examples'
// entry, which checks the arguments and records the trace.
#pragma once

#include "lab/core/trace.hpp"
#include "lab/layers/ffn.hpp"
#include "lab/layers/flat_model.hpp"
#include "lab/layers/multihead.hpp"
#include "lab/layers/norm.hpp"

namespace lab {

struct BlockParams {
    MhaParams attn;
    FfnParams ffn;
    std::optional<NormParams> norm1, norm2;  // absent = gamma 1, beta 0
};

struct BlockOptions {
    std::size_t heads = 1;
    bool causal = true;
    Arrangement arrangement = Arrangement::pre;
    NormKind norm = NormKind::layer;
    FfnOptions ffn;
    std::optional<double> scale;  // of the attention scores; default 1 / sqrt(dk) (§3.1)
};

struct BlockResult {
    Tensor3 output;  // (B, T, D)
    MhaResult attn;  // the attention sub-layer's intermediates
    Trace trace;
};

// `name` prefixes the trace entries ("block0"); the trace is recorded only when asked for.
BlockResult block_forward(const Tensor3& x,  // (B, T, D)
                          const BlockParams& p, const BlockOptions& options, bool record_trace,
                          const std::string& name = "block", const std::string& fn = "block");

// The block's shape on inputs of width D, after every check block_forward makes of p and options
// (the model's entry makes them of each of its blocks).
flat::BlockShape check_block(const BlockParams& p, const BlockOptions& options, std::size_t D, const std::string& fn);

// The shape of a block (or decoder block) whose widths are checked: the options' choices and the
// attention scale (1 / sqrt(dk) unless given, checked finite).
flat::BlockShape block_shape(const BlockOptions& options, std::size_t D, std::size_t dk, std::size_t dv, std::size_t F,
                             const std::string& fn);

}  // namespace lab
