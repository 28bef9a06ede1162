// Conversions between JS values and the engine's types, for the registrations (bindings_*.cpp).
// Tensors arrive as {shape: number[], data: Float64Array} (made by web/engine/arrays.js) and leave
// as new objects of the same form whose data is a copy, never a view of wasm memory.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "lab/boundary/api.hpp"
#include "lab/boundary/model_file.hpp"
#include "lab/boundary/options.hpp"
#include "lab/boundary/results.hpp"
#include "lab/layers/generate.hpp"
#include "lab/practice/practice.hpp"

namespace lab::wasm {

using emscripten::val;

// ---- in ----

NdArray nd(const val& v);
Values values(const val& options);  // a plain object of option values
template <class S>
S options(const val& o, const std::string& fn) {
    return read_options<S>(fn, values(o));
}
std::vector<int> ids(const val& v, const std::string& fn, const std::string& name);
std::size_t whole_number(double x, const std::string& fn, const char* name);

// A caller's parameter object ("params"), read by S's table (layers/param_fields.hpp): MhaParams,
// FfnParams, BlockParams, DecoderParams or LmParams.
template <class S>
S read_params(const val& p, const std::string& fn);
SavedModel saved_model(const val& saved);
practice::Answer answer_of(const val& v, practice::Format format);

// ---- out ----

// A JS object from named values: object({{"loss", val(2.5)}}).
val object(std::initializer_list<std::pair<const char*, val>> fields);
// `base` with more named values set on it.
val object(val base, std::initializer_list<std::pair<const char*, val>> fields);
// How a generation's token was drawn (§7.1): {token, prob, below, upto, u}, u null when greedy;
// the worked examples' generate adds the step's distribution to it.
val js_draw(const GenerateStep& s);
// Token ids as a JS array of numbers.
val js_tokens(const std::vector<int>& tokens);

val js(const NdArray& a);
template <class E>
val js_tensor(const E& t) {
    return js(to_ndarray(t));
}
val js(const Trace& trace);

// A result (lab/boundary/results.hpp) as a JS object of its table's keys, each member as its
// kind: a tensor as {shape, data}, a number, a boolean, null for an absent number, a result of
// its own as its object.
template <class S>
val js_result(const S& r);
template <class M>
val js_member(const M& m) {
    if constexpr (is_result<M>::value)
        return js_result(m);
    else if constexpr (std::is_same_v<M, std::optional<double>>)
        return m ? val(*m) : val::null();
    else if constexpr (std::is_arithmetic_v<M>)
        return val(m);
    else if constexpr (std::is_same_v<M, NdArray> || std::is_same_v<M, Trace>)
        return js(m);
    else
        return js_tensor(m);
}
template <class S>
val js_result(const S& r) {
    val out = val::object();
    for_each_field(ResultFields<S>::fields, [&](const auto& f) { out.set(f.name, js_member(r.*f.member)); });
    return out;
}
val js(const Values& values);
val js(const SavedModel& saved);
val js(const std::vector<OptionDeclaration>& declarations);
// Every parameter object's fields (lab.parameters), from the tables read_params reads by: {mha:
// {wQ: "[D][H*dk]", …}, block: {attn: "mha", …}, lm: {blocks: ["block"], …}}, each a tensor's
// shape, another object's schema, or a list of one.
val parameter_declarations();
// A list of {name, shape, data}: a saved model's parameters, a practice step's values.
val js(const std::vector<NamedArray>& values);
val js(const std::vector<std::string>& words);
// A checked answer, with the keys of api.def's Verdict.
val js(const practice::CheckResult& c, const practice::Answer& expected, practice::Format format);
// A refusal as {code, params: {name: number | text | [words]}}; the facade adds its English message.
val js(const Refusal& r);
// An answer's value, for the page to show in its own number format: a number, an array (a vector
// or a shape), nested arrays (a matrix), or, for every other format, its normalised text.
val answer_value(const practice::Answer& a);

// Runs `body`; a C++ exception comes back as a JS Error object with the same message (the facade
// throws it). A Refused carries its code and parameters as the Error's `code` and `params`, from
// which the facade and the page write its sentence. It is returned, not thrown from here: a JS
// throw would unwind the wasm stack without finishing the C++ catch or running destructors, leaking
// the exception object and any live strings on every error (the API tests check the heap stays
// flat).
template <class F>
val guarded(F&& body) {
    try {
        return body();
    } catch (const Refused& e) {
        val error = val::global("Error").new_(std::string(e.what()));
        const val said = js(e.refusal());
        error.set("code", said["code"]);
        error.set("params", said["params"]);
        error.set("fn", e.fn());
        return error;
    } catch (const std::exception& e) {
        return val::global("Error").new_(std::string(e.what()));
    }
}

}  // namespace lab::wasm
