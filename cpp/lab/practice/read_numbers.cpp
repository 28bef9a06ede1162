// Numbers as a student writes them, and the lists and matrices made of them: a small
// recursive-descent reader with a depth limit (nothing is evaluated as code).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "lab/practice/read.hpp"

namespace lab::practice::detail {
namespace {

// Brackets and parentheses nest at most this deep: enough for any answer, and a guard against
// "[[[[[[…" exhausting the stack.
constexpr int kMaxDepth = 32;
// Digits in one number literal; longer runs are not a number anyone means.
constexpr std::size_t kMaxNumberLength = 64;

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
        if (c >= 0x80) {
            // the whole character (its UTF-8 bytes), and where it is counted in characters
            std::size_t end = i + 1;
            while (end < in.size() && (static_cast<unsigned char>(in[end]) & 0xC0) == 0x80) ++end;
            const std::size_t position =
                std::size_t(std::count_if(in.begin(), in.begin() + std::ptrdiff_t(i),
                                          [](char b) { return (static_cast<unsigned char>(b) & 0xC0) != 0x80; }));
            throw ParseError(refused("parse.character", "character", in.substr(i, end - i), "position", position));
        }
        out += char(c);
        ++i;
    }
    return out;
}

class Reader {
public:
    explicit Reader(std::string s) : s_(std::move(s)) {}

    // Looking ahead never moves past whitespace: whether a space came before the next token
    // decides how numpy-style lists and "1 -2" are read (see entry_ends).
    std::size_t next() const {
        std::size_t i = pos_;
        while (i < s_.size() && std::isspace(static_cast<unsigned char>(s_[i]))) ++i;
        return i;
    }
    void skip() { pos_ = next(); }
    bool at_end() const { return next() >= s_.size(); }
    char peek() const {
        const std::size_t i = next();
        return i < s_.size() ? s_[i] : '\0';
    }
    bool eat(char c) {
        const std::size_t i = next();
        if (i >= s_.size() || s_[i] != c) return false;
        pos_ = i + 1;
        return true;
    }
    // `code` names what was expected: "parse.expected.closeParen".
    void expect(char c, const char* code) {
        if (!eat(c)) fail(Refusal{code, {}});
    }
    // The refusal, with where the reader stopped: `near` is the next 12 characters, "" at the end.
    [[noreturn]] void fail(Refusal r) {
        skip();
        throw ParseError(r.with("near", pos_ < s_.size() ? s_.substr(pos_, 12) : std::string()));
    }

    // Whether the entries of the list that starts here are separated by whitespace (numpy's
    // printout) rather than by commas: no ',' or '|' at this list's own level before `close`.
    bool spaced_list(char close) const {
        int depth = 0;
        for (std::size_t i = pos_; i < s_.size(); ++i) {
            const char c = s_[i];
            if (c == '[' || c == '(' || c == '{')
                ++depth;
            else if (c == ']' || c == ')' || c == '}') {
                if (depth == 0) return c == close;
                --depth;
            } else if ((c == ',' || c == '|') && depth == 0)
                return false;
        }
        return close == '\0';
    }
    bool spaced() const { return spaced_; }
    // "[[" (with any whitespace): a matrix where a vector or a list was expected.
    bool opens_matrix() const {
        if (peek() != '[') return false;
        std::size_t i = next() + 1;
        while (i < s_.size() && std::isspace(static_cast<unsigned char>(s_[i]))) ++i;
        return i < s_.size() && s_[i] == '[';
    }
    void set_spaced(bool on) { spaced_ = on; }

    // expr := term (('+' | '-') term)*
    double expr(int depth) {
        guard(depth);
        double v = term(depth);
        for (;;) {
            if (entry_ends()) return v;
            if (eat('+'))
                v += term(depth);
            else if (eat('-'))
                v -= term(depth);
            else
                return v;
        }
    }

private:
    static void guard(int depth) {
        if (depth > kMaxDepth) throw ParseError(refused("parse.nested", "max", kMaxDepth));
    }

    // "a -b": whitespace before a sign and none after it. In a whitespace-separated list this
    // starts a new entry (as numpy prints [ 0.5 -0.2]); elsewhere it could be either, so it is
    // refused rather than guessed.
    bool signed_after_space() const {
        if (pos_ >= s_.size() || !std::isspace(static_cast<unsigned char>(s_[pos_]))) return false;
        std::size_t i = pos_;
        while (i < s_.size() && std::isspace(static_cast<unsigned char>(s_[i]))) ++i;
        return i + 1 < s_.size() && (s_[i] == '-' || s_[i] == '+') &&
               !std::isspace(static_cast<unsigned char>(s_[i + 1]));
    }

    // Whether the current entry ends here, before an operator or a juxtaposed factor.
    bool entry_ends() {
        const bool space = pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]));
        if (spaced_ && space) {
            if (signed_after_space()) return true;
            std::size_t i = pos_;
            while (i < s_.size() && std::isspace(static_cast<unsigned char>(s_[i]))) ++i;
            // a number, a name or a parenthesis after whitespace starts the next entry
            if (i < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i])) || s_[i] == '.' || s_[i] == '('))
                return true;
            return false;
        }
        if (signed_after_space()) {
            // quote the two tokens around the space, "1 -2"
            const auto ends = [&](std::size_t i, const char* stops) {
                return std::isspace(static_cast<unsigned char>(s_[i])) || std::strchr(stops, s_[i]) != nullptr;
            };
            std::size_t a = pos_;
            while (a > 0 && !ends(a - 1, ",[{|")) --a;
            std::size_t b = next() + 1;
            while (b < s_.size() && !ends(b, ",]})|")) ++b;
            throw ParseError(
                refused("parse.signAfterSpace", "text", s_.substr(a, pos_ - a) + " " + s_.substr(next(), b - next())));
        }
        return false;
    }

    // Juxtaposition multiplies before a name or a parenthesis ("2 pi", "2 ln 2", "3(1/2)"), never
    // between two numbers: "1 2" is a missing comma, not 2.
    bool starts_factor() {
        const char c = peek();
        return c == '(' || std::isalpha(static_cast<unsigned char>(c));
    }

    // term := unary (('*' | '/') unary | unary)*   — a juxtaposition such as "2 pi" multiplies
    double term(int depth) {
        double v = unary(depth);
        for (;;) {
            if (entry_ends()) return v;
            if (eat('*'))
                v *= unary(depth);
            else if (eat('/')) {
                const double d = unary(depth);
                if (d == 0.0) fail(refused("parse.divisionByZero"));
                v /= d;
            } else if (starts_factor())
                v *= unary(depth);
            else
                return v;
        }
    }

    // unary := ('-' | '+') unary | power
    double unary(int depth) {
        guard(depth);
        if (eat('-')) return -unary(depth + 1);
        if (eat('+')) return unary(depth + 1);
        return power(depth);
    }

    // power := primary '%'* ('^' unary)?      57.43% is 0.5743
    double power(int depth) {
        double base = primary(depth);
        while (eat('%')) base /= 100;
        if (eat('^')) return std::pow(base, unary(depth + 1));
        return base;
    }

    // The argument of a function: a parenthesised expression, or the power that follows (ln 2).
    double argument(const std::string& name, int depth) {
        const char c = peek();
        if (!(c == '(' || c == '.' || c == '-' || c == '+' || std::isalnum(static_cast<unsigned char>(c))))
            fail(refused("parse.needsArgument", "name", name));
        const bool was = spaced_;
        spaced_ = false;  // "[ln 2 ln 3]": the argument is one power, whatever the list
        const double x = c == '-' || c == '+' ? unary(depth + 1) : power(depth + 1);
        spaced_ = was;
        return x;
    }

    double apply(const std::string& name, double x) {
        if (name == "exp") return std::exp(x);
        if (name == "sin") return std::sin(x);
        if (name == "cos") return std::cos(x);
        if (name == "tan") return std::tan(x);
        if (name == "sqrt") {
            if (x < 0) fail(refused("parse.sqrtNegative"));
            return std::sqrt(x);
        }
        if (x <= 0) fail(refused("parse.logNotPositive"));
        if (name == "log10") return std::log10(x);
        if (name == "log2") return std::log2(x);
        return std::log(x);  // ln and log: the natural logarithm, as in the handout
    }

    // primary := number | pi | e | function argument | '(' expr ')'
    double primary(int depth) {
        guard(depth);
        skip();
        const char c = peek();
        if (c == '(') {
            ++pos_;
            const bool was = spaced_;
            spaced_ = false;
            const double v = expr(depth + 1);
            spaced_ = was;
            expect(')', "parse.expected.closeParen");
            return v;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') return number();
        if (std::isalpha(static_cast<unsigned char>(c))) {
            const std::size_t start = pos_;
            while (pos_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[pos_]))) ++pos_;
            const std::size_t letters = pos_;
            while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
            std::string name = s_.substr(start, letters - start);
            std::transform(name.begin(), name.end(), name.begin(),
                           [](unsigned char ch) { return char(std::tolower(ch)); });
            const std::string digits = s_.substr(letters, pos_ - letters);
            static const char* const functions[] = {"ln", "log", "exp", "sqrt", "sin", "cos", "tan"};
            const bool function = std::find_if(std::begin(functions), std::end(functions),
                                               [&](const char* f) { return name == f; }) != std::end(functions);
            if (name == "log" && (digits == "10" || digits == "2"))
                return apply(name + digits, argument(name + digits, depth));
            if (!digits.empty() && name == "log") fail(refused("parse.logDigits", "digits", digits));
            if (!digits.empty() && function) {  // ln2, sqrt2: the function of that number
                pos_ = letters;
                return apply(name, power(depth + 1));
            }
            if (!digits.empty()) {
                pos_ = start;
                fail(refused("parse.unknownName", "name", s_.substr(start, letters - start) + digits));
            }
            if (name == "pi") return 3.141592653589793;
            if (name == "e") return 2.718281828459045;
            if (function) return apply(name, argument(name, depth));
            pos_ = start;
            fail(refused("parse.unknownName", "name", name));
        }
        fail(refused("parse.expected.number"));
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
        if (lexeme.size() > kMaxNumberLength) throw ParseError(refused("parse.numberTooLong", "max", kMaxNumberLength));
        if (std::count(lexeme.begin(), lexeme.end(), '.') > 1)
            throw ParseError(refused("parse.twoPoints", "number", lexeme));
        if (lexeme == ".") throw ParseError(refused("parse.lonePoint"));
        char* end = nullptr;
        const double v = std::strtod(lexeme.c_str(), &end);
        if (end != lexeme.c_str() + lexeme.size())
            throw ParseError(refused("parse.unreadableNumber", "number", lexeme));
        return v;
    }

    std::string s_;
    std::size_t pos_ = 0;
    bool spaced_ = false;
};

// `what` says which value it is, as a choice of the message: value, entry, dimension or position.
double finite_value(double v, const char* what) {
    if (!std::isfinite(v)) throw ParseError(refused("parse.notFinite", "what", what));
    return v;
}

// Items separated by commas (or, where `bar` is set, by the handout's '|' between concatenated
// parts; or by whitespace when the list has neither), optionally inside brackets, with an
// optional trailing comma; `item` reads one.
template <class F>
void list(Reader& r, int depth, F&& item, bool bar = false) {
    char close = '\0';
    if (r.eat('['))
        close = ']';
    else if (r.eat('('))
        close = ')';
    else if (r.eat('{'))
        close = '}';
    if (close && r.eat(close)) return;  // an empty list
    const bool was = r.spaced();
    r.set_spaced(r.spaced_list(close));
    for (;;) {
        item(depth + 1);
        if (r.spaced()) {
            if (close ? r.peek() == close : r.at_end()) break;
            continue;
        }
        if (!(r.eat(',') || (bar && r.eat('|')))) break;
        if (close ? r.peek() == close : r.at_end()) break;  // a trailing comma
    }
    r.set_spaced(was);
    if (close)
        r.expect(close, close == ']'   ? "parse.expected.closeBracket"
                        : close == ')' ? "parse.expected.closeParen"
                                       : "parse.expected.closeBrace");
}

// [[a, b], [c, d]]: rows separated by commas or (as numpy prints them) by whitespace.
std::vector<std::size_t> read_matrix(Reader& r, std::vector<double>& numbers) {
    std::size_t cols = 0, rows = 0;
    r.expect('[', "parse.expected.openMatrix");
    do {
        if (rows && r.peek() == ']') break;  // a trailing comma after the last row
        std::size_t n = 0;
        if (r.peek() != '[') r.fail(refused("parse.expected.openRow"));
        list(r, 1, [&](int depth) {
            numbers.push_back(finite_value(r.expr(depth), "entry"));
            ++n;
        });
        if (n == 0) throw ParseError(refused("parse.emptyRow", "row", rows));
        if (rows && n != cols) throw ParseError(refused("parse.rowLength", "row", rows, "n", n, "first", cols));
        cols = n;
        ++rows;
    } while (r.eat(',') || r.peek() == '[');
    r.expect(']', "parse.expected.closeMatrix");
    return {rows, cols};
}

// "18,432" where one number was expected: a thousands separator or a decimal comma, or two
// entries; the refusal gives what to write for each reading the text can have. A thousands
// separator follows a first group of 1 to 3 digits that does not start with 0 and comes before
// three digits, so "0,01" and "2,5" can only be decimal commas or two entries (never "write 001").
Refusal comma_in_number(const std::string& text) {
    std::string digits, point;  // the text without its comma, and with a decimal point for it
    bool plain = !text.empty();
    for (char c : text) {
        if (std::isdigit(static_cast<unsigned char>(c))) {
            digits += c;
            point += c;
        } else if (c == ',')
            point += '.';
        else if (!std::isspace(static_cast<unsigned char>(c)))
            plain = false;
    }
    if (plain && std::count(text.begin(), text.end(), ',') == 1) {
        const std::size_t comma = point.find('.');
        const bool thousands = comma >= 1 && comma <= 3 && point[0] != '0' && point.size() - comma - 1 == 3;
        if (thousands) return refused("parse.comma.thousands", "text", text, "whole", digits, "point", point);
        return refused("parse.comma.decimal", "text", text, "point", point, "first", point.substr(0, comma), "second",
                       point.substr(comma + 1));
    }
    return refused("parse.comma.other", "text", text);
}

}  // namespace

// Reads the formats made of numbers: number, integer, vector, matrix, shape, positions, pairs.
Answer read_numbers(const std::string& original, Format f) {
    Answer a;
    a.format = f;
    Reader r(normalise(original));
    if (r.at_end()) throw ParseError(refused("parse.empty"));
    switch (f) {
        case Format::number:
        case Format::integer: {
            const double v = finite_value(r.expr(0), "value");
            if (r.peek() == ',') throw ParseError(comma_in_number(original));
            if (f == Format::integer && std::abs(v - std::round(v)) > 1e-9 * std::max(1.0, std::abs(v)))
                throw ParseError(refused("parse.notWhole", "value", v));
            a.numbers = {f == Format::integer ? std::round(v) : v};
            break;
        }
        case Format::vector:
            if (r.opens_matrix()) {  // a row [[a, b]] or a column [[a], [b]]
                const std::vector<std::size_t> shape = read_matrix(r, a.numbers);
                if (shape[0] != 1 && shape[1] != 1)
                    throw ParseError(refused("parse.matrixForVector", "rows", shape[0], "columns", shape[1]));
            } else {
                list(
                    r, 0, [&](int depth) { a.numbers.push_back(finite_value(r.expr(depth), "entry")); }, true);
            }
            a.shape = {a.numbers.size()};
            break;
        case Format::matrix: a.shape = read_matrix(r, a.numbers); break;
        case Format::shape:
            list(r, 0, [&](int depth) {
                const double v = finite_value(r.expr(depth), "dimension");
                if (v < 0 || v != std::floor(v)) throw ParseError(refused("parse.dimension", "value", v));
                a.numbers.push_back(v);
            });
            break;
        case Format::positions:
            list(r, 0, [&](int depth) {
                const double v = finite_value(r.expr(depth), "position");
                if (v < 0 || v != std::floor(v) || v > 1e9) throw ParseError(refused("parse.position", "value", v));
                a.pairs.emplace_back(long(v), -1);
            });
            break;
        case Format::pairs:
            list(r, 0, [&](int depth) {
                r.expect('(', "parse.expected.openPair");
                const double i = finite_value(r.expr(depth + 1), "position");
                r.expect(',', "parse.expected.pairComma");
                const double j = finite_value(r.expr(depth + 1), "position");
                r.expect(')', "parse.expected.closePair");
                for (const double v : {i, j})
                    if (v < 0 || v != std::floor(v) || v > 1e9) throw ParseError(refused("parse.position", "value", v));
                a.pairs.emplace_back(long(i), long(j));
            });
            break;
        default: break;
    }
    if (!r.at_end()) r.fail(refused("parse.unexpected"));
    return a;
}

}  // namespace lab::practice::detail
