// Parameter counting (§4, §6, §9.4): how many numbers a configuration learns, and where they sit.
// The counts are the model's own layout's (flat::lm_layout), grouped into the page's keys. An
// encoder-decoder (encoder_layers > 0) is laid out as PyTorch's nn.Transformer: encoder blocks
// of self-attention and FFN with two norms, decoder blocks that add cross-attention and a third
// norm, and a final norm after each stack; source and target share one vocabulary, so one
// embedding (and one position table) serves both.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lab/layers/model_config.hpp"

namespace lab {

// A model's configuration and what only a count asks about: an encoder stack, a model without
// a final norm, or attention alone. The model's activation, arrangement, masks, scaling and seed
// do not change its count.
struct ParamCountConfig {
    ModelConfig model;               // model.layers: decoder blocks (all the blocks of a decoder-only model)
    std::size_t encoder_layers = 0;  // > 0: an encoder-decoder (§9.4), with this many encoder blocks
    bool final_norm = true;          // a norm after the last block (when norm is not 'none')
    bool attention_only = false;     // just W_Q, W_K, W_V, W_O (+ biases) of one layer: §4's count
};

struct ParamCount {
    std::size_t total = 0;
    std::size_t head_width = 0;                                  // d_h = D / H
    std::vector<std::pair<std::string, std::size_t>> breakdown;  // in model order
};

ParamCount param_count(const ParamCountConfig& c, const std::string& fn = "paramCount");

}  // namespace lab
