// safetensors.hpp: the checkpoint file format. What is written reads back bit for bit; every
// dtype converts as IEEE 754 says; and every broken file is refused with a message naming what
// is wrong, never a crash, never a wrong number.
#include <algorithm>
#include <cstring>

#include "fixtures.hpp"
#include "lab/boundary/safetensors.hpp"

using namespace lab;

namespace {
// A file from a header text and data bytes, as a hand-made checkpoint would be.
std::vector<std::uint8_t> file_of(const std::string& header, const std::vector<std::uint8_t>& data = {}) {
    std::vector<std::uint8_t> out(8 + header.size() + data.size());
    for (std::size_t k = 0; k < 8; ++k) out[k] = std::uint8_t(std::uint64_t(header.size()) >> (8 * k));
    std::copy(header.begin(), header.end(), out.begin() + 8);
    std::copy(data.begin(), data.end(), out.begin() + 8 + long(header.size()));
    return out;
}
SafeTensors read(const std::vector<std::uint8_t>& f) { return read_safetensors(f.data(), f.size(), "loadCheckpoint"); }
std::vector<std::uint8_t> bytes_of(std::initializer_list<unsigned> b) { return {b.begin(), b.end()}; }
}  // namespace

TEST_CASE("safetensors: what is written reads back bit for bit, with its metadata") {
    SafeTensors st;
    st.tensors = {{"a.weight", {2, 3}, {1.5f, -2.0f, 0.0f, 3.25f, 1e-8f, -7e20f}},
                  {"b", {4}, {0.1f, 0.2f, 0.3f, 0.4f}},
                  {"scalar", {}, {42.0f}}};
    st.metadata = {{"n_head", "2"}, {"note", "quote \" and \\ and \n"}};
    const auto f = write_safetensors(st);
    const std::uint64_t header = f[0] | (std::uint64_t(f[1]) << 8);
    REQUIRE((8 + header) % 8 == 0);  // the data starts 8-byte aligned
    const SafeTensors back = read(f);
    REQUIRE(back.tensors.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
        CAPTURE(i);
        REQUIRE(back.tensors[i].name == st.tensors[i].name);
        REQUIRE(back.tensors[i].shape == st.tensors[i].shape);
        REQUIRE(back.tensors[i].data == st.tensors[i].data);
    }
    REQUIRE(back.metadata == st.metadata);
}

TEST_CASE("safetensors: F16, BF16 and F64 convert to float32 exactly where float32 can") {
    // F16 0x3C00 = 1, 0xC000 = -2, 0x0001 = 2^-24 (the smallest subnormal), 0x7BFF = 65504
    SECTION("F16") {
        const SafeTensors st = read(file_of(R"({"h":{"dtype":"F16","shape":[4],"data_offsets":[0,8]}})",
                                            bytes_of({0x00, 0x3C, 0x00, 0xC0, 0x01, 0x00, 0xFF, 0x7B})));
        REQUIRE(st.tensors[0].data == std::vector<float>{1.0f, -2.0f, std::ldexp(1.0f, -24), 65504.0f});
    }
    SECTION("BF16: the top half of a float32") {
        const SafeTensors st = read(
            file_of(R"({"b":{"dtype":"BF16","shape":[2],"data_offsets":[0,4]}})", bytes_of({0x80, 0x3F, 0x40, 0xC0})));
        REQUIRE(st.tensors[0].data == std::vector<float>{1.0f, -3.0f});
    }
    SECTION("F64, rounded to float32") {
        std::vector<std::uint8_t> data(8);
        const double x = 0.1;
        std::memcpy(data.data(), &x, 8);
        const SafeTensors st = read(file_of(R"({"d":{"dtype":"F64","shape":[1],"data_offsets":[0,8]}})", data));
        REQUIRE(st.tensors[0].data[0] == 0.1f);
    }
}

TEST_CASE("safetensors: every broken file is refused, naming what is wrong") {
    const std::vector<std::uint8_t> four = bytes_of({0, 0, 0x80, 0x3F});  // one float32 1.0
    const auto refused = [](const std::vector<std::uint8_t>& f, const std::string& says) {
        CAPTURE(says);
        REQUIRE_THROWS_WITH(read(f), Catch::StartsWith("loadCheckpoint: ") && Catch::Contains(says));
    };
    SECTION("too short, a length past the end, a length that is garbage") {
        refused(bytes_of({1, 2, 3}), "safetensors.short {size: 3}");
        std::vector<std::uint8_t> cut = file_of(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", four);
        cut.resize(20);
        refused(cut, "safetensors.pastEnd {header: ");
        std::vector<std::uint8_t> huge(16, 0);
        huge[3] = 0x40;  // 2^30 bytes of header
        refused(huge, "safetensors.notSafetensors {header: \"1073741824\"");
    }
    SECTION("a header that is not the JSON object of tensors") {
        refused(file_of("not json"), "safetensors.json.character {character: \"n\", byte: 0}");
        refused(file_of(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]})"),
                "safetensors.json.objectComma {byte: ");
        refused(file_of("[1, 2]"), "safetensors.notObject {}");
        refused(file_of(R"({"a": 5})"), "safetensors.tensor.notObject {tensor: \"a\"}");
        refused(file_of(std::string(40, '[') + std::string(40, ']')), "safetensors.json.nested {max: 32");
        refused(file_of(R"({"__metadata__":{"n_head":2}})"), "safetensors.metadataText {key: \"n_head\"}");
    }
    SECTION("an unknown dtype, a bad shape, missing or unknown fields") {
        refused(file_of(R"({"a":{"dtype":"I64","shape":[1],"data_offsets":[0,8]}})", std::vector<std::uint8_t>(8)),
                "safetensors.tensor.dtype {tensor: \"a\", dtype: \"I64\"}");
        refused(file_of(R"({"a":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}})", four),
                "safetensors.tensor.whole {tensor: \"a\", field: \"shape[0]\"");
        refused(file_of(R"({"a":{"dtype":"F32","shape":[1.5],"data_offsets":[0,4]}})", four),
                "safetensors.tensor.whole {tensor: \"a\", field: \"shape[0]\"");
        refused(file_of(R"({"a":{"dtype":"F32","shape":[1]}})", four), "safetensors.tensor.missing {tensor: \"a\"}");
        // 2^32 + 4 would wrap around to 4 in a 32-bit size_t (wasm's)
        refused(file_of(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4294967300]}})", four),
                sizeof(std::size_t) == 4
                    ? "safetensors.tensor.whole {tensor: \"a\", field: \"data_offsets[1]\""
                    : "safetensors.tensor.outside {tensor: \"a\", begin: 0, end: 4294967300, size: 4}");
        refused(file_of(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4],"x":1}})", four),
                "safetensors.tensor.unknownField {tensor: \"a\", field: \"x\"}");
        // a shape far larger than the file, and one whose size would wrap around a size_t
        refused(file_of(R"({"a":{"dtype":"F32","shape":[100000,100000],"data_offsets":[0,4]}})", four),
                "bytes: 40000000000, span: 4}");
        // (65536^2 wraps to 0 in wasm's 32 bits, and would match the empty span)
        refused(file_of(R"({"a":{"dtype":"F32","shape":[65536,65536],"data_offsets":[0,0]}})", four),
                "bytes: 17179869184, span: 0}");
    }
    SECTION("offsets out of range, of the wrong length, overlapping; a name twice") {
        refused(file_of(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,8]}})", four),
                "safetensors.tensor.outside {tensor: \"a\", begin: 0, end: 8, size: 4}");
        refused(file_of(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[4,0]}})", four),
                "safetensors.tensor.outside {tensor: \"a\", begin: 4, end: 0, size: 4}");
        refused(file_of(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,4]}})", four),
                "safetensors.tensor.span {tensor: \"a\", dtype: \"F32\", shape: \"[2]\", bytes: 8, span: 4}");
        refused(
            file_of(
                R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})",
                std::vector<std::uint8_t>(8)),
            "safetensors.overlap {first: \"a\", second: \"b\"}");
        refused(
            file_of(
                R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})",
                four),
            "safetensors.twice {name: \"a\"}");
    }
    SECTION("NaN or infinity in the weights, named by tensor and entry") {
        refused(file_of(R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})",
                        bytes_of({0, 0, 0x80, 0x3F, 0, 0, 0xC0, 0x7F})),
                "safetensors.tensor.notFinite {tensor: \"w\", entry: 1, value: nan");
        refused(file_of(R"({"w":{"dtype":"F16","shape":[1],"data_offsets":[0,2]}})", bytes_of({0x00, 0x7C})),
                "entry: 0, value: inf");
        std::vector<std::uint8_t> big(8);
        const double x = 1e300;
        std::memcpy(big.data(), &x, 8);
        refused(file_of(R"({"w":{"dtype":"F64","shape":[1],"data_offsets":[0,8]}})", big),
                "value: inf, dtype: \"F64\"}");
    }
}

TEST_CASE("safetensors: a file cut short at every length is refused, never read past its end") {
    SafeTensors st;
    st.tensors = {{"w", {3, 2}, {1, 2, 3, 4, 5, 6}}};
    st.metadata = {{"n_head", "1"}};
    const auto f = write_safetensors(st);
    for (std::size_t n = 0; n < f.size(); ++n) {
        CAPTURE(n);
        const std::vector<std::uint8_t> cut(f.begin(), f.begin() + long(n));
        REQUIRE_THROWS_AS(read_safetensors(cut.data(), cut.size(), "loadCheckpoint"), std::invalid_argument);
    }
    REQUIRE(read(f).tensors[0].data == st.tensors[0].data);
}
