// The Catch2 runner shared by every test file (natively and under Node for the wasm build).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
