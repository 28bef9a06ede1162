// Practice families for §9.1–§9.2, reading nanoGPT: the shapes of its attention's tensors in its
// own names (B, T, C, nh, hs).
#include "lab/practice/family.hpp"

namespace lab::practice::detail {
namespace {

// ---- §9.1 nanoGPT's shapes: c_attn(x), q after view(...).transpose(1, 2), att ----

// nh >= 2, T != nh and T != hs, so that reading the view without the transpose, taking hs as C,
// or giving att y's shape each gives another shape.
void nanogpt_shapes_draw(Problem& p, Dice& d, bool handout) {
    double B = 2, T = 5, nh = 2, hs = 4;
    p.variant = "heads";
    if (!handout) {
        p.variant = d.pick<std::string>({"heads", "att", "c_attn"});
        B = d(1, 8);
        nh = d.pick<double>({2, 4, 6, 8, 12});
        hs = d.pick<double>({4, 8, 16, 32, 64});
        do T = d(2, 64);
        while (T == nh || T == hs);
    }
    const double C = nh * hs;
    p.given = {{"B", scalar(B)}, {"T", scalar(T)}, {"C", scalar(C)}, {"nh", scalar(nh)}};
    p.inputs = p.variant == "heads" ? std::vector<std::string>{"B", "T", "C", "nh"}
               : p.variant == "att" ? std::vector<std::string>{"B", "T", "nh"}
                                    : std::vector<std::string>{"B", "T", "C"};
}

void nanogpt_shapes_solve(Problem& p) {
    const double B = size_of(p, "B"), T = size_of(p, "T"), C = size_of(p, "C"), nh = size_of(p, "nh");
    invariant(std::fmod(C, nh) == 0, p, "divisible");
    const double hs = C / nh;
    p.steps = {{"split", {{"hs", scalar(hs)}}}};
    if (p.variant == "heads") {
        p.answer = dims({B, nh, T, hs});
        wrong(p, "view-without-transpose", "§9.1", dims({B, T, nh, hs}));
        wrong(p, "hs-as-C", "§9.1", dims({B, nh, T, C}));
        wrong(p, "heads-first", "§4.2", dims({nh, B, T, hs}));  // the same for B = nh: redrawn
    } else if (p.variant == "att") {
        p.answer = dims({B, nh, T, T});
        wrong(p, "no-head-axis", "§4.2", dims({B, T, T}));
        wrong(p, "att-as-y", "§9.1", dims({B, nh, T, hs}));
        wrong(p, "heads-first", "§4.2", dims({nh, B, T, T}));
    } else {
        p.answer = dims({B, T, 3 * C});
        wrong(p, "c_attn-one-projection", "§9.1", dims({B, T, C}));
    }
}

}  // namespace

std::vector<Entry> nanogpt_families() {
    // Shapes from up to 8 x 12 x 64 x 64: far more than 200 answers.
    return {{{"nanogpt-shapes", "§9.1", Format::shape}, nanogpt_shapes_draw, nanogpt_shapes_solve, always_fair}};
}

}  // namespace lab::practice::detail
