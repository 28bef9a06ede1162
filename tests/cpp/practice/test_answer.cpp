// practice/answer.hpp: one parser for every answer format; tolerance of the comparison.
#include <catch2/catch.hpp>
#include <cmath>

#include "lab/core/rng.hpp"
#include "lab/practice/answer.hpp"

using namespace lab::practice;

namespace {
double value(const std::string& text) {
    const Parsed p = parse_answer(text, Format::number);
    CAPTURE(text, p.error.describe());
    REQUIRE(p.ok);
    return p.answer.numbers.at(0);
}
// What the parser refused, as its code and parameters: parse.emptyRow {row: 1}. The
// sentence is the page's, in each language; the code is what the engine says.
std::string error(const std::string& text, Format f = Format::number) {
    const Parsed p = parse_answer(text, f);
    REQUIRE_FALSE(p.ok);
    REQUIRE_FALSE(p.error.empty());
    return p.error.describe();
}
}  // namespace

TEST_CASE("numbers in exact forms: 1/4, ln 2, sqrt(2)*ln(2), e^2, exp(-1), pi") {
    const double ln2 = std::log(2.0);
    const auto [text, want] = GENERATE_COPY(table<std::string, double>({{"0.25", 0.25},
                                                                        {"1/4", 0.25},
                                                                        {".25", 0.25},
                                                                        {"2.5e-1", 0.25},
                                                                        {"ln 2", ln2},
                                                                        {"log(2)", ln2},
                                                                        {"ln2", ln2},
                                                                        {"sqrt(2)*ln(2)", std::sqrt(2.0) * ln2},
                                                                        {"e^2", std::exp(2.0)},
                                                                        {"exp(-1)", std::exp(-1.0)},
                                                                        {"pi", M_PI},
                                                                        {"2 pi / 3", 2 * M_PI / 3},
                                                                        {"-1", -1.0},
                                                                        {"\xE2\x88\x92"
                                                                         "1",
                                                                         -1.0},
                                                                        {"3(1/2)", 1.5},
                                                                        {"2^-1", 0.5},
                                                                        {"-2^2", -4.0},
                                                                        {"(1 + 2) * 3", 9.0},
                                                                        {"1 - 2 - 3", -4.0},
                                                                        {"8 / 4 / 2", 1.0},
                                                                        {"\xCF\x80", M_PI}}));
    CAPTURE(text);
    REQUIRE(value(text) == Approx(want).epsilon(1e-15));
}

TEST_CASE("vectors, matrices, shapes, sets, pairs, tokens, choices, einsum strings") {
    SECTION("a vector with or without brackets") {
        for (const char* t : {"[0.5, 0.25, 0.25]", "0.5, 0.25, 0.25", "(1/2, 1/4, 1/4)"}) {
            const Parsed p = parse_answer(t, Format::vector);
            REQUIRE(p.ok);
            REQUIRE(p.answer.numbers == std::vector<double>{0.5, 0.25, 0.25});
        }
    }
    SECTION("a matrix, and a ragged one") {
        const Parsed p = parse_answer("[[1, 2], [3, 4], [5, 6]]", Format::matrix);
        REQUIRE(p.ok);
        REQUIRE(p.answer.shape == std::vector<std::size_t>{3, 2});
        REQUIRE_THAT(error("[[1, 2], [3]]", Format::matrix),
                     Catch::Contains("parse.rowLength {row: 1, n: 1, first: 2}"));
    }
    SECTION("a shape in brackets or parentheses") {
        REQUIRE(parse_answer("(2,4,5,5)", Format::shape).answer.numbers == std::vector<double>{2, 4, 5, 5});
        REQUIRE(parse_answer("[2, 4, 5, 5]", Format::shape).answer.numbers == std::vector<double>{2, 4, 5, 5});
        REQUIRE_THAT(error("[2, 4.5]", Format::shape), Catch::Contains("parse.dimension {value: 4.5}"));
    }
    SECTION("sets of positions ignore order and repeats; {} is empty") {
        REQUIRE(answer_text(parse_answer("{2, 0, 1, 1}", Format::positions).answer) == "{0, 1, 2}");
        REQUIRE(parse_answer("{}", Format::positions).answer.pairs.empty());
        REQUIRE(answer_text(parse_answer("{(1, 2), (0, 1)}", Format::pairs).answer) == "{(0, 1), (1, 2)}");
    }
    SECTION("tokens and choices ignore case and quotes") {
        REQUIRE(parse_answer(" 'Cat' ", Format::token).answer.text == "cat");
        REQUIRE(parse_answer("PRE", Format::choice).answer.text == "pre");
    }
    SECTION("einsum strings are equal up to a consistent renaming of the axes") {
        const Answer a = parse_answer("bid,bjd->bij", Format::einsum).answer;
        REQUIRE(compare(parse_answer("xyz, xwz -> xyw", Format::einsum).answer, a).equal);
        REQUIRE_FALSE(compare(parse_answer("bid,bdj->bij", Format::einsum).answer, a).equal);
        REQUIRE_THAT(error("bid,bjd", Format::einsum), Catch::Equals("parse.einsum.noArrow {}"));
    }
    SECTION("einsum axes are case-sensitive, and all 52 letters keep distinct names that read back") {
        REQUIRE_FALSE(
            compare(parse_answer("aA->a", Format::einsum).answer, parse_answer("aa->a", Format::einsum).answer).equal);
        std::string all;  // z…a then Z…A: every letter, none in its canonical place
        for (char c = 'z'; c >= 'a'; --c) all += c;
        for (char c = 'Z'; c >= 'A'; --c) all += c;
        const Parsed p = parse_answer(all + "->" + all, Format::einsum);
        REQUIRE(p.ok);
        const Parsed again = parse_answer(answer_text(p.answer), Format::einsum);
        CAPTURE(answer_text(p.answer));
        REQUIRE(again.ok);
        REQUIRE(compare(again.answer, p.answer).equal);
    }
}

TEST_CASE("text that is not an answer gets a refusal with what was wrong, never an exception or a hang") {
    // what was typed, the format it was read as, and the refusal: its code and parameters. A
    // character beyond ASCII is quoted whole, at its place counted in characters.
    const auto [typed, f, refusal] = GENERATE(table<std::string, Format, std::string>(
        {{"", Format::number, "parse.empty {}"},
         {"   ", Format::number, "parse.empty {}"},
         {"1/0", Format::number, "parse.divisionByZero {near: \"\"}"},
         {"1/0 + 2", Format::number, "parse.divisionByZero {near: \"+ 2\"}"},
         {"1e999", Format::number, "parse.notFinite {what: \"value\"}"},
         {"[1, 1e999]", Format::vector, "parse.notFinite {what: \"entry\"}"},
         {"0/0", Format::number, "parse.divisionByZero {near: \"\"}"},
         {"abc", Format::number, "parse.unknownName {name: \"abc\", near: \"abc\"}"},
         {"abc2", Format::number, "parse.unknownName {name: \"abc2\", near: \"abc2\"}"},
         {"1 2", Format::number, "parse.unexpected {near: \"2\"}"},
         {"1 -2", Format::number, "parse.signAfterSpace {text: \"1 -2\"}"},
         {"0.5.5", Format::number, "parse.twoPoints {number: \"0.5.5\"}"},
         {".", Format::number, "parse.lonePoint {}"},
         {"ln(-1)", Format::number, "parse.logNotPositive {near: \"\"}"},
         {"sqrt(-1)", Format::number, "parse.sqrtNegative {near: \"\"}"},
         {"(1", Format::number, "parse.expected.closeParen {near: \"\"}"},
         {"\xE2\x9C\x93", Format::number, "parse.character {character: \"\xE2\x9C\x93\", position: 0}"},
         {"0.5 \xE2\x9C\x93", Format::number, "parse.character {character: \"\xE2\x9C\x93\", position: 4}"},
         {"\xCF\x80 \xC3\xA9", Format::number, "parse.character {character: \"\xC3\xA9\", position: 2}"},
         {"[[1, 2], []]", Format::matrix, "parse.emptyRow {row: 1}"},
         {"[1, 2]", Format::matrix, "parse.expected.openRow {near: \"1, 2]\"}"},
         {"[[1, 2]", Format::matrix, "parse.expected.closeMatrix {near: \"\"}"},
         {"[1, 2", Format::vector, "parse.expected.closeBracket {near: \"\"}"},
         {"{(0, 1", Format::pairs, "parse.expected.closePair {near: \"\"}"},
         {"{0, 1}", Format::pairs, "parse.expected.openPair {near: \"0, 1}\"}"},
         {"{(0 1)}", Format::pairs, "parse.expected.pairComma {near: \"1)}\"}"},
         {"{-1}", Format::positions, "parse.position {value: -1}"},
         {"{(0, 1.5)}", Format::pairs, "parse.position {value: 1.5}"},
         {"2.5", Format::integer, "parse.notWhole {value: 2.5}"},
         {std::string(4000, '(') + "1" + std::string(4000, ')'), Format::number, "parse.nested {max: 32}"},
         {std::string(5000, '-') + "1", Format::number, "parse.nested {max: 32}"},
         {std::string(10001, '1'), Format::number, "parse.tooLong {max: 10000}"},
         {std::string(100, '1'), Format::number, "parse.numberTooLong {max: 64}"},
         {"  ", Format::token, "parse.empty {}"}}));
    CAPTURE(typed.substr(0, 40), f);
    REQUIRE(error(typed, f) == refusal);
}

TEST_CASE("brackets that never close and a word where numbers go are refused by code, wherever the reader stopped") {
    REQUIRE_THAT(error("[[[[[[", Format::matrix), Catch::StartsWith("parse.expected.number"));
    REQUIRE_THAT(error("cat", Format::vector), Catch::StartsWith("parse.unknownName {name: \"cat\""));
}

// Each "pi," or "1/3" below is 3 characters that read back from 17 or 18: the entry bound keeps the
// canonical text of the largest accepted answer within the length limit.
TEST_CASE("an answer has at most kMaxEntries entries, and the canonical text of the largest reads back") {
    const auto repeated = [](const std::string& item, std::size_t n) {
        std::string s;
        for (std::size_t i = 0; i < n; ++i) s += (i ? "," : "") + item;
        return s;
    };
    const auto [item, f] = GENERATE(table<std::string, Format>({{"pi", Format::vector},
                                                                {"[1/3]", Format::matrix},
                                                                {"999999999", Format::positions},
                                                                {"(999999999,3)", Format::pairs}}));
    CAPTURE(item);
    const std::string wrap = f == Format::matrix ? "[" : f == Format::pairs ? "{" : "";
    const std::string close = f == Format::matrix ? "]" : f == Format::pairs ? "}" : "";
    REQUIRE_THAT(parse_answer(wrap + repeated(item, kMaxEntries + 1) + close, f).error.describe(),
                 Catch::Equals("parse.tooManyEntries {max: 256, n: 257}"));
    std::string largest = wrap + repeated(item, kMaxEntries) + close;
    if (f == Format::positions || f == Format::pairs) {  // a set: make the entries distinct
        largest = wrap;
        for (std::size_t i = 0; i < kMaxEntries; ++i) {
            const std::string n = std::to_string(999999999 - i);
            largest += (i ? "," : "") + (f == Format::pairs ? "(" + n + "," + n + ")" : n);
        }
        largest += close;
    }
    const Parsed p = parse_answer(largest, f);
    REQUIRE(p.ok);
    const Parsed again = parse_answer(answer_text(p.answer), f);
    CAPTURE(answer_text(p.answer).size());
    REQUIRE(again.ok);
    REQUIRE(compare(again.answer, p.answer).equal);
}

TEST_CASE("the canonical text of an answer reads back to the same answer") {
    for (const auto& [text, f] : std::vector<std::pair<std::string, Format>>{{"ln 2", Format::number},
                                                                             {"[1/3, 2/3]", Format::vector},
                                                                             {"[[1, 2], [3, 4]]", Format::matrix},
                                                                             {"(2, 3)", Format::shape},
                                                                             {"{3, 1}", Format::positions},
                                                                             {"{(2, 1)}", Format::pairs},
                                                                             {"256", Format::integer}}) {
        CAPTURE(text);
        const Answer a = parse_answer(text, f).answer;
        const Parsed again = parse_answer(answer_text(a), f);
        REQUIRE(again.ok);
        REQUIRE(compare(again.answer, a).equal);
    }
}

TEST_CASE("every form a student may write for the same answer reads the same") {
    const double ln2 = std::log(2.0);
    SECTION("logarithms, trigonometry and percentages work as named") {
        const auto [text, want] = GENERATE_COPY(table<std::string, double>({{"log10(2)", std::log10(2.0)},
                                                                            {"log10 100", 2.0},
                                                                            {"log2(8)", 3.0},
                                                                            {"log2 8", 3.0},
                                                                            {"log(2)", ln2},
                                                                            {"ln(2)", ln2},
                                                                            {"sin(0.01)", std::sin(0.01)},
                                                                            {"cos(0.03)", std::cos(0.03)},
                                                                            {"tan(0.5)", std::tan(0.5)},
                                                                            {"sqrt 2", std::sqrt(2.0)},
                                                                            {"sqrt2", std::sqrt(2.0)},
                                                                            {"exp(1)", std::exp(1.0)},
                                                                            {"57.43%", 0.5743},
                                                                            {"50 %", 0.5},
                                                                            {"1 - 2", -1.0},
                                                                            {"1-2", -1.0}}));
        CAPTURE(text);
        REQUIRE(value(text) == Approx(want).epsilon(1e-15));
    }
    SECTION("a vector as a row, a column, a 1 x n matrix, numpy's printout or the handout's concatenation") {
        const std::vector<double> want{2, 0.6, 0.6, 2};
        for (const char* t :
             {"[2, 0.6, 0.6, 2]", "[[2, 0.6, 0.6, 2]]", "[[2], [0.6], [0.6], [2]]", "[2, 0.6, 0.6, 2,]",
              "[2 0.6 0.6 2]", "[ 2.   0.6  0.6  2. ]", "[2, 0.6 | 0.6, 2]", "2, 0.6, 0.6, 2", "(2, 0.6, 0.6, 2)"}) {
            const Parsed p = parse_answer(t, Format::vector);
            CAPTURE(t, p.error.describe());
            REQUIRE(p.ok);
            REQUIRE(p.answer.numbers == want);
            REQUIRE(p.answer.shape == std::vector<std::size_t>{4});
        }
    }
    SECTION("numpy's negative entries: \"-0.2\" after a space starts an entry, \" - 0.2\" subtracts") {
        REQUIRE(parse_answer("[ 0.5 -0.2]", Format::vector).answer.numbers == std::vector<double>{0.5, -0.2});
        REQUIRE(parse_answer("[0.5 - 0.2]", Format::vector).answer.numbers.size() == 1);
        REQUIRE(parse_answer("[ln 2 ln 3]", Format::vector).answer.numbers == std::vector<double>{ln2, std::log(3.0)});
        REQUIRE(parse_answer("[[ 1. -2.]\n [ 3.  4.]]", Format::matrix).answer.numbers ==
                std::vector<double>{1, -2, 3, 4});
    }
    SECTION("a matrix is not a vector") {
        REQUIRE_THAT(error("[[1, 2], [3, 4]]", Format::vector),
                     Catch::Equals("parse.matrixForVector {rows: 2, columns: 2}"));
    }
    SECTION("ambiguous forms are refused with a message that says how to write each meaning") {
        REQUIRE(error("18,432") == "parse.comma.thousands {text: \"18,432\", whole: \"18432\", point: \"18.432\"}");
        // a decimal comma that no thousands separator can be: the decimal reading and the two entries
        for (const char* text : {"0,01", "2,5", "12,3456", "0,250", "0,5"}) {
            CAPTURE(text);
            REQUIRE_THAT(error(text), Catch::StartsWith("parse.comma.decimal"));
        }
        REQUIRE(error("0,5") == "parse.comma.decimal {text: \"0,5\", point: \"0.5\", first: \"0\", second: \"5\"}");
        REQUIRE(error("18,432", Format::integer) ==
                "parse.comma.thousands {text: \"18,432\", whole: \"18432\", point: \"18.432\"}");
        REQUIRE(error("1,2,3") == "parse.comma.other {text: \"1,2,3\"}");
        REQUIRE(error("log3") == "parse.logDigits {digits: \"3\", near: \"\"}");
        REQUIRE(error("log2") == "parse.needsArgument {name: \"log2\", near: \"\"}");
        REQUIRE(error("[1 -2, 3]", Format::vector) == "parse.signAfterSpace {text: \"1 -2\"}");
    }
    SECTION("the einsum ellipsis stands for the axes it replaces") {
        const Answer scores = parse_answer("bid,bjd->bij", Format::einsum).answer;
        REQUIRE(compare(parse_answer("...id,...jd->...ij", Format::einsum).answer, scores).equal);
        REQUIRE(compare(parse_answer("...qd, ...kd -> ...qk", Format::einsum).answer, scores).equal);
        REQUIRE_FALSE(compare(parse_answer("...id,...jd->...ji", Format::einsum).answer, scores).equal);
        const Answer heads = parse_answer("bhid,bhjd->bhij", Format::einsum).answer;
        REQUIRE(compare(parse_answer("...id,...jd->...ij", Format::einsum).answer, heads).equal);
        // where any rank is asked, naming the batch axes is not the same answer
        REQUIRE_FALSE(compare(scores, parse_answer("...id,...jd->...ij", Format::einsum).answer).equal);
        // however many axes an ellipsis covers, the names it stands for never clash with the student's
        const std::string batch = "abcdefghijklmnopqr";  // 18 axes
        const Answer many = parse_answer(batch + "st," + batch + "ut->" + batch + "su", Format::einsum).answer;
        REQUIRE(compare(parse_answer("...At,...ut->...Au", Format::einsum).answer, many).equal);
        REQUIRE_FALSE(compare(parse_answer("...At,...ut->...uA", Format::einsum).answer, many).equal);
        REQUIRE(error("..id->id", Format::einsum) == "parse.einsum.ellipsisPoints {}");
        REQUIRE(error("id->...i", Format::einsum) == "parse.einsum.outputEllipsis {}");
        REQUIRE(error("id->ix", Format::einsum) == "parse.einsum.outputAxisUnknown {axis: \"x\"}");
        REQUIRE(error("id->ii", Format::einsum) == "parse.einsum.outputAxisTwice {axis: \"i\"}");
        REQUIRE(error("i1->i", Format::einsum) == "parse.einsum.axisLetter {character: \"1\"}");
        REQUIRE(error("i\xC3\xA9->i", Format::einsum) == "parse.einsum.axisLetter {character: \"\xC3\xA9\"}");
        REQUIRE(error("i->i->i", Format::einsum) == "parse.einsum.twoArrows {}");
        REQUIRE(error("i->i,j", Format::einsum) == "parse.einsum.outputComma {}");
        REQUIRE(error("...i...->i", Format::einsum) == "parse.einsum.twoEllipses {}");
    }
}

// The rule the page states (the tolerance sentence in the catalogues is written from these constants).
TEST_CASE("tolerance: each entry within 1 % of its size; three significant figures always pass, 2 % off never") {
    lab::Pcg32 rng(2026, 9);
    const auto sig3 = [](double x) {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.3g", x);
        return std::strtod(buf, nullptr);
    };
    for (int n = 0; n < 20000; ++n) {
        // magnitudes from 1e-6 to 1e6, either sign
        const double x = (rng.uniform() < 0.5 ? -1 : 1) * std::pow(10.0, -6 + 12 * rng.uniform());
        Answer want;
        want.numbers = {x};
        CAPTURE(x);
        Answer typed = want;
        typed.numbers = {sig3(x)};
        REQUIRE(compare(typed, want).equal);
        for (double factor : {1.02, 0.98, 1.5, 0.0}) {
            typed.numbers = {x * factor};
            REQUIRE_FALSE(compare(typed, want).equal);
        }
    }
    SECTION("a small entry beside a large one is judged on the large one's scale") {
        const Answer want = parse_answer("[0.9996646, 0.0003354]", Format::vector).answer;
        REQUIRE(compare(parse_answer("[1.00, 0.000335]", Format::vector).answer, want).equal);
        REQUIRE_FALSE(compare(parse_answer("[1, 0]", Format::vector).answer, want).equal);
        const Comparison c = compare(parse_answer("[0.9, 0.0003354]", Format::vector).answer, want);
        REQUIRE(c.wrong_entries == std::vector<std::size_t>{0});
        REQUIRE_FALSE(compare(parse_answer("[0.27, 0.73]", Format::vector).answer,
                              parse_answer("[0.27, 0.73, 0]", Format::vector).answer)
                          .comparable);
    }
    SECTION("integers compare exactly") {
        REQUIRE_FALSE(
            compare(parse_answer("257", Format::integer).answer, parse_answer("256", Format::integer).answer).equal);
    }
}
