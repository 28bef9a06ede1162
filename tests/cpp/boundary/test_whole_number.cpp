// whole_number.hpp: the one rule for a whole number from JS, the same natively (64-bit size_t)
// and in wasm (32-bit size_t, where a larger value would wrap around).
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>

#include "lab/boundary/whole_number.hpp"

using namespace lab;

TEST_CASE("a whole number from JS: finite, not negative, no fraction, exact in a double, fits its type") {
    SECTION("what every type refuses") {
        const double x = GENERATE(-1.0, 0.5, 2.25, std::numeric_limits<double>::infinity(),
                                  std::numeric_limits<double>::quiet_NaN(), -0.0 - 1e-300, 9007199254740992.0, 1e300);
        CAPTURE(x);
        REQUIRE_FALSE(is_whole_number<double>(x));
        REQUIRE_FALSE(is_whole_number<std::uint64_t>(x));
        REQUIRE_FALSE(is_whole_number<std::uint32_t>(x));
    }
    SECTION("what every type takes") {
        const double x = GENERATE(0.0, 1.0, 255.0, 4294967295.0);
        CAPTURE(x);
        REQUIRE(is_whole_number<std::uint32_t>(x));
        REQUIRE(is_whole_number<std::uint64_t>(x));
    }
    SECTION("past 32 bits: a 64-bit type takes it, a 32-bit one refuses it instead of wrapping") {
        const double x = GENERATE(4294967296.0, 4294967298.0, 9007199254740991.0);
        CAPTURE(x);
        REQUIRE(is_whole_number<std::uint64_t>(x));
        REQUIRE_FALSE(is_whole_number<std::uint32_t>(x));
    }
    SECTION("the bounds") {
        REQUIRE(largest_whole<std::uint32_t>() == 4294967295.0);
        REQUIRE(largest_whole<std::uint64_t>() == 9007199254740991.0);
        REQUIRE(largest_whole<std::uint8_t>() == 255.0);
    }
}
