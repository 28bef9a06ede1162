// A toy grammar for training tests: "the cat sat on the mat <eos>"-like sentences, generated
// from the engine's RNG so that every build sees the same stream of word ids.
#pragma once

#include <string>
#include <vector>

#include "lab/core/rng.hpp"
#include "lab/core/tensor.hpp"
#include "lab/training/train.hpp"

namespace corpus {

inline const std::vector<std::string>& words() {
    static const std::vector<std::string> w = {"the",   "a",  "cat",  "dog", "bird", "sat", "ran",
                                               "slept", "on", "near", "mat", "rug",  "log", "<eos>"};
    return w;
}

// det noun verb prep det place <eos>, concatenated.
inline std::vector<int> toy_grammar(std::size_t sentences, std::uint64_t seed) {
    lab::Pcg32 rng(seed);
    const auto pick = [&](int lo, int n) { return lo + int(rng.next_u32() % std::uint32_t(n)); };
    std::vector<int> ids;
    for (std::size_t s = 0; s < sentences; ++s)
        for (int id : {pick(0, 2), pick(2, 3), pick(5, 3), pick(8, 2), pick(0, 2), pick(10, 3), 13}) ids.push_back(id);
    return ids;
}

// B windows of T + 1 ids drawn from the stream.
inline lab::TokenMatrix batch(const std::vector<int>& stream, std::size_t B, std::size_t T, lab::Pcg32& rng) {
    lab::TokenMatrix m = lab::TokenMatrix::from_shape({B, T + 1});
    for (std::size_t b = 0; b < B; ++b) {
        const std::size_t start = rng.next_u32() % std::uint32_t(stream.size() - T - 1);
        for (std::size_t t = 0; t <= T; ++t) m(b, t) = stream[start + t];
    }
    return m;
}

// The small model both training tests train on the grammar: 14 words, D 16, 2 heads, 2 blocks.
inline lab::ModelConfig toy_config() {
    lab::ModelConfig c;
    c.vocab = words().size();
    c.D = 16;
    c.heads = 2;
    c.layers = 2;
    c.T = 8;
    c.seed = 3;
    return c;
}

}  // namespace corpus
