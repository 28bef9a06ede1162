// The shared pieces of the practice families (see family.hpp).
#include "lab/practice/family.hpp"

#include <algorithm>

#include <xtensor/xview.hpp>

#include "lab/layers/attention.hpp"

namespace lab::practice::detail {

Tensor2 Dice::matrix(std::size_t r, std::size_t c, int lo, int hi) {
    Tensor2 m = Tensor2::from_shape({r, c});
    for (auto& x : m) x = (*this)(lo, hi);
    return m;
}

Tensor3 one(const Tensor2& m) { return xt::reshape_view(m, {std::size_t(1), m.shape(0), m.shape(1)}); }
Tensor2 first(const Tensor3& t) { return xt::view(t, 0); }
Tensor2 as_row(const Tensor1& v) { return xt::reshape_view(v, {std::size_t(1), v.size()}); }

const NdArray& given(const Problem& p, const std::string& name) {
    for (const auto& g : p.given)
        if (g.name == name) return g.value;
    throw Refused("practice", refused("practice.invariant", "family", p.family, "rule", "given", "name", name));
}
void set_given(Problem& p, const std::string& name, NdArray value) {
    for (auto& g : p.given)
        if (g.name == name) {
            g.value = std::move(value);
            return;
        }
    p.given.push_back({name, std::move(value)});
}
Tensor2 matrix_of(const Problem& p, const std::string& name) {
    return to_tensor<2>(given(p, name), "practice", name, "[n][m]");
}
Tensor1 vector_of(const Problem& p, const std::string& name) {
    return to_tensor<1>(given(p, name), "practice", name, "[n]");
}
double number_of(const Problem& p, const std::string& name) {
    const NdArray& a = given(p, name);
    invariant(a.shape.empty() && a.data.size() == 1, p, "oneNumber", name);
    return a.data[0];
}
long whole_of(const Problem& p, const std::string& name, long lo, long hi) {
    const double v = number_of(p, name);
    invariant(v == std::floor(v) && v >= double(lo) && v <= double(hi), p, "wholeInRange", name);
    return long(v);
}
double size_of(const Problem& p, const std::string& name) { return double(whole_of(p, name, 1, 1L << 20)); }

Answer number(double x) {
    Answer a;
    a.format = Format::number;
    a.numbers = {x};
    return a;
}
Answer whole(double x) {
    Answer a;
    a.format = Format::integer;
    a.numbers = {x};
    return a;
}
Answer vec(const Tensor1& v) {
    Answer a;
    a.format = Format::vector;
    a.numbers.assign(v.begin(), v.end());
    a.shape = {v.size()};
    return a;
}
Answer row_answer(const Tensor2& m, std::size_t r) { return vec(xt::eval(xt::row(m, r))); }
Answer mat(const Tensor2& m) {
    Answer a;
    a.format = Format::matrix;
    a.numbers.assign(m.begin(), m.end());
    a.shape = {m.shape(0), m.shape(1)};
    return a;
}
Answer dims(std::vector<double> d) {
    Answer a;
    a.format = Format::shape;
    a.numbers = std::move(d);
    return a;
}
Answer positions(long from, long to) {  // {from, ..., to - 1}
    Answer a;
    a.format = Format::positions;
    for (long i = from; i < to; ++i) a.pairs.emplace_back(i, -1);
    return a;
}
Answer position_set(const std::vector<long>& xs) {
    Answer a;
    a.format = Format::positions;
    for (long i : xs) a.pairs.emplace_back(i, -1);
    return a;
}
Answer word(Format f, const std::string& w) {
    Answer a;
    a.format = f;
    a.text = w;
    return a;
}
Answer einsum(const std::string& s) { return parse_answer(s, Format::einsum).answer; }

void wrong(Problem& p, const std::string& id, const std::string& section, const Answer& a) {
    p.misconceptions.push_back({id, section, a});
}

void wrong_run(Problem& p, const std::string& id, const std::string& section, long from, long to) {
    if (to - from <= kTypedRun) wrong(p, id, section, positions(from, to));
}

const std::vector<NamedArray>& step_values(const Problem& p, const std::string& key) {
    for (const auto& s : p.steps)
        if (s.key == key) return s.values;
    throw std::logic_error("practice: " + p.family + " has no solution step '" + key + "'");
}
const std::vector<double>& step_data(const Problem& p, const std::string& key) {
    return step_values(p, key).front().value.data;
}

bool distinct(const Answer& a, const Answer& b) { return !compare(a, b, 2).equal; }

bool saturated(const std::vector<double>& w, double most) { return *std::max_element(w.begin(), w.end()) > most; }
bool flat(const std::vector<double>& w, double spread) {
    const auto [lo, hi] = std::minmax_element(w.begin(), w.end());
    return *hi - *lo < spread;
}

Tensor2 attention_weights(const Tensor2& q, const Tensor2& k, std::optional<double> scale) {
    AttentionOptions o;
    o.scale = scale;
    return first(attention_forward(one(q), one(k), one(xt::eye<double>(k.shape(0))), o).weights);
}

LmParams toy_model(std::size_t blocks) {
    LmParams m;
    m.embedding = Tensor2{{1, 0}, {0, 0.5}, {0.5, 0.5}};
    m.positions = Tensor2{{0, 0}, {0, 0.5}, {0.5, 0.5}};
    BlockParams b;
    b.attn.wQ = Tensor2{{1}, {0}};
    b.attn.wK = Tensor2{{kLn2}, {0}};
    b.attn.wV = xt::eye<double>(2);
    b.ffn.w1 = xt::eye<double>(2);
    b.ffn.w2 = Tensor2(xt::eye<double>(2) / 2.0);
    m.blocks.assign(blocks, b);
    m.head = Tensor2{{1, 0, -1}, {0, 1, -1}};
    return m;
}

LmOptions toy_options() {
    LmOptions o;
    o.block.norm = NormKind::none;
    o.block.ffn.activation = Activation::relu;
    return o;
}

}  // namespace lab::practice::detail
