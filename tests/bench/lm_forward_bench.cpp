// Times one lmForward (logits, probabilities, losses; no trace) on the reference configuration
// V = 65, D = 64, H = 4, L = 2, T = 64, batch 16, and prints one JSON line. The same source runs
// natively and as wasm under Node; scripts/bench.mjs runs both in one go and reports the ratio.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "lab/core/rng.hpp"
#include "lab/layers/lm.hpp"
#include "timing.hpp"

using namespace lab;

namespace {
constexpr std::size_t V = 65, D = 64, H = 4, L = 2, T = 64, B = 16, F = 4 * D;
constexpr int kWarmup = 3, kRuns = 15;

Tensor2 random_mat(std::size_t r, std::size_t c, Pcg32& rng, double scale) {
    Tensor2 m = Tensor2::from_shape({r, c});
    for (auto& x : m) x = scale * rng.normal();
    return m;
}
}  // namespace

int main() {
    Pcg32 rng(1234);
    const double init = 0.02;  // GPT-2's initialisation scale
    LmParams p;
    p.embedding = random_mat(V, D, rng, init);
    p.positions = random_mat(T, D, rng, init);
    for (std::size_t l = 0; l < L; ++l) {
        BlockParams b;
        b.attn.wQKV = random_mat(D, 3 * D, rng, init);
        b.attn.bQKV = Tensor1(xt::zeros<double>({3 * D}));
        b.attn.wO = random_mat(D, D, rng, init);
        b.attn.bO = Tensor1(xt::zeros<double>({D}));
        b.ffn.w1 = random_mat(D, F, rng, init);
        b.ffn.b1 = Tensor1(xt::zeros<double>({F}));
        b.ffn.w2 = random_mat(F, D, rng, init);
        b.ffn.b2 = Tensor1(xt::zeros<double>({D}));
        p.blocks.push_back(b);
    }
    p.final_norm = NormParams{Tensor1(xt::ones<double>({D})), Tensor1(xt::zeros<double>({D}))};
    LmOptions o;
    o.block.heads = H;
    TokenMatrix tokens = TokenMatrix::from_shape({B, T + 1});
    for (auto& t : tokens) t = int(rng.next_u32() % V);

    double loss = 0;
    const std::vector<double> ms = sorted_ms([&] { loss = lm_forward(tokens, p, o, false).loss; }, kRuns, kWarmup);
    std::printf("{\"median_ms\": %.4f, \"min_ms\": %.4f, \"runs\": %d, \"loss\": %.12f}\n", ms[ms.size() / 2], ms[0],
                kRuns, loss);
    return std::isfinite(loss) ? 0 : 1;
}
