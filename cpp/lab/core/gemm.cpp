#include "lab/core/gemm.hpp"

#include <algorithm>
#include <chrono>
#include <type_traits>
#include <vector>

namespace lab {

namespace {
// The register tile: kRows rows of `out` by kCols columns stay in registers while k runs over
// the whole inner dimension, so each row of `b` loaded is used kRows times and each entry of
// `a` kCols times. Measured on the twelve products of one training step of the reference model
// (the project's wasm flags): 4 x 8 took 11.2 ms, 8 x 8 6.9, 4 x 16 6.6, 8 x 16 7.1; natively
// 8 x 8 ran at 17 GFLOP/s and 8 x 16 at 13, so 8 x 8 serves both builds.
constexpr std::size_t kRows = 8, kCols = 8;

// Natively, g++ vectorises double's register tile worse than a loop that streams whole rows of b
// into a row of out (the reference lmForward took 57 ms tiled, 48 ms streamed); in wasm the tile
// wins (53 ms against 65). Both add each output in the same order, k = 0, 1, ...
#ifdef __EMSCRIPTEN__
template <class T>
constexpr bool kStreamRows = false;
#else
template <class T>
constexpr bool kStreamRows = std::is_same_v<T, double>;
#endif

// Where the panel of kCols columns of b starting at column n is copied to, k-major (K, kCols), so
// that the tiles below read it as consecutive memory. Read from b (K, N) row-major, b's rows are
// N apart (a vocabulary head's are 200 kB apart: every k a new page); read from bt (N, K), the
// transposed operand, it is kCols rows read along their length. Either way, once per panel, and
// then every row of a uses it.
template <class T, bool kTransposed>
void pack_panel(T* __restrict panel, const T* __restrict b, std::size_t n, std::size_t K, std::size_t N) {
    for (std::size_t k = 0; k < K; ++k)
        for (std::size_t j = 0; j < kCols; ++j)
            panel[k * kCols + j] = kTransposed ? b[(n + j) * K + k] : b[k * N + n + j];
}

// out (M, N) = a (M, K) @ B + bias, where B is b (K, N) or, when kTransposed, bt^T for bt (N, K).
// Every output adds its terms in the order k = 0, 1, ..., K - 1 after its bias (or the value it
// accumulates onto), whichever loop computes it: so a row gives the same numbers bit for bit
// alone (a cached token) as inside a batch (a whole forward).
// Always inlined into its callers: compiled as a function of its own (once it had two callers),
// its loops ran three times slower in wasm (a GPT-2-sized forward took 1,850 ms instead of 620).
template <class T, bool kTransposed>
__attribute__((always_inline)) inline void product(T* __restrict out, const T* __restrict a, const T* __restrict b,
                                                   const T* __restrict bias, std::size_t M, std::size_t K,
                                                   std::size_t N, bool accumulate) {
    const auto start = [&](std::size_t m, std::size_t n) {
        return accumulate ? out[m * N + n] : (bias ? bias[n] : T(0));
    };
    const auto b_at = [&](std::size_t k, std::size_t n) { return kTransposed ? b[n * K + k] : b[k * N + n]; };
    // A few rows (one new token's in cached decoding, where this is the whole cost): each row of
    // b streams once into the row of out, contiguous and vectorised, and the weights are read
    // exactly once, as fast as memory delivers them.
    if (!kTransposed && (M < kRows || kStreamRows<T>)) {
        for (std::size_t m = 0; m < M; ++m) {
            T* __restrict row = out + m * N;
            for (std::size_t n = 0; n < N; ++n) row[n] = start(m, n);
            for (std::size_t k = 0; k < K; ++k) {
                const T av = a[m * K + k];
                const T* __restrict brow = b + k * N;
                for (std::size_t n = 0; n < N; ++n) row[n] += av * brow[n];
            }
        }
        return;
    }
    // A few rows on bt: kCols of its rows at a time, each read along its length, their sums side
    // by side (independent, so they overlap in the pipeline). Packing would copy every weight to
    // use it once.
    if (kTransposed && M < kRows) {
        std::size_t n = 0;
        for (; n + kCols <= N; n += kCols)
            for (std::size_t m = 0; m < M; ++m) {
                T c[kCols];
                for (std::size_t j = 0; j < kCols; ++j) c[j] = start(m, n + j);
                for (std::size_t k = 0; k < K; ++k)
                    for (std::size_t j = 0; j < kCols; ++j) c[j] += a[m * K + k] * b[(n + j) * K + k];
                for (std::size_t j = 0; j < kCols; ++j) out[m * N + n + j] = c[j];
            }
        for (; n < N; ++n)
            for (std::size_t m = 0; m < M; ++m) {
                T s = start(m, n);
                for (std::size_t k = 0; k < K; ++k) s += a[m * K + k] * b[n * K + k];
                out[m * N + n] = s;
            }
        return;
    }
    thread_local std::vector<T> panel;
    if (panel.size() < K * kCols) panel.resize(K * kCols);
    T* __restrict p = panel.data();
    std::size_t n = 0;
    for (; n + kCols <= N; n += kCols) {
        pack_panel<T, kTransposed>(p, b, n, K, N);
        std::size_t m = 0;
        for (; m + kRows <= M; m += kRows) {
            T c[kRows][kCols];
            for (std::size_t i = 0; i < kRows; ++i)
                for (std::size_t j = 0; j < kCols; ++j) c[i][j] = start(m + i, n + j);
            for (std::size_t k = 0; k < K; ++k) {
                const T* prow = p + k * kCols;
                for (std::size_t i = 0; i < kRows; ++i) {
                    const T av = a[(m + i) * K + k];
                    for (std::size_t j = 0; j < kCols; ++j) c[i][j] += av * prow[j];
                }
            }
            for (std::size_t i = 0; i < kRows; ++i)
                for (std::size_t j = 0; j < kCols; ++j) out[(m + i) * N + n + j] = c[i][j];
        }
        for (; m < M; ++m) {  // the rows left over from the tiles, one at a time on the same panel
            T c[kCols];
            for (std::size_t j = 0; j < kCols; ++j) c[j] = start(m, n + j);
            for (std::size_t k = 0; k < K; ++k) {
                const T av = a[m * K + k];
                for (std::size_t j = 0; j < kCols; ++j) c[j] += av * p[k * kCols + j];
            }
            for (std::size_t j = 0; j < kCols; ++j) out[m * N + n + j] = c[j];
        }
    }
    for (; n < N; ++n)  // the columns left over from the panels
        for (std::size_t m = 0; m < M; ++m) {
            T s = start(m, n);
            for (std::size_t k = 0; k < K; ++k) s += a[m * K + k] * b_at(k, n);
            out[m * N + n] = s;
        }
}
}  // namespace

template <class T>
void pack_panels(std::vector<T>& panels, const T* b, std::size_t K, std::size_t N, bool transposed) {
    const std::size_t count = (N + kCols - 1) / kCols;
    panels.assign(count * K * kCols, T(0));
    for (std::size_t p = 0; p < count; ++p) {
        T* panel = panels.data() + p * K * kCols;
        const std::size_t n = p * kCols, width = std::min(kCols, N - n);
        for (std::size_t k = 0; k < K; ++k)
            for (std::size_t j = 0; j < width; ++j)
                panel[k * kCols + j] = transposed ? b[(n + j) * K + k] : b[k * N + n + j];
    }
}

namespace {
template <class T>
__attribute__((always_inline)) inline void packed_product(T* __restrict out, const T* __restrict a,
                                                          const T* __restrict panels, const T* __restrict bias,
                                                          std::size_t M, std::size_t K, std::size_t N) {
    for (std::size_t n = 0; n < N; n += kCols) {
        const T* __restrict panel = panels + (n / kCols) * K * kCols;
        const std::size_t width = std::min(kCols, N - n);
        for (std::size_t m = 0; m < M; ++m) {
            T c[kCols];
            for (std::size_t j = 0; j < kCols; ++j) c[j] = bias && j < width ? bias[n + j] : T(0);
            for (std::size_t k = 0; k < K; ++k) {
                const T av = a[m * K + k];
                for (std::size_t j = 0; j < kCols; ++j) c[j] += av * panel[k * kCols + j];
            }
            for (std::size_t j = 0; j < width; ++j) out[m * N + n + j] = c[j];
        }
    }
}

template <class T>
__attribute__((noinline)) void clocked_packed_product(T* out, const T* a, const T* panels, const T* bias, std::size_t M,
                                                      std::size_t K, std::size_t N) {
    const auto t0 = std::chrono::steady_clock::now();
    packed_product(out, a, panels, bias, M, K, N);
    product_clock->add(M, K, N,
                       std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
}
}  // namespace

template <class T>
void gemm_packed(T* out, const T* a, const T* panels, const T* bias, std::size_t M, std::size_t K, std::size_t N) {
    if (product_clock) return clocked_packed_product(out, a, panels, bias, M, K, N);
    packed_product(out, a, panels, bias, M, K, N);
}

ProductClock* product_clock = nullptr;

void ProductClock::add(std::size_t M, std::size_t K, std::size_t N, double ms) {
    auto it =
        std::find_if(shapes.begin(), shapes.end(), [&](const Entry& e) { return e.M == M && e.K == K && e.N == N; });
    if (it == shapes.end()) it = shapes.insert(shapes.end(), Entry{M, K, N, 0, 0.0});
    ++it->calls;
    it->ms += ms;
}

namespace {
// The product, clocked: a function of its own, so that the unclocked path stays as it was.
template <class T, bool kTransposed>
__attribute__((noinline)) void clocked_product(T* out, const T* a, const T* b, const T* bias, std::size_t M,
                                               std::size_t K, std::size_t N, bool accumulate) {
    const auto t0 = std::chrono::steady_clock::now();
    product<T, kTransposed>(out, a, b, bias, M, K, N, accumulate);
    product_clock->add(M, K, N,
                       std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
}
}  // namespace

template <class T>
void gemm(T* out, const T* a, const T* b, const T* bias, std::size_t M, std::size_t K, std::size_t N, bool accumulate) {
    if (product_clock) return clocked_product<T, false>(out, a, b, bias, M, K, N, accumulate);
    product<T, false>(out, a, b, bias, M, K, N, accumulate);
}

template <class T>
void gemm_bt(T* out, const T* a, const T* bt, const T* bias, std::size_t M, std::size_t K, std::size_t N,
             bool accumulate) {
    if (product_clock) return clocked_product<T, true>(out, a, bt, bias, M, K, N, accumulate);
    product<T, true>(out, a, bt, bias, M, K, N, accumulate);
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
template void gemm_bt(float*, const float*, const float*, const float*, std::size_t, std::size_t, std::size_t, bool);
template void gemm_bt(double*, const double*, const double*, const double*, std::size_t, std::size_t, std::size_t,
                      bool);
template void pack_panels(std::vector<float>&, const float*, std::size_t, std::size_t, bool);
template void pack_panels(std::vector<double>&, const double*, std::size_t, std::size_t, bool);
template void gemm_packed(float*, const float*, const float*, const float*, std::size_t, std::size_t, std::size_t);
template void gemm_packed(double*, const double*, const double*, const double*, std::size_t, std::size_t, std::size_t);
template void transpose(float*, const float*, std::size_t, std::size_t);
template void transpose(double*, const double*, std::size_t, std::size_t);

}  // namespace lab
