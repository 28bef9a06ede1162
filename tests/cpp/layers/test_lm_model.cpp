// layers/lm_model.hpp: the one language model, compiled for double (the worked examples, and
// the gradient checks) and float (training and opened models). In double, every parameter's
// gradient matches central finite differences, and a configuration's model is the worked
// examples' lm_forward of its tensors bit for bit, in every configuration a model can have; in
// float32, the loss and every gradient agree with the double ones to float32 accuracy. Then the
// worked examples' own forms of the tensors, and the interventions of §2.2.
#include <xtensor/xview.hpp>

#include "fixtures.hpp"
#include "lab/training/optimizer.hpp"

using namespace lab;
using namespace fixtures;

namespace {
// A model with every parameter moved well away from its initialisation (norm gains away from 1,
// biases away from 0), so that no term of a gradient is zero by accident.
LmParams shaken(const ModelConfig& c) {
    LmParams p = init_model(c);
    Pcg32 rng(c.seed + 100);
    flat::for_each_parameter(p, [&](const std::string&, double* data, std::size_t n, const std::vector<std::size_t>&) {
        for (std::size_t i = 0; i < n; ++i) data[i] += 0.5 * (2 * rng.uniform() - 1);
    });
    return p;
}

TokenMatrix random_batch(std::size_t B, std::size_t T, std::size_t V, std::uint64_t seed) {
    Pcg32 rng(seed);
    TokenMatrix t = TokenMatrix::from_shape({B, T + 1});
    for (auto& x : t) x = int(rng.next_u32() % V);
    return t;
}

double max_abs(const double* x, std::size_t n) {
    double m = 0;
    for (std::size_t i = 0; i < n; ++i) m = std::max(m, std::abs(x[i]));
    return m;
}

// Every configuration a model can have, as a Catch2 generator.
ModelConfig any_config() {
    const Arrangement arrangement = GENERATE(Arrangement::pre, Arrangement::post);
    const NormKind norm = GENERATE(NormKind::layer, NormKind::rms, NormKind::none);
    const bool tied = GENERATE(true, false);
    const auto [activation, gated, positions, mask, scaled] = GENERATE(table<Activation, bool, PositionKind, int, bool>(
        {{Activation::gelu, false, PositionKind::learned, 0, true},
         {Activation::relu, false, PositionKind::sinusoidal, 1, true},  // §7.3 mask in the last block only
         {Activation::gelu_tanh, true, PositionKind::none, 2, false},   // no mask, unscaled scores (§3.1)
         {Activation::silu, true, PositionKind::learned, 3, true}}));   // mask in the first block only
    ModelConfig c;
    c.vocab = 7, c.D = 8, c.heads = 2, c.layers = 2, c.T = 6, c.seed = 11;
    c.arrangement = arrangement, c.norm = norm, c.tied = tied;
    c.activation = activation, c.gated = gated, c.positions = positions, c.scaled = scaled;
    c.mask_blocks = std::vector<std::vector<bool>>{{}, {false, true}, {false, false}, {true, false}}[std::size_t(mask)];
    return c;
}

struct Batch {
    TokenMatrix tokens;  // (B, T + 1)
    std::vector<int> inputs, targets;
    std::size_t B, T;
};
Batch make_batch(std::size_t B, std::size_t T, std::size_t V, std::uint64_t seed) {
    Batch b{random_batch(B, T, V, seed), {}, {}, B, T};
    teacher_forcing_split(b.tokens, b.inputs, b.targets);
    return b;
}
// A configuration of any_config(), its parameters shaken off their start, and a batch of 3
// sequences of 5: what the tests below run two ways.
struct Case {
    ModelConfig c;
    LmParams p;
    Batch batch;
};
Case any_case() {
    const ModelConfig c = any_config();
    return {c, shaken(c), make_batch(3, 5, c.vocab, 9)};
}
// The mean cross-entropy of `lm` on the batch (and its activations, ready for backward()).
template <class Real>
double loss_on(flat::Lm<Real>& lm, const Batch& b) {
    return lm.forward(b.inputs.data(), b.targets.data(), b.B, b.T);
}

// Every gradient of `lm` on `batch` against central finite differences. ReLU has a kink at 0:
// where a pre-activation lies within h of it, the two one-sided slopes differ and no finite
// difference is the derivative. With `kinks`, those entries are counted, not compared, and must
// stay rare; without, there must be none.
void check_gradients(flat::Lm<double>& lm, const Batch& batch, bool kinks_allowed) {
    const auto loss = [&] { return loss_on(lm, batch); };
    loss();
    lm.backward();
    const std::vector<double> grads = lm.grads();
    const double centre = loss();
    constexpr double h = 1e-5;
    std::size_t checked = 0, kinks = 0;
    for (const flat::Slot& s : lm.slots())
        for (std::size_t i = 0; i < s.size; ++i) {
            const auto [up, down] = nudged(lm.weights()[s.offset + i], h, loss);
            const double right = (up - centre) / h, left = (centre - down) / h;
            if (std::abs(right - left) > 1e-3 * std::max(1.0, std::abs(right))) {
                REQUIRE(kinks_allowed);
                ++kinks;
                continue;
            }
            ++checked;
            CAPTURE(s.name, i);
            REQUIRE_THAT(grads[s.offset + i], near((up - down) / (2 * h), 1e-5, 1e-8));
        }
    CAPTURE(checked, kinks);
    REQUIRE(kinks * 100 <= checked);
}
}  // namespace

TEST_CASE("§5 the training path in double: every gradient matches central finite differences") {
    const Case k = any_case();  // (no structured binding: a C++17 lambda cannot capture one)
    const ModelConfig& c = k.c;
    CAPTURE(name_of(c.arrangement), name_of(c.norm), c.tied, name_of(c.activation), c.gated, name_of(c.positions),
            c.mask_blocks.size(), c.scaled);
    flat::Lm<double> lm(structure_of(c), k.p);
    check_gradients(lm, k.batch, c.activation == Activation::relu);
}

TEST_CASE("§4 attention-only blocks (ffnMult 0): no FFN and no second norm, exact gradients, an FFN of zeros") {
    ModelConfig c;
    c.vocab = 7, c.D = 8, c.heads = 2, c.layers = 2, c.T = 6, c.seed = 5, c.ffn_mult = 0;
    c.arrangement = GENERATE(Arrangement::pre, Arrangement::post);
    c.norm = GENERATE(NormKind::layer, NormKind::rms, NormKind::none);
    CAPTURE(name_of(c.arrangement), name_of(c.norm));
    for (const flat::Slot& s : flat::lm_layout(structure_of(c))) {
        CAPTURE(s.name);
        REQUIRE(s.name.find("ffn.") == std::string::npos);
        REQUIRE(s.name.find("norm2.") == std::string::npos);
    }
    const LmParams p = shaken(c);
    flat::Lm<double> lm(structure_of(c), p);
    REQUIRE(flat::Lm<double>(structure_of(c), lm.params()).weights() == lm.weights());

    const Batch batch = make_batch(3, 5, c.vocab, 9);
    const auto loss = [&] { return loss_on(lm, batch); };
    check_gradients(lm, batch, false);

    SECTION("post-norm: each block's output is its first norm of x + MHA(x), with no second sub-layer") {
        if (c.arrangement != Arrangement::post) return;
        loss();  // the activations of p itself, not of the last nudge
        const std::size_t N = 3 * 5, D = c.D;
        for (std::size_t l = 0; l < c.layers; ++l) {
            Tensor2 r1 = Tensor2::from_shape({N, D});
            std::copy(lm.acts().blocks[l].r1.begin(), lm.acts().blocks[l].r1.begin() + N * D, r1.begin());
            const std::optional<NormParams>& n = p.blocks[l].norm1;
            const Tensor2 want = c.norm == NormKind::layer ? layernorm_forward(r1, n->gamma, *n->beta)
                                 : c.norm == NormKind::rms ? rmsnorm_forward(r1, n->gamma)
                                                           : r1;
            for (std::size_t i = 0; i < N * D; ++i) {
                CAPTURE(l, i);
                REQUIRE_THAT(lm.acts().x[l + 1][i], near(want.data()[i], 1e-12, 1e-12));
            }
        }
    }
    SECTION("pre-norm: the model with an FFN whose W_2 and b_2 are 0, bit for bit") {
        if (c.arrangement != Arrangement::pre) return;
        ModelConfig with_ffn = c;
        with_ffn.ffn_mult = 4;
        LmParams q = shaken(with_ffn);
        for (std::size_t l = 0; l < c.layers; ++l) {
            BlockParams& b = q.blocks[l];
            b.attn = p.blocks[l].attn, b.norm1 = p.blocks[l].norm1;
            b.ffn.w2.fill(0.0), b.ffn.b2->fill(0.0);
        }
        q.embedding = p.embedding, q.positions = p.positions, q.final_norm = p.final_norm;
        flat::Lm<double> zero_ffn(structure_of(with_ffn), q);
        REQUIRE(loss_on(zero_ffn, batch) == loss());
        for (std::size_t i = 0; i < 3 * 5 * c.vocab; ++i) REQUIRE(zero_ffn.probs()[i] == lm.probs()[i]);
    }
}

TEST_CASE("§7.4 a configuration's model is the worked examples' lm_forward of its tensors, bit for bit") {
    const auto [c, p, batch] = any_case();
    flat::Lm<double> lm(structure_of(c), p);
    const double loss = loss_on(lm, batch);
    const LmResult want = lm_forward(batch.tokens, p, options_of(c), false);
    REQUIRE(loss == want.loss);
    for (std::size_t i = 0; i < want.probs.size(); ++i) {
        CAPTURE(i);
        REQUIRE(lm.probs()[i] == want.probs.data()[i]);
    }
}

TEST_CASE("§4 separate W_Q, W_K, W_V fill W_QKV's columns; a norm without a gain multiplies by 1") {
    ModelConfig c;
    c.vocab = 5, c.D = 4, c.heads = 2, c.layers = 1, c.T = 4, c.seed = 3;
    c.norm = GENERATE(NormKind::layer, NormKind::rms);
    LmParams fused = shaken(c);
    LmParams separate = fused;
    MhaParams& a = separate.blocks[0].attn;
    const std::size_t D = c.D;
    a.wQ = Tensor2(xt::view(*a.wQKV, xt::all(), xt::range(0, D)));
    a.wK = Tensor2(xt::view(*a.wQKV, xt::all(), xt::range(D, 2 * D)));
    a.wV = Tensor2(xt::view(*a.wQKV, xt::all(), xt::range(2 * D, 3 * D)));
    a.bQ = Tensor1(xt::view(*a.bQKV, xt::range(0, D)));
    a.bV = Tensor1(xt::view(*a.bQKV, xt::range(2 * D, 3 * D)));  // no b_K: its columns 0
    xt::view(*fused.blocks[0].attn.bQKV, xt::range(D, 2 * D)) = 0.0;
    a.wQKV.reset(), a.bQKV.reset();
    const LmOptions o = options_of(c);
    const TokenMatrix tokens{{0, 3, 1, 4, 2}};
    const bool same_projections =
        lm_forward(tokens, separate, o, false).logits == lm_forward(tokens, fused, o, false).logits;
    REQUIRE(same_projections);

    LmParams ones = fused, none = fused;
    ones.blocks[0].norm1->gamma.fill(1.0);
    none.blocks[0].norm1->gamma.fill(1.0);
    if (c.norm == NormKind::layer) none.blocks[0].norm1->beta.reset(), ones.blocks[0].norm1->beta->fill(0.0);
    // a norm's parameters absent altogether: gain 1, no shift
    none.blocks[0].norm1.reset();
    const bool same_norm = lm_forward(tokens, none, o, false).logits == lm_forward(tokens, ones, o, false).logits;
    REQUIRE(same_norm);
}

TEST_CASE("§5 float32 training path: loss and every gradient match the double one in every configuration") {
    const auto [c, p, batch] = any_case();
    flat::Lm<double> reference(structure_of(c), p);
    const double want = loss_on(reference, batch);
    reference.backward();
    flat::Lm<float> lm(structure_of(c), p);
    const double loss = loss_on(lm, batch);
    REQUIRE_THAT(loss, near(want, 1e-5, 1e-6));
    lm.backward();
    for (const flat::Slot& s : lm.slots()) {
        const double* g = reference.grads().data() + s.offset;
        // float32 keeps about 7 digits; errors are measured against the tensor's largest entry.
        const double tol = 1e-4 * max_abs(g, s.size) + 1e-7;
        for (std::size_t i = 0; i < s.size; ++i) {
            CAPTURE(s.name, i, g[i]);
            REQUIRE_THAT(double(lm.grads()[s.offset + i]), Catch::Matchers::WithinAbs(g[i], tol));
        }
    }
}

TEST_CASE("float32 parameters convert to double and back exactly") {
    ModelConfig c;
    c.vocab = 5, c.D = 4, c.heads = 2, c.layers = 1, c.T = 3, c.seed = 2;
    flat::Lm<float> a(structure_of(c), init_model(c));
    LmParams p = a.params();
    flat::Lm<float> b(structure_of(c), init_model(c));
    p.embedding(0, 0) = 0.25;  // a change that must come through
    b.set_params(p);
    REQUIRE(b.weights()[0] == 0.25f);
    p.embedding(0, 0) = double(a.weights()[0]);
    b.set_params(p);
    REQUIRE(b.weights() == a.weights());
}

TEST_CASE("§2.2 interventions: hidden positions get no attention, ablated heads carry nothing") {
    ModelConfig c;
    c.vocab = 6, c.D = 8, c.heads = 2, c.layers = 2, c.T = 5, c.seed = 4;
    flat::Lm<float> lm(structure_of(c), init_model(c));
    LmParams p = shaken(c);
    lm.set_params(p);
    const std::vector<int> seq = {1, 4, 2, 5, 3};
    const std::size_t T = seq.size(), H = 2, V = 6;

    SECTION("hiding position 1: no later query attends to it, and every row still sums to 1") {
        flat::Intervention iv;
        iv.hidden = {1};
        lm.forward(seq.data(), nullptr, 1, T, &iv);
        for (std::size_t l = 0; l < 2; ++l)
            for (std::size_t h = 0; h < H; ++h)
                for (std::size_t i = 0; i < T; ++i) {
                    const float* row = lm.attention(l) + (h * T + i) * T;
                    double sum = 0;
                    for (std::size_t j = 0; j < T; ++j) sum += row[j];
                    CAPTURE(l, h, i);
                    REQUIRE_THAT(sum, near(1.0, 1e-6, 1e-6));
                    if (i != 1) REQUIRE(row[1] == 0.0f);
                }
    }
    SECTION("ablating every head: the last prediction no longer depends on the first token") {
        flat::Intervention all;
        for (std::size_t l = 0; l < 2; ++l)
            for (std::size_t h = 0; h < H; ++h) all.heads.emplace_back(l, h);
        std::vector<int> other = seq;
        other[0] = 0;
        const auto last_probs = [&](const std::vector<int>& s, const flat::Intervention* iv) {
            lm.forward(s.data(), nullptr, 1, T, iv);
            return std::vector<float>(lm.probs() + (T - 1) * V, lm.probs() + T * V);
        };
        REQUIRE(last_probs(seq, &all) == last_probs(other, &all));
        REQUIRE(last_probs(seq, nullptr) != last_probs(other, nullptr));
    }
}

TEMPLATE_TEST_CASE("Handout #12 cached decoding gives forward()'s logits bit for bit, in every configuration", "",
                   float, double) {
    const ModelConfig c = any_config();
    flat::Lm<TestType> lm(structure_of(c), init_model(c));
    LmParams p = shaken(c);
    lm.set_params(p);
    const std::size_t V = c.vocab, T = c.T;
    // the mask in every block, as generation sees it (a block without it cannot keep its rows)
    flat::Intervention causal;
    causal.causal = true;
    const std::size_t prefill = GENERATE(1, 2, 4);
    const std::uint64_t seed = GENERATE(range(0, 6));
    CAPTURE(prefill, seed);
    const TokenMatrix stream = random_batch(1, T - 1, V, seed);  // T tokens
    const std::vector<int> seq(stream.begin(), stream.end());
    flat::DecodeState<TestType> state;
    for (std::size_t end = prefill; end <= T; ++end) {  // the prompt, then one token at a time
        CAPTURE(end);
        const TestType* z = lm.decode(seq.data() + state.length, end - state.length, state, &causal);
        const std::vector<TestType> cached(z, z + V);
        REQUIRE(state.length == end);
        lm.forward(seq.data(), nullptr, 1, end, &causal);
        const std::vector<TestType> recomputed(lm.logits() + (end - 1) * V, lm.logits() + end * V);
        REQUIRE(cached == recomputed);
    }
}
