// Practice families for §4: counting parameters, two heads (§4.1), the shapes of multi-head attention (§4.2),
// and what a head does on a repeated sequence (§2.2, §4: its previous-token, induction and
// duplicate-token scores, and which of a model's heads is its induction head).
#include <algorithm>
#include <cmath>
#include <optional>

#include <xtensor/xsort.hpp>
#include <xtensor/xview.hpp>

#include "lab/layers/softmax.hpp"
#include "lab/page/ops.hpp"
#include "lab/practice/family.hpp"

namespace lab::practice::detail {
namespace {

// ---- §3.2, §4.2, §9: shapes of the tensors of multi-head attention ----

void shapes_draw(Problem& p, Dice& d, bool handout) {
    double B = 2, T = 5, D = 8, H = 4;
    p.variant = "heads";
    if (!handout) {
        p.variant = d.pick<std::string>({"heads", "weights", "fused"});
        B = d(1, 8);
        T = d(2, 16);
        H = d.pick<double>({2, 3, 4, 6, 8});
        D = H * d(2, 16);
    }
    p.given = {{"B", scalar(B)}, {"T", scalar(T)}, {"D", scalar(D)}, {"H", scalar(H)}};
    if (p.variant == "heads")
        p.inputs = {"B", "T", "D", "H"};
    else if (p.variant == "weights")
        p.inputs = {"B", "T", "H"};
    else
        p.inputs = {"B", "T", "D"};
}
void shapes_solve(Problem& p) {
    const double B = size_of(p, "B"), T = size_of(p, "T"), D = size_of(p, "D"), H = size_of(p, "H");
    invariant(std::fmod(D, H) == 0, p, "divisible");
    const double dh = D / H;
    p.steps = {{"split", {{"d_h", scalar(dh)}}}};
    if (p.variant == "heads") {
        p.answer = dims({B, H, T, dh});
        wrong(p, "no-transpose", "§4.2", dims({B, T, H, dh}));
        wrong(p, "no-head-axis", "§4.2", dims({B, T, D}));
        wrong(p, "heads-first", "§4.2", dims({H, B, T, dh}));  // the same for B = H: redrawn
    } else if (p.variant == "weights") {
        p.answer = dims({B, H, T, T});
        wrong(p, "no-head-axis", "§4.2", dims({B, T, T}));
        wrong(p, "no-transpose", "§4.2", dims({B, T, H, T}));
        wrong(p, "heads-first", "§4.2", dims({H, B, T, T}));
    } else {
        p.answer = dims({B, T, 3 * D});
        wrong(p, "one-projection", "§4.2", dims({B, T, D}));
        wrong(p, "split-too-early", "§4.2", dims({B, H, T, 3 * dh}));
    }
}

// ---- §4.2: memory against arithmetic ----

// Two questions on the same sizes: how many attention weights are stored (B H T^2, one T x T
// matrix per item and head), and how many multiply-adds the two products Q K^T and A V take
// (2 B T^2 D, whatever H is, because the heads split D). The engine's attention_cost answers.
void attention_cost_draw(Problem& p, Dice& d, bool handout) {
    double B = 2, T = 5, D = 8, H = 4;
    p.variant = "weights";
    if (!handout) {
        p.variant = d.pick<std::string>({"weights", "products"});
        B = d(2, d.wide() ? 16 : 8);  // B = 1 would hide a forgotten batch
        T = d(2, d.wide() ? 64 : 32);
        H = d.pick<double>({2, 4, 8, 12});  // H = 1 would hide the head axis
        D = H * d.pick<double>({2, 4, 8, 16});
    }
    p.given = {{"B", scalar(B)}, {"T", scalar(T)}, {"D", scalar(D)}, {"H", scalar(H)}};
    // The weights do not depend on D, nor the products on H: that is the point of the question.
    p.inputs =
        p.variant == "weights" ? std::vector<std::string>{"B", "T", "H"} : std::vector<std::string>{"B", "T", "D"};
}
void attention_cost_solve(Problem& p) {
    const auto size = [&](const char* name) { return std::size_t(whole_of(p, name, 1, 1 << 20)); };
    const std::size_t B = size("B"), T = size("T"), D = size("D"), H = size("H");
    const AttentionCost c = attention_cost(B, H, T, D, "practice");
    const double weights = double(c.weight_entries), products = double(c.multiply_adds);
    p.steps = {{"per-matrix", {{"T^2", scalar(double(T * T))}}}};
    if (p.variant == "weights") {
        p.answer = whole(weights);
        wrong(p, "no-head-axis", "§4.2", whole(weights / double(H)));
        wrong(p, "no-batch", "§3.2", whole(weights / double(B)));
        wrong(p, "linear-in-T", "§4.2", whole(weights / double(T)));
    } else {
        p.steps.push_back({"products", {{"B T^2 D", scalar(products / 2)}}});
        p.answer = whole(products);
        wrong(p, "one-product", "§4.2", whole(products / 2));
        wrong(p, "heads-add-work", "§4.2", whole(products * double(H)));
        wrong(p, "linear-in-T", "§4.2", whole(products / double(T)));
        wrong(p, "no-batch", "§3.2", whole(products / double(B)));       // the same for B = 1: redrawn
        wrong(p, "one-head-work", "§4.2", whole(products / double(H)));  // the same for H = 1: redrawn
    }
}

// ---- §4 and §6: parameter counts ----

void param_count_draw(Problem& p, Dice& d, bool handout) {
    p.variant = handout ? "attention" : d.pick<std::string>({"attention", "vocabulary"});
    if (p.variant == "attention") {
        double H = 2, D = 8, bias = 0;
        if (!handout) {
            H = d.wide() ? d.pick<double>({1, 2, 3, 4, 6, 8, 12}) : d.pick<double>({1, 2, 4, 8});
            D = H * d(2, d.wide() ? 64 : 16);
            bias = d(0, 1);
        }
        p.given = {{"D", scalar(D)}, {"H", scalar(H)}, {"bias", scalar(bias)}};
        p.inputs = {"D", "bias"};  // not H: the count is the same for any H that divides D
    } else {
        // Edition 2 draws vocabularies, widths and lengths of many sizes: a few round ones give a
        // class of 200 about a hundred answers.
        const double V =
            d.wide() ? d.pick<double>({50, 65, 96, 100, 128, 256, 500, 512, 1000, 2048, 5000, 8192, 10000, 32000})
                     : d.pick<double>({50, 65, 96, 100, 128, 256, 512, 1000});
        const double D = d.wide() ? 8 * d(2, 96) : d.pick<double>({16, 24, 32, 48, 64, 128});
        const double Tm = d.wide() ? 16 * d(2, 128) : d.pick<double>({32, 64, 128, 256, 1024});
        const double learned = d(0, 1), tied = d(0, 1);
        p.given = {{"V", scalar(V)},
                   {"D", scalar(D)},
                   {"T_max", scalar(Tm)},
                   {"learned", scalar(learned)},
                   {"tied", scalar(tied)}};
        p.inputs = {"V", "D", "learned", "tied"};
        if (learned) p.inputs.push_back("T_max");
    }
}
void param_count_solve(Problem& p) {
    if (p.variant == "attention") {
        const double D = size_of(p, "D"), H = size_of(p, "H");
        const bool bias = whole_of(p, "bias", 0, 1);
        invariant(std::fmod(D, H) == 0, p, "divisible");
        const double b = bias ? 4 * D : 0;
        p.answer = whole(4 * D * D + b);
        p.steps = {{"projections", {{"3 D^2", scalar(3 * D * D)}}},
                   {"output", {{"D^2", scalar(D * D)}}},
                   {"biases", {{"4 D", scalar(b)}}}};
        wrong(p, "forgot-wo", "§4", whole(3 * D * D + (bias ? 3 * D : 0)));
        if (H > 1) wrong(p, "per-head", "§4", whole(4 * D * D * H + b));
        wrong(p, bias ? "forgot-biases" : "counted-biases", "§4", whole(4 * D * D + (bias ? 0 : 4 * D)));
    } else {
        const double V = size_of(p, "V"), D = size_of(p, "D"), Tm = size_of(p, "T_max");
        const bool learned = whole_of(p, "learned", 0, 1), tied = whole_of(p, "tied", 0, 1);
        const double answer = V * D + (learned ? Tm * D : 0) + (tied ? 0 : D * V);
        p.answer = whole(answer);
        p.steps = {{"embedding", {{"V D", scalar(V * D)}}},
                   {"positions", {{"T_max D", scalar(learned ? Tm * D : 0)}}},
                   {"head", {{"D V", scalar(tied ? 0 : D * V)}}}};
        if (learned)
            wrong(p, "forgot-positions", "§6.1", whole(answer - Tm * D));
        else
            wrong(p, "counted-sinusoidal", "§6.1", whole(answer + Tm * D));
        if (tied)
            wrong(p, "tied-twice", "§6", whole(answer + D * V));
        else
            wrong(p, "forgot-head", "§6", whole(answer - D * V));
    }
}

// ---- §4.1: the concatenated outputs of two heads ----

void two_heads_draw(Problem& p, Dice& d, bool handout) {
    Tensor1 s1{kLn8, 0, 0}, s2{0, kLn8, 0};
    Tensor2 V{{2, 0}, {0, 2}, {4, 4}};
    if (!handout) {
        // logarithms of small whole numbers, so that the exponentials are whole numbers
        const std::vector<double> logs{0, kLn2, std::log(3.0), std::log(4.0), std::log(5.0)};
        for (auto& x : s1) x = d.pick(logs);
        for (auto& x : s2) x = d.pick(logs);
        V = d.matrix(3, 2, -2, 4);
    }
    p.given = {{"s1", nd(s1)}, {"s2", nd(s2)}, {"V", nd(V)}};
    p.inputs = {"s1", "s2", "V"};
}
void two_heads_solve(Problem& p) {
    const Tensor1 s1 = vector_of(p, "s1"), s2 = vector_of(p, "s2");
    const Tensor2 V = matrix_of(p, "V");
    const auto head = [&](const Tensor1& s) {
        const Tensor2 a = softmax_forward(as_row(s));  // the scores are given already scaled
        invariant(a.shape(1) == V.shape(0), p, "scorePerValueRow");
        return Tensor1(xt::row(matmul(a, V), 0));
    };
    const Tensor1 h1 = head(s1), h2 = head(s2);
    const Tensor1 concat = xt::concatenate(xt::xtuple(h1, h2));
    p.answer = vec(concat);
    p.steps = {{"weights", {{"a1", nd(softmax_forward(as_row(s1)))}, {"a2", nd(softmax_forward(as_row(s2)))}}},
               {"head1", {{"head 1", nd(h1)}}},
               {"head2", {{"head 2", nd(h2)}}},
               {"concat", {{"concat", nd(concat)}}}};
    wrong(p, "averaged", "§4.1", vec((h1 + h2) / 2.0));
    wrong(p, "summed", "§4.1", vec(h1 + h2));
    wrong(p, "heads-swapped", "§4.1", vec(Tensor1(xt::concatenate(xt::xtuple(h2, h1)))));
}
std::string two_heads_fair(const Problem& p) {
    for (const auto& w : step_values(p, "weights"))
        if (flat(w.value.data)) return "a head reads every value alike";
    return "";
}

// ---- §2.2, §4: a head's scores on a repeated sequence ----

// One head's causal attention A (T x T) on `period` tokens repeated once (T = 2 period), each row's
// weights hundredths summing to 1 over the positions it may see (30 to 90 of them on one position
// the row favours, half the time the one the question's stripe reads, the rest spread), so that a
// mean along a stripe is exact by hand and the head looks like what it is asked about; and one of
// the head's scores, the mean of A along a stripe (model.headScores): previous-token, A[i][i - 1]
// over rows i >= 1; induction, A[i][i - period + 1] over the repeat's rows i >= period (the token
// after this one's first appearance); duplicate, A[i][i - period] over the same rows (its first
// appearance).
void head_scores_draw(Problem& p, Dice& d, bool) {
    p.variant = d.pick<std::string>({"induction", "previous-token", "duplicate"});
    const int period = d(3, 5);
    const std::size_t T = std::size_t(2 * period);
    // the column the question's stripe reads in row i, or -1 where it reads none
    const auto stripe_column = [&](int i) {
        if (p.variant == "previous-token") return i - 1;
        if (i < period) return -1;
        return p.variant == "induction" ? i - period + 1 : i - period;
    };
    Tensor2 A = xt::zeros<double>({T, T});
    for (int i = 0; i < int(T); ++i) {
        const int on_stripe = stripe_column(i);
        const int favourite = on_stripe >= 0 && d(0, 1) ? on_stripe : d(0, i);
        const int held = d(30, 90);
        A(std::size_t(i), std::size_t(favourite)) += held;
        for (int hundredth = held; hundredth < 100; ++hundredth) A(std::size_t(i), std::size_t(d(0, i))) += 1;
    }
    A = A / 100.0;  // hundredths exactly as a student writes them
    // distinct ids in the first stretch, so that each token of the repeat has one first appearance
    std::vector<double> ids = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, tokens(T);
    for (std::size_t i = 0; i < T; ++i) {
        if (i < std::size_t(period)) std::swap(ids[i], ids[std::size_t(d(int(i), 9))]);
        tokens[i] = i < std::size_t(period) ? ids[i] : tokens[i - std::size_t(period)];
    }
    p.given = {{"A", nd(A)}, {"period", scalar(period)}, {"tokens", NdArray{{T}, tokens}}};
    p.inputs = {"A", "period"};
}
// The mean of A[i][i - back] over rows i >= from, and its entries.
std::pair<double, Tensor1> stripe(const Tensor2& A, std::size_t back, std::size_t from) {
    const std::size_t T = A.shape(0);
    Tensor1 e = Tensor1::from_shape({T - from});
    for (std::size_t i = from; i < T; ++i) e(i - from) = A(i, i - back);
    return {double(xt::mean(e)()), e};
}
void head_scores_solve(Problem& p) {
    const Tensor2 A = matrix_of(p, "A");
    const std::size_t T = A.shape(0);
    invariant(A.shape(1) == T, p, "square", "A");
    const std::size_t period = std::size_t(whole_of(p, "period", 1, long(T) - 1));
    const auto [mean, entries] = p.variant == "previous-token" ? stripe(A, 1, 1)
                                 : p.variant == "induction"    ? stripe(A, period - 1, period)
                                                               : stripe(A, period, period);
    p.answer = number(mean);
    p.steps = {{"stripe", {{"entries", nd(entries)}, {"rows", scalar(double(entries.size()))}}}};
    wrong(p, "stripe-summed", "§4", number(double(xt::sum(entries)())));
    if (p.variant == "previous-token") {
        wrong(p, "diagonal", "§4", number(stripe(A, 0, 1).first));
        wrong(p, "divided-by-T", "§4", number(double(xt::sum(entries)()) / double(T)));
    } else if (p.variant == "induction") {
        wrong(p, "duplicate-stripe", "§4", number(stripe(A, period, period).first));
        wrong(p, "previous-stripe", "§4", number(stripe(A, 1, period).first));
    } else {
        wrong(p, "induction-stripe", "§4", number(stripe(A, period - 1, period).first));
        wrong(p, "previous-stripe", "§4", number(stripe(A, 1, period).first));
    }
}

// ---- §2.2, §4: which head of a model is its induction head ----

// A head as a student names it: l1h2 is block 1's head 2.
std::string head_label(std::size_t block, std::size_t head) {
    return "l" + std::to_string(block) + "h" + std::to_string(head);
}

// A two-block model's grid [2][H] of scores too low for any head to do a part (0.01 to 0.15).
Tensor2 low_scores(Dice& d, std::size_t H) {
    Tensor2 g = Tensor2::from_shape({2, H});
    for (double& x : g) x = d(1, 15) / 100.0;
    return g;
}

// n different heads of H, in the order drawn (a partial shuffle).
std::vector<std::size_t> distinct_heads(Dice& d, std::size_t H, std::size_t n) {
    std::vector<std::size_t> heads(H);
    for (std::size_t h = 0; h < H; ++h) heads[h] = h;
    for (std::size_t h = 0; h < n; ++h) std::swap(heads[h], heads[h + std::size_t(d(0, int(H - h) - 1))]);
    heads.resize(n);
    return heads;
}

// The three scores of every head of a two-block model on a repeated sequence ([block][head],
// hundredths), as model.headScores gives them: each the head's mean weight, over the rows i of the
// repeat, on i - 1 (previous-token), on i - period (duplicate: the token's first appearance) and on
// i - period + 1 (induction: the token that followed it). Block 0 has a previous-token head, which
// block 1's heads can read; in block 1 one head copies (a high induction score), one looks back at
// the first appearance (duplicate) and one at the position before (previous-token); every other
// score is low. The question: which head of block 1 is the induction head, so that every option
// can be the answer. Reading the highest score of the wrong stripe is the mistake.
void induction_head_draw(Problem& p, Dice& d, bool) {
    const std::size_t H = std::size_t(d(3, 4));
    Tensor2 previous = low_scores(d, H), duplicate = low_scores(d, H), induction = low_scores(d, H);
    previous(0, std::size_t(d(0, int(H) - 1))) = d(45, 95) / 100.0;
    // three different heads of block 1: the copier, and the heads of the two other stripes
    const std::vector<std::size_t> heads = distinct_heads(d, H, 3);
    induction(1, heads[0]) = d(40, 90) / 100.0;
    duplicate(1, heads[1]) = d(40, 90) / 100.0;
    previous(1, heads[2]) = d(40, 90) / 100.0;
    p.given = {{"previous-token", nd(previous)}, {"duplicate", nd(duplicate)}, {"induction", nd(induction)}};
    p.inputs = {"induction"};
    for (std::size_t h = 0; h < H; ++h) p.words.push_back(head_label(1, h));
}
void induction_head_solve(Problem& p) {
    const Tensor2 previous = matrix_of(p, "previous-token"), duplicate = matrix_of(p, "duplicate"),
                  induction = matrix_of(p, "induction");
    invariant(previous.shape() == induction.shape() && duplicate.shape() == induction.shape(), p, "sameGrids");
    invariant(induction.shape(0) == 2, p, "twoBlocks", "induction");
    // block 1's heads: the ones the question asks about
    const auto in_block_1 = [&](const Tensor2& grid) {
        const Tensor1 row = xt::row(grid, 1);
        return word(Format::choice, head_label(1, std::size_t(xt::argmax(row)())));
    };
    p.answer = in_block_1(induction);
    p.steps = {{"induction-head", {{"induction", nd(Tensor1(xt::row(induction, 1)))}}}};
    wrong(p, "picked-duplicate-head", "§4", in_block_1(duplicate));
    wrong(p, "picked-previous-head", "§4", in_block_1(previous));
}
// The induction head stands out: its score leads every other head's of block 1 by 0.2 or more.
std::string induction_head_fair(const Problem& p) {
    std::vector<double> scores = step_data(p, "induction-head");
    std::sort(scores.rbegin(), scores.rend());
    if (scores[0] - scores[1] < 0.2) return "two heads' induction scores are too close to tell apart";
    return "";
}

// ---- §4 with §2.2: which one head's removal raises the repeated half's loss the most ----

// A head does its part of the induction circuit when its score reaches these (a previous-token
// head in block 0, an induction head in block 1): the canonical heads' bounds.
constexpr double kPreviousDoes = 0.3, kInductionDoes = 0.5;

// The previous-token and induction scores of every head of a two-block model ([block][head],
// hundredths), as in induction-head. The repeat is predicted by two kinds of head working in turn:
// a previous-token head of block 0 marks each position with the token before it, and an induction
// head of block 1 finds that mark and copies what followed. Removing one head breaks the circuit
// only when no other head of its kind is left to do its part: one kind has a single head here,
// the other two or three, and those back each other up. Every head of the kind with several
// scores higher than the single head's, so that picking the largest score (§2.2: a large weight
// alone does not say what a prediction needs) is a mistake of its own.
void backup_draw(Problem& p, Dice& d, bool) {
    const std::size_t L = 2, H = std::size_t(d(3, 4));
    Tensor2 previous = low_scores(d, H), induction = low_scores(d, H);
    const bool lone_previous = d(0, 1) == 0;
    const double lone = lone_previous ? d(40, 65) : d(60, 75);
    const std::size_t alone = std::size_t(d(0, int(H) - 1));
    (lone_previous ? previous(0, alone) : induction(1, alone)) = lone / 100.0;
    for (std::size_t h : distinct_heads(d, H, std::size_t(d(2, 3))))
        (lone_previous ? induction(1, h) : previous(0, h)) = d(int(lone) + 10, 95) / 100.0;
    p.given = {{"previous-token", nd(previous)}, {"induction", nd(induction)}};
    // The answer rests on the lone head's grid; the other kind's heads, backed up, change it only
    // by all going at once.
    p.inputs = {lone_previous ? "previous-token" : "induction"};
    for (std::size_t l = 0; l < L; ++l)
        for (std::size_t h = 0; h < H; ++h) p.words.push_back(head_label(l, h));
}
void backup_solve(Problem& p) {
    const Tensor2 previous = matrix_of(p, "previous-token"), induction = matrix_of(p, "induction");
    invariant(previous.shape() == induction.shape(), p, "sameGrids");
    invariant(induction.shape(0) == 2, p, "twoBlocks", "induction");
    const Tensor1 marks = xt::row(previous, 0), copies = xt::row(induction, 1);
    const auto doers = [](const Tensor1& scores, double bound) {
        std::vector<std::size_t> out;
        for (std::size_t h = 0; h < scores.size(); ++h)
            if (scores(h) >= bound) out.push_back(h);
        return out;
    };
    const std::vector<std::size_t> markers = doers(marks, kPreviousDoes), copiers = doers(copies, kInductionDoes);
    // The head with no other of its kind; where neither kind or both have one head alone there is
    // no such head (backup_fair refuses the problem), and the answer is block 1's strongest.
    const bool lone_marker = markers.size() == 1 && copiers.size() != 1;
    const bool lone_copier = copiers.size() == 1 && markers.size() != 1;
    const std::size_t lone = lone_marker ? markers[0] : lone_copier ? copiers[0] : std::size_t(xt::argmax(copies)());
    p.answer = word(Format::choice, head_label(lone_marker ? 0 : 1, lone));
    p.steps = {{"previous-heads", {{"previous-token", nd(marks)}}}, {"induction-heads", {{"induction", nd(copies)}}}};
    // the largest score of either grid's working row, and the rest of the backed-up kind
    const bool strongest_marks = xt::amax(marks)() >= xt::amax(copies)();
    const std::size_t strongest = std::size_t(xt::argmax(strongest_marks ? marks : copies)());
    wrong(p, "picked-strongest-head", "§2.2", word(Format::choice, head_label(strongest_marks ? 0 : 1, strongest)));
    for (std::size_t h : lone_marker ? copiers : markers)
        if (h != strongest || strongest_marks != !lone_marker)
            wrong(p, "picked-backed-up-head", "§2.2", word(Format::choice, head_label(lone_marker ? 1 : 0, h)));
}
// One kind of head has exactly one head doing its part and the other two or more, and no score
// sits within 0.05 of its bound (where doing the part or not would be a judgement call).
std::string backup_fair(const Problem& p) {
    const auto count = [&](const char* step, double bound) {
        std::size_t n = 0;
        for (double s : step_data(p, step)) {
            if (std::abs(s - bound) < 0.05) return std::optional<std::size_t>();
            n += s >= bound;
        }
        return std::optional<std::size_t>(n);
    };
    const auto m = count("previous-heads", kPreviousDoes), c = count("induction-heads", kInductionDoes);
    if (!m || !c) return "a score sits too close to its bound to say whether the head does its part";
    if (!((*m == 1 && *c >= 2) || (*c == 1 && *m >= 2))) return "no kind of head is alone while the other is backed up";
    return "";
}
}  // namespace

// This part's families, in the handout's order.
std::vector<Entry> heads_families() {
    return {
        {{"parameter-count", "§4", Format::integer}, param_count_draw, param_count_solve, always_fair},
        {{"head-scores", "§4", Format::number}, head_scores_draw, head_scores_solve, always_fair},
        // One of block 1's 3 or 4 heads: the variety is in the grids.
        {{"induction-head", "§4", Format::choice, 4}, induction_head_draw, induction_head_solve, induction_head_fair},
        // One of a two-block model's 6 or 8 heads: the lone head of its kind.
        {{"backup-heads", "§4", Format::choice, 6}, backup_draw, backup_solve, backup_fair},
        {{"two-heads", "§4.1", Format::vector}, two_heads_draw, two_heads_solve, two_heads_fair},
        {{"shapes", "§4.2", Format::shape}, shapes_draw, shapes_solve, always_fair},
        {{"attention-cost", "§4.2", Format::integer}, attention_cost_draw, attention_cost_solve, always_fair},
    };
}

}  // namespace lab::practice::detail
