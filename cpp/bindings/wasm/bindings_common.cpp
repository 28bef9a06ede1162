// The Embind registrations that every build of the module has: the option and parameter
// declarations the facade checks calls against, the answer checker (predict mode, worksheets and the practice set
// share it), and the heap reading of the leak tests. The other registrations are by part:
// bindings_examples.cpp (the worked examples' layers, checks and operations) and
// bindings_extras.cpp (the practice set's problems and the trainable models); see CMakeLists.txt
// for which build holds which. Each bound function converts its arguments (convert.hpp), calls
// the engine, and converts the result; every C++ exception comes back as a JS Error value
// (guarded). All checks and numerics live in cpp/lab.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <malloc.h>

#include "convert.hpp"

using emscripten::val;
using namespace lab;
using namespace lab::wasm;

namespace {

// Every entry point's options: name, type, default and allowed values (options.hpp).
val optionDeclarations() {
    return guarded([&] {
        val out = val::object();
        for (const auto& [fn, declared] : option_declarations()) out.set(fn, js(declared));
        return out;
    });
}

// Every parameter object's names and shapes (lab.parameters), from the tables the engine reads them by.
val parameterDeclarations() {
    return guarded([&] { return parameter_declarations(); });
}

// ---- the answer checker: the practice set's parser and tolerance, for any expected value ----

val practiceFormats() {
    return guarded([&] { return js(names_of<practice::Format>()); });
}

// The rule for numbers, so that the sentence the page shows is written from the engine's constants.
val practiceTolerance() {
    return guarded([&] {
        return object({{"relative", val(practice::kRelTolerance)}, {"floor", val(practice::kFloor)}});
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
        return js(practice::check_value(text.as<std::string>(), expected, wrongs, words), expected, format);
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
            o.set("error", js(p.error));
        return o;
    });
}

// Bytes currently allocated by malloc inside the module: the API tests call functions
// thousands of times and require this to stay flat (no leaked tensors).
double heapInUse() { return double(mallinfo().uordblks); }

}  // namespace

#define LAB_PART_common(...) __VA_ARGS__
#include "register.hpp"

EMSCRIPTEN_BINDINGS(attention_lab_common) {
#include "../api.def"
}
