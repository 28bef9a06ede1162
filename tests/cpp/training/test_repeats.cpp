// repeats.hpp: the induction experiment's data. A repeating row opens with distinct tokens and
// then only copies; the control's rows do not; a seed gives one batch.
#include <algorithm>
#include <climits>
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

TEST_CASE("§4 pieces run on from varied starts, so the distance back to a token's earlier occurrence varies") {
    // Each token after the opening is one of the opening's; its place there says where it was
    // copied from. Inside a piece the next token is the next place's (the run goes on); a piece
    // starts anywhere before it, so starts and distances back spread out.
    const TokenMatrix b = repeats_batch({256, 64, 64, true, 11});
    std::size_t pairs = 0, running_on = 0;
    std::set<std::size_t> starts, distances;
    std::size_t longest = 0;
    for (std::size_t r = 0; r < 256; ++r) {
        const int* row = &b(r, 0);
        const std::size_t opening = distinct_prefix(row, 65);
        const auto place = [&](std::size_t t) { return std::size_t(std::find(row, row + opening, row[t]) - row); };
        std::size_t run = 1;
        for (std::size_t t = opening; t < 65; ++t) {
            distances.insert(t - place(t));
            if (t + 1 < 65) {
                ++pairs;
                // the next place, or the opening's first again after its last (a piece that wraps)
                const bool on = place(t + 1) == place(t) + 1 || (place(t) == opening - 1 && place(t + 1) == 0);
                running_on += on;
                run = on ? run + 1 : 1;
                if (!on) starts.insert(place(t + 1));
                longest = std::max(longest, run);
            }
        }
    }
    // pieces of 4 to 16 tokens: most neighbours run on (about 3 in 4: a piece that copies across
    // the end of the opening jumps to wherever the copy there came from), where a uniform draw
    // from the opening would run on about once in 20
    REQUIRE(double(running_on) / double(pairs) > 0.6);
    // starts and distances spread over the opening and the row
    REQUIRE(starts.size() >= 25);
    REQUIRE(distances.size() >= 50);
    // a piece reaching past 16 tokens happens only when the next piece happens to start where it
    // ended; runs far longer than that would mean pieces are not cut
    REQUIRE(longest < 64);
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
    // 65 independent draws of 64 tokens hold 64 (1 - (63/64)^65) = 41.006 distinct on average; a
    // repeating row holds at most 32
    REQUIRE_THAT(distinct, Catch::Matchers::WithinAbs(41.006, 1.0));
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

TEST_CASE("§4 a vocabulary of any size costs only the opening: the same draws as a full shuffle would make") {
    // ids spread over the whole of a large vocabulary, distinct in the opening
    const TokenMatrix b = repeats_batch({4, 64, std::size_t(INT_MAX), true, 2});
    int largest = 0;
    for (const int t : b) largest = std::max(largest, t);
    REQUIRE(largest > INT_MAX / 2);
}

TEST_CASE("§4 repeatsBatch refuses an empty batch, row or vocabulary, and one past the engine's size") {
    REQUIRE_THROWS_WITH(repeats_batch({0, 64, 64}), "repeatsBatch: config.positive {name: \"batch\"}");
    REQUIRE_THROWS_WITH(repeats_batch({8, 0, 64}), "repeatsBatch: config.positive {name: \"T\"}");
    REQUIRE_THROWS_WITH(repeats_batch({8, 64, 0}), "repeatsBatch: config.positive {name: \"vocab\"}");
    REQUIRE_THROWS_WITH(repeats_batch({1 << 20, 64, 64}), Catch::Contains("repeatsBatch: value.atMost"));
    // T + 1 past the largest size does not wrap round to an empty row
    REQUIRE_THROWS_WITH(repeats_batch({1, std::size_t(-1), 64}), Catch::Contains("repeatsBatch: value.atMost"));
    REQUIRE_THROWS_WITH(repeats_batch({1, 8, std::size_t(INT_MAX) + 1}),
                        Catch::Contains("repeatsBatch: value.atMost {name: \"vocab\""));
}
