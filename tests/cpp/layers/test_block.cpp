// block.hpp: §5.1's two arrangements, composed from the pieces they are defined by.
#include <xtensor/xview.hpp>

#include "fixtures.hpp"
#include "lab/core/matmul.hpp"
#include "lab/layers/block.hpp"

using namespace lab;
using namespace fixtures;

namespace {
BlockParams random_block(std::size_t D, std::uint64_t seed) {
    BlockParams b;
    b.attn.wQ = random_mat(D, D, seed + 1);
    b.attn.wK = random_mat(D, D, seed + 2);
    b.attn.wV = random_mat(D, D, seed + 3);
    b.attn.wO = random_mat(D, D, seed + 4);
    b.ffn.w1 = random_mat(D, 4 * D, seed + 5);
    b.ffn.w2 = random_mat(4 * D, D, seed + 6);
    b.norm1 = NormParams{Tensor1(1.0 + random_vec(D, seed + 7, 0.2)), random_vec(D, seed + 8, 0.2)};
    b.norm2 = NormParams{Tensor1(1.0 + random_vec(D, seed + 9, 0.2)), random_vec(D, seed + 10, 0.2)};
    return b;
}
Tensor2 rows(const Tensor3& t) { return xt::reshape_view(t, {t.shape(0) * t.shape(1), t.shape(2)}); }
Tensor3 batch(const Tensor2& t, std::size_t B) { return xt::reshape_view(t, {B, t.shape(0) / B, t.shape(1)}); }
}  // namespace

TEST_CASE("§5.1 pre-norm: H = X + MHA(LN(X)), Y = H + FFN(LN(H))") {
    const std::size_t D = 4, B = 2, T = 3;
    const BlockParams p = random_block(D, 10);
    const Tensor3 x = random_tensor<Tensor3>({B, T, D}, 1);
    BlockOptions o;
    o.heads = 2;
    const BlockResult r = block_forward(x, p, o, true);
    AttentionOptions causal;
    causal.causal = true;
    const Tensor3 normed1 = batch(layernorm_forward(rows(x), p.norm1->gamma, *p.norm1->beta), B);
    const Tensor3 h = x + multihead_attention_forward(normed1, p.attn, 2, causal).output;
    const Tensor2 normed2 = layernorm_forward(rows(h), p.norm2->gamma, *p.norm2->beta);
    const Tensor3 y = h + batch(ffn_forward(normed2, p.ffn, o.ffn).output, B);
    for (std::size_t i = 0; i < y.size(); ++i) REQUIRE_THAT(r.output.data()[i], near(y.data()[i], 1e-12, 1e-14));
    SECTION("the trace names each step in order") {
        std::vector<std::string> names;
        for (const auto& s : r.trace) names.push_back(s.name);
        REQUIRE(names == std::vector<std::string>{
                             "block.ln1",     "block.qkv",     "block.q",          "block.k",      "block.v",
                             "block.q.heads", "block.k.heads", "block.v.heads",    "block.scores", "block.masked",
                             "block.weights", "block.heads",   "block.concat",     "block.attn",   "block.residual1",
                             "block.ln2",     "block.ffn_pre", "block.ffn_hidden", "block.ffn",    "block.output"});
    }
    SECTION("§9.1 nanoGPT's intermediate tensors: view(B, T, nh, hs).transpose(1, 2), the mask, y, its re-assembly") {
        const auto step = [&](const std::string& name) -> const TraceStep& {
            for (const TraceStep& st : r.trace)
                if (st.name == "block." + name) return st;
            FAIL("no trace step " << name);
            throw 0;
        };
        const std::size_t H = 2, hs = D / H;
        const TraceStep &qkv = step("qkv"), &q = step("q"), &qh = step("q.heads"), &vh = step("v.heads");
        const TraceStep &scores = step("scores"), &masked = step("masked"), &heads = step("heads");
        const TraceStep &concat = step("concat"), &pre = step("ffn_pre"), &hidden = step("ffn_hidden");
        REQUIRE(qkv.shape == std::vector<std::size_t>{B, T, 3 * D});
        REQUIRE(qh.shape == std::vector<std::size_t>{B, H, T, hs});
        REQUIRE(hidden.shape == std::vector<std::size_t>{B, T, 4 * D});
        for (std::size_t b = 0; b < B; ++b)
            for (std::size_t hd = 0; hd < H; ++hd)
                for (std::size_t t = 0; t < T; ++t)
                    for (std::size_t c = 0; c < hs; ++c) {
                        CAPTURE(b, hd, t, c);
                        const std::size_t at = ((b * H + hd) * T + t) * hs + c;
                        REQUIRE(qh.values[at] == q.values[(b * T + t) * D + hd * hs + c]);
                        REQUIRE(vh.values[at] == qkv.values[(b * T + t) * 3 * D + 2 * D + hd * hs + c]);
                        REQUIRE(heads.values[at] == concat.values[(b * T + t) * D + hd * hs + c]);
                        // y = att @ v, head by head
                        double want = 0;
                        for (std::size_t j = 0; j < T; ++j)
                            want += r.attn.weights(b, hd, t, j) * vh.values[((b * H + hd) * T + j) * hs + c];
                        REQUIRE_THAT(heads.values[at], near(want, 1e-12, 1e-14));
                    }
        for (std::size_t k = 0; k < masked.values.size(); ++k) {
            const std::size_t i = (k / T) % T, j = k % T;
            CAPTURE(k, i, j);
            REQUIRE(masked.values[k] == (j > i ? -INFINITY : scores.values[k]));
        }
        for (std::size_t k = 0; k < pre.values.size(); ++k)
            REQUIRE(hidden.values[k] == activate(pre.values[k], Activation::gelu));
    }
}

TEST_CASE("§5.1 post-norm: H = LN(X + MHA(X)), Y = LN(H + FFN(H)), with RMSNorm too") {
    const std::size_t D = 4, B = 1, T = 3;
    const BlockParams p = random_block(D, 20);
    const Tensor3 x = random_tensor<Tensor3>({B, T, D}, 2);
    const NormKind kind = GENERATE(NormKind::layer, NormKind::rms);
    BlockOptions o;
    o.heads = 1;
    o.arrangement = Arrangement::post;
    o.norm = kind;
    o.ffn.activation = Activation::relu;
    BlockParams pk = p;
    if (kind == NormKind::rms) pk.norm1->beta.reset(), pk.norm2->beta.reset();
    const BlockResult r = block_forward(x, pk, o, false);
    AttentionOptions causal;
    causal.causal = true;
    const auto norm = [&](const Tensor2& v, const NormParams& n) {
        return kind == NormKind::layer ? layernorm_forward(v, n.gamma, *n.beta) : rmsnorm_forward(v, n.gamma);
    };
    const Tensor3 h =
        batch(norm(rows(Tensor3(x + multihead_attention_forward(x, pk.attn, 1, causal).output)), *pk.norm1), B);
    const Tensor3 y =
        batch(norm(rows(Tensor3(h + batch(ffn_forward(rows(h), pk.ffn, o.ffn).output, B))), *pk.norm2), B);
    for (std::size_t i = 0; i < y.size(); ++i) REQUIRE_THAT(r.output.data()[i], near(y.data()[i], 1e-12, 1e-14));
}

TEST_CASE("§5 attention mixes positions, the FFN does not: a causal block leaves earlier rows alone") {
    const BlockParams p = random_block(4, 30);
    Tensor3 x = random_tensor<Tensor3>({1, 4, 4}, 3);
    const BlockResult before = block_forward(x, p, BlockOptions{}, false);
    x(0, 3, 0) += 1.0;  // change the last token only
    const BlockResult after = block_forward(x, p, BlockOptions{}, false);
    for (std::size_t t = 0; t < 3; ++t)
        for (std::size_t c = 0; c < 4; ++c) REQUIRE(after.output(0, t, c) == before.output(0, t, c));
    REQUIRE(after.output(0, 3, 0) != before.output(0, 3, 0));
}

TEST_CASE("a block with norm 'none' refuses norm parameters") {
    BlockOptions o;
    o.norm = NormKind::none;
    REQUIRE_THROWS_WITH(block_forward(random_tensor<Tensor3>({1, 2, 4}, 4), random_block(4, 40), o, false),
                        "block: norm.givenButNone {name: \"norm1\"}");
}
