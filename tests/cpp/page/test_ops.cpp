// ops.hpp: the small operations the page shows as steps.
#include <limits>

#include "fixtures.hpp"
#include "lab/layers/softmax.hpp"
#include "lab/page/ops.hpp"

using namespace lab;
using namespace fixtures;

TEST_CASE("§2.1 the exponentials of the scaled scores [ln 2, 0, 0] are [2, 1, 1]") {
    const NdArray e = exp_elementwise(NdArray{{1, 3}, {ln2, 0, 0}});
    REQUIRE(e.shape == std::vector<std::size_t>{1, 3});
    require_all_near(e.data, {2, 1, 1});
    SECTION("e^709 is a double; past ln(DBL_MAX) ~ 709.78 the call is refused, pointing to the shifted form") {
        REQUIRE(std::isfinite(exp_elementwise(NdArray{{1, 1}, {709}}).data[0]));
        REQUIRE_THROWS_WITH(exp_elementwise(NdArray{{1, 2}, {709, 710}}), "exp: overflow.exp {x: 710, entry: 1}");
    }
}

TEST_CASE("§2.1 the shifted exponentials e^(s - max s) give softmax's weights for any scores") {
    require_all_near(exp_shifted(NdArray{{1, 3}, {ln2, 0, 0}}).data, {1, 0.5, 0.5});
    const double shift = GENERATE(0.0, 700.0, 1004.0, -1e6);
    CAPTURE(shift);
    const NdArray s{{2, 3}, {shift + ln2, shift, shift, shift - 1, shift + 2, shift}};
    const NdArray e = exp_shifted(s);
    REQUIRE(e.shape == s.shape);
    for (std::size_t row = 0; row < 2; ++row) {
        const double sum = e.data[row * 3] + e.data[row * 3 + 1] + e.data[row * 3 + 2];
        double a[3];
        softmax_row(&s.data[row * 3], nullptr, a, 3);
        for (std::size_t j = 0; j < 3; ++j) {
            REQUIRE(e.data[row * 3 + j] <= 1.0);
            REQUIRE_THAT(e.data[row * 3 + j] / sum, near(a[j]));
        }
    }
    REQUIRE_THROWS_WITH(exp_shifted(NdArray{{2}, {1, NAN}}),
                        "expShifted: values.entryNotFinite {name: \"x\", entry: 1}");
}

TEST_CASE("§3.2 row sums and column sums of an attention matrix") {
    const NdArray w{{2, 3}, {0.5, 0.25, 0.25, 0.1, 0.8, 0.1}};
    require_all_near(reduce_axis(w, -1, Reduction::sum, "sum").data, {1, 1});
    require_all_near(reduce_axis(w, 0, Reduction::sum, "sum").data, {0.6, 1.05, 0.35});
    REQUIRE(reduce_axis(w, 0, Reduction::sum, "sum").shape == std::vector<std::size_t>{3});
    SECTION("mean and biased variance of each row (a LayerNorm's statistics)") {
        const NdArray x{{1, 3}, {1, 2, 3}};
        require_all_near(reduce_axis(x, 1, Reduction::mean, "mean").data, {2});
        require_all_near(reduce_axis(x, 1, Reduction::variance, "variance").data, {2.0 / 3.0});
    }
    REQUIRE_THROWS_WITH(reduce_axis(w, 2, Reduction::sum, "sum"), "sum: shape.axis {axis: 2, shape: \"[2, 3]\"}");
}

TEST_CASE("§2.1 the contributions a_j v_j add up to y = [2, 1.5]") {
    const Tensor2 c = scale_rows(Tensor1{0.5, 0.25, 0.25}, Tensor2{{2, 0}, {0, 2}, {4, 4}});
    require_all_near(c, {1, 0, 0, 0.5, 1, 1});
    REQUIRE_THROWS_WITH(scale_rows(Tensor1{1, 2}, Tensor2{{1}}), "scaleRows: shape.scaleRows {n: 2, rows: 1}");
}

TEST_CASE("§2.2 raising one score raises its weight and lowers the others: the softmax Jacobian") {
    const Tensor1 s{ln2, 0, 0};
    const Tensor2 J = softmax_jacobian(s);
    // a = [1/2, 1/4, 1/4]: J_00 = a_0 (1 - a_0) = 1/4, J_10 = -a_1 a_0 = -1/8
    require_all_near(J, {0.25, -0.125, -0.125, -0.125, 0.1875, -0.0625, -0.125, -0.0625, 0.1875});
    for (std::size_t j = 0; j < 3; ++j) REQUIRE_THAT(J(0, j) + J(1, j) + J(2, j), near(0.0, 1e-15, 1e-15));
    SECTION("matches a central finite difference") {
        const double h = 1e-6;
        Tensor1 up = s, down = s;
        up(0) += h;
        down(0) -= h;
        Tensor1 a_up = Tensor1::from_shape({3}), a_down = Tensor1::from_shape({3});
        softmax_row(up.data(), nullptr, a_up.data(), 3);
        softmax_row(down.data(), nullptr, a_down.data(), 3);
        for (std::size_t i = 0; i < 3; ++i) REQUIRE_THAT((a_up(i) - a_down(i)) / (2 * h), near(J(i, 0), 1e-8, 1e-9));
    }
}

TEST_CASE("§4.2 stored weights grow as B H T^2, score arithmetic as B T^2 D") {
    const AttentionCost c = attention_cost(2, 4, 16, 64);
    REQUIRE(c.weight_entries == 2u * 4u * 16u * 16u);
    REQUIRE(c.multiply_adds == 2u * 2u * 16u * 16u * 64u);
    REQUIRE(attention_cost(2, 8, 16, 64).multiply_adds == c.multiply_adds);  // more heads, same arithmetic
    REQUIRE(attention_cost(2, 8, 16, 64).weight_entries == 2 * c.weight_entries);
}

TEST_CASE("matmul names the mismatched operand") {
    require_all_near(matmul(Tensor2{{1, 2}}, Tensor2{{3}, {4}}), {11});
    REQUIRE_THROWS_WITH(matmul(Tensor2{{1, 2}}, Tensor2{{3}}),
                        Catch::StartsWith("matmul: shape.weightRows {name: \"b\", rows: 1, features: 2}"));
}

TEST_CASE("§9.3 an equivalence gap is the largest entry of |a - b|, refused for unequal shapes or non-finite entries") {
    const NdArray a{{2, 2}, {1, 2, 3, 4}}, b{{2, 2}, {1, 2.5, 3, 3}};
    REQUIRE(max_abs_difference(a, a) == 0.0);
    REQUIRE(max_abs_difference(a, b) == 1.0);
    REQUIRE_THROWS_WITH(max_abs_difference(a, NdArray{{4}, {1, 2, 3, 4}}),
                        "maxAbsDifference: shape.same {a: \"[2, 2]\", b: \"[4]\"}");
    REQUIRE_THROWS_WITH(max_abs_difference(a, NdArray{{2, 2}, {1, NAN, 3, 4}}),
                        "maxAbsDifference: values.entryNotFinite {name: \"b\", entry: 1}");
}
