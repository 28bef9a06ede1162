#include "lab/layers/lm.hpp"

#include <cmath>
#include <memory>

#include "lab/layers/language_model.hpp"
#include "lab/layers/lm_model.hpp"
#include "lab/layers/packing.hpp"
#include "lab/layers/softmax.hpp"

namespace lab {

CrossEntropyResult cross_entropy_forward(const Tensor2& logits, const std::vector<int>& targets,
                                         const std::string& fn) {
    const std::size_t N = logits.shape(0), V = logits.shape(1);
    require(N > 0 && V > 0, fn, refused("shape.empty", "name", "logits", "shape", shape_str(logits.shape())));
    require(targets.size() == N, fn, refused("shape.targets", "n", targets.size(), "rows", N));
    require_finite(logits, fn, "logits");
    CrossEntropyResult r{Tensor2::from_shape({N, V}), Tensor1::from_shape({N}), 0.0};
    for (std::size_t n = 0; n < N; ++n) {
        const int t = targets[n];
        require(t >= 0 && std::size_t(t) < V, fn,
                refused("token.id", "name", msg("targets[", n, "]"), "got", t, "last", V - 1));
        r.losses(n) = cross_entropy_row(r.probs.data() + n * V, logits.data() + n * V, V, t);
        r.loss += r.losses(n);
    }
    r.loss /= double(N);
    return r;
}

std::size_t lm_vocab(const LmParams& p, const std::string& fn) {
    require(p.embedding.shape(0) > 0 && p.embedding.shape(1) > 0, fn,
            refused("shape.empty", "name", "params.embedding", "shape", shape_str(p.embedding.shape())));
    return p.embedding.shape(0);
}

namespace {
void check_mask_blocks(const LmParams& p, const LmOptions& o, const std::string& fn) {
    require(!o.mask_blocks.size() || o.mask_blocks.size() == p.blocks.size(), fn,
            refused("lm.maskBlocks", "n", o.mask_blocks.size(), "blocks", p.blocks.size()));
}
}  // namespace

Tensor2 check_embedding(const TokenMatrix& inputs, const LmParams& p, const LmOptions& o, const std::string& fn) {
    const std::size_t V = lm_vocab(p, fn), D = p.embedding.shape(1);
    check_mask_blocks(p, o, fn);
    const std::size_t B = inputs.shape(0), T = inputs.shape(1);
    require(B > 0 && T > 0, fn, refused("lm.noInputs"));
    require_finite(p.embedding, fn, "params.embedding");
    Tensor2 pos;  // (T, D) or empty
    switch (o.positions) {
        case PositionKind::learned:
            require(p.positions.has_value(), fn, refused("lm.learnedNeedsTable"));
            require(p.positions->shape(1) == D, fn, refused("lm.positionsWidth", "n", p.positions->shape(1), "D", D));
            require(T <= p.positions->shape(0), fn, refused("lm.tooLong", "T", T, "rows", p.positions->shape(0)));
            require_finite(*p.positions, fn, "params.positions");
            pos = Tensor2::from_shape({T, D});  // the table's first T rows
            std::copy(p.positions->begin(), p.positions->begin() + T * D, pos.begin());
            break;
        case PositionKind::sinusoidal:
            require(!p.positions.has_value(), fn, refused("lm.positionsGiven", "positions", "sinusoidal"));
            pos = sinusoidal_table(T, D);
            break;
        case PositionKind::none:
            require(!p.positions.has_value(), fn, refused("lm.positionsGiven", "positions", "none"));
            break;
    }
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t t = 0; t < T; ++t) {
            const int w = inputs(b, t);
            require(w >= 0 && std::size_t(w) < V, fn, refused("token.at", "got", w, "position", t, "last", V - 1));
        }
    return pos;
}

namespace {

// Every check of the parameters and options (all but the tokens'), and the structure of the
// model the tensors make: each block's shape and tensors, the final norm, the head.
struct CheckedLm {
    flat::LmStructure s;
    std::vector<std::string> block_fn;  // each block's name in errors
};

CheckedLm check_lm(const LmParams& p, const LmOptions& o, const std::string& fn) {
    using flat::Part;
    const std::size_t V = lm_vocab(p, fn), D = p.embedding.shape(1), L = p.blocks.size();
    check_mask_blocks(p, o, fn);
    CheckedLm k;
    flat::LmStructure& s = k.s;
    s.shape.V = V, s.shape.D = D;
    s.positions = o.positions;
    s.position_rows = o.positions == PositionKind::learned && p.positions ? p.positions->shape(0) : 0;
    // Every block's checks (each with its own causal choice, §7.3), then the final norm and head.
    for (std::size_t l = 0; l < L; ++l) {
        const BlockParams& b = p.blocks[l];
        BlockOptions bo = o.block;
        if (!o.mask_blocks.empty()) bo.causal = o.mask_blocks[l];
        k.block_fn.push_back(fn + " (block " + std::to_string(l) + ")");
        s.shape.blocks.push_back(check_block(b, bo, D, k.block_fn[l]));
        flat::PartSet has{Part::wqkv, Part::w1, Part::w2};
        has.put(Part::bqkv, b.attn.bQKV || b.attn.bQ || b.attn.bK || b.attn.bV);
        has.put(Part::wo, b.attn.wO.has_value()).put(Part::bo, b.attn.bO.has_value());
        has.put(Part::b1, b.ffn.b1.has_value()).put(Part::b2, b.ffn.b2.has_value());
        has.put(Part::wgate, b.ffn.wGate.has_value()).put(Part::bgate, b.ffn.bGate.has_value());
        has.put(Part::gamma1, b.norm1.has_value()).put(Part::beta1, b.norm1 && b.norm1->beta);
        has.put(Part::gamma2, b.norm2.has_value()).put(Part::beta2, b.norm2 && b.norm2->beta);
        s.blocks.push_back(has);
    }
    if (p.final_norm) {
        s.shape.final_norm = o.block.norm == NormKind::none ? NormKind::layer : o.block.norm;
        check_norm_params(s.shape.final_norm, p.final_norm, D, fn, "finalNorm");
        s.model.put(Part::final_gamma).put(Part::final_beta, p.final_norm->beta.has_value());
    }
    if (p.head) {
        require(p.head->shape(0) == D && p.head->shape(1) == V, fn,
                refused("shape.head", "shape", shape_str(p.head->shape()), "D", D, "V", V));
        require_finite(*p.head, fn, "params.head");
        s.model.put(Part::head);
    }
    return k;
}

}  // namespace

void check_intervention(const flat::Intervention& iv, std::size_t L, std::size_t heads, std::size_t T,
                        const std::string& fn, const char* heads_name) {
    for (const auto& [layer, head] : iv.heads)
        require(layer < L && head < heads, fn,
                refused("model.ablateHeads", "name", heads_name, "layer", layer, "head", head, "layers", L, "heads",
                        heads));
    for (const std::size_t t : iv.hidden)
        require(t < T, fn, refused("model.position", "name", "hideTokens", "got", t, "last", T - 1));
}

LmLogits lm_logits(const TokenMatrix& inputs, const LmParams& p, const LmOptions& o, bool record_trace,
                   const std::string& fn, const flat::Intervention* iv) {
    const Tensor2 pos = check_embedding(inputs, p, o, fn);
    LanguageModel<double> model = example_model(p, o, fn);
    flat::Lm<double>& lm = model.lm();
    const flat::LmShape& s = lm.structure().shape;
    const std::size_t V = s.V, D = s.D, L = s.blocks.size();
    const std::size_t B = inputs.shape(0), T = inputs.shape(1), N = B * T;

    if (iv) check_intervention(*iv, L, o.block.heads, T, fn);

    lm.forward_logits(inputs.data(), B, T, iv, record_trace);
    const flat::LmActs<double>& a = lm.acts();
    model.check_finite({a.logits.data(), &a, N}, fn);

    LmLogits r;
    r.logits = Tensor3::from_shape({B, T, V});
    std::copy(a.logits.begin(), a.logits.begin() + N * V, r.logits.begin());
    if (record_trace) {
        Trace* tr = &r.trace;
        // The position table is shared by every sequence: recorded as (1, T, D), so that every
        // trace entry has a batch axis.
        if (pos.size()) {
            Tensor3 table = Tensor3::from_shape({1, T, D});
            std::copy(pos.begin(), pos.end(), table.begin());
            trace_push(tr, "positions", "P = [p_0; \\dots; p_{T-1}]", table);
        }
        const auto rows = [&](const std::vector<double>& v) {
            Tensor3 t = Tensor3::from_shape({B, T, D});
            std::copy(v.begin(), v.begin() + N * D, t.begin());
            return t;
        };
        trace_push(tr, "x", "x_i = E[w_i] + p_i", rows(a.x[0]));
        for (std::size_t l = 0; l < L; ++l)
            trace_block(tr, "block" + std::to_string(l), a.blocks[l], s.blocks[l], a.x[l + 1].data(), B, T);
        if (p.final_norm) trace_push(tr, "final_norm", "\\mathrm{LN}_f(H)", rows(a.hf));
        trace_push(tr, "logits", p.head ? "Z = H W_{vocab}" : "Z = H E^\\top", r.logits);
    }
    return r;
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

LmResult lm_forward(const TokenMatrix& tokens, const LmParams& p, const LmOptions& o, bool record_trace,
                    const std::string& fn, const flat::Intervention* iv) {
    const std::size_t B = tokens.shape(0), T1 = tokens.shape(1);
    require(B > 0 && T1 >= 2, fn, refused("lm.tooShort", "got", T1));
    const std::size_t T = T1 - 1;
    std::vector<int> input_ids, targets;
    teacher_forcing_split(tokens, input_ids, targets);
    TokenMatrix inputs = TokenMatrix::from_shape({B, T});
    std::copy(input_ids.begin(), input_ids.end(), inputs.begin());
    LmLogits lg = lm_logits(inputs, p, o, record_trace, fn, iv);
    const std::size_t V = lg.logits.shape(2);
    Tensor2 rows = Tensor2::from_shape({B * T, V});  // the logits, one row per scored position
    std::copy(lg.logits.begin(), lg.logits.end(), rows.begin());
    const CrossEntropyResult ce = cross_entropy_forward(rows, targets, fn);

    LmResult r;
    r.logits = std::move(lg.logits);
    r.probs = Tensor3::from_shape({B, T, V});
    std::copy(ce.probs.begin(), ce.probs.end(), r.probs.begin());
    r.losses = Tensor2::from_shape({B, T});
    std::copy(ce.losses.begin(), ce.losses.end(), r.losses.begin());
    r.loss = ce.loss;
    r.trace = std::move(lg.trace);
    Trace* tr = record_trace ? &r.trace : nullptr;
    trace_push(tr, "probs", "p_i = \\mathrm{softmax}(z_i)", r.probs);
    trace_push(tr, "losses", "\\ell_i = \\operatorname{logsumexp}(z_i) - z_{i,\\text{target}}", r.losses);
    trace_push_scalar(tr, "loss", "L = \\frac{1}{T} \\sum_i \\ell_i", r.loss);
    return r;
}

LanguageModel<double> example_model(const LmParams& p, const LmOptions& o, const std::string& fn) {
    CheckedLm k = check_lm(p, o, fn);
    return LanguageModel<double>(std::make_unique<flat::Lm<double>>(std::move(k.s), p), std::move(k.block_fn));
}

}  // namespace lab
