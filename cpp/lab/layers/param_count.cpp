#include "lab/layers/param_count.hpp"

#include <iterator>

namespace lab {

ParamCount param_count(const ParamCountConfig& c, const std::string& fn) {
    const ModelConfig& m = c.model;
    require(m.D > 0, fn, refused("config.positive", "name", "D"));
    require(m.heads > 0, fn, refused("config.positive", "name", "heads"));
    require(m.D % m.heads == 0, fn, refused("config.divisible", "D", m.D, "heads", m.heads));
    const std::size_t D = m.D;
    // The breakdown's names are keys, not words: a dotted path of identifiers ("block0.ffn.W_1",
    // "decoder.block0.cross.W_Q"), which the page labels in the student's language.
    ParamCount r;
    r.head_width = D / m.heads;
    const auto add = [&](const std::string& key, std::size_t n) {
        r.total += n;
        for (auto& [name, count] : r.breakdown)
            if (name == key) return void(count += n);
        r.breakdown.emplace_back(key, n);
    };
    if (!c.attention_only) {
        require(m.vocab > 0, fn, refused("config.positive", "name", "vocab"));
        require(m.layers > 0, fn, refused("config.positive", "name", "layers"));
        if (m.positions == PositionKind::learned) require(m.T > 0, fn, refused("config.learnedNeedsMaxT"));
    }
    // The counts are those of the model's own layout (flat::lm_layout) with its first block only,
    // whose slots every block repeats; only their grouping into keys is the page's.
    using flat::Part;
    flat::LmStructure structure = structure_of(m, 1);
    if (c.attention_only) structure.positions = PositionKind::none, structure.position_rows = 0;
    if (!c.final_norm) structure.model.put(Part::final_gamma, false).put(Part::final_beta, false);
    const std::vector<flat::Slot> layout = flat::lm_layout(structure);
    const flat::BlockShape& b = structure.shape.blocks[0];
    const auto is_attention = [](Part p) {
        return p == Part::wqkv || p == Part::bqkv || p == Part::wo || p == Part::bo;
    };

    // A block's slot under `prefix`, under its part's count key (flat::kParts): W_QKV as W_Q, W_K
    // and W_V; `norm2` names the FFN's norm.
    const auto block_slot = [&](const std::string& prefix, const flat::Slot& s, const char* norm2) {
        if (s.part == Part::wqkv) {
            add(prefix + "W_Q", D * b.H * b.dk);
            add(prefix + "W_K", D * b.H * b.dk);
            add(prefix + "W_V", D * b.H * b.dv);
            return;
        }
        const bool ffn_norm = s.part == Part::gamma2 || s.part == Part::beta2;
        add(prefix + (ffn_norm ? norm2 : flat::spec_of(s.part).count), s.size);
    };
    if (c.attention_only) {
        for (const flat::Slot& s : layout)
            if (is_attention(s.part)) block_slot("", s, "");
        return r;
    }
    // One block under `prefix`: its attention's parts (gamma1 .. bo), then, for a decoder block of
    // §9.4 (`cross`), cross-attention shaped as the self-attention and a norm shaped as norm1
    // (norm2), then its FFN's parts, whose norm is then norm3 (none in a block of attention alone).
    const auto block = [&](const std::string& prefix, bool cross) {
        const auto parts = [&](bool ffn) {
            for (const flat::Slot& s : layout)
                if (flat::in_block(s.part) && (s.part >= Part::gamma2) == ffn)
                    block_slot(prefix, s, cross ? "norm3" : "norm2");
        };
        parts(false);
        if (cross) {
            for (const flat::Slot& t : layout)
                if (t.part == Part::gamma1 || t.part == Part::beta1) add(prefix + "norm2", t.size);
            for (const flat::Slot& t : layout)
                if (is_attention(t.part)) block_slot(prefix + "cross.", t, "");
        }
        parts(true);
    };
    // The model's own slots outside the blocks (the embedding, positions, a final norm, the head),
    // under their parts' count keys after `prefix` (a stack's final norm: "encoder.", "decoder.").
    const auto top = [&](std::initializer_list<Part> parts, const std::string& prefix = "") {
        for (const flat::Slot& s : layout)
            for (const Part p : parts)
                if (s.part == p) add(prefix + flat::spec_of(p).count, s.size);
    };
    const std::initializer_list<Part> final_norm_parts = {Part::final_gamma, Part::final_beta};
    top({Part::embedding});
    top({Part::positions});
    if (c.encoder_layers == 0) {
        for (std::size_t l = 0; l < m.layers; ++l) block("block" + std::to_string(l) + ".", false);
        top(final_norm_parts);
    } else {
        for (std::size_t l = 0; l < c.encoder_layers; ++l) block("encoder.block" + std::to_string(l) + ".", false);
        top(final_norm_parts, "encoder.");
        for (std::size_t l = 0; l < m.layers; ++l) block("decoder.block" + std::to_string(l) + ".", true);
        top(final_norm_parts, "decoder.");
    }
    top({Part::head});
    return r;
}

}  // namespace lab
