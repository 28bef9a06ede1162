// The JS API's declaration (api.def) and the engine's option declarations, printed as one JSON
// object: {functions: [...], properties: [...], options: {fn: [...]}}. Built natively
// (build/native/lab_contract); scripts/api.mjs reads it to write web/engine/api.json, index.d.ts
// and the README's API listing, so that what the module registers and what the facade checks are
// one list.
#include <cstdio>
#include <string>
#include <vector>

#include "lab/boundary/options.hpp"
#include "lab/boundary/results.hpp"
#include "lab/core/text.hpp"

namespace {

// ---- an entry of api.def, as data ----

struct Arg {
    std::string name, kind, shape;
    std::string fallback;  // JSON, for an optional argument with a default
    std::string key;       // lab.options[key] for kind options, lab.parameters[key] for params
    bool optional = false;
    bool names = false;  // options_and_names: a name map `names` beside the options
};

Arg arg(const char* name, const char* kind, const char* shape = "") {
    return {name, kind, shape, "", "", false, false};
}
Arg optional(const char* name, const char* kind, const char* fallback) {
    return {name, kind, "", fallback, "", true, false};
}
Arg options(const char* key) { return {"options", "options", "", "", key, true, false}; }
Arg options_and_names(const char* key) { return {"options", "options", "", "", key, true, true}; }
Arg settings(const char* name, const char* key) { return {name, "options", "", "", key, false, false}; }
Arg params(const char* schema) { return {"params", "params", "", "", schema, false, false}; }
Arg progress(const char* name) { return {name, "progress", "", "", "", true, false}; }

struct Entry {
    std::string what;  // function, method, property, facade or type (api.def's five macros)
    std::string part, group, engine, name, returns;
    std::vector<Arg> args;
    std::vector<std::string> doc;
};

std::vector<Entry> entries() {
    using namespace lab;  // api.def's result types (result_type<api::LmOut>())
    std::vector<Entry> out;
#define ARGS(...) \
    std::vector<Arg> { __VA_ARGS__ }
#define DOC(...) \
    std::vector<std::string> { __VA_ARGS__ }
#define LAB_FUNCTION(part, group, cxx, engine, name, returns, args, doc) \
    out.push_back({"function", #part, #group, engine, name, returns, args, doc});
#define LAB_METHOD(cxx, name, returns, args, doc) \
    out.push_back({"method", "extras", "training", "", name, returns, args, doc});
#define LAB_PROPERTY(part, group, cxx, engine, name, returns, doc) \
    out.push_back({"property", #part, #group, engine, name, returns, {}, doc});
#define LAB_FACADE(part, group, name, returns, args, doc) \
    out.push_back({"facade", #part, #group, "", name, returns, args, doc});
#define LAB_TYPE(name, type, doc) out.push_back({"type", "", "", "", #name, type, {}, doc});
#include "api.def"
#undef ARGS
#undef DOC
#undef LAB_FUNCTION
#undef LAB_METHOD
#undef LAB_PROPERTY
#undef LAB_FACADE
#undef LAB_TYPE
    return out;
}

// ---- JSON ----

std::string quoted(const std::string& s) {
    std::string out;
    lab::json_text(out, s);
    return out;
}

template <class T, class F>
std::string list(const std::vector<T>& items, F&& each) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + each(items[i]);
    return out + "]";
}

std::string json(const Arg& a) {
    std::string out = "{\"name\":" + quoted(a.name) + ",\"kind\":" + quoted(a.kind);
    if (!a.shape.empty()) out += ",\"shape\":" + quoted(a.shape);
    if (a.optional) out += ",\"optional\":true";
    if (!a.fallback.empty()) out += ",\"fallback\":" + a.fallback;
    if (a.kind == "options") out += ",\"options\":" + quoted(a.key);
    if (a.kind == "params") out += ",\"params\":" + quoted(a.key);
    if (a.names) out += ",\"names\":true";
    return out + "}";
}

std::string json(const Entry& e) {
    std::string out = "{\"what\":" + quoted(e.what) + ",\"name\":" + quoted(e.name);
    if (!e.engine.empty()) out += ",\"engine\":" + quoted(e.engine);
    out += ",\"part\":" + quoted(e.part) + ",\"group\":" + quoted(e.group);
    if (e.what != "property" && e.what != "type")
        out += ",\"args\":" + list(e.args, [](const Arg& a) { return json(a); });
    out += ",\"returns\":" + quoted(e.returns) + ",\"doc\":" + list(e.doc, quoted) + "}";
    return out;
}

std::string json(const lab::OptionDeclaration& d) {
    std::string out = "{\"name\":" + quoted(d.name) + ",\"type\":" + quoted(d.type) +
                      ",\"fallback\":" + quoted(d.fallback) + ",\"choices\":" + list(d.choices, quoted);
    if (!d.alias.empty()) out += ",\"alias\":" + quoted(d.alias);
    return out + "}";
}

}  // namespace

int main() {
    std::string options = "{";
    bool first = true;
    for (const auto& [fn, declared] : lab::option_declarations()) {
        options += (first ? "" : ",") + quoted(fn) + ":" + list(declared, [](const auto& d) { return json(d); });
        first = false;
    }
    std::printf("{\"entries\":%s,\"options\":%s}\n", list(entries(), [](const Entry& e) { return json(e); }).c_str(),
                (options + "}").c_str());
}
