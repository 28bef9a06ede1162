// Practice families for §2: one query’s retrieval.
#include <algorithm>
#include <cmath>

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

}  // namespace

// This part's families, in the handout's order.
std::vector<Entry> retrieval_families() {
    return {
        {{"retrieval", "§2.1", Format::vector}, retrieval_draw, retrieval_solve, retrieval_fair},
    };
}

}  // namespace lab::practice::detail
