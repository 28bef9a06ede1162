// The Embind registrations of one part of the module, expanded from the API's declaration
// (cpp/bindings/api.def): a function is registered under the name the facade calls, in the part
// that has it, exactly when it is declared. A bindings_<part>.cpp defines its C++ functions, then
//     #define LAB_PART_<part>(...) __VA_ARGS__
//     #include "register.hpp"
//     EMSCRIPTEN_BINDINGS(attention_lab_<part>) {
//     #include "../api.def"
//     }
// and each entry of its part becomes a registration (the other parts' entries expand to nothing).
// A model's methods (LAB_METHOD) are the extras', on Embind's class `model` that part declares.
#pragma once

#include <emscripten/bind.h>

#include <string>

#ifndef LAB_PART_examples
#define LAB_PART_examples(...)
#endif
#ifndef LAB_PART_extras
#define LAB_PART_extras(...)
#endif
#ifndef LAB_PART_common
#define LAB_PART_common(...)
#endif

namespace lab::wasm {
// A method's name in Embind's Model class: the last part of its name in the API (model.trainStep).
inline std::string method_name(const std::string& name) { return name.substr(name.rfind('.') + 1); }
}  // namespace lab::wasm

#define LAB_FUNCTION(part, group, cxx, engine, name, returns, args, doc) \
    LAB_PART_##part(emscripten::function(engine, &cxx);)
#define LAB_METHOD(cxx, name, returns, args, doc) \
    LAB_PART_extras(model.function(lab::wasm::method_name(name).c_str(), &cxx);)
#define LAB_PROPERTY(part, group, cxx, engine, name, returns, doc) LAB_PART_##part(emscripten::function(engine, &cxx);)
#define LAB_FACADE(part, group, name, returns, args, doc)
#define LAB_TYPE(name, type, doc)
