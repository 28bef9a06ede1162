// train.hpp: seeded initialisation, the learning-rate schedule, and one optimiser step on the
// training path (in double, so that the step's size can be checked exactly). Training runs
// themselves are test_model.cpp's.
#include "corpus.hpp"
#include "fixtures.hpp"
#include "lab/training/optimizer.hpp"
#include "lab/training/train.hpp"

using namespace lab;
using namespace fixtures;

using corpus::toy_config;

TEST_CASE("initialisation: seeded, GPT-2 scale, norms at identity; a bad configuration is refused") {
    const LmParams a = init_model(toy_config()), b = init_model(toy_config());
    const bool same = a.embedding == b.embedding;  // xtensor's == compares whole tensors
    REQUIRE(same);
    ModelConfig other = toy_config();
    other.seed = 4;
    const bool other_same = init_model(other).embedding == a.embedding;
    REQUIRE_FALSE(other_same);
    const double sd = std::sqrt(xt::mean(xt::square(a.embedding))());
    REQUIRE_THAT(sd, Catch::Matchers::WithinRel(0.02, 0.25));
    const bool identity = a.blocks[0].norm1->gamma == Tensor1(xt::ones<double>({16}));
    REQUIRE(identity);
    other.heads = 3;
    REQUIRE_THROWS_WITH(init_model(other), "createModel: config.divisible {D: 16, heads: 3}");
}

TEST_CASE("lm_layout names and shapes init_model's parameters, in for_each_parameter's order") {
    ModelConfig c = toy_config();
    c.norm = GENERATE(NormKind::layer, NormKind::rms, NormKind::none);
    c.positions = GENERATE(PositionKind::learned, PositionKind::sinusoidal);
    c.bias = GENERATE(true, false);
    c.gated = GENERATE(false, true);
    c.tied = GENERATE(true, false);
    CAPTURE(name_of(c.norm), name_of(c.positions), c.bias, c.gated, c.tied);
    LmParams p = init_model(c);
    std::vector<flat::Slot> visited;
    flat::for_each_parameter(p,
                             [&](const std::string& name, double*, std::size_t, const std::vector<std::size_t>& shape) {
                                 visited.push_back({name, shape});
                             });
    const std::vector<flat::Slot> layout = flat::lm_layout(structure_of(c));
    REQUIRE(layout.size() == visited.size());
    for (std::size_t i = 0; i < layout.size(); ++i) {
        CAPTURE(i, visited[i].name);
        REQUIRE(layout[i].name == visited[i].name);
        REQUIRE(layout[i].shape == visited[i].shape);
    }
}

TEST_CASE("learning-rate schedule: linear warm-up, then cosine decay to a tenth") {
    OptimizerConfig c;
    c.lr = 1.0;
    c.warmup = 10;
    c.total_steps = 110;
    REQUIRE_THAT(scheduled_lr(c, 0), near(0.1));
    REQUIRE_THAT(scheduled_lr(c, 9), near(1.0));
    REQUIRE_THAT(scheduled_lr(c, 60), near(0.1 + 0.9 * 0.5));
    REQUIRE_THAT(scheduled_lr(c, 110), near(0.1));
}

TEST_CASE("one optimiser step moves each parameter against its gradient; clipping bounds the step") {
    const auto kind = GENERATE(OptimizerKind::sgd, OptimizerKind::adamw);
    Pcg32 rng(7);
    const TokenMatrix batch = corpus::batch(corpus::toy_grammar(50, 1), 4, 8, rng);
    std::vector<int> inputs, targets;
    teacher_forcing_split(batch, inputs, targets);
    flat::Lm<double> lm(structure_of(toy_config()), init_model(toy_config()));
    const auto loss = [&] { return lm.forward(inputs.data(), targets.data(), 4, 8); };
    OptimizerConfig c;
    c.kind = kind;
    c.lr = kind == OptimizerKind::sgd ? 0.5 : 1e-3;
    const double before = loss();
    lm.backward();
    flat::Optimizer<double>(c).step(lm, flat::gradient_norm(lm.grads()));
    REQUIRE(loss() < before);
    SECTION("clipping by global norm") {
        lm.backward();
        const std::vector<double> w0 = lm.weights();
        OptimizerConfig clipped;
        clipped.kind = OptimizerKind::sgd;
        clipped.lr = 1.0;
        clipped.momentum = 0;
        clipped.clip = 1e-3;
        const double norm = flat::gradient_norm(lm.grads());
        REQUIRE(norm > clipped.clip);
        flat::Optimizer<double>(clipped).step(lm, norm);
        double moved = 0;
        for (std::size_t i = 0; i < w0.size(); ++i) moved += std::pow(lm.weights()[i] - w0[i], 2);
        REQUIRE_THAT(std::sqrt(moved), Catch::Matchers::WithinRel(1e-3, 1e-9));
    }
}
