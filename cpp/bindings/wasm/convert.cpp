#include "convert.hpp"

#include "lab/boundary/whole_number.hpp"
#include "lab/layers/param_fields.hpp"

#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <tuple>
#include <type_traits>

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

// ---- parameter objects, read by their tables (layers/param_fields.hpp) ----

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};
template <class T>
struct is_list : std::false_type {};
template <class T>
struct is_list<std::vector<T>> : std::true_type {};
// Whether T is a parameter object of its own (it has a table).
template <class T, class = void>
struct has_fields : std::false_type {};
template <class T>
struct has_fields<T, std::void_t<decltype(ParamFields<T>::schema)>> : std::true_type {};

template <class S>
S params_at(const val& o, const std::string& fn, const std::string& path);

// {gamma, beta} or {gain} (ParamFields<NormParams>): the two names of one member are refused together.
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

// One field of a parameter object, as its member's type says: a tensor, required or optional; a
// parameter object of its own, required (params_at checked it is there) or optional; a list of them.
template <class T>
void read_field(const val& o, const char* key, T& out, const std::string& fn, const std::string& path,
                const char* shape) {
    if constexpr (is_optional<T>::value) {
        using U = typename T::value_type;
        if constexpr (std::is_same_v<U, NormParams>)
            out = norm_params(o, key, fn, path);
        else if constexpr (has_fields<U>::value) {
            if (has(o, key)) out = params_at<U>(o[key], fn, path + key + ".");
        } else
            out = opt_tensor<U::rank>(o, key, fn, path, shape);
    } else if constexpr (is_list<T>::value) {
        if (!has(o, key)) return;
        const unsigned n = o[key]["length"].as<unsigned>();
        for (unsigned i = 0; i < n; ++i)
            out.push_back(
                params_at<typename T::value_type>(o[key][i], fn, path + key + "[" + std::to_string(i) + "]."));
    } else if constexpr (has_fields<T>::value) {
        out = params_at<T>(o[key], fn, path + key + ".");
    } else {
        out = tensor<T::rank>(o, key, fn, path, shape);
    }
}

// A parameter object S at `path` ("params.", "params.blocks[0]."), field by field in its table's
// order. The parts it cannot go without (a block's attn and ffn) are named together when one is
// missing.
template <class S>
S params_at(const val& o, const std::string& fn, const std::string& path) {
    std::vector<std::string> needed;
    bool missing = false;
    for_each_field(ParamFields<S>::fields, [&](const auto& f) {
        if constexpr (has_fields<typename std::decay_t<decltype(f)>::type>::value) {
            needed.push_back(path + f.name);
            missing = missing || !has(o, f.name);
        }
    });
    require(!missing, fn, refused("param.needed", "names", needed));
    S s;
    for_each_field(ParamFields<S>::fields,
                   [&](const auto& f) { read_field(o, f.name, s.*f.member, fn, path, f.shape); });
    return s;
}

// A field as lab.parameters declares it: its name and what it holds, a tensor's shape or a
// parameter object's schema, alone or as a list of one ([schema]).
struct DeclaredField {
    const char* name;
    const char* what;
    bool list;
};
template <class T>
constexpr DeclaredField declared(const char* name, const char* shape) {
    if constexpr (is_optional<T>::value)
        return declared<typename T::value_type>(name, shape);
    else if constexpr (is_list<T>::value)
        return {name, declared<typename T::value_type>(name, shape).what, true};
    else if constexpr (has_fields<T>::value)
        return {name, ParamFields<T>::schema, false};
    else
        return {name, shape, false};
}
// S's fields as DeclaredFields, made at compile time: the one loop that writes them is not
// instantiated once a field.
template <class S>
constexpr auto declared_fields() {
    return std::apply(
        [](const auto&... f) {
            return std::array<DeclaredField, sizeof...(f)>{
                declared<typename std::decay_t<decltype(f)>::type>(f.name, f.shape)...};
        },
        ParamFields<S>::fields);
}
template <class S>
constexpr auto kDeclared = declared_fields<S>();

// A schema's fields as lab.parameters gives them: {wQ: "[D][H*dk]", …, blocks: ["block"]}.
val declared_object(const DeclaredField* fields, std::size_t n) {
    val out = val::object();
    for (const DeclaredField* f = fields; f != fields + n; ++f) {
        val what(f->what);
        if (f->list) {
            const val one = what;
            what = val::array();
            what.set(0, one);
        }
        out.set(f->name, what);
    }
    return out;
}

}  // namespace

template <class S>
S read_params(const val& p, const std::string& fn) {
    return params_at<S>(p, fn, "params.");
}
template MhaParams read_params(const val&, const std::string&);
template FfnParams read_params(const val&, const std::string&);
template BlockParams read_params(const val&, const std::string&);
template DecoderParams read_params(const val&, const std::string&);
template LmParams read_params(const val&, const std::string&);

namespace {
template <class... S>
val parameter_declarations(std::tuple<S...>*) {
    val out = val::object();
    (out.set(ParamFields<S>::schema, declared_object(kDeclared<S>.data(), kDeclared<S>.size())), ...);
    return out;
}
}  // namespace

val parameter_declarations() {
    return parameter_declarations(static_cast<ParamStructs*>(nullptr));  // only the structs' types are walked
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

val object(std::initializer_list<std::pair<const char*, val>> fields) { return object(val::object(), fields); }

val object(val base, std::initializer_list<std::pair<const char*, val>> fields) {
    for (const auto& [name, v] : fields) base.set(name, v);
    return base;
}

val js_draw(const GenerateStep& s) {
    return object({{"token", val(s.token)},
                   {"prob", val(s.prob)},
                   {"below", val(s.below)},
                   {"upto", val(s.upto)},
                   {"u", std::isnan(s.u) ? val::null() : val(s.u)}});
}

val js_tokens(const std::vector<int>& tokens) {
    val out = val::array();
    for (std::size_t i = 0; i < tokens.size(); ++i) out.set(i, tokens[i]);
    return out;
}

val js(const NdArray& a) {
    return object({{"shape", js_array(a.shape)}, {"data", js_data(a.data.data(), a.data.size())}});
}

val js(const Trace& trace) {
    val steps = val::array();
    for (std::size_t i = 0; i < trace.size(); ++i) {
        const TraceStep& s = trace[i];
        steps.set(i, object({{"name", val(s.name)},
                             {"formula", val(s.formula)},
                             {"shape", js_array(s.shape)},
                             {"data", js_data(s.values.data(), s.values.size())}}));
    }
    return steps;
}

val js(const std::vector<NamedArray>& values) {
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

val js(const practice::CheckResult& c, const practice::Answer& expected, practice::Format format) {
    const std::size_t expected_count = expected.numbers.size();
    const bool named = !c.misconception.empty();
    val wrong = val::array();
    for (std::size_t i = 0; i < c.wrong_entries.size(); ++i) wrong.set(i, double(c.wrong_entries[i]));
    val shape = val::array();  // how the page labels entries: [i] for a vector, [r][c] for a matrix
    for (std::size_t i = 0; i < expected.shape.size(); ++i) shape.set(i, double(expected.shape[i]));
    return object({{"correct", val(c.correct)},
                   {"readable", val(c.readable)},
                   {"score", val(c.score)},
                   {"format", val(std::string(name_of(format)))},
                   {"error", c.readable ? val::null() : js(c.error)},
                   {"parsed", c.readable ? val(practice::answer_text(c.parsed)) : val::null()},
                   {"parsedValue", c.readable ? answer_value(c.parsed) : val::null()},
                   {"misconception", named ? val(c.misconception) : val::null()},
                   {"section", named ? val(c.misconception_section) : val::null()},
                   {"shapeMismatch", val(c.shape_mismatch)},
                   {"wrongEntries", wrong},
                   {"expectedCount", val(double(expected_count))},
                   {"expectedShape", shape}});
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
        val o = object(
            {{"name", val(d.name)}, {"type", val(d.type)}, {"fallback", val(d.fallback)}, {"choices", js(d.choices)}});
        if (!d.alias.empty()) o.set("alias", d.alias);
        out.set(i, o);
    }
    return out;
}

}  // namespace lab::wasm
