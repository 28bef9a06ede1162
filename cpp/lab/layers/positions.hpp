// Position information (§6.1): x_i = E[w_i] + p_i.
#pragma once

#include <string>

#include "lab/core/names.hpp"
#include "lab/core/tensor.hpp"

namespace lab {

enum class PositionKind { learned, sinusoidal, none };
template <>
struct EnumNames<PositionKind> {
    static constexpr const char* what = "positions";
    static constexpr std::array<std::pair<PositionKind, const char*>, 3> all = {
        {{PositionKind::learned, "learned"}, {PositionKind::sinusoidal, "sinusoidal"}, {PositionKind::none, "none"}}};
};

// PE (T, D): PE[p, 2i] = sin(p / 10000^(2i / D)), PE[p, 2i + 1] = cos(p / 10000^(2i / D)), for
// T, D > 0.
Tensor2 sinusoidal_table(std::size_t T, std::size_t D);

// The page's entry: the table after checking T and D.
Tensor2 sinusoidal_positions(std::size_t T, std::size_t D, const std::string& fn = "sinusoidalPositions");

}  // namespace lab
