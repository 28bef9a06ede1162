// The encoder-decoder's decoder block (§9.4, the build plan's last module): masked
// self-attention over the decoder's own positions, cross-attention from them to the encoder's
// output (the memory), then the FFN. Its wiring is flat_model.hpp's decoder_block_forward; this
// is the worked examples' entry, which checks the arguments and records the trace. The matching
// encoder block is block_forward with causal = false.
#pragma once

#include "lab/layers/block.hpp"

namespace lab {

struct DecoderParams {
    MhaParams self_attn;   // as multiHeadAttention's (fused or separate)
    MhaParams cross_attn;  // separate wQ (from the decoder), wK and wV (from the memory)
    FfnParams ffn;
    std::optional<NormParams> norm1, norm2, norm3;  // absent = gamma 1, beta 0
};

struct DecoderResult {
    Tensor3 output;         // (B, Tdec, D)
    Tensor4 self_weights;   // (B, H, Tdec, Tdec)
    Tensor4 cross_weights;  // (B, H, Tdec, Tenc)
    Trace trace;
};

// options.causal masks the self-attention only: cross-attention reads every memory position.
DecoderResult decoder_block_forward(const Tensor3& x,       // (B, Tdec, D)
                                    const Tensor3& memory,  // (B, Tenc, D)
                                    const DecoderParams& p, const BlockOptions& options, bool record_trace,
                                    const std::string& fn = "decoderBlock");

}  // namespace lab
