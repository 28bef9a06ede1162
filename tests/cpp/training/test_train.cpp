// train.hpp: initialisation, optimisers and training runs on a toy grammar — the loss falls, the
// same natively and in wasm, and §7.3's leak shows up exactly as the handout says.
#include "corpus.hpp"
#include "fixtures.hpp"
#include "lab/training/train.hpp"

using namespace lab;
using namespace fixtures;

namespace {
using corpus::toy_config;

double mean_loss(const std::vector<int>& stream, const LmParams& p, const LmOptions& o, std::uint64_t seed) {
    Pcg32 rng(seed);
    double total = 0;
    for (int k = 0; k < 10; ++k) total += lm_forward(corpus::batch(stream, 8, 8, rng), p, o, false).loss / 10;
    return total;
}

struct Run {
    double train;  // on training batches, with the model's own masking
    double valid;  // on held-out batches, with the causal mask in every block (as in generation)
};

Run train_run(const LmOptions& o, std::size_t steps) {
    const auto train = corpus::toy_grammar(400, 1), valid = corpus::toy_grammar(100, 2);
    LmParams p = init_model(toy_config());
    OptimizerConfig oc;
    oc.lr = 1e-2;
    Optimizer opt(oc);
    Pcg32 rng(4);
    for (std::size_t s = 0; s < steps; ++s) train_step(corpus::batch(train, 8, 8, rng), p, o, opt);
    return {mean_loss(train, p, o, 6), mean_loss(valid, p, options_of(toy_config()), 5)};
}
}  // namespace

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
    REQUIRE_THROWS_WITH(init_model(other), "createModel: D = 16 is not divisible by heads = 3");
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
    LmParams p = init_model(toy_config());
    Pcg32 rng(7);
    const TokenMatrix batch = corpus::batch(corpus::toy_grammar(50, 1), 4, 8, rng);
    const auto kind = GENERATE(OptimizerKind::sgd, OptimizerKind::adamw);
    OptimizerConfig c;
    c.kind = kind;
    c.lr = kind == OptimizerKind::sgd ? 0.5 : 1e-3;
    Optimizer opt(c);
    const double before = lm_forward(batch, p, options_of(toy_config()), false).loss;
    train_step(batch, p, options_of(toy_config()), opt);
    REQUIRE(lm_forward(batch, p, options_of(toy_config()), false).loss < before);
    SECTION("clipping by global norm") {
        LmLossAndGrads g = lm_backward(batch, p, options_of(toy_config()));
        OptimizerConfig clipped;
        clipped.kind = OptimizerKind::sgd;
        clipped.lr = 1.0;
        clipped.momentum = 0;
        clipped.clip = 1e-3;
        LmParams q = p;
        Optimizer(clipped).step(q, g.grads);
        double moved = 0;
        for (std::size_t i = 0; i < q.embedding.size(); ++i)
            moved += std::pow(q.embedding.data()[i] - p.embedding.data()[i], 2);
        REQUIRE(std::sqrt(moved) <= 1e-3 * (1 + 1e-12));
    }
}

TEST_CASE("a step on parameters that are no longer finite is refused and changes nothing") {
    LmParams p = init_model(toy_config());
    p.embedding(0, 0) = std::nan("");
    const LmParams before = p;
    Optimizer opt(OptimizerConfig{});
    const TokenMatrix batch{{0, 2, 5, 8, 0, 10, 13, 1, 3}};
    REQUIRE_THROWS_WITH(train_step(batch, p, options_of(toy_config()), opt),
                        Catch::Contains("must contain only finite numbers"));
    const bool unchanged = p.blocks[0].ffn.w1 == before.blocks[0].ffn.w1;
    REQUIRE(unchanged);
}

TEST_CASE(
    "training on the toy grammar: the loss falls from ln V to near the grammar's entropy, identically in every build") {
    const Run r = train_run(options_of(toy_config()), 200);
    CAPTURE(r.train, r.valid);
    REQUIRE(r.valid < 0.9);  // from ln 14 = 2.64 at initialisation; the grammar's own entropy is about 0.77
    // Recorded from the native build; the wasm build runs this test too, so the two agree to 1e-4.
    REQUIRE_THAT(r.valid, Catch::Matchers::WithinAbs(0.8221436, 1e-4));
}

TEST_CASE("§7.3 the leak in training: reading the future lowers training loss and ruins causal loss") {
    LmOptions masked = options_of(toy_config());
    LmOptions last_only = masked;
    last_only.mask_blocks = {false, true};
    LmOptions unmasked = masked;
    unmasked.block.causal = false;
    const Run m = train_run(masked, 500), l = train_run(last_only, 500), u = train_run(unmasked, 500);
    CAPTURE(m.train, l.train, u.train, m.valid, l.valid, u.valid);
    // training loss, each with its own masking: unmasked < last-block-only <= fully masked
    REQUIRE(u.train < l.train);
    REQUIRE(l.train <= m.train);
    // validation under the causal mask of generation: the other way round
    REQUIRE(m.valid < l.valid);
    REQUIRE(m.valid < u.valid);
}
