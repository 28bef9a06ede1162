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
#include <functional>
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
    std::vector<StTensor> tensors;                              // in the header's order
    std::vector<std::pair<std::string, std::string>> metadata;  // __metadata__, in the file's order
};

// Copies `size` bytes of the file from `offset` into `out`; SafetensorsFile asks only for bytes
// inside the file. In the browser the file stays a JS Uint8Array and this copies one piece of it
// into the module's memory: a GPT-2 checkpoint is 500 MB, and is never held twice.
using ByteReader = std::function<void(std::size_t offset, std::size_t size, std::uint8_t* out)>;

// One tensor of a file as its header describes it.
struct StEntry {
    std::string name;
    std::vector<std::size_t> shape;
    std::string dtype;               // F32, F16, BF16 or F64
    std::size_t begin = 0, end = 0;  // its bytes, counted from the start of the file
    std::size_t count() const;       // product(shape)
};

// A safetensors file of dtypes F32, F16, BF16 and F64, opened by reading and checking its whole
// header; each tensor's values are read when asked, a piece at a time. Refused, naming `fn`: a
// file too short for its header, a header length past the end of the file or above
// kMaxSafetensorsHeader, a header that is not the JSON object described above, an unknown dtype,
// offsets out of range, of the wrong length or overlapping, and a name twice.
class SafetensorsFile {
public:
    SafetensorsFile(ByteReader read, std::size_t size, std::string fn);

    const std::vector<StEntry>& tensors() const { return tensors_; }
    const std::vector<std::pair<std::string, std::string>>& metadata() const { return metadata_; }
    std::size_t size() const { return size_; }
    const std::string& fn() const { return fn_; }
    // The values of tensors()[i], converted to float32, into out (count() entries). A NaN or
    // infinite value (or an F64 too large for float32) is refused, naming the tensor and the entry.
    void values(std::size_t i, float* out) const;
    // Whether two of tensors() have the same dtype, shape and bytes (a tied weight stored under
    // both of its names).
    bool same_bytes(const StEntry& a, const StEntry& b) const;

private:
    ByteReader read_;
    std::size_t size_;
    std::string fn_;
    std::vector<StEntry> tensors_;
    std::vector<std::pair<std::string, std::string>> metadata_;
};

// A whole file in memory, every tensor's values read (the tests' and the fuzzer's way in).
SafetensorsFile open_safetensors(const std::uint8_t* bytes, std::size_t size, const std::string& fn);
SafeTensors read_safetensors(const std::uint8_t* bytes, std::size_t size, const std::string& fn);

// The file of `st`, every tensor as F32, its header padded to a multiple of 8 bytes.
std::vector<std::uint8_t> write_safetensors(const SafeTensors& st);

}  // namespace lab
