// Practice families for §5: LayerNorm, the feed-forward sub-layer, and the two arrangements (§5.1).
#include <algorithm>
#include <cmath>

#include <xtensor/xmath.hpp>
#include <xtensor/xview.hpp>

#include "lab/layers/ffn.hpp"
#include "lab/layers/norm.hpp"
#include "lab/page/ops.hpp"
#include "lab/practice/family.hpp"

namespace lab::practice::detail {
namespace {

// ---- §5: LayerNorm of one token ----

void layernorm_draw(Problem& p, Dice& d, bool) {
    // Four features: with three, the answer depends only on the order pattern of the row, and
    // 1,000 seeds give fewer than a hundred different answers.
    p.given = {{"X", nd(d.matrix(3, 4, -3, 5))}};
    p.inputs = {"X"};
}
void layernorm_solve(Problem& p) {
    const Tensor2 X = matrix_of(p, "X");
    const std::size_t D = X.shape(1);
    invariant(D >= 2 && X.shape(0) >= 2, p, "twoRowsTwoFeatures");
    const Tensor1 ones = xt::ones<double>({D}), zeros = xt::zeros<double>({D});
    const Tensor2 Y = layernorm_forward(X, ones, zeros);
    p.answer = row_answer(Y, 0);
    const Tensor1 x0 = xt::row(X, 0);
    const double mean = xt::mean(x0)();
    const double var = xt::mean(xt::square(x0 - mean))();
    p.steps = {{"mean", {{"mu", scalar(mean)}}},
               {"variance", {{"sigma^2", scalar(var)}}},
               {"normalise", {{"LN(x_0)", nd(Tensor1(xt::row(Y, 0)))}}}};
    const Tensor2 across = xt::transpose(
        layernorm_forward(Tensor2(xt::transpose(X)), xt::ones<double>({X.shape(0)}), xt::zeros<double>({X.shape(0)})));
    wrong(p, "across-positions", "§5", row_answer(across, 0));
    const double n = double(D);
    wrong(p, "unbiased", "§5", vec((x0 - mean) / std::sqrt(var * n / (n - 1) + 1e-5)));
    wrong(p, "not-centred", "§5", vec(x0 / std::sqrt(var + 1e-5)));
    wrong(p, "divided-by-variance", "§5", vec((x0 - mean) / (var + 1e-5)));  // the same when var is near 1
}
std::string layernorm_fair(const Problem& p) {
    if (step_values(p, "variance").front().value.data[0] < 0.25) return "row 0 is (nearly) constant";
    return "";
}

// ---- §5: x + FFN(x) with ReLU ----

void ffn_draw(Problem& p, Dice& d, bool) {
    // Wider entries from edition 2: narrow ones give a class of 200 about 130 different answers.
    const int x = d.wide() ? 3 : 2, w = d.wide() ? 3 : 2, w2 = d.wide() ? -2 : -1;
    p.given = {{"x", nd(d.matrix(1, 2, -x, x))}, {"W1", nd(d.matrix(2, 3, -2, w))}, {"W2", nd(d.matrix(3, 2, w2, w))}};
    p.inputs = {"x", "W1", "W2"};
}
void ffn_solve(Problem& p) {
    const Tensor2 x = matrix_of(p, "x"), W1 = matrix_of(p, "W1"), W2 = matrix_of(p, "W2");
    FfnParams f{W1, std::nullopt, W2, std::nullopt, std::nullopt, std::nullopt};
    FfnOptions o;
    o.activation = Activation::relu;
    const FfnResult r = ffn_forward(x, f, o, "practice");
    p.answer = row_answer(Tensor2(x + r.output), 0);
    p.steps = {{"hidden", {{"x W1", nd(r.pre)}, {"ReLU", nd(r.hidden)}}},
               {"ffn", {{"FFN(x)", nd(r.output)}}},
               {"residual", {{"x + FFN(x)", nd(Tensor2(x + r.output))}}}};
    wrong(p, "no-nonlinearity", "§5", row_answer(Tensor2(x + matmul(r.pre, W2)), 0));
    wrong(p, "no-residual", "§5.1", row_answer(r.output, 0));
    // the ReLU after W2 instead of between the maps: the same when every unit and output is positive
    wrong(p, "relu-after-w2", "§5", row_answer(Tensor2(x + xt::maximum(matmul(r.pre, W2), 0.0)), 0));
}
std::string ffn_fair(const Problem& p) {
    const auto& out = step_data(p, "ffn");
    const auto small = [](double v) { return std::abs(v) < 0.5; };
    if (std::all_of(out.begin(), out.end(), small)) return "the FFN gives (nearly) nothing: every hidden unit is off";
    if (std::all_of(p.answer.numbers.begin(), p.answer.numbers.end(), small))
        return "FFN(x) cancels x: the answer is (nearly) 0";
    return "";
}

// ---- §5.1: which arrangement a block's code or formula is ----

// Each question is a formula or code line the page shows; the answer follows from where LN sits.
struct Arrangement {
    const char* variant;
    const char* answer;
    const char* mistake;  // the misconception that gives the other answer
};
const std::vector<Arrangement>& arrangements() {
    static const std::vector<Arrangement> a = {
        {"pre-math", "pre", "swapped"},     {"post-math", "post", "swapped"},
        {"nanogpt", "pre", "swapped"},      {"torch-post", "post", "swapped"},
        {"torch-pre", "pre", "swapped"},    {"sublayer-post", "post", "swapped"},
        {"sublayer-pre", "pre", "swapped"}, {"final-norm", "pre", "final-norm-post"},
    };
    return a;
}
void pre_post_draw(Problem& p, Dice& d, bool handout) {
    std::vector<std::string> variants;
    for (const auto& a : arrangements()) variants.push_back(a.variant);
    p.variant = handout ? variants.front() : d.pick(variants);
    p.words = {"pre", "post"};
}
void pre_post_solve(Problem& p) {
    for (const auto& a : arrangements()) {
        if (p.variant != a.variant) continue;
        p.answer = word(Format::choice, a.answer);
        p.steps = {{"arrangement", {}}};
        wrong(p, a.mistake, "§5.1", word(Format::choice, std::string(a.answer) == "pre" ? "post" : "pre"));
        return;
    }
    invariant(false, p, "question", p.variant);
}

}  // namespace

// This part's families, in the handout's order.
std::vector<Entry> block_families() {
    return {
        {{"layernorm", "§5", Format::vector}, layernorm_draw, layernorm_solve, layernorm_fair},
        {{"ffn", "§5", Format::vector}, ffn_draw, ffn_solve, ffn_fair},
        // Two possible answers: the variety is in the eight formulas and code lines to classify.
        {{"pre-post", "§5.1", Format::choice, 2}, pre_post_draw, pre_post_solve, always_fair},
    };
}

}  // namespace lab::practice::detail
