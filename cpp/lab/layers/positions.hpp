// Position information (§6.1): x_i = E[w_i] + p_i.
#pragma once

#include <string>

#include "lab/core/tensor.hpp"

namespace lab {

enum class PositionKind { learned, sinusoidal, none };
PositionKind parse_positions(const std::string& name, const std::string& fn);

// PE (T, D): PE[p, 2i] = sin(p / 10000^(2i / D)), PE[p, 2i + 1] = cos(p / 10000^(2i / D)).
Tensor2 sinusoidal_positions(std::size_t T, std::size_t D, const std::string& fn = "sinusoidalPositions");

}  // namespace lab
