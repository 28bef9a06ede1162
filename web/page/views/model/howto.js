// How to write the files the Open a model panel reads, on the page itself (a student on a hosted
// copy has no README): the Python, code and so the same in every language.
import { opened as text } from '../../../text/index.js';
import { h } from '../dom.js';

export const HOWTO_CODE = {
  checkpoint: [
    'from safetensors.torch import save_file',
    'from dataclasses import asdict',
    "sd = {k: v.contiguous() for k, v in model.state_dict().items() if not k.endswith('.attn.bias')}",
    "sd['lm_head.weight'] = sd['lm_head.weight'].clone()",
    "save_file(sd, 'model.safetensors', metadata={k: str(v) for k, v in asdict(model.config).items()})",
  ].join('\n'),
  vocabulary: [
    'import json, pickle',
    "meta = pickle.load(open('data/shakespeare_char/meta.pkl', 'rb'))",
    "json.dump({'itos': meta['itos']}, open('vocab.json', 'w'))",
  ].join('\n'),
  names:
    '{"norm": "rms", "activation": "silu", "names": {\n  "layers.{layer}.attn.heads.{head}.query.weight": "transformer.h.{layer}.attn.q.{head}.weight",\n  "layers.{layer}.norm1.weight": "transformer.h.{layer}.ln_1.weight"}}',
};

export const howTo = () =>
  h(
    'details',
    { class: 'model-howto' },
    h('summary', {}, text.howToSummary),
    [
      [text.howToCheckpoint, HOWTO_CODE.checkpoint],
      [text.howToVocabulary, HOWTO_CODE.vocabulary],
      [text.howToNames({ layer: '{layer}', head: '{head}' }), HOWTO_CODE.names],
    ].map(([what, code]) => [
      h('p', {}, what),
      h('pre', { class: 'scroll', dataset: { label: text.howToSummary } }, h('code', {}, code)),
    ]),
  );
