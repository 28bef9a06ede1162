// A transformer block (§5.1): attention mixes positions, the FFN transforms each position.
//   pre-norm  (§9's reading):           H = X + MHA(LN(X)),  Y = H + FFN(LN(H))
//   post-norm (original Transformer):   H = LN(X + MHA(X)),  Y = LN(H + FFN(H))
#pragma once

#include "lab/core/names.hpp"
#include "lab/core/trace.hpp"
#include "lab/layers/ffn.hpp"
#include "lab/layers/multihead.hpp"
#include "lab/layers/norm.hpp"

namespace lab {

enum class Arrangement { pre, post };
template <>
struct EnumNames<Arrangement> {
    static constexpr const char* what = "arrangement";
    static constexpr std::array<std::pair<Arrangement, const char*>, 2> all = {
        {{Arrangement::pre, "pre"}, {Arrangement::post, "post"}}};
};

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

}  // namespace lab
