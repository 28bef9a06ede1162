// The language model as the lab runs it, one class for both number types: a worked example's in
// double (a student's tensors after every check lmForward makes: example_model below) and a
// trained or opened model's in float32 (lab::Model's). It holds the one flat::Lm<Real>, the check
// that a pass's results are finite (in the words of the model's kind), and the generation in
// progress (Handout #12's decoding state), which the one loop of §7.1 (generate_steps) continues.
#pragma once

#include <cassert>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lab/core/rng.hpp"
#include "lab/layers/generate.hpp"
#include "lab/layers/lm_model.hpp"

namespace lab {

template <class Real>
class LanguageModel {
public:
    using Pass = typename flat::Lm<Real>::Next;

    // The check of a pass follows the number type. A worked example's (double), whose student may
    // give any numbers, goes block by block and names the step that overflowed, in the block's
    // name from `block_fn` (one a block); a trained or opened model's (float32) reads its logits.
    explicit LanguageModel(std::unique_ptr<flat::Lm<Real>> lm, std::vector<std::string> block_fn = {});

    flat::Lm<Real>& lm() { return *lm_; }
    const flat::Lm<Real>& lm() const { return *lm_; }
    // Throws, in fn's name, when the pass just run (its last position's logits, the activations
    // of its rows) overflowed.
    void check_finite(const Pass& pass, const std::string& fn) const;
    // Whether every block applies the causal mask, as cached decoding needs.
    bool causal() const;
    // Throws unless causal(), naming the first block that is not.
    void check_causal(const std::string& fn) const;
    // The logits (1, T, V) of one sequence, checked as check_finite checks a pass (a worked
    // example's every block; a model's last row of logits).
    Tensor3 sequence_logits(const std::vector<int>& ids, const std::string& fn);

    // Starts a generation (§7.1) after `prompt` and draws up to g.steps tokens, handing each
    // one's GenerateStep to on_step. With `cached` (every block causal, or iv.causal imposing the
    // mask) each step runs only the new positions against the kept keys and values; without it,
    // or past `context` tokens (where every position shifts), the last `context` tokens run again.
    template <class OnStep>
    void generate(const std::vector<int>& prompt, const GenerateOptions& g, const flat::Intervention& iv, bool cached,
                  std::size_t context, OnStep&& on_step, const std::string& fn) {
        decoding_.emplace(Decoding{prompt, g, iv, cached, context, {}, Pcg32(g.seed), false, false});
        generate_more(g.steps, on_step, fn);
    }
    // `count` more tokens of the generation, exactly those it would have drawn had it been asked
    // for them (the same cache, the same random stream); none once the end token came. Refused
    // when there is nothing to continue: no generation, or one that failed or was forgotten.
    template <class OnStep>
    void generate_more(std::size_t count, OnStep&& on_step, const std::string& fn) {
        require(decoding_ && !decoding_->broken, fn, refused("generate.nothingToContinue"));
        Decoding& d = *decoding_;
        // Until the steps come back: a step that throws leaves the cache ahead of the tokens.
        d.broken = true;
        if (!d.ended)
            d.ended = generate_steps(
                d.tokens, count, d.g.temperature, d.g.eos, d.rng,
                [&](const std::vector<int>& tokens) { return next_logits(tokens, fn); }, on_step, fn);
        d.broken = false;
    }
    // The generation's tokens so far, the prompt's first (after a generate() that came back).
    const std::vector<int>& generated() const {
        assert(decoding_);
        return decoding_->tokens;
    }
    bool generation_ended() const { return decoding_ && decoding_->ended; }
    // Ends the generation: the weights changed, or a new one begins.
    void forget_generation() { decoding_.reset(); }

private:
    struct Decoding {
        std::vector<int> tokens;
        GenerateOptions g;
        flat::Intervention iv;
        bool cached = false;
        std::size_t context = 0;
        flat::DecodeState<Real> state;
        Pcg32 rng;
        bool ended = false;   // the end token was drawn
        bool broken = false;  // a step failed: it cannot go on
    };
    // The generation's logits (V) for the token after `tokens`, checked finite.
    Tensor1 next_logits(const std::vector<int>& tokens, const std::string& fn);

    std::unique_ptr<flat::Lm<Real>> lm_;
    std::vector<std::string> block_fn_;
    std::optional<Decoding> decoding_;
};

// A worked example's model: the student's tensors p under options o, after the checks lmForward
// makes (refused in fn's name), copied into the double instance; a pass that overflows is refused
// naming its block.
LanguageModel<double> example_model(const LmParams& p, const LmOptions& o, const std::string& fn);

}  // namespace lab
