#include "lab/core/gemm.hpp"

#include <algorithm>
#include <type_traits>

namespace lab {

namespace {
// The register tile: kRows rows of `out` by kCols columns stay in registers while k runs over
// the whole inner dimension, so each row of `b` loaded is used kRows times and each entry of
// `a` kCols times. Measured on the twelve products of one training step of the reference model
// (the project's wasm flags): 4 x 8 took 11.2 ms, 8 x 8 6.9, 4 x 16 6.6, 8 x 16 7.1; natively
// 8 x 8 ran at 17 GFLOP/s and 8 x 16 at 13, so 8 x 8 serves both builds.
constexpr std::size_t kRows = 8, kCols = 8;
}  // namespace

template <class T>
void gemm(T* __restrict out, const T* __restrict a, const T* __restrict b, const T* __restrict bias, std::size_t M,
          std::size_t K, std::size_t N, bool accumulate) {
    const auto start = [&](std::size_t m, std::size_t n) {
        return accumulate ? out[m * N + n] : (bias ? bias[n] : T(0));
    };
#ifndef __EMSCRIPTEN__
    // Natively, g++ vectorises double's register tile worse than a loop that streams whole rows
    // of b into a row of out (the reference lmForward took 57 ms tiled, 48 ms streamed); in wasm
    // the tile wins (53 ms against 65). Both add each output in the same order, k = 0, 1, ...
    if constexpr (std::is_same_v<T, double>) {
        for (std::size_t m = 0; m < M; ++m) {
            T* row = out + m * N;
            for (std::size_t n = 0; n < N; ++n) row[n] = start(m, n);
            for (std::size_t k = 0; k < K; ++k) {
                const T av = a[m * K + k];
                const T* brow = b + k * N;
                for (std::size_t n = 0; n < N; ++n) row[n] += av * brow[n];
            }
        }
        return;
    }
#endif
    std::size_t m = 0;
    for (; m + kRows <= M; m += kRows) {
        std::size_t n = 0;
        for (; n + kCols <= N; n += kCols) {
            T c[kRows][kCols];
            for (std::size_t i = 0; i < kRows; ++i)
                for (std::size_t j = 0; j < kCols; ++j) c[i][j] = start(m + i, n + j);
            for (std::size_t k = 0; k < K; ++k) {
                const T* brow = b + k * N + n;
                for (std::size_t i = 0; i < kRows; ++i) {
                    const T av = a[(m + i) * K + k];
                    for (std::size_t j = 0; j < kCols; ++j) c[i][j] += av * brow[j];
                }
            }
            for (std::size_t i = 0; i < kRows; ++i)
                for (std::size_t j = 0; j < kCols; ++j) out[(m + i) * N + n + j] = c[i][j];
        }
        for (; n < N; ++n)  // the columns left over from the tiles
            for (std::size_t i = 0; i < kRows; ++i) {
                T s = start(m + i, n);
                for (std::size_t k = 0; k < K; ++k) s += a[(m + i) * K + k] * b[k * N + n];
                out[(m + i) * N + n] = s;
            }
    }
    for (; m < M; ++m)  // the rows left over from the tiles
        for (std::size_t n = 0; n < N; ++n) {
            T s = start(m, n);
            for (std::size_t k = 0; k < K; ++k) s += a[m * K + k] * b[k * N + n];
            out[m * N + n] = s;
        }
}

template <class T>
void transpose(T* __restrict out, const T* __restrict in, std::size_t R, std::size_t C) {
    // In square blocks, so that reads and writes both stay within a few cache lines at a time
    // (row by row, every write of a 1024-row matrix landed on a different page: 10 % of a step).
    constexpr std::size_t kBlock = 16;
    for (std::size_t r0 = 0; r0 < R; r0 += kBlock)
        for (std::size_t c0 = 0; c0 < C; c0 += kBlock) {
            const std::size_t r1 = std::min(R, r0 + kBlock), c1 = std::min(C, c0 + kBlock);
            for (std::size_t r = r0; r < r1; ++r)
                for (std::size_t c = c0; c < c1; ++c) out[c * R + r] = in[r * C + c];
        }
}

template void gemm(float*, const float*, const float*, const float*, std::size_t, std::size_t, std::size_t, bool);
template void gemm(double*, const double*, const double*, const double*, std::size_t, std::size_t, std::size_t, bool);
template void transpose(float*, const float*, std::size_t, std::size_t);
template void transpose(double*, const double*, std::size_t, std::size_t);

}  // namespace lab
