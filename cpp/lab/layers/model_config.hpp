// A model's configuration (§6, §9): the one description of a language model that training,
// checkpoints and the parameter count read, in nanoGPT's GPTConfig terms (vocabulary, width,
// heads, blocks, position-table rows, bias) and the handout's variants (§5 norms and
// arrangements, §6 positions, gated FFNs, §7.3 per-block masks, §3.1 unscaled scores).
// structure_of and options_of turn it into what the layers run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "lab/layers/lm_model.hpp"

namespace lab {

struct ModelConfig {
    std::size_t vocab = 0, D = 0, heads = 1, layers = 1, T = 0;  // T: the position table's rows
    std::size_t ffn_mult = 4;  // F = ffn_mult D; 0: attention-only blocks, no FFN and no second norm
    Activation activation = Activation::gelu;
    Arrangement arrangement = Arrangement::pre;
    NormKind norm = NormKind::layer;
    PositionKind positions = PositionKind::learned;
    bool tied = true;
    bool gated = false;
    bool bias = true;               // nanoGPT's bias: every linear layer's bias and LayerNorm's beta
    std::vector<bool> mask_blocks;  // per block, whether it applies the causal mask; empty = all (§7.3)
    bool scaled = true;             // scores divided by sqrt(d_k); false = raw dot products (§3.1)
    std::uint64_t seed = 0;
};

// Checks a configuration as init_model does (positive sizes, D divisible by heads, a position
// table's length, maskBlocks' length), the model's size bounded by `max_entries` numbers.
void check_model_config(const ModelConfig& c, const std::string& fn, double max_entries);

// The structure of a model of configuration c (its parameters' layout is
// flat::lm_layout(structure_of(c))): what a loader needs to allocate a model once, as float32,
// without making it first.
flat::LmStructure structure_of(const ModelConfig& c);
// The same with `blocks` blocks of its kind, whatever c.layers says: the parameter count lays out
// one, which every block repeats.
flat::LmStructure structure_of(const ModelConfig& c, std::size_t blocks);
LmOptions options_of(const ModelConfig& c);

}  // namespace lab
