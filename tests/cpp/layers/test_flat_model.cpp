// layers/flat_model.hpp: the one wiring of the block, in the shapes that only the worked examples
// give it (separate widths d_k != d_v, no W_O, a gate with its own bias, absent biases), which
// training's configurations never reach. In double, block_backward's gradient of every input
// and every parameter matches central finite differences.
#include "fixtures.hpp"
#include "lab/layers/flat_model.hpp"

using namespace lab;
using namespace fixtures;

namespace {

// One block's parameters in one buffer, with BlockPtrs into it (and into a twin for gradients).
struct Params {
    std::vector<double> values, grads;
    flat::BlockPtrs<double> w, g;
};

Params make_params(const flat::BlockShape& s, bool wo, bool biases, std::uint64_t seed) {
    const std::size_t D = s.D, F = s.F, W = s.qkv_width(), HV = s.H * s.dv;
    std::vector<std::pair<double * flat::BlockPtrs<double>::*, std::size_t>> slots = {
        {&flat::BlockPtrs<double>::wqkv, D * W},
        {&flat::BlockPtrs<double>::w1, D * F},
        {&flat::BlockPtrs<double>::w2, F * D}};
    if (wo) slots.push_back({&flat::BlockPtrs<double>::wo, HV * D});
    if (biases)
        for (auto [m, n] : {std::pair{&flat::BlockPtrs<double>::bqkv, W},
                            {&flat::BlockPtrs<double>::b1, F},
                            {&flat::BlockPtrs<double>::b2, D}})
            slots.push_back({m, n});
    if (wo && biases) slots.push_back({&flat::BlockPtrs<double>::bo, D});
    if (s.gated) slots.push_back({&flat::BlockPtrs<double>::wgate, D * F});
    if (s.gated && biases) slots.push_back({&flat::BlockPtrs<double>::bgate, F});
    if (s.norm != NormKind::none) {
        slots.push_back({&flat::BlockPtrs<double>::gamma1, D});
        slots.push_back({&flat::BlockPtrs<double>::gamma2, D});
        if (s.norm == NormKind::layer && biases) {
            slots.push_back({&flat::BlockPtrs<double>::beta1, D});
            slots.push_back({&flat::BlockPtrs<double>::beta2, D});
        }
    }
    std::size_t total = 0;
    for (const auto& [m, n] : slots) total += n;
    Params p;
    p.values.resize(total);
    p.grads.assign(total, 0.0);
    Pcg32 rng(seed);
    for (double& v : p.values) v = 2 * rng.uniform() - 1;
    std::size_t at = 0;
    for (const auto& [m, n] : slots) {
        p.w.*m = p.values.data() + at;
        p.g.*m = p.grads.data() + at;
        at += n;
    }
    return p;
}

// L = sum_i y_i r_i, so that dL/dy = r.
double loss(const std::vector<double>& x, const Params& p, const flat::BlockShape& s, std::size_t B, std::size_t T,
            const std::vector<double>& r) {
    flat::BlockActs<double> a;
    flat::block_fit(a, s, B, T, false);
    std::vector<double> y(B * T * s.D);
    flat::block_forward(y.data(), x.data(), p.w, s, a, B, T, {}, {});
    double sum = 0;
    for (std::size_t i = 0; i < y.size(); ++i) sum += y[i] * r[i];
    return sum;
}

}  // namespace

TEST_CASE("§5.1 block_backward in every shape the worked examples allow: central finite differences") {
    const Arrangement arrangement = GENERATE(Arrangement::pre, Arrangement::post);
    const NormKind norm = GENERATE(NormKind::layer, NormKind::rms, NormKind::none);
    // (H, dk, dv, W_O, biases, gated, activation, causal)
    const auto [H, dk, dv, wo, biases, gated, activation, causal] =
        GENERATE(table<std::size_t, std::size_t, std::size_t, bool, bool, bool, Activation, bool>(
            {{2, 2, 2, true, true, false, Activation::gelu, true},
             {2, 3, 1, true, false, true, Activation::silu, true},        // d_k != d_v, a gate, no biases
             {1, 2, 4, false, true, true, Activation::gelu_tanh, false},  // no W_O (H d_v = D), the gate's bias
             {2, 1, 2, false, false, false, Activation::gelu, true}}));
    CAPTURE(arrangement, norm, H, dk, dv, wo, biases, gated, activation, causal);
    flat::BlockShape s;
    s.D = 4, s.H = H, s.dk = dk, s.dv = dv, s.F = 6;
    s.arrangement = arrangement, s.norm = norm, s.activation = activation, s.gated = gated, s.causal = causal;
    s.scale = 0.7;
    const std::size_t B = 2, T = 3, N = B * T;
    Params p = make_params(s, wo, biases, 5);
    std::vector<double> x(N * s.D), r(N * s.D);
    Pcg32 rng(9);
    for (double& v : x) v = 2 * rng.uniform() - 1;
    for (double& v : r) v = 2 * rng.uniform() - 1;

    flat::BlockActs<double> a;
    flat::block_fit(a, s, B, T, false);
    std::vector<double> y(N * s.D), dx = r;
    flat::block_forward(y.data(), x.data(), p.w, s, a, B, T, {}, {});
    flat::Scratch<double> scratch;
    flat::block_backward(dx.data(), x.data(), p.w, p.g, s, a, B, T, scratch);

    constexpr double h = 1e-6;
    const auto L = [&] { return loss(x, p, s, B, T, r); };
    const auto fd = [&](double& v, auto&& f) {
        const auto [up, down] = nudged(v, h, f);
        return (up - down) / (2 * h);
    };
    for (std::size_t i = 0; i < x.size(); ++i) {
        CAPTURE(i);
        REQUIRE_THAT(dx[i], near(fd(x[i], L), 1e-6, 1e-8));
    }
    for (std::size_t i = 0; i < p.values.size(); ++i) {
        CAPTURE(i);
        REQUIRE_THAT(p.grads[i], near(fd(p.values[i], L), 1e-6, 1e-8));
    }
}
