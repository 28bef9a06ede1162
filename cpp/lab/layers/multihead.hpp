// Multi-head attention (§4, §4.2): heads_h = Attention(X W_Q^h, X W_K^h, X W_V^h),
// MHA(X) = Concat(head_1, ..., head_H) W_O.
#pragma once

#include "lab/core/trace.hpp"
#include "lab/layers/attention.hpp"

namespace lab {

// Either separate projections (wQ, wK, wV) or one fused wQKV = [W_Q W_K W_V]; never both.
// Per-head widths come from the shapes: wQ, wK (D, H*dk), wV (D, H*dv), wO (H*dv, D).
struct MhaParams {
    std::optional<Tensor2> wQ, wK, wV;  // (D, H*dk), (D, H*dk), (D, H*dv)
    std::optional<Tensor1> bQ, bK, bV;  // (H*dk), (H*dk), (H*dv)
    std::optional<Tensor2> wQKV;        // (D, 3*H*dh): fused, equal widths dk = dv = dh
    std::optional<Tensor1> bQKV;        // (3*H*dh)
    std::optional<Tensor2> wO;          // (H*dv, D); absent = identity (needs H*dv = D)
    std::optional<Tensor1> bO;          // (D)
};

struct MhaResult {
    Tensor3 q, k, v;  // (B, T, H*dk), (B, T, H*dk), (B, T, H*dv) after the projections
    Tensor4 scores;   // (B, H, T, T) scaled, before masking
    Tensor4 weights;  // (B, H, T, T)
    Tensor4 heads;    // (B, H, T, dv)
    Tensor3 concat;   // (B, T, H*dv)
    Tensor3 output;   // (B, T, D) = concat @ wO + bO
};

// The per-head widths of `p` for H heads over inputs of width D, after checking every shape:
// the checks multihead_attention_forward and the block make before they compute.
struct MhaWidths {
    std::size_t dk, dv;
};
MhaWidths check_mha_params(const MhaParams& p, std::size_t H, std::size_t D, const std::string& fn);

MhaResult multihead_attention_forward(const Tensor3& x,  // (B, T, D)
                                      const MhaParams& p, std::size_t heads, const AttentionOptions& options,
                                      const std::string& fn = "multiHeadAttention");

// Projections side by side: the columns of each matrix in turn (every one with the same rows),
// as [W_Q W_K W_V] fuses three; and their biases one after another, an absent one as `width`
// zeros (empty when none is given).
Tensor2 side_by_side(const std::vector<const Tensor2*>& parts);
Tensor1 biases_in_turn(const std::vector<std::pair<const std::optional<Tensor1>*, std::size_t>>& parts);

// The fused parameters equivalent to separate ones: wQKV = [wQ wK wV], bQKV = [bQ bK bV].
MhaParams fuse_qkv(const MhaParams& separate, const std::string& fn = "fuse_qkv");

}  // namespace lab
