// The model's parameters: their layout, names and place in the flat buffer, and the copies in and
// out of the worked examples' tensors. Run once a model, so compiled for size; the passes that run
// every step are lm_model.cpp's.
#include <algorithm>
#include <cassert>
#include <iterator>
#include <optional>
#include <type_traits>

#include "lab/layers/lm_model.hpp"

namespace lab::flat {

namespace {

// ---- LmParams' fields and the layout ----

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};
// f(tensor) for a field that holds one: a tensor, or an optional one that is set.
template <class T, class F>
void if_present(T& field, F&& f) {
    if constexpr (is_optional<std::remove_const_t<T>>::value) {
        if (field) f(*field);
    } else {
        f(field);
    }
}

// Where a field of LmParams sits in the layout: its part, block and, for separate projections,
// which third of W_QKV's (or b_QKV's) columns.
struct Field {
    Part part;
    std::size_t block = 0;
    int third = -1;
};

// The one place where LmParams' fields meet the layout: calls f(field, Field) on every tensor
// field of p, a tensor or an optional one, present or not (the fields of an absent norm are not
// visited), in the layout's order.
template <class F>
void visit_parameter_fields(LmParams& p, F&& f) {
    f(p.embedding, Field{Part::embedding});
    f(p.positions, Field{Part::positions});
    for (std::size_t l = 0; l < p.blocks.size(); ++l) {
        BlockParams& b = p.blocks[l];
        const auto norm = [&](std::optional<NormParams>& q, Part gamma, Part beta) {
            if (!q) return;
            f(q->gamma, Field{gamma, l});
            f(q->beta, Field{beta, l});
        };
        norm(b.norm1, Part::gamma1, Part::beta1);
        f(b.attn.wQ, Field{Part::wqkv, l, 0});
        f(b.attn.wK, Field{Part::wqkv, l, 1});
        f(b.attn.wV, Field{Part::wqkv, l, 2});
        f(b.attn.bQ, Field{Part::bqkv, l, 0});
        f(b.attn.bK, Field{Part::bqkv, l, 1});
        f(b.attn.bV, Field{Part::bqkv, l, 2});
        f(b.attn.wQKV, Field{Part::wqkv, l});
        f(b.attn.bQKV, Field{Part::bqkv, l});
        f(b.attn.wO, Field{Part::wo, l});
        f(b.attn.bO, Field{Part::bo, l});
        norm(b.norm2, Part::gamma2, Part::beta2);
        f(b.ffn.w1, Field{Part::w1, l});
        f(b.ffn.b1, Field{Part::b1, l});
        f(b.ffn.wGate, Field{Part::wgate, l});
        f(b.ffn.bGate, Field{Part::bgate, l});
        f(b.ffn.w2, Field{Part::w2, l});
        f(b.ffn.b2, Field{Part::b2, l});
    }
    if (p.final_norm) {
        f(p.final_norm->gamma, Field{Part::final_gamma});
        f(p.final_norm->beta, Field{Part::final_beta});
    }
    f(p.head, Field{Part::head});
}

// A tensor `p` has, and its place in the layout. An empty one is absent: the FFN of an
// attention-only block (shaped_params leaves it so), whose tensors are not optional.
struct FieldView {
    Field at;
    double* data;
    std::size_t size;
    std::vector<std::size_t> shape;
};
std::vector<FieldView> present_fields(LmParams& p) {
    std::vector<FieldView> out;
    visit_parameter_fields(p, [&](auto& field, const Field& at) {
        if_present(field, [&](auto& t) {
            if (t.size() == 0) return;
            out.push_back({at, t.data(), t.size(), std::vector<std::size_t>(t.shape().begin(), t.shape().end())});
        });
    });
    return out;
}

// Where each of a block's parts goes in BlockPtrs, in Part's order from gamma1.
template <class Real>
constexpr Real* BlockPtrs<Real>::*kBlockMembers[] = {
    &BlockPtrs<Real>::gamma1, &BlockPtrs<Real>::beta1, &BlockPtrs<Real>::wqkv,   &BlockPtrs<Real>::bqkv,
    &BlockPtrs<Real>::wo,     &BlockPtrs<Real>::bo,    &BlockPtrs<Real>::gamma2, &BlockPtrs<Real>::beta2,
    &BlockPtrs<Real>::w1,     &BlockPtrs<Real>::b1,    &BlockPtrs<Real>::wgate,  &BlockPtrs<Real>::bgate,
    &BlockPtrs<Real>::w2,     &BlockPtrs<Real>::b2};
static_assert(std::size(kBlockMembers<float>) == std::size_t(Part::b2) - std::size_t(Part::gamma1) + 1);

const Slot* find(const std::vector<Slot>& slots, const Field& f) {
    for (const Slot& s : slots)
        if (s.part == f.part && s.block == f.block) return &s;
    return nullptr;
}

}  // namespace

std::string part_name(Part part, std::size_t block, int third) {
    std::string name = spec_of(part).ours;
    if (third >= 0) name.replace(name.size() - 3, 3, 1, "QKV"[third]);  // "attn.wQKV" -> "attn.wK"
    return in_block(part) ? "blocks." + std::to_string(block) + "." + name : name;
}

namespace {

// The size of dimension d of a part of the structure s (of its block `block`, for a block's part).
std::size_t extent(const LmStructure& s, Dim d, std::size_t block) {
    switch (d) {
        case Dim::one: return 1;
        case Dim::V: return s.shape.V;
        case Dim::D: return s.shape.D;
        case Dim::P: return s.position_rows;
        case Dim::QKV: return s.shape.blocks[block].qkv_width();
        case Dim::HV: return s.shape.blocks[block].H * s.shape.blocks[block].dv;
        case Dim::F: return s.shape.blocks[block].F;
    }
    return 0;
}

}  // namespace

std::vector<Slot> lm_layout(const LmStructure& s) {
    std::vector<Slot> out;
    std::size_t offset = 0;
    const auto add = [&](const PartSpec& p, std::size_t block) {
        if (!s.has(p.part, block)) return;
        std::vector<std::size_t> shape{extent(s, p.rows, block)};
        if (p.cols != Dim::one) shape.push_back(extent(s, p.cols, block));
        const std::size_t n = shape[0] * (p.cols != Dim::one ? shape[1] : 1);
        out.push_back({part_name(p.part, block), std::move(shape), offset, n, p.decay, p.part, block});
        offset += n;
    };
    // kParts' order: the parts before the blocks, each block's in turn, the parts after them
    for (const PartSpec& p : kParts)
        if (p.part < Part::gamma1) add(p, 0);
    for (std::size_t l = 0; l < s.blocks.size(); ++l)
        for (const PartSpec& p : kParts)
            if (in_block(p.part)) add(p, l);
    for (const PartSpec& p : kParts)
        if (p.part > Part::b2) add(p, 0);
    return out;
}

void for_each_parameter(LmParams& p, const ParameterVisitor& f) {
    for (const FieldView& v : present_fields(p))
        f(part_name(v.at.part, v.at.block, v.at.third), v.data, v.size, v.shape);
}

LmParams shaped_params(const LmStructure& s) {
    LmParams p;
    p.blocks.resize(s.blocks.size());
    for (std::size_t l = 0; l < s.blocks.size(); ++l) {
        if (s.has(Part::gamma1, l)) p.blocks[l].norm1.emplace();
        if (s.has(Part::gamma2, l)) p.blocks[l].norm2.emplace();
    }
    if (s.has(Part::final_gamma)) p.final_norm.emplace();
    const std::vector<Slot> layout = lm_layout(s);
    visit_parameter_fields(p, [&](auto& field, const Field& at) {
        const Slot* slot = at.third < 0 ? find(layout, at) : nullptr;
        if (!slot) return;
        using F = std::decay_t<decltype(field)>;
        if constexpr (is_optional<F>::value) {
            typename F::value_type::shape_type shape;
            std::copy(slot->shape.begin(), slot->shape.end(), shape.begin());
            field = F::value_type::from_shape(shape);
        } else {
            typename F::shape_type shape;
            std::copy(slot->shape.begin(), slot->shape.end(), shape.begin());
            field = F::from_shape(shape);
        }
    });
    return p;
}

// ---- the model's parameters ----

template <class Real>
Lm<Real>::Lm(LmStructure s) : s_(std::move(s)), slots_(lm_layout(s_)) {
    weights_.assign(slots_.empty() ? 0 : slots_.back().offset + slots_.back().size, Real(0));
    ones_.assign(s_.shape.D, Real(1));
    w_ = bind(weights_.data(), ones_.data());
}

template <class Real>
Lm<Real>::Lm(LmStructure s, const LmParams& p) : Lm(std::move(s)) {
    set_params(p);
}

template <class Real>
LmPtrs<Real> Lm<Real>::bind(Real* base, Real* no_gain) const {
    LmPtrs<Real> q;
    q.blocks.resize(s_.blocks.size());
    for (const Slot& s : slots_) {
        Real* at = base + s.offset;
        switch (s.part) {
            case Part::embedding: q.embedding = at; break;
            case Part::positions: q.positions = at; break;
            case Part::final_gamma: q.final_gamma = at; break;
            case Part::final_beta: q.final_beta = at; break;
            case Part::head: q.head = at; break;
            default: q.blocks[s.block].*kBlockMembers<Real>[int(s.part) - int(Part::gamma1)] = at;
        }
    }
    // A norm with no gain of its own multiplies by no_gain.
    for (std::size_t l = 0; l < s_.blocks.size(); ++l)
        if (s_.shape.blocks[l].norm != NormKind::none) {
            BlockPtrs<Real>& b = q.blocks[l];
            if (!b.gamma1) b.gamma1 = no_gain;
            if (!b.gamma2) b.gamma2 = no_gain;
        }
    if (s_.shape.final_norm != NormKind::none && !q.final_gamma) q.final_gamma = no_gain;
    return q;
}

template <class Real>
void Lm<Real>::set_params(const LmParams& p) {
    std::fill(weights_.begin(), weights_.end(), Real(0));
    // present_fields only points at the tensors; nothing writes through it here.
    for (const FieldView& v : present_fields(const_cast<LmParams&>(p))) {
        const Slot* s = find(slots_, v.at);
        assert(s);
        Real* w = weights_.data() + s->offset;
        if (v.at.third < 0) {
            assert(s->size == v.size);
            std::transform(v.data, v.data + v.size, w, [](double x) { return Real(x); });
            continue;
        }
        // Q's, K's or V's columns of W_QKV (or entries of b_QKV)
        const BlockShape& b = s_.shape.blocks[v.at.block];
        const std::size_t HK = b.H * b.dk, W = b.qkv_width(), c0 = std::size_t(v.at.third) * HK;
        const std::size_t rows = v.shape.size() == 2 ? v.shape[0] : 1, width = v.size / rows;
        for (std::size_t r = 0; r < rows; ++r)
            for (std::size_t c = 0; c < width; ++c) w[r * W + c0 + c] = Real(v.data[r * width + c]);
    }
}

template <class Real>
LmParams Lm<Real>::params() const {
    LmParams p = shaped_params(s_);
    for (const FieldView& v : present_fields(p)) {
        const Real* w = weights_.data() + find(slots_, v.at)->offset;
        std::transform(w, w + v.size, v.data, [](Real x) { return double(x); });
    }
    return p;
}

template class Lm<float>;
template class Lm<double>;

}  // namespace lab::flat
