// Practice families for §9.3, the course tutorial's variants: RMSNorm of a row and the gated
// FFN's parameter count.
#include <algorithm>

#include "lab/layers/norm.hpp"
#include "lab/practice/family.hpp"

namespace lab::practice::detail {
namespace {

// ---- §9.3 RMSNorm of a row: x_i / sqrt(mean(x^2)), with gain 1 and eps 0 ----

// Four small integers (-6 to 6) whose mean is not 0 (else RMSNorm is LayerNorm) and that are not all equal.
void rmsnorm_draw(Problem& p, Dice& d, bool handout) {
    Tensor1 x = {1, 2, 2, 3};
    double i = 3;
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
    require(squares > 0, "practice", "x must not be all zeros");
    const double rms = std::sqrt(squares / double(D));
    p.steps = {{"rms", {{"root-mean-square", scalar(rms)}}}};
    p.answer = number(rmsnorm_forward(row, ones, 0.0, "practice")(0, std::size_t(i)));
    // the LayerNorm the tutorial replaced: the mean subtracted first
    if (std::any_of(x.begin(), x.end(), [&](double v) { return v != x(0); }))
        wrong(p, "subtracted-mean", "§9.3",
              number(layernorm_forward(row, ones, zeros, 0.0, "practice")(0, std::size_t(i))));
    wrong(p, "root-sum-square", "§9.3", number(x(std::size_t(i)) / std::sqrt(squares)));
    wrong(p, "no-root", "§9.3", number(x(std::size_t(i)) / (squares / double(D))));
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

}  // namespace

std::vector<Entry> tutorial_families() {
    return {
        {{"rmsnorm", "§9.3", Format::number}, rmsnorm_draw, rmsnorm_solve, rmsnorm_fair},
        {{"gated-ffn", "§9.3", Format::integer}, gated_ffn_draw, gated_ffn_solve, always_fair},
    };
}

}  // namespace lab::practice::detail
