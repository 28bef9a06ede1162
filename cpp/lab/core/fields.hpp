// A struct's fields declared once, as a table, for the readers and writers that walk them by name
// (the JS boundary's parameter objects): each field's name as callers spell it, the member it
// fills, and, for a tensor, its shape as the refusals and the API's listing write it.
#pragma once

#include <tuple>
#include <utility>

namespace lab {

template <class S, class M>
struct Field {
    using type = M;
    const char* name;
    M S::*member;
    const char* shape;  // a tensor's, such as "[D][H*dk]"; "" for a field that is a struct of its own
};
template <class S, class M>
constexpr Field<S, M> field(const char* name, M S::*member, const char* shape = "") {
    return {name, member, shape};
}

// f(field) for each field of a table (a std::tuple of Fields), in the table's order.
template <class Table, class F>
void for_each_field(const Table& table, F&& f) {
    std::apply([&](const auto&... each) { (f(each), ...); }, table);
}

}  // namespace lab
