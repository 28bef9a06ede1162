#include "lab/training/model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "lab/layers/order_checks.hpp"

namespace lab {

namespace {

std::unique_ptr<flat::Lm<float>> initialised(const ModelConfig& c, const std::string& fn) {
    check_model_config(c, fn, kMaxEntries);
    auto lm = std::make_unique<flat::Lm<float>>(structure_of(c));
    init_weights(c, *lm);
    return lm;
}

std::unique_ptr<flat::Lm<float>> saved(const ModelConfig& c, LmParams& params, const std::string& fn) {
    // The saved parameters must have exactly the names and sizes a fresh model of this
    // configuration has, and hold only finite numbers.
    check_model_config(c, fn, kMaxEntries);
    std::vector<std::pair<std::string, std::size_t>> want, got;
    for (const flat::Slot& s : flat::lm_layout(structure_of(c))) want.emplace_back(s.name, s.size);
    flat::for_each_parameter(
        params, [&](const std::string& name, double* data, std::size_t n, const std::vector<std::size_t>&) {
            got.emplace_back(name, n);
            for (std::size_t i = 0; i < n; ++i)
                require(std::isfinite(data[i]) && std::abs(data[i]) <= std::numeric_limits<float>::max(), fn,
                        refused("model.parameterNotFinite", "name", name));
        });
    require(want == got, fn, refused("model.savedMismatch"));
    return std::make_unique<flat::Lm<float>>(structure_of(c), params);
}

std::unique_ptr<flat::Lm<float>> filled(const ModelConfig& c, const ParameterFill& fill, const std::string& fn) {
    check_model_config(c, fn, kMaxCheckpointEntries);
    auto lm = std::make_unique<flat::Lm<float>>(structure_of(c));
    for (const flat::Slot& s : lm->slots()) {
        float* w = lm->weights().data() + s.offset;
        fill(s, w);
        require(std::all_of(w, w + s.size, [](float x) { return std::isfinite(x); }), fn,
                refused("model.parameterNotFinite", "name", s.name));
    }
    return lm;
}

// Keeps each step's draw, without its distribution (V numbers three times), in `steps` when given.
auto keep_draws(std::vector<GenerateStep>* steps) {
    return [steps](GenerateStep&& st) {
        if (!steps) return;
        st.logits = Tensor1(), st.probs = Tensor1(), st.cumulative = Tensor1();
        steps->push_back(std::move(st));
    };
}

}  // namespace

Model::Model(const ModelConfig& c, const std::string& fn) : config_(c), model_(initialised(c, fn)) {}

Model::Model(const ModelConfig& c, LmParams params, const std::string& fn) : config_(c), model_(saved(c, params, fn)) {}

Model::Model(const ModelConfig& c, const ParameterFill& fill, const std::string& fn)
    : config_(c), model_(filled(c, fill, fn)) {}

LmParams Model::params(const std::string& fn) const {
    require(double(parameter_count()) <= kMaxEntries, fn,
            refused("model.tooLargeToCopy", "count", parameter_count(), "max", kMaxEntries));
    return model_.lm().params();
}

void Model::check_tokens(const std::vector<int>& tokens, const std::string& fn, const std::string& name) const {
    for (std::size_t i = 0; i < tokens.size(); ++i)
        require(tokens[i] >= 0 && std::size_t(tokens[i]) < config_.vocab, fn,
                refused("token.id", "name", msg(name, "[", i, "]"), "got", tokens[i], "last", config_.vocab - 1));
}

void Model::check_batch(const TokenMatrix& batch, const std::string& fn) const {
    require(batch.shape(0) > 0 && batch.shape(1) >= 2, fn, refused("model.emptyBatch"));
    require(config_.positions != PositionKind::learned || batch.shape(1) - 1 <= config_.T, fn,
            refused("model.batchTooLong", "n", batch.shape(1) - 1, "T", config_.T));
    for (std::size_t b = 0; b < batch.shape(0); ++b)
        for (std::size_t t = 0; t < batch.shape(1); ++t)
            require(batch(b, t) >= 0 && std::size_t(batch(b, t)) < config_.vocab, fn,
                    refused("token.id", "name", msg("batch[", b, "][", t, "]"), "got", batch(b, t), "last",
                            config_.vocab - 1));
}

TrainStep Model::train(const TokenMatrix& batch, const OptimizerConfig& oc) {
    const std::string fn = "trainStep";
    require(double(parameter_count()) <= kMaxEntries, fn,
            refused("model.tooLargeToTrain", "count", parameter_count(), "max", kMaxEntries));
    check_optimizer(oc, fn);
    check_batch(batch, fn);
    teacher_forcing_split(batch, inputs_, targets_);
    model_.forget_generation();  // its keys and values come from the weights this step changes
    base_loss_.reset();
    const double loss = model_.lm().forward(inputs_.data(), targets_.data(), batch.shape(0), batch.shape(1) - 1);
    // A diverged step changes nothing: the last good parameters stay.
    require(std::isfinite(loss), fn, refused("model.lossDiverged", "loss", loss));
    model_.lm().backward();
    const double norm = flat::gradient_norm(model_.lm().grads());
    require(std::isfinite(norm), fn, refused("model.gradientDiverged"));
    if (optimizer_)
        optimizer_->reconfigure(oc);
    else
        optimizer_.emplace(oc);
    optimizer_->step(model_.lm(), norm);
    return {loss, norm, optimizer_->last_lr()};
}

double Model::evaluate(const TokenMatrix& batch, bool causal) {
    check_batch(batch, "evaluate");
    teacher_forcing_split(batch, inputs_, targets_);
    flat::Intervention iv;
    iv.causal = causal;
    const double loss = model_.lm().forward(inputs_.data(), targets_.data(), batch.shape(0), batch.shape(1) - 1, &iv);
    require(std::isfinite(loss), "evaluate", refused("model.notFinite", "what", "loss"));
    return loss;
}

std::vector<int> Model::generate(const std::vector<int>& prompt, const GenerateOptions& g, bool causal,
                                 std::vector<GenerateStep>* steps) {
    const std::string fn = "generate";
    model_.forget_generation();  // a refused call ends the last generation too: nothing continues past it
    require(!prompt.empty(), fn, refused("generate.emptyPrompt"));
    check_tokens(prompt, fn, "promptTokens");
    require(std::isfinite(g.temperature) && g.temperature >= 0, fn,
            refused("generate.temperature", "got", g.temperature));
    flat::Intervention iv;
    iv.causal = causal;
    // With every block causal, each step runs the new token alone against the keys and values
    // kept from the earlier ones (bit for bit what recomputing the prefix gives). Beyond the
    // context every position shifts, so from there each step recomputes the last T tokens.
    const std::size_t context = config_.T > 0 ? config_.T : std::numeric_limits<std::size_t>::max();
    model_.generate(prompt, g, iv, causal || model_.causal(), context, keep_draws(steps), fn);
    return model_.generated();
}

std::vector<int> Model::generate_more(std::size_t count, std::vector<GenerateStep>* steps) {
    std::vector<int> fresh;
    model_.generate_more(
        count,
        [&, keep = keep_draws(steps)](GenerateStep&& st) {
            fresh.push_back(st.token);
            keep(std::move(st));
        },
        "generateMore");
    return fresh;
}

void Model::check_sequence(const std::vector<int>& tokens, const std::string& fn) const {
    require(!tokens.empty(), fn, refused("model.emptySequence"));
    require(config_.positions != PositionKind::learned || tokens.size() <= config_.T, fn,
            refused("model.sequenceTooLong", "n", tokens.size(), "T", config_.T));
    check_tokens(tokens, fn, "tokens");
}

std::vector<float> Model::logits_of(const std::vector<int>& tokens, const std::string& fn) {
    const std::size_t n = tokens.size() * config_.vocab;
    model_.lm().forward(tokens.data(), nullptr, 1, tokens.size());
    std::vector<float> z(model_.lm().logits(), model_.lm().logits() + n);
    require(std::all_of(z.begin(), z.end(), [](float x) { return std::isfinite(x); }), fn,
            refused("model.notFinite", "what", "logits"));
    return z;
}

std::vector<double> Model::future_dependence(const std::vector<int>& tokens, std::size_t position) {
    const std::string fn = "futureDependence";
    check_sequence(tokens, fn);
    const std::size_t T = tokens.size();
    require(position < T, fn, refused("model.position", "name", "position", "got", position, "last", T - 1));
    check_changeable_vocabulary(config_.vocab, fn);
    const auto logits = [&](const std::vector<int>& ids) { return logits_of(ids, fn); };
    return lab::future_dependence(tokens, position, config_.vocab, logits(tokens), logits);
}

double Model::permutation_gap(const std::vector<int>& tokens, const std::vector<int>& perm) {
    const std::string fn = "permutationGap";
    check_sequence(tokens, fn);
    return lab::permutation_gap(
        tokens, perm, config_.vocab, [&](const std::vector<int>& ids) { return logits_of(ids, fn); }, fn);
}

Inspection Model::inspect(const std::vector<int>& tokens, const flat::Intervention& iv) {
    const std::string fn = "inspect";
    const std::size_t T = tokens.size(), L = config_.layers, H = config_.heads, V = config_.vocab;
    check_sequence(tokens, fn);
    check_intervention(iv, L, H, T, fn);
    model_.lm().forward(tokens.data(), nullptr, 1, T, &iv);
    Inspection r{Tensor4::from_shape({L, H, T, T}), Tensor2::from_shape({T, V}), Tensor2::from_shape({L, H})};
    std::copy(model_.lm().probs(), model_.lm().probs() + T * V, r.probs.begin());
    require(all_finite(r.probs), fn, refused("model.notFinite", "what", "probabilities"));
    for (std::size_t l = 0; l < L; ++l) {
        const float* a = model_.lm().attention(l);
        std::copy(a, a + H * T * T, r.weights.begin() + std::ptrdiff_t(l * H * T * T));
        require(std::all_of(a, a + H * T * T, [](float w) { return std::isfinite(w); }), fn,
                refused("model.notFinite", "what", "attention"));
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

HeadScores Model::head_scores(const std::vector<int>& tokens, std::size_t period) {
    const std::string fn = "headScores";
    const std::size_t T = tokens.size(), L = config_.layers, H = config_.heads;
    check_sequence(tokens, fn);
    require(T >= 2, fn, refused("model.tooFewTokens", "n", T));
    require(period >= 1 && period < T, fn, refused("model.period", "got", period, "last", T - 1, "T", T));
    for (std::size_t i = period; i < T; ++i)
        require(tokens[i] == tokens[i - period], fn, refused("model.notRepeated", "position", i, "period", period));
    model_.lm().forward(tokens.data(), nullptr, 1, T, nullptr);
    HeadScores r{Tensor2::from_shape({L, H}), Tensor2::from_shape({L, H}), Tensor2::from_shape({L, H})};
    for (std::size_t l = 0; l < L; ++l) {
        const float* a = model_.lm().attention(l);  // (H, T, T), B = 1
        require(std::all_of(a, a + H * T * T, [](float w) { return std::isfinite(w); }), fn,
                refused("model.notFinite", "what", "attention"));
        for (std::size_t h = 0; h < H; ++h) {
            const auto w = [&](std::size_t i, std::size_t j) { return double(a[(h * T + i) * T + j]); };
            double previous = 0, duplicate = 0, induction = 0;
            for (std::size_t i = 1; i < T; ++i) previous += w(i, i - 1);
            for (std::size_t i = period; i < T; ++i) {
                duplicate += w(i, i - period);
                induction += w(i, i - period + 1);
            }
            r.previous_token(l, h) = previous / double(T - 1);
            r.duplicate(l, h) = duplicate / double(T - period);
            r.induction(l, h) = induction / double(T - period);
        }
    }
    return r;
}

double Model::target_loss(const std::vector<int>& tokens, std::size_t from, const flat::Intervention& iv,
                          Tensor1* each) {
    const std::size_t T = tokens.size() - 1, V = config_.vocab;
    model_.lm().forward_logits(tokens.data(), 1, T, &iv);
    const float* logits = model_.lm().logits();  // (T, V): row i scores the token after position i
    if (each) *each = Tensor1::from_shape({T});
    double total = 0;
    for (std::size_t i = each ? 0 : from - 1; i < T; ++i) {
        // -ln p(next) = logsumexp(z) - z[next], in double
        const float* z = logits + i * V;
        const double top = double(*std::max_element(z, z + V));
        double sum = 0;
        for (std::size_t v = 0; v < V; ++v) sum += std::exp(double(z[v]) - top);
        const double loss = top + std::log(sum) - double(z[tokens[i + 1]]);
        if (each) (*each)(i) = loss;
        if (i + 1 >= from) total += loss;
    }
    const double loss = total / double(T - (from - 1));
    require(std::isfinite(loss), "ablationLoss", refused("model.notFinite", "what", "loss"));
    return loss;
}

AblationLosses Model::ablation_losses(const std::vector<int>& tokens, std::size_t from, const flat::Intervention& iv) {
    const std::string fn = "ablationLoss";
    const std::size_t n = tokens.size(), L = config_.layers, H = config_.heads;
    require(n >= 2, fn, refused("model.tooFewTokens", "n", n));
    check_tokens(tokens, fn, "tokens");
    check_sequence(std::vector<int>(tokens.begin(), tokens.end() - 1), fn);
    require(from >= 1 && from < n, fn, refused("model.from", "got", from, "last", n - 1));
    check_intervention(iv, L, H, n - 1, fn, "heads");
    AblationLosses r;
    if (!(base_loss_ && base_loss_->tokens == tokens && base_loss_->from == from && base_loss_->causal == iv.causal)) {
        flat::Intervention none;
        none.causal = iv.causal;
        BaseLoss b{tokens, from, iv.causal, 0, {}};
        b.base = target_loss(tokens, from, none, &b.losses);
        base_loss_ = std::move(b);
    }
    r.base = base_loss_->base;
    r.losses = base_loss_->losses;
    if (!iv.heads.empty()) {
        r.together = target_loss(tokens, from, iv);
        r.single = Tensor2::from_shape({0, 0});
        return r;
    }
    r.single = Tensor2::from_shape({L, H});
    flat::Intervention one = iv;
    for (std::size_t l = 0; l < L; ++l)
        for (std::size_t h = 0; h < H; ++h) {
            one.heads = {{l, h}};
            r.single(l, h) = target_loss(tokens, from, one);
        }
    return r;
}

}  // namespace lab
