#include "lab/training/repeats.hpp"

#include <numeric>
#include <vector>

#include "lab/core/rng.hpp"

namespace lab {

namespace {
// Uniform in [0, n): the generator's 32 bits reduced by a multiply, whose bias (n / 2^32) is far
// below anything a batch could show.
std::size_t below(Pcg32& g, std::size_t n) { return std::size_t((std::uint64_t(g.next_u32()) * n) >> 32); }
}  // namespace

TokenMatrix repeats_batch(const RepeatsBatch& r, const std::string& fn) {
    require(r.batch > 0, fn, refused("config.positive", "name", "batch"));
    require(r.T > 0, fn, refused("config.positive", "name", "T"));
    require(r.vocab > 0, fn, refused("config.positive", "name", "vocab"));
    const double entries = double(r.batch) * double(r.T + 1);
    require(entries <= kMaxEntries, fn,
            refused("value.atMost", "name", "batch × (T + 1)", "max", kMaxEntries, "got", entries));
    Pcg32 g(r.seed);
    const std::size_t n = r.T + 1;
    TokenMatrix out({r.batch, n});
    std::vector<int> pool(r.vocab);
    for (std::size_t b = 0; b < r.batch; ++b) {
        int* row = &out(b, 0);
        if (!r.repeats) {
            for (std::size_t t = 0; t < n; ++t) row[t] = int(below(g, r.vocab));
            continue;
        }
        // The opening: the first `opening` of a partial Fisher-Yates shuffle of the vocabulary.
        std::iota(pool.begin(), pool.end(), 0);
        const std::size_t opening = std::min({kOpeningLeast + below(g, kOpeningMost - kOpeningLeast + 1), r.vocab, n});
        for (std::size_t i = 0; i < opening; ++i) {
            std::swap(pool[i], pool[i + below(g, r.vocab - i)]);
            row[i] = pool[i];
        }
        for (std::size_t t = opening; t < n;) {
            const std::size_t length = kPieceLeast + below(g, kPieceMost - kPieceLeast + 1);
            const std::size_t from = below(g, t);
            for (std::size_t k = 0; k < length && t < n; ++k, ++t) row[t] = row[from + k];
        }
    }
    return out;
}

}  // namespace lab
