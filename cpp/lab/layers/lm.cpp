#include "lab/layers/lm.hpp"

#include <cmath>

#include <xtensor/xview.hpp>

#include "lab/core/matmul.hpp"
#include "lab/layers/softmax.hpp"

namespace lab {

CrossEntropyResult cross_entropy_forward(const Tensor2& logits, const std::vector<int>& targets,
                                         const std::string& fn) {
    const std::size_t N = logits.shape(0), V = logits.shape(1);
    require(N > 0 && V > 0, fn, msg("logits must be non-empty, got shape ", shape_str(logits.shape())));
    require(targets.size() == N, fn,
            msg("targets has ", targets.size(), " entries but logits has ", N, " rows (one target per row)"));
    require_finite(logits, fn, "logits");
    CrossEntropyResult r{Tensor2::from_shape({N, V}), Tensor1::from_shape({N}), 0.0};
    for (std::size_t n = 0; n < N; ++n) {
        const int t = targets[n];
        require(t >= 0 && std::size_t(t) < V, fn,
                msg("targets[", n, "] = ", t, " is not a token id in [0, ", V - 1, "]"));
        r.losses(n) = cross_entropy_row(r.probs.data() + n * V, logits.data() + n * V, V, t);
        r.loss += r.losses(n);
    }
    r.loss /= double(N);
    return r;
}

std::size_t lm_vocab(const LmParams& p, const std::string& fn) {
    require(p.embedding.shape(0) > 0 && p.embedding.shape(1) > 0, fn,
            msg("params.embedding must be [V][D] with V, D > 0, got ", shape_str(p.embedding.shape())));
    return p.embedding.shape(0);
}

Tensor3 lm_embed(const TokenMatrix& inputs, const LmParams& p, const LmOptions& o, const std::string& fn, Trace* tr) {
    const std::size_t V = lm_vocab(p, fn), D = p.embedding.shape(1);
    const std::size_t B = inputs.shape(0), T = inputs.shape(1);
    require(B > 0 && T > 0, fn, "there are no input tokens (a sequence needs at least 2 tokens: inputs and targets)");
    require_finite(p.embedding, fn, "params.embedding");
    // x_i = E[w_i] + p_i
    Tensor3 x = Tensor3::from_shape({B, T, D});
    Tensor2 pos;  // (T, D) or empty
    switch (o.positions) {
        case PositionKind::learned:
            require(p.positions.has_value(), fn, "positions: 'learned' needs params.positions [Tmax][D]");
            require(p.positions->shape(1) == D, fn,
                    msg("params.positions has ", p.positions->shape(1), " columns but the embedding has D = ", D));
            require(T <= p.positions->shape(0), fn,
                    msg("the sequence has ", T, " input positions but params.positions has only ",
                        p.positions->shape(0), " rows (Tmax)"));
            require_finite(*p.positions, fn, "params.positions");
            pos = xt::view(*p.positions, xt::range(0, T), xt::all());
            break;
        case PositionKind::sinusoidal:
            require(!p.positions.has_value(), fn,
                    "params.positions was given but positions is 'sinusoidal' (a fixed table, nothing to learn)");
            pos = sinusoidal_positions(T, D, fn);
            break;
        case PositionKind::none:
            require(!p.positions.has_value(), fn, "params.positions was given but positions is 'none'");
            break;
    }
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t t = 0; t < T; ++t) {
            const int w = inputs(b, t);
            require(w >= 0 && std::size_t(w) < V, fn,
                    msg("token ", w, " at position ", t, " is not an id in [0, ", V - 1, "]"));
            for (std::size_t c = 0; c < D; ++c) x(b, t, c) = p.embedding(w, c) + (pos.size() ? pos(t, c) : 0.0);
        }
    // Shared by every sequence, recorded as (1, T, D) so every trace entry has a batch axis.
    if (tr && pos.size())
        trace_push(tr, "positions", "P = [p_0; \\dots; p_{T-1}]",
                   Tensor3(xt::reshape_view(pos, {std::size_t(1), T, D})));
    return x;
}

LmLogits lm_logits(const TokenMatrix& inputs, const LmParams& p, const LmOptions& o, bool record_trace,
                   const std::string& fn) {
    const std::size_t V = lm_vocab(p, fn), D = p.embedding.shape(1);
    const std::size_t B = inputs.shape(0), T = inputs.shape(1);
    require(!o.mask_blocks.size() || o.mask_blocks.size() == p.blocks.size(), fn,
            msg("maskBlocks has ", o.mask_blocks.size(), " entries but there are ", p.blocks.size(), " blocks"));
    LmLogits r;
    Trace* tr = record_trace ? &r.trace : nullptr;

    // 1. x_i = E[w_i] + p_i
    Tensor3 x = lm_embed(inputs, p, o, fn, tr);
    trace_push(tr, "x", "x_i = E[w_i] + p_i", x);

    // 2. L blocks, each with its own causal choice (§7.3).
    for (std::size_t l = 0; l < p.blocks.size(); ++l) {
        BlockOptions bo = o.block;
        if (!o.mask_blocks.empty()) bo.causal = o.mask_blocks[l];
        BlockResult br = block_forward(x, p.blocks[l], bo, record_trace, "block" + std::to_string(l),
                                       fn + " (block " + std::to_string(l) + ")");
        if (tr) tr->insert(tr->end(), br.trace.begin(), br.trace.end());
        x = std::move(br.output);
    }

    // 3. Optional final norm, then the vocabulary head.
    Tensor2 h = xt::reshape_view(x, {B * T, D});
    if (p.final_norm) {
        h = norm_forward(o.block.norm == NormKind::none ? NormKind::layer : o.block.norm, h, p.final_norm, fn,
                         "finalNorm");
        trace_push(tr, "final_norm", "\\mathrm{LN}_f(H)", Tensor3(xt::reshape_view(h, {B, T, D})));
    }
    Tensor2 logits;
    if (p.head) {
        require(p.head->shape(0) == D && p.head->shape(1) == V, fn,
                msg("params.head has shape ", shape_str(p.head->shape()), " but must be [D][V] = [", D, "][", V, "]"));
        require_finite(*p.head, fn, "params.head");
        logits = linear(h, *p.head, std::nullopt, fn, "params.head");
    } else {
        const Tensor2 et = xt::transpose(p.embedding);  // tied head: logits = h E^T
        logits = linear(h, et, std::nullopt, fn, "E^T");
    }
    r.logits = xt::reshape_view(logits, {B, T, V});
    trace_push(tr, "logits", p.head ? "Z = H W_{vocab}" : "Z = H E^\\top", r.logits);
    return r;
}

LmResult lm_forward(const TokenMatrix& tokens, const LmParams& p, const LmOptions& o, bool record_trace,
                    const std::string& fn) {
    const std::size_t B = tokens.shape(0), T1 = tokens.shape(1);
    require(B > 0 && T1 >= 2, fn,
            msg("tokens needs at least 2 ids per sequence (inputs tokens[:-1], targets tokens[1:]), got ", T1));
    const std::size_t T = T1 - 1;
    const TokenMatrix inputs = xt::view(tokens, xt::all(), xt::range(0, T));
    LmLogits lg = lm_logits(inputs, p, o, record_trace, fn);
    const std::size_t V = lg.logits.shape(2);
    std::vector<int> targets(B * T);
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t t = 0; t < T; ++t) targets[b * T + t] = tokens(b, t + 1);
    const CrossEntropyResult ce = cross_entropy_forward(xt::reshape_view(lg.logits, {B * T, V}), targets, fn);

    LmResult r;
    r.logits = std::move(lg.logits);
    r.probs = xt::reshape_view(ce.probs, {B, T, V});
    r.losses = xt::reshape_view(ce.losses, {B, T});
    r.loss = ce.loss;
    r.trace = std::move(lg.trace);
    Trace* tr = record_trace ? &r.trace : nullptr;
    trace_push(tr, "probs", "p_i = \\mathrm{softmax}(z_i)", r.probs);
    trace_push(tr, "losses", "\\ell_i = \\operatorname{logsumexp}(z_i) - z_{i,\\text{target}}", r.losses);
    trace_push_scalar(tr, "loss", "L = \\frac{1}{T} \\sum_i \\ell_i", r.loss);
    return r;
}

}  // namespace lab
