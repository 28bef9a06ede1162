// Message pieces as text, for the engine's English diagnostics and a refusal's describe():
// to_text, msg, shape_str; and json_text, a string as JSON writes it.
#pragma once

#include <cstdio>
#include <string>
#include <type_traits>

namespace lab {

// `s` appended to `out` as a JSON string: quoted, with ", \ and control characters escaped (the
// bytes of UTF-8 pass as they are).
inline void json_text(std::string& out, const std::string& s) {
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

// Message pieces as text. Written without <sstream>: iostreams would pull C++ locales into the
// WebAssembly module and roughly double its size.
inline std::string to_text(const std::string& s) { return s; }
inline std::string to_text(const char* s) { return s; }
inline std::string to_text(char c) { return std::string(1, c); }
inline std::string to_text(bool b) { return b ? "true" : "false"; }
template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
std::string to_text(T x) {
    return std::to_string(x);
}
inline std::string to_text(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.15g", x);  // 15 digits: round-trips the numbers people type
    return buf;
}

// Build a message from pieces: msg("k has ", 2, " columns").
template <class... Parts>
std::string msg(const Parts&... parts) {
    std::string out;
    ((out += to_text(parts)), ...);
    return out;
}

// "[2, 3]" for a shape, as used in every error message.
template <class S>
std::string shape_str(const S& shape) {
    std::string out = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
    return out + "]";
}

}  // namespace lab
