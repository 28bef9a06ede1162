// Scaled dot-product attention (§2, §3.2): softmax(Q K^T / sqrt(d_k) + mask) V.
#pragma once

#include "lab/core/tensor.hpp"
#include "lab/layers/softmax.hpp"

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

// ---- one head over one sequence, shared by the worked examples and training ----
// Rows are strided, so that the same loops read the worked examples' separate q, k, v and the
// training path's packed [q | k | v] rows. keep(i, j): query i may read key j.

// s_ij = scale q_i . k_j;  a_i = softmax of s_i over the kept j;  y_i = sum_j a_ij v_j.
// scores (Tq, Tk) receives every s_ij, masked or not; null keeps only the kept ones, in
// weights. Returns the first query that may read no key, or Tq when every query may read one.
template <class T, class Keep>
std::size_t attention_head_forward(T* y, std::size_t ys,   // (Tq, dv)
                                   T* scores, T* weights,  // (Tq, Tk) each
                                   const T* q, std::size_t qs, const T* k, std::size_t ks, const T* v, std::size_t vs,
                                   std::size_t Tq, std::size_t Tk, std::size_t dk, std::size_t dv, T scale, Keep keep) {
    for (std::size_t i = 0; i < Tq; ++i) {
        T* s = (scores ? scores : weights) + i * Tk;
        for (std::size_t j = 0; j < Tk; ++j) {
            if (!scores && !keep(i, j)) continue;
            T dot = 0;
            for (std::size_t c = 0; c < dk; ++c) dot += q[i * qs + c] * k[j * ks + c];
            s[j] = dot * scale;
        }
        T* a = weights + i * Tk;
        if (!softmax_row_where(
                s, [&](std::size_t j) { return keep(i, j); }, a, Tk))
            return i;
        T* yi = y + i * ys;
        for (std::size_t c = 0; c < dv; ++c) yi[c] = 0;
        for (std::size_t j = 0; j < Tk; ++j) {
            if (a[j] == 0) continue;
            for (std::size_t c = 0; c < dv; ++c) yi[c] += a[j] * v[j * vs + c];
        }
    }
    return Tq;
}

// forward: y_i = sum_j a_ij v_j,  a_i = softmax(s_i),  s_ij = scale q_i . k_j. Adds into dq, dk,
// dv (strided as q, k, v); scratch holds 2 Tk numbers.
//   dv_j += a_ij dy_i;  da_ij = dy_i . v_j;  ds_i = softmax_row_backward(da_i);
//   dq_i += scale sum_j ds_ij k_j;  dk_j += scale ds_ij q_i
template <class T>
void attention_head_backward(T* dq, T* dk, T* dv, const T* dy, std::size_t ys,  // (Tq, dv)
                             const T* weights,                                  // (Tq, Tk)
                             const T* q, std::size_t qs, const T* k, std::size_t ks, const T* v, std::size_t vs,
                             std::size_t Tq, std::size_t Tk, std::size_t dk_width, std::size_t dv_width, T scale,
                             T* scratch) {
    T* da = scratch;
    T* ds = scratch + Tk;
    for (std::size_t i = 0; i < Tq; ++i) {
        const T* a = weights + i * Tk;
        const T* dyi = dy + i * ys;
        for (std::size_t j = 0; j < Tk; ++j) {
            da[j] = 0;
            if (a[j] == 0) continue;  // a masked key: no value read, no gradient
            for (std::size_t c = 0; c < dv_width; ++c) {
                da[j] += dyi[c] * v[j * vs + c];
                dv[j * vs + c] += a[j] * dyi[c];
            }
        }
        softmax_row_backward(ds, da, a, Tk);
        for (std::size_t j = 0; j < Tk; ++j) {
            if (a[j] == 0) continue;
            const T g = ds[j] * scale;
            for (std::size_t c = 0; c < dk_width; ++c) {
                dq[i * qs + c] += g * k[j * ks + c];
                dk[j * ks + c] += g * q[i * qs + c];
            }
        }
    }
}

// ---- the worked examples' entry, on xtensor ----

// The keep-matrix (Tq, Tk) that `options` describe, after checking its shape.
BoolMatrix attention_keep(std::size_t Tq, std::size_t Tk, const AttentionOptions& options, const std::string& fn);

AttentionResult attention_forward(const Tensor3& q,  // (B, Tq, dk)
                                  const Tensor3& k,  // (B, Tk, dk)
                                  const Tensor3& v,  // (B, Tk, dv)
                                  const AttentionOptions& options, const std::string& fn = "attention");

}  // namespace lab
