// A trainable model as the JS API's lab.createModel() holds it: its configuration, its
// parameters on the float32 training path, and the optimiser's state.
#pragma once

#include <functional>
#include <optional>

#include "lab/layers/language_model.hpp"
#include "lab/training/optimizer.hpp"

namespace lab {

// What the trained model does with one sequence (§2.2): every block's attention, and the
// next-token distribution at every position, under an optional intervention.
struct Inspection {
    Tensor4 weights;  // (L, H, T, T) attention weights of each block and head
    Tensor2 probs;    // (T, V) next-token distribution after each position
    Tensor2 entropy;  // (L, H) mean entropy in nats of the attention rows (§3.1: saturation shows as ~0)
};

// What each head of a model does on a sequence whose positions from `period` on repeat the token
// `period` earlier (the induction experiment of §2.2 and §4), as means of its attention weights
// (L, H): previous_token from each position i >= 1 to i - 1; duplicate from each repeated
// position i to i - period, the same token's earlier place; induction from i to i - period + 1,
// the token that came after it then, which is the one to predict now.
struct HeadScores {
    Tensor2 previous_token, duplicate, induction;
};

// §2.2's test of a head by removing it: the mean next-token loss (nats) of a sequence's targets at
// positions >= from, as the model gives it (base), with each head removed alone (single (L, H);
// empty when `together` was asked for), and with the heads of one intervention removed together;
// and every target's own loss as the model gives it (losses (n - 1): targets 1 .. n - 1).
struct AblationLosses {
    double base = 0;
    Tensor1 losses;
    Tensor2 single;
    std::optional<double> together;
};

// The largest model a checkpoint may hold: GPT-2 small (124 M parameters) with room to spare.
// 200 M float32 parameters are 800 MB, which wasm's 2 GB of memory holds beside the activations.
// Training keeps four copies (weights, gradients, AdamW's two moments) and stays within
// kMaxEntries, as createModel does.
inline constexpr double kMaxCheckpointEntries = 200e6;

// Writes one parameter's values (slot.size floats, laid out as slot.shape) into `out`.
using ParameterFill = std::function<void(const flat::Slot& slot, float* out)>;

class Model {
public:
    explicit Model(const ModelConfig& c, const std::string& fn = "createModel");
    Model(const ModelConfig& c, LmParams params, const std::string& fn = "loadModel");
    // A model up to kMaxCheckpointEntries whose parameters `fill` writes straight into the
    // float32 buffer, one slot at a time: a checkpoint's loader, which never holds a second copy.
    Model(const ModelConfig& c, const ParameterFill& fill, const std::string& fn);

    // One optimiser step on batch (B, T + 1). A non-finite loss or gradient throws and leaves
    // the parameters as they were: the last good ones.
    TrainStep train(const TokenMatrix& batch, const OptimizerConfig& oc);
    // The mean loss on batch (B, T + 1); `causal` imposes the mask on every block, as generation
    // sees the model whatever it was trained with (§7.3).
    double evaluate(const TokenMatrix& batch, bool causal = false);
    // Greedy or sampled continuation; beyond T tokens the model sees the last T (its context).
    // `causal` imposes the mask on every block, as in evaluate().
    // With `steps`, each new token's GenerateStep (its draw alone) is appended to it.
    std::vector<int> generate(const std::vector<int>& prompt, const GenerateOptions& g, bool causal = false,
                              std::vector<GenerateStep>* steps = nullptr);
    // `count` more tokens of the last generate(), exactly those it would have made had it been
    // asked for them (the same cache, the same random stream): a page shows each token as it
    // comes and stops when asked. Returns the new tokens; none once the end token was drawn.
    // Refused when there is nothing to continue: no generate() yet, one that failed, or one
    // before a trainStep changed the weights.
    std::vector<int> generate_more(std::size_t count, std::vector<GenerateStep>* steps = nullptr);
    bool generation_ended() const { return model_.generation_ended(); }
    // §7.3 on this model: for each position i, the largest change of its logits when the token at
    // `position` is replaced by (w + 1) mod V. Under the causal mask every i < position is 0.
    std::vector<double> future_dependence(const std::vector<int>& tokens, std::size_t position);
    // §6.1 on this model: max |f(P w) - P f(w)| over the logits, for the permutation `perm` of
    // the positions (row i of P w is w[perm[i]]). 0 only for a model blind to order: no
    // positions and no mask; a GPT's positions and mask make it large.
    double permutation_gap(const std::vector<int>& tokens, const std::vector<int>& perm);
    Inspection inspect(const std::vector<int>& tokens, const flat::Intervention& iv);
    // HeadScores of `tokens` (at most T), whose token at each position i >= period is the one at
    // i - period: refused, naming the first position that does not repeat, otherwise.
    HeadScores head_scores(const std::vector<int>& tokens, std::size_t period);
    // AblationLosses of `tokens` (at most T + 1: inputs and their next tokens), over the targets
    // at positions from .. n - 1 (1 <= from < n). With iv.heads, the loss with those heads removed
    // together (as iv.ablation says); without, each head removed alone, in turn. iv.causal imposes
    // the mask on every block, as evaluate's `causal` does, for the base and every removal.
    AblationLosses ablation_losses(const std::vector<int>& tokens, std::size_t from, const flat::Intervention& iv);

    const ModelConfig& config() const { return config_; }
    std::size_t parameter_count() const { return model_.lm().weights().size(); }
    // As double tensors; refused above kMaxEntries numbers (a checkpoint's model, whose
    // parameters leave as a file: nanogpt_checkpoint reads them from slots() and weights()).
    LmParams params(const std::string& fn = "parameters") const;
    const std::vector<flat::Slot>& slots() const { return model_.lm().slots(); }
    const float* weights() const { return model_.lm().weights().data(); }

private:
    void check_sequence(const std::vector<int>& tokens, const std::string& fn) const;
    // The logits (T, V) of one sequence under the model's own masks, checked finite.
    std::vector<float> logits_of(const std::vector<int>& tokens, const std::string& fn);
    void check_batch(const TokenMatrix& batch, const std::string& fn) const;
    void check_tokens(const std::vector<int>& tokens, const std::string& fn, const std::string& name) const;
    // The mean next-token loss of inputs tokens[0 .. n - 2] over the targets at from .. n - 1,
    // under `iv`, from the logits in double (a float probability may underflow to 0); with
    // `each`, every target's loss (n - 1), from 1 on.
    double target_loss(const std::vector<int>& tokens, std::size_t from, const flat::Intervention& iv,
                       Tensor1* each = nullptr);
    ModelConfig config_;
    LanguageModel<float> model_;  // its passes, and the last generate()'s decoding while it can go on
    std::optional<flat::Optimizer<float>> optimizer_;
    std::vector<int> inputs_, targets_;  // a batch split into inputs and targets, reused every step
    // The model's own loss of the last ablation_losses (its base and per-target losses), for the
    // same tokens, `from` and mask: a page that removes one head a call pays one pass a head, not
    // two. A training step forgets it.
    struct BaseLoss {
        std::vector<int> tokens;
        std::size_t from = 0;
        bool causal = false;
        double base = 0;
        Tensor1 losses;
    };
    std::optional<BaseLoss> base_loss_;
};

}  // namespace lab
