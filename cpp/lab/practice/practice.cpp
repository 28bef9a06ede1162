#include "lab/practice/practice.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "lab/practice/family.hpp"

namespace lab::practice {
namespace {

using namespace detail;

// Draws per seed before the generator gives up. Measured over 20,000 seeds of every family (4,000
// of leak), the most any seed needed was 18 (leak, whose mean is 2.7; the others' is below 2), so
// reaching this is a bug, reported as one.
constexpr int kMaxDraws = 500;

std::uint64_t stream_of(const std::string& family) {
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a: a fixed stream per family name
    for (unsigned char c : family) h = (h ^ c) * 1099511628211ULL;
    return h;
}

// (major, minor) of a section such as "§7.3"; "§5" is (5, 0).
std::pair<int, int> section_number(const std::string& section) {
    int part[2] = {0, 0}, k = 0;
    for (char c : section.substr(std::string("§").size())) {
        if (c == '.')
            ++k;
        else if (k < 2)
            part[k] = 10 * part[k] + (c - '0');
    }
    return {part[0], part[1]};
}

// Every family in the handout's order: the parts' lists, sorted by section (stably, so a part's
// own order stands within a section). Each family's file says what it asks and why its
// answers vary as much as they do.
const std::vector<Entry>& registry() {
    static const std::vector<Entry> r = [] {
        std::vector<Entry> all;
        for (auto part : {retrieval_families, scaling_families, heads_families, block_families, positions_families,
                          prediction_families, masking_families, einsum_families, nanogpt_families, tutorial_families,
                          encoder_decoder_families}) {
            const std::vector<Entry> families = part();
            all.insert(all.end(), families.begin(), families.end());
        }
        std::stable_sort(all.begin(), all.end(), [](const Entry& a, const Entry& b) {
            return section_number(a.family.section) < section_number(b.family.section);
        });
        return all;
    }();
    return r;
}

const Entry& entry_of(const std::string& family) {
    for (const auto& e : registry())
        if (e.family.id == family) return e;
    std::vector<std::string> known;
    for (const auto& e : registry()) known.push_back(e.family.id);
    throw Refused("practice", refused("practice.unknownFamily", "family", family, "known", known));
}

void solve_with(const Entry& e, Problem& p) {
    p.misconceptions.clear();
    p.steps.clear();
    e.solve(p);
}

// (b): some entry of each input moves the answer.
std::string insensitive_input(const Entry& e, const Problem& p) {
    for (const std::string& name : p.inputs) {
        const NdArray& value = given(p, name);
        bool moves = false;
        for (std::size_t k = 0; k < value.data.size() && !moves; ++k) {
            const double x = value.data[k];
            for (double changed : {x + 1, x - 1, 2 * x}) {
                if (changed == x) continue;
                Problem q = p;
                for (auto& g : q.given)
                    if (g.name == name) g.value.data[k] = changed;
                try {
                    solve_with(e, q);
                } catch (const std::invalid_argument&) {
                    continue;  // that change does not make a problem of this family
                }
                if (distinct(q.answer, p.answer)) {
                    moves = true;
                    break;
                }
            }
        }
        if (!moves) return "the answer does not depend on " + name;
    }
    return "";
}

}  // namespace

const std::vector<Family>& families() {
    static const std::vector<Family> list = [] {
        std::vector<Family> out;
        for (const auto& e : registry()) out.push_back(e.family);
        return out;
    }();
    return list;
}

void solve(Problem& p) { solve_with(entry_of(p.family), p); }

std::string unfair(const Problem& p) {
    const Entry& e = entry_of(p.family);
    if (std::string why = e.fair(p); !why.empty()) return why;
    const auto& ms = p.misconceptions;
    for (std::size_t m = 0; m < ms.size(); ++m) {
        if (!distinct(ms[m].answer, p.answer)) return "the misconception " + ms[m].id + " gives the answer";
        // check_answer names the first misconception that matches, so each must differ from those before it
        for (std::size_t n = 0; n < m; ++n)
            if (!distinct(ms[m].answer, ms[n].answer))
                return "the misconceptions " + ms[n].id + " and " + ms[m].id + " give the same answer";
    }
    return insensitive_input(e, p);
}

Problem make_problem(const std::string& family, std::uint64_t seed, int edition) {
    const Entry& e = entry_of(family);
    require(edition >= kFirstEdition && edition <= kEdition, "practice",
            refused("practice.edition", "edition", double(edition), "latest", double(kEdition)));
    Dice dice{Pcg32(seed, stream_of(family)), edition};
    for (int draw = 0; draw < kMaxDraws; ++draw) {
        Problem p;
        p.family = family;
        p.section = e.family.section;
        p.seed = seed;
        p.format = e.family.format;
        e.draw(p, dice, seed == 0 && draw == 0);
        try {
            solve_with(e, p);
            if (unfair(p).empty()) return p;
        } catch (const std::invalid_argument&) {
            // The layer refused what was drawn (an all-zero row for RMSNorm, say): that is a
            // degenerate problem like any other, so the next draw of the same stream replaces it.
        }
    }
    throw Refused("practice", refused("practice.noFairVariant", "family", family, "seed", double(seed)));
}

// A problem is a pure function of its family, seed and edition, and a result file's re-check asks
// for the same problem once per attempt, its attempts one after another (up to 999): the problem
// made last is kept, per thread, so that a file's re-check draws, solves and tests each of its
// problems once. One, not more: what the engine holds does not grow with what it was asked.
Problem problem_of(const std::string& family, std::uint64_t seed, int edition) {
    thread_local std::optional<Problem> last;
    thread_local int last_edition = 0;
    if (last && last->seed == seed && last_edition == edition && last->family == family) return *last;
    last.reset();
    Problem p = make_problem(family, seed, edition);
    last = p;
    last_edition = edition;
    return p;
}

namespace {

// The text with every comma between two digits ("0,27") read as a decimal point, as a student
// who writes decimal commas means it; "" when it has none.
std::string decimal_commas(const std::string& text) {
    std::string out = text;
    bool any = false;
    const auto digit = [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)) != 0; };
    for (std::size_t i = 1; i + 1 < out.size(); ++i)
        if (out[i] == ',' && digit(out[i - 1]) && digit(out[i + 1])) {
            out[i] = '.';
            any = true;
        }
    return any ? out : "";
}

std::size_t entries(const Answer& a) { return a.numbers.size(); }

// "[0,27, 0,73]" for a vector of two is four entries as typed, and the answer's two with decimal
// commas ("[[0,5, 1], [2, 3]]" does not even read as a matrix): the student is told both readings,
// and it is not an attempt. Nothing when the text reads as the answer's shape as typed.
std::optional<Refusal> decimal_comma_list(const Problem& p, const std::string& text, const Parsed& parsed) {
    if (p.format != Format::vector && p.format != Format::matrix) return std::nullopt;
    if (parsed.ok && compare(parsed.answer, p.answer).comparable) return std::nullopt;
    const std::string point = decimal_commas(text);
    if (point.empty()) return std::nullopt;
    const Parsed commas = parse_answer(point, p.format);
    if (!commas.ok || !compare(commas.answer, p.answer).comparable) return std::nullopt;
    if (!parsed.ok)
        return refused("parse.comma.rows", "text", text, "point", point, "expected", double(entries(p.answer)));
    return refused("parse.comma.list", "text", text, "point", point, "typed", double(entries(parsed.answer)),
                   "expected", double(entries(p.answer)));
}

}  // namespace

CheckResult check_answer(const Problem& p, const std::string& text) {
    CheckResult c;
    const Parsed parsed = parse_answer(text, p.format);
    if (auto commas = decimal_comma_list(p, text, parsed)) {
        c.error = *commas;
        return c;
    }
    if (!parsed.ok) {
        c.error = parsed.error;
        return c;
    }
    // A word that is not one of the problem's (an option, or a token of its vocabulary) is no
    // answer to it: the student is told which words there are, and it is not an attempt.
    const bool has_words = p.format == Format::choice || (p.format == Format::token && !p.words.empty());
    if (has_words && std::find(p.words.begin(), p.words.end(), parsed.answer.text) == p.words.end()) {
        std::vector<std::string> options;  // each word once: a sentence may repeat one ("every query scores every key")
        for (const std::string& w : p.words)
            if (std::find(options.begin(), options.end(), w) == options.end()) options.push_back(w);
        c.error = refused(p.format == Format::choice ? "check.notAnOption" : "check.notAToken", "word",
                          parsed.answer.text, "options", options);
        return c;
    }
    c.readable = true;
    c.parsed = parsed.answer;
    const Comparison cmp = compare(parsed.answer, p.answer);
    c.correct = cmp.equal;
    c.shape_mismatch = !cmp.comparable;
    c.wrong_entries = cmp.wrong_entries;
    if (c.correct) {
        c.score = 1;
        return c;
    }
    if (cmp.comparable && !p.answer.numbers.empty() && p.format != Format::integer && p.format != Format::shape)
        c.score = 1.0 - double(cmp.wrong_entries.size()) / double(p.answer.numbers.size());
    for (const auto& m : p.misconceptions)
        if (compare(parsed.answer, m.answer).equal) {
            c.misconception = m.id;
            c.misconception_section = m.section;
            break;
        }
    return c;
}

CheckResult check_value(const std::string& text, const Answer& expected, const std::vector<Misconception>& wrongs,
                        const std::vector<std::string>& words) {
    Problem p;
    p.format = expected.format;
    p.answer = expected;
    p.words = words;
    // A worked example's inputs are the student's own, so nothing can be drawn again: a mistake
    // that gives the right number on these inputs is simply not one here.
    for (const auto& w : wrongs)
        if (distinct(w.answer, expected)) p.misconceptions.push_back(w);
    return check_answer(p, text);
}

}  // namespace lab::practice
