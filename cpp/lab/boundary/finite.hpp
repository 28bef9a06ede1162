// Never a NaN: every public entry returns finite numbers or refuses (overflow.inputs,
// overflow.weights), naming the function and the first step, in the order it was
// computed, whose values stopped being finite: a name of the result (scores, weights, output,
// q, logits, …) or of its trace (block.scores). Inputs are finite already (the conversions refuse NaN and infinities), so a
// non-finite step means a double overflowed (past about 1.8e308) or 0 met 0; the message quotes
// the largest input entry, so that a student sees what was too large.
#pragma once

#include <string>
#include <vector>

#include "lab/boundary/ndarray.hpp"
#include "lab/core/trace.hpp"

namespace lab {

// The largest |entry| of the arrays given (0 for none).
double largest_entry(const std::vector<const NdArray*>& inputs);

class FiniteSteps {
public:
    // largest_input < 0: the inputs are not quoted (token ids, say, where the weights are the cause).
    FiniteSteps(std::string fn, double largest_input) : fn_(std::move(fn)), largest_(largest_input) {}
    const FiniteSteps& operator()(const std::string& step, const std::vector<double>& values) const;
    const FiniteSteps& operator()(const std::string& step, const NdArray& a) const { return (*this)(step, a.data); }
    const FiniteSteps& operator()(const std::string& step, double value) const;
    // Every step of a trace, in order. The one infinity any result holds by design: -inf in a
    // masked-scores step (a name ending in "masked", nanoGPT's masked_fill), where the mask is.
    const FiniteSteps& operator()(const Trace& trace) const;

private:
    [[noreturn]] void fail(const std::string& step, double bad) const;
    std::string fn_;
    double largest_;
};

}  // namespace lab
