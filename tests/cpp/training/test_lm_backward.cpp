// lm_backward.hpp: gradients of the composite layers — multi-head attention (separate and fused),
// pre- and post-norm blocks with every norm, and the whole toy language model — against central
// finite differences of the mean cross-entropy, for every parameter tensor.
#include <xtensor/xview.hpp>

#include "fixtures.hpp"
#include "lab/training/lm_backward.hpp"

using namespace lab;
using namespace fixtures;

namespace {
// Every parameter of `p` against finite differences of loss(p).
void require_model_gradient(LmParams& p, LmParams& g, const std::function<double()>& loss) {
    constexpr double h = 1e-5;
    std::vector<std::pair<std::string, double*>> grads;
    for_each_parameter(g, [&](const std::string& name, double* data, std::size_t, const std::vector<std::size_t>&) {
        grads.emplace_back(name, data);
    });
    std::size_t k = 0;
    for_each_parameter(p, [&](const std::string& name, double* data, std::size_t n, const std::vector<std::size_t>&) {
        REQUIRE(grads.at(k).first == name);
        const double* gd = grads.at(k++).second;
        for (std::size_t i = 0; i < n; ++i) {
            const double keep = data[i];
            data[i] = keep + h;
            const double up = loss();
            data[i] = keep - h;
            const double down = loss();
            data[i] = keep;
            CAPTURE(name, i);
            REQUIRE_THAT(gd[i], near((up - down) / (2 * h), 1e-5, 1e-8));
        }
    });
    REQUIRE(k == grads.size());
}

LmParams small_model(bool fused, bool biases, NormKind norm, bool tied, bool gated) {
    LmParams p = random_lm(5, 4, 2, 2, 6, 31);
    for (std::size_t l = 0; l < p.blocks.size(); ++l) {
        BlockParams& b = p.blocks[l];
        if (!biases)
            b.attn.bQ.reset(), b.ffn.b1.reset();
        else
            b.attn.bO = random_vec(4, 40 + l, 0.1);
        if (fused) b.attn = fuse_qkv(b.attn);
        if (gated) b.ffn.wGate = random_mat(4, 16, 50 + l, 0.5);
        if (norm == NormKind::rms) b.norm1->beta.reset(), b.norm2->beta.reset();
        if (norm == NormKind::none) b.norm1.reset(), b.norm2.reset();
    }
    if (norm == NormKind::rms) p.final_norm->beta.reset();
    if (norm == NormKind::none) p.final_norm.reset();
    if (!tied) p.head = random_mat(4, 5, 60);
    return p;
}
}  // namespace

TEST_CASE("§5 the whole toy LM: every parameter's gradient matches finite differences") {
    const bool fused = GENERATE(false, true);
    const Arrangement arrangement = GENERATE(Arrangement::pre, Arrangement::post);
    const NormKind norm = GENERATE(NormKind::layer, NormKind::rms, NormKind::none);
    const bool tied = GENERATE(true, false);
    CAPTURE(fused, int(arrangement), int(norm), tied);
    LmParams p = small_model(fused, true, norm, tied, false);
    LmOptions o = random_lm_options(2);
    o.block.arrangement = arrangement;
    o.block.norm = norm;
    const TokenMatrix tokens{{1, 4, 0, 2, 3}, {2, 2, 1, 0, 4}};
    LmLossAndGrads r = lm_backward(tokens, p, o);
    REQUIRE_THAT(r.loss, near(lm_forward(tokens, p, o, false).loss, 1e-14));
    require_model_gradient(p, r.grads, [&] { return lm_forward(tokens, p, o, false).loss; });
}

TEST_CASE("§7.3 gradients with the mask in every block, in the last block only, and with none") {
    LmParams p = small_model(false, false, NormKind::layer, true, true);
    LmOptions o = random_lm_options(2);
    o.block.ffn.gated = true;
    o.block.ffn.activation = Activation::silu;
    const int config = GENERATE(0, 1, 2);
    CAPTURE(config);
    if (config == 1) o.mask_blocks = {false, true};
    if (config == 2) o.block.causal = false;
    const TokenMatrix tokens{{3, 1, 4, 1, 0}};
    LmLossAndGrads r = lm_backward(tokens, p, o);
    require_model_gradient(p, r.grads, [&] { return lm_forward(tokens, p, o, false).loss; });
}

TEST_CASE("§6.1 positions: learned tables get gradients, sinusoidal and none have none to get") {
    const PositionKind kind = GENERATE(PositionKind::learned, PositionKind::sinusoidal, PositionKind::none);
    LmParams p = small_model(false, true, NormKind::layer, true, false);
    if (kind != PositionKind::learned) p.positions.reset();
    LmOptions o = random_lm_options(2);
    o.positions = kind;
    const TokenMatrix tokens{{0, 1, 2, 3}};
    LmLossAndGrads r = lm_backward(tokens, p, o);
    REQUIRE(r.grads.positions.has_value() == (kind == PositionKind::learned));
    require_model_gradient(p, r.grads, [&] { return lm_forward(tokens, p, o, false).loss; });
}

TEST_CASE("§7.4 the toy trace's gradient: rows of E that are never read get none") {
    LmParams p = toy_model();
    LmParams q = p;
    q.embedding = Tensor2{{1, 0}, {0, 0.5}, {0.5, 0.5}};
    const TokenMatrix tokens{{0, 1, 0}};  // inputs A B: C's row of E is used only by the head
    p.head.reset();                       // tied: the head reads every row
    LmLossAndGrads tied = lm_backward(tokens, p, toy_options());
    q.head = Tensor2{{1, 0, -1}, {0, 1, -1}};
    LmLossAndGrads untied = lm_backward(tokens, q, toy_options());
    REQUIRE(untied.grads.embedding(2, 0) == 0.0);
    REQUIRE(untied.grads.embedding(2, 1) == 0.0);
    REQUIRE(tied.grads.embedding(2, 0) != 0.0);
}
