// Practice families for §8.1: einsum strings for the contractions of attention.
#include <algorithm>
#include <cmath>

#include <xtensor/xview.hpp>

#include "lab/practice/family.hpp"

namespace lab::practice::detail {
namespace {

// ---- §8.1: einsum strings for the contractions of attention ----

struct Contraction {
    const char* variant;
    const char* answer;
    std::vector<std::pair<const char*, const char*>> mistakes;  // (misconception, its string)
};
const std::vector<Contraction>& contractions() {
    static const std::vector<Contraction> c = {
        {"scores",
         "bid,bjd->bij",
         {{"transposed-keys", "bid,bdj->bij"},
          {"transposed-output", "bid,bjd->bji"},
          {"kept-summed-axis", "bid,bjd->bijd"}}},
        {"values",
         "bij,bje->bie",
         {{"summed-queries", "bij,bie->bje"},
          {"kept-summed-axis", "bij,bje->bije"},
          {"summed-wrong-axis", "bij,bje->bij"}}},
        {"head-scores",
         "bhid,bhjd->bhij",
         {{"summed-heads", "bhid,bhjd->bij"},
          {"transposed-output", "bhid,bhjd->bhji"},
          {"kept-summed-axis", "bhid,bhjd->bhijd"}}},
        {"head-values",
         "bhij,bhje->bhie",
         {{"summed-heads", "bhij,bhje->bie"},
          {"summed-queries", "bhij,bhie->bhje"},
          {"kept-summed-axis", "bhij,bhje->bhije"}}},
        {"ellipsis",
         "...id,...jd->...ij",
         {{"fixed-batch", "bid,bjd->bij"},
          {"transposed-output", "...id,...jd->...ji"},
          {"kept-summed-axis", "...id,...jd->...ijd"}}},
        {"projection",
         "btc,cd->btd",
         {{"linear-layout", "btc,dc->btd"},
          {"transposed-output", "btc,cd->bdt"},
          {"kept-summed-axis", "btc,cd->btcd"}}},
    };
    return c;
}
void einsum_draw(Problem& p, Dice& d, bool handout) {
    std::vector<std::string> variants;
    for (const auto& c : contractions()) variants.push_back(c.variant);
    p.variant = handout ? variants.front() : d.pick(variants);
}
void einsum_solve(Problem& p) {
    for (const auto& c : contractions()) {
        if (p.variant != c.variant) continue;
        p.answer = einsum(c.answer);
        p.steps = {{"summed-axis", {}}};
        for (const auto& [id, text] : c.mistakes) wrong(p, id, "§8.1", einsum(text));
        return;
    }
    invariant(false, p, "question", p.variant);
}

}  // namespace

// One answer per contraction asked: six of them.
// This part's families, in the handout's order.
std::vector<Entry> einsum_families() {
    return {
        {{"einsum", "§8.1", Format::einsum, 6}, einsum_draw, einsum_solve, always_fair},
    };
}

}  // namespace lab::practice::detail
