// Practice families for §7.1, §7.2 and §7.4: sampling, teacher forcing, the loss and the toy trace.
#include <algorithm>
#include <cmath>

#include <xtensor/xview.hpp>

#include "lab/layers/lm.hpp"
#include "lab/layers/softmax.hpp"
#include "lab/practice/family.hpp"

namespace lab::practice::detail {
namespace {

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
// Edition 1 asks a word of one of eight sentences; edition 2 (past the handout's own) a token id
// of a sequence drawn from a vocabulary of 1,000, as a model sees it: the sentences' words gave a
// class of 200 about thirty answers, "<eos>" alone a sixth of the class.
constexpr int kVocabulary = 1000;
constexpr int kTokens = 8;
void teacher_forcing_draw(Problem& p, Dice& d, bool handout) {
    if (d.wide() && !handout) {
        p.variant = "ids";
        p.format = Format::integer;
        Tensor1 ids = xt::zeros<double>({std::size_t(kTokens)});
        for (std::size_t t = 0; t < ids.size(); ++t) {
            // distinct ids, so that each named mistake gives another token
            do ids(t) = d(0, kVocabulary - 1);
            while (std::find(ids.begin(), ids.begin() + long(t), ids(t)) != ids.begin() + long(t));
        }
        p.given = {{"tokens", nd(ids)}, {"i", scalar(d(0, kTokens - 2))}, {"V", scalar(kVocabulary)}};
        p.inputs = {"tokens", "i"};
        return;
    }
    p.variant = "sentence";
    p.format = Format::token;
    const auto& s = handout ? sentences()[0] : d.pick(sentences());
    p.words = s;
    p.given = {{"i", scalar(handout ? 0 : d(0, int(s.size()) - 2))}};
    p.inputs = {"i"};
}
void teacher_forcing_solve(Problem& p) {
    if (p.variant == "ids") {
        const Tensor1 ids = vector_of(p, "tokens");
        invariant(ids.size() >= 2, p, "twoTokens", "tokens");
        const long i = whole_of(p, "i", 0, long(ids.size()) - 2);
        p.answer = whole(ids(i + 1));
        p.steps = {{"shift", {{"input", scalar(double(i))}, {"target", scalar(double(i + 1))}}}};
        wrong(p, "not-shifted", "§7.2", whole(ids(i)));
        if (std::size_t(i + 2) < ids.size()) wrong(p, "two-ahead", "§7.2", whole(ids(i + 2)));
        return;
    }
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
    invariant(tt.size() == Z.shape(0), p, "targetPerRow");
    std::vector<int> t;
    for (double x : tt) {
        invariant(x == std::floor(x) && x >= 0 && x < double(Z.shape(1)), p, "targetId");
        t.push_back(int(x));
    }
    const CrossEntropyResult ce = cross_entropy_forward(Z, t, "practice");
    p.answer = number(ce.loss);
    p.steps = {
        {"probs", {{"p", nd(ce.probs)}}}, {"losses", {{"losses", nd(ce.losses)}}}, {"mean", {{"L", scalar(ce.loss)}}}};
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
    invariant(tau > 0, p, "temperaturePositive");
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

// ---- §7.4: a named quantity of the toy trace, for a variant of its embeddings ----

void toy_trace_draw(Problem& p, Dice& d, bool handout) {
    LmParams m = toy_model(1);
    p.variant = handout ? "loss" : d.pick<std::string>({"loss", "weight", "residual"});
    // Edition 2's embeddings are in quarters: halves gave a class of 200 answers ten could share.
    if (!handout) m.embedding = d.wide() ? Tensor2(d.matrix(3, 2, -8, 12) / 4.0) : Tensor2(d.matrix(3, 2, -2, 3) / 2.0);
    p.given = {{"E", nd(m.embedding)}, {"P", nd(*m.positions)}};
    if (p.variant == "weight") {
        const int i = d(1, 2);
        p.given.push_back({"i", scalar(i)});
        p.given.push_back({"j", scalar(d(0, i))});
    } else if (p.variant == "residual") {
        // Position 0 reads itself alone, so its row is twice its input: edition 2 asks a later row,
        // whose answer goes through the weights.
        p.given.push_back({"i", scalar(d(d.wide() ? 1 : 0, 2))});
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
        wrong(p, "no-mask", "§7.4",
              number(step(lm_forward(tokens, m, open, true, "practice"), "block0.weights").values[at]));
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
    if (p.variant == "loss") return "";
    // 0 is also what a student writes who skips the step (or the sum): no answer can be 0 here
    if (p.answer.numbers[0] == 0) return "the asked entry is 0";
    if (p.variant != "weight") return "";
    const double w = p.answer.numbers[0], i = number_of(p, "i");
    if (w < 0.05 || w > 0.95) return "the weight is saturated";
    if (std::abs(w - 1 / (i + 1)) < 0.02) return "the weights of the query are uniform";
    return "";
}

// ---- §7.1 and Handout #12: keep the keys and values, or recompute them ----

// What a cache holds for one sequence (a key and a value row of D numbers per block and
// position), and how many key rows one block computes while generating N tokens after a prompt
// of P without it. L >= 2 and N >= 2, so that every named mistake gives another count.
void kv_cache_draw(Problem& p, Dice& d, bool handout) {
    p.variant = handout ? "stored" : d.pick<std::string>({"stored", "recompute"});
    if (p.variant == "stored") {
        const double L = handout ? 2 : d(2, 12), T = handout ? 5 : d(2, 64), D = handout ? 8 : 8 * d(1, 16);
        p.given = {{"L", scalar(L)}, {"T", scalar(T)}, {"D", scalar(D)}};
        p.inputs = {"L", "T", "D"};
    } else {
        const double P = handout ? 3 : d(1, d.wide() ? 200 : 20), N = handout ? 4 : d(2, d.wide() ? 50 : 20);
        p.given = {{"P", scalar(P)}, {"N", scalar(N)}};
        p.inputs = {"P", "N"};
    }
}
void kv_cache_solve(Problem& p) {
    if (p.variant == "stored") {
        const double L = size_of(p, "L"), T = size_of(p, "T"), D = size_of(p, "D");
        invariant(L >= 2, p, "twoBlocks");
        p.steps = {{"cache", {{"per block and position", scalar(2 * D)}}}};
        p.answer = whole(2 * L * T * D);
        wrong(p, "cache-queries", "§7.1", whole(3 * L * T * D));
        wrong(p, "one-block", "§7.1", whole(2 * T * D));
        wrong(p, "keys-only", "§7.1", whole(L * T * D));
    } else {
        const double P = size_of(p, "P"), N = size_of(p, "N");
        invariant(N >= 2, p, "twoNewTokens");
        // Step s feeds the prefix of P + s tokens; the last new token is never fed back.
        const double naive = N * P + N * (N - 1) / 2, cached = P + N - 1;
        p.steps = {{"cache", {{"recomputed", scalar(naive)}, {"cached", scalar(cached)}}}};
        p.answer = whole(naive);
        wrong(p, "cached-count", "§7.1", whole(cached));
        wrong(p, "counted-last", "§7.1", whole(N * P + N * (N + 1) / 2));
    }
}

// ---- §7.1 and Handout #12: which rows a change to the sequence touches ----

// In a causal model, position t reads positions 0..t only, in every block. So appending a token
// at position T leaves every earlier row (its keys, values and outputs: what a cache keeps) as it
// was and adds one new row; editing the token at position i changes rows i..T-1, so a cache is
// good up to i - 1 and must recompute from i.
void cache_rows_draw(Problem& p, Dice& d, bool handout) {
    p.variant = handout ? "append" : d.pick<std::string>({"append", "edit"});
    // Edition 2's sequences run to 500 tokens and an edit is near the end (at most 6 rows to type):
    // up to 24 tokens, a class of 200 shared about 90 answers.
    const double T = handout ? 3 : d(3, d.wide() ? 500 : 24);
    p.given = {{"T", scalar(T)}};
    p.inputs = {"T"};
    if (p.variant == "edit") {
        // Neither the first token (every row changes, as without the mask) nor the last (its
        // row alone changes, as if rows were independent): both would hide a mistake.
        const int i = d.wide() ? int(T) - d(2, std::min(6, int(T) - 1)) : d(1, int(T) - 2);
        p.given.push_back({"i", scalar(i)});
        p.inputs.push_back("i");
    }
}
void cache_rows_solve(Problem& p) {
    const long T = whole_of(p, "T", 2, 1 << 20);
    if (p.variant == "append") {
        p.answer = positions(T, T + 1);
        p.steps = {{"rows", {{"new row", scalar(double(T))}}}};
        wrong_run(p, "all-rows", "§7.3", 0, T + 1);
        wrong(p, "one-based", "§7.1", positions(T + 1, T + 2));
        wrong(p, "last-old-row", "§7.1", positions(T - 1, T));
    } else {
        const long i = whole_of(p, "i", 1, T - 1);
        p.answer = positions(i, T);
        p.steps = {{"rows", {{"first changed row", scalar(double(i))}, {"last row", scalar(double(T - 1))}}}};
        wrong_run(p, "all-rows", "§7.3", 0, T);
        wrong(p, "only-that-row", "§7.1", positions(i, i + 1));
        wrong_run(p, "earlier-rows", "§7.3", 0, i + 1);
    }
}
}  // namespace

// This part's families, in the handout's order.
std::vector<Entry> prediction_families() {
    return {
        {{"generation", "§7.1", Format::number}, generation_draw, generation_solve, generation_fair},
        {{"kv-cache", "§7.1", Format::integer}, kv_cache_draw, kv_cache_solve, always_fair},
        {{"cache-rows", "§7.1", Format::positions}, cache_rows_draw, cache_rows_solve, always_fair},
        // Edition 1's answer is a word of one of eight sentences (30 answers in 1,000 seeds);
        // edition 2's a token id.
        {{"teacher-forcing", "§7.2", Format::integer}, teacher_forcing_draw, teacher_forcing_solve, always_fair},
        {{"cross-entropy", "§7.4", Format::number}, cross_entropy_draw, cross_entropy_solve, always_fair},
        {{"toy-trace", "§7.4", Format::number}, toy_trace_draw, toy_trace_solve, toy_trace_fair},
    };
}

}  // namespace lab::practice::detail
