#include "lab/layers/order_checks.hpp"

#include "lab/core/tensor.hpp"

namespace lab {

void check_permutation(const std::vector<int>& perm, std::size_t T, const std::string& fn) {
    require(perm.size() == T, fn, refused("checks.permLength", "n", perm.size(), "T", T));
    std::vector<bool> seen(T, false);
    for (const int i : perm) {
        require(i >= 0 && std::size_t(i) < T && !seen[std::size_t(i)], fn,
                refused("checks.permPositions", "last", T - 1));
        seen[std::size_t(i)] = true;
    }
}

void check_changeable_vocabulary(std::size_t V, const std::string& fn) {
    require(V > 1, fn, refused("checks.oneToken"));
}

}  // namespace lab
