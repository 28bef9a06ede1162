#include "lab/boundary/finite.hpp"

#include <algorithm>
#include <cmath>

#include "lab/core/tensor.hpp"

namespace lab {

double largest_entry(const std::vector<const NdArray*>& inputs) {
    double m = 0;
    for (const NdArray* a : inputs)
        for (double x : a->data) m = std::max(m, std::abs(x));
    return m;
}

void FiniteSteps::fail(const std::string& step, double bad) const {
    const std::string what = std::isnan(bad) ? "an entry is not a number (an overflow met another, or 0 met 0)"
                                             : "an entry overflowed past ±1.8e308, the largest double";
    const std::string cause = largest_ >= 0 ? msg("; the largest input entry is ", largest_,
                                                  ": inputs this large are too large to multiply and add")
                                            : "; some weights are too large to multiply and add";
    throw std::invalid_argument(msg(fn_, ": ", step, " stopped being finite (", what, ")", cause));
}

const FiniteSteps& FiniteSteps::operator()(const std::string& step, const std::vector<double>& values) const {
    for (double x : values)
        if (!std::isfinite(x)) fail(step, x);
    return *this;
}

const FiniteSteps& FiniteSteps::operator()(const std::string& step, double value) const {
    if (!std::isfinite(value)) fail(step, value);
    return *this;
}

const FiniteSteps& FiniteSteps::operator()(const Trace& trace) const {
    const std::string masked = "masked";
    for (const TraceStep& s : trace) {
        const bool may_be_masked =
            s.name.size() >= masked.size() && s.name.compare(s.name.size() - masked.size(), masked.size(), masked) == 0;
        for (double x : s.values)
            if (!std::isfinite(x) && !(may_be_masked && x == -INFINITY)) fail(s.name, x);
    }
    return *this;
}

}  // namespace lab
