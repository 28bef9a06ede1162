#include "lab/page/checks.hpp"

#include <algorithm>
#include <cmath>

#include "lab/core/rng.hpp"
#include "lab/layers/language_model.hpp"
#include "lab/layers/order_checks.hpp"

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
    double worst = 0.0;
    for (std::size_t i = 0; i < a.output.size(); ++i)
        worst = std::max(worst, std::abs(a.output.data()[i] - b.output.data()[i]));
    return worst;
}

namespace {
// The worked examples' model as the order checks take it: one sequence's ids to its logits
// (1, T, V). The first call makes every check lmForward makes and copies the model in once; the
// later ones (the same tokens moved or changed) run it again.
auto one_sequence(const LmParams& p, const LmOptions& o, const std::string& fn,
                  std::optional<LanguageModel<double>>& model) {
    return [&p, &o, &fn, &model](const std::vector<int>& ids) {
        if (!model) {
            TokenMatrix row = TokenMatrix::from_shape({1, ids.size()});
            std::copy(ids.begin(), ids.end(), row.begin());
            check_embedding(row, p, o, fn);
            model.emplace(example_model(p, o, fn));
        }
        return model->sequence_logits(ids, fn);
    };
}
}  // namespace

double permutation_gap(const std::vector<int>& inputs, const std::vector<int>& perm, const LmParams& p,
                       const LmOptions& o, const std::string& fn) {
    std::optional<LanguageModel<double>> model;
    return lab::permutation_gap(inputs, perm, lm_vocab(p, fn), one_sequence(p, o, fn, model), fn);
}

Tensor2 future_dependence(const std::vector<int>& inputs, const LmParams& p, const LmOptions& o,
                          const std::string& fn) {
    const std::size_t T = inputs.size(), V = lm_vocab(p, fn);
    require(T > 0, fn, refused("shape.empty", "name", "inputs", "shape", "[0]"));
    check_changeable_vocabulary(V, fn);
    std::optional<LanguageModel<double>> model;
    const auto logits = one_sequence(p, o, fn, model);
    const Tensor3 base = logits(inputs);
    Tensor2 dep = Tensor2::from_shape({T, T});
    for (std::size_t j = 0; j < T; ++j) {
        const std::vector<double> column = lab::future_dependence(inputs, j, V, base, logits);
        for (std::size_t i = 0; i < T; ++i) dep(i, j) = column[i];
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
