// The Embind registrations of the worked examples: the handout's layers, the lab's checks and
// the small operations the page shows as steps (see bindings_common.cpp for the layout).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "convert.hpp"
#include "lab/layers/param_count.hpp"
#include "lab/page/checks.hpp"
#include "lab/page/ops.hpp"

using emscripten::val;
using namespace lab;
using namespace lab::wasm;

namespace {

// ---- the handout's layers ----

val softmax(val x) {
    return guarded([&] { return js(api::softmax(nd(x))); });
}

val attention(val q, val k, val v, val opts) {
    return guarded(
        [&] { return js_result(api::attention(nd(q), nd(k), nd(v), options<AttentionOptions>(opts, "attention"))); });
}

val multiHeadAttention(val x, val params, val opts) {
    return guarded([&] {
        const std::string fn = "multiHeadAttention";
        const MhaCall o = options<MhaCall>(opts, fn);
        return js_result(api::multi_head_attention(nd(x), read_params<MhaParams>(params, fn), o.heads, o.causal));
    });
}

val layerNorm(val x, val gamma, val beta, double eps) {
    return guarded([&] {
        const std::string fn = "layerNorm";
        return js(api::layer_norm(nd(x), to_tensor<1>(nd(gamma), fn, "gamma", "[D]"),
                                  to_tensor<1>(nd(beta), fn, "beta", "[D]"), eps));
    });
}

val rmsNorm(val x, val gain, double eps) {
    return guarded([&] { return js(api::rms_norm(nd(x), to_tensor<1>(nd(gain), "rmsNorm", "gain", "[D]"), eps)); });
}

val feedForward(val x, val params, val opts) {
    return guarded([&] {
        const std::string fn = "feedForward";
        return js_result(api::feed_forward(nd(x), read_params<FfnParams>(params, fn), options<FfnOptions>(opts, fn)));
    });
}

val block(val x, val params, val opts) {
    return guarded([&] {
        const std::string fn = "block";
        return js_result(api::block(nd(x), read_params<BlockParams>(params, fn), options<BlockOptions>(opts, fn)));
    });
}

val decoderBlock(val x, val memory, val params, val opts) {
    return guarded([&] {
        const std::string fn = "decoderBlock";
        return js_result(api::decoder_block(nd(x), nd(memory), read_params<DecoderParams>(params, fn),
                                            options<BlockOptions>(opts, fn)));
    });
}

val sinusoidalPositions(double T, double D) {
    return guarded([&] {
        const std::string fn = "sinusoidalPositions";
        return js_tensor(lab::sinusoidal_positions(whole_number(T, fn, "T"), whole_number(D, fn, "D"), fn));
    });
}

val lmForward(val tokens, val params, val opts) {
    return guarded([&] {
        const std::string fn = "lmForward";
        const LmCall o = options<LmCall>(opts, fn);
        return js_result(
            api::lm_forward(nd(tokens), read_params<LmParams>(params, fn), o.lm, o.trace, &o.intervention));
    });
}

val crossEntropy(val logits, val targets) {
    return guarded([&] { return js_result(api::cross_entropy(nd(logits), nd(targets))); });
}

val generateTokens(val prompt, val params, val opts) {  // "generate" in JS (lab::generate is the kernel)
    return guarded([&] {
        const std::string fn = "generate";
        const GenerateCall o = options<GenerateCall>(opts, fn);
        const GenerateResult r =
            lab::generate(ids(prompt, fn, "promptTokens"), read_params<LmParams>(params, fn), o.lm, o.generate, fn);
        val steps = val::array();
        for (std::size_t i = 0; i < r.steps.size(); ++i) {
            const GenerateStep& s = r.steps[i];
            steps.set(i, object(js_draw(s), {{"position", val(double(s.position))},
                                             {"logits", js_tensor(s.logits)},
                                             {"probs", js_tensor(s.probs)},
                                             {"cumulative", js_tensor(s.cumulative)},
                                             {"naiveMultiplyAdds", val(double(s.naive_multiply_adds))},
                                             {"cachedMultiplyAdds", val(double(s.cached_multiply_adds))},
                                             {"cachedNumbers", val(double(s.cached_numbers))}}));
        }
        return object({{"tokens", js_tokens(r.tokens)}, {"steps", steps}, {"ended", val(r.ended)}});
    });
}

val paramCount(val cfg) {
    return guarded([&] {
        const ParamCount n = param_count(options<ParamCountConfig>(cfg, "paramCount"), "paramCount");
        val breakdown = val::object();
        for (const auto& [name, count] : n.breakdown) breakdown.set(name, double(count));
        return object(
            {{"total", val(double(n.total))}, {"headWidth", val(double(n.head_width))}, {"breakdown", breakdown}});
    });
}

// ---- the §8 checks and §3.1's demonstration ----

val futureDependence(val inputs, val params, val opts) {
    return guarded([&] {
        const std::string fn = "futureDependence";
        return js_tensor(future_dependence(ids(inputs, fn, "inputs"), read_params<LmParams>(params, fn),
                                           options<LmOptions>(opts, fn), fn));
    });
}

val permutationGap(val inputs, val perm, val params, val opts) {
    return guarded([&] {
        const std::string fn = "permutationGap";
        return val(permutation_gap(ids(inputs, fn, "inputs"), ids(perm, fn, "perm"), read_params<LmParams>(params, fn),
                                   options<LmOptions>(opts, fn), fn));
    });
}

val fusedVsSeparateGap(val x, val params, val opts) {
    return guarded([&] {
        const std::string fn = "fusedVsSeparateGap";
        const MhaCall o = options<MhaCall>(opts, fn);
        const Tensor3 x3 = to_tensor<3>(nd(x), fn, "x", "[B][T][D]");
        return val(fused_vs_separate_gap(x3, read_params<MhaParams>(params, fn), o.heads, o.causal));
    });
}

val maxRowSumError(val weights) {
    return guarded([&] {
        const NdArray w = nd(weights);
        const Batched b = split_batch(w, 2, 2, "maxRowSumError", "weights", "[Tq][Tk] | [B][Tq][Tk] | [B][H][Tq][Tk]");
        return val(max_row_sum_error(as_batched3(w, b)));
    });
}

val scoreVariance(val opts) {
    return guarded([&] {
        const std::string fn = "scoreVariance";
        const ScoreVarianceCall o = options<ScoreVarianceCall>(opts, fn);
        const ScoreVariance v = score_variance(o.dk, o.samples, o.sigma, o.seed, fn);
        return object({{"raw", val(v.raw)},
                       {"scaled", val(v.scaled)},
                       {"expectedRaw", val(v.expected_raw)},
                       {"expectedScaled", val(v.expected_scaled)}});
    });
}

// ---- small operations the page shows as steps of their own ----

val opExp(val x) {
    return guarded([&] { return js(exp_elementwise(nd(x))); });
}

val opExpShifted(val x) {
    return guarded([&] { return js(exp_shifted(nd(x))); });
}

// ops.sum, ops.mean and ops.variance: one reduction each (refusals name it: "sum"), registered
// apart and computed by one function.
val reduce(val x, double axis, Reduction r) {
    return guarded([&] { return js(reduce_axis(nd(x), int(axis), r, name_of(r))); });
}
template <Reduction R>
val opReduce(val x, double axis) {
    return reduce(x, axis, R);
}

val opMaxAbsDifference(val a, val b) {
    return guarded([&] { return val(max_abs_difference(nd(a), nd(b))); });
}

val opMatmul(val a, val b) {
    return guarded([&] {
        const std::string fn = "matmul";
        return js_tensor(
            lab::matmul(to_tensor<2>(nd(a), fn, "a", "[N][C]"), to_tensor<2>(nd(b), fn, "b", "[C][out]"), fn));
    });
}

val opScaleRows(val w, val m) {
    return guarded([&] {
        const std::string fn = "scaleRows";
        return js_tensor(scale_rows(to_tensor<1>(nd(w), fn, "w", "[T]"), to_tensor<2>(nd(m), fn, "m", "[T][C]"), fn));
    });
}

val opSoftmaxJacobian(val s) {
    return guarded([&] {
        const std::string fn = "softmaxJacobian";
        return js_tensor(softmax_jacobian(to_tensor<1>(nd(s), fn, "s", "[n]"), fn));
    });
}

val attentionCost(val dims) {
    return guarded([&] {
        const std::string fn = "attentionCost";
        const AttentionCostCall d = options<AttentionCostCall>(dims, fn);
        const AttentionCost c = lab::attention_cost(d.B, d.H, d.T, d.D, fn);
        return object(
            {{"weightEntries", val(double(c.weight_entries))}, {"multiplyAdds", val(double(c.multiply_adds))}});
    });
}

}  // namespace

#define LAB_PART_examples(...) __VA_ARGS__
#include "register.hpp"

EMSCRIPTEN_BINDINGS(attention_lab_examples) {
#include "../api.def"
}
