// Times a model of GPT-2 small's shape (12 blocks of 12 heads, D = 768, F = 3072, V = 50,257,
// 1,024 positions, tied head: 124 M float32 parameters, random) on the path an opened checkpoint
// takes (lab::Model), and where that time goes:
//   forward_ms   a 64-token forward with its loss (evaluate: the head on every position)
//   prompt_ms    the 64-token prompt's cached pass and the first new token (generate, 1 step)
//   token_ms     each further token, one position against the key-value cache
//   kernels      each matrix product of the forward at its own shape, times the number of times
//                the forward runs it, and at one row (M = 1: a cached token's products)
//   peak_gflops  the product's own multiply-add pattern on numbers held in registers: what this
//                machine and build can reach at best
// Medians after a warm-up. Prints one JSON line; scripts/bench.mjs runs it natively and as wasm.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "lab/core/gemm.hpp"
#include "lab/core/rng.hpp"
#include "lab/training/model.hpp"

using namespace lab;

namespace {
constexpr std::size_t V = 50257, D = 768, H = 12, L = 12, Tmax = 1024, T = 64, F = 4 * D;
constexpr int kMore = 16;  // tokens generated after the first, each timed

double median_ms(const std::function<void()>& f, int runs, int warmup = 1) {
    std::vector<double> ms;
    for (int i = 0; i < warmup + runs; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        const auto t1 = std::chrono::steady_clock::now();
        if (i >= warmup) ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

// The product's inner pattern, c += a * b, on ten 4-wide vectors of accumulators that never
// leave registers (vector types, so that both compilers emit SIMD; ten sums and two b vectors fit
// the 16 registers V8 and x86-64 give SIMD), with no memory traffic but the next `a`: only
// arithmetic limits it. 4 lanes x 10 vectors x 2 flops an iteration.
double peak_gflops() {
    using Float4 = float __attribute__((vector_size(16)));
    constexpr int kSums = 10;
    volatile float seed = 1e-3f;
    float a[64];
    for (int i = 0; i < 64; ++i) a[i] = seed * float(i);
    const Float4 b0 = Float4{1, 2, 3, 4} * seed, b1 = Float4{4, 3, 2, 1} * seed;
    Float4 c[kSums] = {};
    constexpr int kIterations = 20'000'000;
    const double ms = median_ms(
        [&] {
            Float4 sums[kSums];  // locals, which no store through a reference can alias
            for (int j = 0; j < kSums; ++j) sums[j] = c[j];
            for (int i = 0; i < kIterations; ++i) {
                const float av = a[i & 63];
                for (int j = 0; j < kSums; ++j) sums[j] += av * (j % 2 ? b1 : b0);
            }
            for (int j = 0; j < kSums; ++j) c[j] = sums[j];
        },
        5);
    volatile float sink = 0;
    for (const Float4& v : c) sink = sink + v[0] + v[1] + v[2] + v[3];  // keeps the loop's results alive
    return 2.0 * 4 * kSums * kIterations / (ms * 1e6);
}

struct Kernel {
    const char* name;
    std::size_t K, N, count;  // (M, K) @ (K, N), run `count` times by one forward
};
}  // namespace

int main() {
    ModelConfig c;
    c.vocab = V, c.D = D, c.heads = H, c.layers = L, c.T = Tmax;
    Pcg32 rng(7);
    const ParameterFill fill = [&](const flat::Slot& slot, float* out) {
        const bool gain = slot.name.find("gamma") != std::string::npos;
        for (std::size_t i = 0; i < slot.size; ++i) out[i] = gain ? 1.0f : float((rng.uniform() - 0.5) * 0.04);
    };
    Model model(c, fill, "bench");

    TokenMatrix batch = TokenMatrix::from_shape({1, T + 1});
    for (std::size_t t = 0; t <= T; ++t) batch(0, t) = int(t * 7919 % V);
    const std::vector<int> prompt(batch.begin(), batch.begin() + T);
    const GenerateOptions one{1, 0.0, 0, {}};

    double loss = 0;
    const double forward = median_ms([&] { loss = model.evaluate(batch); }, 5);
    const double prompt_ms = median_ms([&] { model.generate(prompt, one); }, 3);
    // each later token alone, the median of kMore (one slow step on a shared machine moves no median)
    model.generate(prompt, one);
    const double token_ms = median_ms([&] { model.generate_more(1); }, kMore, 0);

    const Kernel kernels[] = {
        {"qkv", D, 3 * D, L}, {"proj", D, D, L}, {"fc", D, F, L}, {"fc_proj", F, D, L}, {"head", D, V, 1}};
    std::string rows;
    double product_ms = 0;
    for (const Kernel& k : kernels) {
        std::vector<float> a(T * k.K), b(k.K * k.N), out(T * k.N);
        for (float& x : a) x = float(rng.uniform());
        for (float& x : b) x = float(rng.uniform());
        const double ms =
            median_ms([&] { gemm<float>(out.data(), a.data(), b.data(), nullptr, T, k.K, k.N, false); }, 3);
        const double row =
            median_ms([&] { gemm<float>(out.data(), a.data(), b.data(), nullptr, 1, k.K, k.N, false); }, 5);
        // b read as bt (N, K), as a tied head reads the embedding
        const double row_bt =
            median_ms([&] { gemm_bt<float>(out.data(), a.data(), b.data(), nullptr, 1, k.K, k.N, false); }, 5);
        product_ms += ms * double(k.count);
        char line[320];
        std::snprintf(line, sizeof line,
                      "%s{\"name\": \"%s\", \"M\": %zu, \"K\": %zu, \"N\": %zu, \"count\": %zu, \"ms\": %.3f, "
                      "\"gflops\": %.2f, \"row_ms\": %.4f, \"row_gbs\": %.2f, \"row_bt_ms\": %.4f}",
                      rows.empty() ? "" : ", ", k.name, T, k.K, k.N, k.count, ms, 2.0 * T * k.K * k.N / (ms * 1e6), row,
                      4.0 * k.K * k.N / (row * 1e6), row_bt);
        rows += line;
    }
    std::printf(
        "{\"forward_ms\": %.3f, \"prompt_ms\": %.3f, \"token_ms\": %.4f, \"products_ms\": %.3f, \"peak_gflops\": %.2f, "
        "\"loss\": %.6f, \"kernels\": [%s]}\n",
        forward, prompt_ms, token_ms, product_ms, peak_gflops(), loss, rows.c_str());
    return 0;
}
