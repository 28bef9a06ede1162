// Times one training step (forward, backward, AdamW) on the training issue's reference
// configuration: V = 65, D = 64, H = 4, L = 2, T = 64, batch 16, FFN 4D with GELU, pre-norm
// LayerNorm, learned positions, tied head. Prints one JSON line; scripts/bench.mjs runs it
// natively and as wasm in one go.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "lab/rng.hpp"
#include "lab/train.hpp"

using namespace lab;

int main() {
    constexpr std::size_t V = 65, T = 64, B = 16;
    constexpr int kWarmup = 2, kRuns = 10;
    ModelConfig c;
    c.vocab = V;
    c.D = 64;
    c.heads = 4;
    c.layers = 2;
    c.T = T;
    c.seed = 1;
    LmParams p = init_model(c);
    const LmOptions o = options_of(c);
    OptimizerConfig oc;
    oc.lr = 1e-3;
    Optimizer opt(oc);
    Pcg32 rng(2);
    TokenMatrix batch = TokenMatrix::from_shape({B, T + 1});
    for (auto& t : batch) t = int(rng.next_u32() % V);
    std::vector<double> ms;
    double loss = 0;
    for (int i = 0; i < kWarmup + kRuns; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        loss = train_step(batch, p, o, opt).loss;
        const auto t1 = std::chrono::steady_clock::now();
        if (i >= kWarmup) ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("{\"median_ms\": %.4f, \"min_ms\": %.4f, \"runs\": %d, \"loss\": %.12f}\n", ms[ms.size() / 2], ms[0], kRuns, loss);
    return 0;
}
