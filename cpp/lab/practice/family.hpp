// What a practice family is made of, for the files in families/ (one per handout part) and the
// registry in practice.cpp. Not part of the engine's interface: practice.hpp is.
//
// A family is three functions and a row of facts:
//   draw(p, dice, handout)  picks the question (p.variant), the given values, the words, and
//                           p.inputs, the given values the answer must depend on; with
//                           `handout`, the handout's own numbers
//   solve(p)                computes the answer, every misconception's answer and the solution
//                           steps from those alone (the fairness test re-solves changed copies);
//                           throws std::invalid_argument for values that make no such problem
//   fair(p)                 "" or why this problem is degenerate (the family's own test)
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lab/core/rng.hpp"
#include "lab/layers/lm.hpp"
#include "lab/practice/practice.hpp"

namespace lab::practice::detail {

inline const double kLn2 = std::log(2.0);
inline const double kLn8 = std::log(8.0);

// Numbers a problem is drawn from (small ones a student can work with by hand, or sizes), from
// the family's own stream.
struct Dice {
    Pcg32 rng;
    int edition;  // of the problem set (practice.hpp): a draw widened later keeps its earlier form
    bool wide() const { return edition >= 2; }
    int operator()(int lo, int hi) { return lo + int(rng.next_u32() % std::uint32_t(hi - lo + 1)); }
    Tensor2 matrix(std::size_t r, std::size_t c, int lo, int hi);
    template <class T>
    T pick(const std::vector<T>& xs) {
        return xs[(*this)(0, int(xs.size()) - 1)];
    }
};

using Draw = void (*)(Problem&, Dice&, bool handout);
using Solve = void (*)(Problem&);
using Fair = std::string (*)(const Problem&);
inline std::string always_fair(const Problem&) { return ""; }

struct Entry {
    Family family;
    Draw draw;
    Solve solve;
    Fair fair;
};

// The families of each part of the handout, one file each in families/: a new family is one
// more entry in its part's list (and its words in web/strings.js).
std::vector<Entry> retrieval_families();
std::vector<Entry> scaling_families();
std::vector<Entry> heads_families();
std::vector<Entry> block_families();
std::vector<Entry> positions_families();
std::vector<Entry> prediction_families();
std::vector<Entry> masking_families();
std::vector<Entry> einsum_families();
std::vector<Entry> nanogpt_families();
std::vector<Entry> tutorial_families();
std::vector<Entry> encoder_decoder_families();

// ---- values in ----

inline NdArray scalar(double x) { return NdArray{{}, {x}}; }
template <class E>
NdArray nd(const E& t) {
    return to_ndarray(t);
}
Tensor3 one(const Tensor2& m);     // (1, T, C): one batch item
Tensor2 first(const Tensor3& t);   // item 0 of (B, T, C)
Tensor2 as_row(const Tensor1& v);  // (1, n)

// A solver's own rule: what its family's draw guarantees (two different rows, D divisible by H).
// It fails only on a bug in a family, and says which family and which rule as data, a code the
// page words like any other refusal (practice.invariant).
// `name` is the given value the rule is about ("none" when it is about none).
inline void invariant(bool ok, const Problem& p, const char* rule, const std::string& name = "none") {
    require(ok, "practice", refused("practice.invariant", "family", p.family, "rule", rule, "name", name));
}

// The given value `name`, read as the family expects it; each throws std::invalid_argument
// (naming the value) when it is absent or not of that kind.
const NdArray& given(const Problem& p, const std::string& name);
void set_given(Problem& p, const std::string& name, NdArray value);  // a value derived from the others
Tensor2 matrix_of(const Problem& p, const std::string& name);
Tensor1 vector_of(const Problem& p, const std::string& name);
double number_of(const Problem& p, const std::string& name);
long whole_of(const Problem& p, const std::string& name, long lo, long hi);  // a position, a count, a flag
double size_of(const Problem& p, const std::string& name);                   // a width, head count, d_k or length: >= 1

// ---- answers out ----

Answer number(double x);
Answer whole(double x);
Answer vec(const Tensor1& v);
Answer row_answer(const Tensor2& m, std::size_t r);
Answer mat(const Tensor2& m);
Answer dims(std::vector<double> d);
Answer positions(long from, long to);  // {from, ..., to - 1}
Answer position_set(const std::vector<long>& xs);
Answer word(Format f, const std::string& w);
Answer einsum(const std::string& s);
void wrong(Problem& p, const std::string& id, const std::string& section, const Answer& a);
// A mistake that gives the run {from, ..., to - 1}, named only when a student would type the run
// out: in a sequence of hundreds, "every row" is not a set anyone writes position by position.
// Edition 1 names runs of up to 25 (cache-rows' every row of 24 tokens): fewer would drop its
// mistakes and redraw its problems.
constexpr long kTypedRun = 32;
static_assert(kTypedRun >= 25, "edition 1's problems name runs of up to 25 positions");
void wrong_run(Problem& p, const std::string& id, const std::string& section, long from, long to);

// ---- what the fairness tests read ----

const std::vector<NamedArray>& step_values(const Problem& p, const std::string& key);
const std::vector<double>& step_data(const Problem& p, const std::string& key);  // its first value's numbers

// Whether a student who writes `a`, to three significant figures, is told it is not `b`: the two
// are at least twice the tolerance apart. (Einsum strings compare exactly, but not symmetrically:
// "...id,...jd->...ij" is a right answer where "bid,bjd->bij" is asked, not the other way.)
bool distinct(const Answer& a, const Answer& b);

// Weights that are close to one-hot (saturated) or to uniform make a weak question.
bool saturated(const std::vector<double>& w, double most = 0.95);
bool flat(const std::vector<double>& w, double spread = 0.05);

// ---- shared pieces of the handout ----

// The weights of softmax(q k^T * scale) for one item (scale: default 1/sqrt(d_k)).
Tensor2 attention_weights(const Tensor2& q, const Tensor2& k, std::optional<double> scale);

// §7.4's toy model (vocabulary [A, B, C], D = 2, one head with d_k = 1, ReLU FFN returning U/2,
// untied head), with `blocks` copies of its block, and its options (no norm, ReLU).
LmParams toy_model(std::size_t blocks);
LmOptions toy_options();

}  // namespace lab::practice::detail
