// Entry points for callers that hold arrays of any rank (the JS API, through the Embind layer):
// each checks its input, flattens leading batch axes, calls the fixed-rank kernel, and gives
// the results the caller's batch axes back. Names follow the JS API.
#pragma once

#include "lab/boundary/ndarray.hpp"
#include "lab/layers/decoder.hpp"
#include "lab/layers/generate.hpp"

namespace lab::api {

NdArray softmax(const NdArray& x);  // any rank >= 1, over the last axis

struct AttentionOut {
    NdArray scores, weights, output;
};
// q [..., Tq, dk], k [..., Tk, dk], v [..., Tk, dv] with 0, 1 or 2 equal leading axes.
AttentionOut attention(const NdArray& q, const NdArray& k, const NdArray& v, const AttentionOptions& o);

struct MhaOut {
    NdArray q, k, v, scores, weights, heads, concat, output;
};
MhaOut multi_head_attention(const NdArray& x, const MhaParams& p, std::size_t heads, bool causal);

NdArray layer_norm(const NdArray& x, const Tensor1& gamma, const Tensor1& beta, double eps);
NdArray rms_norm(const NdArray& x, const Tensor1& gain, double eps);

struct FfnOut {
    NdArray pre, hidden, output;
};
FfnOut feed_forward(const NdArray& x, const FfnParams& p, const FfnOptions& o);

struct BlockOut {
    NdArray output;
    MhaOut attn;
    Trace trace;
};
BlockOut block(const NdArray& x, const BlockParams& p, const BlockOptions& o);

struct DecoderOut {
    NdArray output, self_weights, cross_weights;
    Trace trace;
};
// x [T_dec][D] or [B][T_dec][D]; memory the same rank, [T_enc][D] or [B][T_enc][D] (§9.4).
DecoderOut decoder_block(const NdArray& x, const NdArray& memory, const DecoderParams& p, const BlockOptions& o);

// Token ids given as numbers: each must be an integer (range is checked by the model).
TokenMatrix to_tokens(const NdArray& a, std::size_t max_rank, const std::string& fn, const std::string& name);

struct LmOut {
    NdArray logits, probs, losses;
    double loss;
    Trace trace;
};
// record_trace = false skips copying every intermediate tensor (what a training loop wants).
LmOut lm_forward(const NdArray& tokens, const LmParams& p, const LmOptions& o, bool record_trace = true,
                 const flat::Intervention* iv = nullptr);

struct CrossEntropyOut {
    NdArray probs, losses;
    double loss;
};
CrossEntropyOut cross_entropy(const NdArray& logits, const NdArray& targets);

}  // namespace lab::api
