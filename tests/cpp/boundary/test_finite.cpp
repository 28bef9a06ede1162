// finite.hpp and the layers' own guards: no public entry returns a NaN or an infinity. Each
// refuses, naming the function and the first step whose values stopped being finite.
#include "fixtures.hpp"
#include "lab/boundary/api.hpp"
#include "lab/boundary/finite.hpp"
#include "lab/layers/positions.hpp"
#include "lab/page/checks.hpp"
#include "lab/page/ops.hpp"

using namespace lab;
using namespace fixtures;
using Catch::Contains;
using Catch::StartsWith;

namespace {
NdArray array(std::vector<std::size_t> shape, std::vector<double> data) {
    return NdArray{std::move(shape), std::move(data)};
}
Tensor2 identity2() { return Tensor2{{1, 0}, {0, 1}}; }
}  // namespace

TEST_CASE("§5 LayerNorm and RMSNorm need eps > 0: a constant row has variance 0") {
    const NdArray x = array({1, 1}, {3});
    REQUIRE_THROWS_WITH(api::layer_norm(x, Tensor1{1}, Tensor1{0}, 0), "layerNorm: norm.eps {got: 0}");
    REQUIRE_THROWS_WITH(api::rms_norm(array({1, 2}, {0, 0}), Tensor1{1, 1}, 0), "rmsNorm: norm.eps {got: 0}");
    SECTION("with the default eps the constant row normalises to beta") {
        const NdArray y = api::layer_norm(array({1, 2}, {5, 5}), Tensor1{2, 2}, Tensor1{0.5, -1}, 1e-5);
        require_all_near(y.data, {0.5, -1});
    }
}

TEST_CASE("§4 attention whose scores overflow is refused, naming the step") {
    const double big = GENERATE(1e155, 1e200, 1e300);
    CAPTURE(big);
    SECTION("single-head attention: q . k past 1.8e308") {
        const NdArray q = array({1, 2}, {big, 0}), k = array({2, 2}, {big, 0, 0, 1}), v = array({2, 2}, {1, 0, 0, 1});
        REQUIRE_THROWS_WITH(api::attention(q, k, v, {}), StartsWith("attention: overflow.scores {row: 0, column: 0}"));
    }
    SECTION("multi-head attention with an entry of -big: the scores (the projections are still finite)") {
        MhaParams p;
        p.wQ = p.wK = p.wV = p.wO = identity2();
        const NdArray x = array({1, 2, 2}, {-big, 0, 1, 2});
        REQUIRE_THROWS_WITH(api::multi_head_attention(x, p, 1, true),
                            StartsWith("multiHeadAttention: overflow.block {step: \"scores\"}"));
    }
}

TEST_CASE("§4 a projection that overflows is named before the scores") {
    MhaParams p;
    p.wQ = p.wK = p.wV = p.wO = Tensor2{{1e300, 0}, {0, 1}};
    const NdArray x = array({1, 2, 2}, {1e10, 0, 1, 2});
    REQUIRE_THROWS_WITH(api::multi_head_attention(x, p, 1, true),
                        StartsWith("multiHeadAttention: overflow.block {step: \"q\"}"));
}

TEST_CASE("§5 an FFN and a block that overflow are refused at their first non-finite step") {
    FfnParams f;
    f.w1 = Tensor2{{1e200}};
    f.w2 = Tensor2{{1e200}};
    REQUIRE_THROWS_WITH(api::feed_forward(array({1, 1}, {1}), f, {}),
                        StartsWith("feedForward: overflow.inputs {step: \"output\""));
    BlockParams b;
    b.attn.wQ = b.attn.wK = b.attn.wV = b.attn.wO = identity2();
    b.ffn.w1 = Tensor2{{1e300, 0}, {0, 1}};
    b.ffn.w2 = Tensor2{{1e300, 0}, {0, 1}};
    BlockOptions o;
    o.norm = NormKind::none;
    REQUIRE_THROWS_WITH(api::block(array({1, 2, 2}, {1, 0, 0, 1}), b, o),
                        StartsWith("block: overflow.block {step: \"output\"}"));
}

TEST_CASE("§7.4 cross-entropy shifts by the maximum: huge logits stay finite until the loss itself overflows") {
    const api::CrossEntropyOut fine = api::cross_entropy(array({1, 2}, {1e300, -1e300}), array({1}, {1}));
    REQUIRE_THAT(fine.loss, Catch::Matchers::WithinRel(2e300, 1e-12));  // -log p_1 = 1e300 - (-1e300)
    // -log p_1 = 2e308 is beyond a double: refused, not returned as inf.
    REQUIRE_THROWS_WITH(api::cross_entropy(array({1, 2}, {1e308, -1e308}), array({1}, {1})),
                        StartsWith("crossEntropy: overflow.inputs {step: \"losses\""));
}

TEST_CASE("§2.1 the page's small operations refuse to overflow rather than return inf") {
    REQUIRE_THROWS_WITH(reduce_axis(array({2}, {1e308, 1e308}), 0, Reduction::sum, "sum"),
                        StartsWith("sum: overflow.inputs {step: \"sum\"") && Contains("largest: 1e+308"));
    REQUIRE_THROWS_WITH(matmul(Tensor2{{1e200}}, Tensor2{{1e200}}, "matmul"),
                        StartsWith("matmul: overflow.inputs {step: \"product\""));
    REQUIRE_THROWS_WITH(max_abs_difference(array({1}, {1e308}), array({1}, {-1e308}), "maxAbsDifference"),
                        StartsWith("maxAbsDifference: overflow.inputs {step: \"difference\""));
    REQUIRE_THROWS_WITH(reduce_axis(array({2}, {1e300, -1e300}), 0, Reduction::variance, "variance"),
                        StartsWith("variance: overflow.inputs {step: \"squaredDeviations\""));
    REQUIRE_THAT(reduce_axis(array({2}, {1e150, -1e150}), 0, Reduction::variance, "variance").data[0],
                 Catch::Matchers::WithinRel(1e300, 1e-12));
}

TEST_CASE("§9.1 the one infinity a result holds by design: -inf where nanoGPT's masked_fill puts it") {
    const Trace t{{"block.masked", "S + M", {1, 2}, {0.5, -INFINITY}}};
    REQUIRE_NOTHROW(FiniteSteps("block", 1)(t));
    const Trace elsewhere{{"block.scores", "S", {1, 2}, {0.5, -INFINITY}}};
    REQUIRE_THROWS_WITH(FiniteSteps("block", 1)(elsewhere),
                        StartsWith("block: overflow.inputs {step: \"block.scores\""));
    const Trace nan{{"block.masked", "S + M", {1, 1}, {NAN}}};
    REQUIRE_THROWS_WITH(FiniteSteps("block", 1)(nan), Contains("kind: \"nan\""));
}

TEST_CASE("§6.1 a table asked for by size alone is refused past 2^24 numbers, not left to the allocator") {
    REQUIRE_THROWS_WITH(sinusoidal_positions(1000000000, 4),
                        StartsWith("sinusoidalPositions: size.positionTable {T: 1000000000, D: 4, count: 4000000000"));
    REQUIRE_THROWS(sinusoidal_positions(16777217, 1));  // one past the limit
    REQUIRE(sinusoidal_positions(1024, 1024).size() == 1024u * 1024u);
}

TEST_CASE("§3.1 scoreVariance refuses a sigma whose d_k sigma^4 passes the largest double") {
    REQUIRE_THROWS_WITH(score_variance(4, 10, 1e200, 1), "scoreVariance: checks.sigmaLarge {sigma: 1e+200}");
    REQUIRE(std::isfinite(score_variance(4, 10, 1e-300, 1).expected_raw));
}
