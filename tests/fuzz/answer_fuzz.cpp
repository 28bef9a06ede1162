// libFuzzer target for the answer parser: any bytes, in every format, must parse or be refused
// with a message; an accepted answer must read back from its canonical text to an equal answer;
// checking against real problems must not crash. Built with clang and AddressSanitizer by
// scripts/fuzz.sh (npm run fuzz).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "lab/practice/answer.hpp"
#include "lab/practice/practice.hpp"

using namespace lab::practice;

// Says what broke, for which format and input, before the abort that libFuzzer reports.
// Inputs can be 10,000 characters long: the line shows the first 200 of each text.
[[noreturn]] static void fail(const std::string& what, Format f, const std::string& text) {
    std::fprintf(stderr, "answer_fuzz: %.200s (format %s, input \"%.200s\")\n", what.c_str(), lab::name_of(f),
                 text.c_str());
    std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    for (Format f : {Format::number, Format::integer, Format::vector, Format::matrix, Format::shape, Format::positions,
                     Format::pairs, Format::token, Format::choice, Format::einsum}) {
        const Parsed p = parse_answer(text, f);
        if (!p.ok) {
            if (p.error.empty()) fail("a refusal without a code", f, text);
            continue;
        }
        const Parsed again = parse_answer(answer_text(p.answer), f);
        if (!again.ok || !compare(again.answer, p.answer).equal)
            fail(again.error.describe() + ": the canonical text \"" + answer_text(p.answer) + "\" does not read back",
                 f, text);
    }
    // The families whose answers are typed most freely.
    static const Problem problems[] = {make_problem("retrieval", 3), make_problem("causal-mask", 3),
                                       make_problem("einsum", 0), make_problem("teacher-forcing", 1)};
    for (const Problem& pr : problems) check_answer(pr, text);
    return 0;
}
