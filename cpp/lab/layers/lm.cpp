#include "lab/layers/lm.hpp"

#include <cmath>
#include <memory>

#include <xtensor/xview.hpp>

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

Tensor2 check_embedding(const TokenMatrix& inputs, const LmParams& p, const LmOptions& o, const std::string& fn) {
    const std::size_t V = lm_vocab(p, fn), D = p.embedding.shape(1);
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
            pos = xt::view(*p.positions, xt::range(0, T), xt::all());
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

void check_mask_blocks(const LmParams& p, const LmOptions& o, const std::string& fn) {
    require(!o.mask_blocks.size() || o.mask_blocks.size() == p.blocks.size(), fn,
            refused("lm.maskBlocks", "n", o.mask_blocks.size(), "blocks", p.blocks.size()));
}

CheckedLm check_lm(const LmParams& p, const LmOptions& o, const std::string& fn) {
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
        flat::BlockTensors has;
        has.bqkv = b.attn.bQKV || b.attn.bQ || b.attn.bK || b.attn.bV;
        has.wo = b.attn.wO.has_value(), has.bo = b.attn.bO.has_value();
        has.b1 = b.ffn.b1.has_value(), has.b2 = b.ffn.b2.has_value();
        has.gate = b.ffn.wGate.has_value(), has.bgate = b.ffn.bGate.has_value();
        has.gamma1 = b.norm1.has_value(), has.beta1 = b.norm1 && b.norm1->beta;
        has.gamma2 = b.norm2.has_value(), has.beta2 = b.norm2 && b.norm2->beta;
        s.blocks.push_back(has);
    }
    if (p.final_norm) {
        s.shape.final_norm = o.block.norm == NormKind::none ? NormKind::layer : o.block.norm;
        check_norm_params(s.shape.final_norm, p.final_norm, D, fn, "finalNorm");
        s.final_gamma = true, s.final_beta = p.final_norm->beta.has_value();
    }
    if (p.head) {
        require(p.head->shape(0) == D && p.head->shape(1) == V, fn,
                refused("shape.head", "shape", shape_str(p.head->shape()), "D", D, "V", V));
        require_finite(*p.head, fn, "params.head");
        s.head = true;
    }
    return k;
}

}  // namespace

void check_intervention(const flat::Intervention& iv, std::size_t L, std::size_t heads, std::size_t T,
                        const std::string& fn) {
    for (const auto& [layer, head] : iv.heads)
        require(layer < L && head < heads, fn,
                refused("model.ablateHeads", "layer", layer, "head", head, "layers", L, "heads", heads));
    for (const std::size_t t : iv.hidden)
        require(t < T, fn, refused("model.position", "name", "hideTokens", "got", t, "last", T - 1));
}

LmLogits lm_logits(const TokenMatrix& inputs, const LmParams& p, const LmOptions& o, bool record_trace,
                   const std::string& fn, const flat::Intervention* iv) {
    lm_vocab(p, fn);
    check_mask_blocks(p, o, fn);
    const Tensor2 pos = check_embedding(inputs, p, o, fn);
    const CheckedLm k = check_lm(p, o, fn);
    const flat::LmShape& s = k.s.shape;
    const std::vector<std::string>& block_fn = k.block_fn;
    const std::size_t V = s.V, D = s.D, L = s.blocks.size();
    const std::size_t B = inputs.shape(0), T = inputs.shape(1), N = B * T;

    if (iv) check_intervention(*iv, L, o.block.heads, T, fn);

    flat::Lm<double> model(k.s, p);
    model.forward_logits(inputs.data(), B, T, iv, record_trace);
    const flat::LmActs<double>& a = model.acts();
    for (std::size_t l = 0; l < L; ++l) check_block_values(a.blocks[l], s.blocks[l], a.x[l + 1].data(), N, block_fn[l]);

    LmLogits r;
    r.logits = Tensor3::from_shape({B, T, V});
    std::copy(a.logits.begin(), a.logits.begin() + N * V, r.logits.begin());
    if (record_trace) {
        Trace* tr = &r.trace;
        // The position table is shared by every sequence: recorded as (1, T, D), so that every
        // trace entry has a batch axis.
        if (pos.size())
            trace_push(tr, "positions", "P = [p_0; \\dots; p_{T-1}]",
                       Tensor3(xt::reshape_view(pos, {std::size_t(1), T, D})));
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

LmResult lm_forward(const TokenMatrix& tokens, const LmParams& p, const LmOptions& o, bool record_trace,
                    const std::string& fn, const flat::Intervention* iv) {
    const std::size_t B = tokens.shape(0), T1 = tokens.shape(1);
    require(B > 0 && T1 >= 2, fn, refused("lm.tooShort", "got", T1));
    const std::size_t T = T1 - 1;
    const TokenMatrix inputs = xt::view(tokens, xt::all(), xt::range(0, T));
    LmLogits lg = lm_logits(inputs, p, o, record_trace, fn, iv);
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

flat::PassCost lm_pass_cost(const LmParams& p, const LmOptions& o, const std::string& fn) {
    // The count reads which tensors the model has, not their values: a model of zeros serves.
    return flat::Lm<double>(check_lm(p, o, fn).s).pass_cost();
}

struct LmDecoder::State {
    CheckedLm k;
    std::optional<flat::Lm<double>> model;
    flat::DecodeState<double> decoding;
    std::size_t max_positions = 0;
    std::string fn;
};

LmDecoder::LmDecoder(const LmParams& p, const LmOptions& o, std::size_t max_positions, const std::string& fn)
    : st_(std::make_unique<State>()) {
    State& st = *st_;
    st.k = check_lm(p, o, fn);
    st.fn = fn;
    st.max_positions = max_positions;
    for (std::size_t l = 0; l < st.k.s.shape.blocks.size(); ++l)
        require(st.k.s.shape.blocks[l].causal, fn, refused("cache.notCausal", "block", l));
    // Every position the sequence will reach has its position row, checked like lmForward's.
    TokenMatrix all = TokenMatrix::from_shape({1, max_positions});
    all.fill(0);
    check_embedding(all, p, o, fn);
    st.model.emplace(st.k.s, p);
}

LmDecoder::~LmDecoder() = default;

Tensor1 LmDecoder::feed(const std::vector<int>& tokens) {
    State& st = *st_;
    const flat::LmShape& s = st.k.s.shape;
    const std::size_t T = tokens.size(), V = s.V, length = st.decoding.length;
    require(T > 0 && length + T <= st.max_positions, st.fn,
            refused("cache.full", "n", T, "length", length, "max", st.max_positions));
    for (std::size_t t = 0; t < T; ++t)
        require(tokens[t] >= 0 && std::size_t(tokens[t]) < V, st.fn,
                refused("token.at", "got", tokens[t], "position", length + t, "last", V - 1));
    const double* z = st.model->decode(tokens.data(), T, st.decoding);
    const flat::LmActs<double>& a = st.decoding.acts;
    for (std::size_t l = 0; l < s.blocks.size(); ++l)
        check_block_values(a.blocks[l], s.blocks[l], a.x[l + 1].data(), T, st.k.block_fn[l]);
    Tensor1 logits = Tensor1::from_shape({V});
    std::copy(z, z + V, logits.begin());
    return logits;
}

std::size_t LmDecoder::length() const { return st_->decoding.length; }

std::size_t LmDecoder::stored() const {
    std::size_t n = 0;
    for (const auto& rows : st_->decoding.cache.blocks) n += rows.size();
    return n;
}

}  // namespace lab
