// The practice set: problem families, each generating unlimited variants from a seed (variant 0
// is the handout's own example where it has one). The engine computes the answer and, for each
// misconception the family knows, the wrong answer that misconception produces; a student's
// answer is parsed, compared within tolerance, and matched against those wrong answers.
//
// Text (prompts, hints, feedback, step titles) is not here: problems carry keys and values,
// and the page's strings module words them, so a translation touches no C++.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "lab/boundary/ndarray.hpp"
#include "lab/practice/answer.hpp"

namespace lab::practice {

inline constexpr std::size_t kManyAnswers = 200;

struct Family {
    std::string id;       // e.g. "retrieval"
    std::string section;  // e.g. "§2.1"
    Format format;        // of most of its questions; each problem carries its own
    // Distinct answers the family reaches in 1,000 seeds, at least: kManyAnswers unless its
    // registry row says why its answers come from a small set (a choice of two words, a few runs
    // of positions, a handful of einsum strings). A family with few answers is one a class can share answers of, and a
    // teacher is told so.
    std::size_t diversity = kManyAnswers;
    bool few_answers() const { return diversity < kManyAnswers; }
};

const std::vector<Family>& families();

struct Misconception {
    std::string id;       // e.g. "no-scaling"; worded by the page
    std::string section;  // where the handout covers it
    Answer answer;        // what that mistake gives
};

struct SolutionStep {
    std::string key;                 // e.g. "scores"
    std::vector<NamedArray> values;  // what the engine computed at this step
};

struct Problem {
    std::string family;
    std::string section;
    std::uint64_t seed = 0;
    Format format = Format::number;
    std::string variant;              // which question of the family (e.g. "raw" / "scaled")
    std::vector<NamedArray> given;    // the numbers the student works from
    std::vector<std::string> inputs;  // the given values the answer must depend on
    std::vector<std::string> words;   // token vocabulary or choice options, in order
    Answer answer;
    std::vector<Misconception> misconceptions;
    std::vector<SolutionStep> steps;
};

// The problem set's editions. Where a family's draws change (wider ranges, another question),
// its earlier draws stay as they were for the earlier edition: an assignment names the edition it
// was made in, so its problems, and the verdicts a teacher checks again, never change under a
// class. 1: the first set. 2: draws wide enough that a class of 200 seldom shares an answer.
inline constexpr int kFirstEdition = 1;
inline constexpr int kEdition = 2;

// Throws std::invalid_argument for an unknown family or edition.
//
// A variant is accepted only when it is fair (see `unfair`); otherwise the generator draws again
// from the same seed's stream, so a seed always gives the same problem. Variant 0 uses the
// handout's own numbers where they make a fair problem.
Problem make_problem(const std::string& family, std::uint64_t seed, int edition = kEdition);
// The same problem, kept from the call before when it asked for it too (the problem made last is kept).
Problem problem_of(const std::string& family, std::uint64_t seed, int edition = kEdition);

// Computes the answer, the misconceptions' answers and the solution steps from the problem's
// family, variant, given values and words. Throws std::invalid_argument when the given values do
// not make a problem of that family (a position outside the sequence, D not divisible by H, …).
void solve(Problem& p);

// Why a solved problem would not be a fair one, or "" when it is:
//   (a) every misconception's answer is at least twice the tolerance away from the right answer
//       and from every other misconception's, so a student who made it, writing three
//       significant figures, is told so and not told "Correct";
//   (b) each of `inputs` moves the answer: changing some entry of it (by +1, -1 or doubling it,
//       whichever still makes a problem) changes the answer beyond the tolerance;
//   (c) the family's own test of a degenerate problem (a dead FFN, equal rows where order matters,
//       saturated weights where weights are asked, the last position for a mask, …) passes.
std::string unfair(const Problem& p);

struct CheckResult {
    bool correct = false;
    double score = 0;       // 1 when correct; otherwise the fraction of entries within tolerance
    bool readable = false;  // the text was parsed as the expected format
    Refusal error;          // when not readable: what could not be read ("parse.*", "check.*")
    Answer parsed;
    std::vector<std::size_t> wrong_entries;
    bool shape_mismatch = false;  // readable, but with the wrong number of entries
    std::string misconception;    // the id of the misconception the answer matches, if any
    std::string misconception_section;
};

// Never throws for any text.
CheckResult check_answer(const Problem& p, const std::string& text);

// The same check against any expected answer and wrong answers: what the page uses when a
// student predicts a step of a worked example before it is revealed.
CheckResult check_value(const std::string& text, const Answer& expected, const std::vector<Misconception>& wrongs,
                        const std::vector<std::string>& words = {});

}  // namespace lab::practice
