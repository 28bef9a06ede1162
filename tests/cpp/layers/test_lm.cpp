// lm.hpp: §7.4's complete trace step by step, §7.2's teacher forcing, §6's tied head.
#include <map>

#include <xtensor/xsort.hpp>
#include <xtensor/xview.hpp>

#include "fixtures.hpp"
#include "lab/layers/lm.hpp"

using namespace lab;
using namespace fixtures;

namespace {
const TraceStep& step(const Trace& t, const std::string& name) {
    for (const auto& s : t)
        if (s.name == name) return s;
    FAIL("no trace step named " << name);
    return t.front();
}
void require_step(const Trace& t, const std::string& name, std::vector<std::size_t> shape,
                  std::initializer_list<double> want, double rel = 1e-12) {
    CAPTURE(name);
    const TraceStep& s = step(t, name);
    REQUIRE(s.shape == shape);
    require_all_near(s.values, want, rel);
}
}  // namespace

TEST_CASE("§7.4 one sequence from embeddings to the mean loss 3.02041 nats") {
    // Stream A B C A with vocabulary order [A, B, C]: inputs A B C, targets B C A.
    const TokenMatrix tokens{{0, 1, 2, 0}};
    const LmResult r = lm_forward(tokens, toy_model(), toy_options());
    const Trace& t = r.trace;
    SECTION("step 1: X = E[tokens] + P = [[1, 0], [0, 1], [1, 1]]") {
        require_step(t, "x", {1, 3, 2}, {1, 0, 0, 1, 1, 1});
    }
    SECTION("step 2: Q = [1, 0, 1]^T, K = [ln 2, 0, ln 2]^T, V = X") {
        require_step(t, "block0.q", {1, 3, 1}, {1, 0, 1});
        require_step(t, "block0.k", {1, 3, 1}, {ln2, 0, ln2});
        require_step(t, "block0.v", {1, 3, 2}, {1, 0, 0, 1, 1, 1});
    }
    SECTION("step 3: S = Q K^T with its future entries, causal A, retrieval [[1,0],[0.5,0.5],[0.8,0.6]]") {
        require_step(t, "block0.scores", {1, 1, 3, 3}, {ln2, 0, ln2, 0, 0, 0, ln2, 0, ln2});
        require_step(t, "block0.weights", {1, 1, 3, 3}, {1, 0, 0, 0.5, 0.5, 0, 0.4, 0.2, 0.4});
        require_step(t, "block0.attn", {1, 3, 2}, {1, 0, 0.5, 0.5, 0.8, 0.6});
    }
    SECTION("step 4: U = X + attn, H = U + FFN(U) = 1.5 U") {
        require_step(t, "block0.residual1", {1, 3, 2}, {2, 0, 0.5, 1.5, 1.8, 1.6});
        require_step(t, "block0.output", {1, 3, 2}, {3, 0, 0.75, 2.25, 2.7, 2.4});
    }
    SECTION("step 5: logits [h0, h1, -h0-h1], probabilities, losses, mean") {
        require_step(t, "logits", {1, 3, 3}, {3, 0, -3, 0.75, 2.25, -3, 2.7, 2.4, -5.1});
        require_all_near(r.probs,
                         {0.950330, 0.047314, 0.002356, 0.181646, 0.814082, 0.004272, 0.574307, 0.425457, 0.000235}, 0,
                         half_unit(6));
        require_all_near(r.losses, {3.050946, 5.455694, 0.554591}, 0, half_unit(6));
        // exact forms: loss_i = logsumexp(z_i) - z_i[target]
        const double l0 = std::log(std::exp(3.0) + 1.0 + std::exp(-3.0)) - 0.0;
        const double l1 = std::log(std::exp(0.75) + std::exp(2.25) + std::exp(-3.0)) - (-3.0);
        const double l2 = std::log(std::exp(2.7) + std::exp(2.4) + std::exp(-5.1)) - 2.7;
        require_all_near(r.losses, {l0, l1, l2});
        REQUIRE_THAT(r.loss, near((l0 + l1 + l2) / 3.0));
        REQUIRE_THAT(r.loss, near(3.02041, 0, half_unit(5)));
        REQUIRE_THAT(r.loss, near(3.020410, 0, half_unit(6)));  // the handout's 3.020410
        REQUIRE_THAT(step(t, "loss").values[0], near(r.loss));
    }
    SECTION("row 2 predicts A greedily after A B C") {
        const auto row2 = xt::eval(xt::view(r.logits, 0, 2));
        REQUIRE(xt::argmax(row2)() == 0);
    }
}

TEST_CASE("§7.2 teacher forcing: every position of every sequence is scored at once") {
    const LmParams p = random_lm(7, 8, 2, 2, 8, 5);
    const LmOptions o = random_lm_options(2);
    const TokenMatrix both{{6, 1, 2, 3, 4, 5, 0}, {3, 3, 1, 0, 6, 2, 2}};
    const LmResult r = lm_forward(both, p, o, false);
    REQUIRE(r.losses.shape() == std::array<std::size_t, 2>{2, 6});
    double mean = 0;
    for (std::size_t b = 0; b < 2; ++b) {
        const TokenMatrix one = xt::view(both, xt::range(b, b + 1), xt::all());
        const LmResult alone = lm_forward(one, p, o, false);
        for (std::size_t t = 0; t < 6; ++t) {
            REQUIRE_THAT(r.losses(b, t), near(alone.losses(0, t), 1e-12));
            // target at position t is the input at t + 1
            REQUIRE_THAT(r.losses(b, t), near(-std::log(r.probs(b, t, both(b, t + 1))), 1e-10));
            mean += r.losses(b, t) / 12.0;
        }
    }
    REQUIRE_THAT(r.loss, near(mean, 1e-12));
}

TEST_CASE("§6 a tied head computes logits = h E^T and adds no parameters") {
    LmParams p = toy_model();
    const TokenMatrix tokens{{0, 1, 2, 0}};
    p.head.reset();
    const LmResult tied = lm_forward(tokens, p, toy_options());
    p.head = Tensor2(xt::transpose(p.embedding));
    const LmResult explicit_head = lm_forward(tokens, p, toy_options());
    for (std::size_t i = 0; i < tied.logits.size(); ++i)
        REQUIRE_THAT(tied.logits.data()[i], near(explicit_head.logits.data()[i], 1e-15, 1e-15));
    // h0 = [3, 0]: E = [[1, 0], [0, 1/2], [1/2, 1/2]] gives [3, 0, 1.5]
    require_all_near(xt::eval(xt::view(tied.logits, 0, 0)), {3, 0, 1.5});
}

TEST_CASE("the model explains bad tokens and a too-short position table") {
    const LmParams p = toy_model();
    SECTION("a token id out of range") {
        REQUIRE_THROWS_WITH(lm_forward(TokenMatrix{{0, 3, 1}}, p, toy_options()),
                            "lmForward: token.at {got: 3, position: 1, last: 2}");
    }
    SECTION("a target id out of range") {
        REQUIRE_THROWS_WITH(lm_forward(TokenMatrix{{0, 1, 7}}, p, toy_options()),
                            Catch::Contains("token.id {name: \"targets[1]\", got: 7, last: 2}"));
    }
    SECTION("a sequence longer than the learned table") {
        REQUIRE_THROWS_WITH(lm_forward(TokenMatrix{{0, 1, 2, 0, 1}}, p, toy_options()),
                            "lmForward: lm.tooLong {T: 4, rows: 3}");
    }
    SECTION("a single token has no target") {
        REQUIRE_THROWS_WITH(lm_forward(TokenMatrix{{0}}, p, toy_options()), Catch::Contains("lm.tooShort {got: 1}"));
    }
    SECTION("maskBlocks of the wrong length") {
        LmOptions o = toy_options();
        o.mask_blocks = {true, true};
        REQUIRE_THROWS_WITH(lm_forward(TokenMatrix{{0, 1, 2}}, p, o), "lmForward: lm.maskBlocks {n: 2, blocks: 1}");
    }
}

TEST_CASE("§7.2 teacher forcing on 'the cat sat on the mat <eos>': input i is scored on token i + 1") {
    // vocabulary: the 0, cat 1, sat 2, on 3, mat 4, <eos> 5
    const TokenMatrix sentence{{0, 1, 2, 3, 0, 4, 5}};
    const std::vector<int> targets{1, 2, 3, 0, 4, 5};  // cat sat on the mat <eos>
    const LmParams p = random_lm(6, 8, 2, 1, 8, 21);
    const LmResult r = lm_forward(sentence, p, random_lm_options(2));
    REQUIRE(r.losses.shape() == std::array<std::size_t, 2>{1, 6});  // six positions, 0..5
    double sum = 0;
    for (std::size_t i = 0; i < 6; ++i) {
        CAPTURE(i);
        REQUIRE_THAT(r.losses(0, i), near(-std::log(r.probs(0, i, targets[i])), 1e-12));
        sum += r.losses(0, i);
    }
    REQUIRE_THAT(r.loss, near(sum / 6.0, 1e-14));  // L = (1/T) sum_i -log p_i(target_i)
}

// §2.2's experiments on the worked examples' models: ablating head h zeroes its output before
// W_O, which is the model with W_O's rows of that head zeroed; hiding position j from every
// other query leaves the other positions' logits blind to the token at j.
TEST_CASE(
    "§2.2 interventions: an ablated head is its rows of W_O zeroed, a hidden token is read by no other position") {
    const std::size_t V = 7, D = 8, H = 2, L = 2, T = 5, dv = D / H;
    const LmParams p = random_lm(V, D, H, L, 8, 21);
    const LmOptions o = random_lm_options(H);
    TokenMatrix w = TokenMatrix::from_shape({1, T});
    for (std::size_t t = 0; t < T; ++t) w(0, t) = int((3 * t + 1) % V);
    const auto [layer, head] = GENERATE(table<std::size_t, std::size_t>({{0, 0}, {0, 1}, {1, 0}, {1, 1}}));
    CAPTURE(layer, head);
    SECTION("ablating a head") {
        flat::Intervention iv;
        iv.heads = {{layer, head}};
        const Tensor3 ablated = lm_logits(w, p, o, false, "test", &iv).logits;
        LmParams zeroed = p;
        Tensor2& wO = *zeroed.blocks[layer].attn.wO;
        for (std::size_t r = head * dv; r < (head + 1) * dv; ++r)
            for (std::size_t c = 0; c < D; ++c) wO(r, c) = 0.0;
        const Tensor3 reference = lm_logits(w, zeroed, o, false, "test").logits;
        REQUIRE(ablated == reference);
        REQUIRE(ablated != lm_logits(w, p, o, false, "test").logits);
    }
    SECTION("hiding a position") {
        const std::size_t j = layer + 2 * head;  // positions 0 to 3
        flat::Intervention iv;
        iv.hidden = {j};
        TokenMatrix changed = w;
        changed(0, j) = (changed(0, j) + 1) % int(V);
        const Tensor3 a = lm_logits(w, p, o, false, "test", &iv).logits;
        const Tensor3 b = lm_logits(changed, p, o, false, "test", &iv).logits;
        for (std::size_t i = 0; i < T; ++i) {
            CAPTURE(i, j);
            const bool same = xt::view(a, 0, i, xt::all()) == xt::view(b, 0, i, xt::all());
            REQUIRE(same == (i != j));
        }
    }
    SECTION("refusals name the layer, head or position") {
        flat::Intervention bad;
        bad.heads = {{L, 0}};
        REQUIRE_THROWS_WITH(lm_logits(w, p, o, false, "test", &bad),
                            Catch::Contains("model.ablateHeads {name: \"ablateHeads\", layer: 2"));
        bad.heads.clear();
        bad.hidden = {T};
        REQUIRE_THROWS_WITH(lm_logits(w, p, o, false, "test", &bad),
                            Catch::Contains("model.position {name: \"hideTokens\", got: 5, last: 4}"));
    }
}
