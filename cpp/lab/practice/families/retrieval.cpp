// Practice families for §2: one query’s retrieval.
#include <algorithm>
#include <cmath>

#include <xtensor/xsort.hpp>
#include <xtensor/xview.hpp>

#include "lab/layers/attention.hpp"
#include "lab/page/ops.hpp"
#include "lab/practice/family.hpp"

namespace lab::practice::detail {
namespace {

// ---- §2.1: y for one query over three keys ----

void retrieval_draw(Problem& p, Dice& d, bool handout) {
    Tensor2 q{{1, 0}}, K{{std::sqrt(2.0) * kLn2, 0}, {0, 1}, {0, -1}}, V{{2, 0}, {0, 2}, {4, 4}};
    if (!handout) {
        q = d.matrix(1, 2, -1, 2);
        K = d.matrix(3, 2, -2, 2);
        V = d.matrix(3, 2, -2, 4);
    }
    p.given = {{"q", nd(q)}, {"K", nd(K)}, {"V", nd(V)}};
    p.inputs = {"q", "K", "V"};
}
void retrieval_solve(Problem& p) {
    const Tensor2 q = matrix_of(p, "q"), K = matrix_of(p, "K"), V = matrix_of(p, "V");
    const AttentionResult r = attention_forward(one(q), one(K), one(V), {});
    p.answer = row_answer(first(r.output), 0);
    p.steps = {{"scores", {{"s", nd(first(r.scores))}}},
               {"weights", {{"a", nd(first(r.weights))}}},
               {"output", {{"y", nd(first(r.output))}}}};
    AttentionOptions unscaled;
    unscaled.scale = 1.0;
    wrong(p, "no-scaling", "§3.1", row_answer(first(attention_forward(one(q), one(K), one(V), unscaled).output), 0));
    const Tensor1 s = xt::row(first(r.scores), 0);
    const double total = xt::sum(s)();
    // Normalising raw scores is only a mistake one can make when they do not sum to zero.
    if (std::abs(total) > 1e-9) wrong(p, "no-exp", "§2.1", row_answer(matmul(as_row(Tensor1(s / total)), V), 0));
    wrong(p, "keys-not-values", "§2.1", row_answer(matmul(first(r.weights), K), 0));
}
std::string retrieval_fair(const Problem& p) {
    const auto& a = step_data(p, "weights");
    if (saturated(a)) return "the weights are saturated";
    if (flat(a)) return "the weights are uniform";
    return "";
}

// ---- §2.2: an intervention, removing one position ----

// K and V without row j.
Tensor2 without_row(const Tensor2& m, std::size_t j) {
    Tensor2 out({m.shape(0) - 1, m.shape(1)});
    for (std::size_t r = 0, o = 0; r < m.shape(0); ++r)
        if (r != j) xt::row(out, o++) = xt::row(m, r);
    return out;
}

// How much the output moves when position j (its key and its value) is removed: y' - y. In the
// "zero-value" variant position j has the largest weight and a value of zero, so the weight
// alone says it matters most while its value says it adds nothing; removing it still moves y,
// because the other weights grow to fill its share (§2.2: test a claim by intervening).
void intervention_draw(Problem& p, Dice& d, bool handout) {
    Tensor2 q{{1, 0}}, K{{std::sqrt(2.0) * kLn2, 0}, {0, 1}, {0, -1}}, V{{2, 0}, {0, 2}, {4, 4}};
    double j = 0;
    p.variant = "remove";
    if (!handout) {
        p.variant = d.pick<std::string>({"remove", "zero-value"});
        const std::size_t n = std::size_t(d(3, 4));
        q = d.matrix(1, 2, -1, 2);
        K = d.matrix(n, 2, -2, 2);
        V = d.matrix(n, 2, -2, 4);
        if (p.variant == "zero-value") {
            const Tensor2 a = attention_weights(q, K, std::nullopt);
            j = double(xt::argmax(xt::row(a, 0))());
            xt::row(V, std::size_t(j)) = 0.0;
        } else {
            j = d(0, int(n) - 1);
        }
    }
    p.given = {{"q", nd(q)}, {"K", nd(K)}, {"V", nd(V)}, {"j", scalar(j)}};
    p.inputs = {"q", "K", "V", "j"};
}
void intervention_solve(Problem& p) {
    const Tensor2 q = matrix_of(p, "q"), K = matrix_of(p, "K"), V = matrix_of(p, "V");
    invariant(K.shape(0) >= 2 && V.shape(0) == K.shape(0), p, "keysAfterRemoval");
    const std::size_t j = std::size_t(whole_of(p, "j", 0, long(K.shape(0)) - 1));
    const auto output = [&](const Tensor2& keys, const Tensor2& values, std::optional<double> scale) {
        AttentionOptions o;
        o.scale = scale;
        return attention_forward(one(q), one(keys), one(values), o);
    };
    const AttentionResult before = output(K, V, std::nullopt);
    const AttentionResult after = output(without_row(K, j), without_row(V, j), std::nullopt);
    const Tensor1 y = xt::row(first(before.output), 0), y_after = xt::row(first(after.output), 0);
    const Tensor1 change = y_after - y;
    p.answer = vec(change);
    p.steps = {{"weights", {{"a", nd(first(before.weights))}}},
               {"output", {{"y", nd(y)}}},
               {"removed", {{"a'", nd(first(after.weights))}, {"y'", nd(y_after)}}},
               {"change", {{"y' - y", nd(change)}}}};
    // Striking out a_j v_j and leaving the other weights as they were: with v_j = 0, "no change".
    const double a_j = first(before.weights)(0, j);
    // (0 - x rather than -x, so that a zero value's "no change" reads [0, 0], not [-0, -0])
    wrong(p, "not-renormalised", "§2.2", vec(Tensor1(0.0 - a_j * Tensor1(xt::row(V, j)))));
    wrong(p, "reversed-change", "§2.2", vec(Tensor1(0.0 - change)));
    wrong(p, "gave-new-output", "§2.2", vec(y_after));  // the same when y is 0: redrawn
    const Tensor1 unscaled = Tensor1(xt::row(first(output(without_row(K, j), without_row(V, j), 1.0).output), 0)) -
                             Tensor1(xt::row(first(output(K, V, 1.0).output), 0));
    wrong(p, "no-scaling", "§3.1", vec(unscaled));
}
std::string intervention_fair(const Problem& p) {
    const auto& a = step_data(p, "weights");
    if (saturated(a)) return "the weights are saturated";
    if (flat(a)) return "the weights are uniform";
    const std::size_t j = std::size_t(number_of(p, "j"));
    // A position that holds almost no weight moves y by almost nothing: a weak question.
    if (a[j] < 0.1) return "the removed position has almost no weight";
    if (p.variant == "zero-value") {
        for (std::size_t i = 0; i < a.size(); ++i)
            if (i != j && a[i] >= a[j] - 0.05) return "position j does not have clearly the largest weight";
    }
    return "";
}

}  // namespace

// This part's families, in the handout's order.
std::vector<Entry> retrieval_families() {
    return {
        {{"retrieval", "§2.1", Format::vector}, retrieval_draw, retrieval_solve, retrieval_fair},
        {{"intervention", "§2.2", Format::vector}, intervention_draw, intervention_solve, intervention_fair},
    };
}

}  // namespace lab::practice::detail
