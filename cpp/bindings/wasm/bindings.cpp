// The Embind registrations: the only file that knows the JS names. Each bound function converts
// its arguments (convert.hpp), calls the engine, and converts the result; every C++ exception
// comes back as a JS Error value (guarded). All checks and numerics live in cpp/lab.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <malloc.h>

#include "convert.hpp"
#include "lab/page/ops.hpp"

using emscripten::val;
using namespace lab;
using namespace lab::wasm;

namespace {

val object(std::initializer_list<std::pair<const char*, val>> fields) {
    val o = val::object();
    for (const auto& [name, v] : fields) o.set(name, v);
    return o;
}

// ---- the handout's layers ----

val softmax(val x) {
    return guarded([&] { return js(api::softmax(nd(x))); });
}

val attention(val q, val k, val v, val opts) {
    return guarded([&] {
        const api::AttentionOut r = api::attention(nd(q), nd(k), nd(v), options<AttentionOptions>(opts, "attention"));
        return object({{"scores", js(r.scores)}, {"weights", js(r.weights)}, {"output", js(r.output)}});
    });
}

val multiHeadAttention(val x, val params, val opts) {
    return guarded([&] {
        const std::string fn = "multiHeadAttention";
        const MhaCall o = options<MhaCall>(opts, fn);
        return js(api::multi_head_attention(nd(x), mha_params(params, fn), o.heads, o.causal));
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
        const api::FfnOut r = api::feed_forward(nd(x), ffn_params(params, fn), options<FfnOptions>(opts, fn));
        return object({{"output", js(r.output)}, {"hidden", js(r.hidden)}, {"pre", js(r.pre)}});
    });
}

val block(val x, val params, val opts) {
    return guarded([&] {
        const std::string fn = "block";
        const api::BlockOut r = api::block(nd(x), block_params(params, fn), options<BlockOptions>(opts, fn));
        return object({{"output", js(r.output)}, {"attention", js(r.attn)}, {"trace", js(r.trace)}});
    });
}

val decoderBlock(val x, val memory, val params, val opts) {
    return guarded([&] {
        const std::string fn = "decoderBlock";
        const api::DecoderOut r =
            api::decoder_block(nd(x), nd(memory), decoder_params(params, fn), options<BlockOptions>(opts, fn));
        return object({{"output", js(r.output)},
                       {"selfWeights", js(r.self_weights)},
                       {"crossWeights", js(r.cross_weights)},
                       {"trace", js(r.trace)}});
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
        const api::LmOut r = api::lm_forward(nd(tokens), lm_params(params, fn), o.lm, o.trace);
        return object({{"logits", js(r.logits)},
                       {"probs", js(r.probs)},
                       {"losses", js(r.losses)},
                       {"loss", val(r.loss)},
                       {"trace", js(r.trace)}});
    });
}

val crossEntropy(val logits, val targets) {
    return guarded([&] {
        const api::CrossEntropyOut r = api::cross_entropy(nd(logits), nd(targets));
        return object({{"losses", js(r.losses)}, {"loss", val(r.loss)}, {"probs", js(r.probs)}});
    });
}

val js_tokens(const std::vector<int>& tokens) {
    val out = val::array();
    for (std::size_t i = 0; i < tokens.size(); ++i) out.set(i, tokens[i]);
    return out;
}

val generateTokens(val prompt, val params, val opts) {  // "generate" in JS (lab::generate is the kernel)
    return guarded([&] {
        const std::string fn = "generate";
        const GenerateCall o = options<GenerateCall>(opts, fn);
        const GenerateResult r =
            lab::generate(ids(prompt, fn, "promptTokens"), lm_params(params, fn), o.lm, o.generate, fn);
        val steps = val::array();
        for (std::size_t i = 0; i < r.steps.size(); ++i) {
            const GenerateStep& s = r.steps[i];
            steps.set(i, object({{"position", val(double(s.position))},
                                 {"logits", js_tensor(s.logits)},
                                 {"probs", js_tensor(s.probs)},
                                 {"cumulative", js_tensor(s.cumulative)},
                                 {"u", std::isnan(s.u) ? val::null() : val(s.u)},
                                 {"token", val(s.token)},
                                 {"naiveMultiplyAdds", val(double(s.naive_multiply_adds))},
                                 {"cachedMultiplyAdds", val(double(s.cached_multiply_adds))},
                                 {"cachedNumbers", val(double(s.cached_numbers))}}));
        }
        return object({{"tokens", js_tokens(r.tokens)}, {"steps", steps}, {"stoppedAtEos", val(r.stopped_at_eos)}});
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
        return js_tensor(
            future_dependence(ids(inputs, fn, "inputs"), lm_params(params, fn), options<LmOptions>(opts, fn), fn));
    });
}

val permutationGap(val inputs, val perm, val params, val opts) {
    return guarded([&] {
        const std::string fn = "permutationGap";
        return val(permutation_gap(ids(inputs, fn, "inputs"), ids(perm, fn, "perm"), lm_params(params, fn),
                                   options<LmOptions>(opts, fn), fn));
    });
}

val fusedVsSeparateGap(val x, val params, val opts) {
    return guarded([&] {
        const std::string fn = "fusedVsSeparateGap";
        const MhaCall o = options<MhaCall>(opts, fn);
        const Tensor3 x3 = to_tensor<3>(nd(x), fn, "x", "[B][T][D]");
        return val(fused_vs_separate_gap(x3, mha_params(params, fn), o.heads, o.causal));
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

val opReduce(val x, double axis, std::string kind) {
    return guarded([&] {
        const Reduction r = parse_name<Reduction>(kind, "reduce");
        return js(reduce_axis(nd(x), int(axis), r, name_of(r)));
    });
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

// Every entry point's options: name, type, default and allowed values (options.hpp).
val optionDeclarations() {
    return guarded([&] {
        val out = val::object();
        for (const auto& [fn, declared] : option_declarations()) out.set(fn, js(declared));
        return out;
    });
}

// ---- the practice set: problems carry keys and numbers; the page words them ----

practice::Problem problem(val id, val seed) {
    return practice::make_problem(id.as<std::string>(), whole_number(seed.as<double>(), "practice", "seed"));
}

val practiceFamilies() {
    return guarded([&] {
        val out = val::array();
        const auto& fams = practice::families();
        for (std::size_t i = 0; i < fams.size(); ++i)
            out.set(i, object({{"id", val(fams[i].id)},
                               {"section", val(fams[i].section)},
                               {"format", val(std::string(name_of(fams[i].format)))}}));
        return out;
    });
}

val practiceGenerate(val id, val seed) {
    return guarded([&] {
        const practice::Problem p = problem(id, seed);
        return object({{"id", val(p.family)},
                       {"seed", val(double(p.seed))},
                       {"section", val(p.section)},
                       {"format", val(std::string(name_of(p.format)))},
                       {"variant", val(p.variant)},
                       {"given", js(p.given)},
                       {"words", js(p.words)}});
    });
}

val practiceFormats() {
    return guarded([&] { return js(names_of<practice::Format>()); });
}

// The rule for numbers, so that the sentence the page shows is written from the engine's constants.
val practiceTolerance() {
    return guarded([&] {
        return object({{"relative", val(practice::kRelTolerance)}, {"floor", val(practice::kFloor)}});
    });
}

val practiceCheck(val id, val seed, val text) {
    return guarded([&] {
        const practice::Problem p = problem(id, seed);
        val o = js(practice::check_answer(p, text.as<std::string>()), p.answer);
        o.set("format", std::string(name_of(p.format)));
        return o;
    });
}

val practiceCheckValue(val text, val spec) {
    return guarded([&] {
        const practice::Format format = parse_name<practice::Format>(spec["format"].as<std::string>(), "checkValue");
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
        for (std::size_t i = 0; i < p.steps.size(); ++i)
            steps.set(i, object({{"key", val(p.steps[i].key)}, {"values", js(p.steps[i].values)}}));
        val wrongs = val::array();  // the answer key of the mistakes the checker names
        for (std::size_t i = 0; i < p.misconceptions.size(); ++i) {
            const practice::Misconception& m = p.misconceptions[i];
            wrongs.set(i, object({{"id", val(m.id)},
                                  {"section", val(m.section)},
                                  {"answer", val(practice::answer_text(m.answer))}}));
        }
        return object({{"answer", val(practice::answer_text(p.answer))},
                       {"answerValue", answer_value(p.answer)},
                       {"format", val(std::string(name_of(p.format)))},
                       {"steps", steps},
                       {"misconceptions", wrongs}});
    });
}

// A number as a student may type it (0.5, 1/2, ln 2, sqrt(2)*ln(2)), read by the practice parser.
val parseNumber(val text) {
    return guarded([&] {
        const practice::Parsed p = practice::parse_answer(text.as<std::string>(), practice::Format::number);
        val o = object({{"ok", val(p.ok)}});
        if (p.ok)
            o.set("value", p.answer.numbers[0]);
        else
            o.set("error", p.error);
        return o;
    });
}

// ---- trainable models: JS holds a Model object (Embind owns it until model.delete()) ----

val modelCreate(val cfg) {
    return guarded([&] { return val(Model(options<ModelConfig>(cfg, "createModel"))); });
}

val modelLoad(val saved) {
    return guarded([&] { return val(load_model(saved_model(saved))); });
}

val modelTrainStep(Model& m, val batch, val opts) {
    return guarded([&] {
        const std::string fn = "trainStep";
        const TrainStep r = m.train(api::to_tokens(nd(batch), 2, fn, "batch"), options<TrainCall>(opts, fn).resolved());
        return object({{"loss", val(r.loss)}, {"gradNorm", val(r.grad_norm)}, {"lr", val(r.lr)}});
    });
}

val modelEvaluate(Model& m, val batch, val opts) {
    return guarded([&] {
        const std::string fn = "evaluate";
        const EvaluateCall o = options<EvaluateCall>(opts, fn);
        return object({{"loss", val(m.evaluate(api::to_tokens(nd(batch), 2, fn, "batch"), o.causal))}});
    });
}

val modelGenerate(Model& m, val prompt, val opts) {
    return guarded([&] {
        const std::string fn = "generate";
        const ModelGenerateCall o = options<ModelGenerateCall>(opts, fn);
        return object({{"tokens", js_tokens(m.generate(ids(prompt, fn, "promptTokens"), o.generate, o.causal))}});
    });
}

// Attention weights, next-token distributions and attention entropy for one sequence, with
// heads ablated or positions hidden (§2.2's intervention).
val modelInspect(Model& m, val tokens, val opts) {
    return guarded([&] {
        const std::string fn = "inspect";
        const Inspection r = m.inspect(ids(tokens, fn, "tokens"), options<flat::Intervention>(opts, fn));
        return object(
            {{"weights", js_tensor(r.weights)}, {"probs", js_tensor(r.probs)}, {"entropy", js_tensor(r.entropy)}});
    });
}

val modelParameters(const Model& m) {
    return guarded([&] { return js(parameters_of(m)); });
}

val modelSave(const Model& m) {
    return guarded([&] { return js(save_model(m)); });
}

// Bytes currently allocated by malloc inside the module: the API tests call functions
// thousands of times and require this to stay flat (no leaked tensors).
double heapInUse() { return double(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(attention_lab) {
    using emscripten::function;
    function("softmax", &softmax);
    function("attention", &attention);
    function("multiHeadAttention", &multiHeadAttention);
    function("layerNorm", &layerNorm);
    function("rmsNorm", &rmsNorm);
    function("feedForward", &feedForward);
    function("block", &block);
    function("decoderBlock", &decoderBlock);
    function("sinusoidalPositions", &sinusoidalPositions);
    function("lmForward", &lmForward);
    function("crossEntropy", &crossEntropy);
    function("generate", &generateTokens);
    function("paramCount", &paramCount);
    function("futureDependence", &futureDependence);
    function("permutationGap", &permutationGap);
    function("fusedVsSeparateGap", &fusedVsSeparateGap);
    function("maxRowSumError", &maxRowSumError);
    function("scoreVariance", &scoreVariance);
    function("heapInUse", &heapInUse);
    function("opExp", &opExp);
    function("opExpShifted", &opExpShifted);
    function("opReduce", &opReduce);
    function("opMatmul", &opMatmul);
    function("opMaxAbsDifference", &opMaxAbsDifference);
    function("opScaleRows", &opScaleRows);
    function("opSoftmaxJacobian", &opSoftmaxJacobian);
    function("attentionCost", &attentionCost);
    function("optionDeclarations", &optionDeclarations);
    function("practiceFamilies", &practiceFamilies);
    function("practiceGenerate", &practiceGenerate);
    function("practiceCheck", &practiceCheck);
    function("practiceSolution", &practiceSolution);
    function("practiceCheckValue", &practiceCheckValue);
    function("practiceTolerance", &practiceTolerance);
    function("practiceFormats", &practiceFormats);
    function("parseNumber", &parseNumber);
    function("createModel", &modelCreate);
    function("loadModel", &modelLoad);
    emscripten::class_<Model>("Model")
        .function("trainStep", &modelTrainStep)
        .function("evaluate", &modelEvaluate)
        .function("generate", &modelGenerate)
        .function("inspect", &modelInspect)
        .function("parameters", &modelParameters)
        .function("save", &modelSave);
}
