// training/lm_f32.hpp: the float32 training path against the double-precision reference
// (lm_backward, itself checked against finite differences) for every configuration a model can
// have: its loss and every parameter's gradient agree to float32 accuracy. Then the
// interventions of §2.2.
#include <xtensor/xview.hpp>

#include "fixtures.hpp"
#include "lab/training/lm_f32.hpp"

using namespace lab;
using namespace fixtures;

namespace {
// A model with every parameter moved well away from its initialisation (norm gains away from 1,
// biases away from 0), so that no term of a gradient is zero by accident.
LmParams shaken(const ModelConfig& c) {
    LmParams p = init_model(c);
    Pcg32 rng(c.seed + 100);
    for_each_parameter(p, [&](const std::string&, double* data, std::size_t n, const std::vector<std::size_t>&) {
        for (std::size_t i = 0; i < n; ++i) data[i] += 0.5 * (2 * rng.uniform() - 1);
    });
    return p;
}

TokenMatrix random_batch(std::size_t B, std::size_t T, std::size_t V, std::uint64_t seed) {
    Pcg32 rng(seed);
    TokenMatrix t = TokenMatrix::from_shape({B, T + 1});
    for (auto& x : t) x = int(rng.next_u32() % V);
    return t;
}

double max_abs(const double* x, std::size_t n) {
    double m = 0;
    for (std::size_t i = 0; i < n; ++i) m = std::max(m, std::abs(x[i]));
    return m;
}
}  // namespace

TEST_CASE("§5 float32 training path: loss and every gradient match the double reference in every configuration") {
    const Arrangement arrangement = GENERATE(Arrangement::pre, Arrangement::post);
    const NormKind norm = GENERATE(NormKind::layer, NormKind::rms, NormKind::none);
    const bool tied = GENERATE(true, false);
    const auto [activation, gated, positions, mask, scaled] = GENERATE(table<Activation, bool, PositionKind, int, bool>(
        {{Activation::gelu, false, PositionKind::learned, 0, true},
         {Activation::relu, false, PositionKind::sinusoidal, 1, true},  // §7.3 mask in the last block only
         {Activation::gelu_tanh, true, PositionKind::none, 2, false},   // no mask, unscaled scores (§3.1)
         {Activation::silu, true, PositionKind::learned, 3, true}}));   // mask in the first block only
    ModelConfig c;
    c.vocab = 7, c.D = 8, c.heads = 2, c.layers = 2, c.T = 6, c.seed = 11;
    c.arrangement = arrangement, c.norm = norm, c.tied = tied;
    c.activation = activation, c.gated = gated, c.positions = positions, c.scaled = scaled;
    c.mask_blocks = std::vector<std::vector<bool>>{{}, {false, true}, {false, false}, {true, false}}[std::size_t(mask)];
    CAPTURE(int(arrangement), int(norm), tied, int(activation), gated, int(positions), mask, scaled);

    LmParams p = shaken(c);
    const TokenMatrix batch = random_batch(3, 5, c.vocab, 9);
    LmLossAndGrads want = lm_backward(batch, p, options_of(c));

    f32::Lm lm(c);
    lm.set_params(p);
    std::vector<int> inputs, targets;
    for (std::size_t b = 0; b < 3; ++b)
        for (std::size_t t = 0; t < 5; ++t) inputs.push_back(batch(b, t)), targets.push_back(batch(b, t + 1));
    const double loss = lm.forward(inputs.data(), targets.data(), 3, 5);
    REQUIRE_THAT(loss, near(want.loss, 1e-5, 1e-6));
    lm.backward();

    std::size_t k = 0;
    for_each_parameter(want.grads,
                       [&](const std::string& name, double* g, std::size_t n, const std::vector<std::size_t>&) {
                           const f32::Slot& s = lm.slots().at(k++);
                           REQUIRE(s.name == name);
                           // float32 keeps about 7 digits; errors are measured against the tensor's largest entry.
                           const double tol = 1e-4 * max_abs(g, n) + 1e-7;
                           for (std::size_t i = 0; i < n; ++i) {
                               CAPTURE(name, i, g[i]);
                               REQUIRE_THAT(double(lm.grads()[s.offset + i]), Catch::Matchers::WithinAbs(g[i], tol));
                           }
                       });
    REQUIRE(k == lm.slots().size());
}

TEST_CASE("float32 parameters convert to double and back exactly") {
    ModelConfig c;
    c.vocab = 5, c.D = 4, c.heads = 2, c.layers = 1, c.T = 3, c.seed = 2;
    f32::Lm a(c);
    LmParams p = a.params();
    f32::Lm b(c);
    p.embedding(0, 0) = 0.25;  // a change that must come through
    b.set_params(p);
    REQUIRE(b.weights()[0] == 0.25f);
    p.embedding(0, 0) = double(a.weights()[0]);
    b.set_params(p);
    REQUIRE(b.weights() == a.weights());
}

TEST_CASE("§2.2 interventions: hidden positions get no attention, ablated heads carry nothing") {
    ModelConfig c;
    c.vocab = 6, c.D = 8, c.heads = 2, c.layers = 2, c.T = 5, c.seed = 4;
    f32::Lm lm(c);
    LmParams p = shaken(c);
    lm.set_params(p);
    const std::vector<int> seq = {1, 4, 2, 5, 3};
    const std::size_t T = seq.size(), H = 2, V = 6;

    SECTION("hiding position 1: no later query attends to it, and every row still sums to 1") {
        f32::Intervention iv;
        iv.hidden = {1};
        lm.forward(seq.data(), nullptr, 1, T, &iv);
        for (std::size_t l = 0; l < 2; ++l)
            for (std::size_t h = 0; h < H; ++h)
                for (std::size_t i = 0; i < T; ++i) {
                    const float* row = lm.attention(l) + (h * T + i) * T;
                    double sum = 0;
                    for (std::size_t j = 0; j < T; ++j) sum += row[j];
                    CAPTURE(l, h, i);
                    REQUIRE_THAT(sum, near(1.0, 1e-6, 1e-6));
                    if (i != 1) REQUIRE(row[1] == 0.0f);
                }
    }
    SECTION("ablating every head: the last prediction no longer depends on the first token") {
        f32::Intervention all;
        for (std::size_t l = 0; l < 2; ++l)
            for (std::size_t h = 0; h < H; ++h) all.heads.emplace_back(l, h);
        std::vector<int> other = seq;
        other[0] = 0;
        const auto last_probs = [&](const std::vector<int>& s, const f32::Intervention* iv) {
            lm.forward(s.data(), nullptr, 1, T, iv);
            return std::vector<float>(lm.probs() + (T - 1) * V, lm.probs() + T * V);
        };
        REQUIRE(last_probs(seq, &all) == last_probs(other, &all));
        REQUIRE(last_probs(seq, nullptr) != last_probs(other, nullptr));
    }
}
