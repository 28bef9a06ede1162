// The readers behind parse_answer (answer.hpp), one per kind of text: numbers and the lists and
// matrices made of them (read_numbers.cpp), and einsum strings (read_einsum.cpp). Each throws
// ParseError with what could not be read, as a refusal (a code and its parameters, codes
// "parse.*"); parse_answer hands it on, and the page words it in the student's language.
#pragma once

#include <stdexcept>
#include <string>

#include "lab/core/refusal.hpp"
#include "lab/practice/answer.hpp"

namespace lab::practice::detail {

struct ParseError : std::runtime_error {
    explicit ParseError(Refusal r) : std::runtime_error(r.describe()), refusal(std::move(r)) {}
    Refusal refusal;
};

// number, integer, vector, matrix, shape, positions or pairs; positions and pairs as read, in
// the order written (answer.cpp sorts them and counts the entries).
Answer read_numbers(const std::string& text, Format f);

// bid,bjd->bij with the letters renamed a, b, c… in order of first appearance, so that any
// consistent renaming of the axes compares equal. Axes are case-sensitive, as in NumPy, so there
// can be 52 of them: the 27th onwards is named A, B, C… An ellipsis "..." is kept as it is.
std::string canonical_einsum(const std::string& raw);

// The canonical `given` with each "..." replaced by as many axes as it stands for in the
// operands of the canonical `expected` (which has none), renamed again: equal to `expected`
// exactly when the two strings compute the same thing at `expected`'s ranks. Empty when the
// ranks do not fit.
std::string expand_ellipsis(const std::string& given, const std::string& expected);

}  // namespace lab::practice::detail
