#include "lab/training/train.hpp"

#include <cmath>

#include "lab/core/rng.hpp"

namespace lab {

LmOptions options_of(const ModelConfig& c) {
    LmOptions o;
    o.block.heads = c.heads;
    o.block.arrangement = c.arrangement;
    o.block.norm = c.norm;
    o.block.ffn.activation = c.activation;
    o.block.ffn.gated = c.gated;
    o.positions = c.positions;
    o.mask_blocks = c.mask_blocks;
    if (!c.scaled) o.block.scale = 1.0;
    return o;
}

void check_model_config(const ModelConfig& c, const std::string& fn, double max_entries) {
    require(c.vocab > 0, fn, refused("config.positive", "name", "vocab"));
    require(c.D > 0, fn, refused("config.positive", "name", "D"));
    require(c.heads > 0, fn, refused("config.positive", "name", "heads"));
    require(c.layers > 0, fn, refused("config.positive", "name", "layers"));
    require(c.D % c.heads == 0, fn, refused("config.divisible", "D", c.D, "heads", c.heads));
    {
        // the embedding, the position table and the blocks' weights, biases left out
        const double D = double(c.D), F = double(c.ffn_mult) * D;
        const double count = (double(c.vocab) + double(c.T)) * D + double(c.layers) * (4 * D * D + 3 * D * F);
        require(count <= max_entries, fn, refused("size.model", "count", count, "max", max_entries));
    }
    require(c.T > 0 || c.positions != PositionKind::learned, fn, refused("config.positive", "name", "T"));
    require(c.mask_blocks.empty() || c.mask_blocks.size() == c.layers, fn,
            refused("config.maskBlocks", "n", c.mask_blocks.size(), "layers", c.layers));
}

std::vector<ParameterShape> parameter_layout(const ModelConfig& c) {
    const std::size_t D = c.D, F = c.ffn_mult * D;
    std::vector<ParameterShape> out;
    const auto add = [&](const std::string& name, std::vector<std::size_t> shape) { out.push_back({name, shape}); };
    const bool norms = c.norm != NormKind::none, betas = c.norm == NormKind::layer && c.bias;
    add("embedding", {c.vocab, D});
    if (c.positions == PositionKind::learned) add("positions", {c.T, D});
    for (std::size_t l = 0; l < c.layers; ++l) {
        const std::string n = "blocks." + std::to_string(l) + ".";
        add(n + "attn.wQKV", {D, 3 * D});
        if (c.bias) add(n + "attn.bQKV", {3 * D});
        add(n + "attn.wO", {D, D});
        if (c.bias) add(n + "attn.bO", {D});
        add(n + "ffn.w1", {D, F});
        if (c.bias) add(n + "ffn.b1", {F});
        add(n + "ffn.w2", {F, D});
        if (c.bias) add(n + "ffn.b2", {D});
        if (c.gated) add(n + "ffn.wGate", {D, F});
        if (c.gated && c.bias) add(n + "ffn.bGate", {F});
        for (const char* norm : {"norm1", "norm2"}) {
            if (norms) add(n + norm + ".gamma", {D});
            if (betas) add(n + norm + ".beta", {D});
        }
    }
    if (norms) add("finalNorm.gamma", {D});
    if (betas) add("finalNorm.beta", {D});
    if (!c.tied) add("head", {D, c.vocab});
    return out;
}

LmParams init_model(const ModelConfig& c, const std::string& fn) {
    check_model_config(c, fn, kMaxEntries);
    constexpr double kStd = 0.02;  // GPT-2's initial weight scale
    Pcg32 rng(c.seed);
    const auto normal = [&](std::size_t r, std::size_t cols, double std) {
        Tensor2 m = Tensor2::from_shape({r, cols});
        for (auto& x : m) x = std * rng.normal();
        return m;
    };
    const std::size_t D = c.D, F = c.ffn_mult * D;
    const double residual_std = kStd / std::sqrt(2.0 * double(c.layers));
    const auto norm = [&]() -> std::optional<NormParams> {
        if (c.norm == NormKind::none) return std::nullopt;
        NormParams n{xt::ones<double>({D}), std::nullopt};
        if (c.norm == NormKind::layer && c.bias) n.beta = Tensor1(xt::zeros<double>({D}));
        return n;
    };
    const auto bias = [&](std::size_t n) -> std::optional<Tensor1> {
        if (!c.bias) return std::nullopt;
        return Tensor1(xt::zeros<double>({n}));
    };
    LmParams p;
    p.embedding = normal(c.vocab, D, kStd);
    if (c.positions == PositionKind::learned) p.positions = normal(c.T, D, kStd);
    for (std::size_t l = 0; l < c.layers; ++l) {
        BlockParams b;
        b.attn.wQKV = normal(D, 3 * D, kStd);
        b.attn.bQKV = bias(3 * D);
        b.attn.wO = normal(D, D, residual_std);
        b.attn.bO = bias(D);
        b.ffn.w1 = normal(D, F, kStd);
        b.ffn.b1 = bias(F);
        if (c.gated) b.ffn.wGate = normal(D, F, kStd), b.ffn.bGate = bias(F);
        b.ffn.w2 = normal(F, D, residual_std);
        b.ffn.b2 = bias(D);
        b.norm1 = norm();
        b.norm2 = norm();
        p.blocks.push_back(b);
    }
    p.final_norm = norm();
    if (!c.tied) p.head = normal(D, c.vocab, kStd);
    return p;
}

double scheduled_lr(const OptimizerConfig& c, std::size_t step) {
    constexpr double kPi = 3.141592653589793;
    if (c.warmup && step < c.warmup) return c.lr * double(step + 1) / double(c.warmup);
    if (!c.total_steps) return c.lr;
    const double span = double(c.total_steps > c.warmup ? c.total_steps - c.warmup : 1);
    const double progress = std::min(1.0, double(step - c.warmup) / span);
    const double cosine = 0.5 * (1.0 + std::cos(kPi * progress));
    return c.lr * (c.min_lr_ratio + (1.0 - c.min_lr_ratio) * cosine);
}

void for_each_parameter(LmParams& p, const ParameterVisitor& f) {
    const auto visit = [&](const std::string& name, auto& t) {
        f(name, t.data(), t.size(), std::vector<std::size_t>(t.shape().begin(), t.shape().end()));
    };
    const auto opt = [&](const std::string& name, auto& t) {
        if (t) visit(name, *t);
    };
    visit("embedding", p.embedding);
    opt("positions", p.positions);
    for (std::size_t l = 0; l < p.blocks.size(); ++l) {
        BlockParams& b = p.blocks[l];
        const std::string n = "blocks." + std::to_string(l) + ".";
        opt(n + "attn.wQ", b.attn.wQ);
        opt(n + "attn.wK", b.attn.wK);
        opt(n + "attn.wV", b.attn.wV);
        opt(n + "attn.bQ", b.attn.bQ);
        opt(n + "attn.bK", b.attn.bK);
        opt(n + "attn.bV", b.attn.bV);
        opt(n + "attn.wQKV", b.attn.wQKV);
        opt(n + "attn.bQKV", b.attn.bQKV);
        opt(n + "attn.wO", b.attn.wO);
        opt(n + "attn.bO", b.attn.bO);
        visit(n + "ffn.w1", b.ffn.w1);
        opt(n + "ffn.b1", b.ffn.b1);
        visit(n + "ffn.w2", b.ffn.w2);
        opt(n + "ffn.b2", b.ffn.b2);
        opt(n + "ffn.wGate", b.ffn.wGate);
        opt(n + "ffn.bGate", b.ffn.bGate);
        if (b.norm1) {
            visit(n + "norm1.gamma", b.norm1->gamma);
            opt(n + "norm1.beta", b.norm1->beta);
        }
        if (b.norm2) {
            visit(n + "norm2.gamma", b.norm2->gamma);
            opt(n + "norm2.beta", b.norm2->beta);
        }
    }
    if (p.final_norm) {
        visit("finalNorm.gamma", p.final_norm->gamma);
        opt("finalNorm.beta", p.final_norm->beta);
    }
    opt("head", p.head);
}

void teacher_forcing_split(const TokenMatrix& batch, std::vector<int>& inputs, std::vector<int>& targets) {
    const std::size_t B = batch.shape(0), T = batch.shape(1) - 1;
    inputs.resize(B * T);
    targets.resize(B * T);
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t t = 0; t < T; ++t) {
            inputs[b * T + t] = batch(b, t);
            targets[b * T + t] = batch(b, t + 1);
        }
}

bool decays(const std::string& name) {
    return name.find(".b") == std::string::npos && name.find("norm") == std::string::npos &&
           name.find("Norm") == std::string::npos;
}

void check_optimizer(const OptimizerConfig& c, const std::string& fn) {
    require(std::isfinite(c.lr) && c.lr > 0, fn, refused("optimizer.lr", "got", c.lr));
    require(std::isfinite(c.weight_decay) && c.weight_decay >= 0, fn,
            refused("optimizer.weightDecay", "got", c.weight_decay));
    require(std::isfinite(c.clip) && c.clip >= 0, fn, refused("optimizer.clip", "got", c.clip));
}

}  // namespace lab
