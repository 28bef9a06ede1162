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

#include "lab/ndarray.hpp"
#include "lab/practice/answer.hpp"

namespace lab::practice {

struct Family {
    std::string id;       // e.g. "retrieval"
    std::string section;  // e.g. "§2.1"
    Format format;
};

const std::vector<Family>& families();

struct Named {
    std::string name;  // e.g. "q", "K", "d_k"
    NdArray value;     // a scalar has shape []
};

struct Misconception {
    std::string id;       // e.g. "no-scaling"; worded by the page
    std::string section;  // where the handout covers it
    Answer answer;        // what that mistake gives
};

struct SolutionStep {
    std::string key;             // e.g. "scores"
    std::vector<Named> values;   // what the engine computed at this step
};

struct Problem {
    std::string family;
    std::string section;
    std::uint64_t seed = 0;
    Format format = Format::number;
    std::string variant;               // which question of the family (e.g. "raw" / "scaled")
    std::vector<Named> given;          // the numbers the student works from
    std::vector<std::string> words;    // token vocabulary or choice options, in order
    Answer answer;
    std::vector<Misconception> misconceptions;
    std::vector<SolutionStep> steps;
};

// Throws std::invalid_argument for an unknown family.
Problem make_problem(const std::string& family, std::uint64_t seed);

struct CheckResult {
    bool correct = false;
    double score = 0;            // 1 when correct; otherwise the fraction of entries within tolerance
    bool readable = false;       // the text was parsed as the expected format
    std::string error;           // when not readable: what could not be read
    Answer parsed;
    std::vector<std::size_t> wrong_entries;
    bool shape_mismatch = false; // readable, but with the wrong number of entries
    std::string misconception;   // the id of the misconception the answer matches, if any
    std::string misconception_section;
};

// Never throws for any text.
CheckResult check_answer(const Problem& p, const std::string& text);

// The same check against any expected answer and wrong answers: what the page uses when a
// student predicts a step of a worked example before it is revealed.
CheckResult check_value(const std::string& text, const Answer& expected, const std::vector<Misconception>& wrongs,
                        const std::vector<std::string>& words = {});

}  // namespace lab::practice
