#include "lab/page/param_count.hpp"

#include "lab/training/train.hpp"

namespace lab {

ParamCount param_count(const ParamCountConfig& c, const std::string& fn) {
    require(c.D > 0, fn, refused("config.positive", "name", "D"));
    require(c.heads > 0, fn, refused("config.positive", "name", "heads"));
    require(c.D % c.heads == 0, fn, refused("config.divisible", "D", c.D, "heads", c.heads));
    const std::size_t D = c.D;
    // The breakdown's names are keys, not words: a dotted path of identifiers ("block0.ffn.W_1",
    // "decoder.block0.cross.W_Q"), which the page labels in the student's language.
    ParamCount r;
    r.head_width = D / c.heads;
    const auto add = [&](const std::string& key, std::size_t n) {
        r.total += n;
        for (auto& [name, count] : r.breakdown)
            if (name == key) return void(count += n);
        r.breakdown.emplace_back(key, n);
    };
    if (!c.attention_only) {
        require(c.vocab > 0, fn, refused("config.positive", "name", "vocab"));
        require(c.layers > 0, fn, refused("config.positive", "name", "layers"));
        require(c.ffn_mult > 0, fn, refused("config.positive", "name", "ffnMult"));
        if (c.positions == PositionKind::learned) require(c.max_t > 0, fn, refused("config.learnedNeedsMaxT"));
    }
    // The counts are those of the model's own layout (flat::lm_layout) of a configuration with one
    // block, whose slots every block repeats; only their grouping into keys is the page's.
    ModelConfig m;
    m.vocab = c.vocab, m.D = D, m.heads = c.heads, m.layers = 1, m.T = c.max_t, m.ffn_mult = c.ffn_mult;
    m.positions = c.attention_only ? PositionKind::none : c.positions;
    m.norm = c.norm, m.gated = c.gated, m.bias = c.bias, m.tied = c.tied;
    flat::LmStructure structure = structure_of(m);
    if (!c.final_norm) structure.final_gamma = structure.final_beta = false;
    const std::vector<flat::Slot> layout = flat::lm_layout(structure);
    const flat::BlockShape& b = structure.shape.blocks[0];
    const std::string block_of = "blocks.0.";

    // A block's slot under `prefix`: W_QKV as W_Q, W_K and W_V, the biases of a sub-layer together.
    const auto block_slot = [&](const std::string& prefix, const flat::Slot& s, const std::string& norm2) {
        const std::string name = s.name.substr(block_of.size());
        if (name == "attn.wQKV") {
            add(prefix + "W_Q", D * b.H * b.dk);
            add(prefix + "W_K", D * b.H * b.dk);
            add(prefix + "W_V", D * b.H * b.dv);
        } else if (name == "attn.wO") {
            add(prefix + "W_O", s.size);
        } else if (name == "attn.bQKV" || name == "attn.bO") {
            add(prefix + "attention.bias", s.size);
        } else if (name.rfind("norm1.", 0) == 0) {
            add(prefix + "norm1", s.size);
        } else if (name.rfind("norm2.", 0) == 0) {
            add(prefix + norm2, s.size);
        } else if (name == "ffn.w1" || name == "ffn.wGate" || name == "ffn.w2") {
            add(prefix + (name == "ffn.w1" ? "ffn.W_1" : name == "ffn.w2" ? "ffn.W_2" : "ffn.W_gate"), s.size);
        } else {
            add(prefix + "ffn.bias", s.size);  // b_1, b_gate, b_2
        }
    };
    const auto attention = [&](const std::string& prefix, const flat::Slot& s) {
        if (s.name.rfind(block_of + "attn.", 0) == 0) block_slot(prefix, s, "");
    };
    if (c.attention_only) {
        for (const flat::Slot& s : layout) attention("", s);
        return r;
    }
    // One block under `prefix`; `cross` (a decoder block of §9.4) adds, before the FFN's part,
    // cross-attention shaped as the self-attention and a norm shaped as norm1 (norm2), so that
    // the FFN's norm is norm3.
    const auto block = [&](const std::string& prefix, bool cross) {
        bool crossed = false;
        for (const flat::Slot& s : layout) {
            if (s.name.rfind(block_of, 0) != 0) continue;
            const bool ffn_part = s.name.rfind(block_of + "norm2.", 0) == 0 || s.name.rfind(block_of + "ffn.", 0) == 0;
            if (cross && ffn_part && !crossed) {
                crossed = true;
                for (const flat::Slot& t : layout)
                    if (t.name.rfind(block_of + "norm1.", 0) == 0) add(prefix + "norm2", t.size);
                for (const flat::Slot& t : layout) attention(prefix + "cross.", t);
            }
            block_slot(prefix, s, cross ? "norm3" : "norm2");
        }
    };
    // The model's own slots outside the blocks: the embedding, positions, final norm and head.
    const auto top = [&](const std::string& name, const std::string& key) {
        for (const flat::Slot& s : layout)
            if (s.name.rfind(name, 0) == 0) add(key, s.size);
    };
    top("embedding", "embedding");
    top("positions", "positions");
    if (c.encoder_layers == 0) {
        for (std::size_t l = 0; l < c.layers; ++l) block("block" + std::to_string(l) + ".", false);
        top("finalNorm.", "final_norm");
    } else {
        for (std::size_t l = 0; l < c.encoder_layers; ++l) block("encoder.block" + std::to_string(l) + ".", false);
        top("finalNorm.", "encoder.final_norm");
        for (std::size_t l = 0; l < c.layers; ++l) block("decoder.block" + std::to_string(l) + ".", true);
        top("finalNorm.", "decoder.final_norm");
    }
    top("head", "lm_head");
    return r;
}

}  // namespace lab
