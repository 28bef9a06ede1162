#include "lab/layers/positions.hpp"

#include <cassert>
#include <cmath>

namespace lab {

Tensor2 sinusoidal_table(std::size_t T, std::size_t D) {
    assert(T > 0 && D > 0);
    constexpr double kBase = 10000.0;  // the wavelength base of the original Transformer
    Tensor2 pe = Tensor2::from_shape({T, D});
    for (std::size_t p = 0; p < T; ++p)
        for (std::size_t c = 0; c < D; ++c) {
            const std::size_t pair = c / 2;  // features 2i and 2i + 1 share one frequency
            const double angle = double(p) / std::pow(kBase, double(2 * pair) / double(D));
            pe(p, c) = (c % 2 == 0) ? std::sin(angle) : std::cos(angle);
        }
    return pe;
}

Tensor2 sinusoidal_positions(std::size_t T, std::size_t D, const std::string& fn) {
    require(T > 0, fn, refused("config.positive", "name", "T"));
    require(D > 0, fn, refused("config.positive", "name", "D"));
    const double count = double(T) * double(D);
    require(count <= kMaxEntries, fn,
            refused("size.positionTable", "T", T, "D", D, "count", count, "max", kMaxEntries));
    return sinusoidal_table(T, D);
}

}  // namespace lab
