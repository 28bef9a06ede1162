// The engine's one matrix product, where it spends its time: the worked examples' layers call it
// in double, training in float32 (and in double for the gradient checks of the same code).
#pragma once

#include <cstddef>

namespace lab {

// out (M, N) = a (M, K) @ b (K, N) + bias (N), or out += a @ b when `accumulate` (then bias must
// be null). Row-major, contiguous, non-overlapping.
template <class T>
void gemm(T* out, const T* a, const T* b, const T* bias, std::size_t M, std::size_t K, std::size_t N, bool accumulate);

// The same with b given transposed: out (M, N) = a (M, K) @ bt^T + bias for bt (N, K), as a tied
// head multiplies by E^T with E (V, D) as it is stored, and a backward pass by W^T.
template <class T>
void gemm_bt(T* out, const T* a, const T* bt, const T* bias, std::size_t M, std::size_t K, std::size_t N,
             bool accumulate);

// out (C, R) = in (R, C) transposed: the backward products are written as forward ones on
// transposed operands, so that one kernel does all the work.
template <class T>
void transpose(T* out, const T* in, std::size_t R, std::size_t C);

}  // namespace lab
