// The Embind registrations of the extras: the practice set's generated problems (28 families,
// each with its solver and its named mistakes) and the trainable models. The site loads them as
// a module of their own when the practice set or the training panel first needs them (see
// bindings_common.cpp for the layout).
#include <algorithm>
#include <cmath>

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "convert.hpp"
#include "lab/boundary/checkpoint.hpp"

using emscripten::val;
using namespace lab;
using namespace lab::wasm;

namespace {

// ---- the practice set: problems carry keys and numbers; the page words them ----

// `edition` 0 is the latest (practice.hpp): an assignment passes the edition it was made in. One
// past the latest stands for any later one, which make_problem refuses.
practice::Problem problem(val id, val seed, val edition) {
    const double e = whole_number(edition.as<double>(), "practice", "edition");
    return practice::problem_of(id.as<std::string>(), whole_number(seed.as<double>(), "practice", "seed"),
                                e == 0 ? practice::kEdition : int(std::min(e, double(practice::kEdition + 1))));
}

val practiceEdition() { return val(practice::kEdition); }

val practiceFamilies() {
    return guarded([&] {
        val out = val::array();
        const auto& fams = practice::families();
        for (std::size_t i = 0; i < fams.size(); ++i)
            out.set(i, object({{"id", val(fams[i].id)},
                               {"section", val(fams[i].section)},
                               {"format", val(std::string(name_of(fams[i].format)))},
                               {"fewAnswers", val(fams[i].few_answers())}}));
        return out;
    });
}

val practiceGenerate(val id, val seed, val edition) {
    return guarded([&] {
        const practice::Problem p = problem(id, seed, edition);
        return object({{"id", val(p.family)},
                       {"seed", val(double(p.seed))},
                       {"section", val(p.section)},
                       {"format", val(std::string(name_of(p.format)))},
                       {"variant", val(p.variant)},
                       {"given", js(p.given)},
                       {"words", js(p.words)}});
    });
}

val practiceCheck(val id, val seed, val text, val edition) {
    return guarded([&] {
        const practice::Problem p = problem(id, seed, edition);
        return js(practice::check_answer(p, text.as<std::string>()), p.answer, p.format);
    });
}

val practiceSolution(val id, val seed, val edition) {
    return guarded([&] {
        const practice::Problem p = problem(id, seed, edition);
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

// ---- trainable models: JS holds a Model object (Embind owns it until model.delete()) ----

val modelCreate(val cfg) {
    return guarded([&] { return val(Model(options<ModelConfig>(cfg, "createModel"))); });
}

// The induction experiment's batch (B, T + 1): sequences that repeat stretches of themselves, or
// the control's, which do not.
val repeatsBatch(val opts) {
    return guarded([&] { return js_tensor(repeats_batch(options<RepeatsBatch>(opts, "repeatsBatch"))); });
}

val modelLoad(val saved) {
    return guarded([&] { return val(load_model(saved_model(saved))); });
}

val modelTrainStep(Model& m, val batch, val opts) {
    return guarded([&] {
        const std::string fn = "trainStep";
        return js_result(m.train(api::to_tokens(nd(batch), 2, fn, "batch"), options<TrainCall>(opts, fn).resolved()));
    });
}

val modelEvaluate(Model& m, val batch, val opts) {
    return guarded([&] {
        const std::string fn = "evaluate";
        const EvaluateCall o = options<EvaluateCall>(opts, fn);
        return object({{"loss", val(m.evaluate(api::to_tokens(nd(batch), 2, fn, "batch"), o.causal))}});
    });
}

// How each new token was drawn (§7.1): u in [below, upto), u null when greedy.
val js_draws(const std::vector<GenerateStep>& steps) {
    val out = val::array();
    for (std::size_t i = 0; i < steps.size(); ++i) out.set(i, js_draw(steps[i]));
    return out;
}

val modelGenerate(Model& m, val prompt, val opts) {
    return guarded([&] {
        const std::string fn = "generate";
        const ModelGenerateCall o = options<ModelGenerateCall>(opts, fn);
        std::vector<GenerateStep> draws;
        const std::vector<int> tokens = m.generate(ids(prompt, fn, "promptTokens"), o.generate, o.causal, &draws);
        return object(
            {{"tokens", js_tokens(tokens)}, {"steps", js_draws(draws)}, {"ended", val(m.generation_ended())}});
    });
}

val modelGenerateMore(Model& m, val steps) {
    return guarded([&] {
        const std::string fn = "generateMore";
        std::vector<GenerateStep> draws;
        const std::vector<int> tokens = m.generate_more(whole_number(steps.as<double>(), fn, "steps"), &draws);
        return object(
            {{"tokens", js_tokens(tokens)}, {"steps", js_draws(draws)}, {"ended", val(m.generation_ended())}});
    });
}

val modelFutureDependence(Model& m, val tokens, val position) {
    return guarded([&] {
        const std::string fn = "futureDependence";
        const std::vector<double> dep =
            m.future_dependence(ids(tokens, fn, "tokens"), whole_number(position.as<double>(), fn, "position"));
        val out = val::array();
        for (std::size_t i = 0; i < dep.size(); ++i) out.set(i, val(dep[i]));
        return out;
    });
}

val modelPermutationGap(Model& m, val tokens, val perm) {
    return guarded([&] {
        const std::string fn = "permutationGap";
        return val(m.permutation_gap(ids(tokens, fn, "tokens"), ids(perm, fn, "perm")));
    });
}

// The configuration (createModel's options, as save() writes them) and the parameter count.
val modelDescribe(const Model& m) {
    return guarded([&] {
        return object(
            {{"config", js(write_options(m.config()))}, {"parameterCount", val(double(m.parameter_count()))}});
    });
}

// Attention weights, next-token distributions and attention entropy for one sequence, with
// heads ablated or positions hidden (§2.2's intervention).
val modelInspect(Model& m, val tokens, val opts) {
    return guarded([&] {
        const std::string fn = "inspect";
        return js_result(m.inspect(ids(tokens, fn, "tokens"), options<flat::Intervention>(opts, fn)));
    });
}

// The previous-token, duplicate-token and induction scores (L, H) of a repeated sequence.
val modelHeadScores(Model& m, val tokens, val opts) {
    return guarded([&] {
        const std::string fn = "headScores";
        return js_result(m.head_scores(ids(tokens, fn, "tokens"), options<HeadScoresCall>(opts, fn).period));
    });
}

// §2.2's test by removal: the loss over the targets from `from` on, as is, with each head removed
// alone, or with the heads named removed together.
val modelAblationLoss(Model& m, val tokens, val opts) {
    return guarded([&] {
        const std::string fn = "ablationLoss";
        const AblationCall o = options<AblationCall>(opts, fn);
        return js_result(m.ablation_losses(ids(tokens, fn, "tokens"), o.from, o.intervention));
    });
}

val modelParameters(const Model& m) {
    return guarded([&] { return js(parameters_of(m)); });
}

// A nanoGPT (or GPT-2) checkpoint: `bytes` is the .safetensors file's Uint8Array. It stays in JS:
// the reader copies the header, then each tensor a piece at a time, into the module, whose memory
// ends up holding the model once (GPT-2 small: 500 MB, not 1 GB). `progress`, a function or
// undefined, is called with (bytes read, bytes in all) after each tensor. `names` is the name map
// as [[their name, the name read], ...] (the facade has checked it is texts).
val checkpointLoad(val bytes, val opts, val progress, val names) {
    return guarded([&] {
        const std::string fn = "loadCheckpoint";
        const ByteReader read = [&bytes](std::size_t offset, std::size_t n, std::uint8_t* out) {
            val(emscripten::typed_memory_view(n, out))
                .call<void>("set", bytes.call<val>("subarray", double(offset), double(offset + n)));
        };
        const SafetensorsFile file(read, bytes["length"].as<std::size_t>(), fn);
        CheckpointProgress told;
        if (progress.typeOf().as<std::string>() == "function")
            told = [&progress](std::size_t done, std::size_t total) { progress(double(done), double(total)); };
        NameMap map;
        for (std::size_t i = 0, n = names["length"].as<std::size_t>(); i < n; ++i)
            map.emplace_back(names[i][0].as<std::string>(), names[i][1].as<std::string>());
        return val(load_checkpoint(file, values(opts), map, told, fn));
    });
}

// The model as nanoGPT's checkpoint, a new Uint8Array (a copy, not a view of wasm memory).
val modelExportSafetensors(const Model& m) {
    return guarded([&] {
        const std::vector<std::uint8_t> file = write_safetensors(nanogpt_checkpoint(m));
        return val::global("Uint8Array").new_(emscripten::typed_memory_view(file.size(), file.data()));
    });
}

val modelSave(const Model& m) {
    return guarded([&] { return js(save_model(m)); });
}

}  // namespace

#define LAB_PART_extras(...) __VA_ARGS__
#include "register.hpp"

EMSCRIPTEN_BINDINGS(attention_lab_extras) {
    const auto model = emscripten::class_<Model>("Model");
#include "../api.def"
}
