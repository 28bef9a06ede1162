#include "lab/page/checks.hpp"

#include <algorithm>
#include <cmath>

#include "lab/core/rng.hpp"

namespace lab {

double max_row_sum_error(const Tensor3& w) {
    const std::size_t rows = w.shape(0) * w.shape(1), Tk = w.shape(2);
    double worst = 0.0;
    for (std::size_t r = 0; r < rows; ++r) {
        double sum = 0.0;
        for (std::size_t j = 0; j < Tk; ++j) sum += w.data()[r * Tk + j];
        worst = std::max(worst, std::abs(sum - 1.0));
    }
    return worst;
}

double fused_vs_separate_gap(const Tensor3& x, const MhaParams& separate, std::size_t heads, bool causal,
                             const std::string& fn) {
    AttentionOptions o;
    o.causal = causal;
    const MhaResult a = multihead_attention_forward(x, separate, heads, o, fn);
    const MhaResult b = multihead_attention_forward(x, fuse_qkv(separate, fn), heads, o, fn);
    return xt::amax(xt::abs(a.output - b.output))();
}

namespace {
TokenMatrix as_row(const std::vector<int>& ids) {
    TokenMatrix m = TokenMatrix::from_shape({1, ids.size()});
    std::copy(ids.begin(), ids.end(), m.begin());
    return m;
}
}  // namespace

double permutation_gap(const std::vector<int>& inputs, const std::vector<int>& perm, const LmParams& p,
                       const LmOptions& o, const std::string& fn) {
    const std::size_t T = inputs.size();
    require(perm.size() == T, fn, refused("checks.permLength", "n", perm.size(), "T", T));
    std::vector<bool> seen(T, false);
    for (int i : perm) {
        require(i >= 0 && std::size_t(i) < T && !seen[i], fn, refused("checks.permPositions", "last", T - 1));
        seen[i] = true;
    }
    std::vector<int> permuted(T);
    for (std::size_t i = 0; i < T; ++i) permuted[i] = inputs[perm[i]];  // row i of P w is w[perm[i]]
    const Tensor3 a = lm_logits(as_row(inputs), p, o, false, fn).logits;
    const Tensor3 b = lm_logits(as_row(permuted), p, o, false, fn).logits;
    double worst = 0.0;
    for (std::size_t i = 0; i < T; ++i)
        for (std::size_t v = 0; v < a.shape(2); ++v) worst = std::max(worst, std::abs(b(0, i, v) - a(0, perm[i], v)));
    return worst;
}

Tensor2 future_dependence(const std::vector<int>& inputs, const LmParams& p, const LmOptions& o,
                          const std::string& fn) {
    const std::size_t T = inputs.size(), V = lm_vocab(p, fn);
    require(T > 0, fn, refused("shape.empty", "name", "inputs", "shape", "[0]"));
    require(V > 1, fn, refused("checks.oneToken"));
    const Tensor3 base = lm_logits(as_row(inputs), p, o, false, fn).logits;
    Tensor2 dep = xt::zeros<double>({T, T});
    for (std::size_t j = 0; j < T; ++j) {
        std::vector<int> changed = inputs;
        changed[j] = (changed[j] + 1) % int(V);
        const Tensor3 z = lm_logits(as_row(changed), p, o, false, fn).logits;
        for (std::size_t i = 0; i < T; ++i)
            for (std::size_t v = 0; v < V; ++v) dep(i, j) = std::max(dep(i, j), std::abs(z(0, i, v) - base(0, i, v)));
    }
    return dep;
}

ScoreVariance score_variance(std::size_t dk, std::size_t samples, double sigma, std::uint64_t seed,
                             const std::string& fn) {
    require(dk > 0, fn, refused("config.positive", "name", "dk"));
    require(samples >= 2, fn, refused("checks.samples", "got", samples));
    require(std::isfinite(sigma) && sigma > 0, fn, refused("checks.sigma", "got", sigma));
    Pcg32 rng(seed);
    double sum = 0.0, sum_sq = 0.0;
    for (std::size_t s = 0; s < samples; ++s) {
        double dot = 0.0;
        for (std::size_t c = 0; c < dk; ++c) dot += (sigma * rng.normal()) * (sigma * rng.normal());
        sum += dot;
        sum_sq += dot * dot;
    }
    const double n = double(samples);
    const double var = (sum_sq - sum * sum / n) / (n - 1.0);  // unbiased sample variance
    const double s4 = sigma * sigma * sigma * sigma;
    require(std::isfinite(sum_sq) && std::isfinite(var) && std::isfinite(double(dk) * s4), fn,
            refused("checks.sigmaLarge", "sigma", sigma));
    return {var, var / double(dk), double(dk) * s4, s4};
}

}  // namespace lab
