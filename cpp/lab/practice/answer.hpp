// Answers to practice problems: one parser for every format a student may type, and the
// comparison that decides whether an answer is right.
//
//   number     0.25, 1/4, ln 2, log(2), sqrt(2)*ln(2), e^2, exp(-1), pi, 2 pi / 3
//   integer    256, 4*8^2                        (a number that must be whole)
//   vector     [0.5, 0.25, 0.25] or 0.5, 0.25, 0.25
//   matrix     [[a, b], [c, d]]
//   shape      [2, 4, 5, 5] or (2, 4, 5, 5)
//   positions  {0, 1, 2}, [0, 1, 2] or 0, 1, 2   (a set of positions; {} is the empty set)
//   pairs      {(0, 1), (1, 2)}                   (a set of (i, j) pairs)
//   token      cat                                (a word; case and quotes are ignored)
//   choice     pre                                (one of the problem's options)
//   einsum     bid,bjd->bij                       (equal up to a consistent renaming of letters)
//
// Nothing is evaluated as code: numbers go through a small recursive-descent parser with a
// depth limit, any text longer than kMaxAnswerLength is refused before it is read, and an answer
// with more than kMaxEntries entries after it.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace lab::practice {

constexpr std::size_t kMaxAnswerLength = 10000;
// Entries (numbers, positions or pairs) in one answer. No problem's answer has more than a
// handful; the bound keeps the canonical text of any accepted answer within kMaxAnswerLength,
// since "1,2" or "pi" can be shorter than what answer_text writes for them.
constexpr std::size_t kMaxEntries = 256;

enum class Format { number, integer, vector, matrix, shape, positions, pairs, token, choice, einsum };
Format parse_format(const std::string& name);
std::string format_name(Format f);

struct Answer {
    Format format = Format::number;
    std::vector<double> numbers;                   // number/integer: 1; vector: n; matrix: rows*cols; shape: dims
    std::vector<std::size_t> shape;                // vector {n}; matrix {rows, cols}
    std::vector<std::pair<long, long>> pairs;      // positions: (i, -1); pairs: (i, j); sorted, unique
    std::string text;                              // token, choice, einsum: normalised
};

struct Parsed {
    bool ok = false;
    Answer answer;
    std::string error;  // what could not be read, when !ok
};

// Never throws: any text gives either an answer or an error saying what could not be read.
Parsed parse_answer(const std::string& text, Format format);

// Canonical text of an answer, which parse_answer reads back to the same answer.
std::string answer_text(const Answer& a);

// Tolerance of every numeric comparison: within 0.1 % or 0.0005 (for answers near zero).
constexpr double kRelTolerance = 1e-3;
constexpr double kAbsTolerance = 5e-4;

struct Comparison {
    bool equal = false;
    bool comparable = true;                 // same format and shape
    std::vector<std::size_t> wrong_entries; // numeric formats: indices (row-major) outside tolerance
};
Comparison compare(const Answer& given, const Answer& expected);

}  // namespace lab::practice
