// The results the JS API returns as objects, their keys declared once: each struct's table
// (ResultFields<S>) gives every key as JS spells it and the member it comes from. The Embind layer
// writes a result by its table (cpp/bindings/wasm/convert.hpp, js_result), and the API's
// declaration prints its type from the same table (result_type, in cpp/bindings/api.def), from
// which the facade checks every result's keys and kinds: a key exists in one line here.
#pragma once

#include <optional>
#include <string>
#include <type_traits>

#include "lab/boundary/api.hpp"
#include "lab/core/fields.hpp"
#include "lab/training/model.hpp"

namespace lab {

// Specialised for each result struct S:
//   static constexpr std::tuple fields;  // its Fields, in the order the object lists them
template <class S>
struct ResultFields;

template <>
struct ResultFields<api::AttentionOut> {
    static constexpr std::tuple fields{
        field("scores", &api::AttentionOut::scores),
        field("weights", &api::AttentionOut::weights),
        field("output", &api::AttentionOut::output),
    };
};

template <>
struct ResultFields<api::MhaOut> {
    static constexpr std::tuple fields{
        field("output", &api::MhaOut::output), field("weights", &api::MhaOut::weights),
        field("heads", &api::MhaOut::heads),   field("concat", &api::MhaOut::concat),
        field("scores", &api::MhaOut::scores), field("q", &api::MhaOut::q),
        field("k", &api::MhaOut::k),           field("v", &api::MhaOut::v),
    };
};

template <>
struct ResultFields<api::FfnOut> {
    static constexpr std::tuple fields{
        field("output", &api::FfnOut::output),
        field("hidden", &api::FfnOut::hidden),
        field("pre", &api::FfnOut::pre),
    };
};

template <>
struct ResultFields<api::BlockOut> {
    static constexpr std::tuple fields{
        field("output", &api::BlockOut::output),
        field("attention", &api::BlockOut::attn),
        field("trace", &api::BlockOut::trace),
    };
};

template <>
struct ResultFields<api::DecoderOut> {
    static constexpr std::tuple fields{
        field("output", &api::DecoderOut::output),
        field("selfWeights", &api::DecoderOut::self_weights),
        field("crossWeights", &api::DecoderOut::cross_weights),
        field("trace", &api::DecoderOut::trace),
    };
};

template <>
struct ResultFields<api::LmOut> {
    static constexpr std::tuple fields{
        field("logits", &api::LmOut::logits), field("probs", &api::LmOut::probs), field("losses", &api::LmOut::losses),
        field("loss", &api::LmOut::loss),     field("trace", &api::LmOut::trace),
    };
};

template <>
struct ResultFields<api::CrossEntropyOut> {
    static constexpr std::tuple fields{
        field("losses", &api::CrossEntropyOut::losses),
        field("probs", &api::CrossEntropyOut::probs),
        field("loss", &api::CrossEntropyOut::loss),
    };
};

template <>
struct ResultFields<TrainStep> {
    static constexpr std::tuple fields{
        field("loss", &TrainStep::loss),
        field("gradNorm", &TrainStep::grad_norm),
        field("lr", &TrainStep::lr),
    };
};

template <>
struct ResultFields<Inspection> {
    static constexpr std::tuple fields{
        field("weights", &Inspection::weights),
        field("probs", &Inspection::probs),
        field("entropy", &Inspection::entropy),
    };
};

template <>
struct ResultFields<HeadScores> {
    static constexpr std::tuple fields{
        field("previousToken", &HeadScores::previous_token),
        field("duplicate", &HeadScores::duplicate),
        field("induction", &HeadScores::induction),
    };
};

template <>
struct ResultFields<AblationLosses> {
    static constexpr std::tuple fields{
        field("base", &AblationLosses::base),
        field("losses", &AblationLosses::losses),
        field("single", &AblationLosses::single),
        field("together", &AblationLosses::together),
    };
};

template <class S, class = void>
struct is_result : std::false_type {};
template <class S>
struct is_result<S, std::void_t<decltype(ResultFields<S>::fields)>> : std::true_type {};

// The facade's type of a member of type M (api.def's kinds): a tensor is Numbers, a result of
// its own an object of its keys.
template <class M>
std::string result_type();

// S's type as the facade checks it: {key: type, ...} in its table's order.
template <class S>
std::string result_object_type() {
    std::string out;
    for_each_field(ResultFields<S>::fields, [&](const auto& f) {
        out += std::string(out.empty() ? "{" : ", ") + f.name + ": " +
               result_type<typename std::decay_t<decltype(f)>::type>();
    });
    return out + "}";
}

template <class M>
std::string result_type() {
    if constexpr (is_result<M>::value)
        return result_object_type<M>();
    else if constexpr (std::is_same_v<M, bool>)
        return "boolean";
    else if constexpr (std::is_arithmetic_v<M>)
        return "number";
    else if constexpr (std::is_same_v<M, std::optional<double>>)
        return "number | null";
    else if constexpr (std::is_same_v<M, Trace>)
        return "Trace";
    else {
        static_assert(std::is_same_v<M, NdArray> || xt::is_xexpression<M>::value, "a member's type has no kind");
        return "Numbers";
    }
}

}  // namespace lab
