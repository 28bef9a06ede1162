// Scaled dot-product attention (§2, §3.2): softmax(Q K^T / sqrt(d_k) + mask) V.
#pragma once

#include "lab/core/tensor.hpp"

namespace lab {

struct AttentionOptions {
    bool causal = false;             // keep key j for query i only when j <= i (top-left aligned)
    std::optional<BoolMatrix> mask;  // (Tq, Tk) true = may attend; combined with causal by AND
    std::optional<double> scale;     // default 1 / sqrt(dk)
};

struct AttentionResult {
    Tensor3 scores;   // (B, Tq, Tk) scaled scores s_ij = q_i . k_j * scale, before masking
    Tensor3 weights;  // (B, Tq, Tk) a_ij, masked entries exactly 0, rows sum to 1
    Tensor3 output;   // (B, Tq, dv) y_i = sum_j a_ij v_j
};

// The keep-matrix (Tq, Tk) that `options` describe, after checking its shape.
BoolMatrix attention_keep(std::size_t Tq, std::size_t Tk, const AttentionOptions& options, const std::string& fn);

AttentionResult attention_forward(const Tensor3& q,  // (B, Tq, dk)
                                  const Tensor3& k,  // (B, Tk, dk)
                                  const Tensor3& v,  // (B, Tk, dv)
                                  const AttentionOptions& options, const std::string& fn = "attention");

}  // namespace lab
