// Einsum strings: their canonical form, and what an ellipsis stands for.
#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "lab/practice/read.hpp"

namespace lab::practice::detail {
namespace {

// The operands (inputs, then the output) of a canonical einsum string.
std::vector<std::string> einsum_operands(const std::string& canonical) {
    std::vector<std::string> ops(1);
    for (std::size_t i = 0; i < canonical.size(); ++i) {
        if (canonical[i] == ',')
            ops.emplace_back();
        else if (canonical.compare(i, 2, "->") == 0) {
            ops.emplace_back();
            ++i;
        } else
            ops.back() += canonical[i];
    }
    return ops;
}

// Names axes a, b, c… in order of first appearance, then A, B, C… (axes are case-sensitive, as in
// NumPy, so there can be 52).
class AxisNames {
public:
    char operator()(char axis) {
        const auto it = names_.find(axis);
        if (it != names_.end()) return it->second;
        const std::size_t n = names_.size();
        return names_[axis] = n < 26 ? char('a' + n) : char('A' + (n - 26));
    }

private:
    std::map<char, char> names_;
};

std::size_t axes_of(const std::string& operand) {
    std::size_t n = 0;
    for (char c : operand) n += std::isalpha(static_cast<unsigned char>(c)) ? 1 : 0;
    return n;
}

}  // namespace

std::string canonical_einsum(const std::string& raw) {
    std::string s;
    for (char c : raw)
        if (!std::isspace(static_cast<unsigned char>(c)) && c != '"' && c != '\'') s += c;
    const std::size_t arrow = s.find("->");
    if (arrow == std::string::npos) throw ParseError(refused("parse.einsum.noArrow"));
    if (s.find("->", arrow + 2) != std::string::npos) throw ParseError(refused("parse.einsum.twoArrows"));
    AxisNames rename;
    std::string out;
    std::string inputs_seen;  // letters of the inputs, to check the output's
    bool input_ellipsis = false, operand_ellipsis = false;
    std::string output_letters;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        const bool in_output = i > arrow;
        if (i == arrow) {
            out += "->";
            ++i;
            operand_ellipsis = false;
            continue;
        }
        if (c == ',') {
            if (in_output) throw ParseError(refused("parse.einsum.outputComma"));
            out += c;
            operand_ellipsis = false;
            continue;
        }
        if (c == '.') {
            if (s.compare(i, 3, "...") != 0) throw ParseError(refused("parse.einsum.ellipsisPoints"));
            if (operand_ellipsis) throw ParseError(refused("parse.einsum.twoEllipses"));
            if (in_output && !input_ellipsis) throw ParseError(refused("parse.einsum.outputEllipsis"));
            operand_ellipsis = true;
            if (!in_output) input_ellipsis = true;
            out += "...";
            i += 2;
            continue;
        }
        if (!std::isalpha(static_cast<unsigned char>(c))) {
            std::size_t end = i + 1;  // a character beyond ASCII is quoted whole (its UTF-8 bytes)
            while ((static_cast<unsigned char>(c) & 0x80) && end < s.size() &&
                   (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80)
                ++end;
            throw ParseError(refused("parse.einsum.axisLetter", "character", s.substr(i, end - i)));
        }
        if (in_output) {
            if (inputs_seen.find(c) == std::string::npos)
                throw ParseError(refused("parse.einsum.outputAxisUnknown", "axis", std::string(1, c)));
            if (output_letters.find(c) != std::string::npos)
                throw ParseError(refused("parse.einsum.outputAxisTwice", "axis", std::string(1, c)));
            output_letters += c;
        } else {
            inputs_seen += c;
        }
        out += rename(c);
    }
    return out;
}

std::string expand_ellipsis(const std::string& given, const std::string& expected) {
    const std::vector<std::string> g = einsum_operands(given), e = einsum_operands(expected);
    if (g.size() != e.size()) return "";
    std::vector<std::size_t> covered(g.size(), 0);
    std::size_t most = 0;
    for (std::size_t k = 0; k + 1 < g.size(); ++k) {
        if (g[k].find("...") == std::string::npos) continue;
        if (axes_of(g[k]) > e[k].size()) return "";
        covered[k] = e[k].size() - axes_of(g[k]);
        most = std::max(most, covered[k]);
    }
    covered.back() = most;
    // Fresh names for the covered axes, outside ASCII, so that they cannot clash with the letters
    // of `given` (canonical text is ASCII).
    std::string out;
    for (std::size_t k = 0; k < g.size(); ++k) {
        if (k) out += k + 1 == g.size() ? "->" : ",";
        const std::size_t at = g[k].find("...");
        if (at == std::string::npos) {
            out += g[k];
            continue;
        }
        std::string fresh;
        for (std::size_t a = most - covered[k]; a < most; ++a) fresh += char(0x80 + a);
        out += g[k].substr(0, at) + fresh + g[k].substr(at + 3);
    }
    // Name the axes again, fresh ones included, to compare with the canonical `expected`.
    AxisNames rename;
    std::string canonical;
    for (char c : out) canonical += c == ',' || c == '-' || c == '>' ? c : rename(c);
    return canonical;
}

}  // namespace lab::practice::detail
