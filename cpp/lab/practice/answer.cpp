#include "lab/practice/answer.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>

namespace lab::practice {

Format parse_format(const std::string& name) {
    static const std::map<std::string, Format> names = {
        {"number", Format::number},     {"integer", Format::integer}, {"vector", Format::vector},
        {"matrix", Format::matrix},     {"shape", Format::shape},     {"positions", Format::positions},
        {"pairs", Format::pairs},       {"token", Format::token},     {"choice", Format::choice},
        {"einsum", Format::einsum}};
    const auto it = names.find(name);
    if (it == names.end()) throw std::invalid_argument("unknown answer format '" + name + "'");
    return it->second;
}

std::string format_name(Format f) {
    switch (f) {
        case Format::number: return "number";
        case Format::integer: return "integer";
        case Format::vector: return "vector";
        case Format::matrix: return "matrix";
        case Format::shape: return "shape";
        case Format::positions: return "positions";
        case Format::pairs: return "pairs";
        case Format::token: return "token";
        case Format::choice: return "choice";
        case Format::einsum: return "einsum";
    }
    return "number";
}

namespace {

struct ParseError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Brackets and parentheses nest at most this deep: enough for any answer, and a guard against
// "[[[[[[…" exhausting the stack.
constexpr int kMaxDepth = 32;
// Digits in one number literal; longer runs are not a number anyone means.
constexpr std::size_t kMaxNumberLength = 64;
// The longest canonical entry: a number as "-1.2345678901234567e-308" (24 characters) or a pair
// of positions up to 1e9 as "(1000000000, 1000000000)" (24), then ", " and a matrix row's "[", "]".
constexpr std::size_t kMaxEntryText = 24 + 2 + 2;
static_assert(kMaxEntries * kMaxEntryText + 2 <= kMaxAnswerLength, "an accepted answer's canonical text must read back");

// Replaces the few non-ASCII symbols people paste (−, ×, ·, π, √) by ASCII; anything else
// non-ASCII is an error at the place it occurs.
std::string normalise(const std::string& in) {
    static const std::pair<const char*, const char*> symbols[] = {
        {"\xE2\x88\x92", "-"}, {"\xC3\x97", "*"}, {"\xC2\xB7", "*"}, {"\xCF\x80", "pi"}, {"\xE2\x88\x9A", "sqrt"}};
    std::string out;
    for (std::size_t i = 0; i < in.size();) {
        bool replaced = false;
        for (const auto& [from, to] : symbols) {
            const std::size_t n = std::char_traits<char>::length(from);
            if (in.compare(i, n, from) == 0) {
                out += to;
                i += n;
                replaced = true;
                break;
            }
        }
        if (replaced) continue;
        const unsigned char c = in[i];
        if (c >= 0x80) throw ParseError("a character that is not part of any answer format (non-ASCII) at position " + std::to_string(i));
        out += char(c);
        ++i;
    }
    return out;
}

class Reader {
public:
    explicit Reader(std::string s) : s_(std::move(s)) {}

    void skip() {
        while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    }
    bool at_end() {
        skip();
        return pos_ >= s_.size();
    }
    char peek() {
        skip();
        return pos_ < s_.size() ? s_[pos_] : '\0';
    }
    bool eat(char c) {
        if (peek() != c) return false;
        ++pos_;
        return true;
    }
    void expect(char c, const char* what) {
        if (!eat(c)) fail(std::string("expected ") + what);
    }
    [[noreturn]] void fail(const std::string& what) {
        skip();
        const std::string near = pos_ < s_.size() ? "\"" + s_.substr(pos_, 12) + "\"" : "the end";
        throw ParseError(what + " at " + near);
    }

    // expr := term (('+' | '-') term)*
    double expr(int depth) {
        guard(depth);
        double v = term(depth);
        for (;;) {
            if (eat('+')) v += term(depth);
            else if (eat('-')) v -= term(depth);
            else return v;
        }
    }

    std::string word() {
        skip();
        const std::size_t start = pos_;
        while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_' || s_[pos_] == '<' ||
                                     s_[pos_] == '>' || s_[pos_] == '-' || s_[pos_] == '\'' || s_[pos_] == '"'))
            ++pos_;
        return s_.substr(start, pos_ - start);
    }

    std::size_t position() const { return pos_; }
    const std::string& text() const { return s_; }

private:
    static void guard(int depth) {
        if (depth > kMaxDepth) throw ParseError("brackets nested more than " + std::to_string(kMaxDepth) + " deep");
    }

    // Juxtaposition multiplies before a name or a parenthesis ("2 pi", "2 ln 2", "3(1/2)"), never
    // between two numbers: "[1 2]" is a missing comma, not 2.
    bool starts_factor() {
        const char c = peek();
        return c == '(' || std::isalpha(static_cast<unsigned char>(c));
    }

    // term := unary (('*' | '/') unary | unary)*   — a juxtaposition such as "2 pi" multiplies
    double term(int depth) {
        double v = unary(depth);
        for (;;) {
            if (eat('*')) v *= unary(depth);
            else if (eat('/')) {
                const double d = unary(depth);
                if (d == 0.0) fail("a division by zero");
                v /= d;
            } else if (starts_factor()) v *= unary(depth);
            else return v;
        }
    }

    // unary := ('-' | '+') unary | power
    double unary(int depth) {
        guard(depth);
        if (eat('-')) return -unary(depth + 1);
        if (eat('+')) return unary(depth + 1);
        return power(depth);
    }

    // power := primary ('^' unary)?
    double power(int depth) {
        const double base = primary(depth);
        if (eat('^')) return std::pow(base, unary(depth + 1));
        return base;
    }

    // primary := number | pi | e | function argument | '(' expr ')'
    double primary(int depth) {
        guard(depth);
        const char c = peek();
        if (c == '(') {
            ++pos_;
            const double v = expr(depth + 1);
            expect(')', "a closing parenthesis");
            return v;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') return number();
        if (std::isalpha(static_cast<unsigned char>(c))) {
            const std::size_t start = pos_;
            while (pos_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[pos_]))) ++pos_;
            std::string name = s_.substr(start, pos_ - start);
            std::transform(name.begin(), name.end(), name.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
            if (name == "pi") return 3.141592653589793;
            if (name == "e") return 2.718281828459045;
            // a function applies to a parenthesised argument or to the power that follows: ln 2
            if (name == "ln" || name == "log" || name == "exp" || name == "sqrt") {
                const double x = power(depth + 1);
                if (name == "exp") return std::exp(x);
                if (name == "sqrt") {
                    if (x < 0) fail("the square root of a negative number");
                    return std::sqrt(x);
                }
                if (x <= 0) fail("the logarithm of a number that is not positive");
                return std::log(x);  // log means the natural logarithm, as in the handout
            }
            pos_ = start;
            fail("an unknown name \"" + name + "\" (known: pi, e, ln, log, exp, sqrt)");
        }
        fail("expected a number");
    }

    double number() {
        const std::size_t start = pos_;
        while (pos_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '.')) ++pos_;
        if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
            std::size_t p = pos_ + 1;
            if (p < s_.size() && (s_[p] == '+' || s_[p] == '-')) ++p;
            if (p < s_.size() && std::isdigit(static_cast<unsigned char>(s_[p]))) {
                pos_ = p;
                while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
            }
        }
        const std::string lexeme = s_.substr(start, pos_ - start);
        if (lexeme.size() > kMaxNumberLength) throw ParseError("a number with more than " + std::to_string(kMaxNumberLength) + " characters");
        if (std::count(lexeme.begin(), lexeme.end(), '.') > 1) throw ParseError("a number with two decimal points: \"" + lexeme + "\"");
        char* end = nullptr;
        const double v = std::strtod(lexeme.c_str(), &end);
        if (end != lexeme.c_str() + lexeme.size()) throw ParseError("an unreadable number \"" + lexeme + "\"");
        return v;
    }

    std::string s_;
    std::size_t pos_ = 0;
};

double finite_value(double v, const std::string& what) {
    if (!std::isfinite(v)) throw ParseError(what + " is not a finite number (too large, or 0 divided by 0)");
    return v;
}

// items separated by commas, optionally inside open/close brackets; `item` reads one.
template <class F>
void list(Reader& r, int depth, F&& item) {
    char close = '\0';
    if (r.eat('[')) close = ']';
    else if (r.eat('(')) close = ')';
    else if (r.eat('{')) close = '}';
    if (close && r.eat(close)) return;  // an empty list
    do item(depth + 1);
    while (r.eat(','));
    if (close) r.expect(close, std::string(1, '\'').append(1, close).append("'").c_str());
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::string trim_word(const std::string& s) {
    std::size_t a = 0, b = s.size();
    while (a < b && (std::isspace(static_cast<unsigned char>(s[a])) || s[a] == '"' || s[a] == '\'')) ++a;
    while (b > a && (std::isspace(static_cast<unsigned char>(s[b - 1])) || s[b - 1] == '"' || s[b - 1] == '\'' || s[b - 1] == '.')) --b;
    return s.substr(a, b - a);
}

// bid,bjd->bij with the letters renamed a, b, c… in order of first appearance, so that any
// consistent renaming of the axes compares equal. Axes are case-sensitive, as in NumPy, so there
// can be 52 of them: the 27th onwards is named A, B, C…
std::string canonical_einsum(const std::string& raw) {
    std::string s;
    for (char c : raw)
        if (!std::isspace(static_cast<unsigned char>(c)) && c != '"' && c != '\'') s += c;
    const std::size_t arrow = s.find("->");
    if (arrow == std::string::npos) throw ParseError("an einsum string needs \"->\" before the output axes");
    std::map<char, char> rename;
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (i == arrow || i == arrow + 1) {
            out += c;
            continue;
        }
        if (c == ',') {
            out += c;
            continue;
        }
        if (!std::isalpha(static_cast<unsigned char>(c))) throw ParseError(std::string("an einsum axis must be a letter, not '") + c + "'");
        if (!rename.count(c)) {
            const std::size_t n = rename.size();
            rename[c] = n < 26 ? char('a' + n) : char('A' + (n - 26));
        }
        out += rename[c];
    }
    return out;
}

Answer read(const std::string& original, Format f) {
    Answer a;
    a.format = f;
    if (f == Format::token || f == Format::choice) {
        a.text = lower(trim_word(original));
        if (a.text.empty()) throw ParseError("an empty answer");
        return a;
    }
    if (f == Format::einsum) {
        a.text = canonical_einsum(original);
        return a;
    }
    Reader r(normalise(original));
    if (r.at_end()) throw ParseError("an empty answer");
    switch (f) {
        case Format::number:
        case Format::integer: {
            const double v = finite_value(r.expr(0), "the value");
            if (f == Format::integer && std::abs(v - std::round(v)) > 1e-9 * std::max(1.0, std::abs(v)))
                throw ParseError("a whole number was expected, and this is " + std::to_string(v));
            a.numbers = {f == Format::integer ? std::round(v) : v};
            break;
        }
        case Format::vector:
            list(r, 0, [&](int depth) { a.numbers.push_back(finite_value(r.expr(depth), "an entry")); });
            a.shape = {a.numbers.size()};
            break;
        case Format::matrix: {
            std::size_t cols = 0, rows = 0;
            r.expect('[', "'[' to open the matrix, as in [[a, b], [c, d]]");
            do {
                std::size_t n = 0;
                r.expect('[', "'[' to open a row");
                do {
                    a.numbers.push_back(finite_value(r.expr(1), "an entry"));
                    ++n;
                } while (r.eat(','));
                r.expect(']', "']' to close a row");
                if (rows && n != cols) throw ParseError("row " + std::to_string(rows) + " has " + std::to_string(n) + " entries but row 0 has " + std::to_string(cols));
                cols = n;
                ++rows;
            } while (r.eat(','));
            r.expect(']', "']' to close the matrix");
            a.shape = {rows, cols};
            break;
        }
        case Format::shape:
            list(r, 0, [&](int depth) {
                const double v = finite_value(r.expr(depth), "a dimension");
                if (v < 0 || v != std::floor(v)) throw ParseError("a dimension must be a whole number >= 0");
                a.numbers.push_back(v);
            });
            break;
        case Format::positions:
            list(r, 0, [&](int depth) {
                const double v = finite_value(r.expr(depth), "a position");
                if (v < 0 || v != std::floor(v) || v > 1e9) throw ParseError("a position must be a whole number >= 0");
                a.pairs.emplace_back(long(v), -1);
            });
            break;
        case Format::pairs:
            list(r, 0, [&](int depth) {
                r.expect('(', "'(' to open a pair such as (0, 1)");
                const double i = finite_value(r.expr(depth + 1), "a position");
                r.expect(',', "',' between the two positions of a pair");
                const double j = finite_value(r.expr(depth + 1), "a position");
                r.expect(')', "')' to close a pair");
                if (i < 0 || j < 0 || i != std::floor(i) || j != std::floor(j) || i > 1e9 || j > 1e9)
                    throw ParseError("positions must be whole numbers >= 0");
                a.pairs.emplace_back(long(i), long(j));
            });
            break;
        default: break;
    }
    if (!r.at_end()) r.fail("unexpected text");
    if (const std::size_t n = a.numbers.size() + a.pairs.size(); n > kMaxEntries)
        throw ParseError("an answer has at most " + std::to_string(kMaxEntries) + " entries, and this one has " + std::to_string(n));
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
        p.error = "the answer is longer than " + std::to_string(kMaxAnswerLength) + " characters";
        return p;
    }
    try {
        p.answer = read(text, format);
        p.ok = true;
    } catch (const std::exception& e) {
        p.error = std::string("could not read it: ") + e.what();
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
            for (std::size_t r = 0; r < a.shape.at(0); ++r) s += (r ? ", [" : "[") + join(a.numbers, r * a.shape[1], a.shape[1]) + "]";
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
                s += (i ? ", (" : "(") + std::to_string(a.pairs[i].first) + ", " + std::to_string(a.pairs[i].second) + ")";
            return s + "}";
        }
        case Format::token:
        case Format::choice:
        case Format::einsum: return a.text;
    }
    return "";
}

Comparison compare(const Answer& given, const Answer& expected) {
    Comparison c;
    if (given.format != expected.format) {
        c.comparable = false;
        return c;
    }
    switch (expected.format) {
        case Format::token:
        case Format::choice:
        case Format::einsum: c.equal = given.text == expected.text; return c;
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
    for (std::size_t i = 0; i < expected.numbers.size(); ++i) {
        const double e = expected.numbers[i];
        if (!(std::abs(given.numbers[i] - e) <= kRelTolerance * std::abs(e) + kAbsTolerance)) c.wrong_entries.push_back(i);
    }
    c.equal = c.wrong_entries.empty();
    return c;
}

}  // namespace lab::practice
