// Practice families for §3: why scores are divided by √d_k (§3.1), and attention as one matrix product (§3.2).
#include <algorithm>
#include <cmath>

#include <xtensor/xview.hpp>

#include "lab/layers/attention.hpp"
#include "lab/layers/softmax.hpp"
#include "lab/practice/family.hpp"

namespace lab::practice::detail {
namespace {

// ---- §3.1: softmax of two scores after scaling by sqrt(d_k) ----

void saturation_draw(Problem& p, Dice& d, bool handout) {
    double s0 = 0, s1 = 8, dk = 64;
    if (!handout) {
        if (d.wide()) {
            // Scores to one decimal: whole ones give a class of 200 about 120 answers.
            s0 = d(-30, 30) / 10.0;
            const double sign = d(0, 1) ? 1 : -1;
            s1 = s0 + sign * d(40, 240) / 10.0;
        } else {
            s0 = d(-3, 3);
            const double sign = d(0, 1) ? 1 : -1;
            s1 = s0 + sign * d(4, 24);
        }
        dk = d.pick<double>({4, 9, 16, 25, 36, 49, 64, 81, 100, 144});  // squares: the scale is a whole number
    }
    p.given = {{"s", nd(Tensor1{s0, s1})}, {"d_k", scalar(dk)}};
    p.inputs = {"s", "d_k"};
}
void saturation_solve(Problem& p) {
    const Tensor1 s = vector_of(p, "s");
    invariant(s.size() == 2, p, "twoScores");
    const double dk = size_of(p, "d_k");
    const Tensor2 scaled = as_row(Tensor1(s / std::sqrt(dk)));
    p.answer = row_answer(softmax_forward(scaled), 0);
    p.steps = {{"scaled", {{"s / sqrt(d_k)", nd(scaled)}}}, {"weights", {{"a", nd(softmax_forward(scaled))}}}};
    wrong(p, "no-scaling", "§3.1", row_answer(softmax_forward(as_row(s)), 0));
    wrong(p, "divided-by-dk", "§3.1", row_answer(softmax_forward(as_row(Tensor1(s / dk))), 0));
}
std::string saturation_fair(const Problem& p) {
    // The point of the problem: unscaled, softmax saturates; scaled, both keys keep some weight.
    if (!saturated(p.misconceptions.front().answer.numbers, 0.95)) return "the unscaled weights are not saturated";
    if (saturated(p.answer.numbers, 0.98)) return "the scaled weights are still saturated";
    return "";
}

// ---- §3.1: the variance (or spread) of a raw or scaled score ----

void variance_draw(Problem& p, Dice& d, bool handout) {
    double dk = 64, sigma2 = 1;
    p.variant = "raw";
    if (!handout) {
        p.variant = d.pick<std::string>({"raw", "scaled", "raw-std"});
        // Squares, so that the spread is a whole multiple of sigma^2.
        dk = d.wide() ? d.pick<double>({4, 9, 16, 25, 36, 49, 64, 81, 100, 144, 256})
                      : d.pick<double>({4, 9, 16, 25, 36, 64, 100, 256});
        // Near 1, sigma^4 is sigma^2, which could not tell the two apart. Edition 2 gives sigma^2
        // two decimals: the scaled variance is sigma^4 alone, and six values gave a class of 200
        // six answers to share.
        if (d.wide()) {
            do sigma2 = d(5, 995) / 100.0;
            while (sigma2 > 0.7 && sigma2 < 1.4);
        } else {
            sigma2 = d.pick<double>({0.25, 0.5, 2, 3, 4, 9});
        }
    }
    p.given = {{"d_k", scalar(dk)}, {"sigma^2", scalar(sigma2)}};
    if (p.variant == "scaled")
        p.inputs = {"sigma^2"};  // whatever d_k is: the point of §3.1
    else
        p.inputs = {"d_k", "sigma^2"};
}
void variance_solve(Problem& p) {
    const double dk = size_of(p, "d_k"), sigma2 = number_of(p, "sigma^2");
    invariant(sigma2 > 0, p, "sigmaPositive");
    const double s4 = sigma2 * sigma2;
    p.steps = {{"product", {{"Var(q_c k_c)", scalar(s4)}}}, {"sum", {{"Var(q . k)", scalar(dk * s4)}}}};
    if (p.variant == "raw") {
        p.answer = number(dk * s4);
        wrong(p, "sigma-squared", "§3.1", number(dk * sigma2));
        wrong(p, "grows-like-sqrt", "§3.1", number(std::sqrt(dk) * s4));
    } else if (p.variant == "scaled") {
        p.answer = number(s4);
        p.steps.push_back({"scale", {{"Var(q . k / sqrt(d_k))", scalar(s4)}}});
        wrong(p, "not-scaled", "§3.1", number(dk * s4));
        wrong(p, "divided-by-sqrt", "§3.1", number(dk * s4 / std::sqrt(dk)));
        wrong(p, "sigma-squared", "§3.1", number(sigma2));
    } else {
        p.answer = number(std::sqrt(dk * s4));
        p.steps.push_back({"spread", {{"sqrt(Var(q . k))", scalar(std::sqrt(dk * s4))}}});
        wrong(p, "variance-not-std", "§3.1", number(dk * s4));
        wrong(p, "sigma-squared", "§3.1", number(std::sqrt(dk * sigma2)));
        wrong(p, "added-stds", "§3.1", number(dk * sigma2));
    }
}

// ---- §3.2: the attention matrix of Q and K (no mask) ----

void attention_matrix_draw(Problem& p, Dice& d, bool handout) {
    Tensor2 Q{{1}, {0}, {1}}, K{{kLn2}, {0}, {kLn2}};
    if (!handout) {
        Q = d.matrix(3, 2, -1, 2);
        K = d.matrix(3, 2, -1, 2);
    }
    p.given = {{"Q", nd(Q)}, {"K", nd(K)}};
    p.inputs = {"Q", "K"};
}
void attention_matrix_solve(Problem& p) {
    const Tensor2 Q = matrix_of(p, "Q"), K = matrix_of(p, "K");
    const Tensor2 A = attention_weights(Q, K, std::nullopt);
    const Tensor2 S = first(attention_forward(one(Q), one(K), one(xt::eye<double>(K.shape(0))), {}).scores);
    p.answer = mat(A);
    p.steps = {{"scores", {{"S", nd(S)}}}, {"weights", {{"A", nd(A)}}}};
    wrong(p, "columns", "§3.2", mat(Tensor2(xt::transpose(softmax_forward(Tensor2(xt::transpose(S)))))));
    // With d_k = 1 (the handout's example) there is no scale to forget.
    if (Q.shape(1) > 1) wrong(p, "no-scaling", "§3.1", mat(attention_weights(Q, K, 1.0)));
}
std::string attention_matrix_fair(const Problem& p) {
    const Tensor2 A = to_tensor<2>(step_values(p, "weights").front().value, "practice", "A", "[n][m]");
    int uniform = 0;
    for (std::size_t i = 0; i < A.shape(0); ++i) {
        const Tensor1 row = xt::row(A, i);
        const std::vector<double> w(row.begin(), row.end());
        if (saturated(w)) return "a row is saturated";
        uniform += flat(w, 0.02);
    }
    // One query that reads every key alike is part of the handout's example; more is a guess.
    if (uniform > 1) return "more than one row is uniform";
    return "";
}

}  // namespace

// This part's families, in the handout's order.
std::vector<Entry> scaling_families() {
    return {
        {{"saturation", "§3.1", Format::vector}, saturation_draw, saturation_solve, saturation_fair},
        {{"score-variance", "§3.1", Format::number}, variance_draw, variance_solve, always_fair},
        {{"attention-matrix", "§3.2", Format::matrix},
         attention_matrix_draw,
         attention_matrix_solve,
         attention_matrix_fair},
    };
}

}  // namespace lab::practice::detail
