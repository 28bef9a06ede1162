// decoder.hpp: §9.4's decoder block against PyTorch's nn.TransformerDecoderLayer.
#include "fixtures.hpp"
#include "lab/layers/decoder.hpp"

using namespace lab;
using namespace fixtures;

namespace {

Tensor2 w(std::size_t r, std::size_t c, double seed) { return reference_weight(r, c, seed); }
Tensor1 v(std::size_t n, double seed) { return reference_vector(n, seed); }
MhaParams attn(std::size_t D, double seed) {
    MhaParams p;
    p.wQ = w(D, D, seed), p.wK = w(D, D, seed + 1), p.wV = w(D, D, seed + 2);
    p.bQ = v(D, seed + 3), p.bK = v(D, seed + 4), p.bV = v(D, seed + 5);
    p.wO = w(D, D, seed + 6), p.bO = v(D, seed + 7);
    return p;
}

constexpr std::size_t B = 2, Tdec = 3, Tenc = 4, D = 4, H = 2, F = 8;

DecoderParams reference_params() {
    DecoderParams p;
    p.self_attn = attn(D, 10);
    p.cross_attn = attn(D, 20);
    p.ffn.w1 = w(D, F, 30), p.ffn.b1 = v(F, 31), p.ffn.w2 = w(F, D, 32), p.ffn.b2 = v(D, 33);
    p.norm1 = NormParams{Tensor1(1.0 + v(D, 40)), v(D, 50)};
    p.norm2 = NormParams{Tensor1(1.0 + v(D, 41)), v(D, 51)};
    p.norm3 = NormParams{Tensor1(1.0 + v(D, 42)), v(D, 52)};
    return p;
}

Tensor3 rows(std::size_t b, std::size_t t, double seed) {
    Tensor3 x = Tensor3::from_shape({b, t, D});
    const Tensor2 m = w(b * t, D, seed);
    for (std::size_t i = 0; i < x.size(); ++i) x.data()[i] = 2 * m.data()[i];
    return x;
}

}  // namespace

TEST_CASE("§9.4 the decoder block is nn.TransformerDecoderLayer: masked self-attention, cross-attention, FFN") {
    // torch.nn.TransformerDecoderLayer(4, 2, 8, dropout=0, activation='relu', batch_first=True,
    // norm_first=...) in float64, with these weights and a causal tgt_mask: the numbers that
    // tests/reference/torch_decoder_layer.py prints.
    const auto [arrangement, want] = GENERATE(table<Arrangement, std::vector<double>>({
        {Arrangement::post,
         {0.771698638460983,  0.725623186572243,  -0.463857487153875, -1.92331073522918,  0.940120890412007,
          0.632694434539685,  -0.750761380603674, -1.773198630684808, 1.118819398101995,  0.482644975698053,
          -1.131334937075087, -1.486559812878964, 1.01122827798921,   -0.853471093772617, -1.8909311924326,
          0.801045178807548,  0.429342355642639,  -1.20316815776813,  -1.503996423685733, 1.572196414575839,
          -0.430795668335473, -1.335554553605954, -0.515466599590956, 1.905804179286952}},
        {Arrangement::pre,
         {0.497304717086722,  1.758509834272924,  0.241611982210976,  -1.777436918400878, 0.71927530669362,
          1.136718181494016,  -0.31301568492973,  -1.452369768187823, 0.568195074983728,  0.389576600710753,
          -0.561654448572329, -0.838249343454681, 0.462642702868698,  -1.301615902937024, -1.360886103866224,
          0.425356097011477,  -0.024767097178783, -1.423008993704073, -0.93842132298535,  0.772766855820078,
          -0.264451399253834, -0.913065815629213, -0.425918615310051, 0.537011425685362}},
    }));
    CAPTURE(int(arrangement));
    BlockOptions o;
    o.heads = H;
    o.arrangement = arrangement;
    o.ffn.activation = Activation::relu;
    const DecoderResult r = decoder_block_forward(rows(B, Tdec, 1), rows(B, Tenc, 2), reference_params(), o, true);
    REQUIRE(r.output.shape(0) == B);
    REQUIRE(r.output.shape(1) == Tdec);
    for (std::size_t i = 0; i < want.size(); ++i) {
        CAPTURE(i);
        REQUIRE_THAT(r.output.data()[i], near(want[i], 1e-12, 1e-13));
    }

    SECTION("cross-attention weights are [B, H, T_dec, T_enc], unmasked; self-attention's are causal") {
        REQUIRE(r.cross_weights.shape() == std::array<std::size_t, 4>{B, H, Tdec, Tenc});
        REQUIRE(r.self_weights.shape() == std::array<std::size_t, 4>{B, H, Tdec, Tdec});
        for (std::size_t b = 0; b < B; ++b)
            for (std::size_t h = 0; h < H; ++h)
                for (std::size_t i = 0; i < Tdec; ++i) {
                    double cross = 0, self = 0;
                    for (std::size_t j = 0; j < Tenc; ++j) {
                        REQUIRE(r.cross_weights(b, h, i, j) > 0);  // every encoder position is read
                        cross += r.cross_weights(b, h, i, j);
                    }
                    for (std::size_t j = 0; j < Tdec; ++j) {
                        if (j > i) REQUIRE(r.self_weights(b, h, i, j) == 0);
                        self += r.self_weights(b, h, i, j);
                    }
                    REQUIRE_THAT(cross, near(1.0));
                    REQUIRE_THAT(self, near(1.0));
                }
    }
    SECTION("the trace names each stage, cross-attention's keys from the memory") {
        std::vector<std::string> names;
        for (const TraceStep& s : r.trace) names.push_back(s.name);
        REQUIRE(names == std::vector<std::string>{"self.q", "self.weights", "h1", "cross.q", "cross.k", "cross.v",
                                                  "cross.weights", "h2", "ffn", "output"});
        REQUIRE(r.trace[4].shape == std::vector<std::size_t>{B, Tenc, D});
    }
}

TEST_CASE("§9.4 the decoder block's arguments are checked, naming what is wrong") {
    BlockOptions o;
    o.heads = H;
    DecoderParams p = reference_params();
    REQUIRE_THROWS_WITH(decoder_block_forward(rows(B, Tdec, 1), rows(1, Tenc, 2), p, o, false),
                        "decoderBlock: shape.memory {B: 2, D: 4, x: \"[2, 3, 4]\", memory: \"[1, 4, 4]\"}");
    DecoderParams fused = p;
    fused.cross_attn = fuse_qkv(p.cross_attn);
    REQUIRE_THROWS_WITH(decoder_block_forward(rows(B, Tdec, 1), rows(B, Tenc, 2), fused, o, false),
                        "decoderBlock: mha.crossFused {}");
    DecoderParams narrow = p;
    narrow.cross_attn.wV = w(D, 2, 5);
    narrow.cross_attn.bV.reset();
    REQUIRE_THROWS_WITH(decoder_block_forward(rows(B, Tdec, 1), rows(B, Tenc, 2), narrow, o, false),
                        Catch::Contains("decoderBlock (crossAttn): shape.weightRows {name: \"wO\", rows: 4"));
    o.norm = NormKind::none;
    REQUIRE_THROWS_WITH(decoder_block_forward(rows(B, Tdec, 1), rows(B, Tenc, 2), p, o, false),
                        "decoderBlock: norm.givenButNone {name: \"norm1\"}");
}
