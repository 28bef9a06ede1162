// options.hpp: every entry point's options declared once. What JS passes is read into the
// engine's structs; unknown names, wrong types and unknown choices are refused by name; each
// declared default is the struct's own; a configuration written out reads back the same.
#include <set>

#include "fixtures.hpp"
#include "lab/boundary/options.hpp"

using namespace lab;

namespace {
Value boolean(bool b) { return Value::of(b); }
Value number(double x) { return Value::of(x); }
Value text(const std::string& s) { return Value::of(s); }
Value array(std::vector<std::size_t> shape, std::vector<double> data) {
    Value v;
    v.kind = Value::Kind::array;
    v.array = {std::move(shape), std::move(data)};
    return v;
}
const OptionDeclaration& declared(const std::string& fn, const std::string& name) {
    for (const OptionDeclaration& d : option_declarations().at(fn))
        if (d.name == name) return d;
    FAIL("no option " << name << " declared for " << fn);
    throw 0;
}
bool same(const ModelConfig& a, const ModelConfig& b) {
    return a.vocab == b.vocab && a.D == b.D && a.heads == b.heads && a.layers == b.layers && a.T == b.T &&
           a.ffn_mult == b.ffn_mult && a.activation == b.activation && a.arrangement == b.arrangement &&
           a.norm == b.norm && a.positions == b.positions && a.tied == b.tied && a.gated == b.gated &&
           a.mask_blocks == b.mask_blocks && a.scaled == b.scaled && a.bias == b.bias && a.seed == b.seed;
}
}  // namespace

TEST_CASE("options: given values set the members they name; absent ones keep the struct's defaults") {
    const ModelConfig c = read_options<ModelConfig>("createModel", {{"vocab", number(14)},
                                                                    {"D", number(16)},
                                                                    {"activation", text("silu")},
                                                                    {"tied", boolean(false)},
                                                                    {"maskBlocks", array({2}, {1, 0})}});
    REQUIRE(c.vocab == 14);
    REQUIRE(c.D == 16);
    REQUIRE(c.activation == Activation::silu);
    REQUIRE_FALSE(c.tied);
    REQUIRE(c.mask_blocks == std::vector<bool>{true, false});
    const ModelConfig d;
    REQUIRE(c.heads == d.heads);
    REQUIRE(c.ffn_mult == d.ffn_mult);
    REQUIRE(c.norm == d.norm);

    const flat::Intervention iv = read_options<flat::Intervention>(
        "inspect", {{"ablateHeads", array({2, 2}, {0, 1, 1, 0})}, {"hideTokens", array({1}, {3})}});
    REQUIRE(iv.heads == std::vector<std::pair<std::size_t, std::size_t>>{{0, 1}, {1, 0}});
    REQUIRE(iv.hidden == std::vector<std::size_t>{3});

    const TrainCall t = read_options<TrainCall>("trainStep", {{"optimizer", text("sgd")}});
    REQUIRE(t.resolved().weight_decay == 0.0);
    REQUIRE(read_options<TrainCall>("trainStep", {}).resolved().weight_decay == 0.01);
    REQUIRE(read_options<TrainCall>("trainStep", {{"weightDecay", number(0.5)}}).resolved().weight_decay == 0.5);
}

TEST_CASE("options: unknown names, wrong types and unknown choices are refused, naming the option and what came") {
    using Catch::Matchers::Contains;
    REQUIRE_THROWS_WITH(read_options<ModelConfig>("createModel", {{"heeds", number(2)}}),
                        Contains("createModel: option.unknown {name: \"heeds\", known: [\"vocab\", \"D\", \"heads\","));
    REQUIRE_THROWS_WITH(
        read_options<ModelConfig>("createModel", {{"heads", number(1.5)}}),
        "createModel: option.type {name: \"heads\", expected: \"whole\", gotKind: \"number\", got: \"1.5\"}");
    REQUIRE_THROWS_WITH(
        read_options<ModelConfig>("createModel", {{"tied", number(1)}}),
        "createModel: option.type {name: \"tied\", expected: \"boolean\", gotKind: \"number\", got: \"1\"}");
    REQUIRE_THROWS_WITH(
        read_options<LmOptions>("lmForward", {{"norm", text("batch")}}),
        "lmForward: option.choice {what: \"norm\", choices: [\"layer\", \"rms\", \"none\"], got: \"batch\"}");
    REQUIRE_THROWS_WITH(
        read_options<GenerateCall>("generate", {{"temperature", number(NAN)}}),
        "generate: option.type {name: \"temperature\", expected: \"number\", gotKind: \"number\", got: \"NaN\"}");
    REQUIRE_THROWS_WITH(
        read_options<flat::Intervention>("inspect", {{"ablateHeads", array({1, 3}, {0, 1, 2})}}),
        "inspect: option.type {name: \"ablateHeads\", expected: \"pairs\", gotKind: \"array\", got: \"\"}");
}

TEST_CASE("options: each declared default is the struct's default member, each choice list the enum's names") {
    const ModelConfig m;
    CHECK(declared("createModel", "ffnMult").fallback == std::to_string(m.ffn_mult));
    CHECK(declared("createModel", "activation").fallback == std::string("'") + name_of(m.activation) + "'");
    CHECK(declared("createModel", "activation").choices == names_of<Activation>());
    CHECK(declared("createModel", "tied").fallback == (m.tied ? "true" : "false"));
    CHECK(declared("createModel", "vocab").fallback.empty());  // no default: the model needs one
    CHECK(declared("createModel", "maskBlocks").type == "boolean[]");
    CHECK(declared("trainStep", "lr").fallback == "0.001");
    CHECK(declared("trainStep", "optimizer").choices == std::vector<std::string>{"adamw", "sgd"});
    CHECK(declared("block", "causal").fallback == "true");
    CHECK(declared("attention", "causal").fallback == "false");
    CHECK(declared("attention", "mask").type == "mask");
    CHECK(declared("generate", "eos").fallback.empty());
    CHECK(declared("inspect", "ablateHeads").type == "integer[][]");
    const std::set<std::string> types = {"boolean",   "integer",   "number",      "string",
                                         "boolean[]", "integer[]", "integer[][]", "mask"};
    for (const auto& [fn, list] : option_declarations())
        for (const OptionDeclaration& d : list) {
            CAPTURE(fn, d.name, d.type);
            CHECK(types.count(d.type) == 1);
            CHECK((d.type == "string") == !d.choices.empty());
        }
}

TEST_CASE("options: a configuration written out reads back the same") {
    auto [activation, norm, positions, arrangement, mask] =
        GENERATE(table<Activation, NormKind, PositionKind, Arrangement, std::vector<bool>>(
            {{Activation::gelu, NormKind::layer, PositionKind::learned, Arrangement::pre, {}},
             {Activation::relu, NormKind::rms, PositionKind::sinusoidal, Arrangement::post, {true, false}},
             {Activation::gelu_tanh, NormKind::none, PositionKind::none, Arrangement::pre, {false, false}},
             {Activation::silu, NormKind::layer, PositionKind::learned, Arrangement::post, {false, true}}}));
    ModelConfig c;
    c.vocab = 7, c.D = 8, c.heads = 2, c.layers = 2, c.T = 5, c.ffn_mult = 3, c.seed = 41;
    c.activation = activation, c.norm = norm, c.positions = positions, c.arrangement = arrangement;
    c.mask_blocks = mask, c.tied = mask.empty(), c.gated = !mask.empty(), c.scaled = mask.size() != 2;
    c.bias = norm != NormKind::rms;
    CAPTURE(name_of(activation), name_of(norm), name_of(positions), mask.size());
    REQUIRE(same(read_options<ModelConfig>("createModel", write_options(c)), c));
}

TEST_CASE("§9 nanoGPT's GPTConfig names are createModel's and paramCount's; one setting named twice is refused") {
    using Catch::Matchers::Contains;
    const Values gpt = {{"vocab_size", number(65)}, {"block_size", number(32)}, {"n_layer", number(3)},
                        {"n_head", number(4)},      {"n_embd", number(64)},     {"bias", boolean(false)},
                        {"dropout", number(0)}};
    SECTION("createModel: block_size is the position table's rows T") {
        const ModelConfig c = read_options<ModelConfig>("createModel", gpt);
        ModelConfig want;
        want.vocab = 65, want.T = 32, want.layers = 3, want.heads = 4, want.D = 64, want.bias = false;
        REQUIRE(same(c, want));
        // a saved model writes the lab's names, once each
        const Values written = write_options(c);
        REQUIRE(written.count("D") == 1);
        REQUIRE(written.count("n_embd") == 0);
    }
    SECTION("paramCount: block_size is maxT") {
        const ParamCountConfig c = read_options<ParamCountConfig>("paramCount", gpt);
        REQUIRE((c.model.vocab == 65 && c.model.T == 32 && c.model.layers == 3 && c.model.heads == 4 &&
                 c.model.D == 64 && !c.model.bias));
    }
    SECTION("the aliases are declared, with the default written once under the lab's name") {
        CHECK(declared("createModel", "n_embd").type == "integer");
        CHECK(declared("createModel", "n_head").fallback.empty());
        CHECK(declared("createModel", "heads").fallback == "1");
        CHECK(declared("createModel", "dropout").fallback == "0");
        CHECK(declared("paramCount", "block_size").type == "integer");
    }
    SECTION("both names of one setting, or a dropout the lab cannot honour") {
        Values both = gpt;
        both["D"] = number(64);
        REQUIRE_THROWS_WITH(read_options<ModelConfig>("createModel", both),
                            "createModel: config.twoNames {nanogpt: \"n_embd\", ours: \"D\"}");
        Values dropout = gpt;
        dropout["dropout"] = number(0.1);
        REQUIRE_THROWS_WITH(read_options<ModelConfig>("createModel", dropout),
                            "createModel: config.dropout {got: \"0.1\"}");
        dropout["dropout"] = text("none");
        REQUIRE_THROWS_WITH(read_options<ParamCountConfig>("paramCount", dropout),
                            "paramCount: config.dropout {got: \"?\"}");
        REQUIRE_THROWS_WITH(read_options<ModelConfig>("createModel", {{"n_embed", number(8)}}),
                            Contains("option.unknown {name: \"n_embed\""));
    }
}
