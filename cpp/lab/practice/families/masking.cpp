// Practice families for §7.3: what the causal mask allows, and why it must be in every block.
#include <algorithm>
#include <cmath>

#include <xtensor/xview.hpp>

#include "lab/page/checks.hpp"
#include "lab/practice/family.hpp"

namespace lab::practice::detail {
namespace {

// ---- §7.3, §7.4: which keys a query may attend to, or which queries see a key ----

// Edition 1 asks a query's keys {0..i} or a key's queries {j..T-1} with T up to 10: about 80 runs
// for a whole class. Edition 2 (past the handout's own) asks how many (query, key) pairs the mask
// keeps in T up to 1,000, or a key's queries near the end of a sequence of up to 500 (at most 6
// positions to type).
void causal_mask_draw(Problem& p, Dice& d, bool handout) {
    if (d.wide() && !handout) {
        p.variant = d.pick<std::string>({"pairs", "queries"});
        if (p.variant == "pairs") {
            p.format = Format::integer;
            p.given = {{"T", scalar(d(2, 1000))}};
            p.inputs = {"T"};
            return;
        }
        const int T = d(3, 500);
        p.given = {{"T", scalar(T)}, {"j", scalar(T - d(1, std::min(6, T - 1)))}};
        p.inputs = {"T", "j"};
        return;
    }
    p.variant = handout ? "keys" : d.pick<std::string>({"keys", "queries"});
    const int T = handout ? 3 : d(3, 10);
    const int at = handout ? 1 : p.variant == "keys" ? d(0, T - 2) : d(1, T - 1);
    p.given = {{"T", scalar(T)}, {p.variant == "keys" ? "i" : "j", scalar(at)}};
    // query i's keys do not depend on T; key j's queries do
    p.inputs = p.variant == "keys" ? std::vector<std::string>{"i"} : std::vector<std::string>{"T", "j"};
}
void causal_mask_solve(Problem& p) {
    const long T = long(size_of(p, "T"));
    if (p.variant == "pairs") {
        // Query i keeps keys 0..i: 1 + 2 + ... + T.
        const double n = double(T);
        p.answer = whole(n * (n + 1) / 2);
        p.steps = {{"pairs", {{"T (T + 1) / 2", scalar(n * (n + 1) / 2)}}}};
        wrong(p, "included-future", "§7.3", whole(n * n));
        wrong(p, "excluded-diagonal", "§7.4", whole(n * (n - 1) / 2));
        return;
    }
    if (p.variant == "keys") {
        const long i = whole_of(p, "i", 0, T - 1);
        p.answer = positions(0, i + 1);
        p.steps = {{"keep", {{"keys", nd(Tensor1(xt::arange<double>(0, double(i + 1))))}}}};
        wrong(p, "included-future", "§7.3", positions(0, T));
        wrong(p, "excluded-diagonal", "§7.4", positions(0, i));
        wrong(p, "reversed", "§7.3", positions(i, T));
    } else {
        const long j = whole_of(p, "j", 0, T - 1);
        p.answer = positions(j, T);
        p.steps = {{"keep", {{"queries", nd(Tensor1(xt::arange<double>(double(j), double(T))))}}}};
        wrong_run(p, "reversed", "§7.3", 0, j + 1);
        wrong(p, "excluded-diagonal", "§7.4", positions(j + 1, T));
        wrong_run(p, "no-mask", "§7.3", 0, T);
    }
}

// ---- §7.3: what an output can read when the mask is in some blocks only ----

// The evidence and the answer come from the engine: §7.4's block stacked L times with sinusoidal
// positions; dependence(i, j) is how much output i moves when token j changes.
void leak_draw(Problem& p, Dice& d, bool handout) {
    p.variant = handout ? "can" : d.pick<std::string>({"can", "which"});
    if (p.variant == "which")
        p.format = Format::positions;
    else
        p.words = {"yes", "no"};
    const int L = handout ? 2 : d(2, 3);
    const int T = handout ? 3 : d(3, 5);
    Tensor1 mask = xt::zeros<double>({std::size_t(L)});
    if (handout)
        mask(1) = 1;  // the mask in the last block only
    else
        for (auto& m : mask) m = d(0, 1);
    // An earlier token is always readable, mask or not, and the last output reads every token
    // either way: neither makes a question whose answer depends on the mask.
    const int a = handout ? 0 : d(0, T - 2);
    const int b = handout ? 2 : d(a + 1, T - 1);
    p.given = {{"T", scalar(T)}, {"mask", nd(mask)}, {"a", scalar(a)}};
    if (p.variant == "can") p.given.push_back({"b", scalar(b)});
    p.inputs = p.variant == "can" ? std::vector<std::string>{"mask"} : std::vector<std::string>{"mask", "a"};
}
void leak_solve(Problem& p) {
    const long T = whole_of(p, "T", 2, 8);
    const Tensor1 mask = vector_of(p, "mask");
    invariant(mask.size() >= 1 && mask.size() <= 4, p, "oneToFourBlocks");
    LmParams m = toy_model(mask.size());
    m.positions.reset();
    m.head.reset();
    LmOptions o = toy_options();
    o.positions = PositionKind::sinusoidal;
    bool masked_somewhere = false, masked_everywhere = true, last_only = mask.size() > 1;
    for (std::size_t l = 0; l < mask.size(); ++l) {
        invariant(mask(l) == 0 || mask(l) == 1, p, "maskFlag");
        o.mask_blocks.push_back(mask(l) == 1);
        masked_somewhere |= mask(l) == 1;
        masked_everywhere &= mask(l) == 1;
        if (l + 1 < mask.size())
            last_only &= mask(l) == 0;
        else
            last_only &= mask(l) == 1;
    }
    std::vector<int> tokens;
    for (long t = 0; t < T; ++t) tokens.push_back(int(t % 3));
    const Tensor2 dep = future_dependence(tokens, m, o, "practice");
    p.steps = {{"copy", {{"dependence", nd(dep)}}}};
    const long a = whole_of(p, "a", 0, T - 1);
    const char* enough = last_only ? "last-block-enough" : "mask-somewhere-enough";
    if (p.variant == "can") {
        const long b = whole_of(p, "b", 0, T - 1);
        invariant(a != b, p, "differentPositions");
        const bool reads = dep(a, b) > 0;
        p.answer = word(Format::choice, reads ? "yes" : "no");
        if (reads && masked_somewhere)
            wrong(p, enough, "§7.3", word(Format::choice, "no"));
        else if (!reads)
            wrong(p, "mask-leaks", "§7.3", word(Format::choice, "yes"));
    } else {
        std::vector<long> reads;
        for (long j = 0; j < T; ++j)
            if (dep(a, j) > 0) reads.push_back(j);
        p.answer = position_set(reads);
        const Answer causal = positions(0, a + 1);
        if (masked_everywhere) {
            wrong(p, "mask-hides-past", "§7.3", positions(a, a + 1));
            wrong(p, "included-future", "§7.3", positions(0, T));
        } else if (masked_somewhere) {
            wrong(p, enough, "§7.3", causal);
        }
    }
}
std::string leak_fair(const Problem& p) {
    // An exact zero is a path the mask cuts; anything else must be clearly not zero.
    for (double v : step_values(p, "copy").front().value.data)
        if (v != 0 && v < 1e-6) return "a dependence is too small to read";
    return "";
}

}  // namespace

// A run of positions {0..i} or {j..T-1}: with T up to 10 there are only about 80.
// This part's families, in the handout's order.
std::vector<Entry> masking_families() {
    return {
        {{"causal-mask", "§7.3", Format::positions}, causal_mask_draw, causal_mask_solve, always_fair},
        // yes / no, or a run of positions: the variety is in the mask patterns and positions asked.
        {{"leak", "§7.3", Format::choice, 4}, leak_draw, leak_solve, leak_fair},
    };
}

}  // namespace lab::practice::detail
