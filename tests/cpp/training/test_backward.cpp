// backward.hpp: every backward pass against central finite differences of its forward pass,
// on random small shapes, for every parameter tensor and the input (away from ReLU kinks).
#include <functional>

#include <xtensor/xview.hpp>

#include "fixtures.hpp"
#include "lab/core/matmul.hpp"
#include "lab/layers/norm.hpp"
#include "lab/layers/softmax.hpp"
#include "lab/training/backward.hpp"

using namespace lab;
using namespace fixtures;

namespace {
// Central differences of `loss` with respect to every entry of `t` (changed in place and
// restored), compared with `analytic`.
template <class T>
void require_gradient(T& t, const T& analytic, const std::function<double()>& loss, const char* what) {
    constexpr double h = 1e-5;
    REQUIRE(analytic.shape() == t.shape());
    for (std::size_t i = 0; i < t.size(); ++i) {
        const double keep = t.data()[i];
        t.data()[i] = keep + h;
        const double up = loss();
        t.data()[i] = keep - h;
        const double down = loss();
        t.data()[i] = keep;
        const double numeric = (up - down) / (2 * h);
        CAPTURE(what, i, numeric, analytic.data()[i]);
        REQUIRE_THAT(analytic.data()[i], near(numeric, 1e-6, 1e-8));
    }
}

// A fixed random weighting R makes L = sum(y * R) a scalar loss with dL/dy = R.
template <class T>
double weighted(const T& y, const T& R) {
    return xt::sum(y * R)();
}
}  // namespace

TEST_CASE("matmul_backward: d/d inp, weight and bias of inp @ weight + bias") {
    const std::size_t N = GENERATE(1, 3), C = GENERATE(1, 4), OC = GENERATE(2, 5);
    CAPTURE(N, C, OC);
    Tensor2 x = random_mat(N, C, 1), w = random_mat(C, OC, 2);
    Tensor1 b = random_vec(OC, 3);
    const Tensor2 R = random_mat(N, OC, 4);
    const auto loss = [&] { return weighted(linear(x, w, b, "t", "w"), R); };
    Tensor2 dx = xt::zeros<double>({N, C}), dw = xt::zeros<double>({C, OC});
    Tensor1 db = xt::zeros<double>({OC});
    matmul_backward(dx.data(), dw.data(), db.data(), R.data(), x.data(), w.data(), N, C, OC);
    require_gradient(x, dx, loss, "inp");
    require_gradient(w, dw, loss, "weight");
    require_gradient(b, db, loss, "bias");
}

TEST_CASE("§2.2 attention_backward: d/dq, d/dk, d/dv through the softmax, with and without the mask") {
    const std::size_t B = GENERATE(1, 2), Tq = GENERATE(1, 3), dk = GENERATE(1, 3), dv = 2;
    const bool causal = GENERATE(false, true);
    const std::size_t Tk = causal ? Tq : 4;
    CAPTURE(B, Tq, Tk, dk, causal);
    Tensor3 q = random_tensor<Tensor3>({B, Tq, dk}, 5, 1.5), k = random_tensor<Tensor3>({B, Tk, dk}, 6, 1.5),
            v = random_tensor<Tensor3>({B, Tk, dv}, 7);
    const Tensor3 R = random_tensor<Tensor3>({B, Tq, dv}, 8);
    AttentionOptions o;
    o.causal = causal;
    const auto loss = [&] { return weighted(attention_forward(q, k, v, o).output, R); };
    const AttentionResult r = attention_forward(q, k, v, o);
    const AttentionGrads g = attention_backward(R, q, k, v, r.weights, 1.0 / std::sqrt(double(dk)));
    require_gradient(q, g.dq, loss, "q");
    require_gradient(k, g.dk, loss, "k");
    require_gradient(v, g.dv, loss, "v");
}

TEST_CASE("§2.2 softmax_backward: raising one score moves every weight, by the Jacobian") {
    Tensor2 s = random_mat(3, 5, 9, 2.0);
    const Tensor2 R = random_mat(3, 5, 10);
    const auto loss = [&] { return weighted(softmax_forward(s), R); };
    require_gradient(s, softmax_backward(R, softmax_forward(s)), loss, "scores");
}

TEST_CASE("§5 layernorm_backward and rmsnorm_backward") {
    const std::size_t N = GENERATE(1, 3), D = GENERATE(2, 5);
    CAPTURE(N, D);
    Tensor2 x = random_mat(N, D, 11, 2.0);
    Tensor1 gamma = 1.0 + random_vec(D, 12, 0.3), beta = random_vec(D, 13, 0.3);
    const Tensor2 R = random_mat(N, D, 14);
    SECTION("LayerNorm") {
        const auto loss = [&] { return weighted(layernorm_forward(x, gamma, beta), R); };
        Tensor1 dgamma = xt::zeros<double>({D}), dbeta = xt::zeros<double>({D});
        const Tensor2 dx = layernorm_backward(R, x, gamma, 1e-5, dgamma, dbeta);
        require_gradient(x, dx, loss, "x");
        require_gradient(gamma, dgamma, loss, "gamma");
        require_gradient(beta, dbeta, loss, "beta");
    }
    SECTION("RMSNorm") {
        const auto loss = [&] { return weighted(rmsnorm_forward(x, gamma), R); };
        Tensor1 dgain = xt::zeros<double>({D});
        const Tensor2 dx = rmsnorm_backward(R, x, gamma, 1e-5, dgain);
        require_gradient(x, dx, loss, "x");
        require_gradient(gamma, dgain, loss, "gain");
    }
}

TEST_CASE("§5 activation derivatives") {
    const Activation a = GENERATE(Activation::relu, Activation::gelu, Activation::gelu_tanh, Activation::silu);
    for (double x : {-2.3, -0.7, -0.1, 0.2, 0.9, 3.1}) {  // away from ReLU's kink at 0
        CAPTURE(int(a), x);
        const double numeric = (activate(x + 1e-6, a) - activate(x - 1e-6, a)) / 2e-6;
        REQUIRE_THAT(activate_derivative(x, a), near(numeric, 1e-7, 1e-9));
    }
}

TEST_CASE("§5 ffn_backward: plain and gated, every activation, every parameter") {
    const Activation act = GENERATE(Activation::relu, Activation::gelu, Activation::gelu_tanh, Activation::silu);
    const bool gated = GENERATE(false, true);
    CAPTURE(int(act), gated);
    const std::size_t N = 3, D = 4, F = 6;
    Tensor2 x = random_mat(N, D, 15);
    FfnParams p;
    p.w1 = random_mat(D, F, 16);
    p.b1 = random_vec(F, 17, 0.3);
    p.w2 = random_mat(F, D, 18);
    p.b2 = random_vec(D, 19, 0.3);
    if (gated) {
        p.wGate = random_mat(D, F, 20);
        p.bGate = random_vec(F, 21, 0.3);
    }
    FfnOptions o;
    o.activation = act;
    o.gated = gated;
    const Tensor2 R = random_mat(N, D, 22);
    const auto loss = [&] { return weighted(ffn_forward(x, p, o).output, R); };
    // ReLU's derivative jumps at 0: the finite difference is only valid away from it.
    const Tensor2 pre = linear(x, p.w1, p.b1, "t", "w1");
    if (act == Activation::relu) REQUIRE(xt::amin(xt::abs(pre))() > 1e-3);
    FfnGrads g = zero_grads_like(p);
    const Tensor2 dx = ffn_backward(R, x, p, o, g);
    require_gradient(x, dx, loss, "x");
    require_gradient(p.w1, g.w1, loss, "w1");
    require_gradient(*p.b1, g.b1, loss, "b1");
    require_gradient(p.w2, g.w2, loss, "w2");
    require_gradient(*p.b2, g.b2, loss, "b2");
    if (gated) {
        require_gradient(*p.wGate, g.wGate, loss, "wGate");
        require_gradient(*p.bGate, g.bGate, loss, "bGate");
    }
}

TEST_CASE("§7.4 cross_entropy_backward: softmax minus the one-hot target, over N") {
    Tensor2 z = random_mat(4, 6, 23, 2.0);
    const std::vector<int> t{0, 5, 2, 2};
    const auto loss = [&] { return cross_entropy_forward(z, t).loss; };
    require_gradient(z, cross_entropy_backward(cross_entropy_forward(z, t).probs, t), loss, "logits");
    SECTION("on §7.4's logits the gradient of row 0 is (p - e_B) / 3") {
        const Tensor2 Z{{3, 0, -3}, {0.75, 2.25, -3}, {2.7, 2.4, -5.1}};
        const CrossEntropyResult ce = cross_entropy_forward(Z, {1, 2, 0});
        const Tensor2 dz = cross_entropy_backward(ce.probs, {1, 2, 0});
        REQUIRE_THAT(dz(0, 1), near((ce.probs(0, 1) - 1.0) / 3.0, 1e-15));
        REQUIRE_THAT(dz(0, 0), near(ce.probs(0, 0) / 3.0, 1e-15));
    }
}
