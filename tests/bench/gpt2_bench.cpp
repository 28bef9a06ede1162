// Times a model of GPT-2 small's shape (12 blocks of 12 heads, D = 768, F = 3072, V = 50,257,
// 1,024 positions, tied head: 124 M float32 parameters, random) on the path an opened checkpoint
// takes (lab::Model), and where that time goes:
//   forward_ms   a 64-token forward with its loss (evaluate: the head on every position)
//   prompt_ms    the 64-token prompt's cached pass and the first new token (generate, 1 step)
//   token_ms     each further token, one position against the key-value cache
//   *_products   one more forward and one more token with every matrix product clocked inside
//                them (lab::product_clock), by shape: where the pass's time goes
//   peak_gflops  the product's own multiply-add pattern on numbers held in registers: what this
//                machine and build can reach at best
//   heads_ms     what each head does (§2.2, §4) on 32 tokens repeated once: the scores of every
//                head (headScores), one pass
//   removal_ms   one head removed and the loss on the repeat (ablationLoss with one head): what
//                each cell of Open a model's grid costs, L H of them in all
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
#include "timing.hpp"

using namespace lab;

namespace {
constexpr std::size_t V = 50257, D = 768, H = 12, L = 12, Tmax = 1024, T = 64, F = 4 * D;
constexpr int kMore = 16;  // tokens generated after the first, each timed

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
        5, 1);
    volatile float sink = 0;
    for (const Float4& v : c) sink = sink + v[0] + v[1] + v[2] + v[3];  // keeps the loop's results alive
    return 2.0 * 4 * kSums * kIterations / (ms * 1e6);
}

// The products of one pass as product_clock saw them, named after the layer whose shape they
// have, as JSON.
std::string products_json(const ProductClock& clock) {
    const auto name = [](std::size_t K, std::size_t N) {
        if (K == D && N == 3 * D) return "qkv";
        if (K == D && N == D) return "proj";
        if (K == D && N == F) return "fc";
        if (K == F && N == D) return "fc_proj";
        return N == V ? "head" : "other";
    };
    std::string out;
    for (const ProductClock::Entry& e : clock.shapes) {
        char line[200];
        std::snprintf(line, sizeof line,
                      "%s{\"name\": \"%s\", \"M\": %zu, \"K\": %zu, \"N\": %zu, \"calls\": %zu, \"ms\": %.3f}",
                      out.empty() ? "" : ", ", name(e.K, e.N), e.M, e.K, e.N, e.calls, e.ms);
        out += line;
    }
    return "[" + out + "]";
}

// One run of `pass` with every product clocked: its duration, and the clock's entries.
std::string clocked(const std::function<void()>& pass, double& ms) {
    ProductClock clock;
    product_clock = &clock;
    ms = median_ms(pass, 1, 0);
    product_clock = nullptr;
    return products_json(clock);
}
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
    const double forward = median_ms([&] { loss = model.evaluate(batch); }, 5, 1);
    const double prompt_ms = median_ms([&] { model.generate(prompt, one); }, 3, 1);
    // each later token alone, the median of kMore (one slow step on a shared machine moves no median)
    model.generate(prompt, one);
    const double token_ms = median_ms([&] { model.generate_more(1); }, kMore, 0);

    // What each head does, on a stretch of 32 tokens repeated once (Open a model's heads part)
    std::vector<int> repeated(prompt.begin(), prompt.begin() + T / 2);
    repeated.insert(repeated.end(), prompt.begin(), prompt.begin() + T / 2);
    const double heads_ms = median_ms([&] { model.head_scores(repeated, T / 2); }, 3, 1);
    flat::Intervention one_head;
    one_head.heads = {{L / 2, H / 2}};
    const double removal_ms = median_ms([&] { model.ablation_losses(repeated, T / 2 + 1, one_head); }, 3, 1);

    // Where the time goes: one more forward and one more token, their products clocked
    double forward_clocked = 0, token_clocked = 0;
    const std::string forward_products = clocked([&] { model.evaluate(batch); }, forward_clocked);
    const std::string token_products = clocked([&] { model.generate_more(1); }, token_clocked);
    std::printf(
        "{\"forward_ms\": %.3f, \"prompt_ms\": %.3f, \"token_ms\": %.4f, \"peak_gflops\": %.2f, \"loss\": %.6f, "
        "\"forward_clocked_ms\": %.3f, \"forward_products\": %s, \"token_clocked_ms\": %.4f, \"token_products\": %s, "
        "\"heads_ms\": %.3f, \"removal_ms\": %.3f}\n",
        forward, prompt_ms, token_ms, peak_gflops(), loss, forward_clocked, forward_products.c_str(), token_clocked,
        token_products.c_str(), heads_ms, removal_ms);
    return 0;
}
