// practice/practice.hpp: every family, many seeds — the solution is accepted, in another form
// too; a perturbed answer is rejected; each misconception's answer is recognised as it.
#include <catch2/catch.hpp>
#include <cmath>
#include <set>

#include "lab/practice/practice.hpp"

using namespace lab::practice;

namespace {
std::string fmt(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.6f", x);
    return buf;
}

// The same answer written differently: more digits, other brackets, other case, renamed axes.
std::string other_form(const Answer& a) {
    switch (a.format) {
        case Format::number: return fmt(a.numbers[0]) + " ";
        case Format::integer: return "(" + answer_text(a) + ") * 1";
        case Format::vector: {
            std::string s;
            for (std::size_t i = 0; i < a.numbers.size(); ++i) s += (i ? "," : "") + fmt(a.numbers[i]);
            return s;
        }
        case Format::matrix: return answer_text(a) + "  ";
        case Format::shape: {
            std::string s = answer_text(a);
            return "(" + s.substr(1, s.size() - 2) + ")";
        }
        case Format::positions: {
            std::string s = answer_text(a);
            return "[" + s.substr(1, s.size() - 2) + "]";
        }
        case Format::pairs: return answer_text(a);
        case Format::token:
        case Format::choice: {
            std::string s = answer_text(a);
            for (auto& ch : s) ch = char(std::toupper(static_cast<unsigned char>(ch)));
            return "\"" + s + "\"";
        }
        case Format::einsum: {
            std::string s = answer_text(a);
            for (auto& ch : s)
                if (std::isalpha(static_cast<unsigned char>(ch))) ch = char('p' + (ch - 'a'));
            return s;
        }
    }
    return "";
}

// A wrong answer close to the right one.
std::string perturbed(const Problem& p) {
    Answer a = p.answer;
    switch (a.format) {
        case Format::number:
        case Format::vector:
        case Format::matrix: a.numbers[0] += std::max(0.01, 0.01 * std::abs(a.numbers[0])); return answer_text(a);
        case Format::integer:
        case Format::shape: a.numbers[0] += 1; return answer_text(a);
        case Format::positions: a.pairs.emplace_back(1000, -1); return answer_text(a);
        case Format::pairs: a.pairs.emplace_back(1000, 1000); return answer_text(a);
        case Format::token:
        case Format::choice:
            for (const auto& w : p.words)
                if (w != a.text) return w;
            return "zzz";
        case Format::einsum: return "ab,bc->ac";
    }
    return "";
}
}  // namespace

TEST_CASE("§10 every family: solution accepted, other forms accepted, perturbed rejected, misconceptions named") {
    const auto& fams = families();
    REQUIRE(fams.size() == 19);
    const std::size_t f = GENERATE(range(0, 19));
    const std::uint64_t seed = GENERATE(range(0, 25));
    const Problem p = make_problem(fams[f].id, seed);
    CAPTURE(p.family, seed, p.variant);
    const std::string solution = answer_text(p.answer);
    CAPTURE(solution);
    SECTION("the solution's text is accepted") {
        const CheckResult c = check_answer(p, solution);
        REQUIRE(c.correct);
        REQUIRE(c.score == 1);
    }
    SECTION("the same answer written another way is accepted") {
        const std::string other = other_form(p.answer);
        CAPTURE(other);
        REQUIRE(check_answer(p, other).correct);
    }
    SECTION("a perturbed answer is rejected") {
        const std::string wrong = perturbed(p);
        CAPTURE(wrong);
        const CheckResult c = check_answer(p, wrong);
        REQUIRE_FALSE(c.correct);
        REQUIRE(c.readable);
    }
    SECTION("each misconception's answer is recognised as that misconception (or an earlier equal one)") {
        for (std::size_t m = 0; m < p.misconceptions.size(); ++m) {
            const std::string text = answer_text(p.misconceptions[m].answer);
            CAPTURE(p.misconceptions[m].id, text);
            const CheckResult c = check_answer(p, text);
            REQUIRE_FALSE(c.correct);
            std::size_t first = 0;
            while (!compare(p.misconceptions[first].answer, p.misconceptions[m].answer).equal) ++first;
            REQUIRE(c.misconception == p.misconceptions[first].id);
        }
    }
    SECTION("the same family and seed give the same problem") {
        const Problem again = make_problem(fams[f].id, seed);
        REQUIRE(answer_text(again.answer) == solution);
        REQUIRE(again.misconceptions.size() == p.misconceptions.size());
    }
}

TEST_CASE("§10 variant 0 is the handout's own example") {
    const auto [family, text] = GENERATE(table<const char*, const char*>({
        {"retrieval", "[2, 1.5]"},
        {"saturation", "[0.268941, 0.731059]"},
        {"parameter-count", "256"},
        {"two-heads", "[2, 0.6, 0.6, 2]"},
        {"cross-entropy", "3.020410"},
        {"generation", "0.574307"},
        {"teacher-forcing", "cat"},
        {"toy-trace", "3.020410"},
        {"attention-matrix", "[[0.4, 0.2, 0.4], [1/3, 1/3, 1/3], [0.4, 0.2, 0.4]]"}}));
    CAPTURE(family, text);
    const Problem p = make_problem(family, 0);
    REQUIRE(compare(parse_answer(text, p.format).answer, p.answer).equal);
}

TEST_CASE("§10 misconceptions at work on the handout's numbers") {
    const Problem p = make_problem("retrieval", 0);
    SECTION("forgetting sqrt(d_k)") {
        const CheckResult c = check_answer(p, answer_text(p.misconceptions.front().answer));
        REQUIRE(c.misconception == "no-scaling");
        REQUIRE(c.misconception_section == "§3.1");
    }
    SECTION("a vector with one wrong entry reports which") {
        const CheckResult c = check_answer(p, "[2, 1.4]");
        REQUIRE_FALSE(c.correct);
        REQUIRE(c.wrong_entries == std::vector<std::size_t>{1});
        REQUIRE(c.score == 0.5);
    }
    SECTION("the cross-entropy in base 10") {
        REQUIRE(check_answer(make_problem("cross-entropy", 0), "3.020410229 / ln(10)").misconception == "log10");
    }
    SECTION("a choice that is not an option, and unreadable text") {
        REQUIRE_THAT(check_answer(make_problem("pre-post", 0), "middle").error, Catch::Contains("one of the options (pre, post)"));
        REQUIRE_FALSE(check_answer(p, "[[[[[[").readable);
        REQUIRE_FALSE(check_answer(p, std::string(20000, '9')).readable);
    }
}

TEST_CASE("§10 an unknown family names the known ones") {
    REQUIRE_THROWS_WITH(make_problem("nope", 0), Catch::StartsWith("practice: unknown family 'nope' (known: retrieval, saturation"));
}
