#include "lab/boundary/options.hpp"
#include "lab/boundary/whole_number.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>
#include <type_traits>

namespace lab {

namespace {

// An option with no default: JS must give it, or leaving it out means "not used".
struct NoDefault {};
constexpr NoDefault kNoDefault;

// ---- the declarations: each entry point's options and the members they set ----

template <class V>
void fields(V& v, AttentionOptions& o) {
    v("causal", o.causal);
    v("mask", o.mask);
    v("scale", o.scale);
}
template <class V>
void fields(V& v, MhaCall& o) {
    v("heads", o.heads);
    v("causal", o.causal);
}
template <class V>
void fields(V& v, FfnOptions& o) {
    v("activation", o.activation);
    v("gated", o.gated);
}
template <class V>
void fields(V& v, BlockOptions& o) {
    v("heads", o.heads);
    v("causal", o.causal);
    v("arrangement", o.arrangement);
    v("norm", o.norm);
    fields(v, o.ffn);
}
template <class V>
void fields(V& v, LmOptions& o) {
    fields(v, o.block);
    v("positions", o.positions);
    v("maskBlocks", o.mask_blocks);
}
template <class V>
void fields(V& v, flat::Intervention& c);
template <class V>
void fields(V& v, LmCall& o) {
    fields(v, o.lm);
    v("trace", o.trace);
    fields(v, o.intervention);
}
template <class V>
void fields(V& v, GenerateOptions& o) {
    v("steps", o.steps);
    v("temperature", o.temperature);
    v("seed", o.seed);
    v("eos", o.eos);
}
template <class V>
void fields(V& v, GenerateCall& o) {
    fields(v, o.lm);
    fields(v, o.generate);
    v("cache", o.generate.cache);  // the worked examples' generate only: a trained model caches when it can
}
template <class V>
void fields(V& v, ParamCountConfig& c) {
    v("vocab", c.model.vocab, kNoDefault);
    v("D", c.model.D, kNoDefault);
    v("heads", c.model.heads);
    v("layers", c.model.layers);
    v("encoderLayers", c.encoder_layers);
    v("ffnMult", c.model.ffn_mult);
    v("bias", c.model.bias);
    v("positions", c.model.positions);
    v("maxT", c.model.T, kNoDefault);
    v("tied", c.model.tied);
    v("norm", c.model.norm);
    v("finalNorm", c.final_norm);
    v("gated", c.model.gated);
    v("attentionOnly", c.attention_only);
}
template <class V>
void fields(V& v, ScoreVarianceCall& c) {
    v("dk", c.dk, kNoDefault);
    v("samples", c.samples);
    v("sigma", c.sigma);
    v("seed", c.seed);
}
template <class V>
void fields(V& v, AttentionCostCall& c) {
    v("B", c.B);
    v("H", c.H);
    v("T", c.T, kNoDefault);
    v("D", c.D, kNoDefault);
}
template <class V>
void fields(V& v, ModelConfig& c) {
    v("vocab", c.vocab, kNoDefault);
    v("D", c.D, kNoDefault);
    v("heads", c.heads);
    v("layers", c.layers);
    v("T", c.T, kNoDefault);
    v("ffnMult", c.ffn_mult);
    v("activation", c.activation);
    v("arrangement", c.arrangement);
    v("norm", c.norm);
    v("positions", c.positions);
    v("tied", c.tied);
    v("gated", c.gated);
    v("bias", c.bias);
    v("maskBlocks", c.mask_blocks);
    v("scaled", c.scaled);
    v("seed", c.seed);
}
template <class V>
void fields(V& v, TrainCall& c) {
    v("optimizer", c.optimizer.kind);
    v("lr", c.optimizer.lr);
    v("weightDecay", c.weight_decay);
    v("clip", c.optimizer.clip);
    v("warmup", c.optimizer.warmup);
    v("totalSteps", c.optimizer.total_steps);
}
template <class V>
void fields(V& v, ModelGenerateCall& c) {
    fields(v, c.generate);
    v("causal", c.causal);
}
template <class V>
void fields(V& v, EvaluateCall& c) {
    v("causal", c.causal);
}
template <class V>
void fields(V& v, flat::Intervention& c) {
    v("ablateHeads", c.heads);
    v("ablate", c.ablation);
    v("hideTokens", c.hidden);
}
template <class V>
void fields(V& v, HeadScoresCall& o) {
    v("period", o.period, kNoDefault);
}
template <class V>
void fields(V& v, RepeatsBatch& r) {
    v("batch", r.batch, kNoDefault);
    v("T", r.T, kNoDefault);
    v("vocab", r.vocab, kNoDefault);
    v("repeats", r.repeats);
    v("seed", r.seed);
}
template <class V>
void fields(V& v, AblationCall& o) {
    v("from", o.from, kNoDefault);
    v("ablate", o.intervention.ablation);
    v("heads", o.intervention.heads);
    v("causal", o.intervention.causal);
}

// ---- nanoGPT's GPTConfig names (§9): other names for createModel's and paramCount's options ----

struct Alias {
    const char* nanogpt;
    const char* ours;
};
constexpr std::array<Alias, 5> kModelAliases = {
    {{"vocab_size", "vocab"}, {"n_embd", "D"}, {"n_head", "heads"}, {"n_layer", "layers"}, {"block_size", "T"}}};
constexpr std::array<Alias, 5> kCountAliases = {
    {{"vocab_size", "vocab"}, {"n_embd", "D"}, {"n_head", "heads"}, {"n_layer", "layers"}, {"block_size", "maxT"}}};
// GPTConfig's dropout: the lab computes without dropout (§9.2), so 0 is the only value it can honour.
constexpr const char* kDropout = "dropout";

template <class S>
constexpr const std::array<Alias, 5>* aliases_of() {
    if constexpr (std::is_same_v<S, ModelConfig>) return &kModelAliases;
    if constexpr (std::is_same_v<S, ParamCountConfig>) return &kCountAliases;
    return nullptr;
}

// `given` with nanoGPT's names turned into ours; one setting named both ways is refused, as is
// a dropout other than 0.
Values our_names(const std::string& fn, Values given, const std::array<Alias, 5>& aliases) {
    for (const Alias& a : aliases) {
        const auto it = given.find(a.nanogpt);
        if (it == given.end()) continue;
        require(!given.count(a.ours), fn, refused("config.twoNames", "nanogpt", a.nanogpt, "ours", a.ours));
        given[a.ours] = it->second;
        given.erase(it);
    }
    if (const auto it = given.find(kDropout); it != given.end()) {
        const Value& v = it->second;
        require(v.kind == Value::Kind::number && v.number == 0, fn,
                refused("config.dropout", "got", v.kind == Value::Kind::number ? msg(v.number) : std::string("?")));
        given.erase(it);
    }
    return given;
}

}  // namespace

std::string model_option_name(const std::string& name) {
    for (const Alias& a : kModelAliases)
        if (name == a.nanogpt) return a.ours;
    return name;
}

namespace {

template <class E>
using if_enum = std::enable_if_t<std::is_enum_v<E>, int>;
// Counts and ids: every integer type but bool.
template <class I>
using if_whole = std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool>, int>;

// ---- reading: the values JS passed, into the struct ----

class Reader {
public:
    Reader(const std::string& fn, const Values& given) : fn_(fn), given_(given) {}

    template <class T>
    void operator()(const char* name, T& member, NoDefault) {
        (*this)(name, member);
    }
    template <class T>
    void operator()(const char* name, T& member) {
        const auto it = given_.find(name);
        if (it == given_.end()) return;
        used_.insert(name);
        read(name, it->second, member);
    }
    // Names given that no field took.
    void refuse_unknown(const std::vector<OptionDeclaration>& declared) const {
        for (const auto& [name, value] : given_) {
            (void)value;
            if (used_.count(name)) continue;
            std::vector<std::string> known;
            for (const OptionDeclaration& d : declared) known.push_back(d.name);
            throw Refused(fn_, refused("option.unknown", "name", name, "known", known));
        }
    }

private:
    // `expected` is the kind of value, a choice of the message: boolean, number, whole, text,
    // flags, wholes, pairs or mask. What was received goes with it: its kind (number, text,
    // boolean, array) and, but for an array, its value as JS writes it.
    void expect(bool ok, const char* name, const char* expected, const Value& v) const {
        if (ok) return;
        static const char* const kinds[] = {"boolean", "number", "text", "array"};
        std::string got;
        if (v.kind == Value::Kind::boolean) got = to_text(v.boolean);
        if (v.kind == Value::Kind::text) got = v.text;
        if (v.kind == Value::Kind::number)
            got = std::isnan(v.number)   ? "NaN"
                  : std::isinf(v.number) ? (v.number > 0 ? "Infinity" : "-Infinity")
                                         : to_text(v.number);
        throw Refused(fn_, refused("option.type", "name", name, "expected", expected, "gotKind",
                                   kinds[static_cast<int>(v.kind)], "got", got));
    }
    void read(const char* name, const Value& v, bool& out) const {
        expect(v.kind == Value::Kind::boolean, name, "boolean", v);
        out = v.boolean;
    }
    void read(const char* name, const Value& v, double& out) const {
        expect(v.kind == Value::Kind::number && std::isfinite(v.number), name, "number", v);
        out = v.number;
    }
    // A whole number for a member of type I; one too large for it is refused naming the bound.
    template <class I = std::size_t>
    I whole(const char* name, double x) const {
        expect(is_whole_number<double>(x), name, "whole", Value::of(x));
        require(x <= largest_whole<I>(), fn_,
                refused("option.atMost", "name", name, "max", largest_whole<I>(), "got", x));
        return I(x);
    }
    template <class I, if_whole<I> = 0>
    void read(const char* name, const Value& v, I& out) const {
        expect(v.kind == Value::Kind::number, name, "whole", v);
        out = whole<I>(name, v.number);
    }
    template <class E, if_enum<E> = 0>
    void read(const char* name, const Value& v, E& out) const {
        expect(v.kind == Value::Kind::text, name, "text", v);
        out = parse_name<E>(v.text, fn_);
    }
    template <class T>
    void read(const char* name, const Value& v, std::optional<T>& out) const {
        T t{};
        read(name, v, t);
        out = t;
    }
    void read(const char* name, const Value& v, std::vector<bool>& out) const {
        expect(v.kind == Value::Kind::array && v.array.shape.size() <= 1, name, "flags", v);
        out.clear();
        for (double b : v.array.data) out.push_back(b != 0);
    }
    void read(const char* name, const Value& v, std::vector<std::size_t>& out) const {
        expect(v.kind == Value::Kind::array && v.array.shape.size() <= 1, name, "wholes", v);
        out.clear();
        for (double x : v.array.data) out.push_back(whole(name, x));
    }
    void read(const char* name, const Value& v, std::vector<std::pair<std::size_t, std::size_t>>& out) const {
        expect(v.kind == Value::Kind::array, name, "pairs", v);
        const NdArray& a = v.array;
        expect(a.data.empty() || (a.shape.size() == 2 && a.shape[1] == 2), name, "pairs", v);
        out.clear();
        for (std::size_t i = 0; i + 1 < a.data.size(); i += 2)
            out.emplace_back(whole(name, a.data[i]), whole(name, a.data[i + 1]));
    }
    void read(const char* name, const Value& v, std::optional<BoolMatrix>& out) const {
        expect(v.kind == Value::Kind::array, name, "mask", v);
        out = xt::cast<bool>(to_tensor<2>(v.array, fn_, name, "[Tq][Tk]"));
    }

    const std::string& fn_;
    const Values& given_;
    std::set<std::string> used_;
};

// ---- writing: the values a struct holds ----

class Writer {
public:
    explicit Writer(Values& out) : out_(out) {}
    template <class T>
    void operator()(const char* name, const T& member, NoDefault) {
        (*this)(name, member);
    }
    template <class T>
    void operator()(const char* name, const T& member) {
        if (auto v = value(member)) out_[name] = *v;
    }

private:
    static std::optional<Value> value(bool b) {
        Value v;
        v.kind = Value::Kind::boolean;
        v.boolean = b;
        return v;
    }
    static std::optional<Value> value(double x) {
        Value v;
        v.number = x;
        return v;
    }
    template <class I, if_whole<I> = 0>
    static std::optional<Value> value(I x) {
        return value(double(x));
    }
    template <class E, if_enum<E> = 0>
    static std::optional<Value> value(E e) {
        Value v;
        v.kind = Value::Kind::text;
        v.text = name_of(e);
        return v;
    }
    static std::optional<Value> value(const std::vector<bool>& flags) {
        if (flags.empty()) return std::nullopt;  // the default: every block
        Value v;
        v.kind = Value::Kind::array;
        v.flags = true;
        v.array.shape = {flags.size()};
        for (bool b : flags) v.array.data.push_back(b ? 1.0 : 0.0);
        return v;
    }
    Values& out_;
};

// ---- declaring: name, type, default and choices, from a default-constructed struct ----

std::string number_text(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    double back = 0;
    for (int digits = 1; digits <= 17; ++digits) {  // the shortest text that reads back exactly
        std::snprintf(buf, sizeof buf, "%.*g", digits, x);
        std::sscanf(buf, "%lf", &back);
        if (back == x) break;
    }
    return buf;
}

class Declarer {
public:
    explicit Declarer(std::vector<OptionDeclaration>& out) : out_(out) {}
    template <class T>
    void operator()(const char* name, const T& member, NoDefault) {
        (*this)(name, member);
        out_.back().fallback.clear();
    }
    template <class T>
    void operator()(const char* name, const T& member) {
        OptionDeclaration d{name, "", "", {}, ""};
        describe(d, member);
        out_.push_back(d);
    }

private:
    static void describe(OptionDeclaration& d, bool b) { d.type = "boolean", d.fallback = b ? "true" : "false"; }
    static void describe(OptionDeclaration& d, double x) { d.type = "number", d.fallback = number_text(x); }
    template <class I, if_whole<I> = 0>
    static void describe(OptionDeclaration& d, I x) {
        d.type = "integer", d.fallback = std::to_string(x);
    }
    template <class E, if_enum<E> = 0>
    static void describe(OptionDeclaration& d, E e) {
        d.type = "string";
        d.fallback = std::string("'") + name_of(e) + "'";
        d.choices = names_of<E>();
    }
    template <class T>
    static void describe(OptionDeclaration& d, const std::optional<T>&) {
        describe(d, T{});
        d.fallback.clear();  // absent: the engine's own choice (for example 1/sqrt(dk) for scale)
    }
    static void describe(OptionDeclaration& d, const std::optional<BoolMatrix>&) { d.type = "mask"; }
    static void describe(OptionDeclaration& d, const std::vector<bool>&) { d.type = "boolean[]"; }
    static void describe(OptionDeclaration& d, const std::vector<std::size_t>&) { d.type = "integer[]"; }
    static void describe(OptionDeclaration& d, const std::vector<std::pair<std::size_t, std::size_t>>&) {
        d.type = "integer[][]";
    }
    std::vector<OptionDeclaration>& out_;
};

template <class S>
std::vector<OptionDeclaration> declare() {
    S s{};
    std::vector<OptionDeclaration> out;
    Declarer d(out);
    fields(d, s);
    if (const auto* aliases = aliases_of<S>()) {
        const std::size_t ours = out.size();
        for (const Alias& a : *aliases) {
            const auto same = std::find_if(out.begin(), out.begin() + ours,
                                           [&](const OptionDeclaration& o) { return o.name == a.ours; });
            assert(same != out.begin() + ours);
            OptionDeclaration alias = *same;
            alias.name = a.nanogpt;
            alias.fallback.clear();  // the default is ours, written once under our name
            alias.alias = a.ours;
            out.push_back(alias);
        }
        out.push_back({kDropout, "number", "0", {}, ""});
    }
    return out;
}

}  // namespace

OptimizerConfig TrainCall::resolved() const {
    OptimizerConfig c = optimizer;
    c.weight_decay = weight_decay ? *weight_decay : c.kind == OptimizerKind::adamw ? 0.01 : 0.0;
    return c;
}

const std::map<std::string, std::vector<OptionDeclaration>>& option_declarations() {
    static const std::map<std::string, std::vector<OptionDeclaration>> all = {
        {"attention", declare<AttentionOptions>()},
        {"multiHeadAttention", declare<MhaCall>()},
        {"feedForward", declare<FfnOptions>()},
        {"block", declare<BlockOptions>()},
        {"decoderBlock", declare<BlockOptions>()},
        {"lmForward", declare<LmCall>()},
        {"generate", declare<GenerateCall>()},
        {"futureDependence", declare<LmOptions>()},
        {"permutationGap", declare<LmOptions>()},
        {"fusedVsSeparateGap", declare<MhaCall>()},
        {"paramCount", declare<ParamCountConfig>()},
        {"scoreVariance", declare<ScoreVarianceCall>()},
        {"attentionCost", declare<AttentionCostCall>()},
        {"createModel", declare<ModelConfig>()},
        {"loadCheckpoint", declare<ModelConfig>()},  // what overrides a checkpoint's configuration
        {"trainStep", declare<TrainCall>()},
        {"modelGenerate", declare<ModelGenerateCall>()},
        {"evaluate", declare<EvaluateCall>()},
        {"inspect", declare<flat::Intervention>()},
        {"headScores", declare<HeadScoresCall>()},
        {"ablationLoss", declare<AblationCall>()},
        {"repeatsBatch", declare<RepeatsBatch>()},
    };
    return all;
}

template <class S>
S read_options(const std::string& fn, const Values& given) {
    S s{};
    const auto* aliases = aliases_of<S>();
    const Values named = aliases ? our_names(fn, given, *aliases) : given;
    Reader r(fn, named);
    fields(r, s);
    r.refuse_unknown(declare<S>());
    return s;
}

Values write_options(const ModelConfig& c) {
    Values out;
    Writer w(out);
    ModelConfig copy = c;  // fields() takes the struct to fill; the writer only reads it
    fields(w, copy);
    return out;
}

template AttentionOptions read_options(const std::string&, const Values&);
template MhaCall read_options(const std::string&, const Values&);
template FfnOptions read_options(const std::string&, const Values&);
template BlockOptions read_options(const std::string&, const Values&);
template LmOptions read_options(const std::string&, const Values&);
template LmCall read_options(const std::string&, const Values&);
template GenerateCall read_options(const std::string&, const Values&);
template ParamCountConfig read_options(const std::string&, const Values&);
template ScoreVarianceCall read_options(const std::string&, const Values&);
template AttentionCostCall read_options(const std::string&, const Values&);
template ModelConfig read_options(const std::string&, const Values&);
template TrainCall read_options(const std::string&, const Values&);
template ModelGenerateCall read_options(const std::string&, const Values&);
template EvaluateCall read_options(const std::string&, const Values&);
template flat::Intervention read_options(const std::string&, const Values&);
template HeadScoresCall read_options(const std::string&, const Values&);
template AblationCall read_options(const std::string&, const Values&);
template RepeatsBatch read_options(const std::string&, const Values&);

}  // namespace lab
