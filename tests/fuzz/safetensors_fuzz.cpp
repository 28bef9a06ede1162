// libFuzzer target for the safetensors reader (checkpoints are files students bring): any bytes
// must read or be refused with std::invalid_argument and a message; what is read must hold
// product(shape) finite numbers per tensor and read back the same after writing. Built with clang,
// AddressSanitizer and UBSan by scripts/fuzz.sh (npm run fuzz).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "lab/boundary/safetensors.hpp"

[[noreturn]] static void fail(const std::string& what) {
    std::fprintf(stderr, "safetensors_fuzz: %.300s\n", what.c_str());
    std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    lab::SafeTensors st;
    try {
        st = lab::read_safetensors(data, size, "fuzz");
    } catch (const std::invalid_argument& e) {
        if (std::string(e.what()).rfind("fuzz: ", 0) != 0)
            fail(std::string("a refusal that does not name the function: ") + e.what());
        return 0;
    }
    for (const lab::StTensor& t : st.tensors) {
        std::size_t n = 1;
        for (const std::size_t d : t.shape) n *= d;
        if (n != t.data.size()) fail("tensor " + t.name + " holds a number of entries other than its shape's");
        for (const float x : t.data)
            if (!std::isfinite(x)) fail("tensor " + t.name + " holds a value that is not finite");
    }
    const std::vector<std::uint8_t> again = lab::write_safetensors(st);
    const lab::SafeTensors back = lab::read_safetensors(again.data(), again.size(), "fuzz");
    if (back.tensors.size() != st.tensors.size() || back.metadata != st.metadata)
        fail("a written file reads back otherwise");
    for (std::size_t i = 0; i < st.tensors.size(); ++i)
        if (back.tensors[i].name != st.tensors[i].name || back.tensors[i].shape != st.tensors[i].shape ||
            back.tensors[i].data != st.tensors[i].data)
            fail("tensor " + st.tensors[i].name + " reads back otherwise after writing");
    return 0;
}
