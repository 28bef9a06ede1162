// repeats.hpp: the induction experiment's data. A repeating row opens with distinct tokens and
// then only copies; the control's rows do not; a seed gives one batch.
#include <set>

#include "fixtures.hpp"
#include "lab/training/repeats.hpp"

using namespace lab;

namespace {
// The length of a row's opening: its longest prefix of distinct tokens.
std::size_t distinct_prefix(const int* row, std::size_t n) {
    std::set<int> seen;
    std::size_t i = 0;
    while (i < n && seen.insert(row[i]).second) ++i;
    return i;
}
}  // namespace

TEST_CASE("§4 a repeating row opens with 8 to 32 distinct tokens, then copies pieces of its own past") {
    const std::size_t V = GENERATE(64, 20), T = GENERATE(64, 200);
    CAPTURE(V, T);
    std::set<std::size_t> openings;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const TokenMatrix b = repeats_batch({16, T, V, true, seed});
        REQUIRE(b.shape(0) == 16);
        REQUIRE(b.shape(1) == T + 1);
        for (std::size_t r = 0; r < 16; ++r) {
            const int* row = &b(r, 0);
            const std::size_t opening = distinct_prefix(row, T + 1);
            openings.insert(opening);
            REQUIRE(opening >= std::min(kOpeningLeast, V));
            REQUIRE(opening <= std::min(kOpeningMost, V));
            const std::set<int> first(row, row + opening);
            for (std::size_t t = 0; t <= T; ++t) {
                REQUIRE(row[t] >= 0);
                REQUIRE(row[t] < int(V));
                // what follows the opening is copied, so every token is one of the opening's
                REQUIRE(first.count(row[t]) == 1);
            }
            // The first copied piece starts right after the opening: its first token repeats an
            // earlier one and is followed by the token that followed that one, for at least the
            // piece's least length (unless the row ends first or the copy wraps onto itself).
            const int* start = std::find(row, row + opening, row[opening]);
            const auto from = std::size_t(start - row);
            for (std::size_t k = 1; k < kPieceLeast && opening + k <= T; ++k)
                REQUIRE(row[opening + k] == row[from + k]);
        }
    }
    // the opening's length takes every value it may (the vocabulary permitting)
    REQUIRE(openings.size() == std::min(kOpeningMost, V) - std::min(kOpeningLeast, V) + 1);
}

TEST_CASE("§4 the control's rows repeat nothing on purpose: every token drawn alone") {
    const TokenMatrix b = repeats_batch({256, 64, 64, false, 3});
    std::vector<std::size_t> count(64, 0);
    double distinct = 0;
    for (std::size_t r = 0; r < 256; ++r) {
        const int* row = &b(r, 0);
        distinct += double(std::set<int>(row, row + 65).size()) / 256;
        for (std::size_t t = 0; t < 65; ++t) ++count.at(std::size_t(row[t]));
    }
    // 65 independent draws of 64 tokens hold 64 (1 - (63/64)^65) = 41.1 distinct on average; a
    // repeating row holds at most 32
    REQUIRE_THAT(distinct, Catch::Matchers::WithinAbs(41.1, 1.0));
    // each token's share is 1/64 of the 16,640 draws (260), within a generous 5 standard deviations
    for (const std::size_t c : count) REQUIRE(std::abs(double(c) - 260.0) < 5 * std::sqrt(260.0));
}

TEST_CASE("§4 a seed gives one batch, another seed another") {
    const bool repeats = GENERATE(true, false);
    const TokenMatrix a = repeats_batch({8, 64, 64, repeats, 7}), b = repeats_batch({8, 64, 64, repeats, 7});
    const TokenMatrix c = repeats_batch({8, 64, 64, repeats, 8});
    REQUIRE(a == b);
    REQUIRE_FALSE(a == c);
}

TEST_CASE("§4 repeatsBatch refuses an empty batch, row or vocabulary, and one past the engine's size") {
    REQUIRE_THROWS_WITH(repeats_batch({0, 64, 64}), "repeatsBatch: config.positive {name: \"batch\"}");
    REQUIRE_THROWS_WITH(repeats_batch({8, 0, 64}), "repeatsBatch: config.positive {name: \"T\"}");
    REQUIRE_THROWS_WITH(repeats_batch({8, 64, 0}), "repeatsBatch: config.positive {name: \"vocab\"}");
    REQUIRE_THROWS_WITH(repeats_batch({1 << 20, 64, 64}), Catch::Contains("repeatsBatch: value.atMost"));
}
