// Named intermediate tensors of a computation, in the order they were produced, so the page
// can step through a forward pass one formula at a time.
#pragma once

#include <string>
#include <vector>

#include "lab/core/tensor.hpp"

namespace lab {

struct TraceStep {
    std::string name;                // e.g. "block0.weights"
    std::string formula;             // LaTeX, e.g. "A = \\mathrm{softmax}(S + M)"
    std::vector<std::size_t> shape;  // e.g. {1, 3, 3}
    std::vector<double> values;      // row-major copy
};

using Trace = std::vector<TraceStep>;

// Appends a copy of `t` to `trace`; a null trace records nothing (the fast path).
template <class E>
void trace_push(Trace* trace, const std::string& name, const std::string& formula, const E& t) {
    if (!trace) return;
    TraceStep step{name, formula, std::vector<std::size_t>(t.shape().begin(), t.shape().end()),
                   std::vector<double>(t.begin(), t.end())};
    trace->push_back(std::move(step));
}

inline void trace_push_scalar(Trace* trace, const std::string& name, const std::string& formula, double value) {
    if (trace) trace->push_back(TraceStep{name, formula, {}, {value}});
}

}  // namespace lab
