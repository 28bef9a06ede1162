// The engine's one matrix product, where it spends its time: the worked examples' layers call it
// in double, training in float32 (and in double for the gradient checks of the same code).
#pragma once

#include <cstddef>
#include <vector>

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

// b (K, N), or bt (N, K) when `transposed`, laid out as the product's panels: ceil(N / 8) of
// them, each (K, 8) k-major, the last padded with zeros. A matrix multiplied by one row at a
// time, again and again (a tied head, token after token), is packed once instead of being read
// across its rows on every call.
template <class T>
void pack_panels(std::vector<T>& panels, const T* b, std::size_t K, std::size_t N, bool transposed);
// out (M, N) = a (M, K) @ B + bias with B packed by pack_panels: gemm's numbers, bit for bit.
template <class T>
void gemm_packed(T* out, const T* a, const T* panels, const T* bias, std::size_t M, std::size_t K, std::size_t N);

// Where a benchmark's products spend their time, measured inside the pass it runs: while
// `product_clock` points at one, every gemm, gemm_bt and gemm_packed adds its duration to the
// entry of its shape. Null, and so off, everywhere but tests/bench.
struct ProductClock {
    struct Entry {
        std::size_t M = 0, K = 0, N = 0, calls = 0;
        double ms = 0;
    };
    std::vector<Entry> shapes;  // in the order first met
    void add(std::size_t M, std::size_t K, std::size_t N, double ms);
};
extern ProductClock* product_clock;

// out (C, R) = in (R, C) transposed: the backward products are written as forward ones on
// transposed operands, so that one kernel does all the work.
template <class T>
void transpose(T* out, const T* in, std::size_t R, std::size_t C);

}  // namespace lab
