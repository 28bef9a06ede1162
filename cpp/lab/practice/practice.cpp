#include "lab/practice/practice.hpp"

#include <cmath>
#include <functional>
#include <map>

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

NdArray scalar(double x) { return NdArray{{}, {x}}; }
template <class E>
NdArray nd(const E& t) { return to_ndarray(t); }
Tensor3 one(const Tensor2& m) { return xt::reshape_view(m, {std::size_t(1), m.shape(0), m.shape(1)}); }
Tensor2 first(const Tensor3& t) { return xt::view(t, 0); }

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
Answer word(Format f, const std::string& w) { Answer a; a.format = f; a.text = w; return a; }
Answer einsum(const std::string& s) { return parse_answer(s, Format::einsum).answer; }

Tensor2 attention_weights(const Tensor2& q, const Tensor2& k, std::optional<double> scale) {
    AttentionOptions o;
    o.scale = scale;
    return first(attention_forward(one(q), one(k), one(xt::eye<double>(k.shape(0))), o).weights);
}

// Adds each misconception whose answer differs from the right one (a variant where a mistake
// happens to give the right number cannot diagnose it).
void add(Problem& p, const std::string& id, const std::string& section, const Answer& wrong) {
    if (!compare(wrong, p.answer).equal) p.misconceptions.push_back({id, section, wrong});
}

// §2.1: y for one query over three keys.
void retrieval(Problem& p, Dice& d) {
    Tensor2 q{{1, 0}}, K{{std::sqrt(2.0) * kLn2, 0}, {0, 1}, {0, -1}}, V{{2, 0}, {0, 2}, {4, 4}};
    if (p.seed) {
        q = d.matrix(1, 2, -1, 2);
        K = d.matrix(3, 2, -2, 2);
        V = d.matrix(3, 2, -2, 4);
    }
    p.given = {{"q", nd(q)}, {"K", nd(K)}, {"V", nd(V)}};
    const AttentionResult r = attention_forward(one(q), one(K), one(V), {});
    p.answer = row_answer(first(r.output), 0);
    p.steps = {{"scores", {{"s", nd(first(r.scores))}}}, {"weights", {{"a", nd(first(r.weights))}}}, {"output", {{"y", nd(first(r.output))}}}};
    AttentionOptions unscaled;
    unscaled.scale = 1.0;
    add(p, "no-scaling", "§3.1", row_answer(first(attention_forward(one(q), one(K), one(V), unscaled).output), 0));
    const Tensor1 s = xt::row(first(r.scores), 0);
    const double total = xt::sum(s)();
    if (std::abs(total) > 1e-9) add(p, "no-exp", "§2.1", row_answer(matmul(Tensor2(xt::reshape_view(Tensor1(s / total), {std::size_t(1), std::size_t(3)})), V), 0));
    add(p, "keys-not-values", "§2.1", row_answer(matmul(first(r.weights), K), 0));
}

// §3.1: softmax of [0, s] after scaling by sqrt(d_k).
void saturation(Problem& p, Dice& d) {
    double s = 8, dk = 64;
    if (p.seed) {
        s = d.pick<double>({4, 6, 8, 10, 12, 16});
        dk = d.pick<double>({4, 16, 64});
    }
    p.given = {{"s", nd(Tensor1{0, s})}, {"d_k", scalar(dk)}};
    const Tensor2 scaled{{0, s / std::sqrt(dk)}};
    p.answer = row_answer(softmax_forward(scaled), 0);
    p.steps = {{"scaled", {{"s / sqrt(d_k)", nd(scaled)}}}, {"weights", {{"a", nd(softmax_forward(scaled))}}}};
    add(p, "no-scaling", "§3.1", row_answer(softmax_forward(Tensor2{{0, s}}), 0));
    add(p, "divided-by-dk", "§3.1", row_answer(softmax_forward(Tensor2{{0, s / dk}}), 0));
}

// §3.1: the variance of a raw or scaled score for independent coordinates of variance sigma^2.
void variance(Problem& p, Dice& d) {
    const double dk = p.seed ? d.pick<double>({4, 16, 64, 256}) : 64;
    const double sigma2 = p.seed ? d.pick<double>({0.25, 1, 4}) : 1;
    const double s4 = sigma2 * sigma2;
    p.variant = p.seed % 2 ? "scaled" : "raw";
    p.given = {{"d_k", scalar(dk)}, {"sigma^2", scalar(sigma2)}};
    if (p.variant == "raw") {
        p.answer = number(dk * s4);
        p.steps = {{"product", {{"Var(q_c k_c)", scalar(s4)}}}, {"sum", {{"Var(q . k)", scalar(dk * s4)}}}};
        add(p, "sigma-squared", "§3.1", number(dk * sigma2));
    } else {
        p.answer = number(s4);
        p.steps = {{"product", {{"Var(q_c k_c)", scalar(s4)}}}, {"sum", {{"Var(q . k)", scalar(dk * s4)}}},
                   {"scale", {{"Var(q . k / sqrt(d_k))", scalar(s4)}}}};
        add(p, "not-scaled", "§3.1", number(dk * s4));
        add(p, "divided-by-sqrt", "§3.1", number(dk * s4 / std::sqrt(dk)));
        add(p, "sigma-squared", "§3.1", number(sigma2));
    }
}

// §3.2: the attention matrix of Q and K (no mask).
void attention_matrix(Problem& p, Dice& d) {
    Tensor2 Q{{1}, {0}, {1}}, K{{kLn2}, {0}, {kLn2}};
    if (p.seed) {
        Q = d.matrix(3, 2, -1, 2);
        K = d.matrix(3, 2, -1, 2);
    }
    p.given = {{"Q", nd(Q)}, {"K", nd(K)}};
    const Tensor2 A = attention_weights(Q, K, std::nullopt);
    AttentionOptions o;
    const Tensor2 S = first(attention_forward(one(Q), one(K), one(xt::eye<double>(3)), o).scores);
    p.answer = mat(A);
    p.steps = {{"scores", {{"S", nd(S)}}}, {"weights", {{"A", nd(A)}}}};
    add(p, "columns", "§3.2", mat(Tensor2(xt::transpose(softmax_forward(Tensor2(xt::transpose(S)))))));
}

// §3.2, §4.2, §9: shapes of the head-split tensors.
void shapes(Problem& p, Dice& d) {
    double B = 2, T = 5, D = 8, H = 4;
    if (p.seed) {
        B = d(1, 8);
        T = d(2, 16);
        H = d.pick<double>({2, 4, 8});
        D = H * d(2, 8);
    }
    p.variant = p.seed % 2 ? "weights" : "heads";
    p.given = {{"B", scalar(B)}, {"T", scalar(T)}, {"D", scalar(D)}, {"H", scalar(H)}};
    const double dh = D / H;
    if (p.variant == "heads") {
        p.answer = dims({B, H, T, dh});
        add(p, "no-transpose", "§4.2", dims({B, T, H, dh}));
        add(p, "no-head-axis", "§4.2", dims({B, T, D}));
    } else {
        p.answer = dims({B, H, T, T});
        add(p, "no-head-axis", "§4.2", dims({B, T, T}));
        add(p, "no-transpose", "§4.2", dims({B, T, H, T}));
    }
    p.steps = {{"split", {{"d_h", scalar(dh)}}}};
}

// §4 and §6: parameter counts.
void param_count(Problem& p, Dice& d) {
    p.variant = p.seed % 2 ? "vocabulary" : "attention";
    if (p.variant == "attention") {
        const double H = p.seed ? d.pick<double>({1, 2, 4}) : 2;
        const double D = p.seed ? H * d(2, 6) : 8;
        const bool bias = p.seed ? d(0, 1) : false;
        const double b = bias ? 4 * D : 0;
        p.given = {{"D", scalar(D)}, {"H", scalar(H)}, {"bias", scalar(bias)}};
        p.answer = whole(4 * D * D + b);
        p.steps = {{"projections", {{"3 D^2", scalar(3 * D * D)}}}, {"output", {{"D^2", scalar(D * D)}}}, {"biases", {{"4 D", scalar(b)}}}};
        add(p, "forgot-wo", "§4", whole(3 * D * D + (bias ? 3 * D : 0)));
        add(p, "per-head", "§4", whole(4 * D * D * H + b));
        add(p, bias ? "forgot-biases" : "counted-biases", "§4", whole(4 * D * D + (bias ? 0 : 4 * D)));
    } else {
        const double V = d.pick<double>({50, 65, 100, 256}), D = d.pick<double>({16, 32, 64}), Tm = d.pick<double>({32, 64, 128});
        const bool learned = d(0, 1), tied = d(0, 1);
        p.given = {{"V", scalar(V)}, {"D", scalar(D)}, {"T_max", scalar(Tm)}, {"learned", scalar(learned)}, {"tied", scalar(tied)}};
        const double answer = V * D + (learned ? Tm * D : 0) + (tied ? 0 : D * V);
        p.answer = whole(answer);
        p.steps = {{"embedding", {{"V D", scalar(V * D)}}}, {"positions", {{"T_max D", scalar(learned ? Tm * D : 0)}}},
                   {"head", {{"D V", scalar(tied ? 0 : D * V)}}}};
        if (!learned) add(p, "counted-sinusoidal", "§6.1", whole(answer + Tm * D));
        if (tied) add(p, "tied-twice", "§6", whole(answer + D * V));
    }
}

// §4.1: the concatenated outputs of two heads.
void two_heads(Problem& p, Dice& d) {
    Tensor1 s1{kLn8, 0, 0}, s2{0, kLn8, 0};
    Tensor2 V{{2, 0}, {0, 2}, {4, 4}};
    if (p.seed) {
        const std::vector<double> logs{0, kLn2, std::log(3.0), std::log(4.0)};
        for (auto& x : s1) x = d.pick(logs);
        for (auto& x : s2) x = d.pick(logs);
        V = d.matrix(3, 2, -2, 4);
    }
    p.given = {{"s1", nd(s1)}, {"s2", nd(s2)}, {"V", nd(V)}};
    AttentionOptions o;
    o.scale = 1.0;
    const auto head = [&](const Tensor1& s) {
        return Tensor1(xt::row(first(attention_forward(Tensor3{{{1}}}, one(Tensor2(xt::reshape_view(s, {std::size_t(3), std::size_t(1)}))), one(V), o).output), 0));
    };
    const Tensor1 h1 = head(s1), h2 = head(s2);
    p.answer = vec(xt::concatenate(xt::xtuple(h1, h2)));
    p.steps = {{"head1", {{"head 1", nd(h1)}}}, {"head2", {{"head 2", nd(h2)}}}, {"concat", {{"concat", nd(Tensor1(xt::concatenate(xt::xtuple(h1, h2))))}}}};
    add(p, "averaged", "§4.1", vec((h1 + h2) / 2.0));
    add(p, "summed", "§4.1", vec(h1 + h2));
}

// §5: LayerNorm of row 0 (gamma 1, beta 0).
void layernorm(Problem& p, Dice& d) {
    const Tensor2 X = d.matrix(3, 3, -2, 4);
    p.given = {{"X", nd(X)}};
    const Tensor1 ones = xt::ones<double>({3}), zeros = xt::zeros<double>({3});
    const Tensor2 Y = layernorm_forward(X, ones, zeros);
    p.answer = row_answer(Y, 0);
    const Tensor1 x0 = xt::row(X, 0);
    const double mean = xt::mean(x0)();
    const double var = xt::mean(xt::square(x0 - mean))();
    p.steps = {{"mean", {{"mu", scalar(mean)}}}, {"variance", {{"sigma^2", scalar(var)}}}, {"normalise", {{"LN(x_0)", nd(Tensor1(xt::row(Y, 0)))}}}};
    const Tensor2 across = xt::transpose(layernorm_forward(Tensor2(xt::transpose(X)), ones, zeros));
    add(p, "across-positions", "§5", row_answer(across, 0));
    add(p, "unbiased", "§5", vec((x0 - mean) / std::sqrt(var * 3.0 / 2.0 + 1e-5)));
}

// §5: x + FFN(x) with ReLU.
void ffn(Problem& p, Dice& d) {
    Tensor2 x = d.matrix(1, 2, -2, 2), W1 = d.matrix(2, 3, -2, 2), W2 = d.matrix(3, 2, -1, 2);
    FfnParams f{W1, std::nullopt, W2, std::nullopt, std::nullopt, std::nullopt};
    FfnOptions o;
    o.activation = Activation::relu;
    const FfnResult r = ffn_forward(x, f, o);
    p.given = {{"x", nd(x)}, {"W1", nd(W1)}, {"W2", nd(W2)}};
    p.answer = row_answer(Tensor2(x + r.output), 0);
    p.steps = {{"hidden", {{"x W1", nd(r.pre)}, {"ReLU", nd(r.hidden)}}}, {"ffn", {{"FFN(x)", nd(r.output)}}}, {"residual", {{"x + FFN(x)", nd(Tensor2(x + r.output))}}}};
    add(p, "no-nonlinearity", "§5", row_answer(Tensor2(x + matmul(r.pre, W2)), 0));
    add(p, "no-residual", "§5.1", row_answer(r.output, 0));
}

// §5.1: which arrangement a formula is.
void pre_post(Problem& p, Dice&) {
    p.variant = p.seed % 2 ? "post" : "pre";
    p.words = {"pre", "post"};
    p.answer = word(Format::choice, p.variant);
    p.steps = {{"arrangement", {}}};
    add(p, "swapped", "§5.1", word(Format::choice, p.variant == "pre" ? "post" : "pre"));
}

// §6.1: the output after swapping rows 0 and 2, for attention with no positions and no mask.
void permutation(Problem& p, Dice& d) {
    const Tensor2 X = d.matrix(3, 2, -2, 2);
    Tensor2 P = X;
    xt::row(P, 0) = xt::row(X, 2);
    xt::row(P, 2) = xt::row(X, 0);
    const Tensor2 Y = first(attention_forward(one(X), one(X), one(X), {}).output);
    const Tensor2 YP = first(attention_forward(one(P), one(P), one(P), {}).output);
    p.given = {{"X", nd(X)}, {"Y", nd(Y)}};
    p.answer = mat(YP);
    p.steps = {{"swap", {{"X swapped", nd(P)}}}, {"output", {{"Y for the swapped input", nd(YP)}}}};
    add(p, "invariant", "§6.1", mat(Y));
}

// §6.1: a sinusoidal entry, or the size of a learned table.
void positions_family(Problem& p, Dice& d) {
    p.variant = p.seed % 2 ? "learned" : "sinusoidal";
    if (p.variant == "sinusoidal") {
        const std::size_t D = std::size_t(d.pick<int>({4, 6, 8})), pos = std::size_t(d(0, 5)), i = std::size_t(d(0, int(D) - 1));
        const Tensor2 pe = sinusoidal_positions(pos + 2, D);
        p.given = {{"p", scalar(double(pos))}, {"i", scalar(double(i))}, {"D", scalar(double(D))}};
        p.answer = number(pe(pos, i));
        const double angle = double(pos) / std::pow(10000.0, double(2 * (i / 2)) / double(D));
        p.steps = {{"angle", {{"angle", scalar(angle)}}}, {"value", {{"PE", scalar(pe(pos, i))}}}};
        add(p, "sin-cos-swapped", "§6.1", number(i % 2 ? std::sin(angle) : std::cos(angle)));
        add(p, "one-based", "§6.1", number(pe(pos + 1, i)));
    } else {
        const double Tm = d.pick<double>({16, 32, 64, 128}), D = d.pick<double>({8, 16, 32, 64});
        p.given = {{"T_max", scalar(Tm)}, {"D", scalar(D)}};
        p.answer = number(Tm * D);
        p.steps = {{"table", {{"T_max D", scalar(Tm * D)}}}};
        add(p, "table-size", "§6.1", number(Tm + D));
        add(p, "table-square", "§6.1", number(D * D));
    }
}

// §7.3, §7.4: the keys query i may attend to under the causal mask.
void causal_mask(Problem& p, Dice& d) {
    const long T = p.seed ? d(3, 8) : 3, i = p.seed ? d(0, int(T) - 1) : 1;
    p.given = {{"T", scalar(double(T))}, {"i", scalar(double(i))}};
    p.answer = positions(0, i + 1);
    p.steps = {{"keep", {{"keys", nd(Tensor1(xt::arange<double>(0, double(i + 1))))}}}};
    add(p, "included-future", "§7.3", positions(0, T));
    add(p, "excluded-diagonal", "§7.4", positions(0, i));
}

// §7.2: the target at a position, under teacher forcing.
void teacher_forcing(Problem& p, Dice& d) {
    static const std::vector<std::vector<std::string>> sentences = {
        {"the", "cat", "sat", "on", "the", "mat", "<eos>"},
        {"a", "dog", "ran", "to", "the", "park", "<eos>"},
        {"we", "read", "the", "handout", "twice", "<eos>"},
        {"attention", "mixes", "values", "by", "weights", "<eos>"}};
    const auto& s = p.seed ? d.pick(sentences) : sentences[0];
    const long i = p.seed ? d(0, int(s.size()) - 2) : 0;
    p.words = s;
    p.given = {{"i", scalar(double(i))}};
    p.answer = word(Format::token, s[i + 1]);
    p.steps = {{"shift", {{"input", scalar(double(i))}, {"target", scalar(double(i + 1))}}}};
    add(p, "not-shifted", "§7.2", word(Format::token, s[i]));
    if (std::size_t(i + 2) < s.size()) add(p, "two-ahead", "§7.2", word(Format::token, s[i + 2]));
}

// §7.4: the mean cross-entropy of two rows, in nats.
void cross_entropy(Problem& p, Dice& d) {
    Tensor2 Z{{3, 0, -3}, {0.75, 2.25, -3}, {2.7, 2.4, -5.1}};
    std::vector<int> t{1, 2, 0};
    if (p.seed) {
        Z = d.matrix(2, 3, -2, 3);
        t = {d(0, 2), d(0, 2)};
    }
    const CrossEntropyResult ce = cross_entropy_forward(Z, t);
    Tensor1 targets = Tensor1::from_shape({t.size()});
    std::copy(t.begin(), t.end(), targets.begin());
    p.given = {{"logits", nd(Z)}, {"targets", nd(targets)}};
    p.answer = number(ce.loss);
    p.steps = {{"probs", {{"p", nd(ce.probs)}}}, {"losses", {{"losses", nd(ce.losses)}}}, {"mean", {{"L", scalar(ce.loss)}}}};
    double raw = 0;
    for (std::size_t n = 0; n < t.size(); ++n) raw -= Z(n, t[n]);
    const double N = double(t.size());
    add(p, "log10", "§7.4", number(ce.loss / std::log(10.0)));
    add(p, "log2", "§7.4", number(ce.loss / kLn2));
    add(p, "raw-logit", "§7.4", number(raw / N));
    add(p, "sum", "§7.2", number(ce.loss * N));
    add(p, "sign", "§7.4", number(-ce.loss));
}

// §7.1: the probability of a token when sampling at a temperature.
void generation(Problem& p, Dice& d) {
    Tensor1 z{2.7, 2.4, -5.1};
    double tau = 1;
    int j = 0;
    if (p.seed) {
        z = Tensor1{double(d(-2, 3)), double(d(-2, 3)), double(d(-2, 3))};
        tau = d.pick<double>({0.5, 2});
        j = d(0, 2);
    }
    p.given = {{"logits", nd(z)}, {"tau", scalar(tau)}, {"j", scalar(j)}};
    const Tensor2 pr = softmax_forward(Tensor2(xt::reshape_view(Tensor1(z / tau), {std::size_t(1), std::size_t(3)})));
    p.answer = number(pr(0, j));
    p.steps = {{"scale", {{"z / tau", nd(Tensor1(z / tau))}}}, {"softmax", {{"p", nd(pr)}}}};
    add(p, "temperature-multiplied", "§7.1", number(softmax_forward(Tensor2(xt::reshape_view(Tensor1(z * tau), {std::size_t(1), std::size_t(3)})))(0, j)));
    const double total = xt::sum(z)();
    if (std::abs(total) > 1e-9) add(p, "no-softmax", "§7.1", number(z(j) / total));
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

// §7.3: can an output read a later token?
void leak(Problem& p, Dice&) {
    p.variant = p.seed % 2 ? "every-block" : "last-block";
    p.words = {"yes", "no"};
    p.answer = word(Format::choice, p.variant == "last-block" ? "yes" : "no");
    // The evidence: how much each output of §7.4's block, stacked twice, moves when one token changes.
    LmParams m = toy_model(2);
    m.positions.reset();
    m.head.reset();
    LmOptions o = toy_options();
    o.positions = PositionKind::sinusoidal;
    if (p.variant == "last-block") o.mask_blocks = {false, true};
    p.steps = {{"copy", {{"dependence", nd(future_dependence({0, 1, 2}, m, o))}}}};
    if (p.variant == "last-block") add(p, "last-block-enough", "§7.3", word(Format::choice, "no"));
}

// §7.4: a named quantity of the toy trace, for a variant of its embeddings.
void toy_trace(Problem& p, Dice& d) {
    LmParams m = toy_model(1);
    if (p.seed) m.embedding = d.matrix(3, 2, 0, 2) / 2.0;
    const LmOptions o = toy_options();
    const TokenMatrix tokens{{0, 1, 2, 0}};
    const LmResult r = lm_forward(tokens, m, o, true);
    const auto step = [&](const std::string& name) {
        for (const auto& s : r.trace)
            if (s.name == name) return s;
        return r.trace.front();
    };
    static const std::vector<std::string> variants = {"loss", "weight", "residual"};
    p.variant = variants[p.seed % 3];
    p.given = {{"E", nd(m.embedding)}, {"P", nd(*m.positions)}};
    p.steps = {{"x", {{"X", NdArray{step("x").shape, step("x").values}}}},
               {"weights", {{"A", NdArray{step("block0.weights").shape, step("block0.weights").values}}}},
               {"residual", {{"U", NdArray{step("block0.residual1").shape, step("block0.residual1").values}}}},
               {"loss", {{"L", scalar(r.loss)}}}};
    if (p.variant == "loss") {
        p.answer = number(r.loss);
        add(p, "sum", "§7.2", number(r.loss * 3));
        add(p, "log10", "§7.4", number(r.loss / std::log(10.0)));
    } else if (p.variant == "weight") {
        p.answer = number(step("block0.weights").values[3]);  // A[1][0]
        LmOptions open = o;
        open.block.causal = false;
        const LmResult u = lm_forward(tokens, m, open, true);
        for (const auto& s : u.trace)
            if (s.name == "block0.weights") add(p, "no-mask", "§7.4", number(s.values[3]));
    } else {
        p.answer = number(step("block0.residual1").values[3]);  // U[1][1]
        add(p, "no-residual", "§7.4", number(step("block0.attn").values[3]));
    }
}

// §8.1: the einsum string of the scores or of the outputs.
void einsum_family(Problem& p, Dice&) {
    p.variant = p.seed % 2 ? "values" : "scores";
    p.steps = {{"summed-axis", {}}};
    if (p.variant == "scores") {
        p.answer = einsum("bid,bjd->bij");
        add(p, "transposed-keys", "§8.1", einsum("bid,bdj->bij"));
        add(p, "transposed-output", "§8.1", einsum("bid,bjd->bji"));
    } else {
        p.answer = einsum("bij,bje->bie");
        add(p, "transposed-weights", "§8.1", einsum("bji,bje->bie"));
        add(p, "summed-queries", "§8.1", einsum("bij,bie->bje"));
    }
}

using Generator = void (*)(Problem&, Dice&);
struct Entry {
    Family family;
    Generator make;
};

const std::vector<Entry>& registry() {
    static const std::vector<Entry> r = {
        {{"retrieval", "§2.1", Format::vector}, retrieval},
        {{"saturation", "§3.1", Format::vector}, saturation},
        {{"score-variance", "§3.1", Format::number}, variance},
        {{"attention-matrix", "§3.2", Format::matrix}, attention_matrix},
        {{"shapes", "§4.2", Format::shape}, shapes},
        {{"parameter-count", "§4", Format::integer}, param_count},
        {{"two-heads", "§4.1", Format::vector}, two_heads},
        {{"layernorm", "§5", Format::vector}, layernorm},
        {{"ffn", "§5", Format::vector}, ffn},
        {{"pre-post", "§5.1", Format::choice}, pre_post},
        {{"permutation", "§6.1", Format::matrix}, permutation},
        {{"positions", "§6.1", Format::number}, positions_family},
        {{"causal-mask", "§7.3", Format::positions}, causal_mask},
        {{"teacher-forcing", "§7.2", Format::token}, teacher_forcing},
        {{"cross-entropy", "§7.4", Format::number}, cross_entropy},
        {{"generation", "§7.1", Format::number}, generation},
        {{"leak", "§7.3", Format::choice}, leak},
        {{"toy-trace", "§7.4", Format::number}, toy_trace},
        {{"einsum", "§8.1", Format::einsum}, einsum_family},
    };
    return r;
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

Problem make_problem(const std::string& family, std::uint64_t seed) {
    for (const auto& e : registry()) {
        if (e.family.id != family) continue;
        Problem p;
        p.family = family;
        p.section = e.family.section;
        p.seed = seed;
        p.format = e.family.format;
        Dice dice{Pcg32(seed, stream_of(family))};
        e.make(p, dice);
        return p;
    }
    std::string known;
    for (const auto& f : families()) known += (known.empty() ? "" : ", ") + f.id;
    throw std::invalid_argument("practice: unknown family '" + family + "' (known: " + known + ")");
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
    for (const auto& w : wrongs)
        if (!compare(w.answer, expected).equal) p.misconceptions.push_back(w);
    return check_answer(p, text);
}

}  // namespace lab::practice
