#include "lab/layers/model_config.hpp"

#include <cmath>

namespace lab {

LmOptions options_of(const ModelConfig& c) {
    LmOptions o;
    o.block.heads = c.heads;
    o.block.arrangement = c.arrangement;
    o.block.norm = c.norm;
    o.block.ffn.activation = c.activation;
    o.block.ffn.gated = c.gated;
    o.positions = c.positions;
    o.mask_blocks = c.mask_blocks;
    if (!c.scaled) o.block.scale = 1.0;
    return o;
}

void check_model_config(const ModelConfig& c, const std::string& fn, double max_entries) {
    require(c.vocab > 0, fn, refused("config.positive", "name", "vocab"));
    require(c.D > 0, fn, refused("config.positive", "name", "D"));
    require(c.heads > 0, fn, refused("config.positive", "name", "heads"));
    require(c.layers > 0, fn, refused("config.positive", "name", "layers"));
    require(c.D % c.heads == 0, fn, refused("config.divisible", "D", c.D, "heads", c.heads));
    {
        // the embedding, the position table and the blocks' weights, biases left out: a bound
        // counted in double, so that no size a student types can wrap a product (lm_layout's
        // sizes are exact, but only for a configuration already known to fit)
        const double D = double(c.D), F = double(c.ffn_mult) * D;
        const double count = (double(c.vocab) + double(c.T)) * D + double(c.layers) * (4 * D * D + 3 * D * F);
        require(count <= max_entries, fn, refused("size.model", "count", count, "max", max_entries));
    }
    require(c.T > 0 || c.positions != PositionKind::learned, fn, refused("config.positive", "name", "T"));
    require(c.mask_blocks.empty() || c.mask_blocks.size() == c.layers, fn,
            refused("config.maskBlocks", "n", c.mask_blocks.size(), "layers", c.layers));
}

flat::LmStructure structure_of(const ModelConfig& c) { return structure_of(c, c.layers); }

flat::LmStructure structure_of(const ModelConfig& c, std::size_t blocks) {
    using flat::Part;
    flat::LmStructure s;
    s.shape.V = c.vocab;
    s.shape.D = c.D;
    const std::size_t dh = c.D / c.heads;
    const bool norms = c.norm != NormKind::none, betas = c.norm == NormKind::layer && c.bias;
    for (std::size_t l = 0; l < blocks; ++l) {
        flat::BlockShape b;
        b.D = c.D, b.H = c.heads, b.dk = b.dv = dh, b.F = c.ffn_mult * c.D;
        b.arrangement = c.arrangement, b.norm = c.norm, b.activation = c.activation, b.gated = c.gated;
        b.ffn = c.ffn_mult > 0;
        b.causal = l >= c.mask_blocks.size() || c.mask_blocks[l];  // every block masks unless told
        b.scale = c.scaled ? 1.0 / std::sqrt(double(dh)) : 1.0;
        s.shape.blocks.push_back(b);
        const bool ffn = b.ffn;
        flat::PartSet has{Part::wqkv, Part::wo};
        has.put(Part::w1, ffn).put(Part::w2, ffn);
        for (Part p : {Part::bqkv, Part::bo}) has.put(p, c.bias);
        for (Part p : {Part::b1, Part::b2}) has.put(p, ffn && c.bias);
        has.put(Part::wgate, ffn && c.gated).put(Part::bgate, ffn && c.gated && c.bias);
        has.put(Part::gamma1, norms).put(Part::gamma2, ffn && norms);
        has.put(Part::beta1, betas).put(Part::beta2, ffn && betas);
        s.blocks.push_back(has);
    }
    s.shape.final_norm = c.norm;  // a final norm whenever the blocks have norms
    s.positions = c.positions;
    s.position_rows = c.positions == PositionKind::learned ? c.T : 0;
    s.model.put(Part::final_gamma, norms).put(Part::final_beta, betas).put(Part::head, !c.tied);
    return s;
}

}  // namespace lab
