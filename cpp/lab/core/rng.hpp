// The engine's own random numbers: PCG32 (O'Neill, pcg-random.org, "pcg32_random_r").
// Written out by hand, not std::*_distribution, so that the same seed gives the same numbers
// with libstdc++ (native) and libc++ (wasm).
#pragma once

#include <cmath>
#include <cstdint>

namespace lab {

class Pcg32 {
public:
    explicit Pcg32(std::uint64_t seed, std::uint64_t stream = 54u) {
        inc_ = (stream << 1u) | 1u;
        next_u32();
        state_ += seed;
        next_u32();
    }

    std::uint32_t next_u32() {
        const std::uint64_t old = state_;
        state_ = old * 6364136223846793005ULL + inc_;  // the PCG reference multiplier
        const auto xorshifted = std::uint32_t(((old >> 18u) ^ old) >> 27u);
        const auto rot = std::uint32_t(old >> 59u);
        return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
    }

    // Uniform in [0, 1) with 53 random bits, the full precision of a double.
    double uniform() {
        const std::uint64_t hi = next_u32() >> 5;                     // 27 bits
        const std::uint64_t lo = next_u32() >> 6;                     // 26 bits
        return double((hi << 26) | lo) * (1.0 / 9007199254740992.0);  // 2^-53
    }

    // Standard normal by Box-Muller (for seeded demos such as §3.1's variance experiment).
    double normal() {
        constexpr double kTwoPi = 6.283185307179586;
        const double u1 = 1.0 - uniform();  // in (0, 1], so log(u1) is finite
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(kTwoPi * u2);
    }

private:
    std::uint64_t state_ = 0;
    std::uint64_t inc_ = 0;
};

}  // namespace lab
