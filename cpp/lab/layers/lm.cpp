#include "lab/layers/lm.hpp"

#include <cmath>
#include <memory>

#include <xtensor/xview.hpp>

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

// Every check of the parameters and options (all but the tokens'), and flat_model's view of
// the tensors: each block's shape and pointers, the final norm, the head.
struct PackedLm {
    flat::LmShape s;
    std::vector<PackedBlock> packed;
    std::vector<std::string> block_fn;  // each block's name in errors
    flat::LmPtrs<double> w;
};

void check_mask_blocks(const LmParams& p, const LmOptions& o, const std::string& fn) {
    require(!o.mask_blocks.size() || o.mask_blocks.size() == p.blocks.size(), fn,
            refused("lm.maskBlocks", "n", o.mask_blocks.size(), "blocks", p.blocks.size()));
}

PackedLm pack_lm(const LmParams& p, const LmOptions& o, const std::string& fn) {
    const std::size_t V = lm_vocab(p, fn), D = p.embedding.shape(1), L = p.blocks.size();
    check_mask_blocks(p, o, fn);
    PackedLm k;
    k.s.V = V, k.s.D = D;
    // Every block's checks (each with its own causal choice, §7.3), then the final norm and head.
    for (std::size_t l = 0; l < L; ++l) {
        BlockOptions bo = o.block;
        if (!o.mask_blocks.empty()) bo.causal = o.mask_blocks[l];
        k.block_fn.push_back(fn + " (block " + std::to_string(l) + ")");
        k.s.blocks.push_back(check_block(p.blocks[l], bo, D, k.block_fn[l]));
        k.packed.push_back(pack_block(p.blocks[l], k.s.blocks[l]));
    }
    if (p.final_norm) {
        k.s.final_norm = o.block.norm == NormKind::none ? NormKind::layer : o.block.norm;
        check_norm_params(k.s.final_norm, p.final_norm, D, fn, "finalNorm");
    }
    if (p.head) {
        require(p.head->shape(0) == D && p.head->shape(1) == V, fn,
                refused("shape.head", "shape", shape_str(p.head->shape()), "D", D, "V", V));
        require_finite(*p.head, fn, "params.head");
    }
    // The pass reads the tensors in place (PackedBlock says why the const_casts are safe).
    k.w.embedding = const_cast<double*>(p.embedding.data());
    for (const PackedBlock& b : k.packed) k.w.blocks.push_back(b.w);
    if (p.final_norm) {
        k.w.final_gamma = const_cast<double*>(p.final_norm->gamma.data());
        k.w.final_beta = p.final_norm->beta ? const_cast<double*>(p.final_norm->beta->data()) : nullptr;
    }
    k.w.head = p.head ? const_cast<double*>(p.head->data()) : nullptr;
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
    const PackedLm k = pack_lm(p, o, fn);
    const flat::LmShape& s = k.s;
    const flat::LmPtrs<double>& w = k.w;
    const std::vector<std::string>& block_fn = k.block_fn;
    const std::size_t V = s.V, D = s.D, L = s.blocks.size();
    const std::size_t B = inputs.shape(0), T = inputs.shape(1), N = B * T;

    if (iv) check_intervention(*iv, L, o.block.heads, T, fn);

    flat::LmActs<double> a;
    flat::lm_fit(a, s, B, T, record_trace);
    flat::lm_logits_forward(a, w, s, inputs.data(), pos.size() ? pos.data() : nullptr, B, T, iv);
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
    const PackedLm k = pack_lm(p, o, fn);
    return flat::lm_pass_cost(k.w, k.s);
}

struct LmDecoder::State {
    PackedLm k;
    Tensor2 pos;  // (max_positions, D) or empty
    flat::DecodeState<double> decoding;
    std::size_t max_positions = 0;
    std::string fn;
};

LmDecoder::LmDecoder(const LmParams& p, const LmOptions& o, std::size_t max_positions, const std::string& fn)
    : st_(std::make_unique<State>()) {
    State& st = *st_;
    st.k = pack_lm(p, o, fn);
    st.fn = fn;
    st.max_positions = max_positions;
    for (std::size_t l = 0; l < st.k.s.blocks.size(); ++l)
        require(st.k.s.blocks[l].causal, fn, refused("cache.notCausal", "block", l));
    // The position rows of every position the sequence will reach, checked like lmForward's.
    TokenMatrix all = TokenMatrix::from_shape({1, max_positions});
    all.fill(0);
    st.pos = check_embedding(all, p, o, fn);
}

LmDecoder::~LmDecoder() = default;

Tensor1 LmDecoder::feed(const std::vector<int>& tokens) {
    State& st = *st_;
    const std::size_t T = tokens.size(), V = st.k.s.V, length = st.decoding.length;
    require(T > 0 && length + T <= st.max_positions, st.fn,
            refused("cache.full", "n", T, "length", length, "max", st.max_positions));
    for (std::size_t t = 0; t < T; ++t)
        require(tokens[t] >= 0 && std::size_t(tokens[t]) < V, st.fn,
                refused("token.at", "got", tokens[t], "position", length + t, "last", V - 1));
    const double* z =
        flat::decode_forward(st.decoding, st.k.w, st.k.s, tokens.data(), T, st.pos.size() ? st.pos.data() : nullptr);
    const flat::LmActs<double>& a = st.decoding.acts;
    for (std::size_t l = 0; l < st.k.s.blocks.size(); ++l)
        check_block_values(a.blocks[l], st.k.s.blocks[l], a.x[l + 1].data(), T, st.k.block_fn[l]);
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
