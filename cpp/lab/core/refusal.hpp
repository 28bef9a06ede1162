// What the engine says when it will not do what it was asked: a code and named parameters,
// never a sentence. The sentence is the page's, written once per language in its catalogues
// (web/text/*.js, section `refusals`, where a code "parse.twoPoints" is the path
// refusals.parse.twoPoints); the JS facade builds its English Error.message from the English one.
// A parameter is a number (which the page writes in its number format), a text quoted from
// what was given (an unknown name, the part of an answer that could not be read), or a list of
// words (the options a student may choose from).
#pragma once

#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "lab/core/text.hpp"

namespace lab {

using RefusalArg = std::variant<double, std::string, std::vector<std::string>>;

struct Refusal {
    std::string code;  // empty: nothing was refused
    std::vector<std::pair<std::string, RefusalArg>> params;

    bool empty() const { return code.empty(); }

    // One parameter more: refusal.with("n", 3).with("name", "wQ").
    template <class T>
    Refusal& with(const std::string& name, const T& value) {
        if constexpr (std::is_arithmetic_v<T>)
            params.emplace_back(name, double(value));
        else if constexpr (std::is_same_v<T, std::vector<std::string>>)
            params.emplace_back(name, value);
        else
            params.emplace_back(name, std::string(value));
        return *this;
    }

    // The code and parameters in one line, for C++ readers (tests, native tools) and for
    // what(): parse.twoPoints {lexeme: "0.5.5"}.
    std::string describe() const {
        std::string out = code + " {";
        for (std::size_t i = 0; i < params.size(); ++i) {
            out += (i ? ", " : "") + params[i].first + ": ";
            if (const double* x = std::get_if<double>(&params[i].second)) {
                out += to_text(*x);
            } else if (const std::string* text = std::get_if<std::string>(&params[i].second)) {
                out += "\"" + *text + "\"";
            } else {
                const auto& words = std::get<std::vector<std::string>>(params[i].second);
                out += "[";
                for (std::size_t w = 0; w < words.size(); ++w) out += (w ? ", \"" : "\"") + words[w] + "\"";
                out += "]";
            }
        }
        return out + "}";
    }
};

// A refusal with its parameters in one expression: refused("parse.emptyRow", "row", 1).
inline void add_params(Refusal&) {}
template <class T, class... Rest>
void add_params(Refusal& r, const char* name, const T& value, const Rest&... rest) {
    r.with(name, value);
    add_params(r, rest...);
}
template <class... Args>
Refusal refused(const std::string& code, const Args&... name_value_pairs) {
    static_assert(sizeof...(Args) % 2 == 0, "parameters come as name, value pairs");
    Refusal r{code, {}};
    add_params(r, name_value_pairs...);
    return r;
}

// A refusal as a C++ exception, for an entry point's always-on checks: `fn` is the entry point's
// name in the JS API (which the facade's English message starts with); what() is
// "fn: code {params}".
class Refused : public std::invalid_argument {
public:
    Refused(const std::string& fn, Refusal r)
        : std::invalid_argument(fn + ": " + r.describe()), fn_(fn), refusal_(std::move(r)) {}
    const std::string& fn() const { return fn_; }
    const Refusal& refusal() const { return refusal_; }

private:
    std::string fn_;
    Refusal refusal_;
};

}  // namespace lab
