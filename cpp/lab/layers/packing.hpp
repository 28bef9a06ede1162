// Between the worked examples' tensors and flat_model's buffers: a block's parameters as the
// pass's pointers (for the entries of multi-head attention, the FFN and the block, after their
// checks), and the pass's activations as the entries' results and trace (those and the model's).
#pragma once

#include "lab/layers/block.hpp"

namespace lab {

// One block's parameters as flat_model's pointers: straight into the tensors (the forward pass
// only reads them), except what the tensors do not hold as the pass wants it: separate
// projections fused into [W_Q W_K W_V], and gammas of 1 for absent norms.
struct PackedBlock {
    flat::BlockPtrs<double> w;
    Tensor2 wqkv;
    Tensor1 bqkv, ones;
};
void pack_mha(const MhaParams& p, const flat::BlockShape& s, PackedBlock& k);
void pack_ffn(const FfnParams& p, PackedBlock& k);
PackedBlock pack_block(const BlockParams& p, const flat::BlockShape& s);

// After the pass: throws when q, k or v (and, for the block, its output y) are not finite
// (a product or a sum overflowed), naming which.
void check_attention_values(const flat::BlockActs<double>& a, const flat::BlockShape& s, std::size_t N,
                            const std::string& fn);
void check_block_values(const flat::BlockActs<double>& a, const flat::BlockShape& s, const double* y, std::size_t N,
                        const std::string& fn);

// The attention sub-layer's intermediates, as multi-head attention returns them.
MhaResult mha_result(const flat::BlockActs<double>& a, const flat::BlockShape& s, std::size_t B, std::size_t T);

// The block's intermediates, in the order the page steps through them; y (N, D) is its output.
void trace_block(Trace* trace, const std::string& name, const flat::BlockActs<double>& a, const flat::BlockShape& s,
                 const double* y, std::size_t B, std::size_t T);

}  // namespace lab
