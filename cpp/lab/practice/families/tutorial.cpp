// Practice families for §9.3, the course tutorial's variants: which columns of a fused
// projection are one head's (the equivalence check), RMSNorm of a row and the gated FFN's
// parameter count.
#include <algorithm>

#include "lab/layers/norm.hpp"
#include "lab/practice/family.hpp"

namespace lab::practice::detail {
namespace {

// ---- §9.3 RMSNorm of a row: x_i / sqrt(mean(x^2)), with gain 1 and eps 0 ----

// Four small integers (-6 to 6) whose mean is not 0 (else RMSNorm is LayerNorm) and that are not all equal.
void rmsnorm_draw(Problem& p, Dice& d, bool handout) {
    Tensor1 x = {1, 2, 2, 3};  // the handout gives no row: a small one with mean 2
    double i = 0;
    if (!handout) {
        for (double& v : x) v = d(-6, 6);
        i = d(0, 3);
    }
    p.given = {{"x", nd(x)}, {"i", scalar(i)}};
    p.inputs = {"x"};
}

void rmsnorm_solve(Problem& p) {
    const Tensor1 x = vector_of(p, "x");
    const long i = whole_of(p, "i", 0, long(x.size()) - 1);
    const std::size_t D = x.size();
    const Tensor2 row = as_row(x);
    const Tensor1 ones = xt::ones<double>({D}), zeros = xt::zeros<double>({D});
    double squares = 0;
    for (double v : x) squares += v * v;
    invariant(squares > 0, p, "notAllZero");
    const double rms = std::sqrt(squares / double(D));
    p.steps = {{"rms", {{"root-mean-square", scalar(rms)}}}};
    p.answer = number(rmsnorm_forward(row, ones, 0.0, "practice")(0, std::size_t(i)));
    // the LayerNorm the tutorial replaced: the mean subtracted first
    if (std::any_of(x.begin(), x.end(), [&](double v) { return v != x(0); }))
        wrong(p, "subtracted-mean", "§9.3",
              number(layernorm_forward(row, ones, zeros, 0.0, "practice")(0, std::size_t(i))));
    wrong(p, "root-sum-square", "§9.3", number(x(std::size_t(i)) / std::sqrt(squares)));
    wrong(p, "no-root", "§9.3", number(x(std::size_t(i)) / (squares / double(D))));
    // the mean magnitude for the root mean square: the same when every |x_j| is equal (redrawn)
    double magnitudes = 0;
    for (double v : x) magnitudes += std::abs(v);
    wrong(p, "mean-abs", "§9.3", number(x(std::size_t(i)) / (magnitudes / double(D))));
}

std::string rmsnorm_fair(const Problem& p) {
    const Tensor1 x = vector_of(p, "x");
    double sum = 0;
    for (double v : x) sum += v;
    if (sum == 0) return "the row's mean is 0, so RMSNorm is LayerNorm";
    if (p.answer.numbers[0] == 0) return "the asked entry is 0 whatever the norm";
    return "";
}

// ---- §9.3 the gated FFN's parameters: W_1, W_gate (D, D_ff) and W_2 (D_ff, D) ----

void gated_ffn_draw(Problem& p, Dice& d, bool handout) {
    double D = 8, F = 32;
    p.variant = "no-bias";
    if (!handout) {
        p.variant = d.pick<std::string>({"no-bias", "bias"});
        D = 8 * d(1, 16);
        F = 8 * d(1, 64);
    }
    p.given = {{"D", scalar(D)}, {"D_ff", scalar(F)}};
    p.inputs = {"D", "D_ff"};
}

void gated_ffn_solve(Problem& p) {
    const double D = size_of(p, "D"), F = size_of(p, "D_ff");
    const bool bias = p.variant == "bias";
    const double weights = 3 * D * F, biases = bias ? 2 * F + D : 0;  // b_1, b_gate (D_ff), b_2 (D)
    p.steps = {{"count", {{"weights", scalar(weights)}, {"biases", scalar(biases)}}}};
    p.answer = whole(weights + biases);
    wrong(p, "two-maps", "§9.3", whole(2 * D * F + (bias ? F + D : 0)));
    wrong(p, "gate-square", "§9.3", whole(2 * D * F + F * F + (bias ? 2 * F + D : 0)));
    if (bias) wrong(p, "no-biases", "§9.3", whole(weights));
}

// ---- §9.3 the equivalence: which columns of a fused weight are head h's ----

// The tutorial's heads fused into one [D, H d_h] W_Q (variant "q"), or nanoGPT's c_attn weight
// [C, 3C] = [W_Q W_K W_V] (variant "k": head h's key columns). H >= 3 and 1 <= h <= H - 2, so
// that counting heads from 1, interleaving the columns and (for "k") leaving out the offset of
// W_Q each give another set.
void fused_columns_draw(Problem& p, Dice& d, bool handout) {
    double H = 4, dh = 2, h = 1;
    p.variant = "q";
    if (!handout) {
        p.variant = d.pick<std::string>({"q", "k"});
        if (d.wide()) {
            // h first, up to 90, and H above it (up to GPT-3's 96): drawn as H first, most heads
            // were small and a class of 200 shared about a hundred column blocks.
            dh = d(2, 6);  // a set of at most 6 columns to type
            h = d(1, 90);
            H = d(int(h) + 2, 96);
        } else {
            H = d(3, 16);
            dh = d(2, 6);
            h = d(1, int(H) - 2);
        }
    }
    p.given = {{"D", scalar(H * dh)}, {"H", scalar(H)}, {"h", scalar(h)}};
    p.inputs = {"D", "H"};
}

void fused_columns_solve(Problem& p) {
    const double D = size_of(p, "D"), H = size_of(p, "H");
    invariant(std::fmod(D, H) == 0, p, "divisible");
    const long dh = long(D / H), heads = long(H), h = whole_of(p, "h", 0, heads - 1);
    const long offset = p.variant == "k" ? long(D) : 0;  // W_K's columns come after W_Q's in c_attn
    p.steps = {{"split", {{"d_h", scalar(double(dh))}}}};
    p.answer = positions(offset + h * dh, offset + (h + 1) * dh);
    wrong(p, "heads-from-one", "§9.3", positions(offset + (h - 1) * dh, offset + h * dh));
    std::vector<long> strided;
    for (long c = 0; c < dh; ++c) strided.push_back(offset + c * heads + h);
    wrong(p, "interleaved", "§9.3", position_set(strided));
    if (offset) wrong(p, "no-q-offset", "§9.1", positions(h * dh, (h + 1) * dh));
}

}  // namespace

std::vector<Entry> tutorial_families() {
    return {
        {{"fused-columns", "§9.3", Format::positions}, fused_columns_draw, fused_columns_solve, always_fair},
        {{"rmsnorm", "§9.3", Format::number}, rmsnorm_draw, rmsnorm_solve, rmsnorm_fair},
        {{"gated-ffn", "§9.3", Format::integer}, gated_ffn_draw, gated_ffn_solve, always_fair},
    };
}

}  // namespace lab::practice::detail
