#include "lab/layers/language_model.hpp"

#include <type_traits>

#include "lab/layers/packing.hpp"

namespace lab {

template <class Real>
LanguageModel<Real>::LanguageModel(std::unique_ptr<flat::Lm<Real>> lm, std::vector<std::string> block_fn)
    : lm_(std::move(lm)), block_fn_(std::move(block_fn)) {}

template <class Real>
void LanguageModel<Real>::check_finite(const Pass& pass, const std::string& fn) const {
    const flat::LmShape& s = lm_->structure().shape;
    if constexpr (std::is_same_v<Real, double>) {
        // A worked example's numbers may be anything: block by block, naming the step.
        assert(block_fn_.size() == s.blocks.size());
        for (std::size_t l = 0; l < s.blocks.size(); ++l)
            check_block_values(pass.acts->blocks[l], s.blocks[l], pass.acts->x[l + 1].data(), pass.rows, block_fn_[l]);
    } else {
        require(std::all_of(pass.logits, pass.logits + s.V, [](Real z) { return std::isfinite(z); }), fn,
                refused("model.notFinite", "what", "logits"));
    }
}

template <class Real>
bool LanguageModel<Real>::causal() const {
    const auto& blocks = lm_->structure().shape.blocks;
    return std::all_of(blocks.begin(), blocks.end(), [](const flat::BlockShape& b) { return b.causal; });
}

template <class Real>
void LanguageModel<Real>::check_causal(const std::string& fn) const {
    const auto& blocks = lm_->structure().shape.blocks;
    for (std::size_t l = 0; l < blocks.size(); ++l)
        require(blocks[l].causal, fn, refused("cache.notCausal", "block", l));
}

template <class Real>
Tensor3 LanguageModel<Real>::sequence_logits(const std::vector<int>& ids, const std::string& fn) {
    const std::size_t T = ids.size(), V = lm_->structure().shape.V;
    lm_->forward_logits(ids.data(), 1, T);
    check_finite(Pass{lm_->logits() + (T - 1) * V, &lm_->acts(), T}, fn);
    Tensor3 out = Tensor3::from_shape({1, T, V});
    std::copy(lm_->logits(), lm_->logits() + T * V, out.begin());
    return out;
}

template <class Real>
Tensor1 LanguageModel<Real>::next_logits(const std::vector<int>& tokens, const std::string& fn) {
    Decoding& d = *decoding_;
    const Pass next = lm_->next_logits(tokens, d.cached, d.context, d.state, &d.iv);
    check_finite(next, fn);
    const std::size_t V = lm_->structure().shape.V;
    Tensor1 logits = Tensor1::from_shape({V});
    std::copy(next.logits, next.logits + V, logits.begin());
    return logits;
}

template class LanguageModel<double>;
template class LanguageModel<float>;

}  // namespace lab
