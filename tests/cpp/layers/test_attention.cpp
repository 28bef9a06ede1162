// attention.hpp: §2.1's retrieval, §4.1's two routings, §7.4's causal weights, §3.2's batching.
#include <xtensor/xview.hpp>

#include "fixtures.hpp"
#include "lab/layers/attention.hpp"

using namespace lab;
using namespace fixtures;

namespace {
Tensor3 one(const Tensor2& m) { return xt::reshape_view(m, {std::size_t(1), m.shape(0), m.shape(1)}); }
const Tensor2 kValues{{2, 0}, {0, 2}, {4, 4}};  // v0, v1, v2 of §2.1 and §4.1
}  // namespace

TEST_CASE("§2.1 retrieval gives [2, 1.5]") {
    const Tensor2 q{{1, 0}};
    const Tensor2 k{{std::sqrt(2.0) * ln2, 0}, {0, 1}, {0, -1}};
    const AttentionResult r = attention_forward(one(q), one(k), one(kValues), {});

    SECTION("step 1: scaled scores q.k / sqrt(2) are [ln 2, 0, 0]") { require_all_near(r.scores, {ln2, 0, 0}); }
    SECTION("step 2: exponentials [2, 1, 1] normalise to weights [1/2, 1/4, 1/4]") {
        require_all_near(xt::eval(xt::exp(r.scores)), {2, 1, 1});
        require_all_near(r.weights, {0.5, 0.25, 0.25});
    }
    SECTION("step 3: the weighted values add up to y = [2, 1.5]") { require_all_near(r.output, {2, 1.5}); }
    SECTION("y is a convex combination: weights >= 0, summing to 1, y inside the values' box") {
        double sum = 0;
        for (double a : r.weights) {
            REQUIRE(a >= 0);
            sum += a;
        }
        REQUIRE_THAT(sum, near(1.0));
        REQUIRE((r.output(0, 0, 0) >= 0 && r.output(0, 0, 0) <= 4));
        REQUIRE((r.output(0, 0, 1) >= 0 && r.output(0, 0, 1) <= 4));
    }
}

TEST_CASE("§4.1 two heads read the same values with different routings") {
    AttentionOptions scale1;
    scale1.scale = 1.0;  // the handout states these scores already scaled
    const Tensor2 q{{1}};
    SECTION("head 1: scores [ln 8, 0, 0], weights [0.8, 0.1, 0.1], output [2, 0.6]") {
        const AttentionResult r = attention_forward(one(q), one(Tensor2{{ln8}, {0}, {0}}), one(kValues), scale1);
        require_all_near(r.weights, {0.8, 0.1, 0.1});
        require_all_near(r.output, {2, 0.6});
    }
    SECTION("head 2: scores [0, ln 8, 0], weights [0.1, 0.8, 0.1], output [0.6, 2]") {
        const AttentionResult r = attention_forward(one(q), one(Tensor2{{0}, {ln8}, {0}}), one(kValues), scale1);
        require_all_near(r.weights, {0.1, 0.8, 0.1});
        require_all_near(r.output, {0.6, 2});
    }
    SECTION("both heads still give position 2 a positive weight (finite unmasked scores)") {
        const AttentionResult r = attention_forward(one(q), one(Tensor2{{ln8}, {0}, {0}}), one(kValues), scale1);
        REQUIRE(r.weights(0, 0, 2) > 0.0);
    }
}

TEST_CASE("§7.4 causal weights: row i attends to keys 0..i only") {
    AttentionOptions o;
    o.causal = true;
    o.scale = 1.0;  // d_k = 1
    const Tensor2 Q{{1}, {0}, {1}}, K{{ln2}, {0}, {ln2}}, X{{1, 0}, {0, 1}, {1, 1}};
    const AttentionResult r = attention_forward(one(Q), one(K), one(X), o);
    SECTION("raw scores S = Q K^T keep the future entries (they are masked, not removed)") {
        require_all_near(r.scores, {ln2, 0, ln2, 0, 0, 0, ln2, 0, ln2});
    }
    SECTION("weights A = [[1, 0, 0], [1/2, 1/2, 0], [2/5, 1/5, 2/5]], masked entries exactly 0") {
        require_all_near(r.weights, {1, 0, 0, 0.5, 0.5, 0, 0.4, 0.2, 0.4});
        REQUIRE(r.weights(0, 0, 1) == 0.0);
        REQUIRE(r.weights(0, 1, 2) == 0.0);
    }
    SECTION("output [[1, 0], [0.5, 0.5], [0.8, 0.6]]") { require_all_near(r.output, {1, 0, 0.5, 0.5, 0.8, 0.6}); }
}

TEST_CASE("§3.2 a batch has one attention matrix per item; rows sum to one, columns need not") {
    const std::size_t B = GENERATE(1, 2, 3);
    const std::size_t Tq = GENERATE(1, 4);
    const std::size_t Tk = GENERATE(2, 5);
    const std::size_t dk = GENERATE(1, 3);
    const std::size_t dv = GENERATE(2, 4);
    CAPTURE(B, Tq, Tk, dk, dv);
    const Tensor3 q = random_tensor<Tensor3>({B, Tq, dk}, 1, 2.0);
    const Tensor3 k = random_tensor<Tensor3>({B, Tk, dk}, 2, 2.0);
    const Tensor3 v = random_tensor<Tensor3>({B, Tk, dv}, 3);
    const AttentionResult r = attention_forward(q, k, v, {});
    REQUIRE(r.weights.shape() == std::array<std::size_t, 3>{B, Tq, Tk});
    REQUIRE(r.output.shape() == std::array<std::size_t, 3>{B, Tq, dv});
    for (std::size_t b = 0; b < B; ++b) {
        // each item on its own gives the same numbers: batching does not mix examples
        const AttentionResult alone =
            attention_forward(Tensor3(xt::view(q, xt::range(b, b + 1))), Tensor3(xt::view(k, xt::range(b, b + 1))),
                              Tensor3(xt::view(v, xt::range(b, b + 1))), {});
        for (std::size_t i = 0; i < Tq; ++i) {
            double sum = 0;
            for (std::size_t j = 0; j < Tk; ++j) {
                sum += r.weights(b, i, j);
                REQUIRE(r.weights(b, i, j) == alone.weights(0, i, j));
            }
            REQUIRE_THAT(sum, near(1.0, 1e-14));
        }
    }
    if (Tq == 4 && Tk == 5) {
        double col0 = 0;
        for (std::size_t i = 0; i < Tq; ++i) col0 += r.weights(0, i, 0);
        REQUIRE_FALSE(std::abs(col0 - 1.0) < 1e-6);
    }
}

TEST_CASE("an explicit mask combines with the causal mask; masked weights are exactly 0") {
    const Tensor3 q = random_tensor<Tensor3>({1, 3, 2}, 11), k = random_tensor<Tensor3>({1, 3, 2}, 12);
    const Tensor3 v = random_tensor<Tensor3>({1, 3, 2}, 13);
    AttentionOptions o;
    o.mask = BoolMatrix{{true, true, true}, {false, true, true}, {true, true, false}};
    o.causal = true;
    const AttentionResult r = attention_forward(q, k, v, o);
    REQUIRE(r.weights(0, 0, 0) == 1.0);
    REQUIRE(r.weights(0, 1, 0) == 0.0);
    REQUIRE(r.weights(0, 1, 1) == 1.0);
    REQUIRE(r.weights(0, 2, 2) == 0.0);
    REQUIRE_THAT(r.weights(0, 2, 0) + r.weights(0, 2, 1), near(1.0, 1e-15));
}

TEST_CASE("a custom scale replaces 1/sqrt(d_k)") {
    const Tensor3 q = random_tensor<Tensor3>({1, 2, 4}, 21), k = random_tensor<Tensor3>({1, 3, 4}, 22);
    const Tensor3 v = random_tensor<Tensor3>({1, 3, 2}, 23);
    AttentionOptions o;
    o.scale = 0.25;
    const AttentionResult dflt = attention_forward(q, k, v, {});
    const AttentionResult custom = attention_forward(q, k, v, o);
    for (std::size_t i = 0; i < dflt.scores.size(); ++i)
        REQUIRE_THAT(custom.scores.data()[i], near(dflt.scores.data()[i] * 0.25 / 0.5, 1e-14));
}

TEST_CASE("attention names the function and the shapes when its input is wrong") {
    const Tensor3 q = xt::zeros<double>({1, 2, 3});
    SECTION("d_k mismatch") {
        REQUIRE_THROWS_WITH(
            attention_forward(q, Tensor3(xt::zeros<double>({1, 4, 2})), Tensor3(xt::zeros<double>({1, 4, 2})), {}),
            "attention: shape.dk {k: 2, q: 3}");
    }
    SECTION("one value per key") {
        REQUIRE_THROWS_WITH(
            attention_forward(q, Tensor3(xt::zeros<double>({1, 4, 3})), Tensor3(xt::zeros<double>({1, 5, 2})), {}),
            "attention: shape.keysValues {v: 5, k: 4}");
    }
    SECTION("a query row with every key masked") {
        AttentionOptions o;
        o.mask = BoolMatrix{{true, false}, {false, false}};
        REQUIRE_THROWS_WITH(
            attention_forward(q, Tensor3(xt::zeros<double>({1, 2, 3})), Tensor3(xt::zeros<double>({1, 2, 1})), o),
            Catch::Contains("mask.emptyRow {row: 1}"));
    }
    SECTION("mask of the wrong shape") {
        AttentionOptions o;
        o.mask = BoolMatrix{{true, true, true}};
        REQUIRE_THROWS_WITH(attention_forward(q, q, q, o),
                            Catch::Contains("mask.shape {shape: \"[1, 3]\", Tq: 2, Tk: 2}"));
    }
    SECTION("NaN in q") {
        Tensor3 bad = q;
        bad(0, 1, 1) = std::nan("");
        REQUIRE_THROWS_WITH(attention_forward(bad, q, q, {}), "attention: values.notFinite {name: \"q\"}");
    }
}

TEST_CASE("§8.1 the scores are einsum('bid,bjd->bij', q, k) / sqrt(d) and y is einsum('bij,bje->bie', a, v)") {
    const std::size_t B = 2, Tq = 3, Tk = 4, d = 5, e = 2;
    const Tensor3 q = random_tensor<Tensor3>({B, Tq, d}, 31), k = random_tensor<Tensor3>({B, Tk, d}, 32);
    const Tensor3 v = random_tensor<Tensor3>({B, Tk, e}, 33);
    const AttentionResult r = attention_forward(q, k, v, {});
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t i = 0; i < Tq; ++i) {
            for (std::size_t j = 0; j < Tk; ++j) {
                double s = 0;  // sum over the shared letter d
                for (std::size_t c = 0; c < d; ++c) s += q(b, i, c) * k(b, j, c);
                REQUIRE_THAT(r.scores(b, i, j), near(s / std::sqrt(double(d)), 1e-14, 1e-15));
            }
            for (std::size_t c = 0; c < e; ++c) {
                double y = 0;  // sum over the shared letter j
                for (std::size_t j = 0; j < Tk; ++j) y += r.weights(b, i, j) * v(b, j, c);
                REQUIRE_THAT(r.output(b, i, c), near(y, 1e-14, 1e-15));
            }
        }
}
