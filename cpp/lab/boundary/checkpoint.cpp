#include "lab/boundary/checkpoint.hpp"

#include <cstdlib>
#include <map>

namespace lab {
namespace {

const std::string kPrefix = "transformer.";

// A block's tensors, by their name after "h.N.", with their shape in the lab's layout: a weight
// is [in, out] (nanoGPT stores it [out, in], GPT-2 as it is), anything else a vector [in].
enum class Dim { none, D, D3, F };  // n_embd, 3 n_embd, the FFN's width
struct BlockTensor {
    const char* key;
    const char* ours;  // the lab's name after "blocks.N."
    Dim in, out;       // out is none for a vector
};
constexpr BlockTensor kBlock[] = {
    {"ln_1.weight", "norm1.gamma", Dim::D, Dim::none},    {"ln_1.bias", "norm1.beta", Dim::D, Dim::none},
    {"attn.c_attn.weight", "attn.wQKV", Dim::D, Dim::D3}, {"attn.c_attn.bias", "attn.bQKV", Dim::D3, Dim::none},
    {"attn.c_proj.weight", "attn.wO", Dim::D, Dim::D},    {"attn.c_proj.bias", "attn.bO", Dim::D, Dim::none},
    {"ln_2.weight", "norm2.gamma", Dim::D, Dim::none},    {"ln_2.bias", "norm2.beta", Dim::D, Dim::none},
    {"mlp.c_fc.weight", "ffn.w1", Dim::D, Dim::F},        {"mlp.c_fc.bias", "ffn.b1", Dim::F, Dim::none},
    {"mlp.c_proj.weight", "ffn.w2", Dim::F, Dim::D},      {"mlp.c_proj.bias", "ffn.b2", Dim::D, Dim::none},
};
bool is_weight(const BlockTensor& b) { return b.out != Dim::none; }
bool is_bias(const BlockTensor& b) { return std::string(b.key).find(".bias") != std::string::npos; }
const char* kTop[] = {"wte.weight", "wpe.weight", "ln_f.weight", "ln_f.bias", "lm_head.weight"};

// "h.12.attn.c_attn.weight" -> 12 and "attn.c_attn.weight"; false for another name.
bool block_key(const std::string& key, std::size_t& layer, std::string& rest) {
    if (key.rfind("h.", 0) != 0) return false;
    std::size_t i = 2;
    while (i < key.size() && key[i] >= '0' && key[i] <= '9') ++i;
    if (i == 2 || i > 9 || i >= key.size() || key[i] != '.') return false;
    layer = std::size_t(std::strtoul(key.substr(2, i - 2).c_str(), nullptr, 10));
    rest = key.substr(i + 1);
    return true;
}

// A row-major matrix [r, c] of `from` as [c, r] in `to` (which has r * c entries).
void transpose_into(const float* from, float* to, std::size_t r, std::size_t c) {
    for (std::size_t i = 0; i < r; ++i)
        for (std::size_t j = 0; j < c; ++j) to[j * r + i] = from[i * c + j];
}
void transpose_into(const std::vector<float>& from, float* to, std::size_t r, std::size_t c) {
    transpose_into(from.data(), to, r, c);
}

// A parameter of the lab's (slot) as a file's tensor, [in, out] turned to [out, in] if asked.
StTensor tensor_of(const std::string& name, const flat::Slot& slot, const float* weights, bool transpose) {
    const float* w = weights + slot.offset;
    StTensor t{name, slot.shape, std::vector<float>(w, w + slot.size)};
    if (transpose)
        t.shape = {slot.shape[1], slot.shape[0]}, transpose_into(w, t.data.data(), slot.shape[0], slot.shape[1]);
    return t;
}

Value number(double x) {
    Value v;
    v.number = x;
    return v;
}
Value boolean(bool b) {
    Value v;
    v.kind = Value::Kind::boolean;
    v.boolean = b;
    return v;
}
Value text(const std::string& s) {
    Value v;
    v.kind = Value::Kind::text;
    v.text = s;
    return v;
}

}  // namespace

Model load_checkpoint(const SafetensorsFile& file, const Values& options, const CheckpointProgress& progress,
                      const std::string& fn) {
    // ---- the tensors, by their name without "transformer." ----
    std::map<std::string, const StEntry*> by_key;
    std::size_t layers = 0;
    for (const StEntry& t : file.tensors()) {
        const std::string key = t.name.rfind(kPrefix, 0) == 0 ? t.name.substr(kPrefix.size()) : t.name;
        std::size_t layer = 0;
        std::string rest;
        bool known = false;
        if (block_key(key, layer, rest)) {
            if (rest == "attn.bias" || rest == "attn.masked_bias") continue;  // the causal mask, a buffer
            for (const BlockTensor& b : kBlock) known = known || rest == b.key;
            if (known) layers = std::max(layers, layer + 1);
        } else {
            for (const char* top : kTop) known = known || key == top;
        }
        require(known, fn,
                msg("the checkpoint has a tensor named \"", t.name,
                    "\", which is not one of nanoGPT's or GPT-2's (such as transformer.h.0.attn.c_attn.weight)"));
        require(by_key.emplace(key, &t).second, fn, msg("the checkpoint has ", key, " twice"));
    }
    const auto find = [&](const std::string& key) -> const StEntry* {
        const auto it = by_key.find(key);
        return it == by_key.end() ? nullptr : it->second;
    };
    const auto need = [&](const std::string& key) -> const StEntry& {
        const StEntry* t = find(key);
        require(t, fn, msg("the checkpoint has no ", kPrefix, key));
        return *t;
    };

    // ---- the configuration the shapes tell ----
    const StEntry* wte = find("wte.weight");
    const StEntry* lm_head = find("lm_head.weight");
    require(wte || lm_head, fn, "the checkpoint has no token embedding (transformer.wte.weight or lm_head.weight)");
    const StEntry& embedding = wte ? *wte : *lm_head;  // a tied checkpoint may store it once, under either name
    require(embedding.shape.size() == 2, fn,
            msg(embedding.name, " must be [vocab_size, n_embd], got ", shape_str(embedding.shape)));
    const std::size_t V = embedding.shape[0], D = embedding.shape[1];
    require(V > 0 && D > 0, fn,
            msg(embedding.name, " must be [vocab_size, n_embd], both >= 1, got ", shape_str(embedding.shape)));
    require(layers > 0, fn, "the checkpoint has no blocks (transformer.h.0. ...)");
    const StEntry& c_attn = need("h.0.attn.c_attn.weight");
    const bool linear = c_attn.shape == std::vector<std::size_t>{3 * D, D};  // nanoGPT's nn.Linear
    require(linear || c_attn.shape == std::vector<std::size_t>{D, 3 * D}, fn,
            msg(c_attn.name, " must be [3 n_embd, n_embd] (nanoGPT) or [n_embd, 3 n_embd] (GPT-2) with n_embd ", D,
                " from ", embedding.name, ", got ", shape_str(c_attn.shape)));
    const StEntry& wpe = need("wpe.weight");
    const StEntry& c_fc = need("h.0.mlp.c_fc.weight");
    const std::size_t F = c_fc.shape.size() == 2 ? c_fc.shape[linear ? 0 : 1] : 0;
    require(F > 0 && F % D == 0, fn,
            msg(c_fc.name, " must be [k n_embd, n_embd] for a whole k, got ", shape_str(c_fc.shape)));
    const bool bias = find("h.0.ln_1.bias") != nullptr;
    const bool tied = !(wte && lm_head) || file.same_bytes(*wte, *lm_head);

    Values config;
    config["vocab"] = number(double(V));
    config["D"] = number(double(D));
    config["layers"] = number(double(layers));
    config["T"] = number(double(wpe.shape.empty() ? 0 : wpe.shape[0]));
    config["ffnMult"] = number(double(F / D));
    config["bias"] = boolean(bias);
    config["tied"] = boolean(tied);
    config["activation"] = text(linear ? "gelu" : "gelu_tanh");

    // ---- __metadata__ under GPTConfig's names: n_head, and the rest checked against the shapes ----
    for (const auto& [key, value] : file.metadata()) {
        const std::string ours = model_option_name(key);
        if (key == "bias") {
            const bool t = value == "True" || value == "true", f = value == "False" || value == "false";
            require(t || f, fn, msg("__metadata__.bias must be True or False, got \"", value, "\""));
            require(t == bias, fn,
                    msg("__metadata__ says bias=", value, " but the checkpoint ", bias ? "has" : "has no",
                        " transformer.h.0.ln_1.bias"));
            continue;
        }
        if (ours == key) continue;  // another field (dropout, a training run's notes): not the model's
        char* end = nullptr;
        const double n = std::strtod(value.c_str(), &end);
        require(!value.empty() && *end == '\0' && n >= 1 && n == double(std::size_t(n)), fn,
                msg("__metadata__.", key, " must be a whole number >= 1, got \"", value, "\""));
        if (ours == "heads") {
            config["heads"] = number(n);
            continue;
        }
        require(config[ours].number == n, fn,
                msg("__metadata__ says ", key, "=", value, " but the tensors' shapes give ", config[ours].number));
    }
    // ---- createModel's options, in either naming, win ----
    Values given;
    for (const auto& [key, value] : options) {
        const std::string ours = model_option_name(key);
        require(given.emplace(ours, value).second, fn,
                msg(key, " (nanoGPT's GPTConfig name) and ", ours, " name the same setting; give one of them"));
    }
    for (const auto& [key, value] : given) config[key] = value;
    require(config.count("heads"), fn,
            "the number of heads is not in the checkpoint's __metadata__ (n_head) and the shapes cannot tell it: "
            "pass it, as in loadCheckpoint(bytes, {n_head: 12})");

    // ---- where each of the lab's parameters is in the file, every shape checked first ----
    const ModelConfig c = read_options<ModelConfig>(fn, config);
    struct Source {
        const StEntry* tensor;
        bool transpose;  // nanoGPT's [out, in] weight, or any lm_head, into the lab's [in, out]
    };
    std::map<std::string, Source> sources;
    const std::size_t Dc = c.D, Vc = c.vocab, Tc = c.T, Fc = c.D * c.ffn_mult;
    const auto add = [&](const std::string& ours, const StEntry& t, std::vector<std::size_t> expected, bool flip) {
        // the expected shape is given as the lab's ([in, out] for a weight)
        const std::vector<std::size_t> stored = flip ? std::vector<std::size_t>{expected[1], expected[0]} : expected;
        require(t.shape == stored, fn,
                msg(t.name, " has shape ", shape_str(t.shape), " but the configuration needs ", shape_str(stored)));
        sources[ours] = {&t, flip};
    };
    add("embedding", embedding, {Vc, Dc}, false);
    add("positions", wpe, {Tc, Dc}, false);
    for (std::size_t l = 0; l < layers; ++l) {
        const std::string h = "h." + std::to_string(l) + ".", ours = "blocks." + std::to_string(l) + ".";
        for (const BlockTensor& b : kBlock) {
            if (is_bias(b) && !bias) {
                require(!find(h + b.key), fn,
                        msg("the checkpoint has ", kPrefix, h, b.key, " but no transformer.h.0.ln_1.bias: ",
                            "a model has biases everywhere (bias=True) or nowhere"));
                continue;
            }
            const auto size = [&](Dim d) { return d == Dim::D ? Dc : d == Dim::D3 ? 3 * Dc : Fc; };
            std::vector<std::size_t> shape{size(b.in)};
            if (is_weight(b)) shape.push_back(size(b.out));
            add(ours + b.ours, need(h + b.key), shape, is_weight(b) && linear);
        }
    }
    add("finalNorm.gamma", need("ln_f.weight"), {Dc}, false);
    if (bias) add("finalNorm.beta", need("ln_f.bias"), {Dc}, false);
    if (!tied) add("head", *lm_head, {Dc, Vc}, true);  // an nn.Linear in both layouts: [vocab, n_embd]

    // ---- the values, read one tensor at a time into the model's own float32 buffer ----
    std::size_t total = 0, done = 0;
    for (const auto& [name, source] : sources) total += source.tensor->end - source.tensor->begin;
    const auto fill = [&](const flat::Slot& slot, float* out) {
        const auto it = sources.find(slot.name);
        require(it != sources.end(), fn,
                msg("the configuration has a parameter ", slot.name, " that a nanoGPT checkpoint does not hold"));
        const Source& from = it->second;
        const std::size_t i = std::size_t(from.tensor - file.tensors().data());
        if (from.transpose) {
            std::vector<float> stored(slot.size);
            file.values(i, stored.data());
            transpose_into(stored, out, from.tensor->shape[0], from.tensor->shape[1]);
        } else {
            file.values(i, out);
        }
        done += from.tensor->end - from.tensor->begin;
        if (progress) progress(done, total);
    };
    return Model(c, fill, fn);
}

Model load_checkpoint(const SafeTensors& st, const Values& options, const std::string& fn) {
    const std::vector<std::uint8_t> bytes = write_safetensors(st);
    return load_checkpoint(open_safetensors(bytes.data(), bytes.size(), fn), options, nullptr, fn);
}

SafeTensors nanogpt_checkpoint(const Model& m, const std::string& fn) {
    const ModelConfig& c = m.config();
    const auto refuse = [&](bool lacks, const char* what) {
        require(!lacks, fn,
                msg("this model has ", what,
                    ", which nanoGPT's GPT does not; it cannot be written as a nanoGPT checkpoint"));
    };
    refuse(c.norm != NormKind::layer, "RMSNorm");
    refuse(c.gated, "a gated FFN");
    refuse(c.arrangement != Arrangement::pre, "post-norm blocks");
    refuse(c.positions != PositionKind::learned, "positions other than a learned table");
    refuse(c.activation != Activation::gelu, "an activation other than the exact GELU");
    refuse(!c.tied, "a head not tied to the embedding");
    refuse(c.ffn_mult != 4, "an FFN width other than 4 n_embd");
    refuse(!c.scaled, "scores not divided by sqrt(d_k)");
    for (const bool masked : c.mask_blocks) refuse(!masked, "blocks without the causal mask");

    std::map<std::string, const flat::Slot*> ours;
    for (const flat::Slot& s : m.slots()) ours[s.name] = &s;
    SafeTensors st;
    const auto put = [&](const std::string& name, const std::string& from, bool transpose) {
        st.tensors.push_back(tensor_of(name, *ours.at(from), m.weights(), transpose));
    };
    put(kPrefix + "wte.weight", "embedding", false);
    put(kPrefix + "wpe.weight", "positions", false);
    for (std::size_t l = 0; l < c.layers; ++l)
        for (const BlockTensor& b : kBlock) {
            const std::string from = "blocks." + std::to_string(l) + "." + b.ours;
            if (ours.count(from)) put(kPrefix + "h." + std::to_string(l) + "." + b.key, from, is_weight(b));
        }
    put(kPrefix + "ln_f.weight", "finalNorm.gamma", false);
    if (c.bias) put(kPrefix + "ln_f.bias", "finalNorm.beta", false);
    // nanoGPT's state_dict has the tied weight under both names, and load_state_dict wants both
    put("lm_head.weight", "embedding", false);
    st.metadata = {{"n_layer", std::to_string(c.layers)},
                   {"n_head", std::to_string(c.heads)},
                   {"n_embd", std::to_string(c.D)},
                   {"block_size", std::to_string(c.T)},
                   {"vocab_size", std::to_string(c.vocab)},
                   {"bias", c.bias ? "True" : "False"},
                   {"dropout", "0.0"}};
    return st;
}

}  // namespace lab
