// param_count.hpp: §4's 256 and §6's position and head parameters.
#include "fixtures.hpp"
#include "lab/layers/param_count.hpp"
#include "lab/training/train.hpp"

using namespace lab;
using namespace fixtures;

TEST_CASE("§4 attention has 4 D^2 parameters: 256 at D = 8 for every H dividing D") {
    const std::size_t H = GENERATE(1, 2, 4, 8);
    CAPTURE(H);
    ParamCountConfig c;
    c.model.D = 8;
    c.model.heads = H;
    c.attention_only = true;
    c.model.bias = false;
    const ParamCount n = param_count(c);
    REQUIRE(n.total == 256);
    REQUIRE(n.head_width == 8 / H);  // d_h changes with H, the count does not
    SECTION("three projection families 3 D^2 = 192, W_O adds D^2 = 64") {
        REQUIRE(n.breakdown.size() == 4);
        REQUIRE(n.breakdown[0].second + n.breakdown[1].second + n.breakdown[2].second == 192);
        REQUIRE(n.breakdown[3].second == 64);
    }
    SECTION("biases add 4 D") {
        c.model.bias = true;
        REQUIRE(param_count(c).total == 256 + 32);
    }
}

TEST_CASE("§4 H must divide D") {
    ParamCountConfig c;
    c.model.D = 8;
    c.model.heads = 3;
    c.attention_only = true;
    REQUIRE_THROWS_WITH(param_count(c), "paramCount: config.divisible {D: 8, heads: 3}");
}

TEST_CASE("§6 learned positions add T_max D, sinusoidal none; an untied head adds D V") {
    ParamCountConfig c;
    c.model.vocab = 65;
    c.model.D = 64;
    c.model.heads = 4;
    c.model.layers = 2;
    c.model.T = 64;
    c.model.positions = PositionKind::learned;
    const std::size_t learned = param_count(c).total;
    c.model.positions = PositionKind::sinusoidal;
    const std::size_t sinusoidal = param_count(c).total;
    REQUIRE(learned - sinusoidal == 64 * 64);
    c.model.tied = false;
    REQUIRE(param_count(c).total - sinusoidal == 64 * 65);
    SECTION("the whole reference model, counted by hand") {
        c.model.tied = true;
        c.model.positions = PositionKind::learned;
        const std::size_t D = 64, F = 256, V = 65, P = 64;
        const std::size_t block = 2 * D + 4 * D * D + 4 * D + 2 * D + D * F + F + F * D + D;
        REQUIRE(param_count(c).total == V * D + P * D + 2 * block + 2 * D);
    }
    SECTION("a gated FFN adds a second D x F map; RMSNorm has one vector per norm") {
        ParamCountConfig g = c;
        g.model.gated = true;
        REQUIRE(param_count(g).total - param_count(c).total == 2 * (64 * 256 + 256));
        ParamCountConfig r = c;
        r.model.norm = NormKind::rms;
        REQUIRE(param_count(c).total - param_count(r).total == 5 * 64);
    }
}

TEST_CASE("§9 paramCount counts exactly the parameters createModel makes, with or without bias, for every variant") {
    const bool bias = GENERATE(true, false), gated = GENERATE(false, true), tied = GENERATE(true, false);
    const NormKind norm = GENERATE(NormKind::layer, NormKind::rms, NormKind::none);
    const PositionKind positions = GENERATE(PositionKind::learned, PositionKind::sinusoidal);
    const std::size_t ffn_mult = GENERATE(3, 0);  // 0: attention-only blocks
    CAPTURE(bias, gated, tied, name_of(norm), name_of(positions), ffn_mult);
    ModelConfig m;
    m.vocab = 11, m.D = 8, m.heads = 2, m.layers = 3, m.T = 6, m.ffn_mult = ffn_mult;
    m.bias = bias, m.gated = gated, m.tied = tied, m.norm = norm, m.positions = positions;
    LmParams made = init_model(m);
    std::size_t total = 0;
    flat::for_each_parameter(
        made, [&](const std::string&, double*, std::size_t n, const std::vector<std::size_t>&) { total += n; });
    ParamCountConfig c;
    c.model.vocab = 11, c.model.D = 8, c.model.heads = 2, c.model.layers = 3, c.model.T = 6,
    c.model.ffn_mult = ffn_mult;
    c.model.bias = bias, c.model.gated = gated, c.model.tied = tied, c.model.norm = norm, c.model.positions = positions;
    REQUIRE(param_count(c).total == total);
}

TEST_CASE("§9 GPT-2 small in nanoGPT's configuration has its published 124,439,808 parameters") {
    // GPTConfig(n_layer=12, n_head=12, n_embd=768, block_size=1024, vocab_size=50257, bias=True):
    // nanoGPT reports 123.65M, which leaves out the 1024 x 768 position table.
    ParamCountConfig c;
    c.model.vocab = 50257, c.model.D = 768, c.model.heads = 12, c.model.layers = 12, c.model.T = 1024;
    REQUIRE(param_count(c).total == 124439808);
    REQUIRE(param_count(c).total - 1024 * 768 == 123653376);
}

// The sum of the breakdown's entries whose names start with `prefix`.
static std::size_t count_under(const ParamCount& n, const std::string& prefix) {
    std::size_t s = 0;
    for (const auto& [name, k] : n.breakdown)
        if (name.rfind(prefix, 0) == 0) s += k;
    return s;
}

TEST_CASE("§9.4 an encoder-decoder counts as PyTorch's nn.Transformer, plus one shared embedding") {
    // PyTorch 1.13's parameter counts, by hand with Debian's python3-torch:
    // sum(p.numel() for p in m.parameters()) for the modules named in each section.
    ParamCountConfig c;
    c.model.positions = PositionKind::sinusoidal;
    SECTION("nn.Transformer(d_model=512, nhead=8, 6 + 6 layers, dim_feedforward=2048): 44,140,544") {
        c.model.vocab = 37000, c.model.D = 512, c.model.heads = 8, c.model.layers = 6, c.encoder_layers = 6;
        const ParamCount n = param_count(c);
        REQUIRE(n.total - 37000 * 512 == 44140544);
        SECTION("each stack ends in its own norm") {
            REQUIRE(count_under(n, "encoder.final_norm") == 2 * 512);
            REQUIRE(count_under(n, "decoder.final_norm") == 2 * 512);
        }
    }
    SECTION("nn.Transformer(d_model=8, nhead=2, 2 + 3 layers, dim_feedforward=24): 4,624") {
        c.model.vocab = 5, c.model.D = 8, c.model.heads = 2, c.model.layers = 3, c.encoder_layers = 2,
        c.model.ffn_mult = 3;
        REQUIRE(param_count(c).total - 5 * 8 == 4624);
    }
    SECTION("attention-only blocks (ffnMult 0) lose their FFN, 2 D F + F + D, and its norm, 2 D, each") {
        c.model.vocab = 5, c.model.D = 8, c.model.heads = 2, c.model.layers = 3, c.encoder_layers = 2,
        c.model.ffn_mult = 3;
        const std::size_t with_ffn = param_count(c).total;
        c.model.ffn_mult = 0;
        const ParamCount n = param_count(c);
        REQUIRE(with_ffn - n.total == 5 * (2 * 8 * 24 + 24 + 8 + 2 * 8));
        REQUIRE(count_under(n, "decoder.block2.cross.") == 4 * 8 * 8 + 4 * 8);
    }
    SECTION("at D = 4, F = 8: nn.TransformerEncoderLayer has 172, nn.TransformerDecoderLayer 260") {
        c.model.vocab = 3, c.model.D = 4, c.model.heads = 2, c.model.layers = 1, c.encoder_layers = 1,
        c.model.ffn_mult = 2;
        const ParamCount n = param_count(c);
        REQUIRE(count_under(n, "encoder.block0.") == 172);
        REQUIRE(count_under(n, "decoder.block0.") == 260);
        SECTION("the decoder block is the encoder block plus cross-attention (4 D^2 + 4 D) and a norm (2 D)") {
            REQUIRE(count_under(n, "decoder.block0.cross.") == 4 * 16 + 4 * 4);
            REQUIRE(260 - 172 == 4 * 16 + 4 * 4 + 2 * 4);
        }
    }
    SECTION("encoderLayers = 0 is the decoder-only count, block names unchanged") {
        c.model.vocab = 3, c.model.D = 4, c.model.heads = 2, c.model.layers = 2;
        const ParamCount n = param_count(c);
        REQUIRE(count_under(n, "block1.") == 2 * 8 + 4 * 16 + 4 * 4 + 2 * 4 * 16 + 16 + 4);
        REQUIRE(count_under(n, "encoder.") == 0);
    }
}
