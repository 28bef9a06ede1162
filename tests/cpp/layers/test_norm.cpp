// norm.hpp: LayerNorm across one token's features (§5), RMSNorm (§9.3).
#include <xtensor/xview.hpp>

#include "fixtures.hpp"
#include "lab/layers/norm.hpp"

using namespace lab;
using namespace fixtures;

TEST_CASE("§5 LayerNorm normalises across the features of one token, with the biased variance") {
    const Tensor2 x{{1, 2, 3}, {10, -10, 4}};
    const Tensor1 ones = xt::ones<double>({3}), zeros = xt::zeros<double>({3});
    const Tensor2 y = layernorm_forward(x, ones, zeros);
    SECTION("row [1, 2, 3]: mean 2, variance 2/3") {
        const double s = std::sqrt(2.0 / 3.0 + 1e-5);
        require_all_near(xt::eval(xt::row(y, 0)), {-1 / s, 0, 1 / s});
    }
    SECTION("each row has mean 0 on its own (not across positions)") {
        for (std::size_t r = 0; r < 2; ++r) REQUIRE_THAT(xt::sum(xt::row(y, r))(), near(0.0, 1e-12, 1e-12));
    }
    SECTION("changing one token does not change another token's output") {
        Tensor2 x2 = x;
        x2(1, 0) = 1000;
        const Tensor2 y2 = layernorm_forward(x2, ones, zeros);
        for (std::size_t c = 0; c < 3; ++c) REQUIRE(y2(0, c) == y(0, c));
    }
    SECTION("gamma scales and beta shifts each feature") {
        const Tensor2 g = layernorm_forward(x, Tensor1{2, 2, 2}, Tensor1{1, 1, 1});
        for (std::size_t c = 0; c < 3; ++c) REQUIRE_THAT(g(0, c), near(2 * y(0, c) + 1));
    }
}

TEST_CASE("RMSNorm divides by the root mean square, without subtracting the mean") {
    const Tensor2 y = rmsnorm_forward(Tensor2{{3, 4}}, Tensor1{1, 2});
    const double rms = std::sqrt((9.0 + 16.0) / 2.0 + 1e-5);
    require_all_near(y, {3 / rms, 2 * 4 / rms});
}

TEST_CASE("norms refuse parameters of the wrong width") {
    REQUIRE_THROWS_WITH(layernorm_forward(Tensor2{{1, 2, 3}}, Tensor1{1, 1}, Tensor1{0, 0, 0}),
                        "layerNorm: norm.gainSize {name: \"gamma\", n: 2, D: 3}");
    REQUIRE_THROWS_WITH(rmsnorm_forward(Tensor2{{1, 2}}, Tensor1{1, 1}, -1.0),
                        Catch::Contains("norm.epsZero {got: -1}"));
}

TEST_CASE("§5 norm_row_backward: LayerNorm and RMSNorm rows against finite differences") {
    const NormKind kind = GENERATE(NormKind::layer, NormKind::rms);
    const std::vector<double> x = {0.4, -1.3, 2.2, 0.1, -0.6}, gamma = {1.5, 0.5, -1.0, 2.0, 0.8},
                              beta = {0.1, 0.2, 0.3, 0.4, 0.5}, dy = {0.3, -0.8, 1.1, 0.25, -0.4};
    const double* b = kind == NormKind::layer ? beta.data() : nullptr;
    const auto loss = [&](const std::vector<double>& in, const std::vector<double>& g) {
        std::vector<double> y(5);
        double mean, rstd;
        norm_row_forward(kind, y.data(), mean, rstd, in.data(), g.data(), b, 5, 1e-5);
        double l = 0;
        for (std::size_t i = 0; i < 5; ++i) l += dy[i] * y[i];
        return l;
    };
    std::vector<double> y(5), dx(5, 0.0), dgamma(5, 0.0), dbeta(5, 0.0);
    double mean, rstd;
    norm_row_forward(kind, y.data(), mean, rstd, x.data(), gamma.data(), b, 5, 1e-5);
    norm_row_backward(kind, dx.data(), dgamma.data(), kind == NormKind::layer ? dbeta.data() : nullptr, dy.data(),
                      x.data(), mean, rstd, gamma.data(), 5);
    constexpr double h = 1e-6;
    for (std::size_t i = 0; i < 5; ++i) {
        auto up = x, down = x, gu = gamma, gd = gamma;
        up[i] += h, down[i] -= h, gu[i] += h, gd[i] -= h;
        CAPTURE(name_of(kind), i);
        REQUIRE_THAT(dx[i], near((loss(up, gamma) - loss(down, gamma)) / (2 * h), 1e-6, 1e-9));
        REQUIRE_THAT(dgamma[i], near((loss(x, gu) - loss(x, gd)) / (2 * h), 1e-6, 1e-9));
        if (kind == NormKind::layer) REQUIRE_THAT(dbeta[i], near(dy[i], 1e-12));
    }
}
