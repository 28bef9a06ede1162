// Answers to practice problems: one parser for every format a student may type, and the
// comparison that decides whether an answer is right.
//
//   number     0.25, 1/4, ln 2, log(2), log10(2), log2(8), sqrt(2)*ln(2), e^2, exp(-1), pi, 2 pi / 3,
//              sin(0.01), 57.43%                (log alone is the natural logarithm, as in the handout)
//   integer    256, 4*8^2                        (a number that must be whole)
//   vector     [0.5, 0.25, 0.25], 0.5, 0.25, 0.25, numpy's [0.5 0.25 0.25], the handout's
//              concatenation [2, 0.6 | 0.6, 2], or a 1 x n or n x 1 matrix such as [[0.5, 0.25]]
//   matrix     [[a, b], [c, d]], or as numpy prints it, [[a b]\n [c d]]
//   shape      [2, 4, 5, 5] or (2, 4, 5, 5)
//   positions  {0, 1, 2}, [0, 1, 2] or 0, 1, 2   (a set of positions; {} is the empty set)
//   pairs      {(0, 1), (1, 2)}                   (a set of (i, j) pairs)
//   token      cat                                (a word; case and quotes are ignored)
//   choice     pre                                (one of the problem's options)
//   einsum     bid,bjd->bij, ...id,...jd->...ij   (equal up to a consistent renaming of letters;
//                                                 an ellipsis stands for the axes it replaces)
//
// Whitespace separates entries only in a list with no commas (numpy's printout), and there as in
// MATLAB: "1 -2" is two entries, "1 - 2" and "1-2" one. Where commas separate the entries, "1 -2"
// could mean either and is refused with a message that says how to write each.
// Nothing is evaluated as code: numbers go through a small recursive-descent parser with a
// depth limit, any text longer than kMaxAnswerLength is refused before it is read, and an answer
// with more than kMaxEntries entries after it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lab/core/names.hpp"
#include "lab/core/refusal.hpp"

namespace lab::practice {

constexpr std::size_t kMaxAnswerLength = 10000;
// Entries (numbers, positions or pairs) in one answer. No problem's answer has more than a
// handful; the bound keeps the canonical text of any accepted answer within kMaxAnswerLength,
// since "1,2" or "pi" can be shorter than what answer_text writes for them.
constexpr std::size_t kMaxEntries = 256;

enum class Format { number, integer, vector, matrix, shape, positions, pairs, token, choice, einsum };
}  // namespace lab::practice

namespace lab {
template <>
struct EnumNames<practice::Format> {
    static constexpr const char* what = "answer format";
    static constexpr std::array<std::pair<practice::Format, const char*>, 10> all = {
        {{practice::Format::number, "number"},
         {practice::Format::integer, "integer"},
         {practice::Format::vector, "vector"},
         {practice::Format::matrix, "matrix"},
         {practice::Format::shape, "shape"},
         {practice::Format::positions, "positions"},
         {practice::Format::pairs, "pairs"},
         {practice::Format::token, "token"},
         {practice::Format::choice, "choice"},
         {practice::Format::einsum, "einsum"}}};
};
}  // namespace lab

namespace lab::practice {

struct Answer {
    Format format = Format::number;
    std::vector<double> numbers;               // number/integer: 1; vector: n; matrix: rows*cols; shape: dims
    std::vector<std::size_t> shape;            // vector {n}; matrix {rows, cols}
    std::vector<std::pair<long, long>> pairs;  // positions: (i, -1); pairs: (i, j); sorted, unique
    std::string text;                          // token, choice, einsum: normalised
};

struct Parsed {
    bool ok = false;
    Answer answer;
    Refusal error;  // what could not be read, when !ok: a code "parse.*" and its parameters
};

// Never throws for any text: it gives either an answer or a refusal saying what could not be read.
Parsed parse_answer(const std::string& text, Format format);

// Canonical text of an answer, which parse_answer reads back to the same answer.
std::string answer_text(const Answer& a);

// The rule for numbers, entry by entry: an entry is right when it is within kRelTolerance of the
// expected entry's size, where an entry smaller than kFloor times the answer's largest entry
// counts as that size. So any answer written to three significant figures (at most 0.5 % off) is
// accepted, an entry 2 % off is rejected, and a small scalar answer is never accepted as 0. Only
// an entry that is tiny beside the others (0.0003 in [0.9997, 0.0003]) is judged on the scale of
// the largest one. Integers, shapes, positions, tokens and choices compare exactly.
constexpr double kRelTolerance = 0.01;
constexpr double kFloor = 1e-3;

struct Comparison {
    bool equal = false;
    bool comparable = true;                  // same format and shape
    std::vector<std::size_t> wrong_entries;  // numeric formats: indices (row-major) outside tolerance
};
// `widen` multiplies the tolerance: the generator asks for twice the tolerance between a right
// and a wrong answer, so that a wrong answer rounded to three figures is still named and still wrong.
Comparison compare(const Answer& given, const Answer& expected, double widen = 1);

}  // namespace lab::practice
