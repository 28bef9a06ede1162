#include "lab/page/param_count.hpp"

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
    const auto add = [&](const std::string& name, std::size_t n) {
        r.breakdown.emplace_back(name, n);
        r.total += n;
    };
    // One attention layer: W_Q, W_K, W_V (D x D each, split into heads of width D / H) and
    // W_O (D x D): 4 D^2 whatever H is; biases add 4 D.
    const auto attention = [&](const std::string& prefix) {
        add(prefix + "W_Q", D * D);
        add(prefix + "W_K", D * D);
        add(prefix + "W_V", D * D);
        add(prefix + "W_O", D * D);
        if (c.bias) add(prefix + "attention.bias", 4 * D);
    };
    if (c.attention_only) {
        attention("");
        return r;
    }
    require(c.vocab > 0, fn, refused("config.positive", "name", "vocab"));
    require(c.layers > 0, fn, refused("config.positive", "name", "layers"));
    require(c.ffn_mult > 0, fn, refused("config.positive", "name", "ffnMult"));
    const std::size_t F = c.ffn_mult * D;
    // gamma, and LayerNorm's beta when there are biases (nanoGPT's bias=False drops both kinds)
    const std::size_t per_norm = c.norm == NormKind::none ? 0 : c.norm == NormKind::layer && c.bias ? 2 * D : D;

    add("embedding", c.vocab * D);
    if (c.positions == PositionKind::learned) {
        require(c.max_t > 0, fn, refused("config.learnedNeedsMaxT"));
        add("positions", c.max_t * D);
    }
    // One block; `cross` adds the decoder's cross-attention and its norm (§9.4).
    const auto block = [&](const std::string& prefix, bool cross) {
        if (per_norm) add(prefix + "norm1", per_norm);
        attention(prefix);
        if (cross) {
            if (per_norm) add(prefix + "norm2", per_norm);
            attention(prefix + "cross.");
        }
        if (per_norm) add(prefix + (cross ? "norm3" : "norm2"), per_norm);
        add(prefix + "ffn.W_1", D * F);
        if (c.gated) add(prefix + "ffn.W_gate", D * F);
        add(prefix + "ffn.W_2", F * D);
        if (c.bias) add(prefix + "ffn.bias", F + D + (c.gated ? F : 0));
    };
    if (c.encoder_layers == 0) {
        for (std::size_t l = 0; l < c.layers; ++l) block("block" + std::to_string(l) + ".", false);
        if (per_norm && c.final_norm) add("final_norm", per_norm);
    } else {
        for (std::size_t l = 0; l < c.encoder_layers; ++l) block("encoder.block" + std::to_string(l) + ".", false);
        if (per_norm && c.final_norm) add("encoder.final_norm", per_norm);
        for (std::size_t l = 0; l < c.layers; ++l) block("decoder.block" + std::to_string(l) + ".", true);
        if (per_norm && c.final_norm) add("decoder.final_norm", per_norm);
    }
    if (!c.tied) add("lm_head", D * c.vocab);
    return r;
}

}  // namespace lab
