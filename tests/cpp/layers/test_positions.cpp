// positions.hpp: §6.1's sinusoidal table.
#include <xtensor/xview.hpp>

#include "fixtures.hpp"
#include "lab/layers/positions.hpp"

using namespace lab;
using namespace fixtures;

TEST_CASE("§6.1 sinusoidal positions: sin on even features, cos on odd, at zero-based positions") {
    const Tensor2 pe = sinusoidal_positions(4, 6);
    for (std::size_t p = 0; p < 4; ++p)
        for (std::size_t i = 0; i < 3; ++i) {
            const double angle = double(p) / std::pow(10000.0, 2.0 * i / 6.0);
            REQUIRE_THAT(pe(p, 2 * i), near(std::sin(angle), 1e-15, 1e-15));
            REQUIRE_THAT(pe(p, 2 * i + 1), near(std::cos(angle), 1e-15, 1e-15));
        }
    require_all_near(xt::eval(xt::row(pe, 0)), {0, 1, 0, 1, 0, 1});
    REQUIRE_THAT(pe(1, 0), near(std::sin(1.0), 1e-15));
}

TEST_CASE("position kinds are parsed by name, with a clear message otherwise") {
    REQUIRE(parse_name<PositionKind>("learned", "t") == PositionKind::learned);
    REQUIRE(parse_name<PositionKind>("none", "t") == PositionKind::none);
    REQUIRE_THROWS_WITH(parse_name<PositionKind>("rotary", "lmForward"),
                        "lmForward: option.choice {what: \"positions\", choices: [\"learned\", \"sinusoidal\", "
                        "\"none\"], got: \"rotary\"}");
}
