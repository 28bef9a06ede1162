// The block (§5.1) and the whole model (§6, §7) on flat buffers: the one place where the
// sub-layers are wired together. Each forward sits above its backward, and each backward quotes
// the forward lines it differentiates. The worked examples run the forward passes in double
// (lab::block_forward and lab::lm_logits check their arguments, point into the tensors and
// record the trace); training runs both passes in float32 (lab::flat::Lm), and the tests run
// them in double against finite differences.
//
// Nothing here checks its arguments: the public entries do (block.cpp, lm.cpp, lm_model.cpp),
// and debug builds assert the sizes.
//
// Dimensions: B batch, T positions, N = B T rows, D model width, H heads, dk and dv the per-head
// query/key and value widths, F the FFN width, V the vocabulary, L blocks.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "lab/core/names.hpp"
#include "lab/layers/ffn.hpp"
#include "lab/layers/norm.hpp"

namespace lab {

// Where the block's norms sit (§5.1): before each sub-layer, or after each residual sum.
enum class Arrangement { pre, post };
template <>
struct EnumNames<Arrangement> {
    static constexpr const char* what = "arrangement";
    static constexpr std::array<std::pair<Arrangement, const char*>, 2> all = {
        {{Arrangement::pre, "pre"}, {Arrangement::post, "post"}}};
};

// How an intervention removes a head (§2.2): its output zeroed, or each of its output rows
// replaced by the mean of its rows over the positions that row's query may see (in a causal
// block its own and the earlier ones): what the head gives on average, without what it found at
// this position, and without reading the future.
enum class Ablation { zero, mean };
template <>
struct EnumNames<Ablation> {
    static constexpr const char* what = "ablation";
    static constexpr std::array<std::pair<Ablation, const char*>, 2> all = {
        {{Ablation::zero, "zero"}, {Ablation::mean, "mean"}}};
};

}  // namespace lab

namespace lab::flat {

// Where one block's tensors sit in a flat buffer (the parameters, or their gradients);
// null = the block has no such tensor: no bias (or beta), no gate, or W_O the identity (then
// H dv = D). The norms' gammas are set whenever the block has norms.
template <class Real>
struct BlockPtrs {
    Real *wqkv = nullptr, *bqkv = nullptr;     // (D, H (2 dk + dv)) = [W_Q W_K W_V], its bias
    Real *wo = nullptr, *bo = nullptr;         // (H dv, D) (D)
    Real *w1 = nullptr, *b1 = nullptr;         // (D, F) (F)
    Real *wgate = nullptr, *bgate = nullptr;   // (D, F) (F), gated FFN
    Real *w2 = nullptr, *b2 = nullptr;         // (F, D) (D)
    Real *gamma1 = nullptr, *beta1 = nullptr;  // (D) each
    Real *gamma2 = nullptr, *beta2 = nullptr;  // (D) each
};

// One block's sizes and choices.
struct BlockShape {
    std::size_t D = 0, H = 1, dk = 0, dv = 0, F = 0;
    Arrangement arrangement = Arrangement::pre;
    NormKind norm = NormKind::layer;
    Activation activation = Activation::gelu;
    bool gated = false, causal = true;
    bool ffn = true;     // false: attention alone (a model's ffnMult 0), no FFN sub-layer, no second norm
    double scale = 1.0;  // of the attention scores
    std::size_t qkv_width() const { return H * (2 * dk + dv); }
};

// One block's activations, kept from the forward pass for the backward pass and the trace.
template <class Real>
struct BlockActs {
    std::vector<Real> a_in;             // (N, D) attention input: LN1(x) pre-norm, x post-norm
    std::vector<Real> mean1, rstd1;     // (N) statistics of norm1
    std::vector<Real> qkv;              // (N, H (2 dk + dv)) [q | k | v] per row
    std::vector<Real> scores;           // (B, H, T, T) before masking; filled only when sized (the trace)
    std::vector<Real> att;              // (B, H, T, T) attention weights
    std::vector<Real> atty;             // (N, H dv) heads concatenated
    std::vector<Real> mha;              // (N, D) atty W_O + b_O
    std::vector<Real> r1;               // (N, D) x + MHA
    std::vector<Real> f_in;             // (N, D) FFN input: LN2(r1) pre-norm, LN1(r1) post-norm
    std::vector<Real> mean2, rstd2;     // (N) statistics of norm2
    std::vector<Real> fch, gate, fact;  // (N, F) f_in W1 + b1, f_in W_gate + b_gate, act(fch) (* gate)
    std::vector<Real> ffn;              // (N, D) fact W2 + b2
    std::vector<Real> r2;               // (N, D) residual + FFN
};

// Buffers the backward passes share, grown as needed.
template <class Real>
struct Scratch {
    std::vector<Real> dx, dhf, dr, dfin, dain, datty, dqkv, dfact, dfch, dgate, datt_row, tmp;
};

// An experiment on a model (§2.2): heads whose output is removed before W_O (zeroed, or its mean,
// Ablation), key positions hidden from every query but their own, or the causal mask imposed on
// every block. A mean is over the positions a pass computes: a whole sequence's in a forward pass
// (cached decoding takes no ablation).
struct Intervention {
    std::vector<std::pair<std::size_t, std::size_t>> heads;  // (layer, head)
    std::vector<std::size_t> hidden;                         // positions
    bool causal = false;  // the causal mask in every block, whatever maskBlocks says (§7.3's evaluation)
    Ablation ablation = Ablation::zero;  // how the heads are removed
};

// Cached decoding (Handout #12): for each block, the [k | v] rows (H dk + H dv wide) of every
// position of one sequence computed so far. A pass given a cache computes only its new positions'
// rows, appends their keys and values, and lets the new queries attend to all of them: the same
// arithmetic, in the same order, as recomputing the whole prefix, so the same numbers bit for bit.
// Causal blocks only (an unmasked block's earlier rows change when a token is appended).
// Like its rows, a cache belongs to one sequence under unchanged weights: so it also keeps a tied
// head's E^T packed for the product (pack_panels), made by its first pass for all later ones.
template <class Real>
struct KvCache {
    std::vector<std::vector<Real>> blocks;  // L of them, (t, H (dk + dv)) each
    std::vector<Real> head;                 // E^T (D, V) as gemm_packed reads it; empty until needed
};

// The sub-layers, each on its input x (N, D), writing into a:
//   MHA(x) = Concat_h(attention(x W_Q^h, x W_K^h, x W_V^h)) W_O + b_O   -> a.qkv, a.scores, a.att, a.atty, a.mha
//   FFN(x) = act(x W1 + b1) [* (x W_gate + b_gate)] W2 + b2            -> a.fch, a.gate, a.fact, a.ffn
// (the FFN's output has D_out columns: D in a block, W2's width on its own)
// hidden (T) marks key positions hidden from every query but their own, ablated (H) the heads
// removed (1 zeroed, 2 replaced by their mean, Ablation); empty = none. `cache` (one block's
// KvCache rows; B = 1, causal) makes x the new positions only. Their backward passes are
// block_backward's (flat_model.cpp).
template <class Real>
void mha_forward(const Real* x, const BlockPtrs<Real>& w, const BlockShape& s, BlockActs<Real>& a, std::size_t B,
                 std::size_t T, const std::vector<char>& hidden, const std::vector<char>& ablated,
                 std::vector<Real>* cache = nullptr);
template <class Real>
void ffn_forward(const Real* x, const BlockPtrs<Real>& w, const BlockShape& s, BlockActs<Real>& a, std::size_t N,
                 std::size_t D_out);

// Size `a` for B sequences of T positions (N = B T rows): the attention sub-layer's buffers (the
// scores only when `scores`), the FFN's (its output D_out wide), or the whole block's.
template <class Real>
void mha_fit(BlockActs<Real>& a, const BlockShape& s, std::size_t B, std::size_t T, bool scores);
template <class Real>
void ffn_fit(BlockActs<Real>& a, const BlockShape& s, std::size_t N, std::size_t D_out);
template <class Real>
void block_fit(BlockActs<Real>& a, const BlockShape& s, std::size_t B, std::size_t T, bool scores);

// pre-norm:  r1 = x + MHA(LN1(x)),  y = r1 + FFN(LN2(r1))
// post-norm: r1 = x + MHA(x),  f_in = LN1(r1),  r2 = f_in + FFN(f_in),  y = LN2(r2)
template <class Real>
void block_forward(Real* y, const Real* x,  // (N, D) each
                   const BlockPtrs<Real>& w, const BlockShape& s, BlockActs<Real>& a, std::size_t B, std::size_t T,
                   const std::vector<char>& hidden, const std::vector<char>& ablated,
                   std::vector<Real>* cache = nullptr);

// forward: y = block(x). dx (N, D) holds dL/dy on entry and dL/dx on return; the parameters'
// gradients are added into g. Interventions are not differentiated (training makes none).
template <class Real>
void block_backward(Real* dx, const Real* x,  // (N, D) each
                    const BlockPtrs<Real>& w, const BlockPtrs<Real>& g, const BlockShape& s, BlockActs<Real>& a,
                    std::size_t B, std::size_t T, Scratch<Real>& scratch);

// The encoder-decoder's decoder block (§9.4, as nn.TransformerDecoderLayer computes it with no
// dropout): masked self-attention, cross-attention whose queries come from the decoder and whose
// keys and values come from the encoder's output (the memory, Tenc rows per sequence, read as it
// is), then the FFN, each with a residual and a norm:
//   post-norm: h1 = LN1(x + SA(x)),  h2 = LN2(h1 + CA(h1, m)),  y = LN3(h2 + FFN(h2))
//   pre-norm:  h1 = x + SA(LN1(x)),  h2 = h1 + CA(LN2(h1), m),  y = h2 + FFN(LN3(h2))
// The encoder's block is block_forward with causal = false.
template <class Real>
struct DecoderPtrs {
    BlockPtrs<Real> self;                      // self-attention, the FFN, norm1 (gamma1, beta1)
    Real *cwq = nullptr, *cbq = nullptr;       // (D, H dk) (H dk): cross-attention's queries
    Real *cwkv = nullptr, *cbkv = nullptr;     // (D, H (dk + dv)) = [W_K W_V], its bias
    Real *cwo = nullptr, *cbo = nullptr;       // (H dv, D) (D); null cwo = identity (H dv = D)
    Real *gamma2 = nullptr, *beta2 = nullptr;  // norm2, before or after cross-attention
    Real *gamma3 = nullptr, *beta3 = nullptr;  // norm3, before or after the FFN
};

template <class Real>
struct DecoderActs {
    BlockActs<Real> self;                  // self-attention (a_in, qkv, scores, att, atty, mha, r1; h1 in
                                           // f_in post-norm) and the FFN (fch, gate, fact, ffn)
    std::vector<Real> c_in, mean2, rstd2;  // (N, D) CA's input (pre-norm) or h2 (post-norm); norm2's stats
    std::vector<Real> cq, ckv;             // (N, H dk) queries; (B Tenc, H (dk + dv)) the memory's [k | v]
    std::vector<Real> cscores, catt;       // (B, H, Tdec, Tenc) scaled scores, weights
    std::vector<Real> catty, cross;        // (N, H dv) heads side by side; (N, D) CA's output
    std::vector<Real> r2;                  // (N, D) h1 + CA
    std::vector<Real> f_in, mean3, rstd3;  // (N, D) the FFN's input; norm3's stats
    std::vector<Real> r3;                  // (N, D) h2 + FFN, before LN3 (post-norm)
};

template <class Real>
void decoder_fit(DecoderActs<Real>& a, const BlockShape& s, std::size_t B, std::size_t Tdec, std::size_t Tenc);

// x (B Tdec, D) -> y (B Tdec, D), attending to memory (B Tenc, D); s.causal is the self-attention's.
template <class Real>
void decoder_block_forward(Real* y, const Real* x, const Real* memory, const DecoderPtrs<Real>& w, const BlockShape& s,
                           DecoderActs<Real>& a, std::size_t B, std::size_t Tdec, std::size_t Tenc);

template <class Real>
struct LmPtrs {
    Real* embedding = nullptr;  // (V, D)
    Real* positions = nullptr;  // (>= T, D) learned positions
    std::vector<BlockPtrs<Real>> blocks;
    Real *final_gamma = nullptr, *final_beta = nullptr;  // (D)
    Real* head = nullptr;                                // (D, V); null = tied to the embedding
};

struct LmShape {
    std::size_t V = 0, D = 0;
    std::vector<BlockShape> blocks;
    NormKind final_norm = NormKind::none;  // none = no final norm
};

template <class Real>
struct LmActs {
    std::vector<std::vector<Real>> x;  // L + 1 residual streams (N, D); x[0] = E[w] + p
    std::vector<BlockActs<Real>> blocks;
    std::vector<Real> hf, meanf, rstdf;  // (N, D) after the final norm, its statistics (N)
    std::vector<Real> logits;            // (N, V)
};

template <class Real>
void lm_fit(LmActs<Real>& a, const LmShape& s, std::size_t B, std::size_t T, bool scores);

// The multiply-adds of lm_logits_forward for T positions of one sequence, the first at position
// `first` (the number already cached; 0 without a cache), counted as the loops are written:
// per position, one row of every matrix product (D H (2 dk + dv), H dv D with W_O, D F for each
// FFN input map, F D, then D V); per query-key pair it reads, H (dk + dv) for q.k and a v (in a
// causal block query i reads keys 0..i, in an unmasked one all of them).
struct PassCost {
    std::uint64_t per_position = 0, per_pair_causal = 0, per_pair_unmasked = 0;
    std::uint64_t cached_per_position = 0;  // what a KvCache keeps per position: H (dk + dv) per block
    std::uint64_t head = 0;                 // D V, the vocabulary head's part of per_position
    // A pass that computes every position's logits (forward)
    std::uint64_t operator()(std::size_t first, std::size_t T) const;
    // A cached pass, which computes the last position's logits alone
    std::uint64_t last_logits(std::size_t first, std::size_t T) const { return (*this)(first, T) - (T - 1) * head; }
};
template <class Real>
PassCost lm_pass_cost(const LmPtrs<Real>& w, const LmShape& s);

// x_i = E[w_i] + p_i,  x_{l+1} = block_l(x_l),  z = LN_f(x_L) W_head (or E^T when tied).
// inputs (N) are token ids; pos (T, D) the position rows (learned or sinusoidal), null = none.
// With a cache (B = 1, causal blocks, or iv->causal making them so, and no hidden position or
// ablated head), inputs are the T positions after the cached ones and pos their rows; a is sized
// for those T rows, and a.logits holds the last one's V logits alone.
template <class Real>
void lm_logits_forward(LmActs<Real>& a, const LmPtrs<Real>& w, const LmShape& s, const int* inputs, const Real* pos,
                       std::size_t B, std::size_t T, const Intervention* iv, KvCache<Real>* cache = nullptr);

// One sequence being decoded (Handout #12), for the worked examples (double) and the trained and
// opened models (float32) alike: its keys and values, how many positions they hold, and the
// activations of the positions being run, kept apart from any whole forward pass's.
template <class Real>
struct DecodeState {
    KvCache<Real> cache;
    LmActs<Real> acts;
    std::size_t length = 0;  // the positions `cache` holds
};

// Runs the T tokens at positions st.length .. st.length + T - 1 against the cache, which takes
// their keys and values too; returns the last one's logits (V), in st.acts. `positions` holds the
// rows of positions 0 .. st.length + T - 1 (null: none). Every block causal, or iv->causal.
template <class Real>
const Real* decode_forward(DecodeState<Real>& st, const LmPtrs<Real>& w, const LmShape& s, const int* tokens,
                           std::size_t T, const Real* positions, const Intervention* iv = nullptr);

// forward: z = lm_logits_forward(inputs). dlogits (N, V) = dL/dz; adds every parameter's
// gradient into g (positions only when g.positions is set: learned positions).
template <class Real>
void lm_logits_backward(const LmPtrs<Real>& g, const Real* dlogits, LmActs<Real>& a, const LmPtrs<Real>& w,
                        const LmShape& s, const int* inputs, std::size_t B, std::size_t T, Scratch<Real>& scratch);

}  // namespace lab::flat
