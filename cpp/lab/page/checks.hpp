// The lab's checks (§8) and the seeded demonstrations they rest on, each returning the
// measured quantity so a page can show the number and not only a pass/fail.
#pragma once

#include <cstdint>
#include <vector>

#include "lab/layers/lm.hpp"

namespace lab {

// max over rows of |sum_j a_ij - 1| for weights (B, Tq, Tk).
double max_row_sum_error(const Tensor3& weights);

// max |MHA_separate(x) - MHA_fused(x)| with wQKV = [wQ wK wV] built from the separate params.
double fused_vs_separate_gap(const Tensor3& x,  // (B, T, D)
                             const MhaParams& separate, std::size_t heads, bool causal,
                             const std::string& fn = "fusedVsSeparateGap");

// max |f(P w) - P f(w)| over the logits of the model, for the permutation `perm` of the input
// positions: 0 (to rounding) when the model has no positions and no mask (§6.1).
double permutation_gap(const std::vector<int>& inputs, const std::vector<int>& perm, const LmParams& p,
                       const LmOptions& o, const std::string& fn = "permutationGap");

// dep (T, T): dep(i, j) = max |change of logits at position i| when the input token at j is
// replaced by (w_j + 1) mod V. A causal model has dep(i, j) = 0 for every j > i (§7.3).
Tensor2 future_dependence(const std::vector<int>& inputs, const LmParams& p, const LmOptions& o,
                          const std::string& fn = "futureDependence");

struct ScoreVariance {
    double raw;              // sample variance of q . k
    double scaled;           // sample variance of q . k / sqrt(dk)
    double expected_raw;     // dk sigma^4
    double expected_scaled;  // sigma^4
};

// §3.1: q, k with independent N(0, sigma^2) coordinates, `samples` pairs from the seed.
ScoreVariance score_variance(std::size_t dk, std::size_t samples, double sigma, std::uint64_t seed,
                             const std::string& fn = "scoreVariance");

}  // namespace lab
