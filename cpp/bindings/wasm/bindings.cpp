// The Embind layer: the only file that knows about JavaScript. It converts values in both
// directions and turns every C++ exception into a JS Error value; all checks and numerics live in
// cpp/lab. Tensors arrive as {shape: number[], data: Float64Array} (made by web/engine/arrays.js)
// and leave as new objects of the same form whose data is a copy, never a view of wasm memory.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <malloc.h>

#include <cmath>
#include <map>
#include <memory>
#include <string>

#include "lab/boundary/api.hpp"
#include "lab/page/ops.hpp"
#include "lab/practice/practice.hpp"
#include "lab/training/model.hpp"

using emscripten::val;
using namespace lab;

namespace {

// ---- values in ----

bool has(const val& o, const char* key) { return !o[key].isUndefined() && !o[key].isNull(); }

NdArray nd(const val& v) {
    NdArray a;
    for (double s : emscripten::convertJSArrayToNumberVector<double>(v["shape"])) a.shape.push_back(std::size_t(s));
    a.data = emscripten::convertJSArrayToNumberVector<double>(v["data"]);
    return a;
}

template <std::size_t N>
std::optional<xt::xtensor<double, N>> opt_tensor(const val& o, const char* key, const std::string& fn,
                                                 const std::string& path, const char* expected) {
    if (!has(o, key)) return std::nullopt;
    return to_tensor<N>(nd(o[key]), fn, path + key, expected);
}

template <std::size_t N>
xt::xtensor<double, N> tensor(const val& o, const char* key, const std::string& fn, const std::string& path,
                              const char* expected) {
    require(has(o, key), fn, msg(path, key, " is missing (expected ", expected, ")"));
    return *opt_tensor<N>(o, key, fn, path, expected);
}

// 2^53: the largest whole number a JS number holds exactly.
constexpr double kMaxExactInteger = 9007199254740992.0;

std::size_t whole_number(double x, const std::string& fn, const char* name) {
    require(std::isfinite(x) && x >= 0 && x == std::floor(x) && x < kMaxExactInteger, fn,
            msg(name, " must be a whole number >= 0, got ", x));
    return std::size_t(x);
}

std::size_t whole(const val& o, const char* key, const std::string& fn, std::size_t fallback) {
    return has(o, key) ? whole_number(o[key].as<double>(), fn, key) : fallback;
}

double number(const val& o, const char* key, double fallback) { return has(o, key) ? o[key].as<double>() : fallback; }
bool flag(const val& o, const char* key, bool fallback) { return has(o, key) ? o[key].as<bool>() : fallback; }
std::string text(const val& o, const char* key, const std::string& fallback) {
    return has(o, key) ? o[key].as<std::string>() : fallback;
}

MhaParams mha_params(const val& p, const std::string& fn, const std::string& path) {
    MhaParams m;
    m.wQ = opt_tensor<2>(p, "wQ", fn, path, "[D][H*dk]");
    m.wK = opt_tensor<2>(p, "wK", fn, path, "[D][H*dk]");
    m.wV = opt_tensor<2>(p, "wV", fn, path, "[D][H*dv]");
    m.bQ = opt_tensor<1>(p, "bQ", fn, path, "[H*dk]");
    m.bK = opt_tensor<1>(p, "bK", fn, path, "[H*dk]");
    m.bV = opt_tensor<1>(p, "bV", fn, path, "[H*dv]");
    m.wQKV = opt_tensor<2>(p, "wQKV", fn, path, "[D][3*D]");
    m.bQKV = opt_tensor<1>(p, "bQKV", fn, path, "[3*D]");
    m.wO = opt_tensor<2>(p, "wO", fn, path, "[H*dv][D]");
    m.bO = opt_tensor<1>(p, "bO", fn, path, "[D]");
    return m;
}

FfnParams ffn_params(const val& p, const std::string& fn, const std::string& path) {
    FfnParams f;
    f.w1 = tensor<2>(p, "w1", fn, path, "[D][F]");
    f.b1 = opt_tensor<1>(p, "b1", fn, path, "[F]");
    f.w2 = tensor<2>(p, "w2", fn, path, "[F][D]");
    f.b2 = opt_tensor<1>(p, "b2", fn, path, "[D]");
    f.wGate = opt_tensor<2>(p, "wGate", fn, path, "[D][F]");
    f.bGate = opt_tensor<1>(p, "bGate", fn, path, "[F]");
    return f;
}

// {gamma, beta} for LayerNorm, {gain} for RMSNorm.
std::optional<NormParams> norm_params(const val& o, const char* key, const std::string& fn, const std::string& path) {
    if (!has(o, key)) return std::nullopt;
    const val p = o[key];
    const std::string here = path + key + ".";
    NormParams n;
    if (has(p, "gain")) {
        require(!has(p, "gamma") && !has(p, "beta"), fn,
                msg(path, key, " gives gain (RMSNorm) together with gamma/beta (LayerNorm)"));
        n.gamma = tensor<1>(p, "gain", fn, here, "[D]");
    } else {
        n.gamma = tensor<1>(p, "gamma", fn, here, "[D]");
        n.beta = tensor<1>(p, "beta", fn, here, "[D]");
    }
    return n;
}

BlockParams block_params(const val& p, const std::string& fn, const std::string& path) {
    require(has(p, "attn") && has(p, "ffn"), fn, msg(path, "attn and ", path, "ffn are both needed"));
    BlockParams b;
    b.attn = mha_params(p["attn"], fn, path + "attn.");
    b.ffn = ffn_params(p["ffn"], fn, path + "ffn.");
    b.norm1 = norm_params(p, "norm1", fn, path);
    b.norm2 = norm_params(p, "norm2", fn, path);
    return b;
}

BlockOptions block_options(const val& o, const std::string& fn) {
    BlockOptions b;
    b.heads = whole(o, "heads", fn, b.heads);
    b.causal = flag(o, "causal", b.causal);
    if (has(o, "arrangement")) b.arrangement = parse_arrangement(text(o, "arrangement", ""), fn);
    if (has(o, "norm")) b.norm = parse_norm(text(o, "norm", ""), fn);
    if (has(o, "activation")) b.ffn.activation = parse_activation(text(o, "activation", ""), fn);
    b.ffn.gated = flag(o, "gated", b.ffn.gated);
    return b;
}

LmParams lm_params(const val& p, const std::string& fn) {
    LmParams m;
    m.embedding = tensor<2>(p, "embedding", fn, "params.", "[V][D]");
    m.positions = opt_tensor<2>(p, "positions", fn, "params.", "[Tmax][D]");
    if (has(p, "blocks")) {
        const unsigned L = p["blocks"]["length"].as<unsigned>();
        for (unsigned l = 0; l < L; ++l)
            m.blocks.push_back(block_params(p["blocks"][l], fn, "params.blocks[" + std::to_string(l) + "]."));
    }
    m.final_norm = norm_params(p, "finalNorm", fn, "params.");
    m.head = opt_tensor<2>(p, "head", fn, "params.", "[D][V]");
    return m;
}

LmOptions lm_options(const val& o, const std::string& fn) {
    LmOptions m;
    m.block = block_options(o, fn);
    if (has(o, "positions")) m.positions = parse_positions(text(o, "positions", ""), fn);
    if (has(o, "maskBlocks"))
        for (double b : emscripten::convertJSArrayToNumberVector<double>(o["maskBlocks"]))
            m.mask_blocks.push_back(b != 0);
    return m;
}

std::vector<int> ids(const val& v, const std::string& fn, const std::string& name) {
    const TokenMatrix t = api::to_tokens(nd(v), 1, fn, name);
    return std::vector<int>(t.begin(), t.end());
}

// ---- values out ----

val js_array(const std::vector<std::size_t>& v) {
    val a = val::array();
    for (std::size_t i = 0; i < v.size(); ++i) a.set(i, double(v[i]));
    return a;
}

val js_data(const double* p, std::size_t n) {
    return val::global("Float64Array").new_(emscripten::typed_memory_view(n, p));  // a copy
}

val js(const NdArray& a) {
    val o = val::object();
    o.set("shape", js_array(a.shape));
    o.set("data", js_data(a.data.data(), a.data.size()));
    return o;
}

template <class E>
val js_tensor(const E& t) {
    return js(to_ndarray(t));
}

val js(const Trace& trace) {
    val steps = val::array();
    for (std::size_t i = 0; i < trace.size(); ++i) {
        const TraceStep& s = trace[i];
        val o = val::object();
        o.set("name", s.name);
        o.set("formula", s.formula);
        o.set("shape", js_array(s.shape));
        o.set("data", js_data(s.values.data(), s.values.size()));
        steps.set(i, o);
    }
    return steps;
}

val js(const api::MhaOut& m) {
    val o = val::object();
    o.set("output", js(m.output));
    o.set("weights", js(m.weights));
    o.set("heads", js(m.heads));
    o.set("concat", js(m.concat));
    o.set("scores", js(m.scores));
    o.set("q", js(m.q));
    o.set("k", js(m.k));
    o.set("v", js(m.v));
    return o;
}

// Runs `body`; a C++ exception comes back as a JS Error object with the same message (the
// facade throws it). It is returned, not thrown from here: a JS throw would unwind the wasm
// stack without finishing the C++ catch or running destructors, leaking the exception object
// and any live strings on every error (the API tests check the heap stays flat).
template <class F>
val guarded(F&& body) {
    try {
        return body();
    } catch (const std::exception& e) {
        return val::global("Error").new_(std::string(e.what()));
    }
}

// ---- the bound functions (names as in the JS API) ----

val softmax(val x) {
    return guarded([&] { return js(api::softmax(nd(x))); });
}

val attention(val q, val k, val v, val opts) {
    return guarded([&] {
        const std::string fn = "attention";
        AttentionOptions o;
        o.causal = flag(opts, "causal", false);
        if (has(opts, "scale")) o.scale = number(opts, "scale", 0);
        if (has(opts, "mask")) o.mask = xt::cast<bool>(to_tensor<2>(nd(opts["mask"]), fn, "mask", "[Tq][Tk] booleans"));
        const api::AttentionOut r = api::attention(nd(q), nd(k), nd(v), o);
        val out = val::object();
        out.set("scores", js(r.scores));
        out.set("weights", js(r.weights));
        out.set("output", js(r.output));
        return out;
    });
}

val multiHeadAttention(val x, val params, val opts) {
    return guarded([&] {
        const std::string fn = "multiHeadAttention";
        return js(api::multi_head_attention(nd(x), mha_params(params, fn, "params."), whole(opts, "heads", fn, 1),
                                            flag(opts, "causal", false)));
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
        FfnOptions o;
        if (has(opts, "activation")) o.activation = parse_activation(text(opts, "activation", ""), fn);
        o.gated = flag(opts, "gated", false);
        const api::FfnOut r = api::feed_forward(nd(x), ffn_params(params, fn, "params."), o);
        val out = val::object();
        out.set("output", js(r.output));
        out.set("hidden", js(r.hidden));
        out.set("pre", js(r.pre));
        return out;
    });
}

val block(val x, val params, val opts) {
    return guarded([&] {
        const std::string fn = "block";
        const api::BlockOut r = api::block(nd(x), block_params(params, fn, "params."), block_options(opts, fn));
        val out = val::object();
        out.set("output", js(r.output));
        out.set("attention", js(r.attn));
        out.set("trace", js(r.trace));
        return out;
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
        const api::LmOut r =
            api::lm_forward(nd(tokens), lm_params(params, fn), lm_options(opts, fn), flag(opts, "trace", true));
        val out = val::object();
        out.set("logits", js(r.logits));
        out.set("probs", js(r.probs));
        out.set("losses", js(r.losses));
        out.set("loss", r.loss);
        out.set("trace", js(r.trace));
        return out;
    });
}

val crossEntropy(val logits, val targets) {
    return guarded([&] {
        const api::CrossEntropyOut r = api::cross_entropy(nd(logits), nd(targets));
        val out = val::object();
        out.set("losses", js(r.losses));
        out.set("loss", r.loss);
        out.set("probs", js(r.probs));
        return out;
    });
}

val generateTokens(val prompt, val params, val opts) {  // "generate" in JS (lab::generate is the kernel)
    return guarded([&] {
        const std::string fn = "generate";
        GenerateOptions g;
        g.steps = whole(opts, "steps", fn, 1);
        g.temperature = number(opts, "temperature", 0.0);
        g.seed = whole(opts, "seed", fn, 0);
        if (has(opts, "eos")) g.eos = int(whole(opts, "eos", fn, 0));
        const GenerateResult r =
            lab::generate(ids(prompt, fn, "promptTokens"), lm_params(params, fn), lm_options(opts, fn), g, fn);
        val tokens = val::array();
        for (std::size_t i = 0; i < r.tokens.size(); ++i) tokens.set(i, r.tokens[i]);
        val steps = val::array();
        for (std::size_t i = 0; i < r.steps.size(); ++i) {
            const GenerateStep& s = r.steps[i];
            val o = val::object();
            o.set("position", double(s.position));
            o.set("logits", js_tensor(s.logits));
            o.set("probs", js_tensor(s.probs));
            o.set("cumulative", js_tensor(s.cumulative));
            o.set("u", std::isnan(s.u) ? val::null() : val(s.u));
            o.set("token", s.token);
            steps.set(i, o);
        }
        val out = val::object();
        out.set("tokens", tokens);
        out.set("steps", steps);
        out.set("stoppedAtEos", r.stopped_at_eos);
        return out;
    });
}

val paramCount(val cfg) {
    return guarded([&] {
        const std::string fn = "paramCount";
        ParamCountConfig c;
        c.vocab = whole(cfg, "vocab", fn, c.vocab);
        c.D = whole(cfg, "D", fn, c.D);
        c.heads = whole(cfg, "heads", fn, c.heads);
        c.layers = whole(cfg, "layers", fn, c.layers);
        c.ffn_mult = whole(cfg, "ffnMult", fn, c.ffn_mult);
        c.bias = flag(cfg, "bias", c.bias);
        if (has(cfg, "positions")) c.positions = parse_positions(text(cfg, "positions", ""), fn);
        c.max_t = whole(cfg, "maxT", fn, c.max_t);
        c.tied = flag(cfg, "tied", c.tied);
        if (has(cfg, "norm")) c.norm = parse_norm(text(cfg, "norm", ""), fn);
        c.final_norm = flag(cfg, "finalNorm", c.final_norm);
        c.gated = flag(cfg, "gated", c.gated);
        c.attention_only = flag(cfg, "attentionOnly", c.attention_only);
        const ParamCount n = param_count(c, fn);
        val breakdown = val::object();
        for (const auto& [name, count] : n.breakdown) breakdown.set(name, double(count));
        val out = val::object();
        out.set("total", double(n.total));
        out.set("headWidth", double(n.head_width));
        out.set("breakdown", breakdown);
        return out;
    });
}

// ---- the §8 checks and §3.1's demonstration ----

val futureDependence(val inputs, val params, val opts) {
    return guarded([&] {
        const std::string fn = "futureDependence";
        return js_tensor(future_dependence(ids(inputs, fn, "inputs"), lm_params(params, fn), lm_options(opts, fn), fn));
    });
}

val permutationGap(val inputs, val perm, val params, val opts) {
    return guarded([&] {
        const std::string fn = "permutationGap";
        return val(permutation_gap(ids(inputs, fn, "inputs"), ids(perm, fn, "perm"), lm_params(params, fn),
                                   lm_options(opts, fn), fn));
    });
}

val fusedVsSeparateGap(val x, val params, val opts) {
    return guarded([&] {
        const std::string fn = "fusedVsSeparateGap";
        const Tensor3 x3 = to_tensor<3>(nd(x), fn, "x", "[B][T][D]");
        return val(fused_vs_separate_gap(x3, mha_params(params, fn, "params."), whole(opts, "heads", fn, 1),
                                         flag(opts, "causal", false)));
    });
}

val maxRowSumError(val weights) {
    return guarded([&] {
        const NdArray w = nd(weights);
        const Batched b = split_batch(w, 2, 2, "maxRowSumError", "weights", "[Tq][Tk] with up to 2 leading axes");
        return val(max_row_sum_error(as_batched3(w, b)));
    });
}

val scoreVariance(val opts) {
    return guarded([&] {
        const std::string fn = "scoreVariance";
        const ScoreVariance v = score_variance(whole(opts, "dk", fn, 0), whole(opts, "samples", fn, 10000),
                                               number(opts, "sigma", 1.0), whole(opts, "seed", fn, 0), fn);
        val out = val::object();
        out.set("raw", v.raw);
        out.set("scaled", v.scaled);
        out.set("expectedRaw", v.expected_raw);
        out.set("expectedScaled", v.expected_scaled);
        return out;
    });
}

// ---- small operations the page shows as steps of their own ----

val opExp(val x) {
    return guarded([&] { return js(exp_elementwise(nd(x))); });
}

val opReduce(val x, double axis, std::string kind) {
    return guarded([&] {
        const std::string fn = kind;
        const Reduction r = kind == "sum" ? Reduction::sum : kind == "mean" ? Reduction::mean : Reduction::variance;
        return js(reduce_axis(nd(x), int(axis), r, fn));
    });
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
        const AttentionCost c = lab::attention_cost(whole(dims, "B", fn, 1), whole(dims, "H", fn, 1),
                                                    whole(dims, "T", fn, 0), whole(dims, "D", fn, 0), fn);
        val out = val::object();
        out.set("weightEntries", double(c.weight_entries));
        out.set("multiplyAdds", double(c.multiply_adds));
        return out;
    });
}

// ---- the practice set: problems carry keys and numbers; the page words them ----

val js(const std::vector<practice::Named>& values) {
    val out = val::array();
    for (std::size_t i = 0; i < values.size(); ++i) {
        val o = js(values[i].value);
        o.set("name", values[i].name);
        out.set(i, o);
    }
    return out;
}

val js_words(const std::vector<std::string>& words) {
    val out = val::array();
    for (std::size_t i = 0; i < words.size(); ++i) out.set(i, words[i]);
    return out;
}

practice::Problem problem(val id, val seed) {
    return practice::make_problem(id.as<std::string>(), whole_number(seed.as<double>(), "practice", "seed"));
}

val practiceFamilies() {
    return guarded([&] {
        val out = val::array();
        const auto& fams = practice::families();
        for (std::size_t i = 0; i < fams.size(); ++i) {
            val o = val::object();
            o.set("id", fams[i].id);
            o.set("section", fams[i].section);
            o.set("format", practice::format_name(fams[i].format));
            out.set(i, o);
        }
        return out;
    });
}

val practiceGenerate(val id, val seed) {
    return guarded([&] {
        const practice::Problem p = problem(id, seed);
        val o = val::object();
        o.set("id", p.family);
        o.set("seed", double(p.seed));
        o.set("section", p.section);
        o.set("format", practice::format_name(p.format));
        o.set("variant", p.variant);
        o.set("given", js(p.given));
        o.set("words", js_words(p.words));
        return o;
    });
}

val js(const practice::CheckResult& c, const practice::Answer& expected) {
    const std::size_t expected_count = expected.numbers.size();
    val o = val::object();
    o.set("correct", c.correct);
    o.set("score", c.score);
    o.set("readable", c.readable);
    o.set("error", c.error);
    o.set("parsed", c.readable ? val(practice::answer_text(c.parsed)) : val::null());
    val wrong = val::array();
    for (std::size_t i = 0; i < c.wrong_entries.size(); ++i) wrong.set(i, double(c.wrong_entries[i]));
    o.set("wrongEntries", wrong);
    o.set("shapeMismatch", c.shape_mismatch);
    o.set("misconception", c.misconception.empty() ? val::null() : val(c.misconception));
    o.set("misconceptionSection", c.misconception_section);
    o.set("expectedCount", double(expected_count));
    val shape = val::array();  // how the page labels entries: [i] for a vector, [r][c] for a matrix
    for (std::size_t i = 0; i < expected.shape.size(); ++i) shape.set(i, double(expected.shape[i]));
    o.set("expectedShape", shape);
    return o;
}

// The rule for numbers, so that the sentence the page shows is written from the engine's constants.
val practiceTolerance() {
    return guarded([&] {
        val o = val::object();
        o.set("relative", practice::kRelTolerance);
        o.set("floor", practice::kFloor);
        return o;
    });
}

val practiceCheck(val id, val seed, val text) {
    return guarded([&] {
        const practice::Problem p = problem(id, seed);
        val o = js(practice::check_answer(p, text.as<std::string>()), p.answer);
        o.set("format", practice::format_name(p.format));
        return o;
    });
}

// A value of the page (a number, vector, matrix or a word) as an answer of `format`.
practice::Answer answer_of(val v, practice::Format format) {
    if (format == practice::Format::token || format == practice::Format::choice) {
        practice::Answer a;
        a.format = format;
        a.text = v.as<std::string>();
        return a;
    }
    const NdArray x = nd(v);
    practice::Answer a;
    a.format = format;
    a.numbers = x.data;
    if (format == practice::Format::vector) a.shape = {x.data.size()};
    if (format == practice::Format::matrix) a.shape = x.shape;
    return a;
}

val practiceCheckValue(val text, val spec) {
    return guarded([&] {
        const practice::Format format = practice::parse_format(spec["format"].as<std::string>());
        const practice::Answer expected = answer_of(spec["expected"], format);
        std::vector<practice::Misconception> wrongs;
        const unsigned n = spec["misconceptions"]["length"].as<unsigned>();
        for (unsigned i = 0; i < n; ++i) {
            const val m = spec["misconceptions"][i];
            wrongs.push_back(
                {m["id"].as<std::string>(), m["section"].as<std::string>(), answer_of(m["value"], format)});
        }
        std::vector<std::string> words;
        const unsigned w = spec["words"]["length"].as<unsigned>();
        for (unsigned i = 0; i < w; ++i) words.push_back(spec["words"][i].as<std::string>());
        return js(practice::check_value(text.as<std::string>(), expected, wrongs, words), expected);
    });
}

val practiceSolution(val id, val seed) {
    return guarded([&] {
        const practice::Problem p = problem(id, seed);
        val steps = val::array();
        for (std::size_t i = 0; i < p.steps.size(); ++i) {
            val s = val::object();
            s.set("key", p.steps[i].key);
            s.set("values", js(p.steps[i].values));
            steps.set(i, s);
        }
        val wrongs = val::array();  // the answer key of the mistakes the checker names
        for (std::size_t i = 0; i < p.misconceptions.size(); ++i) {
            val m = val::object();
            m.set("id", p.misconceptions[i].id);
            m.set("section", p.misconceptions[i].section);
            m.set("answer", practice::answer_text(p.misconceptions[i].answer));
            wrongs.set(i, m);
        }
        val o = val::object();
        o.set("answer", practice::answer_text(p.answer));
        o.set("format", practice::format_name(p.format));
        o.set("steps", steps);
        o.set("misconceptions", wrongs);
        return o;
    });
}

// A number as a student may type it (0.5, 1/2, ln 2, sqrt(2)*ln(2)), read by the practice parser.
val parseNumber(val text) {
    return guarded([&] {
        const practice::Parsed p = practice::parse_answer(text.as<std::string>(), practice::Format::number);
        val o = val::object();
        o.set("ok", p.ok);
        if (p.ok)
            o.set("value", p.answer.numbers[0]);
        else
            o.set("error", p.error);
        return o;
    });
}

// ---- trainable models (lab.createModel): JS holds a handle, the models live here ----

std::map<int, std::unique_ptr<Model>>& models() {
    static std::map<int, std::unique_ptr<Model>> table;
    return table;
}

Model& model_of(val id, const std::string& fn) {
    const auto it = models().find(id.as<int>());
    require(it != models().end(), fn, "this model was deleted (call lab.createModel or lab.loadModel for a new one)");
    return *it->second;
}

int keep(std::unique_ptr<Model> m) {
    static int next = 1;
    models()[next] = std::move(m);
    return next++;
}

ModelConfig model_config(const val& c, const std::string& fn) {
    ModelConfig m;
    m.vocab = whole(c, "vocab", fn, 0);
    m.D = whole(c, "D", fn, 0);
    m.heads = whole(c, "heads", fn, 1);
    m.layers = whole(c, "layers", fn, 1);
    m.T = whole(c, "T", fn, 0);
    m.ffn_mult = whole(c, "ffnMult", fn, 4);
    if (has(c, "activation")) m.activation = parse_activation(text(c, "activation", ""), fn);
    if (has(c, "arrangement")) m.arrangement = parse_arrangement(text(c, "arrangement", ""), fn);
    if (has(c, "norm")) m.norm = parse_norm(text(c, "norm", ""), fn);
    if (has(c, "positions")) m.positions = parse_positions(text(c, "positions", ""), fn);
    m.tied = flag(c, "tied", true);
    m.gated = flag(c, "gated", false);
    if (has(c, "maskBlocks"))
        for (double b : emscripten::convertJSArrayToNumberVector<double>(c["maskBlocks"]))
            m.mask_blocks.push_back(b != 0);
    m.scaled = flag(c, "scaled", true);
    m.seed = whole(c, "seed", fn, 0);
    return m;
}

val config_js(const ModelConfig& m) {
    static const char* acts[] = {"relu", "gelu", "gelu_tanh", "silu"};
    static const char* norms[] = {"layer", "rms", "none"};
    static const char* pos[] = {"learned", "sinusoidal", "none"};
    val c = val::object();
    c.set("vocab", double(m.vocab));
    c.set("D", double(m.D));
    c.set("heads", double(m.heads));
    c.set("layers", double(m.layers));
    c.set("T", double(m.T));
    c.set("ffnMult", double(m.ffn_mult));
    c.set("activation", std::string(acts[int(m.activation)]));
    c.set("arrangement", std::string(m.arrangement == Arrangement::pre ? "pre" : "post"));
    c.set("norm", std::string(norms[int(m.norm)]));
    c.set("positions", std::string(pos[int(m.positions)]));
    c.set("tied", m.tied);
    c.set("gated", m.gated);
    if (!m.mask_blocks.empty()) {
        val mb = val::array();
        for (std::size_t i = 0; i < m.mask_blocks.size(); ++i) mb.set(i, bool(m.mask_blocks[i]));
        c.set("maskBlocks", mb);
    }
    c.set("scaled", m.scaled);
    c.set("seed", double(m.seed));
    return c;
}

val parameters_js(const Model& m) {
    LmParams p = m.params();
    val out = val::array();
    unsigned i = 0;
    for_each_parameter(
        p, [&](const std::string& name, double* data, std::size_t n, const std::vector<std::size_t>& shape) {
            val o = val::object();
            o.set("name", name);
            o.set("shape", js_array(shape));
            o.set("data", js_data(data, n));
            out.set(i++, o);
        });
    return out;
}

val modelCreate(val cfg) {
    return guarded([&] { return val(keep(std::make_unique<Model>(model_config(cfg, "createModel")))); });
}

val modelTrainStep(val id, val batch, val opts) {
    return guarded([&] {
        const std::string fn = "trainStep";
        Model& m = model_of(id, fn);
        OptimizerConfig oc;
        if (has(opts, "optimizer")) oc.kind = parse_optimizer(text(opts, "optimizer", ""), fn);
        oc.lr = number(opts, "lr", oc.lr);
        oc.weight_decay = number(opts, "weightDecay", oc.kind == OptimizerKind::adamw ? 0.01 : 0.0);
        oc.clip = number(opts, "clip", oc.clip);
        oc.warmup = whole(opts, "warmup", fn, 0);
        oc.total_steps = whole(opts, "totalSteps", fn, 0);
        const TrainStep r = m.train(api::to_tokens(nd(batch), 2, fn, "batch"), oc);
        val o = val::object();
        o.set("loss", r.loss);
        o.set("gradNorm", r.grad_norm);
        o.set("lr", r.lr);
        return o;
    });
}

val modelEvaluate(val id, val batch, val opts) {
    return guarded([&] {
        const std::string fn = "evaluate";
        val o = val::object();
        o.set("loss",
              model_of(id, fn).evaluate(api::to_tokens(nd(batch), 2, fn, "batch"), flag(opts, "causal", false)));
        return o;
    });
}

val modelGenerate(val id, val prompt, val opts) {
    return guarded([&] {
        const std::string fn = "generate";
        Model& m = model_of(id, fn);
        GenerateOptions g;
        g.steps = whole(opts, "steps", fn, 1);
        g.temperature = number(opts, "temperature", 0.0);
        g.seed = whole(opts, "seed", fn, 0);
        if (has(opts, "eos")) g.eos = int(whole(opts, "eos", fn, 0));
        const std::vector<int> r = m.generate(ids(prompt, fn, "promptTokens"), g, flag(opts, "causal", false));
        val tokens = val::array();
        for (std::size_t i = 0; i < r.size(); ++i) tokens.set(i, r[i]);
        val o = val::object();
        o.set("tokens", tokens);
        return o;
    });
}

// Attention weights, next-token distributions and attention entropy for one sequence, with
// heads ablated or positions hidden (§2.2's intervention).
val modelInspect(val id, val tokens, val opts) {
    return guarded([&] {
        const std::string fn = "inspect";
        Model& m = model_of(id, fn);
        f32::Intervention iv;
        if (has(opts, "ablateHeads")) {
            const val list = opts["ablateHeads"];
            const unsigned n = list["length"].as<unsigned>();
            for (unsigned i = 0; i < n; ++i)
                iv.heads.emplace_back(std::size_t(list[i][0].as<double>()), std::size_t(list[i][1].as<double>()));
        }
        if (has(opts, "hideTokens"))
            for (double t : emscripten::convertJSArrayToNumberVector<double>(opts["hideTokens"]))
                iv.hidden.push_back(std::size_t(t));
        const Inspection r = m.inspect(ids(tokens, fn, "tokens"), iv);
        val o = val::object();
        o.set("weights", js_tensor(r.weights));
        o.set("probs", js_tensor(r.probs));
        o.set("entropy", js_tensor(r.entropy));
        return o;
    });
}

val modelParameters(val id) {
    return guarded([&] { return parameters_js(model_of(id, "parameters")); });
}

val modelSave(val id) {
    return guarded([&] {
        const Model& m = model_of(id, "save");
        val o = val::object();
        o.set("format", std::string("attention-lab-model"));
        o.set("version", 1);
        o.set("config", config_js(m.config()));
        o.set("parameters", parameters_js(m));
        return o;
    });
}

val modelLoad(val saved) {
    return guarded([&] {
        const std::string fn = "loadModel";
        const ModelConfig c = model_config(saved["config"], fn);
        LmParams p = init_model(c, fn);
        const val list = saved["parameters"];
        const unsigned n = list["length"].as<unsigned>();
        std::map<std::string, val> byName;
        for (unsigned i = 0; i < n; ++i) byName.emplace(list[i]["name"].as<std::string>(), list[i]);
        std::size_t used = 0;
        for_each_parameter(
            p, [&](const std::string& name, double* data, std::size_t size, const std::vector<std::size_t>& shape) {
                const auto it = byName.find(name);
                require(it != byName.end(), fn, msg("the saved model has no parameter ", name));
                const NdArray a = nd(it->second);
                require(a.shape == shape && a.data.size() == size, fn,
                        msg("parameter ", name, " has shape ", shape_str(a.shape), " but the configuration needs ",
                            shape_str(shape)));
                std::copy(a.data.begin(), a.data.end(), data);
                ++used;
            });
        require(used == byName.size(), fn,
                msg("the saved model has ", byName.size() - used, " parameter(s) this configuration does not use"));
        return val(keep(std::make_unique<Model>(c, std::move(p), fn)));
    });
}

val modelDelete(val id) {
    return guarded([&] {
        require(models().erase(id.as<int>()) == 1, "delete", "this model was already deleted");
        return val(true);
    });
}

// Bytes currently allocated by malloc inside the module: the API tests call functions
// thousands of times and require this to stay flat (no leaked tensors).
double heapInUse() { return double(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(attention_lab) {
    emscripten::function("softmax", &softmax);
    emscripten::function("attention", &attention);
    emscripten::function("multiHeadAttention", &multiHeadAttention);
    emscripten::function("layerNorm", &layerNorm);
    emscripten::function("rmsNorm", &rmsNorm);
    emscripten::function("feedForward", &feedForward);
    emscripten::function("block", &block);
    emscripten::function("sinusoidalPositions", &sinusoidalPositions);
    emscripten::function("lmForward", &lmForward);
    emscripten::function("crossEntropy", &crossEntropy);
    emscripten::function("generate", &generateTokens);
    emscripten::function("paramCount", &paramCount);
    emscripten::function("futureDependence", &futureDependence);
    emscripten::function("permutationGap", &permutationGap);
    emscripten::function("fusedVsSeparateGap", &fusedVsSeparateGap);
    emscripten::function("maxRowSumError", &maxRowSumError);
    emscripten::function("scoreVariance", &scoreVariance);
    emscripten::function("heapInUse", &heapInUse);
    emscripten::function("opExp", &opExp);
    emscripten::function("opReduce", &opReduce);
    emscripten::function("opMatmul", &opMatmul);
    emscripten::function("opScaleRows", &opScaleRows);
    emscripten::function("opSoftmaxJacobian", &opSoftmaxJacobian);
    emscripten::function("attentionCost", &attentionCost);
    emscripten::function("practiceFamilies", &practiceFamilies);
    emscripten::function("practiceGenerate", &practiceGenerate);
    emscripten::function("practiceCheck", &practiceCheck);
    emscripten::function("practiceSolution", &practiceSolution);
    emscripten::function("practiceCheckValue", &practiceCheckValue);
    emscripten::function("practiceTolerance", &practiceTolerance);
    emscripten::function("parseNumber", &parseNumber);
    emscripten::function("modelCreate", &modelCreate);
    emscripten::function("modelTrainStep", &modelTrainStep);
    emscripten::function("modelEvaluate", &modelEvaluate);
    emscripten::function("modelGenerate", &modelGenerate);
    emscripten::function("modelParameters", &modelParameters);
    emscripten::function("modelInspect", &modelInspect);
    emscripten::function("modelSave", &modelSave);
    emscripten::function("modelLoad", &modelLoad);
    emscripten::function("modelDelete", &modelDelete);
}
