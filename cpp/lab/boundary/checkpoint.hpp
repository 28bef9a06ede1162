// nanoGPT's checkpoints as the lab's models, and back (issue 14). A checkpoint is a safetensors
// file (safetensors.hpp) of a GPT's state_dict in one of two layouts:
//   nanoGPT       transformer.wte.weight, transformer.wpe.weight, transformer.h.N.ln_1.weight/bias,
//                 ...attn.c_attn.weight/bias, ...attn.c_proj.*, ...ln_2.*, ...mlp.c_fc.*,
//                 ...mlp.c_proj.*, transformer.ln_f.*, lm_head.weight (tied to wte, stored once or
//                 twice); nn.Linear weights stored [out, in]; GELU exact (nn.GELU())
//   GPT-2 (Hugging Face)  the same names with or without "transformer.", Conv1D weights stored
//                 [in, out]; GELU with tanh (gelu_new)
// The layout is told by c_attn's weight, [3C, C] or [C, 3C]. Buffers that are not parameters
// (attn.bias, the causal mask of PyTorch < 2, and attn.masked_bias) are skipped.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "lab/boundary/model_file.hpp"
#include "lab/boundary/safetensors.hpp"

namespace lab {

// The model a checkpoint holds. Its configuration comes from the shapes (vocab_size, n_embd,
// block_size, n_layer, bias), from __metadata__ under GPTConfig's names (n_head, which shapes
// cannot tell, and the rest, checked against the shapes), and from `options` (createModel's, in
// either naming), which win. Refused, naming the tensor or the field: an unknown name, a tensor
// missing, shapes that disagree with each other or with the metadata, and no number of heads.
// The values are read one tensor at a time into the model's float32 buffer (a GPT-2 small file
// of 500 MB needs 500 MB more, not a second or third copy); `progress`, if given, is told the
// bytes read so far and in all after each tensor. Every check on names and shapes comes first.
using CheckpointProgress = std::function<void(std::size_t done, std::size_t total)>;
// A name map, for a model whose names are not nanoGPT's: pairs of a file's name, with {layer}
// and {head} standing for whole numbers, and the name it is read as, with the same placeholders:
// {"blocks.{layer}.norm1.weight", "transformer.h.{layer}.ln_1.weight"}. Beyond nanoGPT's names
// the loader reads h.N.mlp.c_gate.weight/bias (a gated FFN: act(x c_fc) * (x c_gate)) and
// separately parameterized heads, h.N.attn.q.H.weight/bias and .k., .v. (nn.Linear, [d_h, n_embd]
// each), which it stacks into c_attn (the number of heads is then theirs). The first pair that
// matches a name is used; a name no pair matches is read as it is.
using NameMap = std::vector<std::pair<std::string, std::string>>;
Model load_checkpoint(const SafetensorsFile& file, const Values& options, const NameMap& names,
                      const CheckpointProgress& progress, const std::string& fn = "loadCheckpoint");
Model load_checkpoint(const SafetensorsFile& file, const Values& options, const CheckpointProgress& progress,
                      const std::string& fn = "loadCheckpoint");
// The same from tensors in memory (the tests' way in: they edit a file's tensors and headers).
Model load_checkpoint(const SafeTensors& st, const Values& options, const std::string& fn = "loadCheckpoint");

// `m` in nanoGPT's layout and names, with GPTConfig's fields as __metadata__, so that
// GPT(GPTConfig(**meta)).load_state_dict(...) reads it. A model with what nanoGPT lacks (RMSNorm,
// a gated FFN, post-norm, other positions or activations, an untied head, masks left out of
// blocks, unscaled scores) is refused, naming it.
SafeTensors nanogpt_checkpoint(const Model& m, const std::string& fn = "exportSafetensors");

}  // namespace lab
