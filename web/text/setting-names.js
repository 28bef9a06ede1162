// The training form's choices whose names are notation, the same in every language (ReLU, AdamW,
// LayerNorm); each catalogue's training.choices adds the names its language translates.
export default {
  activation: { relu: 'ReLU', gelu: 'GELU', gelu_tanh: 'GELU (tanh)', silu: 'SiLU' },
  arrangement: { pre: 'pre-norm', post: 'post-norm' },
  norm: { layer: 'LayerNorm', rms: 'RMSNorm' },
  optimizer: { adamw: 'AdamW', sgd: 'SGD' },
};
