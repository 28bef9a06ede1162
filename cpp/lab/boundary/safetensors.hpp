// The safetensors file format (Hugging Face's), read and written by the engine's own code:
//   8 bytes   N, the length of the header, an unsigned little-endian 64-bit integer
//   N bytes   a JSON object: {"<name>": {"dtype": "F32", "shape": [768, 2304], "data_offsets": [b, e]},
//             ..., "__metadata__": {"<key>": "<text>", ...}}, padded with spaces
//   the rest  the tensors' bytes, little-endian and row-major, tensor <name> at [b, e) counted
//             from the end of the header
// A file is checked whole before anything is used: every message names the tensor or the field
// that is wrong and what was expected (checkpoints come from students' own training runs).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace lab {

// The largest header read: GPT-2 small's is about 15 KB, so 16 MB is far more than any
// checkpoint's and still refuses a length field that is garbage.
inline constexpr std::size_t kMaxSafetensorsHeader = std::size_t(16) << 20;

struct StTensor {
    std::string name;
    std::vector<std::size_t> shape;
    std::vector<float> data;  // product(shape) entries, converted from the file's dtype
};

struct SafeTensors {
    std::vector<StTensor> tensors;                              // in the order of their data
    std::vector<std::pair<std::string, std::string>> metadata;  // __metadata__, in the file's order
};

// Reads a safetensors file of dtypes F32, F16, BF16 and F64 (F64 rounded to float32). Refused,
// naming `fn`: a file too short for its header, a header length past the end of the file or
// above kMaxSafetensorsHeader, a header that is not the JSON object described above, an unknown
// dtype, offsets out of range, of the wrong length or overlapping, a name twice, and NaN or
// infinite values.
SafeTensors read_safetensors(const std::uint8_t* bytes, std::size_t size, const std::string& fn);

// The file of `st`, every tensor as F32, its header padded to a multiple of 8 bytes.
std::vector<std::uint8_t> write_safetensors(const SafeTensors& st);

}  // namespace lab
