// softmax.hpp: §3.1's saturation numbers, stability, masking.
#include "fixtures.hpp"
#include "lab/layers/softmax.hpp"

using namespace lab;
using namespace fixtures;

TEST_CASE("§3.1 softmax([0, 8]) is nearly one-hot: [0.000335, 0.999665]") {
    const Tensor2 p = softmax_forward(Tensor2{{0, 8}});
    // exact: 1 / (1 + e^8) and e^8 / (1 + e^8)
    require_all_near(p, {1.0 / (1.0 + std::exp(8.0)), std::exp(8.0) / (1.0 + std::exp(8.0))});
    require_all_near(p, {0.000335, 0.999665}, 0, half_unit(6));  // the handout's rounding
}

TEST_CASE("§3.1 dividing [0, 8] by sqrt(64) gives softmax([0, 1]) = [0.268941, 0.731059]") {
    const Tensor2 p = softmax_forward(Tensor2{{0.0 / std::sqrt(64.0), 8.0 / std::sqrt(64.0)}});
    require_all_near(p, {1.0 / (1.0 + std::exp(1.0)), std::exp(1.0) / (1.0 + std::exp(1.0))});
    require_all_near(p, {0.268941, 0.731059}, 0, half_unit(6));
}

TEST_CASE("softmax does not overflow for scores of 1e3 and -1e3") {
    const Tensor2 p = softmax_forward(Tensor2{{1e3, 1e3 - std::log(3.0), -1e3}});
    REQUIRE(all_finite(p));
    require_all_near(p, {0.75, 0.25, 0.0}, 1e-12, 1e-300);
}

TEST_CASE("softmax rows sum to one and ignore a shift of the whole row") {
    const auto rows = GENERATE(1, 3, 7);
    const auto cols = GENERATE(1, 2, 5, 64);
    CAPTURE(rows, cols);
    const Tensor2 x = random_mat(rows, cols, 7 * rows + cols, 10.0);
    const Tensor2 p = softmax_forward(x);
    const Tensor2 shifted = softmax_forward(Tensor2(x + 123.0));
    for (std::size_t r = 0; r < std::size_t(rows); ++r) {
        double sum = 0;
        for (std::size_t c = 0; c < std::size_t(cols); ++c) {
            REQUIRE(p(r, c) > 0.0);
            REQUIRE_THAT(shifted(r, c), near(p(r, c), 1e-12));
            sum += p(r, c);
        }
        REQUIRE_THAT(sum, near(1.0, 1e-14));
    }
}

TEST_CASE("masked entries get weight exactly 0; a row with every entry masked is refused") {
    const double s[3] = {1.0, 2.0, 3.0};
    double out[3];
    SECTION("one entry masked") {
        const bool keep[3] = {true, false, true};
        REQUIRE(softmax_row(s, keep, out, 3));
        REQUIRE(out[1] == 0.0);
        REQUIRE_THAT(out[0] + out[2], near(1.0, 1e-15));
        REQUIRE_THAT(out[2] / out[0], near(std::exp(2.0), 1e-14));
    }
    SECTION("every entry masked") {
        const bool keep[3] = {false, false, false};
        REQUIRE_FALSE(softmax_row(s, keep, out, 3));
    }
}

TEST_CASE("softmax refuses non-finite input and an empty last axis") {
    REQUIRE_THROWS_WITH(softmax_forward(Tensor2{{0.0, std::nan("")}}),
                        Catch::Contains("softmax") && Catch::Contains("values.notFinite"));
    REQUIRE_THROWS_WITH(softmax_forward(Tensor2::from_shape({2, 0})), Catch::Contains("empty"));
}

TEST_CASE("logsumexp matches log(sum(exp)) and survives large logits") {
    const double z[3] = {1.0, 2.0, 3.0};
    REQUIRE_THAT(logsumexp(z, 3), near(std::log(std::exp(1.0) + std::exp(2.0) + std::exp(3.0)), 1e-14));
    const double big[2] = {1000.0, 1000.0};
    REQUIRE_THAT(logsumexp(big, 2), near(1000.0 + std::log(2.0), 1e-14));
}

TEST_CASE("§2.2 softmax_row_backward: the Jacobian a_i (delta_ij - a_j) applied to da, against finite differences") {
    const std::vector<double> s = {0.3, -1.2, 2.0, 0.7}, da = {0.5, -0.25, 1.0, 2.0};
    std::vector<double> a(4), ds(4);
    REQUIRE(softmax_row(s.data(), static_cast<const bool*>(nullptr), a.data(), 4));
    softmax_row_backward(ds.data(), da.data(), a.data(), 4);
    constexpr double h = 1e-6;
    for (std::size_t j = 0; j < 4; ++j) {
        std::vector<double> up = s, down = s, a_up(4), a_down(4);
        up[j] += h, down[j] -= h;
        softmax_row(up.data(), static_cast<const bool*>(nullptr), a_up.data(), 4);
        softmax_row(down.data(), static_cast<const bool*>(nullptr), a_down.data(), 4);
        double fd = 0;  // d/ds_j of sum_i da_i a_i
        for (std::size_t i = 0; i < 4; ++i) fd += da[i] * (a_up[i] - a_down[i]) / (2 * h);
        CAPTURE(j);
        REQUIRE_THAT(ds[j], near(fd, 1e-7, 1e-10));
    }
}
