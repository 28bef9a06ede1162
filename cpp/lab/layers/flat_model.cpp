#include "lab/layers/flat_model.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>

#include "lab/core/gemm.hpp"
#include "lab/layers/attention.hpp"
#include "lab/layers/ffn.hpp"
#include "lab/layers/norm.hpp"

namespace lab::flat {

namespace {

// The LayerNorm / RMSNorm epsilon, as the worked examples' norms use it.
constexpr double kNormEps = 1e-5;

template <class Real>
void fit(std::vector<Real>& v, std::size_t n) {
    if (v.size() < n) v.resize(n);
}

template <class Real>
void zero(std::vector<Real>& v, std::size_t n) {
    fit(v, n);
    std::fill(v.begin(), v.begin() + n, Real(0));
}

// ---- layers on whole buffers: forward, then backward quoting the forward line it differentiates ----

// out (N, OC) = inp (N, C) @ w (C, OC) + bias (OC)
template <class Real>
void matmul_forward(Real* out, const Real* inp, const Real* w, const Real* bias, std::size_t N, std::size_t C,
                    std::size_t OC) {
    gemm(out, inp, w, bias, N, C, OC, false);
}

// forward: out = inp @ w + bias. Adds into dinp (N, C), dw (C, OC) and dbias (OC); the products
// are forward ones, on w as it is stored (gemm_bt) and on inp transposed (scratch tmp), so the
// one kernel does all the work.
template <class Real>
void matmul_backward(Real* dinp, Real* dw, Real* dbias, const Real* dout, const Real* inp, const Real* w, std::size_t N,
                     std::size_t C, std::size_t OC, std::vector<Real>& tmp) {
    gemm_bt(dinp, dout, w, static_cast<const Real*>(nullptr), N, OC, C, true);  // dinp += dout @ w^T
    fit(tmp, N * C);
    transpose(tmp.data(), inp, N, C);                                               // inp^T (C, N)
    gemm(dw, tmp.data(), dout, static_cast<const Real*>(nullptr), C, N, OC, true);  // dw += inp^T @ dout
    if (dbias)
        for (std::size_t n = 0; n < N; ++n)
            for (std::size_t o = 0; o < OC; ++o) dbias[o] += dout[n * OC + o];
}

// Every row of inp (N, D) through the norm `kind` (norm_row_forward); none copies.
template <class Real>
void norm_forward(NormKind kind, Real* out, Real* mean, Real* rstd, const Real* inp, const Real* gamma,
                  const Real* beta, std::size_t N, std::size_t D) {
    if (kind == NormKind::none) {
        std::memcpy(out, inp, N * D * sizeof(Real));
        return;
    }
    assert(gamma);
    for (std::size_t n = 0; n < N; ++n)
        norm_row_forward(kind, out + n * D, mean[n], rstd[n], inp + n * D, gamma, beta, D, Real(kNormEps));
}

// forward: out = norm(inp) row by row (norm_row_backward); none passes dout through.
template <class Real>
void norm_backward(NormKind kind, Real* dinp, Real* dgamma, Real* dbeta, const Real* dout, const Real* inp,
                   const Real* mean, const Real* rstd, const Real* gamma, std::size_t N, std::size_t D) {
    if (kind == NormKind::none) {
        for (std::size_t i = 0; i < N * D; ++i) dinp[i] += dout[i];
        return;
    }
    for (std::size_t n = 0; n < N; ++n)
        norm_row_backward(kind, dinp + n * D, dgamma, dbeta, dout + n * D, inp + n * D, mean[n], rstd[n], gamma, D);
}

// Whether query i may read key j: the causal mask, and the intervention's hidden positions
// (hidden from every query but their own, so no row is ever empty).
bool keep(std::size_t i, std::size_t j, bool causal, const std::vector<char>& hidden) {
    return (!causal || j <= i) && (hidden.empty() || !hidden[j] || j == i);
}

// The keys and values attention reads, for each batch item Tk rows at `stride`: head h's key
// is columns h dk .. (h + 1) dk from k, its value h dv .. (h + 1) dv from v. Without a cache
// they are the k and v parts of the block's own qkv rows; with one (KvCache), the rows of every
// position so far. `first` is the absolute position of the first query, for the causal mask.
template <class Real>
struct KeysValues {
    const Real *k, *v;
    std::size_t stride, Tk, first;
};

// A head's mark in a block's `ablated` list: kept, or removed as Intervention::ablation says.
constexpr char kKept = 0, kZeroed = 1, kMeaned = 2;

// qkv (N, row) holds the queries at the start of each row (N = B Tq; row = H (2 dk + dv) for a
// block's own [q | k | v] rows, H dk for cross-attention's q rows), head h's columns
// h dk .. (h + 1) dk; each (batch item, head) is one attention_head_forward of its Tq queries
// over the Tk keys of kv, into atty (N, H dv). An ablated head gives y = 0, or (kMeaned) the
// mean of its rows over the positions each query may see. scores and att are (B, H, Tq, Tk);
// scores may be null.
template <class Real>
void attention_forward(Real* atty, Real* scores, Real* att, const Real* qkv, std::size_t row,
                       const KeysValues<Real>& kv, const BlockShape& s, std::size_t B, std::size_t Tq,
                       const std::vector<char>& hidden, const std::vector<char>& ablated) {
    const std::size_t H = s.H, dk = s.dk, dv = s.dv, HV = H * dv, Tk = kv.Tk;
    const auto kept = [&](std::size_t i, std::size_t j) { return keep(kv.first + i, j, s.causal, hidden); };
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t h = 0; h < H; ++h) {
            const Real* q = qkv + b * Tq * row + h * dk;
            const Real* k = kv.k + b * Tk * kv.stride + h * dk;
            const Real* v = kv.v + b * Tk * kv.stride + h * dv;
            Real* y = atty + b * Tq * HV + h * dv;
            Real* a = att + (b * H + h) * Tq * Tk;
            Real* sc = scores ? scores + (b * H + h) * Tq * Tk : nullptr;
            const std::size_t empty = attention_head_forward(y, HV, sc, a, q, row, k, kv.stride, v, kv.stride, Tq, Tk,
                                                             dk, dv, Real(s.scale), kept);
            // Every query keeps at least itself, so a row's softmax fails only on scores that are
            // not finite (a diverged step): the outputs become NaN, and the loss says so.
            if (empty != Tq) {
                const Real nan = std::numeric_limits<Real>::quiet_NaN();
                std::fill(a, a + Tq * Tk, nan);
                for (std::size_t i = 0; i < Tq; ++i) std::fill(y + i * HV, y + i * HV + dv, nan);
            }
            if (!ablated.empty() && ablated[h] == kZeroed)
                for (std::size_t i = 0; i < Tq; ++i) std::fill(y + i * HV, y + i * HV + dv, Real(0));
            // the mean over the positions a query may see: in a causal block its own and the earlier
            // ones (a running mean; a mean over later rows would read the future), else all of them
            if (!ablated.empty() && ablated[h] == kMeaned)
                for (std::size_t c = 0; c < dv; ++c) {
                    double sum = 0.0;
                    for (std::size_t i = 0; i < Tq; ++i) sum += double(y[i * HV + c]);
                    const Real all = Real(sum / double(Tq));
                    double running = 0.0;
                    for (std::size_t i = 0; i < Tq; ++i) {
                        running += double(y[i * HV + c]);
                        y[i * HV + c] = s.causal ? Real(running / double(i + 1)) : all;
                    }
                }
        }
}

// forward: atty = attention(qkv), one attention_head_backward per (batch item, head). Adds into
// dqkv (N, H (2 dk + dv)); scratch holds 2 T numbers.
template <class Real>
void attention_backward(Real* dqkv, const Real* datty, const Real* qkv, const Real* att, const BlockShape& s,
                        std::size_t B, std::size_t T, Real* scratch) {
    const std::size_t H = s.H, dk = s.dk, dv = s.dv, row = s.qkv_width(), HV = H * dv;
    for (std::size_t b = 0; b < B; ++b)
        for (std::size_t h = 0; h < H; ++h) {
            const std::size_t q0 = b * T * row + h * dk, k0 = q0 + H * dk, v0 = b * T * row + 2 * H * dk + h * dv;
            attention_head_backward(dqkv + q0, dqkv + k0, dqkv + v0, datty + b * T * HV + h * dv, HV,
                                    att + (b * H + h) * T * T, qkv + q0, row, qkv + k0, row, qkv + v0, row, T, T, dk,
                                    dv, Real(s.scale), scratch);
        }
}

// fact = act(fch), times gate when gated.
template <class Real>
void ffn_activation_forward(Real* fact, const Real* fch, const Real* gate, std::size_t n, Activation a) {
    for (std::size_t i = 0; i < n; ++i) fact[i] = activate(fch[i], a) * (gate ? gate[i] : Real(1));
}

// forward: fact = act(fch) * gate.  dfch = dfact * gate * act'(fch);  dgate = dfact * act(fch).
template <class Real>
void ffn_activation_backward(Real* dfch, Real* dgate, const Real* dfact, const Real* fch, const Real* gate,
                             std::size_t n, Activation a) {
    for (std::size_t i = 0; i < n; ++i) {
        dfch[i] = dfact[i] * (gate ? gate[i] : Real(1)) * activate_grad(fch[i], a);
        if (gate) dgate[i] = dfact[i] * activate(fch[i], a);
    }
}

}  // namespace

// ---- the sub-layers ----

template <class Real>
void mha_forward(const Real* x, const BlockPtrs<Real>& w, const BlockShape& s, BlockActs<Real>& a, std::size_t B,
                 std::size_t T, const std::vector<char>& hidden, const std::vector<char>& ablated,
                 std::vector<Real>* cache) {
    const std::size_t N = B * T, D = s.D, HV = s.H * s.dv, W = s.qkv_width(), HK = s.H * s.dk;
    assert(a.qkv.size() >= N * W && a.mha.size() >= N * D);
    assert(w.wo || HV == D);
    matmul_forward(a.qkv.data(), x, w.wqkv, w.bqkv, N, D, W);
    KeysValues<Real> kv{a.qkv.data() + HK, a.qkv.data() + 2 * HK, W, T, 0};
    if (cache) {
        // The new rows' keys and values join the cached ones; the queries read them all.
        assert(B == 1 && s.causal);
        const std::size_t KV = HK + HV, first = cache->size() / KV;
        for (std::size_t n = 0; n < N; ++n)
            cache->insert(cache->end(), a.qkv.begin() + n * W + HK, a.qkv.begin() + (n + 1) * W);
        kv = {cache->data(), cache->data() + HK, KV, first + T, first};
        fit(a.att, s.H * T * kv.Tk);
        assert(a.scores.empty());  // a cached pass records no scores (lm_fit without them)
    }
    assert(a.att.size() >= B * s.H * T * kv.Tk);
    attention_forward(a.atty.data(), a.scores.empty() ? nullptr : a.scores.data(), a.att.data(), a.qkv.data(), W, kv, s,
                      B, T, hidden, ablated);
    if (w.wo)
        matmul_forward(a.mha.data(), a.atty.data(), w.wo, w.bo, N, HV, D);
    else
        std::memcpy(a.mha.data(), a.atty.data(), N * D * sizeof(Real));
}

template <class Real>
void mha_backward(Real* dx, const Real* dmha, const Real* x, const BlockPtrs<Real>& w, const BlockPtrs<Real>& g,
                  const BlockShape& s, BlockActs<Real>& a, std::size_t B, std::size_t T, Scratch<Real>& sc) {
    const std::size_t N = B * T, D = s.D, HV = s.H * s.dv, W = s.qkv_width();
    fit(sc.datt_row, 2 * T);  // attention_head_backward's scratch
    // forward: mha = atty W_O + b_O (or atty itself)
    zero(sc.datty, N * HV);
    if (w.wo)
        matmul_backward(sc.datty.data(), g.wo, g.bo, dmha, a.atty.data(), w.wo, N, HV, D, sc.tmp);
    else
        std::copy(dmha, dmha + N * D, sc.datty.begin());
    // forward: atty = attention(qkv)
    zero(sc.dqkv, N * W);
    attention_backward(sc.dqkv.data(), sc.datty.data(), a.qkv.data(), a.att.data(), s, B, T, sc.datt_row.data());
    // forward: qkv = x W_QKV + b_QKV
    matmul_backward(dx, g.wqkv, g.bqkv, sc.dqkv.data(), x, w.wqkv, N, D, W, sc.tmp);
}

template <class Real>
void ffn_forward(const Real* x, const BlockPtrs<Real>& w, const BlockShape& s, BlockActs<Real>& a, std::size_t N,
                 std::size_t D_out) {
    const std::size_t D = s.D, F = s.F;
    assert(a.fch.size() >= N * F && a.fact.size() >= N * F && a.ffn.size() >= N * D_out);
    matmul_forward(a.fch.data(), x, w.w1, w.b1, N, D, F);
    if (s.gated) matmul_forward(a.gate.data(), x, w.wgate, w.bgate, N, D, F);
    ffn_activation_forward(a.fact.data(), a.fch.data(), s.gated ? a.gate.data() : nullptr, N * F, s.activation);
    matmul_forward(a.ffn.data(), a.fact.data(), w.w2, w.b2, N, F, D_out);
}

template <class Real>
void ffn_backward(Real* dx, const Real* dffn, const Real* x, const BlockPtrs<Real>& w, const BlockPtrs<Real>& g,
                  const BlockShape& s, BlockActs<Real>& a, std::size_t N, Scratch<Real>& sc) {
    const std::size_t D = s.D, F = s.F;
    for (auto* v : {&sc.dfch, &sc.dgate}) fit(*v, N * F);
    // forward: ffn = fact W2 + b2
    zero(sc.dfact, N * F);
    matmul_backward(sc.dfact.data(), g.w2, g.b2, dffn, a.fact.data(), w.w2, N, F, D, sc.tmp);
    // forward: fact = act(fch) * gate;  fch = x W1 + b1;  gate = x W_gate + b_gate
    ffn_activation_backward(sc.dfch.data(), sc.dgate.data(), sc.dfact.data(), a.fch.data(),
                            s.gated ? a.gate.data() : nullptr, N * F, s.activation);
    matmul_backward(dx, g.w1, g.b1, sc.dfch.data(), x, w.w1, N, D, F, sc.tmp);
    if (s.gated) matmul_backward(dx, g.wgate, g.bgate, sc.dgate.data(), x, w.wgate, N, D, F, sc.tmp);
}

// ---- the block ----

template <class Real>
void mha_fit(BlockActs<Real>& a, const BlockShape& s, std::size_t B, std::size_t T, bool scores) {
    const std::size_t N = B * T;
    fit(a.qkv, N * s.qkv_width());
    fit(a.att, B * s.H * T * T);
    if (scores)
        fit(a.scores, B * s.H * T * T);
    else
        a.scores.clear();
    fit(a.atty, N * s.H * s.dv);
    fit(a.mha, N * s.D);
}

template <class Real>
void ffn_fit(BlockActs<Real>& a, const BlockShape& s, std::size_t N, std::size_t D_out) {
    for (auto* v : {&a.fch, &a.fact}) fit(*v, N * s.F);
    if (s.gated) fit(a.gate, N * s.F);
    fit(a.ffn, N * D_out);
}

template <class Real>
void block_fit(BlockActs<Real>& a, const BlockShape& s, std::size_t B, std::size_t T, bool scores) {
    const std::size_t N = B * T, D = s.D;
    mha_fit(a, s, B, T, scores);
    ffn_fit(a, s, N, D);
    for (auto* v : {&a.a_in, &a.r1, &a.f_in, &a.r2}) fit(*v, N * D);
    for (auto* v : {&a.mean1, &a.rstd1, &a.mean2, &a.rstd2}) fit(*v, N);
}

template <class Real>
void block_forward(Real* y, const Real* x, const BlockPtrs<Real>& w, const BlockShape& s, BlockActs<Real>& a,
                   std::size_t B, std::size_t T, const std::vector<char>& hidden, const std::vector<char>& ablated,
                   std::vector<Real>* cache) {
    const std::size_t N = B * T, D = s.D;
    const NormKind nk = s.norm;
    const bool pre = s.arrangement == Arrangement::pre;

    // Attention sub-layer: pre-norm feeds LN1(x) to attention, post-norm x itself.
    if (pre)
        norm_forward(nk, a.a_in.data(), a.mean1.data(), a.rstd1.data(), x, w.gamma1, w.beta1, N, D);
    else
        std::memcpy(a.a_in.data(), x, N * D * sizeof(Real));
    mha_forward(a.a_in.data(), w, s, a, B, T, hidden, ablated, cache);
    for (std::size_t i = 0; i < N * D; ++i) a.r1[i] = x[i] + a.mha[i];
    if (!s.ffn) {  // attention alone: y = r1 pre-norm, LN1(r1) post-norm
        if (pre)
            std::memcpy(y, a.r1.data(), N * D * sizeof(Real));
        else
            norm_forward(nk, y, a.mean1.data(), a.rstd1.data(), a.r1.data(), w.gamma1, w.beta1, N, D);
        return;
    }

    // Feed-forward sub-layer, on every row alone: f_in = LN2(r1) pre-norm, LN1(r1) post-norm.
    if (pre)
        norm_forward(nk, a.f_in.data(), a.mean2.data(), a.rstd2.data(), a.r1.data(), w.gamma2, w.beta2, N, D);
    else
        norm_forward(nk, a.f_in.data(), a.mean1.data(), a.rstd1.data(), a.r1.data(), w.gamma1, w.beta1, N, D);
    ffn_forward(a.f_in.data(), w, s, a, N, D);
    const Real* residual = pre ? a.r1.data() : a.f_in.data();
    Real* r2 = pre ? y : a.r2.data();
    for (std::size_t i = 0; i < N * D; ++i) r2[i] = residual[i] + a.ffn[i];
    if (!pre) norm_forward(nk, y, a.mean2.data(), a.rstd2.data(), r2, w.gamma2, w.beta2, N, D);
}

namespace {
// The attention sub-layer's backward, from sc.dr = dL/dr1 to dx = dL/dx.
template <class Real>
void attention_backward(Real* dx, const Real* x, const BlockPtrs<Real>& w, const BlockPtrs<Real>& g,
                        const BlockShape& s, BlockActs<Real>& a, std::size_t B, std::size_t T, Scratch<Real>& sc) {
    const std::size_t N = B * T, D = s.D;
    // forward: r1 = x + mha,  mha = MHA(a_in) (dx takes dr1 through the residual)
    std::copy(sc.dr.begin(), sc.dr.begin() + N * D, dx);
    zero(sc.dain, N * D);
    mha_backward(sc.dain.data(), sc.dr.data(), a.a_in.data(), w, g, s, a, B, T, sc);
    // forward: a_in = LN1(x) (pre-norm) or x (post-norm)
    if (s.arrangement == Arrangement::pre)
        norm_backward(s.norm, dx, g.gamma1, g.beta1, sc.dain.data(), x, a.mean1.data(), a.rstd1.data(), w.gamma1, N, D);
    else
        for (std::size_t i = 0; i < N * D; ++i) dx[i] += sc.dain[i];
}
}  // namespace

template <class Real>
void block_backward(Real* dx, const Real* x, const BlockPtrs<Real>& w, const BlockPtrs<Real>& g, const BlockShape& s,
                    BlockActs<Real>& a, std::size_t B, std::size_t T, Scratch<Real>& sc) {
    const std::size_t N = B * T, D = s.D;
    const NormKind nk = s.norm;
    const bool pre = s.arrangement == Arrangement::pre;
    for (auto* v : {&sc.dr, &sc.dfin}) fit(*v, N * D);

    if (!s.ffn) {  // forward: y = r1 (pre-norm) or LN1(r1) (post-norm)
        if (pre) {
            std::copy(dx, dx + N * D, sc.dr.begin());
        } else {
            zero(sc.dr, N * D);
            norm_backward(nk, sc.dr.data(), g.gamma1, g.beta1, dx, a.r1.data(), a.mean1.data(), a.rstd1.data(),
                          w.gamma1, N, D);
        }
        attention_backward(dx, x, w, g, s, a, B, T, sc);
        return;
    }
    // dr becomes dL/dr1, dfin dL/df_in.
    Real* dr2 = dx;
    if (!pre) {  // forward: y = LN2(r2)
        zero(sc.dr, N * D);
        norm_backward(nk, sc.dr.data(), g.gamma2, g.beta2, dx, a.r2.data(), a.mean2.data(), a.rstd2.data(), w.gamma2, N,
                      D);
        dr2 = sc.dr.data();
    }
    // forward: r2 = residual + ffn; the residual (r1 pre-norm, f_in post-norm) takes dr2 as it is
    if (pre) {
        std::copy(dr2, dr2 + N * D, sc.dr.begin());
        std::fill(sc.dfin.begin(), sc.dfin.begin() + N * D, Real(0));
    } else {
        std::copy(dr2, dr2 + N * D, sc.dfin.begin());
    }
    // forward: ffn = FFN(f_in)
    ffn_backward(sc.dfin.data(), dr2, a.f_in.data(), w, g, s, a, N, sc);
    // forward: f_in = LN2(r1) (pre-norm) or LN1(r1) (post-norm)
    if (pre) {
        norm_backward(nk, sc.dr.data(), g.gamma2, g.beta2, sc.dfin.data(), a.r1.data(), a.mean2.data(), a.rstd2.data(),
                      w.gamma2, N, D);
    } else {
        std::fill(sc.dr.begin(), sc.dr.begin() + N * D, Real(0));
        norm_backward(nk, sc.dr.data(), g.gamma1, g.beta1, sc.dfin.data(), a.r1.data(), a.mean1.data(), a.rstd1.data(),
                      w.gamma1, N, D);
    }
    attention_backward(dx, x, w, g, s, a, B, T, sc);
}

// ---- the encoder-decoder's decoder block (§9.4) ----

template <class Real>
void cross_attention_forward(Real* out, const Real* x, const Real* memory, const DecoderPtrs<Real>& w,
                             const BlockShape& s, DecoderActs<Real>& a, std::size_t B, std::size_t Tdec,
                             std::size_t Tenc) {
    const std::size_t D = s.D, HK = s.H * s.dk, HV = s.H * s.dv, KV = HK + HV;
    // q = x W_Q + b_Q from the decoder; [k | v] = memory [W_K W_V] + [b_K b_V] from the encoder
    matmul_forward(a.cq.data(), x, w.cwq, w.cbq, B * Tdec, D, HK);
    matmul_forward(a.ckv.data(), memory, w.cwkv, w.cbkv, B * Tenc, D, KV);
    BlockShape unmasked = s;
    unmasked.causal = false;  // every decoder position may read every encoder position
    const KeysValues<Real> kv{a.ckv.data(), a.ckv.data() + HK, KV, Tenc, 0};
    attention_forward(a.catty.data(), a.cscores.data(), a.catt.data(), a.cq.data(), HK, kv, unmasked, B, Tdec, {}, {});
    if (w.cwo)
        matmul_forward(out, a.catty.data(), w.cwo, w.cbo, B * Tdec, HV, D);
    else
        std::memcpy(out, a.catty.data(), B * Tdec * D * sizeof(Real));
}

template <class Real>
void decoder_fit(DecoderActs<Real>& a, const BlockShape& s, std::size_t B, std::size_t Tdec, std::size_t Tenc) {
    const std::size_t N = B * Tdec, D = s.D, H = s.H;
    block_fit(a.self, s, B, Tdec, true);
    fit(a.cq, N * H * s.dk);
    fit(a.ckv, B * Tenc * H * (s.dk + s.dv));
    fit(a.cscores, B * H * Tdec * Tenc);
    fit(a.catt, B * H * Tdec * Tenc);
    fit(a.catty, N * H * s.dv);
    for (auto* v : {&a.c_in, &a.cross, &a.r2, &a.f_in, &a.r3}) fit(*v, N * D);
    for (auto* v : {&a.mean2, &a.rstd2, &a.mean3, &a.rstd3}) fit(*v, N);
}

template <class Real>
void decoder_block_forward(Real* y, const Real* x, const Real* memory, const DecoderPtrs<Real>& w, const BlockShape& s,
                           DecoderActs<Real>& a, std::size_t B, std::size_t Tdec, std::size_t Tenc) {
    const std::size_t N = B * Tdec, D = s.D;
    const NormKind nk = s.norm;
    const bool pre = s.arrangement == Arrangement::pre;
    BlockActs<Real>& sa = a.self;

    // Self-attention: pre-norm h1 = x + SA(LN1(x)); post-norm h1 = LN1(x + SA(x)).
    if (pre)
        norm_forward(nk, sa.a_in.data(), sa.mean1.data(), sa.rstd1.data(), x, w.self.gamma1, w.self.beta1, N, D);
    else
        std::memcpy(sa.a_in.data(), x, N * D * sizeof(Real));
    mha_forward(sa.a_in.data(), w.self, s, sa, B, Tdec, {}, {});
    for (std::size_t i = 0; i < N * D; ++i) sa.r1[i] = x[i] + sa.mha[i];
    const Real* h1 = sa.r1.data();
    if (!pre) {
        norm_forward(nk, sa.f_in.data(), sa.mean1.data(), sa.rstd1.data(), sa.r1.data(), w.self.gamma1, w.self.beta1, N,
                     D);
        h1 = sa.f_in.data();
    }

    // Cross-attention: pre-norm h2 = h1 + CA(LN2(h1), m); post-norm h2 = LN2(h1 + CA(h1, m)).
    // The memory is read as it is: the encoder normalised it already.
    if (pre)
        norm_forward(nk, a.c_in.data(), a.mean2.data(), a.rstd2.data(), h1, w.gamma2, w.beta2, N, D);
    else
        std::memcpy(a.c_in.data(), h1, N * D * sizeof(Real));
    cross_attention_forward(a.cross.data(), a.c_in.data(), memory, w, s, a, B, Tdec, Tenc);
    for (std::size_t i = 0; i < N * D; ++i) a.r2[i] = h1[i] + a.cross[i];
    const Real* h2 = a.r2.data();
    if (!pre) {
        norm_forward(nk, a.c_in.data(), a.mean2.data(), a.rstd2.data(), a.r2.data(), w.gamma2, w.beta2, N, D);
        h2 = a.c_in.data();
    }

    // Feed-forward: pre-norm y = h2 + FFN(LN3(h2)); post-norm y = LN3(h2 + FFN(h2)).
    if (pre)
        norm_forward(nk, a.f_in.data(), a.mean3.data(), a.rstd3.data(), h2, w.gamma3, w.beta3, N, D);
    else
        std::memcpy(a.f_in.data(), h2, N * D * sizeof(Real));
    ffn_forward(a.f_in.data(), w.self, s, sa, N, D);
    Real* r3 = pre ? y : a.r3.data();
    for (std::size_t i = 0; i < N * D; ++i) r3[i] = h2[i] + sa.ffn[i];
    if (!pre) norm_forward(nk, y, a.mean3.data(), a.rstd3.data(), r3, w.gamma3, w.beta3, N, D);
}

// ---- the model ----

template <class Real>
void lm_fit(LmActs<Real>& a, const LmShape& s, std::size_t B, std::size_t T, bool scores) {
    const std::size_t N = B * T, L = s.blocks.size();
    a.x.resize(L + 1);
    a.blocks.resize(L);
    for (auto& x : a.x) fit(x, N * s.D);
    for (std::size_t l = 0; l < L; ++l) block_fit(a.blocks[l], s.blocks[l], B, T, scores);
    fit(a.hf, N * s.D);
    fit(a.meanf, N);
    fit(a.rstdf, N);
    fit(a.logits, N * s.V);
}

std::uint64_t PassCost::operator()(std::size_t first, std::size_t T) const {
    // causal: query first + i reads first + i + 1 keys, summed over i < T
    const std::uint64_t causal_pairs = std::uint64_t(T) * first + std::uint64_t(T) * (T + 1) / 2;
    const std::uint64_t all_pairs = std::uint64_t(T) * (first + T);
    return T * per_position + causal_pairs * per_pair_causal + all_pairs * per_pair_unmasked;
}

template <class Real>
PassCost lm_pass_cost(const LmPtrs<Real>& w, const LmShape& s) {
    PassCost c;
    for (std::size_t l = 0; l < s.blocks.size(); ++l) {
        const BlockShape& b = s.blocks[l];
        const std::uint64_t D = b.D, F = b.F, HV = b.H * b.dv;
        c.per_position += D * b.qkv_width() + (w.blocks[l].wo ? HV * D : 0) + D * F * (b.gated ? 2 : 1) + F * D;
        (b.causal ? c.per_pair_causal : c.per_pair_unmasked) += b.H * (b.dk + b.dv);
        c.cached_per_position += b.H * (b.dk + b.dv);
    }
    c.head = std::uint64_t(s.D) * s.V;
    c.per_position += c.head;
    return c;
}

template <class Real>
void lm_logits_forward(LmActs<Real>& a, const LmPtrs<Real>& w, const LmShape& s, const int* inputs, const Real* pos,
                       std::size_t B, std::size_t T, const Intervention* iv, KvCache<Real>* cache) {
    const std::size_t N = B * T, D = s.D, V = s.V, L = s.blocks.size();
    assert(a.x.size() == L + 1 && a.logits.size() >= N * V);

    // x_i = E[w_i] + p_i
    Real* x0 = a.x[0].data();
    for (std::size_t n = 0; n < N; ++n) {
        const Real* e = w.embedding + std::size_t(inputs[n]) * D;
        const Real* p = pos ? pos + (n % T) * D : nullptr;
        for (std::size_t i = 0; i < D; ++i) x0[n * D + i] = e[i] + (p ? p[i] : Real(0));
    }

    // x_{l+1} = block_l(x_l)
    std::vector<char> hidden, ablated;
    if (iv && !iv->hidden.empty()) {
        hidden.assign(T, 0);
        for (std::size_t t : iv->hidden) hidden[t] = 1;
    }
    for (std::size_t l = 0; l < L; ++l) {
        ablated.clear();
        if (iv)
            for (const auto& [layer, head] : iv->heads)
                if (layer == l)
                    ablated.resize(s.blocks[l].H, kKept),
                        ablated[head] = iv->ablation == Ablation::mean ? kMeaned : kZeroed;
        BlockShape bs = s.blocks[l];
        bs.causal = bs.causal || (iv && iv->causal);
        block_forward(a.x[l + 1].data(), a.x[l].data(), w.blocks[l], bs, a.blocks[l], B, T, hidden, ablated,
                      cache ? &cache->blocks[l] : nullptr);
    }

    // z = LN_f(x_L) W_head, or LN_f(x_L) E^T when tied: with a cache, for the last position only
    // (the only one whose next token is asked for; the head is a D V product a row, the largest
    // of a GPT-2-sized model's, and the prompt's other rows would throw theirs away).
    const std::size_t first = cache ? N - 1 : 0;
    norm_forward(s.final_norm, a.hf.data(), a.meanf.data(), a.rstdf.data(), a.x[L].data(), w.final_gamma, w.final_beta,
                 N, D);
    if (w.head)
        matmul_forward(a.logits.data(), a.hf.data() + first * D, w.head, static_cast<const Real*>(nullptr), N - first,
                       D, V);
    else if (!cache)  // E (V, D) read as it is stored: no transposed copy of the vocabulary's V D numbers
        gemm_bt(a.logits.data(), a.hf.data() + first * D, w.embedding, static_cast<const Real*>(nullptr), N - first, D,
                V, false);
    else {  // one row, token after token: E^T packed once per sequence, then read contiguously
        if (cache->head.empty()) pack_panels(cache->head, w.embedding, D, V, true);
        gemm_packed(a.logits.data(), a.hf.data() + first * D, cache->head.data(), static_cast<const Real*>(nullptr),
                    N - first, D, V);
    }
}

template <class Real>
const Real* decode_forward(DecodeState<Real>& st, const LmPtrs<Real>& w, const LmShape& s, const int* tokens,
                           std::size_t T, const Real* positions, const Intervention* iv) {
    assert(T > 0);
    lm_fit(st.acts, s, 1, T, false);
    st.cache.blocks.resize(s.blocks.size());
    lm_logits_forward(st.acts, w, s, tokens, positions ? positions + st.length * s.D : nullptr, 1, T, iv, &st.cache);
    st.length += T;
    return st.acts.logits.data();
}

template <class Real>
void lm_logits_backward(const LmPtrs<Real>& g, const Real* dlogits, LmActs<Real>& a, const LmPtrs<Real>& w,
                        const LmShape& s, const int* inputs, std::size_t B, std::size_t T, Scratch<Real>& sc) {
    const std::size_t N = B * T, D = s.D, V = s.V, L = s.blocks.size();

    // forward: z = hf W_head, or hf E^T when tied
    zero(sc.dhf, N * D);
    if (w.head) {
        matmul_backward(sc.dhf.data(), g.head, static_cast<Real*>(nullptr), dlogits, a.hf.data(), w.head, N, D, V,
                        sc.tmp);
    } else {
        gemm(sc.dhf.data(), dlogits, w.embedding, static_cast<const Real*>(nullptr), N, V, D, true);  // dhf += dz E
        fit(sc.tmp, V * N);
        transpose(sc.tmp.data(), dlogits, N, V);
        gemm(g.embedding, sc.tmp.data(), a.hf.data(), static_cast<const Real*>(nullptr), V, N, D,
             true);  // dE += dz^T hf
    }
    // forward: hf = LN_f(x_L)
    zero(sc.dx, N * D);
    norm_backward(s.final_norm, sc.dx.data(), g.final_gamma, g.final_beta, sc.dhf.data(), a.x[L].data(), a.meanf.data(),
                  a.rstdf.data(), w.final_gamma, N, D);
    // forward: x_{l+1} = block_l(x_l)
    for (std::size_t l = L; l-- > 0;)
        block_backward(sc.dx.data(), a.x[l].data(), w.blocks[l], g.blocks[l], s.blocks[l], a.blocks[l], B, T, sc);
    // forward: x_i = E[w_i] + p_i
    for (std::size_t n = 0; n < N; ++n) {
        Real* de = g.embedding + std::size_t(inputs[n]) * D;
        Real* dp = g.positions ? g.positions + (n % T) * D : nullptr;
        for (std::size_t i = 0; i < D; ++i) {
            de[i] += sc.dx[n * D + i];
            if (dp) dp[i] += sc.dx[n * D + i];
        }
    }
}

#define LAB_FLAT_MODEL(Real)                                                                                          \
    template void mha_forward(const Real*, const BlockPtrs<Real>&, const BlockShape&, BlockActs<Real>&, std::size_t,  \
                              std::size_t, const std::vector<char>&, const std::vector<char>&, std::vector<Real>*);   \
    template void ffn_forward(const Real*, const BlockPtrs<Real>&, const BlockShape&, BlockActs<Real>&, std::size_t,  \
                              std::size_t);                                                                           \
    template void mha_fit(BlockActs<Real>&, const BlockShape&, std::size_t, std::size_t, bool);                       \
    template void ffn_fit(BlockActs<Real>&, const BlockShape&, std::size_t, std::size_t);                             \
    template void block_fit(BlockActs<Real>&, const BlockShape&, std::size_t, std::size_t, bool);                     \
    template void block_forward(Real*, const Real*, const BlockPtrs<Real>&, const BlockShape&, BlockActs<Real>&,      \
                                std::size_t, std::size_t, const std::vector<char>&, const std::vector<char>&,         \
                                std::vector<Real>*);                                                                  \
    template void block_backward(Real*, const Real*, const BlockPtrs<Real>&, const BlockPtrs<Real>&,                  \
                                 const BlockShape&, BlockActs<Real>&, std::size_t, std::size_t, Scratch<Real>&);      \
    template void lm_fit(LmActs<Real>&, const LmShape&, std::size_t, std::size_t, bool);                              \
    template PassCost lm_pass_cost(const LmPtrs<Real>&, const LmShape&);                                              \
    template void decoder_fit(DecoderActs<Real>&, const BlockShape&, std::size_t, std::size_t, std::size_t);          \
    template void decoder_block_forward(Real*, const Real*, const Real*, const DecoderPtrs<Real>&, const BlockShape&, \
                                        DecoderActs<Real>&, std::size_t, std::size_t, std::size_t);                   \
    template void lm_logits_forward(LmActs<Real>&, const LmPtrs<Real>&, const LmShape&, const int*, const Real*,      \
                                    std::size_t, std::size_t, const Intervention*, KvCache<Real>*);                   \
    template const Real* decode_forward(DecodeState<Real>&, const LmPtrs<Real>&, const LmShape&, const int*,          \
                                        std::size_t, const Real*, const Intervention*);                               \
    template void lm_logits_backward(const LmPtrs<Real>&, const Real*, LmActs<Real>&, const LmPtrs<Real>&,            \
                                     const LmShape&, const int*, std::size_t, std::size_t, Scratch<Real>&);
LAB_FLAT_MODEL(float)
LAB_FLAT_MODEL(double)
#undef LAB_FLAT_MODEL

}  // namespace lab::flat
