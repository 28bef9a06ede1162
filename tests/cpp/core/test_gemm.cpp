// core/gemm.hpp: the tiled product against the plain triple loop, on shapes that fill the
// register tiles exactly and shapes that leave rows and columns over; in double it adds in the
// loop's own order, so it agrees exactly.
#include "fixtures.hpp"
#include "lab/core/gemm.hpp"

using namespace lab;
using namespace fixtures;

namespace {
// n numbers uniform in [-1, 1), in the product's number type.
template <class T>
std::vector<T> uniform_values(std::size_t n, Pcg32& rng) {
    std::vector<T> v(n);
    for (T& x : v) x = T(2 * rng.uniform() - 1);
    return v;
}
}  // namespace

TEST_CASE("float32 gemm: out = a b + bias, and out += a b, match the triple loop on every tile remainder") {
    const auto [M, K, N] = GENERATE(table<std::size_t, std::size_t, std::size_t>(
        {{1, 1, 1}, {8, 8, 8}, {16, 64, 256}, {9, 5, 17}, {7, 3, 65}, {65, 33, 64}, {3, 10, 2}}));
    const bool accumulate = GENERATE(false, true);
    CAPTURE(M, K, N, accumulate);
    Pcg32 rng(M * 131 + K * 17 + N);
    const auto fill = [&](std::size_t n) { return uniform_values<float>(n, rng); };
    const std::vector<float> a = fill(M * K), b = fill(K * N), bias = fill(N), start = fill(M * N);
    std::vector<float> out = start;
    gemm(out.data(), a.data(), b.data(), accumulate ? nullptr : bias.data(), M, K, N, accumulate);
    for (std::size_t m = 0; m < M; ++m)
        for (std::size_t n = 0; n < N; ++n) {
            double want = accumulate ? start[m * N + n] : bias[n];
            for (std::size_t k = 0; k < K; ++k) want += double(a[m * K + k]) * double(b[k * N + n]);
            CAPTURE(m, n);
            REQUIRE_THAT(double(out[m * N + n]), near(want, 1e-5, 1e-5));
        }
}

TEST_CASE("float32 transpose: out[c][r] = in[r][c]") {
    const std::vector<float> in = {1, 2, 3, 4, 5, 6};  // (2, 3)
    std::vector<float> out(6);
    transpose(out.data(), in.data(), 2, 3);
    REQUIRE(out == std::vector<float>{1, 4, 2, 5, 3, 6});
}

TEST_CASE("double gemm adds in the triple loop's order: the worked examples' products are exact to the loop") {
    const auto [M, K, N] =
        GENERATE(table<std::size_t, std::size_t, std::size_t>({{9, 5, 17}, {16, 64, 24}, {3, 10, 2}}));
    Pcg32 rng(M + K + N);
    std::vector<double> a(M * K), b(K * N), bias(N), out(M * N);
    for (auto* v : {&a, &b, &bias})
        for (double& x : *v) x = 2 * rng.uniform() - 1;
    gemm(out.data(), a.data(), b.data(), bias.data(), M, K, N, false);
    for (std::size_t m = 0; m < M; ++m)
        for (std::size_t n = 0; n < N; ++n) {
            double want = bias[n];
            for (std::size_t k = 0; k < K; ++k) want += a[m * K + k] * b[k * N + n];
            CAPTURE(M, K, N, m, n);
            REQUIRE(out[m * N + n] == want);
        }
}

// Cached decoding multiplies one row at a time by a matrix that a whole forward multiplies by
// many rows: every way of computing a row (a tile, a leftover row, a few rows streamed, b read
// transposed, b packed beforehand) must give that row's numbers bit for bit.
TEMPLATE_TEST_CASE("every product path gives a row the same numbers as the whole product, bit for bit", "", float,
                   double) {
    const auto [M, K, N] = GENERATE(table<std::size_t, std::size_t, std::size_t>(
        {{1, 1, 1}, {8, 8, 8}, {16, 64, 256}, {9, 5, 17}, {7, 3, 65}, {65, 33, 64}, {3, 10, 2}, {12, 40, 83}}));
    const bool with_bias = GENERATE(false, true);
    CAPTURE(M, K, N, with_bias);
    Pcg32 rng(M * 7 + K * 3 + N);
    const auto fill = [&](std::size_t n) { return uniform_values<TestType>(n, rng); };
    const std::vector<TestType> a = fill(M * K), b = fill(K * N), bias_values = fill(N);
    const TestType* bias = with_bias ? bias_values.data() : nullptr;
    std::vector<TestType> bt(N * K);
    transpose(bt.data(), b.data(), K, N);

    std::vector<TestType> whole(M * N), transposed(M * N), packed(M * N), from_bt(M * N);
    gemm(whole.data(), a.data(), b.data(), bias, M, K, N, false);
    gemm_bt(transposed.data(), a.data(), bt.data(), bias, M, K, N, false);
    REQUIRE(transposed == whole);
    std::vector<TestType> panels, panels_bt;
    pack_panels(panels, b.data(), K, N, false);
    pack_panels(panels_bt, bt.data(), K, N, true);
    REQUIRE(panels == panels_bt);
    gemm_packed(packed.data(), a.data(), panels.data(), bias, M, K, N);
    REQUIRE(packed == whole);
    for (std::size_t m = 0; m < M; ++m) {  // each row alone, as a cached token computes it
        CAPTURE(m);
        std::vector<TestType> row(N), row_bt(N), row_packed(N);
        gemm(row.data(), a.data() + m * K, b.data(), bias, 1, K, N, false);
        gemm_bt(row_bt.data(), a.data() + m * K, bt.data(), bias, 1, K, N, false);
        gemm_packed(row_packed.data(), a.data() + m * K, panels.data(), bias, 1, K, N);
        const std::vector<TestType> want(whole.begin() + std::ptrdiff_t(m * N),
                                         whole.begin() + std::ptrdiff_t((m + 1) * N));
        REQUIRE(row == want);
        REQUIRE(row_bt == want);
        REQUIRE(row_packed == want);
    }
}

TEST_CASE("a product clock, while set, counts each product by shape") {
    ProductClock clock;
    product_clock = &clock;
    std::vector<float> a(6, 1), b(12, 1), out(8);
    gemm<float>(out.data(), a.data(), b.data(), nullptr, 2, 3, 4, false);
    gemm<float>(out.data(), a.data(), b.data(), nullptr, 2, 3, 4, false);
    gemm_bt<float>(out.data(), a.data(), b.data(), nullptr, 2, 3, 4, false);
    product_clock = nullptr;
    gemm<float>(out.data(), a.data(), b.data(), nullptr, 2, 3, 4, false);
    REQUIRE(clock.shapes.size() == 1);
    REQUIRE(clock.shapes[0].calls == 3);
    REQUIRE((clock.shapes[0].M == 2 && clock.shapes[0].K == 3 && clock.shapes[0].N == 4));
    REQUIRE(clock.shapes[0].ms >= 0);
}
