#include "lab/layers/generate.hpp"

#include <cmath>
#include <limits>

#include "lab/core/rng.hpp"
#include "lab/layers/language_model.hpp"
#include "lab/layers/softmax.hpp"

namespace lab {

int sample_from_cumulative(const Tensor1& cumulative, const Tensor1& probs, double u) {
    const std::size_t V = cumulative.size();
    for (std::size_t i = 0; i < V; ++i)
        if (u < cumulative(i) && probs(i) > 0) return int(i);
    // Rounding can leave the last sum a hair below 1: fall back to the last possible token.
    for (std::size_t i = V; i-- > 0;)
        if (probs(i) > 0) return int(i);
    return 0;
}

Refusal temperature_overflow(double temperature) {
    return refused("generate.temperatureOverflow", "temperature", temperature);
}

std::optional<GenerateStep> choose_next(const Tensor1& logits, double temperature, Pcg32& rng) {
    const std::size_t V = logits.size();
    GenerateStep st;
    st.position = 0;
    st.logits = logits;
    const bool greedy = temperature == 0.0;
    Tensor1 scaled = greedy ? logits : Tensor1(logits / temperature);
    if (!all_finite(scaled)) return std::nullopt;
    st.probs = Tensor1::from_shape({V});
    softmax_row(scaled.data(), nullptr, st.probs.data(), V);
    st.cumulative = Tensor1::from_shape({V});
    double run = 0.0;
    for (std::size_t i = 0; i < V; ++i) st.cumulative(i) = (run += st.probs(i));
    if (greedy) {
        st.u = std::numeric_limits<double>::quiet_NaN();
        st.token = 0;  // argmax; ties go to the lowest id
        for (std::size_t i = 1; i < V; ++i)
            if (logits(i) > logits(st.token)) st.token = int(i);
    } else {
        st.u = rng.uniform();
        st.token = sample_from_cumulative(st.cumulative, st.probs, st.u);
    }
    st.prob = st.probs(st.token);
    st.below = st.token > 0 ? st.cumulative(st.token - 1) : 0.0;
    st.upto = st.cumulative(st.token);
    return st;
}

GenerateResult generate(const std::vector<int>& prompt, const LmParams& p, const LmOptions& o, const GenerateOptions& g,
                        const std::string& fn) {
    const std::size_t V = lm_vocab(p, fn);
    require(!prompt.empty(), fn, refused("generate.emptyPrompt"));
    require(std::isfinite(g.temperature) && g.temperature >= 0, fn,
            refused("generate.temperature", "got", g.temperature));
    if (g.eos)
        require(*g.eos >= 0 && std::size_t(*g.eos) < V, fn,
                refused("token.id", "name", "eos", "got", *g.eos, "last", V - 1));
    if (o.positions == PositionKind::learned && p.positions)
        require(prompt.size() + g.steps - 1 <= p.positions->shape(0), fn,
                refused("generate.tooLong", "prompt", prompt.size(), "steps", g.steps, "needed",
                        prompt.size() + g.steps - 1, "rows", p.positions->shape(0)));

    // The prompt's tokens and the position rows it needs, as lmForward checks them.
    TokenMatrix inputs = TokenMatrix::from_shape({1, prompt.size()});
    std::copy(prompt.begin(), prompt.end(), inputs.begin());
    check_embedding(inputs, p, o, fn);
    LanguageModel<double> model = example_model(p, o, fn);
    if (g.cache) model.check_causal(fn);

    GenerateResult r;
    const flat::PassCost cost = model.lm().pass_cost();
    // Each step keeps its whole distribution, and what its pass cost both ways.
    const auto record = [&](GenerateStep&& st) {
        const std::size_t last = st.position;
        const bool first = r.steps.empty();  // the prompt's pass
        st.naive_multiply_adds = cost(0, last + 1);
        st.cached_multiply_adds = cost.last_logits(first ? 0 : last, first ? prompt.size() : 1);
        st.cached_numbers = cost.cached_per_position * (last + 1);
        r.steps.push_back(std::move(st));
    };
    // No context to slide: a learned table was checked above to hold every step, and fixed
    // positions grow as far as the generation goes.
    model.generate(prompt, g, {}, g.cache, std::numeric_limits<std::size_t>::max(), record, fn);
    r.tokens = model.generated();
    r.ended = model.generation_ended();
    return r;
}

}  // namespace lab
