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

// `kind`: nan (an overflow met another, or 0 met 0) or overflow (past ±1.8e308); the largest
// input entry is quoted when the inputs are the cause, and the weights are named otherwise.
void FiniteSteps::fail(const std::string& step, double bad) const {
    const char* kind = std::isnan(bad) ? "nan" : "overflow";
    if (largest_ >= 0) throw Refused(fn_, refused("overflow.inputs", "step", step, "kind", kind, "largest", largest_));
    throw Refused(fn_, refused("overflow.weights", "step", step, "kind", kind));
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
