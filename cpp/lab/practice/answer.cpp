#include "lab/practice/answer.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>

#include "lab/practice/read.hpp"

namespace lab::practice {

namespace {

using namespace detail;

// The longest canonical entry: a number as "-1.2345678901234567e-308" (24 characters) or a pair
// of positions up to 1e9 as "(1000000000, 1000000000)" (24), then ", " and a matrix row's "[", "]".
constexpr std::size_t kMaxEntryText = 24 + 2 + 2;
static_assert(kMaxEntries * kMaxEntryText + 2 <= kMaxAnswerLength,
              "an accepted answer's canonical text must read back");

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::string trim_word(const std::string& s) {
    std::size_t a = 0, b = s.size();
    while (a < b && (std::isspace(static_cast<unsigned char>(s[a])) || s[a] == '"' || s[a] == '\'')) ++a;
    while (b > a && (std::isspace(static_cast<unsigned char>(s[b - 1])) || s[b - 1] == '"' || s[b - 1] == '\'' ||
                     s[b - 1] == '.'))
        --b;
    return s.substr(a, b - a);
}

Answer read(const std::string& original, Format f) {
    Answer a;
    a.format = f;
    if (f == Format::token || f == Format::choice) {
        a.text = lower(trim_word(original));
        if (a.text.empty()) throw ParseError(refused("parse.empty"));
        return a;
    }
    if (f == Format::einsum) {
        a.text = canonical_einsum(original);
        return a;
    }
    a = read_numbers(original, f);
    if (const std::size_t n = a.numbers.size() + a.pairs.size(); n > kMaxEntries)
        throw ParseError(refused("parse.tooManyEntries", "max", kMaxEntries, "n", n));
    std::sort(a.pairs.begin(), a.pairs.end());
    a.pairs.erase(std::unique(a.pairs.begin(), a.pairs.end()), a.pairs.end());
    return a;
}

// The shortest text (from 10 significant digits up) that reads back as exactly v.
std::string number_text(double v) {
    char buf[40];
    for (int digits = 10; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    return buf;
}

}  // namespace

Parsed parse_answer(const std::string& text, Format format) {
    Parsed p;
    if (text.size() > kMaxAnswerLength) {
        p.error = refused("parse.tooLong", "max", kMaxAnswerLength);
        return p;
    }
    try {
        p.answer = read(text, format);
        p.ok = true;
    } catch (const ParseError& e) {
        p.error = e.refusal;
    }
    return p;
}

std::string answer_text(const Answer& a) {
    const auto join = [](const std::vector<double>& xs, std::size_t from, std::size_t n) {
        std::string s;
        for (std::size_t i = 0; i < n; ++i) s += (i ? ", " : "") + number_text(xs[from + i]);
        return s;
    };
    switch (a.format) {
        case Format::number:
        case Format::integer: return number_text(a.numbers.at(0));
        case Format::vector: return "[" + join(a.numbers, 0, a.numbers.size()) + "]";
        case Format::shape: return "[" + join(a.numbers, 0, a.numbers.size()) + "]";
        case Format::matrix: {
            std::string s = "[";
            for (std::size_t r = 0; r < a.shape.at(0); ++r)
                s += (r ? ", [" : "[") + join(a.numbers, r * a.shape[1], a.shape[1]) + "]";
            return s + "]";
        }
        case Format::positions: {
            std::string s = "{";
            for (std::size_t i = 0; i < a.pairs.size(); ++i) s += (i ? ", " : "") + std::to_string(a.pairs[i].first);
            return s + "}";
        }
        case Format::pairs: {
            std::string s = "{";
            for (std::size_t i = 0; i < a.pairs.size(); ++i)
                s += (i ? ", (" : "(") + std::to_string(a.pairs[i].first) + ", " + std::to_string(a.pairs[i].second) +
                     ")";
            return s + "}";
        }
        case Format::token:
        case Format::choice:
        case Format::einsum: return a.text;
    }
    return "";
}

Comparison compare(const Answer& given, const Answer& expected, double widen) {
    Comparison c;
    if (given.format != expected.format) {
        c.comparable = false;
        return c;
    }
    switch (expected.format) {
        case Format::token:
        case Format::choice: c.equal = given.text == expected.text; return c;
        case Format::einsum: {
            const bool g = given.text.find("...") != std::string::npos,
                       e = expected.text.find("...") != std::string::npos;
            c.equal =
                given.text == expected.text || (g && !e && expand_ellipsis(given.text, expected.text) == expected.text);
            return c;
        }
        case Format::positions:
        case Format::pairs: c.equal = given.pairs == expected.pairs; return c;
        case Format::shape:
        case Format::integer: c.equal = given.numbers == expected.numbers; return c;
        default: break;
    }
    if (given.numbers.size() != expected.numbers.size() || given.shape != expected.shape) {
        c.comparable = false;
        return c;
    }
    double largest = 0;
    for (double e : expected.numbers) largest = std::max(largest, std::abs(e));
    for (std::size_t i = 0; i < expected.numbers.size(); ++i) {
        const double e = expected.numbers[i];
        const double size = std::max(std::abs(e), kFloor * largest);
        if (!(std::abs(given.numbers[i] - e) <= widen * kRelTolerance * size)) c.wrong_entries.push_back(i);
    }
    c.equal = c.wrong_entries.empty();
    return c;
}

}  // namespace lab::practice
