// §6.1's permutation gap and §7.3's future dependence, written once for every model: the worked
// examples' (double, lab::lm_logits, page/checks.cpp) and the trained and opened ones (float32,
// lab::Model). Each takes the model as `logits`: a function from one sequence's token ids to its
// logits (T, V), row-major, in whatever number type the model computes (anything with .data()).
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace lab {

// perm must list each of the positions 0 .. T - 1 exactly once.
void check_permutation(const std::vector<int>& perm, std::size_t T, const std::string& fn);
// Changing a token needs a second one to change it to.
void check_changeable_vocabulary(std::size_t V, const std::string& fn);

// max over i, v of |f(P w)[i][v] - f(w)[perm[i]][v]|, where row i of P w is w[perm[i]]: 0 only
// for a model blind to order (no positions, no mask).
template <class Logits>
double permutation_gap(const std::vector<int>& tokens, const std::vector<int>& perm, std::size_t V, Logits&& logits,
                       const std::string& fn) {
    const std::size_t T = tokens.size();
    check_permutation(perm, T, fn);
    std::vector<int> permuted(T);
    for (std::size_t i = 0; i < T; ++i) permuted[i] = tokens[std::size_t(perm[i])];
    const auto a = logits(tokens);
    const auto b = logits(permuted);
    double worst = 0.0;
    for (std::size_t i = 0; i < T; ++i)
        for (std::size_t v = 0; v < V; ++v)
            worst =
                std::max(worst, std::abs(double(b.data()[i * V + v]) - double(a.data()[std::size_t(perm[i]) * V + v])));
    return worst;
}

// For the token at `position` replaced by (w + 1) mod V: per position i, max over v of the change
// of its logits. `base` is logits(tokens), computed once for every position asked about. Under
// the causal mask every i < position is exactly 0.
template <class Logits, class Base>
std::vector<double> future_dependence(const std::vector<int>& tokens, std::size_t position, std::size_t V,
                                      const Base& base, Logits&& logits) {
    const std::size_t T = tokens.size();
    std::vector<int> changed = tokens;
    changed[position] = (changed[position] + 1) % int(V);
    const auto z = logits(changed);
    std::vector<double> dep(T, 0.0);
    for (std::size_t i = 0; i < T; ++i)
        for (std::size_t v = 0; v < V; ++v)
            dep[i] = std::max(dep[i], std::abs(double(z.data()[i * V + v]) - double(base.data()[i * V + v])));
    return dep;
}

}  // namespace lab
