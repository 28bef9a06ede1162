// The toy language model (§6, §7): embeddings + positions, L blocks, an optional final norm,
// and a vocabulary head (untied W_vocab, or tied: logits = h E^T); cross-entropy under
// teacher forcing (§7.2): the output at input position i is scored on the token at i + 1.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "lab/layers/block.hpp"
#include "lab/layers/positions.hpp"
#include "lab/layers/softmax.hpp"

namespace lab {

struct LmParams {
    Tensor2 embedding;                 // (V, D) E
    std::optional<Tensor2> positions;  // (P, D) learned table
    std::vector<BlockParams> blocks;   // L blocks
    std::optional<NormParams> final_norm;
    std::optional<Tensor2> head;  // (D, V); absent = tied to the embedding
};

struct LmOptions {
    BlockOptions block;  // heads, arrangement, norm, FFN, default causal
    PositionKind positions = PositionKind::learned;
    std::vector<bool> mask_blocks;  // per block, whether it applies the causal mask (§7.3)
};

// One position's loss, shared by the worked examples and training:
//   p = softmax(z),  loss = logsumexp(z) - z[target] = -log p[target]
// One pass of exponentials serves both: with m = max z and S = sum exp(z - m), p = exp(z - m) / S
// and logsumexp(z) = m + log S.
template <class T>
T cross_entropy_row(T* p, const T* z, std::size_t V, int target) {
    const T m = *std::max_element(z, z + V);
    T sum = 0;
    for (std::size_t v = 0; v < V; ++v) sum += (p[v] = std::exp(z[v] - m));
    for (std::size_t v = 0; v < V; ++v) p[v] /= sum;
    return (m + std::log(sum)) - z[target];
}

// forward: loss = scale * (logsumexp(z) - z[target]) (scale = 1/N in a mean over N positions).
//   dz = scale * (p - onehot(target))
template <class T>
void cross_entropy_row_backward(T* dz, const T* p, std::size_t V, int target, T scale) {
    for (std::size_t v = 0; v < V; ++v) dz[v] = (p[v] - (int(v) == target ? T(1) : T(0))) * scale;
}

struct CrossEntropyResult {
    Tensor2 probs;   // (N, V) softmax of the logits
    Tensor1 losses;  // (N) -log p_i(target_i) = logsumexp(z_i) - z_i[target_i]
    double loss;     // mean of losses
};

CrossEntropyResult cross_entropy_forward(const Tensor2& logits,            // (N, V)
                                         const std::vector<int>& targets,  // (N)
                                         const std::string& fn = "crossEntropy");

// The position rows (T, D) that x_i = E[w_i] + p_i adds (empty for none), after checking the
// tokens (B, T) against the vocabulary, the position table against the sequence, and maskBlocks
// against the blocks: every check of a call's inputs that the parameters' own checks leave.
Tensor2 check_embedding(const TokenMatrix& inputs, const LmParams& p, const LmOptions& o, const std::string& fn);

struct LmLogits {
    Tensor3 logits;  // (B, T, V)
    Trace trace;
};

// Logits for every position of `inputs` (B, T), by the worked examples' model (example_model,
// language_model.hpp) after every check; the trace is recorded only when asked for.
// `iv`: §2.2's experiment on the model (heads ablated, positions hidden), null for none.
LmLogits lm_logits(const TokenMatrix& inputs, const LmParams& p, const LmOptions& o, bool record_trace,
                   const std::string& fn = "lmForward", const flat::Intervention* iv = nullptr);

// An intervention names heads that exist (layer < L, head < heads) and positions of the sequence
// (< T): for the worked examples' models and the trained and opened ones alike.
// `heads_name` is the option that names the heads, as the refusal says it.
void check_intervention(const flat::Intervention& iv, std::size_t L, std::size_t heads, std::size_t T,
                        const std::string& fn, const char* heads_name = "ablateHeads");

struct LmResult {
    Tensor3 logits;  // (B, T, V)
    Tensor3 probs;   // (B, T, V)
    Tensor2 losses;  // (B, T)
    double loss;     // mean over all B * T scored positions
    Trace trace;
};

// Teacher forcing (§7.2) on a batch (B, T + 1): inputs tokens[:, :-1] and targets tokens[:, 1:],
// row-major (B T each).
void teacher_forcing_split(const TokenMatrix& batch, std::vector<int>& inputs, std::vector<int>& targets);

// tokens (B, T + 1): inputs tokens[:, :-1], targets tokens[:, 1:].
LmResult lm_forward(const TokenMatrix& tokens, const LmParams& p, const LmOptions& o, bool record_trace = true,
                    const std::string& fn = "lmForward", const flat::Intervention* iv = nullptr);

// Vocabulary size and model width, after checking the embedding.
std::size_t lm_vocab(const LmParams& p, const std::string& fn);

}  // namespace lab
