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

#include "lab/layers/ffn.hpp"
#include "lab/layers/norm.hpp"
#include "lab/layers/positions.hpp"

namespace lab {

struct ParamCountConfig {
    std::size_t vocab = 0;
    std::size_t D = 0;
    std::size_t heads = 1;
    std::size_t layers = 1;          // decoder blocks (all the blocks of a decoder-only model)
    std::size_t encoder_layers = 0;  // > 0: an encoder-decoder (§9.4), with this many encoder blocks
    std::size_t ffn_mult = 4;        // F = ffn_mult * D
    bool bias = true;                // biases on the Q/K/V/O projections and the FFN, and LayerNorm's beta
    PositionKind positions = PositionKind::learned;
    std::size_t max_t = 0;  // rows of a learned position table
    bool tied = true;       // the head reuses the embedding
    NormKind norm = NormKind::layer;
    bool final_norm = true;  // a norm after the last block (when norm is not 'none')
    bool gated = false;
    bool attention_only = false;  // just W_Q, W_K, W_V, W_O (+ biases) of one layer: §4's count
};

struct ParamCount {
    std::size_t total = 0;
    std::size_t head_width = 0;                                  // d_h = D / H
    std::vector<std::pair<std::string, std::size_t>> breakdown;  // in model order
};

ParamCount param_count(const ParamCountConfig& c, const std::string& fn = "paramCount");

}  // namespace lab
