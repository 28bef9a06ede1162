// Practice families for §6.1: order, and the position vectors that give it.
#include <algorithm>
#include <cmath>

#include <xtensor/xview.hpp>

#include "lab/layers/attention.hpp"
#include "lab/layers/positions.hpp"
#include "lab/practice/family.hpp"

namespace lab::practice::detail {
namespace {

// ---- §6.1: the output after swapping two rows, for attention with no positions and no mask ----

void permutation_draw(Problem& p, Dice& d, bool) {
    static const std::vector<std::pair<int, int>> swaps = {{0, 1}, {0, 2}, {1, 2}};
    const auto [a, b] = d.pick(swaps);
    p.given = {{"X", nd(d.matrix(3, 2, -2, 2))}, {"a", scalar(a)}, {"b", scalar(b)}};
    p.inputs = {"X"};
}
void permutation_solve(Problem& p) {
    const Tensor2 X = matrix_of(p, "X");
    const long T = long(X.shape(0));
    const long a = whole_of(p, "a", 0, T - 1), b = whole_of(p, "b", 0, T - 1);
    invariant(a != b, p, "differentRows");
    Tensor2 P = X;
    xt::row(P, a) = xt::row(X, b);
    xt::row(P, b) = xt::row(X, a);
    const Tensor2 Y = first(attention_forward(one(X), one(X), one(X), {}).output);
    const Tensor2 YP = first(attention_forward(one(P), one(P), one(P), {}).output);
    set_given(p, "Y", nd(Y));  // shown beside X: the question is what the swap does to it
    p.answer = mat(YP);
    p.steps = {{"swap", {{"X swapped", nd(P)}}}, {"output", {{"Y for the swapped input", nd(YP)}}}};
    wrong(p, "invariant", "§6.1", mat(Y));
    wrong(p, "inputs-swapped", "§6.1", mat(P));
}
std::string permutation_fair(const Problem& p) {
    const Tensor2 X = matrix_of(p, "X");
    const long a = long(number_of(p, "a")), b = long(number_of(p, "b"));
    if (xt::amax(xt::abs(xt::row(X, a) - xt::row(X, b)))() < 1) return "the swapped rows are equal";
    return "";
}

// ---- §6.1: a sinusoidal entry, or the size of a learned table ----

void positions_draw(Problem& p, Dice& d, bool) {
    p.variant = d.pick<std::string>({"sinusoidal", "learned"});
    if (p.variant == "sinusoidal") {
        const int D = d.pick<int>({4, 6, 8, 10, 12, 16}), pos = d(0, d.wide() ? 99 : 30), i = d(0, D - 1);
        p.given = {{"p", scalar(pos)}, {"i", scalar(i)}, {"D", scalar(D)}};
        p.inputs = {"p", "i"};
        if (i >= 2) p.inputs.push_back("D");  // features 0 and 1 have frequency 1 for every D
    } else {
        p.format = Format::integer;  // a count is exact
        // Edition 2 draws lengths and widths of many sizes, not a few round ones a class would share.
        const double Tm =
            d.wide() ? 16 * d(1, 128) : d.pick<double>({16, 24, 32, 48, 64, 100, 128, 256, 512, 1024, 2048});
        const double D = d.wide() ? 8 * d(1, 96) : d.pick<double>({8, 12, 16, 24, 32, 48, 64, 96, 128, 256});
        p.given = {{"T_max", scalar(Tm)}, {"D", scalar(D)}};
        p.inputs = {"T_max", "D"};
    }
}
void positions_solve(Problem& p) {
    if (p.variant == "sinusoidal") {
        const std::size_t D = std::size_t(size_of(p, "D"));
        const std::size_t pos = std::size_t(whole_of(p, "p", 0, 1L << 20)),
                          i = std::size_t(whole_of(p, "i", 0, long(D) - 1));
        const Tensor2 pe = sinusoidal_table(pos + 2, D);
        p.answer = number(pe(pos, i));
        const double angle = double(pos) / std::pow(10000.0, double(2 * (i / 2)) / double(D));
        p.steps = {{"angle", {{"angle", scalar(angle)}}}, {"value", {{"PE", scalar(pe(pos, i))}}}};
        wrong(p, "sin-cos-swapped", "§6.1", number(i % 2 ? std::sin(angle) : std::cos(angle)));
        wrong(p, "one-based", "§6.1", number(pe(pos + 1, i)));
    } else {
        const double Tm = size_of(p, "T_max"), D = size_of(p, "D");
        p.answer = whole(Tm * D);
        p.steps = {{"table", {{"T_max D", scalar(Tm * D)}}}};
        wrong(p, "table-size", "§6.1", whole(Tm + D));
        wrong(p, "table-square", "§6.1", whole(D * D));
    }
}
std::string positions_fair(const Problem& p) {
    if (p.variant != "sinusoidal") return "";
    const double v = std::abs(p.answer.numbers[0]);
    if (v < 0.02 || v > 0.98) return "the entry is (nearly) 0 or ±1, a guess";
    return "";
}

}  // namespace

// This part's families, in the handout's order.
std::vector<Entry> positions_families() {
    return {
        {{"permutation", "§6.1", Format::matrix}, permutation_draw, permutation_solve, permutation_fair},
        {{"positions", "§6.1", Format::number}, positions_draw, positions_solve, positions_fair},
    };
}

}  // namespace lab::practice::detail
