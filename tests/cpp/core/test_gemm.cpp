// core/gemm.hpp: the tiled product against the plain triple loop, on shapes that fill the
// register tiles exactly and shapes that leave rows and columns over; in double it adds in the
// loop's own order, so it agrees exactly.
#include "fixtures.hpp"
#include "lab/core/gemm.hpp"

using namespace lab;
using namespace fixtures;

TEST_CASE("float32 gemm: out = a b + bias, and out += a b, match the triple loop on every tile remainder") {
    const auto [M, K, N] = GENERATE(table<std::size_t, std::size_t, std::size_t>(
        {{1, 1, 1}, {8, 8, 8}, {16, 64, 256}, {9, 5, 17}, {7, 3, 65}, {65, 33, 64}, {3, 10, 2}}));
    const bool accumulate = GENERATE(false, true);
    CAPTURE(M, K, N, accumulate);
    Pcg32 rng(M * 131 + K * 17 + N);
    const auto fill = [&](std::size_t n) {
        std::vector<float> v(n);
        for (float& x : v) x = float(2 * rng.uniform() - 1);
        return v;
    };
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
