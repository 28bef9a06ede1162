#include "lab/boundary/model_file.hpp"

#include <map>

namespace lab {

std::vector<SavedParameter> parameters_of(const Model& m, const std::string& fn) {
    LmParams p = m.params(fn);
    std::vector<SavedParameter> out;
    for_each_parameter(
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
            msg("expected a model saved as format \"", kModelFormat, "\" version ", kModelVersion, ", got \"",
                saved.format, "\" version ", saved.version));
    const ModelConfig c = read_options<ModelConfig>(fn, saved.config);
    LmParams p = init_model(c, fn);
    std::map<std::string, const NdArray*> by_name;
    for (const SavedParameter& s : saved.parameters) {
        require(by_name.emplace(s.name, &s.value).second, fn, msg("the saved model has parameter ", s.name, " twice"));
    }
    std::size_t used = 0;
    for_each_parameter(
        p, [&](const std::string& name, double* data, std::size_t size, const std::vector<std::size_t>& shape) {
            const auto it = by_name.find(name);
            require(it != by_name.end(), fn, msg("the saved model has no parameter ", name));
            const NdArray& a = *it->second;
            require(a.shape == shape && a.data.size() == size, fn,
                    msg("parameter ", name, " has shape ", shape_str(a.shape), " but the configuration needs ",
                        shape_str(shape)));
            std::copy(a.data.begin(), a.data.end(), data);
            ++used;
        });
    require(used == by_name.size(), fn,
            msg("the saved model has ", by_name.size() - used, " parameter(s) this configuration does not use"));
    return Model(c, std::move(p), fn);
}

}  // namespace lab
