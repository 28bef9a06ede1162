// The language model (§6, §7), one type for every model the lab runs: the worked examples are its
// double instance (lab::lm_logits, lab::generate and §6.1's and §7.3's checks run the tensors a
// student edits through it, and record the trace from its activations), the trained and opened
// models its float32 instance (lab::Model). Parameters, gradients and every activation live in
// flat buffers allocated once (they grow only when a larger batch arrives); the passes are
// flat_model.hpp's, with the cross-entropy of §7.2 on top.
//
// The parameters' layout, the names, shapes and order of the tensors in the buffer, is declared
// once, in kParts (each part's names, weight decay and shape rule, below), which lm_layout
// (lm_layout.cpp) lays out for a model's structure: allocation, the parameter count and its
// breakdown, the optimiser's decay, initialisation, and the files the models are saved to and
// opened from (boundary/model_file, boundary/checkpoint) all read it.
//
// Dimensions: B batch, T positions, N = B T rows, V vocabulary, D width, P position-table rows.
#pragma once

#include <bitset>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

#include "lab/layers/flat_model.hpp"
#include "lab/layers/lm.hpp"

namespace lab::flat {

// Which tensor of the model a parameter is, in the layout's order (nanoGPT's state_dict order):
// the embedding (V, D) and positions (P, D); per block, norm1's gain and shift (D), W_QKV
// (D, H (2 dk + dv)) and b_QKV, W_O (H dv, D) and b_O, norm2's gain and shift, W_1 (D, F) and b_1,
// W_gate and b_gate, W_2 (F, D) and b_2; the final norm's gain and shift (D); an untied head (D, V).
enum class Part {
    embedding,
    positions,
    gamma1,
    beta1,
    wqkv,
    bqkv,
    wo,
    bo,
    gamma2,
    beta2,
    w1,
    b1,
    wgate,
    bgate,
    w2,
    b2,
    final_gamma,
    final_beta,
    head
};
// Whether a part is one of a block's (gamma1 .. b2).
constexpr bool in_block(Part p) { return p >= Part::gamma1 && p <= Part::b2; }

// A dimension of a part's shape, read from the model's structure (a block's from its own
// BlockShape): V vocabulary, D width, P position-table rows, QKV = H (2 dk + dv), HV = H dv, F the
// FFN's width; `one` is a vector's absent second dimension.
enum class Dim { one, V, D, P, QKV, HV, F };

// Every part as each reader of the parameters knows it, in Part's order, spelled here once:
//   ours      the saved files' and the optimiser's name, a block's after "blocks.N."
//   nanogpt   nanoGPT's (and GPT-2's) state_dict key, after "transformer." (a block's after
//             "transformer.h.N."); the gate is the lab's own c_gate, as nanoGPT has no gated FFN
//   decay     whether weight decay applies: matrices, not biases, shifts or norm gains
//   count     the key the parameter count adds it to (a block's after its prefix); "" where the
//             count names it itself: W_QKV as W_Q, W_K and W_V, and the FFN's norm, which is a
//             decoder block's third
//   rows, cols  its shape (rows, cols), or (rows) where cols is Dim::one
struct PartSpec {
    Part part;
    const char* ours;
    const char* nanogpt;
    bool decay;
    const char* count;
    Dim rows, cols;
};
inline constexpr PartSpec kParts[] = {
    {Part::embedding, "embedding", "wte.weight", true, "embedding", Dim::V, Dim::D},
    {Part::positions, "positions", "wpe.weight", true, "positions", Dim::P, Dim::D},
    {Part::gamma1, "norm1.gamma", "ln_1.weight", false, "norm1", Dim::D, Dim::one},
    {Part::beta1, "norm1.beta", "ln_1.bias", false, "norm1", Dim::D, Dim::one},
    {Part::wqkv, "attn.wQKV", "attn.c_attn.weight", true, "", Dim::D, Dim::QKV},
    {Part::bqkv, "attn.bQKV", "attn.c_attn.bias", false, "attention.bias", Dim::QKV, Dim::one},
    {Part::wo, "attn.wO", "attn.c_proj.weight", true, "W_O", Dim::HV, Dim::D},
    {Part::bo, "attn.bO", "attn.c_proj.bias", false, "attention.bias", Dim::D, Dim::one},
    {Part::gamma2, "norm2.gamma", "ln_2.weight", false, "", Dim::D, Dim::one},
    {Part::beta2, "norm2.beta", "ln_2.bias", false, "", Dim::D, Dim::one},
    {Part::w1, "ffn.w1", "mlp.c_fc.weight", true, "ffn.W_1", Dim::D, Dim::F},
    {Part::b1, "ffn.b1", "mlp.c_fc.bias", false, "ffn.bias", Dim::F, Dim::one},
    {Part::wgate, "ffn.wGate", "mlp.c_gate.weight", true, "ffn.W_gate", Dim::D, Dim::F},
    {Part::bgate, "ffn.bGate", "mlp.c_gate.bias", false, "ffn.bias", Dim::F, Dim::one},
    {Part::w2, "ffn.w2", "mlp.c_proj.weight", true, "ffn.W_2", Dim::F, Dim::D},
    {Part::b2, "ffn.b2", "mlp.c_proj.bias", false, "ffn.bias", Dim::D, Dim::one},
    {Part::final_gamma, "finalNorm.gamma", "ln_f.weight", false, "final_norm", Dim::D, Dim::one},
    {Part::final_beta, "finalNorm.beta", "ln_f.bias", false, "final_norm", Dim::D, Dim::one},
    {Part::head, "head", "lm_head.weight", true, "lm_head", Dim::D, Dim::V},
};
constexpr bool parts_in_order() {
    for (std::size_t i = 0; i < std::size(kParts); ++i)
        if (kParts[i].part != Part(i)) return false;
    return std::size(kParts) == std::size_t(Part::head) + 1;
}
static_assert(parts_in_order(), "kParts names every Part once, in Part's order");
constexpr const PartSpec& spec_of(Part p) { return kParts[std::size_t(p)]; }

// Which parts a block has (W_QKV always; W_1 and W_2 unless the block is attention alone, F = 0),
// or the model around its blocks (the embedding always; the final norm's gain and shift, an
// untied head). A norm the shape has but whose gain is absent multiplies by 1.
class PartSet {
public:
    PartSet(std::initializer_list<Part> parts = {}) {
        for (Part p : parts) put(p);
    }
    PartSet& put(Part p, bool has = true) {
        bits_.set(std::size_t(p), has);
        return *this;
    }
    bool has(Part p) const { return bits_.test(std::size_t(p)); }

private:
    std::bitset<std::size(kParts)> bits_;
};

// A part's name ("embedding", "blocks.0.attn.wQKV", …): the saved files' and the optimiser's.
// `third` (0, 1, 2) names W_QKV's or b_QKV's columns of Q, K or V alone ("blocks.0.attn.wK"), as
// the worked examples may give them.
std::string part_name(Part part, std::size_t block, int third = -1);

// One parameter tensor inside the flat buffer.
struct Slot {
    std::string name;  // part_name's
    std::vector<std::size_t> shape;
    std::size_t offset = 0, size = 0;
    bool decay = false;  // weight decay applies: matrices, not biases or norm gains
    Part part = Part::embedding;
    std::size_t block = 0;  // a block's part: which block
};

// A model's structure: the pass's sizes and choices, its positions and which tensors it has.
struct LmStructure {
    LmShape shape;
    PositionKind positions = PositionKind::none;
    std::size_t position_rows = 0;   // P, learned positions only
    std::vector<PartSet> blocks;     // the parts each block has, one per shape.blocks
    PartSet model{Part::embedding};  // the final norm's and the head, when it has them
    // Whether it has part p (of block `block`, for a block's part): a position table when its
    // positions are learned.
    bool has(Part p, std::size_t block = 0) const {
        if (p == Part::positions) return positions == PositionKind::learned;
        return in_block(p) ? blocks[block].has(p) : model.has(p);
    }
};

// The tensors a model of this structure has, in Part's order, each at its offset.
std::vector<Slot> lm_layout(const LmStructure& s);

// Visits every tensor `p` has with its name (part_name's): the names a saved model's file uses.
using ParameterVisitor =
    std::function<void(const std::string& name, double* data, std::size_t size, const std::vector<std::size_t>& shape)>;
void for_each_parameter(LmParams& p, const ParameterVisitor& f);

// Tensors of the names and shapes of the structure's layout (their values unset).
LmParams shaped_params(const LmStructure& s);

template <class Real>
class Lm {
public:
    // Every parameter 0, for a loader to write into weights() slot by slot.
    explicit Lm(LmStructure s);
    // The parameters `p`, of the structure s (the caller checked them), rounded to Real.
    Lm(LmStructure s, const LmParams& p);
    // Copies `p` in: its tensors are those of the structure, except that separate W_Q, W_K, W_V
    // (and b_Q, b_K, b_V, a missing one 0) fill the slots of W_QKV (and b_QKV).
    void set_params(const LmParams& p);
    // The parameters as double tensors (every float is exactly a double), fused: W_QKV, b_QKV.
    LmParams params() const;

    // The logits (B, T, V) of inputs (B, T) row-major, in logits(); `scores` keeps every block's
    // scores before masking too, as a trace shows them.
    void forward_logits(const int* inputs, std::size_t B, std::size_t T, const Intervention* iv = nullptr,
                        bool scores = false);
    // forward_logits, then with targets (B, T) the mean cross-entropy (else 0) and probs().
    // Probabilities and attention weights stay readable until the next call.
    double forward(const int* inputs, const int* targets, std::size_t B, std::size_t T,
                   const Intervention* iv = nullptr);
    // Gradients of the last forward's loss (which must have had targets), in grads().
    void backward();
    // Cached decoding of one sequence (Handout #12): the T positions `tokens` after the
    // st.length that `st` holds (it takes theirs too). Returns the last position's logits (V),
    // in st: those forward() gives on the whole sequence, bit for bit. Every block must be
    // causal (iv->causal makes them so). Leaves forward()'s results as they were.
    const Real* decode(const int* tokens, std::size_t T, DecodeState<Real>& st, const Intervention* iv = nullptr);
    // One step of a generation (§7.1): the logits (V) for the token after `tokens`. With
    // `cached`, only the positions `st` does not hold yet run, against its keys and values (every
    // block causal, as decode() needs); without it, or past `context` tokens (where every position
    // shifts), the last `context` tokens (all, when they fit) run again. `acts` holds the
    // activations of the `rows` positions just run, for a check that they are finite.
    struct Next {
        const Real* logits;
        const LmActs<Real>* acts;
        std::size_t rows;
    };
    Next next_logits(const std::vector<int>& tokens, bool cached, std::size_t context, DecodeState<Real>& st,
                     const Intervention* iv = nullptr);
    // The multiply-adds of a pass (flat::PassCost).
    PassCost pass_cost() const { return lm_pass_cost(w_, s_.shape); }

    const LmStructure& structure() const { return s_; }
    const std::vector<Slot>& slots() const { return slots_; }
    std::vector<Real>& weights() { return weights_; }
    const std::vector<Real>& weights() const { return weights_; }
    std::vector<Real>& grads() { return grads_; }               // empty until the first backward()
    const LmActs<Real>& acts() const { return acts_; }          // the last forward's activations
    const Real* logits() const { return acts_.logits.data(); }  // (B, T, V)
    const Real* probs() const { return probs_.data(); }         // (B, T, V)
    const Real* attention(std::size_t layer) const { return acts_.blocks[layer].att.data(); }  // (B, H, T, T)

private:
    // The position rows of positions 0 .. end - 1 (null for none): the learned table, or the
    // sinusoidal one grown to `end` rows.
    const Real* positions_to(std::size_t end);
    // Each parameter's place in a buffer laid out as slots_; a norm with no gain of its own reads
    // (or, for gradients, adds into) no_gain (D).
    LmPtrs<Real> bind(Real* base, Real* no_gain) const;

    LmStructure s_;
    std::vector<Slot> slots_;
    std::vector<Real> weights_, grads_;
    std::vector<Real> ones_;       // (D) the gain of a norm that has none
    std::vector<Real> gain_sink_;  // (D) where that gain's gradient goes, unused
    LmPtrs<Real> w_, g_;
    // The last forward's shape, inputs and targets (empty when it had none).
    std::size_t B_ = 0, T_ = 0;
    std::vector<int> inputs_, targets_;
    LmActs<Real> acts_;
    std::vector<Real> probs_;     // (N, V)
    std::vector<Real> sinusoid_;  // (T, D) fixed positions when sinusoidal
    std::vector<Real> dlogits_;   // (N, V)
    Scratch<Real> scratch_;
};

}  // namespace lab::flat
