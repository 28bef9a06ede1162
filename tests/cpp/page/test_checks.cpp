// checks.hpp: the lab's checks of §8 — row sums, fused = separate, §6.1's equivariance, §7.3's leak.
#include <xtensor/xview.hpp>

#include "fixtures.hpp"
#include "lab/page/checks.hpp"

using namespace lab;
using namespace fixtures;

TEST_CASE("§8 rows of attention weights sum to one") {
    const AttentionResult r =
        attention_forward(random_tensor<Tensor3>({2, 5, 3}, 1, 3.0), random_tensor<Tensor3>({2, 6, 3}, 2, 3.0),
                          random_tensor<Tensor3>({2, 6, 2}, 3), {});
    REQUIRE(max_row_sum_error(r.weights) < 1e-14);
    REQUIRE(max_row_sum_error(Tensor3{{{0.5, 0.6}}}) > 0.09);
}

TEST_CASE("§8 fused projection equals separate projections") {
    MhaParams s;
    s.wQ = random_mat(6, 6, 1);
    s.wK = random_mat(6, 6, 2);
    s.wV = random_mat(6, 6, 3);
    s.bV = random_vec(6, 4);
    REQUIRE(fused_vs_separate_gap(random_tensor<Tensor3>({2, 4, 6}, 5), s, 3, true) < 1e-13);
}

TEST_CASE("§6.1 without positions or mask the model is permutation equivariant; positions break it") {
    LmParams p = random_lm(6, 8, 2, 2, 8, 7);
    LmOptions o = random_lm_options(2);
    const std::vector<int> inputs{1, 4, 2, 5};
    const std::vector<int> swap02{2, 1, 0, 3};  // swap rows 0 and 2
    SECTION("no positions, no mask: swapping rows 0 and 2 swaps their outputs") {
        p.positions.reset();
        o.positions = PositionKind::none;
        o.block.causal = false;
        REQUIRE(permutation_gap(inputs, swap02, p, o) < 1e-12);
    }
    SECTION("learned positions: the same token at another position starts from another vector") {
        o.block.causal = false;
        REQUIRE(permutation_gap(inputs, swap02, p, o) > 1e-3);
    }
    SECTION("sinusoidal positions break it too") {
        p.positions.reset();
        o.positions = PositionKind::sinusoidal;
        o.block.causal = false;
        REQUIRE(permutation_gap(inputs, swap02, p, o) > 1e-3);
    }
    SECTION("the causal mask breaks it even without positions") {
        p.positions.reset();
        o.positions = PositionKind::none;
        REQUIRE(permutation_gap(inputs, swap02, p, o) > 1e-3);
    }
}

TEST_CASE("§7.3 future dependence: the mask must be in every block") {
    const LmParams p = random_lm(6, 8, 2, 2, 8, 11);
    LmOptions o = random_lm_options(2);
    const std::vector<int> inputs{0, 3, 1, 4, 2};
    const auto upper_max = [](const Tensor2& dep) {
        double m = 0;
        for (std::size_t i = 0; i < dep.shape(0); ++i)
            for (std::size_t j = i + 1; j < dep.shape(1); ++j) m = std::max(m, dep(i, j));
        return m;
    };
    SECTION("masked in every block: no output depends on a later token; each depends on its own") {
        const Tensor2 dep = future_dependence(inputs, p, o);
        REQUIRE(upper_max(dep) == 0.0);
        for (std::size_t i = 0; i < 5; ++i) REQUIRE(dep(i, i) > 1e-6);
        REQUIRE(dep(4, 0) > 1e-6);
    }
    SECTION("unmasked: position i reads its own target at i + 1") {
        o.block.causal = false;
        const Tensor2 dep = future_dependence(inputs, p, o);
        for (std::size_t i = 0; i + 1 < 5; ++i) REQUIRE(dep(i, i + 1) > 1e-6);
    }
    SECTION("masked in the last block only: the first block already copied the future") {
        o.mask_blocks = {false, true};
        const Tensor2 dep = future_dependence(inputs, p, o);
        REQUIRE(upper_max(dep) > 1e-6);
        REQUIRE(dep(0, 1) > 1e-6);
    }
    SECTION("appending a token never changes earlier positions' logits in a causal model (§7.1)") {
        TokenMatrix shorter{{0, 3, 1}}, longer{{0, 3, 1, 4}};
        const Tensor3 a = lm_logits(shorter, p, o, false).logits;
        const Tensor3 b = lm_logits(longer, p, o, false).logits;
        for (std::size_t t = 0; t < 3; ++t)
            for (std::size_t v = 0; v < 6; ++v) REQUIRE(a(0, t, v) == b(0, t, v));
    }
}

TEST_CASE("§3.1 scores of d_k products have variance d_k sigma^4; dividing by sqrt(d_k) gives sigma^4") {
    const std::size_t dk = GENERATE(4, 64, 256);
    const double sigma = GENERATE(1.0, 0.5);
    CAPTURE(dk, sigma);
    const ScoreVariance v = score_variance(dk, 20000, sigma, 2024);
    REQUIRE(v.expected_raw == double(dk) * std::pow(sigma, 4));
    REQUIRE_THAT(v.raw, Catch::Matchers::WithinRel(v.expected_raw, 0.06));
    REQUIRE_THAT(v.scaled, Catch::Matchers::WithinRel(v.expected_scaled, 0.06));
    REQUIRE_THAT(v.scaled * double(dk), near(v.raw, 1e-12));
}
