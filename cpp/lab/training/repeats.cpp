#include "lab/training/repeats.hpp"

#include <algorithm>
#include <climits>
#include <utility>
#include <vector>

#include "lab/core/rng.hpp"

namespace lab {

namespace {
// Uniform in [0, n): the generator's 32 bits reduced by a multiply, whose bias (n / 2^32) is far
// below anything a batch could show.
std::size_t below(Pcg32& g, std::size_t n) { return std::size_t((std::uint64_t(g.next_u32()) * n) >> 32); }

// The first `count` tokens of a Fisher-Yates shuffle of 0 .. vocab - 1, holding only the places
// the swaps have moved (at most 2 count of them), so that a large vocabulary costs nothing.
void distinct_tokens(Pcg32& g, std::size_t vocab, std::size_t count, int* out) {
    std::vector<std::pair<std::size_t, std::size_t>> moved;  // (place, the token now there)
    const auto at = [&](std::size_t place) {
        for (const auto& [p, token] : moved)
            if (p == place) return token;
        return place;
    };
    const auto put = [&](std::size_t place, std::size_t token) {
        for (auto& [p, t] : moved)
            if (p == place) return void(t = token);
        moved.emplace_back(place, token);
    };
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t j = i + below(g, vocab - i);
        const std::size_t a = at(i), b = at(j);
        put(i, b);
        put(j, a);
        out[i] = int(b);
    }
}
}  // namespace

TokenMatrix repeats_batch(const RepeatsBatch& r, const std::string& fn) {
    require(r.batch > 0, fn, refused("config.positive", "name", "batch"));
    require(r.T > 0, fn, refused("config.positive", "name", "T"));
    require(r.vocab > 0, fn, refused("config.positive", "name", "vocab"));
    require(r.vocab <= std::size_t(INT_MAX), fn,
            refused("value.atMost", "name", "vocab", "max", INT_MAX, "got", r.vocab));
    const double entries = double(r.batch) * (double(r.T) + 1);
    require(entries <= kMaxEntries, fn,
            refused("value.atMost", "name", "batch × (T + 1)", "max", kMaxEntries, "got", entries));
    Pcg32 g(r.seed);
    const std::size_t length = r.T + 1;
    TokenMatrix out({r.batch, length});
    for (std::size_t b = 0; b < r.batch; ++b) {
        int* row = &out(b, 0);
        if (!r.repeats) {
            for (std::size_t t = 0; t < length; ++t) row[t] = int(below(g, r.vocab));
            continue;
        }
        const std::size_t opening =
            std::min({kOpeningLeast + below(g, kOpeningMost - kOpeningLeast + 1), r.vocab, length});
        distinct_tokens(g, r.vocab, opening, row);
        for (std::size_t t = opening; t < length;) {
            const std::size_t piece = kPieceLeast + below(g, kPieceMost - kPieceLeast + 1);
            const std::size_t from = below(g, t);
            for (std::size_t k = 0; k < piece && t < length; ++k, ++t) row[t] = row[from + k];
        }
    }
    return out;
}

}  // namespace lab
