// Parameter counting (§4, §6): how many numbers a configuration learns, and where they sit.
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
    std::size_t layers = 1;
    std::size_t ffn_mult = 4;  // F = ffn_mult * D
    bool bias = true;          // biases on the Q/K/V/O projections and the FFN, and LayerNorm's beta
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
