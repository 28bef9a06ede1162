#include "lab/practice/practice.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <xtensor/xview.hpp>

#include "lab/attention.hpp"
#include "lab/checks.hpp"
#include "lab/ffn.hpp"
#include "lab/lm.hpp"
#include "lab/matmul.hpp"
#include "lab/norm.hpp"
#include "lab/ops.hpp"
#include "lab/positions.hpp"
#include "lab/rng.hpp"
#include "lab/softmax.hpp"

namespace lab::practice {
namespace {

const double kLn2 = std::log(2.0);
const double kLn8 = std::log(8.0);

// Draws per seed before the generator gives up; every family finds a fair variant within a few
// (the test over thousands of seeds sees at most a handful), so reaching this is a bug.
constexpr int kMaxDraws = 500;

// Small numbers a student can work with by hand, drawn from the family's own stream.
struct Dice {
    Pcg32 rng;
    int operator()(int lo, int hi) { return lo + int(rng.next_u32() % std::uint32_t(hi - lo + 1)); }
    Tensor2 matrix(std::size_t r, std::size_t c, int lo, int hi) {
        Tensor2 m = Tensor2::from_shape({r, c});
        for (auto& x : m) x = (*this)(lo, hi);
        return m;
    }
    template <class T>
    T pick(const std::vector<T>& xs) { return xs[(*this)(0, int(xs.size()) - 1)]; }
};

std::uint64_t stream_of(const std::string& family) {
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a: a fixed stream per family name
    for (unsigned char c : family) h = (h ^ c) * 1099511628211ULL;
    return h;
}

// ---- values in, answers out ----

NdArray scalar(double x) { return NdArray{{}, {x}}; }
template <class E>
NdArray nd(const E& t) { return to_ndarray(t); }
Tensor3 one(const Tensor2& m) { return xt::reshape_view(m, {std::size_t(1), m.shape(0), m.shape(1)}); }
Tensor2 first(const Tensor3& t) { return xt::view(t, 0); }
Tensor2 as_row(const Tensor1& v) { return xt::reshape_view(v, {std::size_t(1), v.size()}); }

const NdArray& given(const Problem& p, const std::string& name) {
    for (const auto& g : p.given)
        if (g.name == name) return g.value;
    throw std::invalid_argument("practice: the " + p.family + " problem has no given value '" + name + "'");
}
void set_given(Problem& p, const std::string& name, NdArray value) {
    for (auto& g : p.given)
        if (g.name == name) {
            g.value = std::move(value);
            return;
        }
    p.given.push_back({name, std::move(value)});
}
Tensor2 matrix_of(const Problem& p, const std::string& name) { return to_tensor<2>(given(p, name), "practice", name, "a matrix"); }
Tensor1 vector_of(const Problem& p, const std::string& name) { return to_tensor<1>(given(p, name), "practice", name, "a vector"); }
double number_of(const Problem& p, const std::string& name) {
    const NdArray& a = given(p, name);
    require(a.shape.empty() && a.data.size() == 1, "practice", msg(name, " must be one number"));
    return a.data[0];
}
// A whole number in [lo, hi] (a position, a count, a flag).
long whole_of(const Problem& p, const std::string& name, long lo, long hi) {
    const double v = number_of(p, name);
    require(v == std::floor(v) && v >= double(lo) && v <= double(hi), "practice",
            msg(name, " must be a whole number from ", lo, " to ", hi, ", not ", v));
    return long(v);
}
// A model width, head count, d_k or sequence length: a whole number >= 1.
double size_of(const Problem& p, const std::string& name) { return double(whole_of(p, name, 1, 1L << 20)); }

Answer number(double x) { Answer a; a.format = Format::number; a.numbers = {x}; return a; }
Answer whole(double x) { Answer a; a.format = Format::integer; a.numbers = {x}; return a; }
Answer vec(const Tensor1& v) {
    Answer a;
    a.format = Format::vector;
    a.numbers.assign(v.begin(), v.end());
    a.shape = {v.size()};
    return a;
}
Answer row_answer(const Tensor2& m, std::size_t r) { return vec(xt::eval(xt::row(m, r))); }
Answer mat(const Tensor2& m) {
    Answer a;
    a.format = Format::matrix;
    a.numbers.assign(m.begin(), m.end());
    a.shape = {m.shape(0), m.shape(1)};
    return a;
}
Answer dims(std::vector<double> d) { Answer a; a.format = Format::shape; a.numbers = std::move(d); return a; }
Answer positions(long from, long to) {  // {from, ..., to - 1}
    Answer a;
    a.format = Format::positions;
    for (long i = from; i < to; ++i) a.pairs.emplace_back(i, -1);
    return a;
}
Answer position_set(const std::vector<long>& xs) {
    Answer a;
    a.format = Format::positions;
    for (long i : xs) a.pairs.emplace_back(i, -1);
    return a;
}
Answer word(Format f, const std::string& w) { Answer a; a.format = f; a.text = w; return a; }
Answer einsum(const std::string& s) { return parse_answer(s, Format::einsum).answer; }

void wrong(Problem& p, const std::string& id, const std::string& section, const Answer& a) {
    p.misconceptions.push_back({id, section, a});
}

const std::vector<Named>& step_values(const Problem& p, const std::string& key) {
    for (const auto& s : p.steps)
        if (s.key == key) return s.values;
    throw std::logic_error("practice: " + p.family + " has no solution step '" + key + "'");
}
const std::vector<double>& step_data(const Problem& p, const std::string& key) { return step_values(p, key).front().value.data; }

// Whether a student who writes `a`, to three significant figures, is told it is not `b`: the two
// are at least twice the tolerance apart. (Einsum strings compare exactly, but not symmetrically:
// "...id,...jd->...ij" is a right answer where "bid,bjd->bij" is asked, not the other way.)
bool distinct(const Answer& a, const Answer& b) { return !compare(a, b, 2).equal; }

// Weights that are close to one-hot (saturated) or to uniform make a weak question.
bool saturated(const std::vector<double>& w, double most = 0.95) { return *std::max_element(w.begin(), w.end()) > most; }
bool flat(const std::vector<double>& w, double spread = 0.05) {
    const auto [lo, hi] = std::minmax_element(w.begin(), w.end());
    return *hi - *lo < spread;
}

Tensor2 attention_weights(const Tensor2& q, const Tensor2& k, std::optional<double> scale) {
    AttentionOptions o;
    o.scale = scale;
    return first(attention_forward(one(q), one(k), one(xt::eye<double>(k.shape(0))), o).weights);
}

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
    p.steps = {{"scores", {{"s", nd(first(r.scores))}}}, {"weights", {{"a", nd(first(r.weights))}}}, {"output", {{"y", nd(first(r.output))}}}};
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

// ---- §3.1: softmax of two scores after scaling by sqrt(d_k) ----

void saturation_draw(Problem& p, Dice& d, bool handout) {
    double s0 = 0, s1 = 8, dk = 64;
    if (!handout) {
        s0 = d(-3, 3);
        s1 = s0 + (d(0, 1) ? 1 : -1) * d(4, 24);
        dk = d.pick<double>({4, 9, 16, 25, 36, 49, 64, 81, 100, 144});  // squares: the scale is a whole number
    }
    p.given = {{"s", nd(Tensor1{s0, s1})}, {"d_k", scalar(dk)}};
    p.inputs = {"s", "d_k"};
}
void saturation_solve(Problem& p) {
    const Tensor1 s = vector_of(p, "s");
    require(s.size() == 2, "practice", "s must have two scores");
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
        dk = d.pick<double>({4, 9, 16, 25, 36, 64, 100, 256});
        // sigma^2 = 1 makes sigma^4 = sigma^2, so it could not tell the two apart.
        sigma2 = d.pick<double>({0.25, 0.5, 2, 3, 4, 9});
    }
    p.given = {{"d_k", scalar(dk)}, {"sigma^2", scalar(sigma2)}};
    if (p.variant == "scaled") p.inputs = {"sigma^2"};  // whatever d_k is: the point of §3.1
    else p.inputs = {"d_k", "sigma^2"};
}
void variance_solve(Problem& p) {
    const double dk = size_of(p, "d_k"), sigma2 = number_of(p, "sigma^2");
    require(sigma2 > 0, "practice", "sigma^2 must be positive");
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
    const Tensor2 A = to_tensor<2>(step_values(p, "weights").front().value, "practice", "A", "a matrix");
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
    if (p.variant == "heads") p.inputs = {"B", "T", "D", "H"};
    else if (p.variant == "weights") p.inputs = {"B", "T", "H"};
    else p.inputs = {"B", "T", "D"};
}
void shapes_solve(Problem& p) {
    const double B = size_of(p, "B"), T = size_of(p, "T"), D = size_of(p, "D"), H = size_of(p, "H");
    require(std::fmod(D, H) == 0, "practice", msg("D = ", D, " is not divisible by H = ", H));
    const double dh = D / H;
    p.steps = {{"split", {{"d_h", scalar(dh)}}}};
    if (p.variant == "heads") {
        p.answer = dims({B, H, T, dh});
        wrong(p, "no-transpose", "§4.2", dims({B, T, H, dh}));
        wrong(p, "no-head-axis", "§4.2", dims({B, T, D}));
    } else if (p.variant == "weights") {
        p.answer = dims({B, H, T, T});
        wrong(p, "no-head-axis", "§4.2", dims({B, T, T}));
        wrong(p, "no-transpose", "§4.2", dims({B, T, H, T}));
    } else {
        p.answer = dims({B, T, 3 * D});
        wrong(p, "one-projection", "§4.2", dims({B, T, D}));
        wrong(p, "split-too-early", "§4.2", dims({B, H, T, 3 * dh}));
    }
}

// ---- §4 and §6: parameter counts ----

void param_count_draw(Problem& p, Dice& d, bool handout) {
    p.variant = handout ? "attention" : d.pick<std::string>({"attention", "vocabulary"});
    if (p.variant == "attention") {
        double H = 2, D = 8, bias = 0;
        if (!handout) {
            H = d.pick<double>({1, 2, 4, 8});
            D = H * d(2, 16);
            bias = d(0, 1);
        }
        p.given = {{"D", scalar(D)}, {"H", scalar(H)}, {"bias", scalar(bias)}};
        p.inputs = {"D", "bias"};  // not H: the count is the same for any H that divides D
    } else {
        const double V = d.pick<double>({50, 65, 96, 100, 128, 256, 512, 1000}), D = d.pick<double>({16, 24, 32, 48, 64, 128});
        const double Tm = d.pick<double>({32, 64, 128, 256, 1024});
        const double learned = d(0, 1), tied = d(0, 1);
        p.given = {{"V", scalar(V)}, {"D", scalar(D)}, {"T_max", scalar(Tm)}, {"learned", scalar(learned)}, {"tied", scalar(tied)}};
        p.inputs = {"V", "D", "learned", "tied"};
        if (learned) p.inputs.push_back("T_max");
    }
}
void param_count_solve(Problem& p) {
    if (p.variant == "attention") {
        const double D = size_of(p, "D"), H = size_of(p, "H");
        const bool bias = whole_of(p, "bias", 0, 1);
        require(std::fmod(D, H) == 0, "practice", msg("D = ", D, " is not divisible by H = ", H));
        const double b = bias ? 4 * D : 0;
        p.answer = whole(4 * D * D + b);
        p.steps = {{"projections", {{"3 D^2", scalar(3 * D * D)}}}, {"output", {{"D^2", scalar(D * D)}}}, {"biases", {{"4 D", scalar(b)}}}};
        wrong(p, "forgot-wo", "§4", whole(3 * D * D + (bias ? 3 * D : 0)));
        if (H > 1) wrong(p, "per-head", "§4", whole(4 * D * D * H + b));
        wrong(p, bias ? "forgot-biases" : "counted-biases", "§4", whole(4 * D * D + (bias ? 0 : 4 * D)));
    } else {
        const double V = size_of(p, "V"), D = size_of(p, "D"), Tm = size_of(p, "T_max");
        const bool learned = whole_of(p, "learned", 0, 1), tied = whole_of(p, "tied", 0, 1);
        const double answer = V * D + (learned ? Tm * D : 0) + (tied ? 0 : D * V);
        p.answer = whole(answer);
        p.steps = {{"embedding", {{"V D", scalar(V * D)}}}, {"positions", {{"T_max D", scalar(learned ? Tm * D : 0)}}},
                   {"head", {{"D V", scalar(tied ? 0 : D * V)}}}};
        if (learned) wrong(p, "forgot-positions", "§6.1", whole(answer - Tm * D));
        else wrong(p, "counted-sinusoidal", "§6.1", whole(answer + Tm * D));
        if (tied) wrong(p, "tied-twice", "§6", whole(answer + D * V));
        else wrong(p, "forgot-head", "§6", whole(answer - D * V));
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
        require(a.shape(1) == V.shape(0), "practice", "each head needs one score per row of V");
        return Tensor1(xt::row(matmul(a, V), 0));
    };
    const Tensor1 h1 = head(s1), h2 = head(s2);
    const Tensor1 concat = xt::concatenate(xt::xtuple(h1, h2));
    p.answer = vec(concat);
    p.steps = {{"weights", {{"a1", nd(softmax_forward(as_row(s1)))}, {"a2", nd(softmax_forward(as_row(s2)))}}},
               {"head1", {{"head 1", nd(h1)}}}, {"head2", {{"head 2", nd(h2)}}}, {"concat", {{"concat", nd(concat)}}}};
    wrong(p, "averaged", "§4.1", vec((h1 + h2) / 2.0));
    wrong(p, "summed", "§4.1", vec(h1 + h2));
    wrong(p, "heads-swapped", "§4.1", vec(Tensor1(xt::concatenate(xt::xtuple(h2, h1)))));
}
std::string two_heads_fair(const Problem& p) {
    for (const auto& w : step_values(p, "weights"))
        if (flat(w.value.data)) return "a head reads every value alike";
    return "";
}

// ---- §5: LayerNorm of one token ----

void layernorm_draw(Problem& p, Dice& d, bool) {
    // Four features: with three, the answer depends only on the order pattern of the row, and
    // 1,000 seeds give fewer than a hundred different answers.
    p.given = {{"X", nd(d.matrix(3, 4, -3, 5))}};
    p.inputs = {"X"};
}
void layernorm_solve(Problem& p) {
    const Tensor2 X = matrix_of(p, "X");
    const std::size_t D = X.shape(1);
    require(D >= 2 && X.shape(0) >= 2, "practice", "X must have at least two rows and two features");
    const Tensor1 ones = xt::ones<double>({D}), zeros = xt::zeros<double>({D});
    const Tensor2 Y = layernorm_forward(X, ones, zeros);
    p.answer = row_answer(Y, 0);
    const Tensor1 x0 = xt::row(X, 0);
    const double mean = xt::mean(x0)();
    const double var = xt::mean(xt::square(x0 - mean))();
    p.steps = {{"mean", {{"mu", scalar(mean)}}}, {"variance", {{"sigma^2", scalar(var)}}}, {"normalise", {{"LN(x_0)", nd(Tensor1(xt::row(Y, 0)))}}}};
    const Tensor2 across = xt::transpose(layernorm_forward(Tensor2(xt::transpose(X)), xt::ones<double>({X.shape(0)}), xt::zeros<double>({X.shape(0)})));
    wrong(p, "across-positions", "§5", row_answer(across, 0));
    const double n = double(D);
    wrong(p, "unbiased", "§5", vec((x0 - mean) / std::sqrt(var * n / (n - 1) + 1e-5)));
    wrong(p, "not-centred", "§5", vec(x0 / std::sqrt(var + 1e-5)));
}
std::string layernorm_fair(const Problem& p) {
    if (step_values(p, "variance").front().value.data[0] < 0.25) return "row 0 is (nearly) constant";
    return "";
}

// ---- §5: x + FFN(x) with ReLU ----

void ffn_draw(Problem& p, Dice& d, bool) {
    p.given = {{"x", nd(d.matrix(1, 2, -2, 2))}, {"W1", nd(d.matrix(2, 3, -2, 2))}, {"W2", nd(d.matrix(3, 2, -1, 2))}};
    p.inputs = {"x", "W1", "W2"};
}
void ffn_solve(Problem& p) {
    const Tensor2 x = matrix_of(p, "x"), W1 = matrix_of(p, "W1"), W2 = matrix_of(p, "W2");
    FfnParams f{W1, std::nullopt, W2, std::nullopt, std::nullopt, std::nullopt};
    FfnOptions o;
    o.activation = Activation::relu;
    const FfnResult r = ffn_forward(x, f, o, "practice");
    p.answer = row_answer(Tensor2(x + r.output), 0);
    p.steps = {{"hidden", {{"x W1", nd(r.pre)}, {"ReLU", nd(r.hidden)}}}, {"ffn", {{"FFN(x)", nd(r.output)}}}, {"residual", {{"x + FFN(x)", nd(Tensor2(x + r.output))}}}};
    wrong(p, "no-nonlinearity", "§5", row_answer(Tensor2(x + matmul(r.pre, W2)), 0));
    wrong(p, "no-residual", "§5.1", row_answer(r.output, 0));
}
std::string ffn_fair(const Problem& p) {
    const auto& out = step_data(p, "ffn");
    const auto small = [](double v) { return std::abs(v) < 0.5; };
    if (std::all_of(out.begin(), out.end(), small)) return "the FFN gives (nearly) nothing: every hidden unit is off";
    if (std::all_of(p.answer.numbers.begin(), p.answer.numbers.end(), small)) return "FFN(x) cancels x: the answer is (nearly) 0";
    return "";
}

// ---- §5.1: which arrangement a block's code or formula is ----

// Each question is a formula or code line the page shows; the answer follows from where LN sits.
struct Arrangement {
    const char* variant;
    const char* answer;
    const char* mistake;  // the misconception that gives the other answer
};
const std::vector<Arrangement>& arrangements() {
    static const std::vector<Arrangement> a = {
        {"pre-math", "pre", "swapped"},          {"post-math", "post", "swapped"},
        {"nanogpt", "pre", "swapped"},           {"torch-post", "post", "swapped"},
        {"torch-pre", "pre", "swapped"},         {"sublayer-post", "post", "swapped"},
        {"sublayer-pre", "pre", "swapped"},      {"final-norm", "pre", "final-norm-post"},
    };
    return a;
}
void pre_post_draw(Problem& p, Dice& d, bool handout) {
    std::vector<std::string> variants;
    for (const auto& a : arrangements()) variants.push_back(a.variant);
    p.variant = handout ? variants.front() : d.pick(variants);
    p.words = {"pre", "post"};
}
void pre_post_solve(Problem& p) {
    for (const auto& a : arrangements()) {
        if (p.variant != a.variant) continue;
        p.answer = word(Format::choice, a.answer);
        p.steps = {{"arrangement", {}}};
        wrong(p, a.mistake, "§5.1", word(Format::choice, std::string(a.answer) == "pre" ? "post" : "pre"));
        return;
    }
    throw std::invalid_argument("practice: pre-post has no question '" + p.variant + "'");
}

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
    require(a != b, "practice", "a and b must be two different rows");
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
        const int D = d.pick<int>({4, 6, 8, 10, 12, 16}), pos = d(0, 30), i = d(0, D - 1);
        p.given = {{"p", scalar(pos)}, {"i", scalar(i)}, {"D", scalar(D)}};
        p.inputs = {"p", "i"};
        if (i >= 2) p.inputs.push_back("D");  // features 0 and 1 have frequency 1 for every D
    } else {
        p.format = Format::integer;  // a count is exact
        const double Tm = d.pick<double>({16, 24, 32, 48, 64, 100, 128, 256, 512, 1024, 2048});
        const double D = d.pick<double>({8, 12, 16, 24, 32, 48, 64, 96, 128, 256});
        p.given = {{"T_max", scalar(Tm)}, {"D", scalar(D)}};
        p.inputs = {"T_max", "D"};
    }
}
void positions_solve(Problem& p) {
    if (p.variant == "sinusoidal") {
        const std::size_t D = std::size_t(size_of(p, "D"));
        const std::size_t pos = std::size_t(whole_of(p, "p", 0, 1L << 20)), i = std::size_t(whole_of(p, "i", 0, long(D) - 1));
        const Tensor2 pe = sinusoidal_positions(pos + 2, D);
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

// ---- §7.3, §7.4: which keys a query may attend to, or which queries see a key ----

void causal_mask_draw(Problem& p, Dice& d, bool handout) {
    p.variant = handout ? "keys" : d.pick<std::string>({"keys", "queries"});
    const int T = handout ? 3 : d(3, 10);
    const int at = handout ? 1 : p.variant == "keys" ? d(0, T - 2) : d(1, T - 1);
    p.given = {{"T", scalar(T)}, {p.variant == "keys" ? "i" : "j", scalar(at)}};
    // query i's keys do not depend on T; key j's queries do
    p.inputs = p.variant == "keys" ? std::vector<std::string>{"i"} : std::vector<std::string>{"T", "j"};
}
void causal_mask_solve(Problem& p) {
    const long T = long(size_of(p, "T"));
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
        wrong(p, "reversed", "§7.3", positions(0, j + 1));
        wrong(p, "excluded-diagonal", "§7.4", positions(j + 1, T));
        wrong(p, "no-mask", "§7.3", positions(0, T));
    }
}

// ---- §7.2: the target at a position, under teacher forcing ----

const std::vector<std::vector<std::string>>& sentences() {
    static const std::vector<std::vector<std::string>> s = {
        {"the", "cat", "sat", "on", "the", "mat", "<eos>"},
        {"a", "dog", "ran", "to", "the", "park", "<eos>"},
        {"we", "read", "the", "handout", "twice", "<eos>"},
        {"attention", "mixes", "values", "by", "weights", "<eos>"},
        {"every", "query", "scores", "every", "key", "<eos>"},
        {"the", "model", "predicts", "one", "token", "at", "a", "time", "<eos>"},
        {"heads", "look", "at", "different", "positions", "<eos>"},
        {"a", "mask", "hides", "the", "future", "<eos>"}};
    return s;
}
void teacher_forcing_draw(Problem& p, Dice& d, bool handout) {
    const auto& s = handout ? sentences()[0] : d.pick(sentences());
    p.words = s;
    p.given = {{"i", scalar(handout ? 0 : d(0, int(s.size()) - 2))}};
    p.inputs = {"i"};
}
void teacher_forcing_solve(Problem& p) {
    const auto& s = p.words;
    const long i = whole_of(p, "i", 0, long(s.size()) - 2);
    p.answer = word(Format::token, s[i + 1]);
    p.steps = {{"shift", {{"input", scalar(double(i))}, {"target", scalar(double(i + 1))}}}};
    wrong(p, "not-shifted", "§7.2", word(Format::token, s[i]));
    if (std::size_t(i + 2) < s.size()) wrong(p, "two-ahead", "§7.2", word(Format::token, s[i + 2]));
}

// ---- §7.4: the mean cross-entropy of a few rows, in nats ----

void cross_entropy_draw(Problem& p, Dice& d, bool handout) {
    Tensor2 Z{{3, 0, -3}, {0.75, 2.25, -3}, {2.7, 2.4, -5.1}};
    Tensor1 t{1, 2, 0};
    if (!handout) {
        Z = d.matrix(2, 3, -2, 3);
        t = {double(d(0, 2)), double(d(0, 2))};
    }
    p.given = {{"logits", nd(Z)}, {"targets", nd(t)}};
    p.inputs = {"logits", "targets"};
}
void cross_entropy_solve(Problem& p) {
    const Tensor2 Z = matrix_of(p, "logits");
    const Tensor1 tt = vector_of(p, "targets");
    require(tt.size() == Z.shape(0), "practice", "one target per row of logits");
    std::vector<int> t;
    for (double x : tt) {
        require(x == std::floor(x) && x >= 0 && x < double(Z.shape(1)), "practice", "a target must be a vocabulary id");
        t.push_back(int(x));
    }
    const CrossEntropyResult ce = cross_entropy_forward(Z, t, "practice");
    p.answer = number(ce.loss);
    p.steps = {{"probs", {{"p", nd(ce.probs)}}}, {"losses", {{"losses", nd(ce.losses)}}}, {"mean", {{"L", scalar(ce.loss)}}}};
    double raw = 0;
    for (std::size_t n = 0; n < t.size(); ++n) raw -= Z(n, t[n]);
    const double N = double(t.size());
    wrong(p, "log10", "§7.4", number(ce.loss / std::log(10.0)));
    wrong(p, "log2", "§7.4", number(ce.loss / kLn2));
    wrong(p, "raw-logit", "§7.4", number(raw / N));
    wrong(p, "sum", "§7.2", number(ce.loss * N));
    wrong(p, "sign", "§7.4", number(-ce.loss));
}

// ---- §7.1: the probability of a token when sampling at a temperature ----

void generation_draw(Problem& p, Dice& d, bool handout) {
    // The handout's logits (§7.4's last row). At tau = 1 dividing and multiplying by tau agree,
    // so that problem could not tell them apart: variant 0 samples at tau = 0.5.
    Tensor1 z{2.7, 2.4, -5.1};
    double tau = 0.5;
    int j = 0;
    if (!handout) {
        z = Tensor1{d(-4, 6) / 2.0, d(-4, 6) / 2.0, d(-4, 6) / 2.0};  // halves, so that z / tau stays simple
        tau = d.pick<double>({0.5, 0.8, 1.5, 2, 3});
        j = d(0, 2);
    }
    p.given = {{"logits", nd(z)}, {"tau", scalar(tau)}, {"j", scalar(j)}};
    p.inputs = {"logits", "tau", "j"};
}
void generation_solve(Problem& p) {
    const Tensor1 z = vector_of(p, "logits");
    const double tau = number_of(p, "tau");
    require(tau > 0, "practice", "the temperature must be positive");
    const long j = whole_of(p, "j", 0, long(z.size()) - 1);
    const Tensor2 pr = softmax_forward(as_row(Tensor1(z / tau)));
    p.answer = number(pr(0, j));
    p.steps = {{"scale", {{"z / tau", nd(Tensor1(z / tau))}}}, {"softmax", {{"p", nd(pr)}}}};
    wrong(p, "temperature-multiplied", "§7.1", number(softmax_forward(as_row(Tensor1(z * tau)))(0, j)));
    wrong(p, "no-temperature", "§7.1", number(softmax_forward(as_row(z))(0, j)));
    const double total = xt::sum(z)();
    if (std::abs(total) > 1e-9) wrong(p, "no-softmax", "§7.1", number(z(j) / total));
}
std::string generation_fair(const Problem& p) {
    const double v = p.answer.numbers[0];
    if (v < 0.01 || v > 0.99) return "the probability is (nearly) 0 or 1";
    return "";
}

// §7.4's toy model (vocabulary [A, B, C], D = 2, one head with d_k = 1, ReLU FFN returning U/2,
// untied head), with `blocks` copies of its block.
LmParams toy_model(std::size_t blocks) {
    LmParams m;
    m.embedding = Tensor2{{1, 0}, {0, 0.5}, {0.5, 0.5}};
    m.positions = Tensor2{{0, 0}, {0, 0.5}, {0.5, 0.5}};
    BlockParams b;
    b.attn.wQ = Tensor2{{1}, {0}};
    b.attn.wK = Tensor2{{kLn2}, {0}};
    b.attn.wV = xt::eye<double>(2);
    b.ffn.w1 = xt::eye<double>(2);
    b.ffn.w2 = Tensor2(xt::eye<double>(2) / 2.0);
    m.blocks.assign(blocks, b);
    m.head = Tensor2{{1, 0, -1}, {0, 1, -1}};
    return m;
}

LmOptions toy_options() {
    LmOptions o;
    o.block.norm = NormKind::none;
    o.block.ffn.activation = Activation::relu;
    return o;
}

// ---- §7.3: what an output can read when the mask is in some blocks only ----

// The evidence and the answer come from the engine: §7.4's block stacked L times with sinusoidal
// positions; dependence(i, j) is how much output i moves when token j changes.
void leak_draw(Problem& p, Dice& d, bool handout) {
    p.variant = handout ? "can" : d.pick<std::string>({"can", "which"});
    if (p.variant == "which") p.format = Format::positions;
    else p.words = {"yes", "no"};
    const int L = handout ? 2 : d(2, 3);
    const int T = handout ? 3 : d(3, 5);
    Tensor1 mask = xt::zeros<double>({std::size_t(L)});
    if (handout) mask(1) = 1;  // the mask in the last block only
    else
        for (auto& m : mask) m = d(0, 1);
    const int a = handout ? 0 : d(0, T - 1);
    int b = handout ? 2 : d(0, T - 2);
    if (!handout && b >= a) ++b;  // another position than a
    p.given = {{"T", scalar(T)}, {"mask", nd(mask)}, {"a", scalar(a)}};
    if (p.variant == "can") p.given.push_back({"b", scalar(b)});
    p.inputs = p.variant == "can" ? std::vector<std::string>{"mask"} : std::vector<std::string>{"mask", "a"};
}
void leak_solve(Problem& p) {
    const long T = whole_of(p, "T", 2, 8);
    const Tensor1 mask = vector_of(p, "mask");
    require(mask.size() >= 1 && mask.size() <= 4, "practice", "the model has one to four blocks");
    LmParams m = toy_model(mask.size());
    m.positions.reset();
    m.head.reset();
    LmOptions o = toy_options();
    o.positions = PositionKind::sinusoidal;
    bool masked_somewhere = false, masked_everywhere = true, last_only = mask.size() > 1;
    for (std::size_t l = 0; l < mask.size(); ++l) {
        require(mask(l) == 0 || mask(l) == 1, "practice", "each block's mask is 0 (none) or 1 (causal)");
        o.mask_blocks.push_back(mask(l) == 1);
        masked_somewhere |= mask(l) == 1;
        masked_everywhere &= mask(l) == 1;
        if (l + 1 < mask.size()) last_only &= mask(l) == 0;
        else last_only &= mask(l) == 1;
    }
    std::vector<int> tokens;
    for (long t = 0; t < T; ++t) tokens.push_back(int(t % 3));
    const Tensor2 dep = future_dependence(tokens, m, o, "practice");
    p.steps = {{"copy", {{"dependence", nd(dep)}}}};
    const long a = whole_of(p, "a", 0, T - 1);
    const char* enough = last_only ? "last-block-enough" : "mask-somewhere-enough";
    if (p.variant == "can") {
        const long b = whole_of(p, "b", 0, T - 1);
        require(a != b, "practice", "a and b must be two different positions");
        const bool reads = dep(a, b) > 0;
        p.answer = word(Format::choice, reads ? "yes" : "no");
        if (b < a) wrong(p, "mask-hides-past", "§7.3", word(Format::choice, "no"));
        else if (reads && masked_somewhere) wrong(p, enough, "§7.3", word(Format::choice, "no"));
        else if (!reads) wrong(p, "mask-leaks", "§7.3", word(Format::choice, "yes"));
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

// ---- §7.4: a named quantity of the toy trace, for a variant of its embeddings ----

void toy_trace_draw(Problem& p, Dice& d, bool handout) {
    LmParams m = toy_model(1);
    p.variant = handout ? "loss" : d.pick<std::string>({"loss", "weight", "residual"});
    if (!handout) m.embedding = d.matrix(3, 2, -2, 3) / 2.0;
    p.given = {{"E", nd(m.embedding)}, {"P", nd(*m.positions)}};
    if (p.variant == "weight") {
        const int i = d(1, 2);
        p.given.push_back({"i", scalar(i)});
        p.given.push_back({"j", scalar(d(0, i))});
    } else if (p.variant == "residual") {
        p.given.push_back({"i", scalar(d(0, 2))});
        p.given.push_back({"c", scalar(d(0, 1))});
    }
    p.inputs = {"E", "P"};
}
void toy_trace_solve(Problem& p) {
    LmParams m = toy_model(1);
    m.embedding = matrix_of(p, "E");
    m.positions = matrix_of(p, "P");
    const LmOptions o = toy_options();
    const TokenMatrix tokens{{0, 1, 2, 0}};
    const LmResult r = lm_forward(tokens, m, o, true, "practice");
    const auto step = [&](const LmResult& res, const std::string& name) {
        for (const auto& s : res.trace)
            if (s.name == name) return s;
        throw std::logic_error("practice: the toy trace has no step " + name);
    };
    p.steps = {{"x", {{"X", NdArray{step(r, "x").shape, step(r, "x").values}}}},
               {"weights", {{"A", NdArray{step(r, "block0.weights").shape, step(r, "block0.weights").values}}}},
               {"residual", {{"U", NdArray{step(r, "block0.residual1").shape, step(r, "block0.residual1").values}}}},
               {"loss", {{"L", scalar(r.loss)}}}};
    if (p.variant == "loss") {
        p.answer = number(r.loss);
        wrong(p, "sum", "§7.2", number(r.loss * 3));
        wrong(p, "log10", "§7.4", number(r.loss / std::log(10.0)));
    } else if (p.variant == "weight") {
        const long i = whole_of(p, "i", 0, 2), j = whole_of(p, "j", 0, i);
        const std::size_t at = std::size_t(i * 3 + j);  // A[i][j] of the (1, 3, 3) weights
        p.answer = number(step(r, "block0.weights").values[at]);
        LmOptions open = o;
        open.block.causal = false;
        wrong(p, "no-mask", "§7.4", number(step(lm_forward(tokens, m, open, true, "practice"), "block0.weights").values[at]));
        const std::vector<double>& S = step(r, "block0.scores").values;  // (1, 1, 3, 3), before the mask
        double total = 0;
        for (long k = 0; k <= i; ++k) total += S[std::size_t(i * 3 + k)];
        if (std::abs(total) > 1e-9) wrong(p, "no-exp", "§2.1", number(S[at] / total));
    } else {
        const long i = whole_of(p, "i", 0, 2), c = whole_of(p, "c", 0, 1);
        const std::size_t at = std::size_t(i * 2 + c);
        p.answer = number(step(r, "block0.residual1").values[at]);
        wrong(p, "no-residual", "§7.4", number(step(r, "block0.attn").values[at]));
    }
}
std::string toy_trace_fair(const Problem& p) {
    if (p.variant != "weight") return "";
    const double w = p.answer.numbers[0], i = number_of(p, "i");
    if (w < 0.05 || w > 0.95) return "the weight is saturated";
    if (std::abs(w - 1 / (i + 1)) < 0.02) return "the weights of the query are uniform";
    return "";
}

// ---- §8.1: einsum strings for the contractions of attention ----

struct Contraction {
    const char* variant;
    const char* answer;
    std::vector<std::pair<const char*, const char*>> mistakes;  // (misconception, its string)
};
const std::vector<Contraction>& contractions() {
    static const std::vector<Contraction> c = {
        {"scores", "bid,bjd->bij", {{"transposed-keys", "bid,bdj->bij"}, {"transposed-output", "bid,bjd->bji"}, {"kept-summed-axis", "bid,bjd->bijd"}}},
        {"values", "bij,bje->bie", {{"summed-queries", "bij,bie->bje"}, {"kept-summed-axis", "bij,bje->bije"}, {"summed-wrong-axis", "bij,bje->bij"}}},
        {"head-scores", "bhid,bhjd->bhij", {{"summed-heads", "bhid,bhjd->bij"}, {"transposed-output", "bhid,bhjd->bhji"}, {"kept-summed-axis", "bhid,bhjd->bhijd"}}},
        {"head-values", "bhij,bhje->bhie", {{"summed-heads", "bhij,bhje->bie"}, {"summed-queries", "bhij,bhie->bhje"}, {"kept-summed-axis", "bhij,bhje->bhije"}}},
        {"ellipsis", "...id,...jd->...ij", {{"fixed-batch", "bid,bjd->bij"}, {"transposed-output", "...id,...jd->...ji"}, {"kept-summed-axis", "...id,...jd->...ijd"}}},
        {"projection", "btc,cd->btd", {{"linear-layout", "btc,dc->btd"}, {"transposed-output", "btc,cd->bdt"}, {"kept-summed-axis", "btc,cd->btcd"}}},
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
    throw std::invalid_argument("practice: einsum has no question '" + p.variant + "'");
}

// ---- the registry ----

using Draw = void (*)(Problem&, Dice&, bool handout);
using Solve = void (*)(Problem&);
using Fair = std::string (*)(const Problem&);
std::string always_fair(const Problem&) { return ""; }

struct Entry {
    Family family;
    Draw draw;
    Solve solve;
    Fair fair;
};

// In the handout's order. A family whose answers come from a small set by nature says so with a
// lower diversity and the reason.
const std::vector<Entry>& registry() {
    static const std::vector<Entry> r = {
        {{"retrieval", "§2.1", Format::vector}, retrieval_draw, retrieval_solve, retrieval_fair},
        {{"saturation", "§3.1", Format::vector}, saturation_draw, saturation_solve, saturation_fair},
        // Products of a few round numbers; and the scaled variance does not depend on d_k at all,
        // which is what the question teaches.
        {{"score-variance", "§3.1", Format::number, 40}, variance_draw, variance_solve, always_fair},
        {{"attention-matrix", "§3.2", Format::matrix}, attention_matrix_draw, attention_matrix_solve, attention_matrix_fair},
        {{"parameter-count", "§4", Format::integer}, param_count_draw, param_count_solve, always_fair},
        {{"two-heads", "§4.1", Format::vector}, two_heads_draw, two_heads_solve, two_heads_fair},
        {{"shapes", "§4.2", Format::shape}, shapes_draw, shapes_solve, always_fair},
        {{"layernorm", "§5", Format::vector}, layernorm_draw, layernorm_solve, layernorm_fair},
        {{"ffn", "§5", Format::vector}, ffn_draw, ffn_solve, ffn_fair},
        // Two possible answers: the variety is in the eight formulas and code lines to classify.
        {{"pre-post", "§5.1", Format::choice, 2}, pre_post_draw, pre_post_solve, always_fair},
        {{"permutation", "§6.1", Format::matrix}, permutation_draw, permutation_solve, permutation_fair},
        {{"positions", "§6.1", Format::number}, positions_draw, positions_solve, positions_fair},
        {{"generation", "§7.1", Format::number}, generation_draw, generation_solve, generation_fair},
        // The answer is a word of one of eight sentences.
        {{"teacher-forcing", "§7.2", Format::token, 30}, teacher_forcing_draw, teacher_forcing_solve, always_fair},
        // A run of positions {0..i} or {j..T-1}: with T up to 10 there are only about 80.
        {{"causal-mask", "§7.3", Format::positions, 40}, causal_mask_draw, causal_mask_solve, always_fair},
        // yes / no, or a run of positions: the variety is in the mask patterns and positions asked.
        {{"leak", "§7.3", Format::choice, 4}, leak_draw, leak_solve, leak_fair},
        {{"cross-entropy", "§7.4", Format::number}, cross_entropy_draw, cross_entropy_solve, always_fair},
        {{"toy-trace", "§7.4", Format::number}, toy_trace_draw, toy_trace_solve, toy_trace_fair},
        // One answer per contraction asked: six of them.
        {{"einsum", "§8.1", Format::einsum, 6}, einsum_draw, einsum_solve, always_fair},
    };
    return r;
}

const Entry& entry_of(const std::string& family) {
    for (const auto& e : registry())
        if (e.family.id == family) return e;
    std::string known;
    for (const auto& e : registry()) known += (known.empty() ? "" : ", ") + e.family.id;
    throw std::invalid_argument("practice: unknown family '" + family + "' (known: " + known + ")");
}

void solve_with(const Entry& e, Problem& p) {
    p.misconceptions.clear();
    p.steps.clear();
    e.solve(p);
}

// (b): some entry of each input moves the answer.
std::string insensitive_input(const Entry& e, const Problem& p) {
    for (const std::string& name : p.inputs) {
        const NdArray& value = given(p, name);
        bool moves = false;
        for (std::size_t k = 0; k < value.data.size() && !moves; ++k) {
            const double x = value.data[k];
            for (double changed : {x + 1, x - 1, 2 * x}) {
                if (changed == x) continue;
                Problem q = p;
                for (auto& g : q.given)
                    if (g.name == name) g.value.data[k] = changed;
                try {
                    solve_with(e, q);
                } catch (const std::invalid_argument&) {
                    continue;  // that change does not make a problem of this family
                }
                if (distinct(q.answer, p.answer)) {
                    moves = true;
                    break;
                }
            }
        }
        if (!moves) return "the answer does not depend on " + name;
    }
    return "";
}

}  // namespace

const std::vector<Family>& families() {
    static const std::vector<Family> list = [] {
        std::vector<Family> out;
        for (const auto& e : registry()) out.push_back(e.family);
        return out;
    }();
    return list;
}

void solve(Problem& p) { solve_with(entry_of(p.family), p); }

std::string unfair(const Problem& p) {
    const Entry& e = entry_of(p.family);
    if (std::string why = e.fair(p); !why.empty()) return why;
    const auto& ms = p.misconceptions;
    for (std::size_t m = 0; m < ms.size(); ++m) {
        if (!distinct(ms[m].answer, p.answer)) return "the misconception " + ms[m].id + " gives the answer";
        // check_answer names the first misconception that matches, so each must differ from those before it
        for (std::size_t n = 0; n < m; ++n)
            if (!distinct(ms[m].answer, ms[n].answer)) return "the misconceptions " + ms[n].id + " and " + ms[m].id + " give the same answer";
    }
    return insensitive_input(e, p);
}

Problem make_problem(const std::string& family, std::uint64_t seed) {
    const Entry& e = entry_of(family);
    Dice dice{Pcg32(seed, stream_of(family))};
    for (int draw = 0; draw < kMaxDraws; ++draw) {
        Problem p;
        p.family = family;
        p.section = e.family.section;
        p.seed = seed;
        p.format = e.family.format;
        e.draw(p, dice, seed == 0 && draw == 0);
        solve_with(e, p);
        if (unfair(p).empty()) return p;
    }
    throw std::logic_error("practice: " + family + " found no fair variant for seed " + std::to_string(seed));
}

CheckResult check_answer(const Problem& p, const std::string& text) {
    CheckResult c;
    const Parsed parsed = parse_answer(text, p.format);
    if (!parsed.ok) {
        c.error = parsed.error;
        return c;
    }
    if (p.format == Format::choice && std::find(p.words.begin(), p.words.end(), parsed.answer.text) == p.words.end()) {
        std::string options;
        for (const auto& w : p.words) options += (options.empty() ? "" : ", ") + w;
        c.error = "could not read \"" + parsed.answer.text + "\" as one of the options (" + options + ")";
        return c;
    }
    c.readable = true;
    c.parsed = parsed.answer;
    const Comparison cmp = compare(parsed.answer, p.answer);
    c.correct = cmp.equal;
    c.shape_mismatch = !cmp.comparable;
    c.wrong_entries = cmp.wrong_entries;
    if (c.correct) {
        c.score = 1;
        return c;
    }
    if (cmp.comparable && !p.answer.numbers.empty() && p.format != Format::integer && p.format != Format::shape)
        c.score = 1.0 - double(cmp.wrong_entries.size()) / double(p.answer.numbers.size());
    for (const auto& m : p.misconceptions)
        if (compare(parsed.answer, m.answer).equal) {
            c.misconception = m.id;
            c.misconception_section = m.section;
            break;
        }
    return c;
}

CheckResult check_value(const std::string& text, const Answer& expected, const std::vector<Misconception>& wrongs,
                        const std::vector<std::string>& words) {
    Problem p;
    p.format = expected.format;
    p.answer = expected;
    p.words = words;
    // A worked example's inputs are the student's own, so nothing can be drawn again: a mistake
    // that gives the right number on these inputs is simply not one here.
    for (const auto& w : wrongs)
        if (distinct(w.answer, expected)) p.misconceptions.push_back(w);
    return check_answer(p, text);
}

}  // namespace lab::practice
