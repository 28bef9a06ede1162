// Practice families for §9.4: the encoder-decoder's cross-attention, where queries come from the
// decoder and keys and values from the encoder's output (the memory).
#include <algorithm>

#include "lab/practice/family.hpp"

namespace lab::practice::detail {
namespace {

// Three questions: the weights' shape, the output's shape, and which memory positions a target
// position reads (edition 1) or how many weights of one head are not masked (edition 2: the
// positions are a run 0 .. T_enc - 1, a dozen answers for a class). T_dec and T_enc always
// differ, so that taking keys and values from the decoder, or the output's length from the
// memory, gives a different answer.
void cross_attention_draw(Problem& p, Dice& d, bool handout) {
    double B = 2, H = 4, Tdec = 5, Tenc = 7, D = 16, i = 2;
    p.variant = "weights";
    if (!handout) {
        p.variant = d.pick<std::string>({"weights", "output", d.wide() ? "count" : "reads"});
        B = d(1, 8);
        H = d.pick<double>({1, 2, 4, 8});
        const int longest = d.wide() ? 64 : 12;
        Tdec = d(2, longest);
        do Tenc = d(2, longest);
        while (Tenc == Tdec);
        D = H * d(1, 8);
        i = d(0, int(std::min(Tdec, Tenc)) - 2);  // a target position with memory positions after it
    }
    if (p.variant == "count") {
        p.format = Format::integer;
        p.given = {{"T_dec", scalar(Tdec)}, {"T_enc", scalar(Tenc)}};
        p.inputs = {"T_dec", "T_enc"};
    } else if (p.variant == "reads") {
        p.format = Format::positions;
        p.given = {{"T_dec", scalar(Tdec)}, {"T_enc", scalar(Tenc)}, {"i", scalar(i)}};
        p.inputs = {"T_enc"};
    } else {
        p.given = {
            {"B", scalar(B)}, {"H", scalar(H)}, {"D", scalar(D)}, {"T_dec", scalar(Tdec)}, {"T_enc", scalar(Tenc)}};
        p.inputs = p.variant == "weights" ? std::vector<std::string>{"B", "H", "T_dec", "T_enc"}
                                          : std::vector<std::string>{"B", "D", "T_dec"};
    }
}

void cross_attention_solve(Problem& p) {
    const double Tdec = size_of(p, "T_dec"), Tenc = size_of(p, "T_enc");
    invariant(Tdec != Tenc, p, "lengthsDiffer");
    if (p.variant == "count") {
        // Every target position reads every memory position: nothing on the source side is
        // generated, so nothing is masked.
        p.answer = whole(Tdec * Tenc);
        p.steps = {{"per-matrix", {{"T_dec T_enc", scalar(Tdec * Tenc)}}}};
        double causal = 0;  // position i would read min(i + 1, T_enc) positions
        for (double i = 0; i < Tdec; ++i) causal += std::min(i + 1, Tenc);
        wrong(p, "causal-cross", "§9.4", whole(causal));
        wrong(p, "kv-from-decoder", "§9.4", whole(Tdec * Tdec));
        return;
    }
    if (p.variant == "reads") {
        const long i = whole_of(p, "i", 0, long(Tdec) - 1);
        invariant(i + 1 < long(Tenc), p, "memoryAfterI");
        p.answer = positions(0, long(Tenc));
        p.steps = {{"keep", {{"memory positions", nd(Tensor1(xt::arange<double>(0, Tenc)))}}}};
        wrong(p, "causal-cross", "§9.4", positions(0, i + 1));
        wrong(p, "from-own-position", "§9.4", positions(i, long(Tenc)));  // the same for i = 0: redrawn
        return;
    }
    const double B = size_of(p, "B"), H = size_of(p, "H"), D = size_of(p, "D");
    invariant(std::fmod(D, H) == 0, p, "divisible");
    p.steps = {{"split", {{"d_h", scalar(D / H)}}}};
    if (p.variant == "weights") {
        p.answer = dims({B, H, Tdec, Tenc});
        wrong(p, "kv-from-decoder", "§9.4", dims({B, H, Tdec, Tdec}));
        wrong(p, "queries-from-memory", "§9.4", dims({B, H, Tenc, Tdec}));
        wrong(p, "no-head-axis", "§4.2", dims({B, Tdec, Tenc}));
        wrong(p, "heads-first", "§4.2", dims({H, B, Tdec, Tenc}));  // the same for B = H: redrawn
    } else {
        p.answer = dims({B, Tdec, D});
        wrong(p, "queries-from-memory", "§9.4", dims({B, Tenc, D}));
        wrong(p, "heads-not-concatenated", "§4", dims({B, Tdec, D / H}));  // the same for H = 1: redrawn
    }
}

}  // namespace

std::vector<Entry> encoder_decoder_families() {
    // Edition 2: shapes of up to 8 x 8 x 64 x 64 and products of two lengths, far more than 200
    // answers (edition 1: lengths up to 12, and runs of memory positions).
    return {{{"cross-attention", "§9.4", Format::shape}, cross_attention_draw, cross_attention_solve, always_fair}};
}

}  // namespace lab::practice::detail
