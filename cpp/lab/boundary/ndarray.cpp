#include "lab/boundary/ndarray.hpp"

namespace lab {

Batched split_batch(const NdArray& a, std::size_t trailing, std::size_t max_leading, const std::string& fn,
                    const std::string& name, const char* expected) {
    const std::size_t rank = a.shape.size();
    require(rank >= trailing && rank <= trailing + max_leading, fn, rank_refusal(name, expected, a.shape));
    Batched b;
    b.leading.assign(a.shape.begin(), a.shape.end() - trailing);
    b.core.assign(a.shape.end() - trailing, a.shape.end());
    for (auto n : b.leading) b.batch *= n;
    std::size_t size = b.batch;
    for (auto n : b.core) size *= n;
    require(size == a.data.size(), fn,
            refused("shape.count", "name", name, "n", a.data.size(), "shape", shape_str(a.shape)));
    require(size > 0, fn, refused("shape.empty", "name", name, "shape", shape_str(a.shape)));
    return b;
}

Tensor3 as_batched3(const NdArray& a, const Batched& b) {
    Tensor3 t = Tensor3::from_shape({b.batch, b.core.at(0), b.core.at(1)});
    std::copy(a.data.begin(), a.data.end(), t.begin());
    return t;
}

Tensor2 as_rows(const NdArray& a, const Batched& b) {
    Tensor2 t = Tensor2::from_shape({b.batch, b.core.at(0)});
    std::copy(a.data.begin(), a.data.end(), t.begin());
    return t;
}

}  // namespace lab
