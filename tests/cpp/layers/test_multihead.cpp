// multihead.hpp: §4.1's two heads through real projections, §4.2's fused projection, shapes.
#include <xtensor/xview.hpp>

#include "fixtures.hpp"
#include "lab/layers/multihead.hpp"

using namespace lab;
using namespace fixtures;

namespace {
// §4.1 built from projections: D = 4, H = 2, d_k = 1, d_v = 2. Features 0 and 1 mark rows 0
// and 1, features 2-3 hold the values v0, v1, v2. Head 1 keys on feature 0, head 2 on feature 1.
MhaParams two_head_params() {
    MhaParams p;
    p.wQ = Tensor2{{1, 1}, {0, 0}, {0, 0}, {0, 0}};
    p.wK = Tensor2{{ln8, 0}, {0, ln8}, {0, 0}, {0, 0}};
    p.wV = Tensor2{{0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 1, 0}, {0, 1, 0, 1}};
    return p;
}
const Tensor3 kTwoHeadX{{{1, 0, 2, 0}, {0, 1, 0, 2}, {0, 0, 4, 4}}};
}  // namespace

TEST_CASE("§4.1 two heads: [2, 0.6] and [0.6, 2], concatenated, not averaged") {
    const MhaResult r = multihead_attention_forward(kTwoHeadX, two_head_params(), 2, {});
    SECTION("per-head weights at query position 0") {
        REQUIRE(r.weights.shape() == std::array<std::size_t, 4>{1, 2, 3, 3});
        require_all_near(xt::eval(xt::view(r.weights, 0, 0, 0)), {0.8, 0.1, 0.1});
        require_all_near(xt::eval(xt::view(r.weights, 0, 1, 0)), {0.1, 0.8, 0.1});
    }
    SECTION("head outputs [2, 0.6] and [0.6, 2]") {
        require_all_near(xt::eval(xt::view(r.heads, 0, 0, 0)), {2, 0.6});
        require_all_near(xt::eval(xt::view(r.heads, 0, 1, 0)), {0.6, 2});
    }
    SECTION("concatenation [2, 0.6 | 0.6, 2]; W_O = I_4 leaves it unchanged") {
        require_all_near(xt::eval(xt::view(r.concat, 0, 0)), {2, 0.6, 0.6, 2});
        MhaParams with_identity = two_head_params();
        with_identity.wO = Tensor2(xt::eye<double>(4));
        const MhaResult ri = multihead_attention_forward(kTwoHeadX, with_identity, 2, {});
        require_all_near(xt::eval(xt::view(ri.output, 0, 0)), {2, 0.6, 0.6, 2});
    }
    SECTION("averaging the heads would give only [1.3, 1.3]") {
        const Tensor1 avg = (xt::view(r.heads, 0, 0, 0) + xt::view(r.heads, 0, 1, 0)) / 2.0;
        require_all_near(avg, {1.3, 1.3});
    }
}

TEST_CASE("§4.2 the fused W_QKV gives the same numbers as separate projections") {
    const std::size_t B = GENERATE(1, 2);
    const std::size_t T = GENERATE(1, 3, 5);
    const std::size_t H = GENERATE(1, 2, 4);
    const bool bias = GENERATE(false, true);
    const bool causal = GENERATE(false, true);
    const std::size_t D = 8;
    CAPTURE(B, T, H, bias, causal);
    MhaParams s;
    s.wQ = random_mat(D, D, 1);
    s.wK = random_mat(D, D, 2);
    s.wV = random_mat(D, D, 3);
    s.wO = random_mat(D, D, 4);
    if (bias) {
        s.bQ = random_vec(D, 5);
        s.bK = random_vec(D, 6);
        s.bV = random_vec(D, 7);
        s.bO = random_vec(D, 8);
    }
    const Tensor3 x = random_tensor<Tensor3>({B, T, D}, 9);
    AttentionOptions o;
    o.causal = causal;
    const MhaResult a = multihead_attention_forward(x, s, H, o);
    const MhaResult f = multihead_attention_forward(x, fuse_qkv(s), H, o);
    SECTION("shapes: weights [B, H, T, T], heads [B, H, T, d_h], concat [B, T, D]") {
        REQUIRE(a.weights.shape() == std::array<std::size_t, 4>{B, H, T, T});
        REQUIRE(a.heads.shape() == std::array<std::size_t, 4>{B, H, T, D / H});
        REQUIRE(a.concat.shape() == std::array<std::size_t, 3>{B, T, D});
    }
    SECTION("every output entry agrees") {
        REQUIRE(f.output.shape() == a.output.shape());
        for (std::size_t i = 0; i < a.output.size(); ++i)
            REQUIRE_THAT(f.output.data()[i], near(a.output.data()[i], 1e-12, 1e-13));
    }
    SECTION("head h uses columns h*d_h .. (h+1)*d_h of the projections (the reshape and transpose)") {
        const std::size_t dh = D / H, h = H - 1;
        AttentionOptions oh = o;
        const Tensor3 qh = xt::view(a.q, xt::all(), xt::all(), xt::range(h * dh, (h + 1) * dh));
        const Tensor3 kh = xt::view(a.k, xt::all(), xt::all(), xt::range(h * dh, (h + 1) * dh));
        const Tensor3 vh = xt::view(a.v, xt::all(), xt::all(), xt::range(h * dh, (h + 1) * dh));
        const AttentionResult single = attention_forward(qh, kh, vh, oh);
        for (std::size_t b = 0; b < B; ++b)
            for (std::size_t t = 0; t < T; ++t)
                for (std::size_t c = 0; c < dh; ++c) REQUIRE(single.output(b, t, c) == a.heads(b, h, t, c));
    }
}

TEST_CASE("one head without W_O is plain attention (what §7.4 uses: d_k = 1, d_v = 2)") {
    MhaParams p;
    p.wQ = Tensor2{{1}, {0}};
    p.wK = Tensor2{{ln2}, {0}};
    p.wV = Tensor2{{1, 0}, {0, 1}};
    AttentionOptions o;
    o.causal = true;
    const MhaResult r = multihead_attention_forward(Tensor3{{{1, 0}, {0, 1}, {1, 1}}}, p, 1, o);
    require_all_near(r.output, {1, 0, 0.5, 0.5, 0.8, 0.6});
}

TEST_CASE("multi-head attention explains what is wrong with its parameters") {
    const Tensor3 x = random_tensor<Tensor3>({1, 3, 4}, 1);
    MhaParams p;
    p.wQ = random_mat(4, 4, 2);
    p.wK = random_mat(4, 4, 3);
    p.wV = random_mat(4, 4, 4);
    SECTION("columns not divisible by H") {
        REQUIRE_THROWS_WITH(multihead_attention_forward(x, p, 3, {}),
                            "multiHeadAttention: mha.columnsPerHead {name: \"wQ\", columns: 4, heads: 3}");
    }
    SECTION("wQ with the wrong number of rows") {
        p.wQ = random_mat(5, 4, 2);
        REQUIRE_THROWS_WITH(multihead_attention_forward(x, p, 2, {}),
                            Catch::Contains("shape.weightRows {name: \"wQ\", rows: 5, features: 4}"));
    }
    SECTION("both fused and separate") {
        p.wQKV = random_mat(4, 12, 5);
        REQUIRE_THROWS_WITH(multihead_attention_forward(x, p, 2, {}), Catch::Contains("mha.fusedAndSeparate {}"));
    }
    SECTION("no W_O and a concatenation narrower than D") {
        p.wV = random_mat(4, 2, 4);
        REQUIRE_THROWS_WITH(multihead_attention_forward(x, p, 2, {}),
                            Catch::Contains("mha.noOutput {H: 2, dv: 1, width: 2, D: 4}"));
    }
}
