#include "lab/training/model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "lab/core/rng.hpp"

namespace lab {

// Why a trained model's pass stops being finite: its float32 sums overflow past about 3.4e38.
constexpr const char* kTooLarge =
    "the parameters are too large for float32 sums, as after a step with too large a learning rate";

// init_model checks the configuration, naming the calling function.
Model::Model(const ModelConfig& c, const std::string& fn)
    : config_(c), lm_(std::make_unique<flat::Lm<float>>(c, init_model(c, fn))) {}

Model::Model(const ModelConfig& c, LmParams params, const std::string& fn) : config_(c) {
    // The saved parameters must have exactly the names and sizes a fresh model of this
    // configuration has, and hold only finite numbers.
    std::vector<std::pair<std::string, std::size_t>> want, got;
    LmParams fresh = init_model(c, fn);
    for_each_parameter(fresh, [&](const std::string& name, double*, std::size_t n, const std::vector<std::size_t>&) {
        want.emplace_back(name, n);
    });
    for_each_parameter(
        params, [&](const std::string& name, double* data, std::size_t n, const std::vector<std::size_t>&) {
            got.emplace_back(name, n);
            for (std::size_t i = 0; i < n; ++i)
                require(std::isfinite(data[i]) && std::abs(data[i]) <= std::numeric_limits<float>::max(), fn,
                        msg("parameter ", name, " holds a value that is not a finite float32 number"));
        });
    require(want == got, fn, "the saved parameters do not match the saved configuration (names or sizes differ)");
    lm_ = std::make_unique<flat::Lm<float>>(c, std::move(params));
}

Model::Model(const ModelConfig& c, const ParameterFill& fill, const std::string& fn) : config_(c) {
    check_model_config(c, fn, kMaxCheckpointEntries);
    lm_ = std::make_unique<flat::Lm<float>>(c, flat::Lm<float>::Zeros{});
    for (const flat::Slot& s : lm_->slots()) {
        float* w = lm_->weights().data() + s.offset;
        fill(s, w);
        require(std::all_of(w, w + s.size, [](float x) { return std::isfinite(x); }), fn,
                msg("parameter ", s.name, " holds a value that is not a finite float32 number"));
    }
}

LmParams Model::params(const std::string& fn) const {
    require(double(parameter_count()) <= kMaxEntries, fn,
            msg("this model has ", parameter_count(), " parameters, more than the ", kMaxEntries,
                " the lab copies out as numbers; exportSafetensors() writes them as a file"));
    return lm_->params();
}

void Model::check_tokens(const std::vector<int>& tokens, const std::string& fn, const std::string& name) const {
    for (std::size_t i = 0; i < tokens.size(); ++i)
        require(tokens[i] >= 0 && std::size_t(tokens[i]) < config_.vocab, fn,
                msg(name, "[", i, "] = ", tokens[i], " is not a token id in [0, ", config_.vocab - 1, "]"));
}

void Model::check_batch(const TokenMatrix& batch, const std::string& fn) const {
    require(batch.shape(0) > 0 && batch.shape(1) >= 2, fn, "a batch needs at least one sequence of 2 token ids");
    require(
        config_.positions != PositionKind::learned || batch.shape(1) - 1 <= config_.T, fn,
        msg("the sequences have ", batch.shape(1) - 1, " input positions but the model was made for T = ", config_.T));
    for (std::size_t b = 0; b < batch.shape(0); ++b)
        for (std::size_t t = 0; t < batch.shape(1); ++t)
            require(
                batch(b, t) >= 0 && std::size_t(batch(b, t)) < config_.vocab, fn,
                msg("batch[", b, "][", t, "] = ", batch(b, t), " is not a token id in [0, ", config_.vocab - 1, "]"));
}

TrainStep Model::train(const TokenMatrix& batch, const OptimizerConfig& oc) {
    const std::string fn = "trainStep";
    require(double(parameter_count()) <= kMaxEntries, fn,
            msg("this model has ", parameter_count(), " parameters, more than the ", kMaxEntries,
                " the lab trains (training keeps gradients and AdamW's two moments beside the weights: four "
                "copies); it can still be read: evaluate, generate and inspect work"));
    check_optimizer(oc, fn);
    check_batch(batch, fn);
    teacher_forcing_split(batch, inputs_, targets_);
    const double loss = lm_->forward(inputs_.data(), targets_.data(), batch.shape(0), batch.shape(1) - 1);
    // A diverged step changes nothing: the last good parameters stay.
    require(
        std::isfinite(loss), fn,
        msg("the loss is ", loss, ": training diverged; the parameters were not changed (lower the learning rate)"));
    lm_->backward();
    const double norm = flat::gradient_norm(lm_->grads());
    require(std::isfinite(norm), fn,
            "the gradient is not finite: training diverged; the parameters were not changed (lower the learning rate)");
    if (optimizer_)
        optimizer_->reconfigure(oc);
    else
        optimizer_.emplace(oc);
    optimizer_->step(*lm_, norm);
    return {loss, norm, optimizer_->last_lr()};
}

double Model::evaluate(const TokenMatrix& batch, bool causal) {
    check_batch(batch, "evaluate");
    teacher_forcing_split(batch, inputs_, targets_);
    flat::Intervention iv;
    iv.causal = causal;
    const double loss = lm_->forward(inputs_.data(), targets_.data(), batch.shape(0), batch.shape(1) - 1, &iv);
    require(std::isfinite(loss), "evaluate",
            msg("the loss stopped being finite (", loss,
                "): the parameters are too large for float32 sums, as after a step with too large a learning rate"));
    return loss;
}

std::vector<int> Model::generate(const std::vector<int>& prompt, const GenerateOptions& g, bool causal,
                                 std::vector<Draw>* draws) {
    const std::string fn = "generate";
    const std::size_t V = config_.vocab;
    require(!prompt.empty(), fn, "the prompt is empty (generation needs at least one token to condition on)");
    check_tokens(prompt, fn, "promptTokens");
    require(std::isfinite(g.temperature) && g.temperature >= 0, fn,
            msg("temperature must be a finite number >= 0 (0 = greedy), got ", g.temperature));
    std::vector<int> tokens = prompt;
    Pcg32 rng(g.seed);
    const std::size_t context = config_.T > 0 ? config_.T : tokens.size() + g.steps;
    Tensor1 logits = Tensor1::from_shape({V});
    flat::Intervention iv;
    iv.causal = causal;
    for (std::size_t s = 0; s < g.steps; ++s) {
        const std::size_t T = std::min(tokens.size(), context);
        lm_->forward(tokens.data() + tokens.size() - T, nullptr, 1, T, &iv);
        std::copy(lm_->logits() + (T - 1) * V, lm_->logits() + T * V, logits.begin());
        require(all_finite(logits), fn, msg("the logits stopped being finite at step ", s, ": ", kTooLarge));
        const std::optional<GenerateStep> st = choose_next(logits, g.temperature, rng);
        require(st.has_value(), fn, temperature_overflow(g.temperature));
        const int next = st->token;
        if (draws) {
            const double below = next > 0 ? st->cumulative(next - 1) : 0.0;
            draws->push_back({next, st->probs(next), below, st->cumulative(next), st->u});
        }
        tokens.push_back(next);
        if (g.eos && next == *g.eos) break;
    }
    return tokens;
}

void Model::check_sequence(const std::vector<int>& tokens, const std::string& fn) const {
    require(!tokens.empty(), fn, "the sequence is empty");
    require(config_.positions != PositionKind::learned || tokens.size() <= config_.T, fn,
            msg("the sequence has ", tokens.size(), " tokens but the model was made for T = ", config_.T));
    check_tokens(tokens, fn, "tokens");
}

std::vector<float> Model::logits_of(const std::vector<int>& tokens, const std::string& fn) {
    const std::size_t n = tokens.size() * config_.vocab;
    lm_->forward(tokens.data(), nullptr, 1, tokens.size());
    std::vector<float> z(lm_->logits(), lm_->logits() + n);
    require(std::all_of(z.begin(), z.end(), [](float x) { return std::isfinite(x); }), fn,
            msg("the logits stopped being finite: ", kTooLarge));
    return z;
}

std::vector<double> Model::future_dependence(const std::vector<int>& tokens, std::size_t position) {
    const std::string fn = "futureDependence";
    check_sequence(tokens, fn);
    const std::size_t T = tokens.size(), V = config_.vocab;
    require(position < T, fn, msg("position ", position, " is not one of the sequence's positions 0 to ", T - 1));
    require(V > 1, fn, "a vocabulary of one token leaves nothing to change");
    const std::vector<float> base = logits_of(tokens, fn);
    std::vector<int> changed = tokens;
    changed[position] = (changed[position] + 1) % int(V);
    const std::vector<float> z = logits_of(changed, fn);
    std::vector<double> dep(T, 0.0);
    for (std::size_t i = 0; i < T; ++i)
        for (std::size_t v = 0; v < V; ++v)
            dep[i] = std::max(dep[i], std::abs(double(z[i * V + v]) - double(base[i * V + v])));
    return dep;
}

double Model::permutation_gap(const std::vector<int>& tokens, const std::vector<int>& perm) {
    const std::string fn = "permutationGap";
    check_sequence(tokens, fn);
    const std::size_t T = tokens.size(), V = config_.vocab;
    require(perm.size() == T, fn, msg("perm has ", perm.size(), " entries but the sequence has ", T, " tokens"));
    std::vector<bool> seen(T, false);
    for (const int i : perm) {
        require(i >= 0 && std::size_t(i) < T && !seen[std::size_t(i)], fn,
                msg("perm must list each position 0 to ", T - 1, " once"));
        seen[std::size_t(i)] = true;
    }
    std::vector<int> permuted(T);
    for (std::size_t i = 0; i < T; ++i) permuted[i] = tokens[std::size_t(perm[i])];
    const std::vector<float> a = logits_of(tokens, fn), b = logits_of(permuted, fn);
    double worst = 0.0;
    for (std::size_t i = 0; i < T; ++i)
        for (std::size_t v = 0; v < V; ++v)
            worst = std::max(worst, std::abs(double(b[i * V + v]) - double(a[std::size_t(perm[i]) * V + v])));
    return worst;
}

Inspection Model::inspect(const std::vector<int>& tokens, const flat::Intervention& iv) {
    const std::string fn = "inspect";
    const std::size_t T = tokens.size(), L = config_.layers, H = config_.heads, V = config_.vocab;
    check_sequence(tokens, fn);
    for (const auto& [layer, head] : iv.heads)
        require(layer < L && head < H, fn,
                msg("ablateHeads names layer ", layer, " head ", head, " but the model has ", L, " layers of ", H,
                    " heads"));
    for (std::size_t t : iv.hidden)
        require(t < T, fn, msg("hideTokens names position ", t, " but the sequence has positions 0 to ", T - 1));
    lm_->forward(tokens.data(), nullptr, 1, T, &iv);
    Inspection r{Tensor4::from_shape({L, H, T, T}), Tensor2::from_shape({T, V}), Tensor2::from_shape({L, H})};
    std::copy(lm_->probs(), lm_->probs() + T * V, r.probs.begin());
    require(all_finite(r.probs), fn, msg("the probabilities stopped being finite: ", kTooLarge));
    for (std::size_t l = 0; l < L; ++l) {
        const float* a = lm_->attention(l);
        std::copy(a, a + H * T * T, r.weights.begin() + std::ptrdiff_t(l * H * T * T));
        require(std::all_of(a, a + H * T * T, [](float w) { return std::isfinite(w); }), fn,
                msg("the attention weights of block ", l, " stopped being finite: ", kTooLarge));
        for (std::size_t h = 0; h < H; ++h) {
            // H(a_i) = -sum_j a_ij ln a_ij, averaged over the T rows
            double total = 0.0;
            for (std::size_t i = 0; i < T; ++i)
                for (std::size_t j = 0; j < T; ++j) {
                    const double w = a[(h * T + i) * T + j];
                    if (w > 0) total -= w * std::log(w);
                }
            r.entropy(l, h) = total / double(T);
        }
    }
    return r;
}

}  // namespace lab
