#include "lab/boundary/api.hpp"

#include <cmath>

#include <xtensor/xview.hpp>

#include "lab/boundary/finite.hpp"
#include "lab/layers/softmax.hpp"

namespace lab::api {

NdArray softmax(const NdArray& x) {
    const std::string fn = "softmax";
    const Batched b = split_batch(x, 1, 64, fn, "x", "[..., n]");
    NdArray out = with_leading(softmax_forward(as_rows(x, b), fn), b.leading);
    FiniteSteps(fn, largest_entry({&x}))("weights", out);
    return out;
}

AttentionOut attention(const NdArray& q, const NdArray& k, const NdArray& v, const AttentionOptions& o) {
    const std::string fn = "attention";
    const char* qs = "[Tq][dk] | [B][Tq][dk] | [B][H][Tq][dk]";
    const Batched bq = split_batch(q, 2, 2, fn, "q", qs);
    const Batched bk = split_batch(k, 2, 2, fn, "k", "[..., Tk, dk]");
    const Batched bv = split_batch(v, 2, 2, fn, "v", "[..., Tk, dv]");
    require(bk.leading == bq.leading && bv.leading == bq.leading, fn,
            refused("shape.batch", "q", shape_str(q.shape), "k", shape_str(k.shape), "v", shape_str(v.shape)));
    const AttentionResult r = attention_forward(as_batched3(q, bq), as_batched3(k, bk), as_batched3(v, bv), o, fn);
    AttentionOut out{with_leading(r.scores, bq.leading), with_leading(r.weights, bq.leading),
                     with_leading(r.output, bq.leading)};
    FiniteSteps(fn, largest_entry({&q, &k, &v}))("scores", out.scores)("weights", out.weights)("output", out.output);
    return out;
}

namespace {
MhaOut mha_out(const MhaResult& r, const std::vector<std::size_t>& leading) {
    return {with_leading(r.q, leading),      with_leading(r.k, leading),       with_leading(r.v, leading),
            with_leading(r.scores, leading), with_leading(r.weights, leading), with_leading(r.heads, leading),
            with_leading(r.concat, leading), with_leading(r.output, leading)};
}
// Multi-head attention's steps in the order they are computed.
void check_mha(const FiniteSteps& finite, const MhaOut& m) {
    finite("q", m.q)("k", m.k)("v", m.v)("scores", m.scores)("weights", m.weights)("heads", m.heads)("output",
                                                                                                     m.output);
}
}  // namespace

MhaOut multi_head_attention(const NdArray& x, const MhaParams& p, std::size_t heads, bool causal) {
    const std::string fn = "multiHeadAttention";
    const Batched b = split_batch(x, 2, 1, fn, "x", "[T][D] | [B][T][D]");
    AttentionOptions o;
    o.causal = causal;
    MhaOut out = mha_out(multihead_attention_forward(as_batched3(x, b), p, heads, o, fn), b.leading);
    check_mha(FiniteSteps(fn, largest_entry({&x})), out);
    return out;
}

namespace {
// The public norms need eps > 0: a row whose entries are all equal (every row, when D = 1) has
// variance 0, and the norm divides by sqrt(variance + eps). (Inside the engine, a caller that
// knows its rows are not constant may use eps = 0.)
void require_positive_eps(double eps, const std::string& fn) {
    require(std::isfinite(eps) && eps > 0, fn, refused("norm.eps", "got", eps));
}
}  // namespace

NdArray layer_norm(const NdArray& x, const Tensor1& gamma, const Tensor1& beta, double eps) {
    const std::string fn = "layerNorm";
    require_positive_eps(eps, fn);
    const Batched b = split_batch(x, 1, 64, fn, "x", "[..., D]");
    NdArray out = with_leading(layernorm_forward(as_rows(x, b), gamma, beta, eps, fn), b.leading);
    FiniteSteps(fn, largest_entry({&x}))("normalised", out);
    return out;
}

NdArray rms_norm(const NdArray& x, const Tensor1& gain, double eps) {
    const std::string fn = "rmsNorm";
    require_positive_eps(eps, fn);
    const Batched b = split_batch(x, 1, 64, fn, "x", "[..., D]");
    NdArray out = with_leading(rmsnorm_forward(as_rows(x, b), gain, eps, fn), b.leading);
    FiniteSteps(fn, largest_entry({&x}))("normalised", out);
    return out;
}

FfnOut feed_forward(const NdArray& x, const FfnParams& p, const FfnOptions& o) {
    const std::string fn = "feedForward";
    const Batched b = split_batch(x, 1, 64, fn, "x", "[..., D]");
    const FfnResult r = ffn_forward(as_rows(x, b), p, o, fn);
    FfnOut out{with_leading(r.pre, b.leading), with_leading(r.hidden, b.leading), with_leading(r.output, b.leading)};
    FiniteSteps(fn, largest_entry({&x}))("pre", out.pre)("hidden", out.hidden)("output", out.output);
    return out;
}

BlockOut block(const NdArray& x, const BlockParams& p, const BlockOptions& o) {
    const std::string fn = "block";
    const Batched b = split_batch(x, 2, 1, fn, "x", "[T][D] | [B][T][D]");
    BlockResult r = block_forward(as_batched3(x, b), p, o, true, "block", fn);
    FiniteSteps(fn, largest_entry({&x}))(r.trace);  // every intermediate, in order
    return {with_leading(r.output, b.leading), mha_out(r.attn, b.leading), std::move(r.trace)};
}

DecoderOut decoder_block(const NdArray& x, const NdArray& memory, const DecoderParams& p, const BlockOptions& o) {
    const std::string fn = "decoderBlock";
    const Batched b = split_batch(x, 2, 1, fn, "x", "[T_dec][D] | [B][T_dec][D]");
    const Batched m = split_batch(memory, 2, 1, fn, "memory", "[T_enc][D] | [B][T_enc][D]");
    require(b.leading == m.leading, fn,
            refused("shape.memoryBatch", "x", shape_str(x.shape), "memory", shape_str(memory.shape)));
    DecoderResult r = decoder_block_forward(as_batched3(x, b), as_batched3(memory, m), p, o, true, fn);
    FiniteSteps(fn, largest_entry({&x, &memory}))(r.trace);  // every intermediate, in order
    return {with_leading(r.output, b.leading), with_leading(r.self_weights, b.leading),
            with_leading(r.cross_weights, b.leading), std::move(r.trace)};
}

TokenMatrix to_tokens(const NdArray& a, std::size_t max_rank, const std::string& fn, const std::string& name) {
    require(a.shape.size() >= 1 && a.shape.size() <= max_rank, fn,
            refused("token.rank", "name", name, "batched", max_rank == 1 ? "no" : "yes", "shape", shape_str(a.shape)));
    const std::size_t B = a.shape.size() == 2 ? a.shape[0] : 1, T = a.shape.back();
    require(B * T == a.data.size(), fn,
            refused("shape.count", "name", name, "n", a.data.size(), "shape", shape_str(a.shape)));
    TokenMatrix t = TokenMatrix::from_shape({B, T});
    for (std::size_t i = 0; i < a.data.size(); ++i) {
        const double w = a.data[i];
        require(std::isfinite(w) && w == std::floor(w) && std::abs(w) < 2147483647.0, fn,
                refused("token.notInteger", "name", name, "entry", i, "got", w));
        t.data()[i] = int(w);
    }
    return t;
}

LmOut lm_forward(const NdArray& tokens, const LmParams& p, const LmOptions& o, bool record_trace,
                 const flat::Intervention* iv) {
    const std::string fn = "lmForward";
    const TokenMatrix t = to_tokens(tokens, 2, fn, "tokens");
    LmResult r = lab::lm_forward(t, p, o, record_trace, fn, iv);
    // The inputs are token ids: when a step overflows, the weights are what is too large.
    const FiniteSteps finite(fn, -1);
    finite(r.trace)("logits", to_ndarray(r.logits).data)("losses", to_ndarray(r.losses).data)("loss", r.loss);
    if (tokens.shape.size() == 2)
        return {to_ndarray(r.logits), to_ndarray(r.probs), to_ndarray(r.losses), r.loss, std::move(r.trace)};
    // A single sequence: drop the batch axis of size 1 everywhere, trace included.
    for (auto& step : r.trace)
        if (!step.shape.empty()) step.shape.erase(step.shape.begin());
    const std::vector<std::size_t> none;
    return {with_leading(r.logits, none), with_leading(r.probs, none), with_leading(r.losses, none), r.loss,
            std::move(r.trace)};
}

CrossEntropyOut cross_entropy(const NdArray& logits, const NdArray& targets) {
    const std::string fn = "crossEntropy";
    const Batched b = split_batch(logits, 1, 1, fn, "logits", "[V] | [N][V]");
    const TokenMatrix t = to_tokens(targets, 1, fn, "targets");
    const std::vector<int> ids(t.begin(), t.end());
    const CrossEntropyResult r = cross_entropy_forward(as_rows(logits, b), ids, fn);
    FiniteSteps(fn, largest_entry({&logits}))("losses", to_ndarray(r.losses).data)("loss", r.loss);
    return {with_leading(r.probs, b.leading), with_leading(r.losses, b.leading), r.loss};
}

}  // namespace lab::api
