// The public API of `lab`, declared once: each function's place, its arguments (name, kind,
// default), what it returns and what it does. The options of a function are the engine's own
// declaration (cpp/lab/boundary/options.cpp, `lab.options`), named here by `options`.
//
// From this one list come
//   the facade's argument checks and conversions (index.js: `argumentsOf`),
//   the API listing in README.md and the TypeScript declarations in index.d.ts, both written by
//   scripts/api.mjs (`npm run api`) and held to this list by tests/js/api-declaration.test.mjs.
//
// An argument's kind says what JS passes and how the facade converts it:
//   numbers   nested arrays of finite numbers, any rank          -> a tensor
//   tokens    nested arrays of token ids                         -> a tensor of integers
//   number    a number (the engine says which numbers it takes)
//   whole     a whole number >= 0 (the rule is the engine's: whole_number.hpp)
//   integer   an integer, negative counting from the end (an axis)
//   text      a string;  answer: a string or a number (what a student typed)
//   bytes     a Uint8Array;  progress: a function (done, total)
//   params    an object of tensors, named as the engine reads them (lab.parameters[params],
//             cpp/lab/layers/param_fields.hpp)
//   options   an object of the engine's options for OPTIONS-KEY (lab.options[key])
//   spec, saved   the objects described by PredictionSpec and SavedModel (index.d.ts)

const arg = (name, kind, more = {}) => ({ name, kind, ...more });
const optional = (name, kind, fallback, more = {}) => ({ name, kind, optional: true, fallback, ...more });
const options = (key, more = {}) => ({ name: 'options', kind: 'options', options: key, optional: true, ...more });
const params = (schema, more = {}) => ({ name: 'params', kind: 'params', params: schema, ...more });

const MHA_RESULT = {
  output: 'Numbers',
  weights: 'Numbers',
  heads: 'Numbers',
  concat: 'Numbers',
  scores: 'Numbers',
  q: 'Numbers',
  k: 'Numbers',
  v: 'Numbers',
};

// How a generation's token was drawn (§7.1): u fell in [below, upto), the token's slice of the
// running sums, prob its width; u is null when greedy. Every generation gives it for each token.
const DRAW = { token: 'number', prob: 'number', below: 'number', upto: 'number', u: 'number | null' };

// What a model's generate and generateMore give: the tokens, each new one's draw, and whether
// the end token came.
const GENERATED = {
  tokens: 'number[]',
  draws: [DRAW],
  ended: 'boolean',
};

// Each entry: `name` as JS calls it (`checks.permutationGap`, `model.trainStep`), `args`,
// `returns`, `doc` (lines for the README and the TypeScript declarations),
// `group`, the README block it is listed in, and which module has it: the worked examples' (by
// default), the extras' (`extras`: the practice set's problems and the models), or both
// (`part: 'common'`). In Node and the single file one module has every part. `engine` is the
// module's name of the function when it is not the last part of `name`, and `tail` what the
// facade passes after the declared arguments (which reduction opReduce computes).
//
// A result is a type name, an object of results, or a list of one such object ([{...}]). The
// facade converts what the engine returns as the type names say:
//   Numbers   a tensor, as nested arrays        Trace   a trace, its steps' tensors as arrays
//   Named     named tensors, as {name: nested arrays}
//   SavedModel  what model.save() gives: its parameters' data as plain arrays, for JSON
// and passes every other type on as it is (number, string, Verdict, Model, …: the TypeScript
// type index.d.ts gives it). An object's keys are the result's keys, and no others.
export const API = [
  // ---- the worked examples ----
  {
    name: 'softmax',
    args: [arg('x', 'numbers')],
    returns: 'Numbers',
    doc: ['over the last axis, any rank >= 1; same shape out'],
  },
  {
    name: 'attention',
    args: [arg('q', 'numbers'), arg('k', 'numbers'), arg('v', 'numbers'), options('attention')],
    returns: { scores: 'Numbers', weights: 'Numbers', output: 'Numbers' },
    doc: [
      'q [..., Tq, dk], k [..., Tk, dk], v [..., Tk, dv] with 0, 1 or 2 equal leading axes',
      'mask: booleans [Tq][Tk], true = may attend (combined with causal); scale: default 1/sqrt(dk)',
      'causal keeps key j for query i when j <= i; scores: scaled, before masking',
    ],
  },
  {
    name: 'multiHeadAttention',
    args: [arg('x', 'numbers', { shape: '[T][D] or [B][T][D]' }), params('mha'), options('multiHeadAttention')],
    returns: MHA_RESULT,
    doc: [
      'params: {wQKV, bQKV?} or {wQ, wK, wV, bQ?, bK?, bV?}; plus wO?, bO?',
      'widths from the shapes: wQ, wK [D][H*dk], wV [D][H*dv], wO [H*dv][D]; no wO = identity',
      'weights [..., H, T, T], heads [..., H, T, dv]',
    ],
  },
  {
    name: 'layerNorm',
    args: [arg('x', 'numbers'), arg('gamma', 'numbers'), arg('beta', 'numbers'), optional('eps', 'number', 1e-5)],
    returns: 'Numbers',
    doc: ['across the last axis (one token’s features); eps > 0'],
  },
  {
    name: 'rmsNorm',
    args: [arg('x', 'numbers'), arg('gain', 'numbers'), optional('eps', 'number', 1e-5)],
    returns: 'Numbers',
    doc: ['across the last axis: x / sqrt(mean(x²) + eps) · gain; eps > 0'],
  },
  {
    name: 'feedForward',
    args: [arg('x', 'numbers'), params('ffn'), options('feedForward')],
    returns: { output: 'Numbers', hidden: 'Numbers', pre: 'Numbers' },
    doc: ['params: {w1, b1?, w2, b2?, wGate?, bGate?}; gated: act(x w1) * (x wGate), then w2'],
  },
  {
    name: 'block',
    args: [arg('x', 'numbers'), params('block'), options('block')],
    returns: { output: 'Numbers', attention: MHA_RESULT, trace: 'Trace' },
    doc: [
      'params: {attn, ffn, norm1?, norm2?}; norm1/norm2: {gamma, beta} for layer, {gain} for rms;',
      'absent = gamma 1, beta 0',
      'pre:  H = X + MHA(LN(X)),  Y = H + FFN(LN(H));   post: H = LN(X + MHA(X)),  Y = LN(H + FFN(H))',
    ],
  },
  {
    name: 'decoderBlock',
    args: [
      arg('x', 'numbers', { shape: '[T_dec][D] or [B][T_dec][D]' }),
      arg('memory', 'numbers', { shape: '[T_enc][D] or [B][T_enc][D]' }),
      params('decoder'),
      options('decoderBlock'),
    ],
    returns: { output: 'Numbers', selfWeights: 'Numbers', crossWeights: 'Numbers', trace: 'Trace' },
    doc: [
      'memory: the encoder’s output; params: {selfAttn, crossAttn, ffn, norm1?, norm2?, norm3?}',
      'selfAttn as block’s attn; crossAttn with separate wQ (applied to x), wK and wV (to memory)',
      'post: h1 = LN1(x + SA(x)),  h2 = LN2(h1 + CA(h1, m)),  y = LN3(h2 + FFN(h2))',
      'pre:  h1 = x + SA(LN1(x)),  h2 = h1 + CA(LN2(h1), m),  y = h2 + FFN(LN3(h2))',
      'the memory is not normalised here; causal masks the self-attention only',
      'selfWeights [B][H][T_dec][T_dec], crossWeights [B][H][T_dec][T_enc]',
      '= PyTorch’s nn.TransformerDecoderLayer with dropout 0 (norm_first = arrangement pre);',
      'block with causal: false is the matching encoder layer',
    ],
  },
  {
    name: 'sinusoidalPositions',
    args: [arg('T', 'whole'), arg('D', 'whole')],
    returns: 'Numbers',
    doc: ['the table [T][D] of §5’s sines and cosines'],
  },
  {
    name: 'lmForward',
    args: [arg('tokens', 'tokens', { shape: '[T+1] or [B][T+1]' }), params('lm'), options('lmForward')],
    returns: { logits: 'Numbers', probs: 'Numbers', losses: 'Numbers', loss: 'number', trace: 'Trace' },
    doc: [
      'tokens: inputs tokens[:-1], targets tokens[1:]',
      'params: {embedding [V][D], positions? [Tmax][D], blocks: [...], finalNorm?, head? [D][V]}',
      '(no head: tied to the embedding)',
      'maskBlocks: one boolean per block, whether that block applies the causal mask (§7.3)',
      'loss: the mean over every scored position (all B*T); trace: [] with trace: false',
    ],
  },
  {
    name: 'crossEntropy',
    args: [arg('logits', 'numbers', { shape: '[N][V]' }), arg('targets', 'tokens', { shape: '[N]' })],
    returns: { losses: 'Numbers', probs: 'Numbers', loss: 'number' },
    doc: ['the loss of §7.2 per row, in nats'],
  },
  {
    name: 'generate',
    args: [arg('promptTokens', 'tokens'), params('lm'), options('generate')],
    returns: {
      tokens: 'number[]',
      stoppedAtEos: 'boolean',
      steps: [
        {
          ...DRAW,
          position: 'number',
          logits: 'Numbers',
          probs: 'Numbers',
          cumulative: 'Numbers',
          naiveMultiplyAdds: 'number',
          cachedMultiplyAdds: 'number',
          cachedNumbers: 'number',
        },
      ],
    },
    doc: [
      'temperature 0 is greedy (u = null); otherwise u is the seeded uniform number and token is',
      'the first index whose cumulative probability exceeds u',
      'cache: keep every position’s keys and values and compute only the new position (Handout',
      '#12); tokens, logits and probabilities are those of recomputing, bit for bit. Every block',
      'must be causal. Each step reports its pass’s multiply-adds both ways and the numbers a',
      'cache holds after it (2 L T D with H d_k = H d_v = D)',
    ],
  },
  {
    name: 'paramCount',
    args: [arg('config', 'options', { options: 'paramCount' })],
    returns: { total: 'number', headWidth: 'number', breakdown: 'Record<string, number>' },
    doc: [
      'attentionOnly: W_Q, W_K, W_V, W_O (+ biases), §4’s count; bias: every linear layer’s bias',
      'and LayerNorm’s beta, as nanoGPT’s bias. Breakdown names are keys, dotted paths of',
      'identifiers: W_Q … W_O, attention.bias, embedding, positions, block0.norm1, block0.ffn.W_1,',
      'decoder.block0.cross.W_Q, final_norm, lm_head. encoderLayers > 0: an encoder-decoder laid',
      'out as PyTorch’s nn.Transformer (decoder blocks with cross-attention and norm3, a final',
      'norm after each stack, one shared embedding)',
    ],
  },
  {
    name: 'checks.futureDependence',
    args: [arg('inputs', 'tokens'), params('lm'), options('futureDependence')],
    returns: 'Numbers',
    doc: ['[T][T]: the largest change of position i’s logits when token j changes (§7.3)'],
  },
  {
    name: 'checks.permutationGap',
    args: [arg('inputs', 'tokens'), arg('perm', 'tokens'), params('lm'), options('permutationGap')],
    returns: 'number',
    doc: ['max |f(P w) - P f(w)|: 0 when equivariant (§6.1)'],
  },
  {
    name: 'checks.fusedVsSeparateGap',
    args: [arg('x', 'numbers', { shape: '[B][T][D]' }), params('mha'), options('fusedVsSeparateGap')],
    returns: 'number',
    doc: ['the largest difference between one fused W_QKV and separate W_Q, W_K, W_V'],
  },
  {
    name: 'checks.maxRowSumError',
    args: [arg('weights', 'numbers')],
    returns: 'number',
    doc: ['max |1 - row sum| over the last axis'],
  },
  {
    name: 'checks.scoreVariance',
    args: [arg('settings', 'options', { options: 'scoreVariance' })],
    returns: { raw: 'number', scaled: 'number', expectedRaw: 'number', expectedScaled: 'number' },
    doc: ['§3.1: the variance of q · k for random q, k, with and without 1/sqrt(dk)'],
  },
  {
    name: 'attentionCost',
    args: [arg('dims', 'options', { options: 'attentionCost' })],
    returns: { weightEntries: 'number', multiplyAdds: 'number' },
    doc: ['§4.2: the attention weights stored (B·H·T²) and the products computed'],
  },
  {
    name: 'ops.exp',
    engine: 'opExp',
    args: [arg('x', 'numbers')],
    returns: 'Numbers',
    doc: ['e^x entry by entry; refused past 709.78, where a double overflows'],
  },
  {
    name: 'ops.expShifted',
    engine: 'opExpShifted',
    args: [arg('x', 'numbers')],
    returns: 'Numbers',
    doc: ['e^(x - max) over the last axis, softmax’s numerators'],
  },
  ...['sum', 'mean', 'variance'].map((op) => ({
    name: `ops.${op}`,
    engine: 'opReduce',
    tail: [op],
    args: [arg('x', 'numbers'), optional('axis', 'integer', -1)],
    returns: 'Numbers',
    doc: [`the ${op} over one axis (negative counts from the end)`],
  })),
  {
    name: 'ops.matmul',
    engine: 'opMatmul',
    args: [arg('a', 'numbers', { shape: '[N][K]' }), arg('b', 'numbers', { shape: '[K][M]' })],
    returns: 'Numbers',
    doc: ['a @ b'],
  },
  {
    name: 'ops.maxAbsDifference',
    engine: 'opMaxAbsDifference',
    args: [arg('a', 'numbers'), arg('b', 'numbers')],
    returns: 'number',
    doc: ['max |a - b| over two arrays of one shape'],
  },
  {
    name: 'ops.scaleRows',
    engine: 'opScaleRows',
    args: [arg('w', 'numbers', { shape: '[N][M]' }), arg('m', 'numbers', { shape: '[N]' })],
    returns: 'Numbers',
    doc: ['row i of w times m[i]'],
  },
  {
    name: 'ops.softmaxJacobian',
    engine: 'opSoftmaxJacobian',
    args: [arg('s', 'numbers', { shape: '[N]' })],
    returns: 'Numbers',
    doc: ['§2.2: diag(s) - s sᵀ for a softmax output s'],
  },
  {
    name: 'parseNumber',
    args: [arg('typed', 'answer')],
    returns: 'ParsedNumber',
    part: 'common',
    doc: ['a number as a student types it: 0.5, 1/2, ln 2, sqrt(2)*ln(2); never throws'],
  },
  {
    name: 'memory',
    args: [],
    returns: { heapInUse: 'number', liveHandles: 'number', memoryBytes: 'number' },
    part: 'common',
    doc: ['leak checks: bytes in use inside the module, JS values the C++ side holds, memory size'],
  },

  // ---- the practice set ----
  {
    name: 'practice.checkValue',
    engine: 'practiceCheckValue',
    args: [arg('answer', 'answer'), arg('spec', 'spec')],
    returns: 'Verdict',
    group: 'practice',
    part: 'common',
    doc: ['checks a prediction of a worked example’s step; never throws for what was typed'],
  },
  {
    name: 'practice.families',
    engine: 'practiceFamilies',
    args: [],
    returns: [{ id: 'string', section: 'string', format: 'string', fewAnswers: 'boolean' }],
    group: 'practice',
    extras: true,
    doc: [
      'the families of generated problems; fewAnswers: its answers come from a small set (a word,',
      'a few runs of positions, an einsum string), so a class can share them whatever the seeds',
    ],
  },
  {
    name: 'practice.generate',
    engine: 'practiceGenerate',
    args: [arg('id', 'text'), optional('seed', 'whole', 0), optional('edition', 'whole', 0)],
    returns: {
      id: 'string',
      seed: 'number',
      section: 'string',
      format: 'string',
      variant: 'string',
      given: 'Named',
      words: 'string[]',
    },
    group: 'practice',
    extras: true,
    doc: [
      'one problem of a family, the same for the same seed and edition; it holds no answer',
      'edition: of the problem set, 0 = the latest (an assignment keeps the edition it was made in)',
    ],
  },
  {
    name: 'practice.check',
    engine: 'practiceCheck',
    args: [arg('id', 'text'), arg('seed', 'whole'), arg('answer', 'answer'), optional('edition', 'whole', 0)],
    returns: 'Verdict',
    group: 'practice',
    extras: true,
    doc: ['checks a typed answer; never throws for what was typed (unreadable text is not an attempt)'],
  },
  {
    name: 'practice.solution',
    engine: 'practiceSolution',
    args: [arg('id', 'text'), optional('seed', 'whole', 0), optional('edition', 'whole', 0)],
    returns: {
      answer: 'string',
      answerValue: 'Answer',
      format: 'string',
      steps: [{ key: 'string', values: 'Named' }],
      misconceptions: [{ id: 'string', section: 'string', answer: 'string' }],
    },
    group: 'practice',
    extras: true,
    doc: ['the worked solution as keys and numbers; the page words them'],
  },

  // ---- training and opened models ----
  {
    name: 'createModel',
    args: [arg('config', 'options', { options: 'createModel' })],
    returns: 'Model',
    group: 'training',
    extras: true,
    doc: [
      'nanoGPT’s GPTConfig names may stand for the lab’s (one name per setting, not both); the',
      'defaults are already nanoGPT’s (GELU, pre-norm, LayerNorm, learned positions, tied head,',
      '4·C), so createModel({vocab_size, block_size, n_layer, n_head, n_embd, bias: false}) is',
      'GPT(GPTConfig(...)) with dropout 0: the same parameters, logits and loss. bias false: no',
      'biases in any linear layer and no beta in LayerNorm; maskBlocks: one flag per block (§7.3)',
    ],
  },
  {
    name: 'loadModel',
    args: [arg('saved', 'saved')],
    returns: 'Model',
    group: 'training',
    extras: true,
    doc: ['a model from what model.save() wrote, bit for bit'],
  },
  {
    name: 'loadCheckpoint',
    args: [
      arg('bytes', 'bytes'),
      options('loadCheckpoint', { names: true }),
      { name: 'onProgress', kind: 'progress', optional: true },
    ],
    returns: 'Model',
    group: 'training',
    extras: true,
    doc: [
      'bytes: a .safetensors file of nanoGPT’s GPT or of GPT-2; the file’s shapes and its',
      '__metadata__ (GPTConfig’s fields) give the configuration, and the options given here win',
      '(n_head, which shapes cannot tell, must come from one of them). options.names: a name map',
      '{"their name": "the name read"} ({layer}, {head} for numbers). onProgress(done, total):',
      'bytes read, after each tensor. Up to 200 M parameters; one above createModel’s 2^24 is',
      'read (evaluate, generate, inspect, the checks) but not trained, and leaves as a file',
    ],
  },
  {
    name: 'model.trainStep',
    args: [arg('batch', 'tokens', { shape: '[B][T+1]' }), options('trainStep')],
    returns: { loss: 'number', gradNorm: 'number', lr: 'number' },
    group: 'training',
    doc: ['one step of the optimiser on a batch of token ids (float32)'],
  },
  {
    name: 'model.evaluate',
    args: [arg('batch', 'tokens', { shape: '[B][T+1]' }), options('evaluate')],
    returns: { loss: 'number' },
    group: 'training',
    doc: ['causal: the mask in every block, as generation sees it'],
  },
  {
    name: 'model.generate',
    args: [arg('promptTokens', 'tokens'), options('modelGenerate')],
    returns: GENERATED,
    group: 'training',
    doc: [
      'past T: the last T; draws: per new token, §7.1’s inverse-CDF draw (u fell in [below,',
      'upto), the token’s slice of the running sums; u null when greedy); ended: the end token',
      'came. When every block is causal (causal: true, or the model’s mask), each new token runs',
      'alone against the keys and values kept from the earlier ones (Handout #12), the same',
      'logits bit for bit; past T each step recomputes the last T',
    ],
  },
  {
    name: 'model.generateMore',
    args: [arg('steps', 'whole')],
    returns: GENERATED,
    group: 'training',
    doc: [
      'steps more tokens of the last generate (only the new ones), exactly those one longer',
      'generate would have made: the same cache and random stream, so a page can show each token',
      'as it comes and stop between them. None once ended; refused before any generate, after',
      'one that failed, or after a trainStep',
    ],
  },
  {
    name: 'model.futureDependence',
    args: [arg('tokens', 'tokens'), arg('position', 'whole')],
    returns: 'number[]',
    group: 'training',
    doc: [
      '§7.3: per position, the largest change of its logits when the token at `position` becomes',
      'the next id (0 before it under the causal mask)',
    ],
  },
  {
    name: 'model.permutationGap',
    args: [arg('tokens', 'tokens'), arg('perm', 'tokens')],
    returns: 'number',
    group: 'training',
    doc: ['§6.1: max |f(P w) - P f(w)| over the logits'],
  },
  {
    name: 'model.describe',
    args: [],
    returns: { config: 'CreateModelOptions', parameterCount: 'number' },
    group: 'training',
    doc: ['config as createModel’s options'],
  },
  {
    name: 'model.inspect',
    args: [arg('tokens', 'tokens'), options('inspect')],
    returns: { weights: 'Numbers', probs: 'Numbers', entropy: 'Numbers' },
    group: 'training',
    doc: ['weights [L][H][T][T], probs [T][V], entropy [L][H]; §2.2’s interventions'],
  },
  {
    name: 'model.headScores',
    args: [arg('tokens', 'tokens'), options('headScores')],
    returns: { previousToken: 'Numbers', duplicate: 'Numbers', induction: 'Numbers' },
    group: 'training',
    doc: [
      '§2.2 and §4: each [L][H], mean attention from i to i − 1 (previousToken), and, on a sequence',
      'whose token at i >= period is the one at i − period, to i − period (duplicate) and to',
      'i − period + 1 (induction: the token that followed this one before)',
    ],
  },
  {
    name: 'model.ablationLoss',
    args: [arg('tokens', 'tokens'), options('ablationLoss')],
    returns: { base: 'number', losses: 'Numbers', single: 'Numbers', together: 'number | null' },
    group: 'training',
    doc: [
      '§2.2’s test by removal: mean loss (nats) of the targets at positions >= from (inputs',
      'tokens[:-1], targets tokens[1:]), as is (base), with each head removed alone (single',
      '[L][H]), or with `heads` removed together (together; single is then []); ablate zero|mean;',
      'losses: every target’s own loss as the model is, targets 1 .. n − 1',
    ],
  },
  {
    name: 'model.parameters',
    args: [],
    returns: 'Named',
    group: 'training',
    doc: ['every parameter by name'],
  },
  {
    name: 'model.save',
    args: [],
    returns: 'SavedModel',
    group: 'training',
    doc: ['a plain object that JSON.stringify writes and loadModel reads back bit for bit'],
  },
  {
    name: 'model.exportSafetensors',
    args: [],
    returns: 'Uint8Array',
    group: 'training',
    doc: ['nanoGPT’s checkpoint of the model (a .safetensors file)'],
  },
  {
    name: 'model.delete',
    args: [],
    returns: 'void',
    group: 'training',
    doc: ['frees the model inside the engine'],
  },
];

// The values of `lab` that are not functions.
export const PROPERTIES = [
  {
    name: 'options',
    returns: 'Record<string, OptionDeclaration[]>',
    doc: [
      'every function’s options as the engine declares them:',
      '{createModel: [{name, type, fallback, choices, alias?}], …}',
    ],
  },
  {
    name: 'parameters',
    returns: 'Record<string, ParameterDeclaration>',
    doc: [
      'every parameter object’s names as the engine reads them: a tensor’s shape, another',
      'object’s schema, or a list of one: {mha: {wQ: "[D][H*dk]", …}, block: {attn: "mha", …}, …}',
    ],
  },
  {
    name: 'practice.tolerance',
    returns: { relative: 'number', floor: 'number' },
    group: 'practice',
    doc: [
      'the rule for numbers: each entry within `relative` of its size, an entry smaller than',
      '`floor` times the largest counting as that size',
    ],
  },
  {
    name: 'practice.edition',
    returns: 'number',
    group: 'practice',
    extras: true,
    doc: [
      'the problem set’s latest edition; a family whose draws changed keeps its earlier ones',
      'for the earlier editions, so an assignment’s problems never change under a class',
    ],
  },
  {
    name: 'practice.formats',
    returns: 'string[]',
    group: 'practice',
    doc: ['every answer format a problem or a prediction may have'],
  },
];

export const declared = Object.fromEntries(API.map((f) => [f.name, f]));
