// The parameter objects of the worked examples' entries, as callers name their tensors: one table
// a struct (ParamFields<S>), from which the JS boundary reads a caller's object
// (cpp/bindings/wasm/convert.cpp) and the facade learns the names it accepts and their shapes
// (lab.parameters, web/engine/index.js), which the API's listing and index.d.ts print.
#pragma once

#include "lab/core/fields.hpp"
#include "lab/layers/decoder.hpp"
#include "lab/layers/lm.hpp"

namespace lab {

// Specialised for each parameter struct S:
//   static constexpr const char* schema;  // its name in lab.parameters ("mha")
//   static constexpr std::tuple fields;   // its Fields, in the order they are read
template <class S>
struct ParamFields;

template <>
struct ParamFields<MhaParams> {
    static constexpr const char* schema = "mha";
    static constexpr std::tuple fields{
        field("wQ", &MhaParams::wQ, "[D][H*dk]"),    field("wK", &MhaParams::wK, "[D][H*dk]"),
        field("wV", &MhaParams::wV, "[D][H*dv]"),    field("bQ", &MhaParams::bQ, "[H*dk]"),
        field("bK", &MhaParams::bK, "[H*dk]"),       field("bV", &MhaParams::bV, "[H*dv]"),
        field("wQKV", &MhaParams::wQKV, "[D][3*D]"), field("bQKV", &MhaParams::bQKV, "[3*D]"),
        field("wO", &MhaParams::wO, "[H*dv][D]"),    field("bO", &MhaParams::bO, "[D]"),
    };
};

template <>
struct ParamFields<FfnParams> {
    static constexpr const char* schema = "ffn";
    static constexpr std::tuple fields{
        field("w1", &FfnParams::w1, "[D][F]"),       field("b1", &FfnParams::b1, "[F]"),
        field("w2", &FfnParams::w2, "[F][D]"),       field("b2", &FfnParams::b2, "[D]"),
        field("wGate", &FfnParams::wGate, "[D][F]"), field("bGate", &FfnParams::bGate, "[F]"),
    };
};

// {gamma, beta} for LayerNorm ({gamma} alone: no shift, nanoGPT's bias=False), or {gain} for
// RMSNorm, which is the same member as gamma under the name the handout gives it (§9.3).
// The reader takes these three names by a rule of its own (gain with gamma or beta is refused):
// this table gives the facade the names it accepts.
template <>
struct ParamFields<NormParams> {
    static constexpr const char* schema = "norm";
    static constexpr std::tuple fields{
        field("gamma", &NormParams::gamma, "[D]"),
        field("beta", &NormParams::beta, "[D]"),
        field("gain", &NormParams::gamma, "[D]"),
    };
};

template <>
struct ParamFields<BlockParams> {
    static constexpr const char* schema = "block";
    static constexpr std::tuple fields{
        field("attn", &BlockParams::attn),
        field("ffn", &BlockParams::ffn),
        field("norm1", &BlockParams::norm1),
        field("norm2", &BlockParams::norm2),
    };
};

template <>
struct ParamFields<DecoderParams> {
    static constexpr const char* schema = "decoder";
    static constexpr std::tuple fields{
        field("selfAttn", &DecoderParams::self_attn),
        field("crossAttn", &DecoderParams::cross_attn),
        field("ffn", &DecoderParams::ffn),
        field("norm1", &DecoderParams::norm1),
        field("norm2", &DecoderParams::norm2),
        field("norm3", &DecoderParams::norm3),
    };
};

template <>
struct ParamFields<LmParams> {
    static constexpr const char* schema = "lm";
    static constexpr std::tuple fields{
        field("embedding", &LmParams::embedding, "[V][D]"),
        field("positions", &LmParams::positions, "[Tmax][D]"),
        field("blocks", &LmParams::blocks),
        field("finalNorm", &LmParams::final_norm),
        field("head", &LmParams::head, "[D][V]"),
    };
};

// Every parameter struct of the tables, in the order lab.parameters lists them.
using ParamStructs = std::tuple<MhaParams, FfnParams, NormParams, BlockParams, DecoderParams, LmParams>;

}  // namespace lab
