#include "lab/boundary/safetensors.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>

#include "lab/boundary/whole_number.hpp"
#include "lab/core/tensor.hpp"
#include "lab/core/text.hpp"

namespace lab {
namespace {

// ---- the header's JSON: a small reader of RFC 8259, which is all a header needs ----

struct Json {
    enum class Kind { null, boolean, number, text, array, object };
    Kind kind = Kind::null;
    bool boolean = false;
    double number = 0;
    std::string text;
    std::vector<Json> items;                            // array
    std::vector<std::pair<std::string, Json>> members;  // object, in the file's order
};

class JsonReader {
public:
    JsonReader(const char* s, std::size_t n, std::string fn) : s_(s), n_(n), fn_(std::move(fn)) {}

    Json document() {
        Json v = value(0);
        space();
        if (i_ != n_) fail(refused("safetensors.json.trailing"));
        return v;
    }

private:
    static constexpr int kMaxDepth = 32;  // a header is two objects deep; this is generous

    // `r` says what is wrong ("safetensors.json.*"); the byte where it is comes with it.
    [[noreturn]] void fail(Refusal r) const { throw Refused(fn_, r.with("byte", i_)); }
    void space() {
        while (i_ < n_ && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
    }
    bool take(const char* word) {
        const std::size_t k = std::strlen(word);
        if (n_ - i_ < k || std::memcmp(s_ + i_, word, k) != 0) return false;
        i_ += k;
        return true;
    }
    Json value(int depth) {
        if (depth > kMaxDepth) fail(refused("safetensors.json.nested", "max", kMaxDepth));
        space();
        if (i_ == n_) fail(refused("safetensors.json.end"));
        Json v;
        const char c = s_[i_];
        if (c == '{') {
            v.kind = Json::Kind::object;
            ++i_;
            space();
            if (i_ < n_ && s_[i_] == '}') return ++i_, v;
            for (;;) {
                space();
                if (i_ == n_ || s_[i_] != '"') fail(refused("safetensors.json.name"));
                std::string key = text();
                space();
                if (i_ == n_ || s_[i_] != ':') fail(refused("safetensors.json.colon"));
                ++i_;
                v.members.emplace_back(std::move(key), value(depth + 1));
                space();
                if (i_ < n_ && s_[i_] == ',') {
                    ++i_;
                    continue;
                }
                if (i_ < n_ && s_[i_] == '}') return ++i_, v;
                fail(refused("safetensors.json.objectComma"));
            }
        }
        if (c == '[') {
            v.kind = Json::Kind::array;
            ++i_;
            space();
            if (i_ < n_ && s_[i_] == ']') return ++i_, v;
            for (;;) {
                v.items.push_back(value(depth + 1));
                space();
                if (i_ < n_ && s_[i_] == ',') {
                    ++i_;
                    continue;
                }
                if (i_ < n_ && s_[i_] == ']') return ++i_, v;
                fail(refused("safetensors.json.arrayComma"));
            }
        }
        if (c == '"') {
            v.kind = Json::Kind::text;
            v.text = text();
            return v;
        }
        if (take("true")) return v.kind = Json::Kind::boolean, v.boolean = true, v;
        if (take("false")) return v.kind = Json::Kind::boolean, v;
        if (take("null")) return v;
        if (c == '-' || (c >= '0' && c <= '9')) return v.kind = Json::Kind::number, v.number = number(), v;
        fail(refused("safetensors.json.character", "character", std::string(1, c)));
    }
    double number() {
        const std::size_t start = i_;
        const auto digits = [&] {
            const std::size_t from = i_;
            while (i_ < n_ && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
            if (i_ == from) fail(refused("safetensors.json.digit"));
        };
        if (s_[i_] == '-') ++i_;
        digits();
        if (i_ < n_ && s_[i_] == '.') ++i_, digits();
        if (i_ < n_ && (s_[i_] == 'e' || s_[i_] == 'E')) {
            ++i_;
            if (i_ < n_ && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
            digits();
        }
        return std::strtod(std::string(s_ + start, i_ - start).c_str(), nullptr);
    }
    unsigned hex4() {
        if (n_ - i_ < 4) fail(refused("safetensors.json.hex"));
        unsigned u = 0;
        for (int k = 0; k < 4; ++k) {
            const char h = s_[i_++];
            u = u * 16 + unsigned(h >= '0' && h <= '9'   ? h - '0'
                                  : h >= 'a' && h <= 'f' ? h - 'a' + 10
                                  : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                         : (fail(refused("safetensors.json.hex")), 0));
        }
        return u;
    }
    std::string text() {
        ++i_;  // the opening quote
        std::string out;
        for (;;) {
            if (i_ == n_) fail(refused("safetensors.json.unclosed"));
            const char c = s_[i_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) fail(refused("safetensors.json.control"));
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i_ == n_) fail(refused("safetensors.json.unclosed"));
            const char e = s_[i_++];
            const char* plain = std::strchr("\"\\/bfnrt", e);
            if (plain && e) {
                out += "\"\\/\b\f\n\r\t"[plain - "\"\\/bfnrt"];
                continue;
            }
            if (e != 'u') fail(refused("safetensors.json.escape", "character", std::string(1, e)));
            unsigned u = hex4();
            if (u >= 0xD800 && u < 0xDC00 && n_ - i_ >= 6 && s_[i_] == '\\' && s_[i_ + 1] == 'u') {
                i_ += 2;
                const unsigned low = hex4();
                u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
            }
            // UTF-8
            if (u < 0x80)
                out += char(u);
            else if (u < 0x800)
                out += char(0xC0 | (u >> 6)), out += char(0x80 | (u & 0x3F));
            else if (u < 0x10000)
                out += char(0xE0 | (u >> 12)), out += char(0x80 | ((u >> 6) & 0x3F)), out += char(0x80 | (u & 0x3F));
            else
                out += char(0xF0 | (u >> 18)), out += char(0x80 | ((u >> 12) & 0x3F)),
                    out += char(0x80 | ((u >> 6) & 0x3F)), out += char(0x80 | (u & 0x3F));
        }
    }

    const char* s_;
    std::size_t n_, i_ = 0;
    std::string fn_;
};

// ---- the dtypes ----

struct DType {
    const char* name;
    std::size_t bytes;
};
constexpr DType kDTypes[] = {{"F32", 4}, {"F16", 2}, {"BF16", 2}, {"F64", 8}};

const DType* dtype_named(const std::string& name) {
    for (const DType& t : kDTypes)
        if (name == t.name) return &t;
    return nullptr;
}

float half_to_float(std::uint16_t h) {
    const std::uint32_t sign = std::uint32_t(h >> 15) << 31, exponent = (h >> 10) & 0x1F, mantissa = h & 0x3FF;
    if (exponent == 0) {  // zero or subnormal: mantissa * 2^-24
        const float v = std::ldexp(float(mantissa), -24);
        return sign ? -v : v;
    }
    std::uint32_t bits = sign | ((exponent == 31 ? 255 : exponent + 112) << 23) | (mantissa << 13);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

std::uint64_t little_endian(const std::uint8_t* p, std::size_t bytes) {
    std::uint64_t v = 0;
    for (std::size_t k = bytes; k-- > 0;) v = (v << 8) | p[k];
    return v;
}

float decode(const std::uint8_t* p, const DType& t) {
    const std::uint64_t raw = little_endian(p, t.bytes);
    if (t.bytes == 2 && t.name[0] == 'F') return half_to_float(std::uint16_t(raw));
    if (t.bytes == 2) {  // BF16: the top half of a float32
        const std::uint32_t bits = std::uint32_t(raw) << 16;
        float f;
        std::memcpy(&f, &bits, 4);
        return f;
    }
    if (t.bytes == 4) {
        const std::uint32_t bits = std::uint32_t(raw);
        float f;
        std::memcpy(&f, &bits, 4);
        return f;
    }
    double d;
    std::memcpy(&d, &raw, 8);
    return float(d);
}

// A size or an offset of `tensor`: a whole number that a size_t holds. `field` says which one
// (shape[2], data_offsets[0]).
std::size_t whole(const Json& v, const std::string& fn, const std::string& tensor, const std::string& field) {
    require(v.kind == Json::Kind::number && is_whole_number(v.number), fn,
            refused("safetensors.tensor.whole", "tensor", tensor, "field", field, "max", largest_whole()));
    return std::size_t(v.number);
}

}  // namespace

std::size_t StEntry::count() const {
    std::size_t n = 1;
    for (const std::size_t d : shape) n *= d;
    return n;
}

SafetensorsFile::SafetensorsFile(ByteReader read, std::size_t size, std::string fn)
    : read_(std::move(read)), size_(size), fn_(std::move(fn)) {
    require(size >= 8, fn_, refused("safetensors.short", "size", size));
    std::uint8_t length[8];
    read_(0, 8, length);
    const std::uint64_t header = little_endian(length, 8);
    require(header <= kMaxSafetensorsHeader, fn_,
            refused("safetensors.notSafetensors", "header", std::to_string(header), "max", kMaxSafetensorsHeader));
    require(header <= size - 8, fn_, refused("safetensors.pastEnd", "header", double(header), "rest", size - 8));
    std::vector<std::uint8_t> text(std::size_t(header) + 1);  // + 1: never a zero-length buffer
    read_(8, std::size_t(header), text.data());
    const Json doc = JsonReader(reinterpret_cast<const char*>(text.data()), std::size_t(header), fn_).document();
    require(doc.kind == Json::Kind::object, fn_, refused("safetensors.notObject"));
    const std::size_t data_start = 8 + std::size_t(header), data_size = size - data_start;

    std::map<std::string, bool> seen;
    for (const auto& [name, entry] : doc.members) {
        require(!seen[name], fn_, refused("safetensors.twice", "name", name));
        seen[name] = true;
        if (name == "__metadata__") {
            require(entry.kind == Json::Kind::object, fn_, refused("safetensors.metadataObject"));
            for (const auto& [key, value] : entry.members) {
                require(value.kind == Json::Kind::text, fn_, refused("safetensors.metadataText", "key", key));
                metadata_.emplace_back(key, value.text);
            }
            continue;
        }
        require(entry.kind == Json::Kind::object, fn_, refused("safetensors.tensor.notObject", "tensor", name));
        const Json *dtype = nullptr, *shape = nullptr, *offsets = nullptr;
        for (const auto& [key, value] : entry.members) {
            if (key == "dtype")
                dtype = &value;
            else if (key == "shape")
                shape = &value;
            else if (key == "data_offsets")
                offsets = &value;
            else
                require(false, fn_, refused("safetensors.tensor.unknownField", "tensor", name, "field", key));
        }
        require(dtype && shape && offsets, fn_, refused("safetensors.tensor.missing", "tensor", name));
        require(dtype->kind == Json::Kind::text, fn_, refused("safetensors.tensor.dtypeText", "tensor", name));
        const DType* type = dtype_named(dtype->text);
        require(type, fn_, refused("safetensors.tensor.dtype", "tensor", name, "dtype", dtype->text));
        require(shape->kind == Json::Kind::array, fn_, refused("safetensors.tensor.shape", "tensor", name));
        StEntry t;
        t.name = name;
        t.dtype = type->name;
        double bytes = double(type->bytes);  // exact: a tensor this large would not fit the file
        for (std::size_t k = 0; k < shape->items.size(); ++k) {
            t.shape.push_back(whole(shape->items[k], fn_, name, msg("shape[", k, "]")));
            bytes *= double(t.shape.back());
        }
        require(offsets->kind == Json::Kind::array && offsets->items.size() == 2, fn_,
                refused("safetensors.tensor.offsets", "tensor", name));
        const std::size_t begin = whole(offsets->items[0], fn_, name, "data_offsets[0]");
        const std::size_t end = whole(offsets->items[1], fn_, name, "data_offsets[1]");
        require(begin <= end && end <= data_size, fn_,
                refused("safetensors.tensor.outside", "tensor", name, "begin", begin, "end", end, "size", data_size));
        require(double(end - begin) == bytes, fn_,
                refused("safetensors.tensor.span", "tensor", name, "dtype", type->name, "shape", shape_str(t.shape),
                        "bytes", bytes, "span", end - begin));
        t.begin = data_start + begin, t.end = data_start + end;
        tensors_.push_back(std::move(t));
    }
    std::vector<const StEntry*> spans;
    for (const StEntry& t : tensors_)
        if (t.begin != t.end) spans.push_back(&t);  // an empty tensor overlaps nothing
    std::sort(spans.begin(), spans.end(), [](const StEntry* a, const StEntry* b) { return a->begin < b->begin; });
    const StEntry* reach = nullptr;  // the span that ends furthest among those before
    for (const StEntry* sp : spans) {
        require(!reach || sp->begin >= reach->end, fn_,
                refused("safetensors.overlap", "first", reach ? reach->name : "", "second", sp->name));
        if (!reach || sp->end > reach->end) reach = sp;
    }
}

// Tensors are read a piece of 1 MiB at a time: each copy out of the file costs one call, and the
// module's memory holds one piece, not the tensor's bytes.
constexpr std::size_t kPiece = std::size_t(1) << 20;

bool SafetensorsFile::same_bytes(const StEntry& a, const StEntry& b) const {
    if (a.dtype != b.dtype || a.shape != b.shape) return false;
    std::vector<std::uint8_t> pa(kPiece), pb(kPiece);
    for (std::size_t from = 0; from < a.end - a.begin; from += kPiece) {
        const std::size_t n = std::min(kPiece, a.end - a.begin - from);
        read_(a.begin + from, n, pa.data());
        read_(b.begin + from, n, pb.data());
        if (std::memcmp(pa.data(), pb.data(), n) != 0) return false;
    }
    return true;
}

void SafetensorsFile::values(std::size_t i, float* out) const {
    const StEntry& t = tensors_.at(i);
    const DType& type = *dtype_named(t.dtype);
    const std::size_t n = t.count(), per_piece = kPiece / type.bytes;
    std::vector<std::uint8_t> piece(std::min(n, per_piece) * type.bytes + 1);
    for (std::size_t from = 0; from < n; from += per_piece) {
        const std::size_t k_end = std::min(n, from + per_piece);
        read_(t.begin + from * type.bytes, (k_end - from) * type.bytes, piece.data());
        for (std::size_t k = from; k < k_end; ++k) {
            out[k] = decode(piece.data() + (k - from) * type.bytes, type);
            if (!std::isfinite(out[k]))  // the message is built only then: this loop reads 124 M numbers
                require(false, fn_,
                        refused("safetensors.tensor.notFinite", "tensor", t.name, "entry", k, "value", double(out[k]),
                                "dtype", t.dtype));
        }
    }
}

SafetensorsFile open_safetensors(const std::uint8_t* bytes, std::size_t size, const std::string& fn) {
    return SafetensorsFile(
        [bytes](std::size_t offset, std::size_t n, std::uint8_t* out) { std::memcpy(out, bytes + offset, n); }, size,
        fn);
}

SafeTensors read_safetensors(const std::uint8_t* bytes, std::size_t size, const std::string& fn) {
    const SafetensorsFile file = open_safetensors(bytes, size, fn);
    SafeTensors st;
    st.metadata = file.metadata();
    for (std::size_t i = 0; i < file.tensors().size(); ++i) {
        const StEntry& e = file.tensors()[i];
        StTensor t{e.name, e.shape, std::vector<float>(e.count())};
        file.values(i, t.data.data());
        st.tensors.push_back(std::move(t));
    }
    return st;
}

std::vector<std::uint8_t> write_safetensors(const SafeTensors& st) {
    std::string header = "{";
    std::size_t offset = 0;
    for (const StTensor& t : st.tensors) {
        if (header.size() > 1) header += ',';
        json_text(header, t.name);
        header += ":{\"dtype\":\"F32\",\"shape\":[";
        for (std::size_t k = 0; k < t.shape.size(); ++k) header += (k ? "," : "") + std::to_string(t.shape[k]);
        header +=
            "],\"data_offsets\":[" + std::to_string(offset) + "," + std::to_string(offset + 4 * t.data.size()) + "]}";
        offset += 4 * t.data.size();
    }
    if (!st.metadata.empty()) {
        header += std::string(header.size() > 1 ? "," : "") + "\"__metadata__\":{";
        for (std::size_t k = 0; k < st.metadata.size(); ++k) {
            if (k) header += ',';
            json_text(header, st.metadata[k].first);
            header += ':';
            json_text(header, st.metadata[k].second);
        }
        header += '}';
    }
    header += '}';
    header.append((8 - header.size() % 8) % 8, ' ');  // the data starts 8-byte aligned
    std::vector<std::uint8_t> out(8 + header.size() + offset);
    for (std::size_t k = 0; k < 8; ++k) out[k] = std::uint8_t(std::uint64_t(header.size()) >> (8 * k));
    std::memcpy(out.data() + 8, header.data(), header.size());
    std::uint8_t* p = out.data() + 8 + header.size();
    for (const StTensor& t : st.tensors)
        for (const float x : t.data) {
            std::uint32_t bits;
            std::memcpy(&bits, &x, 4);
            for (std::size_t k = 0; k < 4; ++k) *p++ = std::uint8_t(bits >> (8 * k));
        }
    return out;
}

}  // namespace lab
