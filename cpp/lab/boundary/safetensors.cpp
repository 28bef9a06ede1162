#include "lab/boundary/safetensors.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>

#include "lab/boundary/whole_number.hpp"
#include "lab/core/tensor.hpp"

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
        if (i_ != n_) fail("more text after the header's object");
        return v;
    }

private:
    static constexpr int kMaxDepth = 32;  // a header is two objects deep; this is generous

    [[noreturn]] void fail(const std::string& what) const {
        throw std::invalid_argument(msg(fn_, ": the header is not valid JSON at byte ", i_, ": ", what));
    }
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
        if (depth > kMaxDepth) fail(msg("nested more than ", kMaxDepth, " deep"));
        space();
        if (i_ == n_) fail("it ends where a value was expected");
        Json v;
        const char c = s_[i_];
        if (c == '{') {
            v.kind = Json::Kind::object;
            ++i_;
            space();
            if (i_ < n_ && s_[i_] == '}') return ++i_, v;
            for (;;) {
                space();
                if (i_ == n_ || s_[i_] != '"') fail("a name in quotes was expected");
                std::string key = text();
                space();
                if (i_ == n_ || s_[i_] != ':') fail("':' was expected after a name");
                ++i_;
                v.members.emplace_back(std::move(key), value(depth + 1));
                space();
                if (i_ < n_ && s_[i_] == ',') {
                    ++i_;
                    continue;
                }
                if (i_ < n_ && s_[i_] == '}') return ++i_, v;
                fail("',' or '}' was expected");
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
                fail("',' or ']' was expected");
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
        fail(msg("unexpected character '", c, "'"));
    }
    double number() {
        const std::size_t start = i_;
        const auto digits = [&] {
            const std::size_t from = i_;
            while (i_ < n_ && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
            if (i_ == from) fail("a digit was expected in a number");
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
        if (n_ - i_ < 4) fail("a \\u escape needs four hex digits");
        unsigned u = 0;
        for (int k = 0; k < 4; ++k) {
            const char h = s_[i_++];
            u = u * 16 + unsigned(h >= '0' && h <= '9'   ? h - '0'
                                  : h >= 'a' && h <= 'f' ? h - 'a' + 10
                                  : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                         : (fail("a \\u escape needs four hex digits"), 0));
        }
        return u;
    }
    std::string text() {
        ++i_;  // the opening quote
        std::string out;
        for (;;) {
            if (i_ == n_) fail("a text in quotes is not closed");
            const char c = s_[i_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) fail("a control character inside quotes");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i_ == n_) fail("a text in quotes is not closed");
            const char e = s_[i_++];
            const char* plain = std::strchr("\"\\/bfnrt", e);
            if (plain && e) {
                out += "\"\\/\b\f\n\r\t"[plain - "\"\\/bfnrt"];
                continue;
            }
            if (e != 'u') fail(msg("an unknown escape \\", e));
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

// A size or an offset: a whole number that a size_t holds.
std::size_t whole(const Json& v, const std::string& fn, const std::string& what) {
    require(v.kind == Json::Kind::number && is_whole_number(v.number), fn,
            msg(what, " must be a whole number from 0 to ", largest_whole()));
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
    require(size >= 8, fn_,
            msg("the file is ", size, " bytes long, shorter than the 8 bytes that give its header's length"));
    std::uint8_t length[8];
    read_(0, 8, length);
    const std::uint64_t header = little_endian(length, 8);
    require(header <= kMaxSafetensorsHeader, fn_,
            msg("this is not a safetensors file: its first 8 bytes should give the length of its header, and "
                "read so they give ",
                header, " bytes, more than the ", kMaxSafetensorsHeader, " a checkpoint's header may be"));
    require(header <= size - 8, fn_,
            msg("the header's length is ", header, " bytes, past the end of the file (", size - 8,
                " bytes after the length): the file is cut short or not a safetensors file"));
    std::vector<std::uint8_t> text(std::size_t(header) + 1);  // + 1: never a zero-length buffer
    read_(8, std::size_t(header), text.data());
    const Json doc = JsonReader(reinterpret_cast<const char*>(text.data()), std::size_t(header), fn_).document();
    require(doc.kind == Json::Kind::object, fn_, "the header must be a JSON object of tensors");
    const std::size_t data_start = 8 + std::size_t(header), data_size = size - data_start;

    std::map<std::string, bool> seen;
    for (const auto& [name, entry] : doc.members) {
        require(!seen[name], fn_, msg("the header names \"", name, "\" twice"));
        seen[name] = true;
        if (name == "__metadata__") {
            require(entry.kind == Json::Kind::object, fn_, "__metadata__ must be an object of texts");
            for (const auto& [key, value] : entry.members) {
                require(value.kind == Json::Kind::text, fn_,
                        msg("__metadata__.", key, " must be a text (safetensors keeps only texts there)"));
                metadata_.emplace_back(key, value.text);
            }
            continue;
        }
        const std::string where = msg("tensor \"", name, "\"");
        require(entry.kind == Json::Kind::object, fn_, msg(where, " must be {dtype, shape, data_offsets}"));
        const Json *dtype = nullptr, *shape = nullptr, *offsets = nullptr;
        for (const auto& [key, value] : entry.members) {
            if (key == "dtype")
                dtype = &value;
            else if (key == "shape")
                shape = &value;
            else if (key == "data_offsets")
                offsets = &value;
            else
                require(false, fn_,
                        msg(where, " has an unknown field \"", key, "\" (expected dtype, shape, data_offsets)"));
        }
        require(dtype && shape && offsets, fn_, msg(where, " must have dtype, shape and data_offsets"));
        require(dtype->kind == Json::Kind::text, fn_, msg(where, ": dtype must be a text such as \"F32\""));
        const DType* type = dtype_named(dtype->text);
        require(type, fn_, msg(where, " has dtype \"", dtype->text, "\"; the lab reads F32, F16, BF16 and F64"));
        require(shape->kind == Json::Kind::array, fn_, msg(where, ": shape must be a list of sizes"));
        StEntry t;
        t.name = name;
        t.dtype = type->name;
        double bytes = double(type->bytes);  // exact: a tensor this large would not fit the file
        for (std::size_t k = 0; k < shape->items.size(); ++k) {
            t.shape.push_back(whole(shape->items[k], fn_, msg(where, ": shape[", k, "]")));
            bytes *= double(t.shape.back());
        }
        require(offsets->kind == Json::Kind::array && offsets->items.size() == 2, fn_,
                msg(where, ": data_offsets must be [begin, end]"));
        const std::size_t begin = whole(offsets->items[0], fn_, msg(where, ": data_offsets[0]"));
        const std::size_t end = whole(offsets->items[1], fn_, msg(where, ": data_offsets[1]"));
        require(begin <= end && end <= data_size, fn_,
                msg(where, " has data_offsets [", begin, ", ", end, "], outside the ", data_size,
                    " bytes of data after the header"));
        require(double(end - begin) == bytes, fn_,
                msg(where, " is ", type->name, " of shape ", shape_str(t.shape), ", so ", bytes,
                    " bytes, but its data_offsets span ", end - begin));
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
                msg("tensors \"", reach ? reach->name : "", "\" and \"", sp->name, "\" overlap in the file's data"));
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
                        msg("tensor \"", t.name, "\" entry ", k, " is ", double(out[k]),
                            t.dtype == "F64" ? " (or too large for float32)" : "",
                            ": a checkpoint's weights must be finite numbers"));
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

namespace {

void json_text(std::string& out, const std::string& s) {
    out += '"';
    for (const char c : s) {
        if (c == '"' || c == '\\')
            out += '\\', out += c;
        else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(static_cast<unsigned char>(c)));
            out += buf;
        } else
            out += c;
    }
    out += '"';
}

}  // namespace

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
