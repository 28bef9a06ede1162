#include "lab/layers/multihead.hpp"

#include <cmath>

#include "lab/core/matmul.hpp"
#include "lab/layers/packing.hpp"

namespace lab {
MhaWidths check_mha_params(const MhaParams& p, std::size_t H, std::size_t D, const std::string& fn) {
    const bool fused = p.wQKV.has_value();
    require(fused != (p.wQ || p.wK || p.wV), fn, refused("mha.fusedAndSeparate"));
    require(fused || (p.wQ && p.wK && p.wV), fn, refused("mha.separateNeedsAll"));
    require(!fused || !(p.bQ || p.bK || p.bV), fn, refused("mha.fusedBias"));
    require(fused || !p.bQKV, fn, refused("mha.fusedBiasAlone"));
    std::size_t dk, dv;
    if (fused) {
        const std::size_t W = p.wQKV->shape(1);
        require(W % (3 * H) == 0, fn, refused("mha.fusedSplit", "columns", W, "heads", H, "multiple", 3 * H));
        dk = dv = W / (3 * H);
        check_linear(D, *p.wQKV, p.bQKV, fn, "wQKV");
    } else {
        require(p.wQ->shape(1) == p.wK->shape(1), fn, refused("mha.qkWidth", "q", p.wQ->shape(1), "k", p.wK->shape(1)));
        require(p.wQ->shape(1) % H == 0, fn,
                refused("mha.columnsPerHead", "name", "wQ", "columns", p.wQ->shape(1), "heads", H));
        require(p.wV->shape(1) % H == 0, fn,
                refused("mha.columnsPerHead", "name", "wV", "columns", p.wV->shape(1), "heads", H));
        dk = p.wQ->shape(1) / H;
        dv = p.wV->shape(1) / H;
        check_linear(D, *p.wQ, p.bQ, fn, "wQ");
        check_linear(D, *p.wK, p.bK, fn, "wK");
        check_linear(D, *p.wV, p.bV, fn, "wV");
    }
    require(dk > 0 && dv > 0, fn, refused("mha.noColumns"));
    if (p.wO) {
        check_linear(H * dv, *p.wO, p.bO, fn, "wO");
    } else {
        require(!p.bO, fn, refused("param.without", "name", "bO", "needs", "wO"));
        require(H * dv == D, fn, refused("mha.noOutput", "H", H, "dv", dv, "width", H * dv, "D", D));
    }
    return {dk, dv};
}

MhaResult multihead_attention_forward(const Tensor3& x, const MhaParams& p, std::size_t H,
                                      const AttentionOptions& options, const std::string& fn) {
    const std::size_t B = x.shape(0), T = x.shape(1), D = x.shape(2);
    require(H > 0, fn, refused("config.positive", "name", "heads"));
    require(B > 0 && T > 0 && D > 0, fn, refused("shape.empty", "name", "x", "shape", shape_str(x.shape())));
    require_finite(x, fn, "x");
    require(!options.mask, fn, refused("mha.noMask"));
    const auto [dk, dv] = check_mha_params(p, H, D, fn);
    const double scale = options.scale ? *options.scale : 1.0 / std::sqrt(double(dk));
    require(std::isfinite(scale), fn, refused("value.scale", "got", scale));

    // The attention half of the block's pass (flat_model.hpp).
    flat::BlockShape s;
    s.D = D, s.H = H, s.dk = dk, s.dv = dv, s.causal = options.causal, s.scale = scale;
    PackedBlock k;
    pack_mha(p, s, k);
    flat::BlockActs<double> a;
    flat::mha_fit(a, s, B, T, true);
    flat::mha_forward(x.data(), k.w, s, a, B, T, {}, {});
    check_attention_values(a, s, B * T, fn);
    return mha_result(a, s, B, T);
}

Tensor2 side_by_side(const std::vector<const Tensor2*>& parts) {
    const std::size_t rows = parts[0]->shape(0);
    std::size_t width = 0;
    for (const Tensor2* m : parts) width += m->shape(1);
    Tensor2 out = Tensor2::from_shape({rows, width});
    std::size_t c0 = 0;
    for (const Tensor2* m : parts) {
        const std::size_t w = m->shape(1);
        for (std::size_t r = 0; r < rows; ++r) std::copy(m->data() + r * w, m->data() + (r + 1) * w, &out(r, c0));
        c0 += w;
    }
    return out;
}

Tensor1 biases_in_turn(const std::vector<std::pair<const std::optional<Tensor1>*, std::size_t>>& parts) {
    std::size_t n = 0;
    bool any = false;
    for (const auto& [b, width] : parts) n += width, any = any || b->has_value();
    if (!any) return Tensor1();
    Tensor1 out = xt::zeros<double>({n});
    std::size_t at = 0;
    for (const auto& [b, width] : parts) {
        if (*b) std::copy((*b)->begin(), (*b)->end(), out.begin() + at);
        at += width;
    }
    return out;
}

MhaParams fuse_qkv(const MhaParams& s, const std::string& fn) {
    require(s.wQ && s.wK && s.wV, fn, refused("mha.fuseNeedsSeparate"));
    require(s.wQ->shape(1) == s.wV->shape(1), fn, refused("mha.fuseWidths", "q", s.wQ->shape(1), "v", s.wV->shape(1)));
    MhaParams f;
    const std::size_t width = s.wQ->shape(1);
    f.wQKV = side_by_side({&*s.wQ, &*s.wK, &*s.wV});
    if (s.bQ || s.bK || s.bV) f.bQKV = biases_in_turn({{&s.bQ, width}, {&s.bK, width}, {&s.bV, width}});
    f.wO = s.wO;
    f.bO = s.bO;
    return f;
}

}  // namespace lab
