// The float32 path's matrix product, where training spends most of its time.
#pragma once

#include <cstddef>

namespace lab::f32 {

// out (M, N) = a (M, K) @ b (K, N) + bias (N), or out += a @ b when `accumulate` (then bias must
// be null). Row-major, contiguous, non-overlapping.
void gemm(float* out, const float* a, const float* b, const float* bias, std::size_t M, std::size_t K, std::size_t N,
          bool accumulate);

// out (C, R) = in (R, C) transposed: the backward products are written as forward ones on
// transposed operands, so that one kernel does all the work.
void transpose(float* out, const float* in, std::size_t R, std::size_t C);

}  // namespace lab::f32
