// The saved form of a trained model, what model.save() returns and lab.loadModel() reads:
//   {format: "attention-lab-model", version: 1, config: {createModel's options},
//    parameters: [{name, shape, data}, ...]}
// in the order and with the names lab::flat::for_each_parameter gives. The JS side writes it as JSON;
// this file owns what it holds and checks everything a loaded file claims.
#pragma once

#include <string>
#include <vector>

#include "lab/boundary/options.hpp"
#include "lab/training/model.hpp"

namespace lab {

inline constexpr const char* kModelFormat = "attention-lab-model";
inline constexpr int kModelVersion = 1;

struct SavedModel {
    std::string format = kModelFormat;
    int version = kModelVersion;
    Values config;  // as write_options(ModelConfig) writes it
    std::vector<NamedArray> parameters;
};

SavedModel save_model(const Model& m);

// The model `saved` describes. Refused, with a message naming what is wrong: another format or
// version, a configuration createModel would refuse, a parameter missing, extra, misshapen or
// not a finite float32 number.
Model load_model(const SavedModel& saved, const std::string& fn = "loadModel");

// Every parameter of `m` by name, as model.parameters() lists them.
std::vector<NamedArray> parameters_of(const Model& m, const std::string& fn = "parameters");

}  // namespace lab
