// The names of an enum's values, declared once beside the enum (a specialisation of EnumNames),
// so that reading a name, writing one and listing the allowed ones for JS all use the same table.
// No value is ever mapped through its position in the enum.
#pragma once

#include <array>
#include <cassert>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "lab/core/refusal.hpp"

namespace lab {

// Specialised for each enum E:
//   static constexpr const char* what = "activation";  // how messages call a value
//   static constexpr std::array<std::pair<E, const char*>, n> all = {...};  // in the order listed
template <class E>
struct EnumNames;

template <class E>
const char* name_of(E value) {
    for (const auto& [v, name] : EnumNames<E>::all)
        if (v == value) return name;
    assert(false && "a value without a name");
    return "";
}

template <class E>
std::vector<std::string> names_of() {
    std::vector<std::string> out;
    for (const auto& entry : EnumNames<E>::all) out.push_back(entry.second);
    return out;
}

// The value called `name`; an unknown name is refused with the known ones.
template <class E>
E parse_name(const std::string& name, const std::string& fn) {
    for (const auto& [v, n] : EnumNames<E>::all)
        if (name == n) return v;
    throw Refused(fn, refused("option.choice", "what", EnumNames<E>::what, "choices", names_of<E>(), "got", name));
}

}  // namespace lab
