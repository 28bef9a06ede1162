// norm.hpp and ffn.hpp: LayerNorm across one token's features, RMSNorm, activations, FFN.
#include <xtensor/xview.hpp>

#include "fixtures.hpp"
#include "lab/ffn.hpp"
#include "lab/norm.hpp"

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
                        "layerNorm: gamma has 2 entries but x has 3 features");
    REQUIRE_THROWS_WITH(rmsnorm_forward(Tensor2{{1, 2}}, Tensor1{1, 1}, -1.0), Catch::Contains("eps must be"));
}

TEST_CASE("activations: ReLU, exact GELU (default), GELU tanh, SiLU") {
    REQUIRE(activate(-2.0, Activation::relu) == 0.0);
    REQUIRE(activate(1.5, Activation::relu) == 1.5);
    REQUIRE_THAT(activate(1.0, Activation::gelu), near(0.8413447460685429, 1e-15));   // Phi(1)
    REQUIRE_THAT(activate(-1.0, Activation::gelu), near(-0.15865525393145707, 1e-14));
    REQUIRE_THAT(activate(1.0, Activation::gelu_tanh), near(0.8411919906082768, 1e-14));
    REQUIRE_THAT(activate(1.0, Activation::silu), near(0.7310585786300049, 1e-15));   // sigmoid(1)
    REQUIRE(FfnOptions{}.activation == Activation::gelu);
    REQUIRE_THROWS_WITH(parse_activation("tanh", "feedForward"),
                        "feedForward: activation must be 'relu', 'gelu', 'gelu_tanh' or 'silu', got 'tanh'");
}

TEST_CASE("§5 the FFN acts on each position on its own: §7.4's FFN(U) = U / 2") {
    FfnParams p;
    p.w1 = Tensor2{{1, 0}, {0, 1}};
    p.w2 = Tensor2{{0.5, 0}, {0, 0.5}};
    FfnOptions o;
    o.activation = Activation::relu;
    const Tensor2 U{{2, 0}, {0.5, 1.5}, {1.8, 1.6}};
    const FfnResult r = ffn_forward(U, p, o);
    require_all_near(r.output, {1, 0, 0.25, 0.75, 0.9, 0.8});
    SECTION("a negative entry is cut by ReLU") {
        const FfnResult n = ffn_forward(Tensor2{{-1, 2}}, p, o);
        require_all_near(n.output, {0, 1});
    }
}

TEST_CASE("§9.3 the gated FFN is (act(x W1) * (x W_gate)) W2") {
    const Tensor2 x = random_mat(3, 4, 1);
    FfnParams p;
    p.w1 = random_mat(4, 8, 2);
    p.wGate = random_mat(4, 8, 3);
    p.w2 = random_mat(8, 4, 4);
    p.b2 = random_vec(4, 5);
    FfnOptions o;
    o.activation = Activation::silu;
    o.gated = true;
    const FfnResult r = ffn_forward(x, p, o);
    for (std::size_t n = 0; n < 3; ++n)
        for (std::size_t d = 0; d < 4; ++d) {
            double want = (*p.b2)(d);
            for (std::size_t f = 0; f < 8; ++f) {
                double a = 0, g = 0;
                for (std::size_t c = 0; c < 4; ++c) {
                    a += x(n, c) * p.w1(c, f);
                    g += x(n, c) * (*p.wGate)(c, f);
                }
                want += activate(a, Activation::silu) * g * p.w2(f, d);
            }
            REQUIRE_THAT(r.output(n, d), near(want, 1e-12, 1e-14));
        }
    SECTION("gated without wGate is refused") {
        p.wGate.reset();
        REQUIRE_THROWS_WITH(ffn_forward(x, p, o), "feedForward: gated: true needs wGate [D][F]");
    }
}
