// Shared test inputs: the handout's own numbers and seeded random tensors.
#pragma once

#include <catch2/catch.hpp>
#include <cmath>

#include "lab/core/rng.hpp"
#include "lab/layers/lm.hpp"
#include "lab/practice/family.hpp"

namespace fixtures {

using namespace lab;

const double ln2 = std::log(2.0);
const double ln8 = std::log(8.0);

// WithinRel(want, rel) || WithinAbs(want, abs), owning both parts: Catch2 v2's `||` keeps
// references to its operands, so a composed matcher cannot be returned from a helper.
class Near : public Catch::MatcherBase<double> {
public:
    Near(double want, double rel, double abs) : want_(want), rel_(rel), abs_(abs) {}
    bool match(const double& x) const override {
        return Catch::Matchers::WithinRel(want_, rel_).match(x) || Catch::Matchers::WithinAbs(want_, abs_).match(x);
    }
    std::string describe() const override {
        return "is within " + Catch::Detail::stringify(rel_) + " relative or " + Catch::Detail::stringify(abs_) +
               " absolute of " + Catch::Detail::stringify(want_);
    }

private:
    double want_, rel_, abs_;
};

// The weights of the PyTorch reference scripts (tests/reference): w(i, j) = sin(seed + 0.7 i + 1.3 j) / 2
// in our [in, out] layout, and vectors cos(seed + 0.9 i) / 4; `f32` rounds each to float32, for the
// float32 model.
inline Tensor2 reference_weight(std::size_t r, std::size_t c, double seed, bool f32 = false) {
    Tensor2 m = Tensor2::from_shape({r, c});
    for (std::size_t i = 0; i < r; ++i)
        for (std::size_t j = 0; j < c; ++j) {
            const double x = std::sin(seed + 0.7 * double(i) + 1.3 * double(j)) / 2;
            m(i, j) = f32 ? double(float(x)) : x;
        }
    return m;
}
inline Tensor1 reference_vector(std::size_t n, double seed, bool f32 = false) {
    Tensor1 b = Tensor1::from_shape({n});
    for (std::size_t i = 0; i < n; ++i) {
        const double x = std::cos(seed + 0.9 * double(i)) / 4;
        b(i) = f32 ? double(float(x)) : x;
    }
    return b;
}

// Exact handout values are compared to 1e-12 relative, zeros to 1e-12 absolute.
inline Near near(double want, double rel = 1e-12, double abs = 1e-12) { return Near(want, rel, abs); }

// A value the handout prints rounded to `decimals` places: within half a unit of the last place.
// f() with v moved to v + h and to v - h, v restored after: the two sides of a central difference.
template <class F>
std::pair<double, double> nudged(double& v, double h, F&& f) {
    const double keep = v;
    v = keep + h;
    const double up = f();
    v = keep - h;
    const double down = f();
    v = keep;
    return {up, down};
}

inline double half_unit(int decimals) { return 0.5 * std::pow(10.0, -decimals); }

template <class E>
void require_all_near(const E& got, std::initializer_list<double> want, double rel = 1e-12, double abs = 1e-12) {
    REQUIRE(got.size() == want.size());
    std::size_t i = 0;
    for (double w : want) {
        CAPTURE(i);
        REQUIRE_THAT(double(got.data()[i]), near(w, rel, abs));
        ++i;
    }
}

template <class T>
T random_tensor(const typename T::shape_type& shape, std::uint64_t seed, double scale = 1.0) {
    Pcg32 rng(seed);
    T t = T::from_shape(shape);
    for (auto& x : t) x = scale * (2.0 * rng.uniform() - 1.0);
    return t;
}

inline Tensor1 random_vec(std::size_t n, std::uint64_t seed, double scale = 1.0) {
    return random_tensor<Tensor1>({n}, seed, scale);
}
inline Tensor2 random_mat(std::size_t r, std::size_t c, std::uint64_t seed, double scale = 1.0) {
    return random_tensor<Tensor2>({r, c}, seed, scale);
}

// §7.4: vocabulary [A, B, C], D = 2, one head with d_k = 1, d_v = 2, ReLU FFN with
// W_1 = I, W_2 = I / 2, no norms, untied head: the practice problems' model, written once.
inline LmParams toy_model() { return practice::detail::toy_model(1); }

inline LmOptions toy_options() {
    LmOptions o;
    o.block.heads = 1;
    o.block.norm = NormKind::none;
    o.block.ffn.activation = Activation::relu;
    o.block.causal = true;
    o.positions = PositionKind::learned;
    return o;
}

// A random model of the given size, with biases and LayerNorm parameters away from identity.
inline LmParams random_lm(std::size_t V, std::size_t D, std::size_t H, std::size_t L, std::size_t P,
                          std::uint64_t seed) {
    const std::size_t F = 4 * D;
    const double w = 1.0 / std::sqrt(double(D));
    LmParams p;
    p.embedding = random_mat(V, D, seed);
    p.positions = random_mat(P, D, seed + 1, 0.5);
    for (std::size_t l = 0; l < L; ++l) {
        const std::uint64_t s = seed + 100 * (l + 1);
        BlockParams b;
        b.attn.wQ = random_mat(D, D, s + 1, w);
        b.attn.wK = random_mat(D, D, s + 2, w);
        b.attn.wV = random_mat(D, D, s + 3, w);
        b.attn.bQ = random_vec(D, s + 4, 0.1);
        b.attn.wO = random_mat(D, D, s + 5, w);
        b.ffn.w1 = random_mat(D, F, s + 6, w);
        b.ffn.b1 = random_vec(F, s + 7, 0.1);
        b.ffn.w2 = random_mat(F, D, s + 8, 1.0 / std::sqrt(double(F)));
        b.norm1 = NormParams{Tensor1(1.0 + random_vec(D, s + 9, 0.1)), random_vec(D, s + 10, 0.1)};
        b.norm2 = NormParams{Tensor1(1.0 + random_vec(D, s + 11, 0.1)), random_vec(D, s + 12, 0.1)};
        p.blocks.push_back(b);
    }
    p.final_norm = NormParams{Tensor1(xt::ones<double>({D})), Tensor1(xt::zeros<double>({D}))};
    return p;
}

inline LmOptions random_lm_options(std::size_t H) {
    LmOptions o;
    o.block.heads = H;
    o.block.ffn.activation = Activation::gelu;
    return o;
}

}  // namespace fixtures
