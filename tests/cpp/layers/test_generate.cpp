// generate.hpp and rng.hpp: §7.1's loop, greedy and sampled, reproducible from a seed.
#include <cstring>

#include "fixtures.hpp"
#include "lab/layers/generate.hpp"
#include "lab/layers/language_model.hpp"
#include "lab/layers/lm_model.hpp"

using namespace lab;
using namespace fixtures;

TEST_CASE("PCG32 gives the reference generator's numbers (the same natively and in wasm)") {
    // pcg32_srandom_r(&rng, 42, 54) in the PCG reference implementation's demo.
    Pcg32 rng(42, 54);
    const std::uint32_t want[6] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
    for (std::uint32_t w : want) REQUIRE(rng.next_u32() == w);
    SECTION("uniform numbers lie in [0, 1)") {
        Pcg32 u(7);
        double lo = 1, hi = 0;
        for (int i = 0; i < 10000; ++i) {
            const double x = u.uniform();
            lo = std::min(lo, x);
            hi = std::max(hi, x);
        }
        REQUIRE(lo >= 0.0);
        REQUIRE(hi < 1.0);
        REQUIRE(lo < 0.001);
        REQUIRE(hi > 0.999);
    }
}

TEST_CASE("§7.1 greedy generation after A B C picks A") {
    const GenerateResult g = generate({0, 1, 2}, toy_model(), toy_options(), GenerateOptions{1, 0.0, 0, {}});
    REQUIRE(g.tokens == std::vector<int>{0, 1, 2, 0});
    REQUIRE(g.steps.size() == 1);
    const GenerateStep& s = g.steps[0];
    REQUIRE(s.position == 2);
    require_all_near(s.logits, {2.7, 2.4, -5.1});
    require_all_near(s.probs, {0.574307, 0.425457, 0.000235}, 0, half_unit(6));
    REQUIRE(std::isnan(s.u));
}

TEST_CASE("§7.1 sampling is reproducible by hand: u from the seed, first cumulative sum above u") {
    const LmParams p = random_lm(6, 8, 2, 1, 16, 3);
    const LmOptions o = random_lm_options(2);
    const std::uint64_t seed = GENERATE(1u, 2u, 99u);
    CAPTURE(seed);
    const GenerateOptions g{8, 1.3, seed, {}};
    const GenerateResult a = generate({1, 2}, p, o, g);
    const GenerateResult b = generate({1, 2}, p, o, g);
    REQUIRE(a.tokens == b.tokens);
    REQUIRE(a.tokens.size() == 10);
    Pcg32 rng(seed);
    for (const GenerateStep& s : a.steps) {
        REQUIRE(s.u == rng.uniform());
        REQUIRE_THAT(s.cumulative(s.cumulative.size() - 1), near(1.0, 1e-14));
        std::size_t first = 0;
        while (!(s.u < s.cumulative(first))) ++first;
        REQUIRE(s.token == int(first));
        // the draw: u in the token's slice [below, upto) of the running sums, prob its width
        REQUIRE(s.below <= s.u);
        REQUIRE(s.u < s.upto);
        REQUIRE(s.prob == s.probs(first));
        REQUIRE(s.upto == s.cumulative(first));
        // probs = softmax(logits / temperature)
        double z = 0;
        for (double l : s.logits) z += std::exp(l / 1.3);
        REQUIRE_THAT(s.probs(0), near(std::exp(s.logits(0) / 1.3) / z, 1e-12));
    }
}

TEST_CASE("§7.1 generation stops at EOS or at the length bound") {
    const LmParams p = random_lm(5, 8, 2, 1, 32, 4);
    const LmOptions o = random_lm_options(2);
    const GenerateResult free_run = generate({0}, p, o, GenerateOptions{20, 1.0, 5, {}});
    REQUIRE(free_run.tokens.size() == 21);
    REQUIRE_FALSE(free_run.ended);
    const int eos = free_run.tokens[4];  // a token that the free run produces at step 4
    const GenerateResult stopped = generate({0}, p, o, GenerateOptions{20, 1.0, 5, eos});
    REQUIRE(stopped.ended);
    REQUIRE(stopped.tokens.back() == eos);
    REQUIRE(stopped.tokens.size() <= 5);
}

TEST_CASE("generation refuses a bad temperature, an empty prompt, and too many steps for the table") {
    const LmParams p = toy_model();
    REQUIRE_THROWS_WITH(generate({0}, p, toy_options(), GenerateOptions{1, -1.0, 0, {}}),
                        Catch::Contains("generate.temperature {got: "));
    REQUIRE_THROWS_WITH(generate({}, p, toy_options(), GenerateOptions{}), Catch::Contains("generate.emptyPrompt {}"));
    REQUIRE_THROWS_WITH(generate({0, 1}, p, toy_options(), GenerateOptions{5, 0.0, 0, {}}),
                        "generate: generate.tooLong {prompt: 2, steps: 5, needed: 6, rows: 3}");
    // A positive temperature so small that logits / temperature leave the doubles.
    REQUIRE_THROWS_WITH(generate({0}, p, toy_options(), GenerateOptions{1, 1e-310, 0, {}}),
                        Catch::StartsWith("generate: generate.temperatureOverflow {temperature: "));
}

TEST_CASE("§7.1 one seed names one sampled sequence, natively (libstdc++) and in wasm (libc++)") {
    // Recorded from the native build; the wasm build runs this same test, so passing in both
    // means both sample the same tokens (PCG32 and inverse-CDF sampling, no std distributions).
    const LmParams p = random_lm(11, 8, 2, 2, 40, 77);
    const GenerateResult g = generate({3, 1, 4}, p, random_lm_options(2), GenerateOptions{30, 3.0, 2026, {}});
    REQUIRE(g.tokens == std::vector<int>{3, 1, 4, 0, 2, 2, 7, 7, 7, 0, 9, 5, 9, 6, 7, 7, 2,
                                         1, 2, 2, 3, 3, 2, 0, 6, 8, 9, 9, 7, 4, 1, 1, 3});
}

// Handout #12's cache, from §7.1: the same generation, keeping keys and values instead of
// recomputing the prefix, must give the same tokens, logits and probabilities bit for bit.
TEST_CASE("§7.1 cached decoding equals recomputing the prefix, bit for bit") {
    const auto [L, arrangement, positions, tied, temperature] =
        GENERATE(table<std::size_t, Arrangement, PositionKind, bool, double>({
            {1, Arrangement::pre, PositionKind::learned, false, 0.0},
            {2, Arrangement::pre, PositionKind::learned, true, 1.0},
            {3, Arrangement::post, PositionKind::sinusoidal, false, 0.7},
            {2, Arrangement::post, PositionKind::none, true, 0.0},
            {4, Arrangement::pre, PositionKind::sinusoidal, false, 1.5},
        }));
    CAPTURE(L, int(arrangement), int(positions), tied, temperature);
    LmParams p = random_lm(7, 8, 2, L, 24, 11 + L);
    if (positions != PositionKind::learned) p.positions.reset();
    if (!tied) p.head = random_mat(8, 7, 99, 0.5);
    LmOptions o = random_lm_options(2);
    o.block.arrangement = arrangement;
    o.positions = positions;
    GenerateOptions g{12, temperature, 5, {}};
    const std::vector<int> prompt{3, 1, 4, 1};
    const GenerateResult naive = generate(prompt, p, o, g);
    g.cache = true;
    const GenerateResult cached = generate(prompt, p, o, g);

    REQUIRE(cached.tokens == naive.tokens);
    REQUIRE(cached.steps.size() == naive.steps.size());
    for (std::size_t s = 0; s < naive.steps.size(); ++s) {
        CAPTURE(s);
        const GenerateStep &a = naive.steps[s], &b = cached.steps[s];
        REQUIRE(a.position == b.position);
        for (std::size_t v = 0; v < 7; ++v) {
            REQUIRE(std::memcmp(&a.logits(v), &b.logits(v), sizeof(double)) == 0);  // bit for bit
            REQUIRE(std::memcmp(&a.probs(v), &b.probs(v), sizeof(double)) == 0);
        }
        SECTION("the cost of each step, both ways") {
            REQUIRE(a.naive_multiply_adds == b.naive_multiply_adds);
            REQUIRE(a.cached_multiply_adds == b.cached_multiply_adds);
            // the prompt is one pass either way, but the cached one asks the head for its last logits alone
            if (s == 0) REQUIRE(b.cached_multiply_adds == b.naive_multiply_adds - (prompt.size() - 1) * 8 * 7);
            if (s > 0) REQUIRE(b.cached_multiply_adds < b.naive_multiply_adds);
            // 2 L T D numbers: a key and a value row of width D per block and position
            REQUIRE(b.cached_numbers == 2 * L * (b.position + 1) * 8);
        }
    }
}

TEST_CASE("§7.1 the cache holds 2 L T D numbers and a step costs one row of every product") {
    // A random model: V = 5, D = 4, H = 2 heads of width 2, L = 2 blocks with W_O, FFN width 4 D.
    const LmParams p = random_lm(5, 4, 2, 2, 16, 7);
    const LmOptions o = random_lm_options(2);
    LanguageModel<double> model = example_model(p, o, "test");
    flat::DecodeState<double> st;
    const auto stored = [&] {
        std::size_t n = 0;
        for (const auto& rows : st.cache.blocks) n += rows.size();
        return n;
    };
    const std::vector<int> prompt{1, 2, 3}, next{4};
    model.lm().decode(prompt.data(), 3, st);
    REQUIRE(st.length == 3);
    REQUIRE(stored() == 2 * 2 * 3 * 4);
    model.lm().decode(next.data(), 1, st);
    REQUIRE(stored() == 2 * 2 * 4 * 4);
    // Per position per block: D 3D (q, k, v) + D D (W_O) + D F + F D with F = 4 D; then D V.
    const std::uint64_t D = 4, F = 16, V = 5, per_position = 2 * (D * 3 * D + D * D + 2 * D * F) + D * V;
    const flat::PassCost c = model.lm().pass_cost();
    REQUIRE(c.per_position == per_position);
    REQUIRE(c.cached_per_position * 4 == stored());
    // Pairs: position t (0-based) reads t + 1 keys, each H (dk + dv) = 2 D per block.
    REQUIRE(c(0, 3) == 3 * per_position + (1 + 2 + 3) * 2 * (2 * D));
    REQUIRE(c(3, 1) == per_position + 4 * 2 * (2 * D));
    REQUIRE(c.last_logits(0, 3) == c(0, 3) - 2 * D * V);  // a cached prompt's head: its last row only
    REQUIRE(c.last_logits(3, 1) == c(3, 1));
}

TEST_CASE("§7.3 cached decoding refuses a block without the causal mask") {
    const LmParams p = random_lm(5, 4, 2, 2, 16, 7);
    LmOptions o = random_lm_options(2);
    o.mask_blocks = {true, false};
    GenerateOptions g{3, 0.0, 0, {}};
    REQUIRE_NOTHROW(generate({1, 2}, p, o, g));  // recomputing is always possible
    g.cache = true;
    REQUIRE_THROWS_WITH(generate({1, 2}, p, o, g), Catch::Contains("cache.notCausal {block: 1}"));
}
