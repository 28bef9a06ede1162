// language_model.hpp: the one model class in both number types, and its one generation driver —
// a worked example (double) and a model of the same weights in float32 draw the same tokens, a
// generation continued in pieces is the generation made at once, and an overflow ends it.
#include "fixtures.hpp"
#include "lab/layers/language_model.hpp"

using namespace lab;
using namespace fixtures;

namespace {
// The worked example's model of `p` as a float32 model (a trained one's: its logits checked finite).
LanguageModel<float> in_float(const LmParams& p, const LmOptions& o) {
    flat::LmStructure s = example_model(p, o, "test").lm().structure();
    return LanguageModel<float>(std::make_unique<flat::Lm<float>>(std::move(s), p));
}

// Every token the model draws after `prompt`: at once, or in pieces of `piece` after the first.
template <class Real>
std::vector<int> drawn(LanguageModel<Real>& m, const std::vector<int>& prompt, GenerateOptions g, bool cached,
                       std::size_t piece = 0) {
    std::vector<GenerateStep> steps;
    const auto keep = [&](GenerateStep&& st) { steps.push_back(std::move(st)); };
    const std::size_t all = g.steps;
    if (piece) g.steps = piece;
    m.generate(prompt, g, {}, cached, 16, keep, "test");
    while (piece && m.generated().size() < prompt.size() + all && !m.generation_ended())
        m.generate_more(std::min(piece, prompt.size() + all - m.generated().size()), keep, "test");
    REQUIRE(steps.size() + prompt.size() == m.generated().size());
    for (std::size_t i = 0; i < steps.size(); ++i) REQUIRE(steps[i].token == m.generated()[prompt.size() + i]);
    return m.generated();
}
}  // namespace

TEST_CASE("§7.1 one driver in double and float32: the same weights draw the same tokens, cached or not") {
    const std::size_t seed = GENERATE(1, 2, 3, 4, 5);
    const LmParams p = random_lm(7, 8, 2, 2, 16, seed);
    const LmOptions o = random_lm_options(2);
    LanguageModel<double> example = example_model(p, o, "test");
    LanguageModel<float> model = in_float(p, o);
    GenerateOptions g;
    g.steps = 10;
    g.temperature = GENERATE(0.0, 1.0);
    g.seed = seed;
    const std::vector<int> prompt{1, 4, 2};
    const std::vector<int> want = drawn(example, prompt, g, false);
    REQUIRE(want.size() == 13);
    REQUIRE(drawn(example, prompt, g, true) == want);
    REQUIRE(drawn(model, prompt, g, false) == want);
    REQUIRE(drawn(model, prompt, g, true) == want);
    SECTION("Handout #12: continued a token or three at a time, it draws what it drew at once") {
        REQUIRE(drawn(example, prompt, g, true, 1) == want);
        REQUIRE(drawn(model, prompt, g, true, 3) == want);
        REQUIRE(drawn(model, prompt, g, false, 4) == want);
    }
}

TEST_CASE("a generation ends at its end token, and there is nothing to continue before one or after a failure") {
    const LmParams p = random_lm(7, 8, 2, 2, 16, 9);
    const LmOptions o = random_lm_options(2);
    LanguageModel<float> model = in_float(p, o);
    const auto ignore = [](GenerateStep&&) {};
    REQUIRE_THROWS_WITH(model.generate_more(1, ignore, "generateMore"), Catch::Contains("generate.nothingToContinue"));

    GenerateOptions g;
    g.steps = 30;
    g.temperature = 1.0;
    model.generate({1, 2}, g, {}, true, 16, ignore, "test");
    const std::vector<int> all = model.generated();
    g.eos = all[5];  // the first time this token comes, the generation ends
    const std::size_t first = std::size_t(std::find(all.begin() + 2, all.end(), *g.eos) - all.begin());
    model.generate({1, 2}, g, {}, true, 16, ignore, "test");
    REQUIRE(model.generation_ended());
    REQUIRE(model.generated() == std::vector<int>(all.begin(), all.begin() + std::ptrdiff_t(first) + 1));
    model.generate_more(5, ignore, "test");
    REQUIRE(model.generated().size() == first + 1);

    // Weights past float32's range overflow the logits: refused, and the generation is over.
    g.eos.reset();
    model.generate({1, 2}, g, {}, true, 16, ignore, "test");
    std::fill(model.lm().weights().begin(), model.lm().weights().end(), 3e38f);
    REQUIRE_THROWS_WITH(model.generate_more(1, ignore, "generateMore"), Catch::Contains("model.notFinite"));
    REQUIRE_THROWS_WITH(model.generate_more(1, ignore, "generateMore"), Catch::Contains("generate.nothingToContinue"));
}
