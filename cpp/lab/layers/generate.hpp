// Generation (§7.1): take the logits at the last real position, pick the next token (greedy
// argmax, or a sample from softmax(logits / temperature)), append it, and repeat, recomputing
// the whole growing prefix each step (the naive loop), or, with `cache`, computing only the new
// position against the kept keys and values (Handout #12): the same tokens and logits bit for bit.
#pragma once

#include <cstdint>

#include "lab/core/rng.hpp"
#include "lab/layers/lm.hpp"

namespace lab {

struct GenerateOptions {
    std::size_t steps = 1;     // at most this many new tokens (the length bound)
    double temperature = 0.0;  // 0 = greedy
    std::uint64_t seed = 0;    // for sampling
    std::optional<int> eos;    // stop after producing this id
    bool cache = false;        // keep earlier positions' keys and values (a DecodeState) instead of recomputing
};

// One token of a generation as §7.1 makes it: the distribution it was drawn from and the draw.
// The uniform u fell in [below, upto), the token's slice of the running sums of the
// probabilities in id order (prob = upto - below, to rounding); greedy picks the argmax and draws
// nothing (u is NaN). A trained or opened model keeps only the draw of each step: its
// distribution is V numbers three times (1.2 MB a token for GPT-2), so logits, probs and
// cumulative are empty there.
struct GenerateStep {
    std::size_t position;                  // the prefix position whose logits were used
    Tensor1 logits;                        // (V)
    Tensor1 probs;                         // (V) softmax(logits / temperature), or softmax(logits) when greedy
    Tensor1 cumulative;                    // (V) running sums of probs
    double u;                              // the uniform number drawn (NaN for greedy)
    int token;                             // the chosen id
    double prob = 0, below = 0, upto = 0;  // the chosen id's probability and slice [below, upto)
    // This step's pass in multiply-adds, both ways (whichever ran): the whole prefix again, or
    // only the new positions against the cache; and the numbers a cache holds after it.
    std::uint64_t naive_multiply_adds = 0, cached_multiply_adds = 0;
    std::size_t cached_numbers = 0;
};

struct GenerateResult {
    std::vector<int> tokens;  // prompt followed by the generated ids
    std::vector<GenerateStep> steps;
    bool ended = false;
};

// Index of the first cumulative sum that exceeds u (the inverse-CDF draw).
int sample_from_cumulative(const Tensor1& cumulative, const Tensor1& probs, double u);

// The next token from the logits at one position (V): the argmax (ties to the lowest id) when
// temperature is 0, else a draw from softmax(logits / temperature). Everything but `position`
// is filled in. Empty when logits / temperature overflow (a temperature too small for them):
// the caller says so, in temperature_overflow's words.
std::optional<GenerateStep> choose_next(const Tensor1& logits, double temperature, Pcg32& rng);
Refusal temperature_overflow(double temperature);

// The loop of §7.1, which LanguageModel<Real>::generate runs for every model (the worked
// examples' in double, the trained and opened ones' in float32). `logits_after(tokens)` is the model's
// logits (V) for the token after `tokens`, however the caller computes them (the whole prefix
// again, or the new positions against a cache). Each step chooses as choose_next does, appends
// the token to `tokens`, and hands the step (its `position` the prefix's last) to `on_step`.
// Returns whether the end token came, which stops it.
template <class LogitsAfter, class OnStep>
bool generate_steps(std::vector<int>& tokens, std::size_t steps, double temperature, std::optional<int> eos, Pcg32& rng,
                    LogitsAfter&& logits_after, OnStep&& on_step, const std::string& fn) {
    for (std::size_t s = 0; s < steps; ++s) {
        std::optional<GenerateStep> st = choose_next(logits_after(tokens), temperature, rng);
        require(st.has_value(), fn, temperature_overflow(temperature));
        st->position = tokens.size() - 1;
        tokens.push_back(st->token);
        on_step(std::move(*st));
        if (eos && tokens.back() == *eos) return true;
    }
    return false;
}

GenerateResult generate(const std::vector<int>& prompt, const LmParams& p, const LmOptions& o, const GenerateOptions& g,
                        const std::string& fn = "generate");

}  // namespace lab
