#include "convert.hpp"

#include "lab/boundary/whole_number.hpp"

#include <cmath>
#include <map>

namespace lab::wasm {

NdArray nd(const val& v) {
    NdArray a;
    for (double s : emscripten::convertJSArrayToNumberVector<double>(v["shape"])) a.shape.push_back(std::size_t(s));
    a.data = emscripten::convertJSArrayToNumberVector<double>(v["data"]);
    return a;
}

namespace {

bool has(const val& o, const char* key) { return !o[key].isUndefined() && !o[key].isNull(); }

template <std::size_t N>
std::optional<xt::xtensor<double, N>> opt_tensor(const val& o, const char* key, const std::string& fn,
                                                 const std::string& path, const char* expected) {
    if (!has(o, key)) return std::nullopt;
    return to_tensor<N>(nd(o[key]), fn, path + key, expected);
}

template <std::size_t N>
xt::xtensor<double, N> tensor(const val& o, const char* key, const std::string& fn, const std::string& path,
                              const char* expected) {
    const std::vector<std::string> choices = shape_choices(expected);
    require(has(o, key), fn,
            refused("param.missing", "name", path + key, "expected", choices, "count", choices.size()));
    return *opt_tensor<N>(o, key, fn, path, expected);
}

}  // namespace

std::size_t whole_number(double x, const std::string& fn, const char* name) {
    require(is_whole_number<double>(x), fn, refused("value.whole", "name", name, "got", x));
    require(is_whole_number(x), fn, refused("value.atMost", "name", name, "max", largest_whole(), "got", x));
    return std::size_t(x);
}

namespace {

MhaParams mha_params_at(const val& p, const std::string& fn, const std::string& path) {
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

FfnParams ffn_params_at(const val& p, const std::string& fn, const std::string& path) {
    FfnParams f;
    f.w1 = tensor<2>(p, "w1", fn, path, "[D][F]");
    f.b1 = opt_tensor<1>(p, "b1", fn, path, "[F]");
    f.w2 = tensor<2>(p, "w2", fn, path, "[F][D]");
    f.b2 = opt_tensor<1>(p, "b2", fn, path, "[D]");
    f.wGate = opt_tensor<2>(p, "wGate", fn, path, "[D][F]");
    f.bGate = opt_tensor<1>(p, "bGate", fn, path, "[F]");
    return f;
}

// {gamma, beta} for LayerNorm ({gamma} alone: no beta, nanoGPT's bias=False), {gain} for RMSNorm.
std::optional<NormParams> norm_params(const val& o, const char* key, const std::string& fn, const std::string& path) {
    if (!has(o, key)) return std::nullopt;
    const val p = o[key];
    const std::string here = path + key + ".";
    NormParams n;
    if (has(p, "gain")) {
        require(!has(p, "gamma") && !has(p, "beta"), fn, refused("param.gainWithGamma", "name", path + key));
        n.gamma = tensor<1>(p, "gain", fn, here, "[D]");
    } else {
        n.gamma = tensor<1>(p, "gamma", fn, here, "[D]");
        n.beta = opt_tensor<1>(p, "beta", fn, here, "[D]");
    }
    return n;
}

BlockParams block_params_at(const val& p, const std::string& fn, const std::string& path) {
    require(has(p, "attn") && has(p, "ffn"), fn,
            refused("param.needed", "names", std::vector<std::string>{path + "attn", path + "ffn"}));
    BlockParams b;
    b.attn = mha_params_at(p["attn"], fn, path + "attn.");
    b.ffn = ffn_params_at(p["ffn"], fn, path + "ffn.");
    b.norm1 = norm_params(p, "norm1", fn, path);
    b.norm2 = norm_params(p, "norm2", fn, path);
    return b;
}

}  // namespace

DecoderParams decoder_params(const val& p, const std::string& fn) {
    require(has(p, "selfAttn") && has(p, "crossAttn") && has(p, "ffn"), fn,
            refused("param.needed", "names",
                    std::vector<std::string>{"params.selfAttn", "params.crossAttn", "params.ffn"}));
    DecoderParams d;
    d.self_attn = mha_params_at(p["selfAttn"], fn, "params.selfAttn.");
    d.cross_attn = mha_params_at(p["crossAttn"], fn, "params.crossAttn.");
    d.ffn = ffn_params_at(p["ffn"], fn, "params.ffn.");
    d.norm1 = norm_params(p, "norm1", fn, "params.");
    d.norm2 = norm_params(p, "norm2", fn, "params.");
    d.norm3 = norm_params(p, "norm3", fn, "params.");
    return d;
}

MhaParams mha_params(const val& p, const std::string& fn) { return mha_params_at(p, fn, "params."); }
FfnParams ffn_params(const val& p, const std::string& fn) { return ffn_params_at(p, fn, "params."); }
BlockParams block_params(const val& p, const std::string& fn) { return block_params_at(p, fn, "params."); }

LmParams lm_params(const val& p, const std::string& fn) {
    LmParams m;
    m.embedding = tensor<2>(p, "embedding", fn, "params.", "[V][D]");
    m.positions = opt_tensor<2>(p, "positions", fn, "params.", "[Tmax][D]");
    if (has(p, "blocks")) {
        const unsigned L = p["blocks"]["length"].as<unsigned>();
        for (unsigned l = 0; l < L; ++l)
            m.blocks.push_back(block_params_at(p["blocks"][l], fn, "params.blocks[" + std::to_string(l) + "]."));
    }
    m.final_norm = norm_params(p, "finalNorm", fn, "params.");
    m.head = opt_tensor<2>(p, "head", fn, "params.", "[D][V]");
    return m;
}

Values values(const val& options) {
    Values out;
    if (options.isUndefined() || options.isNull()) return out;
    const val keys = val::global("Object").call<val>("keys", options);
    const unsigned n = keys["length"].as<unsigned>();
    for (unsigned i = 0; i < n; ++i) {
        const std::string key = keys[i].as<std::string>();
        const val v = options[key];
        if (v.isUndefined() || v.isNull()) continue;
        const std::string type = v.typeOf().as<std::string>();
        Value x;
        if (type == "boolean") {
            x.kind = Value::Kind::boolean;
            x.boolean = v.as<bool>();
        } else if (type == "number") {
            x.number = v.as<double>();
        } else if (type == "string") {
            x.kind = Value::Kind::text;
            x.text = v.as<std::string>();
        } else {  // an array, as web/engine/arrays.js sends one
            x.kind = Value::Kind::array;
            x.array = nd(v);
        }
        out[key] = x;
    }
    return out;
}

SavedModel saved_model(const val& saved) {
    SavedModel s;
    s.format = saved["format"].as<std::string>();
    s.version = saved["version"].as<int>();
    s.config = values(saved["config"]);
    const val list = saved["parameters"];
    const unsigned n = list["length"].as<unsigned>();
    for (unsigned i = 0; i < n; ++i) s.parameters.push_back({list[i]["name"].as<std::string>(), nd(list[i])});
    return s;
}

std::vector<int> ids(const val& v, const std::string& fn, const std::string& name) {
    const TokenMatrix t = api::to_tokens(nd(v), 1, fn, name);
    return std::vector<int>(t.begin(), t.end());
}

// A value of the page (a number, vector, matrix or a word) as an answer of `format`.
practice::Answer answer_of(const val& v, practice::Format format) {
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

// ---- out ----

namespace {

val js_array(const std::vector<std::size_t>& v) {
    val a = val::array();
    for (std::size_t i = 0; i < v.size(); ++i) a.set(i, double(v[i]));
    return a;
}

val js_data(const double* p, std::size_t n) {
    return val::global("Float64Array").new_(emscripten::typed_memory_view(n, p));  // a copy
}

}  // namespace

val object(std::initializer_list<std::pair<const char*, val>> fields) {
    val o = val::object();
    for (const auto& [name, v] : fields) o.set(name, v);
    return o;
}

val js_tokens(const std::vector<int>& tokens) {
    val out = val::array();
    for (std::size_t i = 0; i < tokens.size(); ++i) out.set(i, tokens[i]);
    return out;
}

val js(const NdArray& a) {
    val o = val::object();
    o.set("shape", js_array(a.shape));
    o.set("data", js_data(a.data.data(), a.data.size()));
    return o;
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

val js(const std::vector<practice::Named>& values) {
    val out = val::array();
    for (std::size_t i = 0; i < values.size(); ++i) {
        val o = js(values[i].value);
        o.set("name", values[i].name);
        out.set(i, o);
    }
    return out;
}

val js(const std::vector<std::string>& words) {
    val out = val::array();
    for (std::size_t i = 0; i < words.size(); ++i) out.set(i, words[i]);
    return out;
}

val answer_value(const practice::Answer& a) {
    using practice::Format;
    const auto row = [&](std::size_t from, std::size_t n) {
        val out = val::array();
        for (std::size_t i = 0; i < n; ++i) out.set(i, a.numbers[from + i]);
        return out;
    };
    switch (a.format) {
        case Format::number:
        case Format::integer: return val(a.numbers.at(0));
        case Format::vector:
        case Format::shape: return row(0, a.numbers.size());
        case Format::matrix: {
            val out = val::array();
            for (std::size_t r = 0; r < a.shape.at(0); ++r) out.set(r, row(r * a.shape[1], a.shape[1]));
            return out;
        }
        default: return val(practice::answer_text(a));
    }
}

val js(const practice::CheckResult& c, const practice::Answer& expected) {
    const std::size_t expected_count = expected.numbers.size();
    val o = val::object();
    o.set("correct", c.correct);
    o.set("score", c.score);
    o.set("readable", c.readable);
    o.set("error", c.readable ? val::null() : js(c.error));
    o.set("parsed", c.readable ? val(practice::answer_text(c.parsed)) : val::null());
    o.set("parsedValue", c.readable ? answer_value(c.parsed) : val::null());
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

val js(const Refusal& r) {
    val params = val::object();
    for (const auto& [name, value] : r.params) {
        if (const double* x = std::get_if<double>(&value))
            params.set(name, *x);
        else if (const std::string* text = std::get_if<std::string>(&value))
            params.set(name, *text);
        else
            params.set(name, js(std::get<std::vector<std::string>>(value)));
    }
    return object({{"code", val(r.code)}, {"params", params}});
}

val js(const Values& values) {
    val o = val::object();
    for (const auto& [name, v] : values) {
        switch (v.kind) {
            case Value::Kind::boolean: o.set(name, v.boolean); break;
            case Value::Kind::number: o.set(name, v.number); break;
            case Value::Kind::text: o.set(name, v.text); break;
            case Value::Kind::array:
                if (v.flags) {  // true/false, as JSON writes them
                    val list = val::array();
                    for (std::size_t i = 0; i < v.array.data.size(); ++i) list.set(i, v.array.data[i] != 0);
                    o.set(name, list);
                } else {
                    o.set(name, js(v.array));
                }
                break;
        }
    }
    return o;
}

val js(const std::vector<SavedParameter>& parameters) {
    val out = val::array();
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        val o = js(parameters[i].value);
        o.set("name", parameters[i].name);
        out.set(i, o);
    }
    return out;
}

val js(const SavedModel& saved) {
    val config = val::object();  // in the order createModel declares its options, as a reader expects
    const val values = js(saved.config);
    for (const OptionDeclaration& d : option_declarations().at("createModel"))
        if (saved.config.count(d.name)) config.set(d.name, values[d.name]);
    val o = val::object();
    o.set("format", saved.format);
    o.set("version", saved.version);
    o.set("config", config);
    o.set("parameters", js(saved.parameters));
    return o;
}

val js(const std::vector<OptionDeclaration>& declarations) {
    val out = val::array();
    for (std::size_t i = 0; i < declarations.size(); ++i) {
        const OptionDeclaration& d = declarations[i];
        val o = val::object();
        o.set("name", d.name);
        o.set("type", d.type);
        o.set("fallback", d.fallback);
        o.set("choices", js(d.choices));
        if (!d.alias.empty()) o.set("alias", d.alias);
        out.set(i, o);
    }
    return out;
}

}  // namespace lab::wasm
