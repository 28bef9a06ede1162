// model_file.hpp: the saved form of a trained model. A model saved and loaded again has the same
// configuration and every parameter bit for bit, and so the same loss; a file that claims
// something else is refused, saying what.
#include "corpus.hpp"
#include "fixtures.hpp"
#include "lab/boundary/model_file.hpp"

using namespace lab;

namespace {
Model trained() {
    const auto stream = corpus::toy_grammar(200, 1);
    ModelConfig c = corpus::toy_config();
    c.mask_blocks = {true, false};
    Model m(c);
    Pcg32 rng(2);
    for (int s = 0; s < 5; ++s) m.train(corpus::batch(stream, 4, 8, rng), OptimizerConfig{});
    return m;
}
}  // namespace

TEST_CASE("model file: save then load gives the same model, bit for bit") {
    Model m = trained();
    const SavedModel s = save_model(m);
    REQUIRE(s.format == "attention-lab-model");
    REQUIRE(s.version == 1);
    REQUIRE(s.config.at("maskBlocks").flags);
    Model copy = load_model(s);
    const auto a = parameters_of(m), b = parameters_of(copy);
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        CAPTURE(a[i].name);
        REQUIRE(a[i].name == b[i].name);
        REQUIRE(a[i].value.shape == b[i].value.shape);
        REQUIRE(a[i].value.data == b[i].value.data);
    }
    REQUIRE(copy.config().mask_blocks == m.config().mask_blocks);
    Pcg32 rng(9);
    const TokenMatrix batch = corpus::batch(corpus::toy_grammar(50, 3), 4, 8, rng);
    REQUIRE(copy.evaluate(batch) == m.evaluate(batch));
}

TEST_CASE("model file: another format or version, or parameters that do not fit, are refused") {
    using Catch::Matchers::Contains;
    const SavedModel good = save_model(trained());
    SavedModel s = good;
    SECTION("version") {
        s.version = 2;
        REQUIRE_THROWS_WITH(load_model(s), Contains("loadModel: saved.format {format: "));
    }
    SECTION("a missing parameter") {
        s.parameters.erase(s.parameters.begin());
        REQUIRE_THROWS_WITH(load_model(s), "loadModel: saved.missing {name: \"embedding\"}");
    }
    SECTION("an extra parameter") {
        s.parameters.push_back({"blocks.9.ffn.w1", {{1}, {0.0}}});
        REQUIRE_THROWS_WITH(load_model(s), "loadModel: saved.unused {n: 1}");
    }
    SECTION("a parameter twice") {
        s.parameters.push_back(s.parameters.front());
        REQUIRE_THROWS_WITH(load_model(s), "loadModel: saved.twice {name: \"embedding\"}");
    }
    SECTION("a misshapen parameter") {
        s.parameters.front().value.shape = {16, 14};
        REQUIRE_THROWS_WITH(load_model(s),
                            Contains("loadModel: saved.shape {name: \"embedding\", shape: \"[16, 14]\""));
    }
    SECTION("a value float32 cannot hold") {
        s.parameters.front().value.data[3] = 1e300;
        REQUIRE_THROWS_WITH(load_model(s), Contains("model.parameterNotFinite {name: "));
    }
    SECTION("a configuration createModel refuses") {
        s.config["activation"].text = "tanh";
        REQUIRE_THROWS_WITH(load_model(s), Contains("loadModel: option.choice {what: \"activation\""));
    }
}
