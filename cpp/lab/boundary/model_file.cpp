#include "lab/boundary/model_file.hpp"

#include <map>

namespace lab {

std::vector<NamedArray> parameters_of(const Model& m, const std::string& fn) {
    LmParams p = m.params(fn);
    std::vector<NamedArray> out;
    flat::for_each_parameter(
        p, [&](const std::string& name, double* data, std::size_t n, const std::vector<std::size_t>& shape) {
            out.push_back({name, {shape, std::vector<double>(data, data + n)}});
        });
    return out;
}

SavedModel save_model(const Model& m) {
    SavedModel s;
    s.config = write_options(m.config());
    s.parameters = parameters_of(m, "save");
    return s;
}

Model load_model(const SavedModel& saved, const std::string& fn) {
    require(saved.format == kModelFormat && saved.version == kModelVersion, fn,
            refused("saved.format", "format", kModelFormat, "version", kModelVersion, "gotFormat", saved.format,
                    "gotVersion", saved.version));
    const ModelConfig c = read_options<ModelConfig>(fn, saved.config);
    check_model_config(c, fn, kMaxEntries);
    LmParams p = flat::shaped_params(structure_of(c));
    std::map<std::string, const NdArray*> by_name;
    for (const NamedArray& s : saved.parameters) {
        require(by_name.emplace(s.name, &s.value).second, fn, refused("saved.twice", "name", s.name));
    }
    std::size_t used = 0;
    flat::for_each_parameter(
        p, [&](const std::string& name, double* data, std::size_t size, const std::vector<std::size_t>& shape) {
            const auto it = by_name.find(name);
            require(it != by_name.end(), fn, refused("saved.missing", "name", name));
            const NdArray& a = *it->second;
            require(a.shape == shape && a.data.size() == size, fn,
                    refused("saved.shape", "name", name, "shape", shape_str(a.shape), "needs", shape_str(shape)));
            std::copy(a.data.begin(), a.data.end(), data);
            ++used;
        });
    require(used == by_name.size(), fn, refused("saved.unused", "n", by_name.size() - used));
    return Model(c, std::move(p), fn);
}

}  // namespace lab
