// checkpoint.hpp: nanoGPT's checkpoints as the lab's models and back. A model written in
// nanoGPT's layout and read again is the same model; GPT-2's layout of the same weights is the
// same model with GELU's tanh form; what a file cannot tell (the number of heads) and what it
// gets wrong is refused, naming the tensor or the field.
#include <cstring>

#include "corpus.hpp"
#include "fixtures.hpp"
#include "lab/boundary/checkpoint.hpp"

using namespace lab;
using namespace fixtures;

namespace {
Model trained(bool bias = true) {
    const auto stream = corpus::toy_grammar(200, 1);
    ModelConfig c = corpus::toy_config();
    c.bias = bias;
    Model m(c);
    Pcg32 rng(2);
    for (int s = 0; s < 3; ++s) m.train(corpus::batch(stream, 4, 8, rng), OptimizerConfig{});
    return m;
}
SafeTensors reread(const SafeTensors& st) {
    const auto f = write_safetensors(st);
    return read_safetensors(f.data(), f.size(), "loadCheckpoint");
}
const StTensor& named(const SafeTensors& st, const std::string& name) {
    for (const StTensor& t : st.tensors)
        if (t.name == name) return t;
    FAIL("no tensor " << name);
    return st.tensors[0];
}
Values given(const std::string& key, double n) {
    Values v;
    v[key].number = n;
    return v;
}
TokenMatrix probe() {
    Pcg32 rng(9);
    return corpus::batch(corpus::toy_grammar(50, 3), 4, 8, rng);
}
}  // namespace

TEST_CASE("§9 checkpoint: a model written in nanoGPT's layout reads back as the same model") {
    const bool bias = GENERATE(true, false);
    CAPTURE(bias);
    Model m = trained(bias);
    const SafeTensors st = nanogpt_checkpoint(m);
    SECTION("nanoGPT's names, [out, in] weights, the tied head under both names, GPTConfig's fields") {
        const std::size_t D = m.config().D;
        const StTensor& c_attn = named(st, "transformer.h.0.attn.c_attn.weight");
        REQUIRE(c_attn.shape == std::vector<std::size_t>{3 * D, D});
        const LmParams p = m.params();
        // c_attn.weight[o][i] is W_QKV[i][o]: nn.Linear computes x W^T
        REQUIRE(double(c_attn.data[5 * D + 3]) == (*p.blocks[0].attn.wQKV)(3, 5));
        REQUIRE(named(st, "lm_head.weight").data == named(st, "transformer.wte.weight").data);
        REQUIRE(named(st, "transformer.h.1.mlp.c_fc.weight").shape == std::vector<std::size_t>{4 * D, D});
        bool has_bias = false;
        for (const StTensor& t : st.tensors) has_bias = has_bias || t.name == "transformer.h.0.ln_1.bias";
        REQUIRE(has_bias == bias);
        REQUIRE(st.metadata[1] == std::pair<std::string, std::string>{"n_head", "2"});
        REQUIRE(st.metadata[5].second == (bias ? "True" : "False"));
    }
    SECTION("read back: the same parameters and the same loss") {
        Model back = load_checkpoint(reread(st), {});
        REQUIRE(back.config().heads == m.config().heads);
        REQUIRE(back.config().bias == bias);
        REQUIRE(back.config().activation == Activation::gelu);
        const auto a = parameters_of(m), b = parameters_of(back);
        REQUIRE(a.size() == b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            CAPTURE(a[i].name);
            REQUIRE(a[i].value.data == b[i].value.data);
        }
        REQUIRE(back.evaluate(probe()) == m.evaluate(probe()));
    }
}

namespace {
// tests/reference/nanogpt_gpt.py's GPT as nanoGPT's state_dict would save it: its weights
// w(r, c, seed) are [in, out], so nn.Linear's are stored transposed; lm_head is wte, not stored.
SafeTensors reference_checkpoint(bool bias) {
    SafeTensors st;
    const auto put = [&](const std::string& name, const Tensor2& m, bool linear) {
        StTensor t{name, {m.shape(0), m.shape(1)}, {}};
        if (linear) t.shape = {m.shape(1), m.shape(0)};
        for (std::size_t i = 0; i < t.shape[0]; ++i)
            for (std::size_t j = 0; j < t.shape[1]; ++j) t.data.push_back(float(linear ? m(j, i) : m(i, j)));
        st.tensors.push_back(t);
    };
    const auto vec = [&](const std::string& name, const Tensor1& v) {
        st.tensors.push_back({name, {v.size()}, std::vector<float>(v.begin(), v.end())});
    };
    const auto w = [](std::size_t r, std::size_t c, double seed) { return reference_weight(r, c, seed, true); };
    const auto v = [](std::size_t n, double seed) { return reference_vector(n, seed, true); };
    const auto ln = [&](const std::string& name, double seed) {
        vec(name + ".weight", Tensor1(xt::cast<double>(xt::cast<float>(1.0 + v(8, seed)))));
        if (bias) vec(name + ".bias", v(8, seed + 50));
    };
    const auto linear = [&](const std::string& name, std::size_t r, std::size_t c, double seed) {
        put(name + ".weight", w(r, c, seed), true);
        if (bias) vec(name + ".bias", v(c, seed + 1));
    };
    put("transformer.wte.weight", w(7, 8, 1), false);
    put("transformer.wpe.weight", w(6, 8, 2), false);
    for (int l = 0; l < 2; ++l) {
        const std::string h = "transformer.h." + std::to_string(l) + ".";
        const double s = 100.0 * l;
        ln(h + "ln_1", s + 60);
        linear(h + "attn.c_attn", 8, 24, s + 10);
        linear(h + "attn.c_proj", 8, 8, s + 20);
        ln(h + "ln_2", s + 70);
        linear(h + "mlp.c_fc", 8, 32, s + 30);
        linear(h + "mlp.c_proj", 32, 8, s + 40);
    }
    ln("transformer.ln_f", 900);
    st.metadata = {{"n_layer", "2"},    {"n_head", "2"},     {"n_embd", "8"},
                   {"block_size", "6"}, {"vocab_size", "7"}, {"bias", bias ? "True" : "False"},
                   {"dropout", "0.0"}};
    return st;
}
}  // namespace

TEST_CASE("§9 checkpoint: nanoGPT's GPT saved as a checkpoint gives PyTorch's loss (tests/reference/nanogpt_gpt.py)") {
    const bool bias = GENERATE(true, false);
    CAPTURE(bias);
    const double loss = bias ? 3.5005691349059718 : 4.1293139152464535;  // what the reference prints
    Model m = load_checkpoint(reread(reference_checkpoint(bias)), {});
    REQUIRE(m.config().bias == bias);
    REQUIRE(m.config().tied);
    const TokenMatrix batch = {{1, 4, 2, 6, 0, 3}, {5, 5, 1, 0, 2, 4}};
    REQUIRE_THAT(m.evaluate(batch), near(loss, 1e-5, 1e-6));
}

TEST_CASE("§9 checkpoint: GPT-2's layout of the same weights is the same model, with GELU's tanh form") {
    Model m = trained();
    SafeTensors gpt2;
    for (const StTensor& t : nanogpt_checkpoint(m).tensors) {
        if (t.name == "lm_head.weight") continue;  // stored once, as GPT-2's files do
        StTensor u = t;
        u.name = t.name.substr(std::string("transformer.").size());  // GPT-2's files may drop the prefix
        const bool conv1d = u.name.find("c_attn.weight") != std::string::npos ||
                            u.name.find("c_proj.weight") != std::string::npos ||
                            u.name.find("c_fc.weight") != std::string::npos;
        if (conv1d) {  // Conv1D stores [in, out]
            const std::size_t r = t.shape[0], c = t.shape[1];
            u.shape = {c, r};
            for (std::size_t i = 0; i < r; ++i)
                for (std::size_t j = 0; j < c; ++j) u.data[j * r + i] = t.data[i * c + j];
        }
        gpt2.tensors.push_back(u);
    }
    gpt2.tensors.push_back({"h.0.attn.bias", {1, 1, 8, 8}, std::vector<float>(64, 1.0f)});  // buffers, skipped
    gpt2.tensors.push_back({"h.0.attn.masked_bias", {}, {-1e4f}});
    gpt2.metadata = {{"n_head", "2"}};
    const Model as_read = load_checkpoint(reread(gpt2), {});
    REQUIRE(as_read.config().activation == Activation::gelu_tanh);
    Values exact;
    exact["activation"] = Value::of("gelu");
    Model same = load_checkpoint(reread(gpt2), exact);
    REQUIRE(same.evaluate(probe()) == m.evaluate(probe()));
}

TEST_CASE("§9 checkpoint: what a file cannot tell or gets wrong is refused, naming the tensor or field") {
    Model m = trained();
    const SafeTensors good = nanogpt_checkpoint(m);
    const auto refused = [](const SafeTensors& st, const Values& opts, const std::string& says) {
        CAPTURE(says);
        REQUIRE_THROWS_WITH(load_checkpoint(st, opts), Catch::StartsWith("loadCheckpoint: ") && Catch::Contains(says));
    };
    SECTION("no n_head: say what to pass; passing it works, in either naming") {
        SafeTensors st = good;
        st.metadata.clear();
        refused(st, {}, "checkpoint.noHeads {}");
        REQUIRE(load_checkpoint(st, given("n_head", 2)).config().heads == 2);
        REQUIRE(load_checkpoint(st, given("heads", 2)).config().heads == 2);
        Values both = given("n_head", 2);
        both["heads"].number = 2;
        refused(st, both, "config.twoNames {nanogpt: \"n_head\", ours: \"heads\"}");
    }
    SECTION("metadata that disagrees with the shapes, an unknown name, a missing tensor, a bad shape") {
        SafeTensors st = good;
        st.metadata[2].second = "99";  // n_embd
        refused(st, {}, "checkpoint.metadataShapes {key: \"n_embd\", value: \"99\", shapes: 16}");
        st = good;
        st.metadata[5].second = "maybe";
        refused(st, {}, "checkpoint.metadataBias {got: \"maybe\"}");
        st = good;
        st.tensors[0].shape = {11, 0}, st.tensors[0].data.clear();  // wte: an empty width would divide by 0
        refused(st, {}, "checkpoint.embeddingShape {tensor: \"transformer.wte.weight\", shape: \"[11, 0]\"}");
        st = good;
        st.tensors.push_back({"transformer.h.0.attn.c_attn.lora", {1}, {0}});
        refused(st, {}, "checkpoint.unknownTensor {tensor: \"transformer.h.0.attn.c_attn.lora\"}");
        st = good;
        st.tensors.erase(st.tensors.begin() + 5);  // block 0's c_attn.bias, which __metadata__ says is there
        refused(st, {}, "checkpoint.biasSaysTrue {value: \"True\"}");
        st = good;
        st.tensors.erase(std::find_if(st.tensors.begin(), st.tensors.end(),
                                      [](const StTensor& t) { return t.name == "transformer.wpe.weight"; }));
        refused(st, {}, "checkpoint.missing {name: \"transformer.wpe.weight\"}");
        st = good;
        for (StTensor& t : st.tensors)
            if (t.name == "transformer.h.1.mlp.c_proj.weight") t.shape = {16, 32}, t.data.resize(16 * 32);
        refused(st, {},
                "checkpoint.shape {tensor: \"transformer.h.1.mlp.c_proj.weight\", shape: \"[16, 32]\", needs: \"[16, "
                "64]\"}");
    }
    SECTION("export refuses what nanoGPT's GPT lacks") {
        ModelConfig c = corpus::toy_config();
        c.norm = NormKind::rms;
        REQUIRE_THROWS_WITH(nanogpt_checkpoint(Model(c)),
                            Catch::EndsWith("checkpoint.notNanogpt {feature: \"rmsnorm\"}"));
        c = corpus::toy_config();
        c.positions = PositionKind::sinusoidal;
        REQUIRE_THROWS_WITH(nanogpt_checkpoint(Model(c)),
                            Catch::EndsWith("checkpoint.notNanogpt {feature: \"positions\"}"));
    }
}

TEST_CASE("§9 checkpoint: a large file is read a piece at a time, with progress, into one float32 copy") {
    // an embedding of 17.9 M numbers, above the kMaxEntries that createModel and training allow
    ModelConfig c;
    c.vocab = 70000, c.D = 256, c.heads = 4, c.layers = 1, c.T = 16;
    Pcg32 rng(3);
    Model made(
        c,
        [&](const flat::Slot& s, float* out) {
            for (std::size_t i = 0; i < s.size; ++i)
                out[i] = s.name.find("gamma") != std::string::npos ? 1.0f : 0.02f * float(rng.normal());
        },
        "loadCheckpoint");
    const std::vector<std::uint8_t> bytes = write_safetensors(nanogpt_checkpoint(made));
    std::size_t largest_read = 0, reads = 0;
    const SafetensorsFile file(
        [&](std::size_t offset, std::size_t n, std::uint8_t* out) {
            REQUIRE(offset + n <= bytes.size());
            largest_read = std::max(largest_read, n), ++reads;
            std::memcpy(out, bytes.data() + offset, n);
        },
        bytes.size(), "loadCheckpoint");
    std::vector<std::pair<std::size_t, std::size_t>> told;
    Model back =
        load_checkpoint(file, {}, [&](std::size_t done, std::size_t total) { told.emplace_back(done, total); });
    CAPTURE(reads);
    REQUIRE(largest_read <= std::size_t(1) << 20);  // a piece of 1 MiB, never a tensor's whole bytes
    REQUIRE(told.size() == back.slots().size());
    for (std::size_t k = 1; k < told.size(); ++k) REQUIRE(told[k].first > told[k - 1].first);
    REQUIRE(told.back().first == told.back().second);
    REQUIRE(back.parameter_count() == made.parameter_count());
    REQUIRE(std::equal(back.weights(), back.weights() + back.parameter_count(), made.weights()));
    const TokenMatrix batch{{5, 69999, 12, 40000, 7}};
    REQUIRE(back.evaluate(batch) == made.evaluate(batch));
}

namespace {
// The lab's parameter `name` of `m` as a row-major [rows, cols] block of its columns
// [c0, c0 + cols), transposed to nn.Linear's [out, in].
StTensor linear_of(const Model& m, const std::string& file_name, const std::string& name, std::size_t c0,
                   std::size_t cols) {
    for (const flat::Slot& s : m.slots())
        if (s.name == name) {
            const std::size_t rows = s.shape[0], width = s.shape.size() == 2 ? s.shape[1] : 1;
            StTensor t{file_name, {cols, rows}, std::vector<float>(cols * rows)};
            for (std::size_t i = 0; i < rows; ++i)
                for (std::size_t j = 0; j < cols; ++j)
                    t.data[j * rows + i] = m.weights()[s.offset + i * width + c0 + j];
            if (s.shape.size() == 1)
                t.shape = {cols}, t.data.assign(m.weights() + s.offset + c0, m.weights() + s.offset + c0 + cols);
            return t;
        }
    FAIL("no parameter " << name);
    return {};
}
}  // namespace

TEST_CASE(
    "§9.3 checkpoint: a model with other names, separately parameterized heads, RMSNorm and a gated FFN reads through "
    "a name map") {
    // the course tutorial's arrangement (§9.3), under names of its own
    ModelConfig c = corpus::toy_config();
    c.norm = NormKind::rms, c.gated = true, c.bias = false, c.activation = Activation::silu, c.heads = 4;
    Model m(c);
    Pcg32 rng(4);
    const auto stream = corpus::toy_grammar(200, 1);
    for (int s = 0; s < 3; ++s) m.train(corpus::batch(stream, 4, 8, rng), OptimizerConfig{});
    const std::size_t D = c.D, dh = D / c.heads, F = c.ffn_mult * D;
    SafeTensors st;
    const auto put = [&](const std::string& file_name, const std::string& name, std::size_t c0, std::size_t cols) {
        st.tensors.push_back(linear_of(m, file_name, name, c0, cols));
    };
    const auto plain = [&](const std::string& file_name, const std::string& name) {
        for (const flat::Slot& s : m.slots())
            if (s.name == name)
                st.tensors.push_back(
                    {file_name, s.shape, std::vector<float>(m.weights() + s.offset, m.weights() + s.offset + s.size)});
    };
    plain("tok_emb.weight", "embedding");
    plain("pos_emb.weight", "positions");
    for (std::size_t l = 0; l < c.layers; ++l) {
        const std::string ours = "blocks." + std::to_string(l) + ".", theirs = "layers." + std::to_string(l) + ".";
        plain(theirs + "norm1.weight", ours + "norm1.gamma");
        const char* parts[] = {"query", "key", "value"};
        for (std::size_t p = 0; p < 3; ++p)
            for (std::size_t hd = 0; hd < c.heads; ++hd)
                put(theirs + "attn.heads." + std::to_string(hd) + "." + parts[p] + ".weight", ours + "attn.wQKV",
                    p * D + hd * dh, dh);
        put(theirs + "attn.out.weight", ours + "attn.wO", 0, D);
        plain(theirs + "norm2.weight", ours + "norm2.gamma");
        put(theirs + "ffn.w_in.weight", ours + "ffn.w1", 0, F);
        put(theirs + "ffn.w_gate.weight", ours + "ffn.wGate", 0, F);
        put(theirs + "ffn.w_out.weight", ours + "ffn.w2", 0, D);
    }
    plain("norm.weight", "finalNorm.gamma");
    const NameMap names = {
        {"tok_emb.weight", "transformer.wte.weight"},
        {"pos_emb.weight", "transformer.wpe.weight"},
        {"layers.{layer}.norm1.weight", "transformer.h.{layer}.ln_1.weight"},
        {"layers.{layer}.attn.heads.{head}.query.weight", "transformer.h.{layer}.attn.q.{head}.weight"},
        {"layers.{layer}.attn.heads.{head}.key.weight", "transformer.h.{layer}.attn.k.{head}.weight"},
        {"layers.{layer}.attn.heads.{head}.value.weight", "transformer.h.{layer}.attn.v.{head}.weight"},
        {"layers.{layer}.attn.out.weight", "transformer.h.{layer}.attn.c_proj.weight"},
        {"layers.{layer}.norm2.weight", "transformer.h.{layer}.ln_2.weight"},
        {"layers.{layer}.ffn.w_in.weight", "transformer.h.{layer}.mlp.c_fc.weight"},
        {"layers.{layer}.ffn.w_gate.weight", "transformer.h.{layer}.mlp.c_gate.weight"},
        {"layers.{layer}.ffn.w_out.weight", "transformer.h.{layer}.mlp.c_proj.weight"},
        {"norm.weight", "transformer.ln_f.weight"},
    };
    Values opts;
    opts["norm"] = Value::of("rms");
    opts["activation"] = Value::of("silu");
    const std::vector<std::uint8_t> bytes = write_safetensors(st);
    const SafetensorsFile file = open_safetensors(bytes.data(), bytes.size(), "loadCheckpoint");
    SECTION("the same model: heads counted from the file, the same parameters and loss") {
        Model back = load_checkpoint(file, opts, names, nullptr);
        REQUIRE(back.config().heads == 4);
        REQUIRE(back.config().gated);
        REQUIRE_FALSE(back.config().bias);
        REQUIRE(std::equal(back.weights(), back.weights() + back.parameter_count(), m.weights()));
        REQUIRE(back.evaluate(probe()) == m.evaluate(probe()));
    }
    SECTION("what the map or the options leave wrong is refused, naming it") {
        const auto refused = [&](const NameMap& map, const Values& o, const std::string& says) {
            CAPTURE(says);
            REQUIRE_THROWS_WITH(load_checkpoint(file, o, map, nullptr),
                                Catch::StartsWith("loadCheckpoint: ") && Catch::Contains(says));
        };
        refused({}, opts, "checkpoint.unknownTensor {tensor: \"tok_emb.weight\"}");
        NameMap missing(names.begin(), names.end() - 1);
        refused(missing, opts, "checkpoint.unknownTensor {tensor: \"norm.weight\"}");
        NameMap typo = names;
        typo[0].second = "transformer.wte.{head}";
        refused(typo, opts,
                "checkpoint.nameMapPlaceholder {tensor: \"tok_emb.weight\", name: \"transformer.wte.{head}\", pattern: "
                "\"tok_emb.weight\"}");
        Values ungated = opts;
        ungated["gated"] = Value::of(false);
        refused(names, ungated, "checkpoint.unused {tensor: \"layers.0.ffn.w_gate.weight\"}");
        NameMap no_value(names.begin(), names.end());
        no_value.erase(no_value.begin() + 5);
        refused(no_value, opts, "checkpoint.unknownTensor {tensor: \"layers.0.attn.heads.0.value.weight\"}");
    }
}
