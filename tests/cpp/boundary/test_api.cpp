// api.hpp and ndarray.hpp: leading batch axes and the messages a JS caller sees.
#include "fixtures.hpp"
#include "lab/boundary/api.hpp"

using namespace lab;
using namespace fixtures;

namespace {
NdArray nd(std::vector<std::size_t> shape, std::uint64_t seed) {
    std::size_t n = 1;
    for (auto s : shape) n *= s;
    const Tensor1 data = random_vec(n, seed, 2.0);
    return NdArray{shape, std::vector<double>(data.begin(), data.end())};
}
}  // namespace

TEST_CASE("attention takes 0, 1 or 2 leading batch axes and gives them back") {
    const auto lead = GENERATE(std::vector<std::size_t>{}, std::vector<std::size_t>{3}, std::vector<std::size_t>{2, 3});
    CAPTURE(lead);
    auto with = [&](std::size_t a, std::size_t b) {
        auto s = lead;
        s.push_back(a);
        s.push_back(b);
        return s;
    };
    const NdArray q = nd(with(4, 5), 1), k = nd(with(6, 5), 2), v = nd(with(6, 2), 3);
    const api::AttentionOut r = api::attention(q, k, v, {});
    REQUIRE(r.weights.shape == with(4, 6));
    REQUIRE(r.output.shape == with(4, 2));
    REQUIRE(r.scores.shape == with(4, 6));
    // the last item equals the same computation done alone
    const std::size_t items = q.data.size() / 20;
    const auto tail = [](const NdArray& a, std::size_t rows, std::size_t cols, std::size_t items_) {
        const std::size_t n = rows * cols;
        return NdArray{{rows, cols}, std::vector<double>(a.data.begin() + (items_ - 1) * n, a.data.end())};
    };
    const api::AttentionOut alone =
        api::attention(tail(q, 4, 5, items), tail(k, 6, 5, items), tail(v, 6, 2, items), {});
    REQUIRE(std::equal(alone.output.data.begin(), alone.output.data.end(), r.output.data.end() - 8));
}

TEST_CASE("the API names the argument and the expected shape") {
    SECTION("attention with a vector for q") {
        REQUIRE_THROWS_WITH(api::attention(nd({3}, 1), nd({3, 3}, 2), nd({3, 3}, 3), {}),
                            "attention: shape.rank {name: \"q\", expected: [\"[Tq][dk]\", \"[B][Tq][dk]\", "
                            "\"[B][H][Tq][dk]\"], count: 3, shape: \"[3]\"}");
    }
    SECTION("different batch axes") {
        REQUIRE_THROWS_WITH(api::attention(nd({2, 3, 3}, 1), nd({3, 3, 3}, 2), nd({3, 3, 3}, 3), {}),
                            Catch::Contains("shape.batch {q: \"[2, 3, 3]\""));
    }
    SECTION("a non-integer token id") {
        NdArray tokens{{3}, {0, 1.5, 2}};
        REQUIRE_THROWS_WITH(api::lm_forward(tokens, toy_model(), toy_options()),
                            "lmForward: token.notInteger {name: \"tokens\", entry: 1, got: 1.5}");
    }
    SECTION("an empty array") {
        REQUIRE_THROWS_WITH(api::softmax(NdArray{{0}, {}}), "softmax: shape.empty {name: \"x\", shape: \"[0]\"}");
    }
}

TEST_CASE("§7.4 through the API: one sequence gives unbatched shapes, trace included") {
    const api::LmOut r = api::lm_forward(NdArray{{4}, {0, 1, 2, 0}}, toy_model(), toy_options());
    REQUIRE(r.logits.shape == std::vector<std::size_t>{3, 3});
    REQUIRE(r.losses.shape == std::vector<std::size_t>{3});
    REQUIRE_THAT(r.loss, near(3.0204102292496593, 1e-12));
    for (const auto& s : r.trace)
        if (s.name == "block0.weights") REQUIRE(s.shape == std::vector<std::size_t>{1, 3, 3});
}

TEST_CASE("softmax over the last axis of any rank") {
    const NdArray x = nd({2, 3, 4}, 9);
    const NdArray p = api::softmax(x);
    REQUIRE(p.shape == x.shape);
    for (std::size_t r = 0; r < 6; ++r) {
        double s = 0;
        for (std::size_t c = 0; c < 4; ++c) s += p.data[r * 4 + c];
        REQUIRE_THAT(s, near(1.0, 1e-14));
    }
}
