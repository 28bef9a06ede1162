#include "lab/boundary/checkpoint.hpp"

#include <cstdlib>
#include <map>

namespace lab {
namespace {

const std::string kPrefix = "transformer.";

using flat::Part;

// A block's parts in the order a checkpoint holds them (nanoGPT's state_dict order, then the
// lab's own gate: a gated FFN's second D -> F map, act(x c_fc) * (x c_gate)); their names, ours
// and nanoGPT's, are flat::kParts'. A weight (a matrix) is [in, out] in the lab's layout, which
// nanoGPT stores [out, in] and GPT-2 as it is.
constexpr Part kBlock[] = {Part::gamma1, Part::beta1, Part::wqkv, Part::bqkv, Part::wo, Part::bo,    Part::gamma2,
                           Part::beta2,  Part::w1,    Part::b1,   Part::w2,   Part::b2, Part::wgate, Part::bgate};
constexpr Part kTop[] = {Part::embedding, Part::positions, Part::final_gamma, Part::final_beta, Part::head};
// A block's matrix (the parts weight decay applies to, in a block).
constexpr bool is_weight(Part p) { return flat::in_block(p) && flat::spec_of(p).decay; }
// nanoGPT's key of a part of block l: "h.3.attn.c_attn.weight".
std::string block_key_of(Part p, std::size_t l) { return "h." + std::to_string(l) + "." + flat::spec_of(p).nanogpt; }

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

// Does `name` match `pattern`, where {layer} and {head} stand for whole numbers? They are bound in `vars`.
bool match(const std::string& pattern, const std::string& name, std::map<std::string, std::string>& vars) {
    std::size_t p = 0, n = 0;
    while (p < pattern.size()) {
        if (pattern[p] == '{') {
            const std::size_t close = pattern.find('}', p);
            if (close == std::string::npos) return false;
            const std::string var = pattern.substr(p + 1, close - p - 1);
            const std::size_t from = n;
            while (n < name.size() && name[n] >= '0' && name[n] <= '9') ++n;
            if (n == from) return false;
            const std::string digits = name.substr(from, n - from);
            if (vars.count(var) && vars[var] != digits) return false;
            vars[var] = digits;
            p = close + 1;
        } else {
            if (n >= name.size() || name[n] != pattern[p]) return false;
            ++p, ++n;
        }
    }
    return n == name.size();
}

std::string substitute(std::string pattern, const std::map<std::string, std::string>& vars) {
    for (const auto& [var, digits] : vars)
        for (std::size_t at; (at = pattern.find("{" + var + "}")) != std::string::npos;)
            pattern.replace(at, var.size() + 2, digits);
    return pattern;
}

// "attn.q.3.weight" -> 'q', 3, "weight": one head's query, key or value projection, as a model
// with separately parameterized heads stores it (nn.Linear, [d_h, n_embd]).
bool head_key(const std::string& rest, char& part, std::size_t& head, std::string& kind) {
    if (rest.size() < 10 || rest.rfind("attn.", 0) != 0 || std::string("qkv").find(rest[5]) == std::string::npos ||
        rest[6] != '.')
        return false;
    std::size_t i = 7;
    while (i < rest.size() && rest[i] >= '0' && rest[i] <= '9') ++i;
    if (i == 7 || i > 12 || i >= rest.size() || rest[i] != '.') return false;
    kind = rest.substr(i + 1);
    if (kind != "weight" && kind != "bias") return false;
    part = rest[5];
    head = std::size_t(std::strtoul(rest.substr(7, i - 7).c_str(), nullptr, 10));
    return true;
}

}  // namespace

Model load_checkpoint(const SafetensorsFile& file, const Values& options, const NameMap& names,
                      const CheckpointProgress& progress, const std::string& fn) {
    // ---- the tensors, by the name they are read as (the name map's), without "transformer." ----
    std::map<std::string, const StEntry*> by_key;
    std::size_t layers = 0, heads_stored = 0;  // heads_stored: separately parameterized heads of block 0
    for (const StEntry& t : file.tensors()) {
        std::string name = t.name;
        for (const auto& [theirs, ours] : names) {
            std::map<std::string, std::string> vars;
            if (!match(theirs, t.name, vars)) continue;
            name = substitute(ours, vars);
            require(name.find('{') == std::string::npos, fn,
                    refused("checkpoint.nameMapPlaceholder", "tensor", t.name, "name", name, "pattern", theirs));
            break;
        }
        const std::string key = name.rfind(kPrefix, 0) == 0 ? name.substr(kPrefix.size()) : name;
        std::size_t layer = 0, head = 0;
        std::string rest, kind;
        char part = 0;
        bool known = false;
        if (block_key(key, layer, rest)) {
            if (rest == "attn.bias" || rest == "attn.masked_bias") continue;  // the causal mask, a buffer
            for (const Part b : kBlock) known = known || rest == flat::spec_of(b).nanogpt;
            if (head_key(rest, part, head, kind)) {
                known = true;
                if (layer == 0 && part == 'q' && kind == "weight") heads_stored = std::max(heads_stored, head + 1);
            }
            if (known) layers = std::max(layers, layer + 1);
        } else {
            for (const Part top : kTop) known = known || key == flat::spec_of(top).nanogpt;
        }
        require(known, fn,
                name != t.name ? refused("checkpoint.unknownTensorRead", "tensor", t.name, "name", name)
                               : refused("checkpoint.unknownTensor", "tensor", t.name));
        require(by_key.emplace(key, &t).second, fn, refused("checkpoint.twice", "name", key));
    }
    const auto find = [&](const std::string& key) -> const StEntry* {
        const auto it = by_key.find(key);
        return it == by_key.end() ? nullptr : it->second;
    };
    const auto need = [&](const std::string& key) -> const StEntry& {
        const StEntry* t = find(key);
        require(t, fn, refused("checkpoint.missing", "name", kPrefix + key));
        return *t;
    };

    // ---- the configuration the shapes tell ----
    const StEntry* wte = find(flat::spec_of(Part::embedding).nanogpt);
    const StEntry* lm_head = find(flat::spec_of(Part::head).nanogpt);
    require(wte || lm_head, fn, refused("checkpoint.noEmbedding"));
    const StEntry& embedding = wte ? *wte : *lm_head;  // a tied checkpoint may store it once, under either name
    require(embedding.shape.size() == 2, fn,
            refused("checkpoint.embeddingShape", "tensor", embedding.name, "shape", shape_str(embedding.shape)));
    const std::size_t V = embedding.shape[0], D = embedding.shape[1];
    require(V > 0 && D > 0, fn,
            refused("checkpoint.embeddingShape", "tensor", embedding.name, "shape", shape_str(embedding.shape)));
    require(layers > 0, fn, refused("checkpoint.noBlocks"));
    bool linear = true;  // nanoGPT's nn.Linear [out, in]; GPT-2's Conv1D is [in, out]
    if (!heads_stored) {
        const StEntry& c_attn = need("h.0.attn.c_attn.weight");
        linear = c_attn.shape == std::vector<std::size_t>{3 * D, D};
        require(linear || c_attn.shape == std::vector<std::size_t>{D, 3 * D}, fn,
                refused("checkpoint.attentionShape", "tensor", c_attn.name, "D", D, "embedding", embedding.name,
                        "shape", shape_str(c_attn.shape)));
    }
    const StEntry& wpe = need(flat::spec_of(Part::positions).nanogpt);
    const StEntry& c_fc = need("h.0.mlp.c_fc.weight");
    const std::size_t F = c_fc.shape.size() == 2 ? c_fc.shape[linear ? 0 : 1] : 0;
    require(F > 0 && F % D == 0, fn,
            refused("checkpoint.ffnShape", "tensor", c_fc.name, "shape", shape_str(c_fc.shape)));
    const bool bias = find(heads_stored ? "h.0.attn.q.0.bias" : "h.0.attn.c_attn.bias") != nullptr;
    const bool tied = !(wte && lm_head) || file.same_bytes(*wte, *lm_head);

    Values config;
    config["vocab"] = Value::of(double(V));
    config["D"] = Value::of(double(D));
    config["layers"] = Value::of(double(layers));
    config["T"] = Value::of(double(wpe.shape.empty() ? 0 : wpe.shape[0]));
    config["ffnMult"] = Value::of(double(F / D));
    config["bias"] = Value::of(bias);
    config["tied"] = Value::of(tied);
    config["gated"] = Value::of(find("h.0.mlp.c_gate.weight") != nullptr);
    config["activation"] = Value::of(linear ? "gelu" : "gelu_tanh");
    if (heads_stored) config["heads"] = Value::of(double(heads_stored));

    // ---- __metadata__ under GPTConfig's names: n_head, and the rest checked against the shapes ----
    for (const auto& [key, value] : file.metadata()) {
        const std::string ours = model_option_name(key);
        if (key == "bias") {
            const bool t = value == "True" || value == "true", f = value == "False" || value == "false";
            require(t || f, fn, refused("checkpoint.metadataBias", "got", value));
            require(t == bias, fn,
                    refused(bias ? "checkpoint.biasSaysFalse" : "checkpoint.biasSaysTrue", "value", value));
            continue;
        }
        if (ours == key) continue;  // another field (dropout, a training run's notes): not the model's
        char* end = nullptr;
        const double n = std::strtod(value.c_str(), &end);
        require(!value.empty() && *end == '\0' && n >= 1 && n == double(std::size_t(n)), fn,
                refused("checkpoint.metadataWhole", "key", key, "got", value));
        if (ours == "heads" && !heads_stored) {
            config["heads"] = Value::of(n);
            continue;
        }
        require(config[ours].number == n, fn,
                refused("checkpoint.metadataShapes", "key", key, "value", value, "shapes", config[ours].number));
    }
    // ---- createModel's options, in either naming, win ----
    Values given;
    for (const auto& [key, value] : options) {
        const std::string ours = model_option_name(key);
        require(given.emplace(ours, value).second, fn, refused("config.twoNames", "nanogpt", key, "ours", ours));
    }
    for (const auto& [key, value] : given) config[key] = value;
    require(config.count("heads"), fn, refused("checkpoint.noHeads"));

    // ---- where each of the lab's parameters is in the file, every shape checked first ----
    const ModelConfig c = read_options<ModelConfig>(fn, config);
    struct Source {
        std::vector<const StEntry*> pieces;  // stacked along their first axis: one tensor, or a block's heads
        std::vector<std::size_t> stored;     // the stacked shape
        bool transpose;                      // [out, in] (nn.Linear) into the lab's [in, out]
    };
    std::map<std::string, Source> sources;
    std::map<const StEntry*, bool> used;
    // nanoGPT's key of a slot of ours; a tied embedding may be stored as the head alone
    const auto key_of = [&](const flat::Slot& p) -> std::string {
        if (p.part == Part::embedding && !wte) return flat::spec_of(Part::head).nanogpt;
        return flat::in_block(p.part) ? block_key_of(p.part, p.block) : flat::spec_of(p.part).nanogpt;
    };
    for (const flat::Slot& p : flat::lm_layout(structure_of(c))) {
        const std::string key = key_of(p);
        Source src{{}, p.shape, (linear && is_weight(p.part)) || p.part == Part::head};
        if (src.transpose) src.stored = {p.shape[1], p.shape[0]};
        const std::size_t l = p.block;
        if (heads_stored && (p.part == Part::wqkv || p.part == Part::bqkv)) {
            // separately parameterized heads: c_attn's rows are q's heads, then k's, then v's
            const std::string kind = p.part == Part::wqkv ? "weight" : "bias";
            require(D % c.heads == 0, fn, refused("config.divisible", "D", D, "heads", c.heads));
            for (const char part : {'q', 'k', 'v'})
                for (std::size_t hd = 0; hd < c.heads; ++hd) {
                    const StEntry& piece = need(msg("h.", l, ".attn.", part, ".", hd, ".", kind));
                    std::vector<std::size_t> one{D / c.heads};
                    if (kind == "weight") one.push_back(D);
                    require(piece.shape == one, fn,
                            refused("checkpoint.headShape", "tensor", piece.name, "shape", shape_str(piece.shape),
                                    "heads", c.heads, "D", D, "needs", shape_str(one)));
                    src.pieces.push_back(&piece);
                }
        } else {
            const StEntry& t = need(key);
            require(t.shape == src.stored, fn,
                    refused("checkpoint.shape", "tensor", t.name, "shape", shape_str(t.shape), "needs",
                            shape_str(src.stored)));
            src.pieces.push_back(&t);
        }
        for (const StEntry* piece : src.pieces) used[piece] = true;
        sources[p.name] = src;
    }
    if (tied && wte && lm_head) used[lm_head] = true;  // the tied weight stored twice
    for (const auto& [key, t] : by_key)
        require(used.count(t), fn,
                refused(key.find(".bias") != std::string::npos ? "checkpoint.unusedBias" : "checkpoint.unused",
                        "tensor", t->name));

    // ---- the values, read one tensor at a time into the model's own float32 buffer ----
    std::size_t total = 0, done = 0;
    for (const auto& [name, source] : sources)
        for (const StEntry* piece : source.pieces) total += piece->end - piece->begin;
    const auto fill = [&](const flat::Slot& slot, float* out) {
        const Source& from = sources.at(slot.name);
        const auto index = [&](const StEntry* t) { return std::size_t(t - file.tensors().data()); };
        if (from.pieces.size() == 1 && !from.transpose) {
            file.values(index(from.pieces[0]), out);
        } else {
            std::vector<float> stored(slot.size);
            std::size_t at = 0;
            for (const StEntry* piece : from.pieces)
                file.values(index(piece), stored.data() + at), at += piece->count();
            if (from.transpose)
                transpose_into(stored, out, from.stored[0], from.stored[1]);
            else
                std::copy(stored.begin(), stored.end(), out);
        }
        for (const StEntry* piece : from.pieces) done += piece->end - piece->begin;
        if (progress) progress(done, total);
    };
    return Model(c, fill, fn);
}

Model load_checkpoint(const SafetensorsFile& file, const Values& options, const CheckpointProgress& progress,
                      const std::string& fn) {
    return load_checkpoint(file, options, NameMap{}, progress, fn);
}

Model load_checkpoint(const SafeTensors& st, const Values& options, const std::string& fn) {
    const std::vector<std::uint8_t> bytes = write_safetensors(st);
    return load_checkpoint(open_safetensors(bytes.data(), bytes.size(), fn), options, nullptr, fn);
}

SafeTensors nanogpt_checkpoint(const Model& m, const std::string& fn) {
    const ModelConfig& c = m.config();
    const auto refuse = [&](bool lacks, const char* what) {
        require(!lacks, fn, refused("checkpoint.notNanogpt", "feature", what));
    };
    // `what` names the feature nanoGPT's GPT lacks, as a choice of the message
    refuse(c.norm != NormKind::layer, "rmsnorm");
    refuse(c.gated, "gated");
    refuse(c.arrangement != Arrangement::pre, "postNorm");
    refuse(c.positions != PositionKind::learned, "positions");
    refuse(c.activation != Activation::gelu, "activation");
    refuse(!c.tied, "untied");
    refuse(c.ffn_mult != 4, "ffnWidth");
    refuse(!c.scaled, "unscaled");
    for (const bool masked : c.mask_blocks) refuse(!masked, "unmasked");

    std::map<std::string, const flat::Slot*> ours;
    for (const flat::Slot& s : m.slots()) ours[s.name] = &s;
    SafeTensors st;
    const auto put = [&](const std::string& name, const std::string& from, bool transpose) {
        st.tensors.push_back(tensor_of(name, *ours.at(from), m.weights(), transpose));
    };
    const auto top = [&](Part p) { return kPrefix + flat::spec_of(p).nanogpt; };
    put(top(Part::embedding), "embedding", false);
    put(top(Part::positions), "positions", false);
    for (std::size_t l = 0; l < c.layers; ++l)
        for (const Part b : kBlock) {
            const std::string from = flat::part_name(b, l);
            if (ours.count(from)) put(kPrefix + block_key_of(b, l), from, is_weight(b));
        }
    put(top(Part::final_gamma), flat::part_name(Part::final_gamma, 0), false);
    if (c.bias) put(top(Part::final_beta), flat::part_name(Part::final_beta, 0), false);
    // nanoGPT's state_dict has the tied weight under both names, and load_state_dict wants both
    put(flat::spec_of(Part::head).nanogpt, "embedding", false);
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
