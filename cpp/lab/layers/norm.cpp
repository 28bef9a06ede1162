#include "lab/layers/norm.hpp"

#include <cmath>

namespace lab {

namespace {
void check_norm_args(const Tensor2& x, const Tensor1& g, const char* g_name, double eps, const std::string& fn) {
    const std::size_t D = x.shape(1);
    require(D > 0, fn, refused("norm.noFeatures"));
    require(g.size() == D, fn, refused("norm.gainSize", "name", g_name, "n", g.size(), "D", D));
    require(std::isfinite(eps) && eps >= 0, fn, refused("norm.epsZero", "got", eps));
    require_finite(x, fn, "x");
    require_finite(g, fn, g_name);
}
}  // namespace

Tensor2 layernorm_forward(const Tensor2& x, const Tensor1& gamma, const Tensor1& beta, double eps,
                          const std::string& fn) {
    check_norm_args(x, gamma, "gamma", eps, fn);
    check_norm_args(x, beta, "beta", eps, fn);
    const std::size_t N = x.shape(0), D = x.shape(1);
    Tensor2 y = Tensor2::from_shape({N, D});
    double mean, rstd;
    for (std::size_t n = 0; n < N; ++n)
        norm_row_forward(NormKind::layer, y.data() + n * D, mean, rstd, x.data() + n * D, gamma.data(), beta.data(), D,
                         eps);
    return y;
}

Tensor2 rmsnorm_forward(const Tensor2& x, const Tensor1& gain, double eps, const std::string& fn) {
    check_norm_args(x, gain, "gain", eps, fn);
    const std::size_t N = x.shape(0), D = x.shape(1);
    Tensor2 y = Tensor2::from_shape({N, D});
    double mean, rstd;
    for (std::size_t n = 0; n < N; ++n)
        norm_row_forward(NormKind::rms, y.data() + n * D, mean, rstd, x.data() + n * D, gain.data(),
                         static_cast<const double*>(nullptr), D, eps);
    return y;
}

void check_norm_params(NormKind kind, const std::optional<NormParams>& p, std::size_t D, const std::string& fn,
                       const std::string& name) {
    const std::string where = fn + " (" + name + ")";
    const auto check = [&](const Tensor1& g, const char* g_name) {
        require(D > 0, where, refused("norm.noFeatures"));
        require(g.size() == D, where, refused("norm.gainSize", "name", g_name, "n", g.size(), "D", D));
        require_finite(g, where, g_name);
    };
    switch (kind) {
        case NormKind::layer:
            if (p) check(p->gamma, "gamma");
            if (p && p->beta) check(*p->beta, "beta");
            return;
        case NormKind::rms:
            require(!p || !p->beta, fn, refused("norm.rmsBeta", "name", name));
            if (p) check(p->gamma, "gain");
            return;
        case NormKind::none: require(!p, fn, refused("norm.givenButNone", "name", name)); return;
    }
}

}  // namespace lab
