// Every option a JS entry point takes, declared once: one function per entry point names each
// option and the struct member it sets (options.cpp). The member's type gives the option's type,
// its default member initialiser the default, and its enum's EnumNames the allowed values. From
// that one list come
//   read_options     the struct, from the values JS passed (unknown names and wrong types refused)
//   write_options    the values a struct holds (a saved model's configuration)
//   option_declarations  name, type, default and allowed values of every option, which the JS
//                    facade checks against, the training panel offers, and a test holds the
//                    README's option lists to.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lab/boundary/ndarray.hpp"
#include "lab/layers/generate.hpp"
#include "lab/layers/param_count.hpp"
#include "lab/training/optimizer.hpp"
#include "lab/training/repeats.hpp"
#include "lab/training/train.hpp"

namespace lab {

// A value as it crosses from JS: a boolean, a number, a string, or an array (any rank).
struct Value {
    enum class Kind { boolean, number, text, array };
    Kind kind = Kind::number;
    bool boolean = false;
    double number = 0.0;
    std::string text;
    NdArray array;
    bool flags = false;  // an array of true/false (1 and 0 in `array`)

    static Value of(double x) {
        Value v;
        v.number = x;
        return v;
    }
    static Value of(bool b) {
        Value v;
        v.kind = Kind::boolean;
        v.boolean = b;
        return v;
    }
    static Value of(const std::string& s) {
        Value v;
        v.kind = Kind::text;
        v.text = s;
        return v;
    }
    static Value of(const char* s) { return of(std::string(s)); }  // not the bool one
};
using Values = std::map<std::string, Value>;

// One option as the JS side sees it. `type` is one of boolean, integer, number, string,
// boolean[], integer[], integer[][], mask; `fallback` is the default as the README writes it
// (empty when the option has none: it is required, or absent means "not used").
struct OptionDeclaration {
    std::string name, type, fallback;
    std::vector<std::string> choices;  // the allowed strings, for an enum
    std::string alias;                 // for nanoGPT's name of a setting, the lab's name ("vocab")
};

// ---- the settings of entry points that have no engine struct of their own ----

struct MhaCall {  // multiHeadAttention, fusedVsSeparateGap
    std::size_t heads = 1;
    bool causal = false;
};
struct LmCall {  // lmForward
    LmOptions lm;
    bool trace = true;
    flat::Intervention intervention;  // §2.2: heads ablated, positions hidden
};
struct GenerateCall {  // generate
    LmOptions lm;
    GenerateOptions generate;
};
struct ScoreVarianceCall {  // checks.scoreVariance
    std::size_t dk = 0, samples = 10000;
    double sigma = 1.0;
    std::uint64_t seed = 0;
};
struct AttentionCostCall {  // ops.attentionCost
    std::size_t B = 1, H = 1, T = 0, D = 0;
};
struct TrainCall {  // model.trainStep
    OptimizerConfig optimizer;
    std::optional<double> weight_decay;  // absent: 0.01 for AdamW, 0 for SGD
    OptimizerConfig resolved() const;
};
struct ModelGenerateCall {  // model.generate
    GenerateOptions generate;
    bool causal = false;
};
struct EvaluateCall {  // model.evaluate
    bool causal = false;
};
struct HeadScoresCall {  // model.headScores
    std::size_t period = 0;
};
struct AblationCall {  // model.ablationLoss
    std::size_t from = 0;
    flat::Intervention intervention;  // heads and how they are removed
};

// The struct S for entry point `fn` (a name of the JS API), from the values JS passed.
template <class S>
S read_options(const std::string& fn, const Values& given);

// The values `s` holds, as read_options reads them back.
Values write_options(const ModelConfig& s);

// The lab's name of createModel's option `name`: "D" for nanoGPT's "n_embd", and so on; any other
// name as it is.
std::string model_option_name(const std::string& name);

// Every entry point's options, by the JS API's name of the entry point.
const std::map<std::string, std::vector<OptionDeclaration>>& option_declarations();

}  // namespace lab
