// ffn.hpp: the activations and the position-wise FFN, plain (§5) and gated (§9.3).
#include "fixtures.hpp"
#include "lab/layers/ffn.hpp"

using namespace lab;
using namespace fixtures;

TEST_CASE("activations: ReLU, exact GELU (default), GELU tanh, SiLU") {
    REQUIRE(activate(-2.0, Activation::relu) == 0.0);
    REQUIRE(activate(1.5, Activation::relu) == 1.5);
    REQUIRE_THAT(activate(1.0, Activation::gelu), near(0.8413447460685429, 1e-15));  // Phi(1)
    REQUIRE_THAT(activate(-1.0, Activation::gelu), near(-0.15865525393145707, 1e-14));
    REQUIRE_THAT(activate(1.0, Activation::gelu_tanh), near(0.8411919906082768, 1e-14));
    REQUIRE_THAT(activate(1.0, Activation::silu), near(0.7310585786300049, 1e-15));  // sigmoid(1)
    REQUIRE(FfnOptions{}.activation == Activation::gelu);
    REQUIRE_THROWS_WITH(parse_name<Activation>("tanh", "feedForward"),
                        "feedForward: option.choice {what: \"activation\", choices: [\"relu\", \"gelu\", "
                        "\"gelu_tanh\", \"silu\"], got: \"tanh\"}");
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
        REQUIRE_THROWS_WITH(ffn_forward(x, p, o), "feedForward: ffn.gatedNeedsGate {}");
    }
}

TEST_CASE("§5 activate_grad is the derivative of activate, for every activation, in double and float") {
    const Activation a = GENERATE(Activation::relu, Activation::gelu, Activation::gelu_tanh, Activation::silu);
    for (double x : {-3.0, -0.7, -0.1, 0.2, 0.9, 2.5}) {
        constexpr double h = 1e-6;
        const double fd = (activate(x + h, a) - activate(x - h, a)) / (2 * h);
        CAPTURE(name_of(a), x);
        REQUIRE_THAT(activate_grad(x, a), near(fd, 1e-7, 1e-9));
        REQUIRE_THAT(double(activate_grad(float(x), a)), near(fd, 1e-5, 1e-6));
        REQUIRE_THAT(double(activate(float(x), a)), near(activate(x, a), 1e-6, 1e-7));
    }
}
