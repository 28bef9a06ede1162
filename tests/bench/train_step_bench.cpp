// Times training on the training issue's reference configuration: V = 65, D = 64, H = 4, L = 2,
// T = 64, batch 16, FFN 4D with GELU, pre-norm LayerNorm, learned positions, tied head, AdamW.
//   train_ms     one step (forward, backward, AdamW) of lab::Model, the float32 path
//   forward_ms   one evaluate() (forward and loss) of the same model
//   double_ms    one step of the same training path compiled for double (what the gradient checks run)
//   gemm_gflops  the float32 matrix product on 1024 x 64 by 64 x 256 (the FFN's first product)
// Medians after warm-up. Prints one JSON line; scripts/bench.mjs runs it natively and as wasm.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

#include "lab/core/gemm.hpp"
#include "lab/core/rng.hpp"
#include "lab/training/model.hpp"
#include "lab/training/optimizer.hpp"
#include "timing.hpp"

using namespace lab;

namespace {
constexpr int kWarmup = 3, kRuns = 15;

double median_ms(const std::function<void()>& f, int runs = kRuns) { return ::median_ms(f, runs, kWarmup); }
}  // namespace

int main() {
    constexpr std::size_t V = 65, T = 64, B = 16;
    ModelConfig c;
    c.vocab = V;
    c.D = 64;
    c.heads = 4;
    c.layers = 2;
    c.T = T;
    c.seed = 1;
    OptimizerConfig oc;
    oc.lr = 1e-3;
    Pcg32 rng(2);
    TokenMatrix batch = TokenMatrix::from_shape({B, T + 1});
    for (auto& t : batch) t = int(rng.next_u32() % V);

    Model model(c);
    double loss = 0;
    const double train = median_ms([&] { loss = model.train(batch, oc).loss; });
    const double forward = median_ms([&] { model.evaluate(batch); });

    flat::Lm<double> wide(structure_of(c), init_model(c));
    flat::Optimizer<double> wide_opt(oc);
    std::vector<int> inputs, targets;
    teacher_forcing_split(batch, inputs, targets);
    const double reference = median_ms(
        [&] {
            wide.forward(inputs.data(), targets.data(), B, T);
            wide.backward();
            wide_opt.step(wide, flat::gradient_norm(wide.grads()));
        },
        5);

    // Sizes read through volatile, so that no optimiser can specialise the product to constants:
    // training passes its sizes at run time.
    volatile std::size_t sizes[3] = {1024, 64, 256};
    const std::size_t M = sizes[0], K = sizes[1], N = sizes[2];
    std::vector<float> a(M * K), b(K * N), out(M * N);
    for (float& x : a) x = float(rng.uniform());
    for (float& x : b) x = float(rng.uniform());
    const double product =
        median_ms([&] { lab::gemm<float>(out.data(), a.data(), b.data(), nullptr, M, K, N, false); }, 50);

    std::printf(
        "{\"train_ms\": %.4f, \"forward_ms\": %.4f, \"double_ms\": %.4f, \"gemm_gflops\": %.3f, \"runs\": %d, "
        "\"loss\": %.9f}\n",
        train, forward, reference, 2.0 * M * K * N / (product * 1e6), kRuns, loss);
    return 0;
}
