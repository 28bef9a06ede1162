#include "lab/layers/attention.hpp"

#include <cassert>
#include <cmath>

#include "lab/layers/softmax.hpp"

namespace lab {

BoolMatrix attention_keep(std::size_t Tq, std::size_t Tk, const AttentionOptions& options, const std::string& fn) {
    BoolMatrix keep = BoolMatrix::from_shape({Tq, Tk});
    keep.fill(true);
    if (options.mask) {
        const auto& m = *options.mask;
        require(m.shape(0) == Tq && m.shape(1) == Tk, fn,
                refused("mask.shape", "shape", shape_str(m.shape()), "Tq", Tq, "Tk", Tk));
        keep = m;
    }
    if (options.causal)
        for (std::size_t i = 0; i < Tq; ++i)
            for (std::size_t j = i + 1; j < Tk; ++j) keep(i, j) = false;
    return keep;
}

AttentionResult attention_forward(const Tensor3& q, const Tensor3& k, const Tensor3& v, const AttentionOptions& options,
                                  const std::string& fn) {
    const std::size_t B = q.shape(0), Tq = q.shape(1), dk = q.shape(2);
    const std::size_t Tk = k.shape(1), dv = v.shape(2);
    require(k.shape(0) == B && v.shape(0) == B, fn,
            refused("shape.batch", "q", shape_str(q.shape()), "k", shape_str(k.shape()), "v", shape_str(v.shape())));
    require(k.shape(2) == dk, fn, refused("shape.dk", "k", k.shape(2), "q", dk));
    require(v.shape(1) == Tk, fn, refused("shape.keysValues", "v", v.shape(1), "k", Tk));
    require(
        Tq > 0 && Tk > 0 && dk > 0 && dv > 0, fn,
        refused("shape.emptyAxes", "q", shape_str(q.shape()), "k", shape_str(k.shape()), "v", shape_str(v.shape())));
    require_finite(q, fn, "q");
    require_finite(k, fn, "k");
    require_finite(v, fn, "v");
    const double scale = options.scale ? *options.scale : 1.0 / std::sqrt(double(dk));
    require(std::isfinite(scale), fn, refused("value.scale", "got", scale));
    const BoolMatrix keep = attention_keep(Tq, Tk, options, fn);

    AttentionResult r{Tensor3::from_shape({B, Tq, Tk}), Tensor3::from_shape({B, Tq, Tk}),
                      Tensor3::from_shape({B, Tq, dv})};
    for (std::size_t b = 0; b < B; ++b) {
        const bool* kb = keep.data();
        const std::size_t empty = attention_head_forward(
            r.output.data() + b * Tq * dv, dv, r.scores.data() + b * Tq * Tk, r.weights.data() + b * Tq * Tk,
            q.data() + b * Tq * dk, dk, k.data() + b * Tk * dk, dk, v.data() + b * Tk * dv, dv, Tq, Tk, dk, dv, scale,
            [kb, Tk](std::size_t i, std::size_t j) { return kb[i * Tk + j]; });
        if (empty == Tq) continue;
        // softmax refuses a row for one of two reasons: no key is kept, or a score overflowed.
        const double* s = r.scores.data() + (b * Tq + empty) * Tk;
        bool any_kept = false;
        for (std::size_t j = 0; j < Tk; ++j) {
            if (!kb[empty * Tk + j]) continue;
            any_kept = true;
            require(std::isfinite(s[j]), fn, refused("overflow.scores", "row", empty, "column", j));
        }
        require(any_kept, fn, refused("mask.emptyRow", "row", empty));
    }
    return r;
}

}  // namespace lab
