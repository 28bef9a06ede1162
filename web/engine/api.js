// Written by scripts/api.mjs (npm run api) from cpp/bindings/api.def, the one declaration of
// the JS API; edit that, not this file. Each function as the facade (index.js) checks its
// arguments and converts its result, and the values of `lab`; api.def says what each key means.
export const API = [
  { name: 'softmax', args: [{ name: 'x', kind: 'numbers' }], returns: 'Numbers' },
  {
    name: 'attention',
    args: [
      { name: 'q', kind: 'numbers' },
      { name: 'k', kind: 'numbers' },
      { name: 'v', kind: 'numbers' },
      { name: 'options', kind: 'options', optional: true, options: 'attention' },
    ],
    returns: { scores: 'Numbers', weights: 'Numbers', output: 'Numbers' },
  },
  {
    name: 'multiHeadAttention',
    args: [
      { name: 'x', kind: 'numbers', shape: '[T][D] or [B][T][D]' },
      { name: 'params', kind: 'params', params: 'mha' },
      { name: 'options', kind: 'options', optional: true, options: 'multiHeadAttention' },
    ],
    returns: {
      output: 'Numbers',
      weights: 'Numbers',
      heads: 'Numbers',
      concat: 'Numbers',
      scores: 'Numbers',
      q: 'Numbers',
      k: 'Numbers',
      v: 'Numbers',
    },
  },
  {
    name: 'layerNorm',
    args: [
      { name: 'x', kind: 'numbers' },
      { name: 'gamma', kind: 'numbers' },
      { name: 'beta', kind: 'numbers' },
      { name: 'eps', kind: 'number', optional: true, fallback: 0.00001 },
    ],
    returns: 'Numbers',
  },
  {
    name: 'rmsNorm',
    args: [
      { name: 'x', kind: 'numbers' },
      { name: 'gain', kind: 'numbers' },
      { name: 'eps', kind: 'number', optional: true, fallback: 0.00001 },
    ],
    returns: 'Numbers',
  },
  {
    name: 'feedForward',
    args: [
      { name: 'x', kind: 'numbers' },
      { name: 'params', kind: 'params', params: 'ffn' },
      { name: 'options', kind: 'options', optional: true, options: 'feedForward' },
    ],
    returns: { output: 'Numbers', hidden: 'Numbers', pre: 'Numbers' },
  },
  {
    name: 'block',
    args: [
      { name: 'x', kind: 'numbers' },
      { name: 'params', kind: 'params', params: 'block' },
      { name: 'options', kind: 'options', optional: true, options: 'block' },
    ],
    returns: {
      output: 'Numbers',
      attention: {
        output: 'Numbers',
        weights: 'Numbers',
        heads: 'Numbers',
        concat: 'Numbers',
        scores: 'Numbers',
        q: 'Numbers',
        k: 'Numbers',
        v: 'Numbers',
      },
      trace: 'Trace',
    },
  },
  {
    name: 'decoderBlock',
    args: [
      { name: 'x', kind: 'numbers', shape: '[T_dec][D] or [B][T_dec][D]' },
      { name: 'memory', kind: 'numbers', shape: '[T_enc][D] or [B][T_enc][D]' },
      { name: 'params', kind: 'params', params: 'decoder' },
      { name: 'options', kind: 'options', optional: true, options: 'decoderBlock' },
    ],
    returns: { output: 'Numbers', selfWeights: 'Numbers', crossWeights: 'Numbers', trace: 'Trace' },
  },
  {
    name: 'sinusoidalPositions',
    args: [
      { name: 'T', kind: 'whole' },
      { name: 'D', kind: 'whole' },
    ],
    returns: 'Numbers',
  },
  {
    name: 'lmForward',
    args: [
      { name: 'tokens', kind: 'tokens', shape: '[T+1] or [B][T+1]' },
      { name: 'params', kind: 'params', params: 'lm' },
      { name: 'options', kind: 'options', optional: true, options: 'lmForward' },
    ],
    returns: { logits: 'Numbers', probs: 'Numbers', losses: 'Numbers', loss: 'number', trace: 'Trace' },
  },
  {
    name: 'crossEntropy',
    args: [
      { name: 'logits', kind: 'numbers', shape: '[N][V]' },
      { name: 'targets', kind: 'tokens', shape: '[N]' },
    ],
    returns: { losses: 'Numbers', probs: 'Numbers', loss: 'number' },
  },
  {
    name: 'generate',
    args: [
      { name: 'promptTokens', kind: 'tokens' },
      { name: 'params', kind: 'params', params: 'lm' },
      { name: 'options', kind: 'options', optional: true, options: 'generate' },
    ],
    returns: {
      tokens: 'number[]',
      stoppedAtEos: 'boolean',
      steps: [
        {
          token: 'number',
          prob: 'number',
          below: 'number',
          upto: 'number',
          u: 'number | null',
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
  },
  {
    name: 'paramCount',
    args: [{ name: 'config', kind: 'options', options: 'paramCount' }],
    returns: { total: 'number', headWidth: 'number', breakdown: 'Record<string, number>' },
  },
  {
    name: 'checks.futureDependence',
    args: [
      { name: 'inputs', kind: 'tokens' },
      { name: 'params', kind: 'params', params: 'lm' },
      { name: 'options', kind: 'options', optional: true, options: 'futureDependence' },
    ],
    returns: 'Numbers',
  },
  {
    name: 'checks.permutationGap',
    args: [
      { name: 'inputs', kind: 'tokens' },
      { name: 'perm', kind: 'tokens' },
      { name: 'params', kind: 'params', params: 'lm' },
      { name: 'options', kind: 'options', optional: true, options: 'permutationGap' },
    ],
    returns: 'number',
  },
  {
    name: 'checks.fusedVsSeparateGap',
    args: [
      { name: 'x', kind: 'numbers', shape: '[B][T][D]' },
      { name: 'params', kind: 'params', params: 'mha' },
      { name: 'options', kind: 'options', optional: true, options: 'fusedVsSeparateGap' },
    ],
    returns: 'number',
  },
  { name: 'checks.maxRowSumError', args: [{ name: 'weights', kind: 'numbers' }], returns: 'number' },
  {
    name: 'checks.scoreVariance',
    args: [{ name: 'settings', kind: 'options', options: 'scoreVariance' }],
    returns: { raw: 'number', scaled: 'number', expectedRaw: 'number', expectedScaled: 'number' },
  },
  {
    name: 'attentionCost',
    args: [{ name: 'dims', kind: 'options', options: 'attentionCost' }],
    returns: { weightEntries: 'number', multiplyAdds: 'number' },
  },
  { name: 'ops.exp', engine: 'opExp', args: [{ name: 'x', kind: 'numbers' }], returns: 'Numbers' },
  { name: 'ops.expShifted', engine: 'opExpShifted', args: [{ name: 'x', kind: 'numbers' }], returns: 'Numbers' },
  {
    name: 'ops.sum',
    engine: 'opSum',
    args: [
      { name: 'x', kind: 'numbers' },
      { name: 'axis', kind: 'integer', optional: true, fallback: -1 },
    ],
    returns: 'Numbers',
  },
  {
    name: 'ops.mean',
    engine: 'opMean',
    args: [
      { name: 'x', kind: 'numbers' },
      { name: 'axis', kind: 'integer', optional: true, fallback: -1 },
    ],
    returns: 'Numbers',
  },
  {
    name: 'ops.variance',
    engine: 'opVariance',
    args: [
      { name: 'x', kind: 'numbers' },
      { name: 'axis', kind: 'integer', optional: true, fallback: -1 },
    ],
    returns: 'Numbers',
  },
  {
    name: 'ops.matmul',
    engine: 'opMatmul',
    args: [
      { name: 'a', kind: 'numbers', shape: '[N][K]' },
      { name: 'b', kind: 'numbers', shape: '[K][M]' },
    ],
    returns: 'Numbers',
  },
  {
    name: 'ops.maxAbsDifference',
    engine: 'opMaxAbsDifference',
    args: [
      { name: 'a', kind: 'numbers' },
      { name: 'b', kind: 'numbers' },
    ],
    returns: 'number',
  },
  {
    name: 'ops.scaleRows',
    engine: 'opScaleRows',
    args: [
      { name: 'w', kind: 'numbers', shape: '[N][M]' },
      { name: 'm', kind: 'numbers', shape: '[N]' },
    ],
    returns: 'Numbers',
  },
  {
    name: 'ops.softmaxJacobian',
    engine: 'opSoftmaxJacobian',
    args: [{ name: 's', kind: 'numbers', shape: '[N]' }],
    returns: 'Numbers',
  },
  { name: 'parseNumber', args: [{ name: 'typed', kind: 'answer' }], returns: 'ParsedNumber', part: 'common' },
  {
    name: 'memory',
    engine: 'heapInUse',
    args: [],
    returns: { heapInUse: 'number', liveHandles: 'number', memoryBytes: 'number' },
    part: 'common',
  },
  {
    name: 'practice.checkValue',
    engine: 'practiceCheckValue',
    args: [
      { name: 'answer', kind: 'answer' },
      { name: 'spec', kind: 'spec' },
    ],
    returns: 'Verdict',
    group: 'practice',
    part: 'common',
  },
  {
    name: 'practice.families',
    engine: 'practiceFamilies',
    args: [],
    returns: [{ id: 'string', section: 'string', format: 'string', fewAnswers: 'boolean' }],
    group: 'practice',
    extras: true,
  },
  {
    name: 'practice.generate',
    engine: 'practiceGenerate',
    args: [
      { name: 'id', kind: 'text' },
      { name: 'seed', kind: 'whole', optional: true, fallback: 0 },
      { name: 'edition', kind: 'whole', optional: true, fallback: 0 },
    ],
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
  },
  {
    name: 'practice.check',
    engine: 'practiceCheck',
    args: [
      { name: 'id', kind: 'text' },
      { name: 'seed', kind: 'whole' },
      { name: 'answer', kind: 'answer' },
      { name: 'edition', kind: 'whole', optional: true, fallback: 0 },
    ],
    returns: 'Verdict',
    group: 'practice',
    extras: true,
  },
  {
    name: 'practice.solution',
    engine: 'practiceSolution',
    args: [
      { name: 'id', kind: 'text' },
      { name: 'seed', kind: 'whole', optional: true, fallback: 0 },
      { name: 'edition', kind: 'whole', optional: true, fallback: 0 },
    ],
    returns: {
      answer: 'string',
      answerValue: 'Answer',
      format: 'string',
      steps: [{ key: 'string', values: 'Named' }],
      misconceptions: [{ id: 'string', section: 'string', answer: 'string' }],
    },
    group: 'practice',
    extras: true,
  },
  {
    name: 'createModel',
    args: [{ name: 'config', kind: 'options', options: 'createModel' }],
    returns: 'Model',
    group: 'training',
    extras: true,
  },
  { name: 'loadModel', args: [{ name: 'saved', kind: 'saved' }], returns: 'Model', group: 'training', extras: true },
  {
    name: 'loadCheckpoint',
    args: [
      { name: 'bytes', kind: 'bytes' },
      { name: 'options', kind: 'options', optional: true, options: 'loadCheckpoint', names: true },
      { name: 'onProgress', kind: 'progress', optional: true },
    ],
    returns: 'Model',
    group: 'training',
    extras: true,
  },
  {
    name: 'model.trainStep',
    args: [
      { name: 'batch', kind: 'tokens', shape: '[B][T+1]' },
      { name: 'options', kind: 'options', optional: true, options: 'trainStep' },
    ],
    returns: { loss: 'number', gradNorm: 'number', lr: 'number' },
    group: 'training',
  },
  {
    name: 'model.evaluate',
    args: [
      { name: 'batch', kind: 'tokens', shape: '[B][T+1]' },
      { name: 'options', kind: 'options', optional: true, options: 'evaluate' },
    ],
    returns: { loss: 'number' },
    group: 'training',
  },
  {
    name: 'model.generate',
    args: [
      { name: 'promptTokens', kind: 'tokens' },
      { name: 'options', kind: 'options', optional: true, options: 'modelGenerate' },
    ],
    returns: {
      tokens: 'number[]',
      draws: [{ token: 'number', prob: 'number', below: 'number', upto: 'number', u: 'number | null' }],
      ended: 'boolean',
    },
    group: 'training',
  },
  {
    name: 'model.generateMore',
    args: [{ name: 'steps', kind: 'whole' }],
    returns: {
      tokens: 'number[]',
      draws: [{ token: 'number', prob: 'number', below: 'number', upto: 'number', u: 'number | null' }],
      ended: 'boolean',
    },
    group: 'training',
  },
  {
    name: 'model.futureDependence',
    args: [
      { name: 'tokens', kind: 'tokens' },
      { name: 'position', kind: 'whole' },
    ],
    returns: 'number[]',
    group: 'training',
  },
  {
    name: 'model.permutationGap',
    args: [
      { name: 'tokens', kind: 'tokens' },
      { name: 'perm', kind: 'tokens' },
    ],
    returns: 'number',
    group: 'training',
  },
  {
    name: 'model.describe',
    args: [],
    returns: { config: 'CreateModelOptions', parameterCount: 'number' },
    group: 'training',
  },
  {
    name: 'model.inspect',
    args: [
      { name: 'tokens', kind: 'tokens' },
      { name: 'options', kind: 'options', optional: true, options: 'inspect' },
    ],
    returns: { weights: 'Numbers', probs: 'Numbers', entropy: 'Numbers' },
    group: 'training',
  },
  {
    name: 'model.headScores',
    args: [
      { name: 'tokens', kind: 'tokens' },
      { name: 'options', kind: 'options', optional: true, options: 'headScores' },
    ],
    returns: { previousToken: 'Numbers', duplicate: 'Numbers', induction: 'Numbers' },
    group: 'training',
  },
  {
    name: 'model.ablationLoss',
    args: [
      { name: 'tokens', kind: 'tokens' },
      { name: 'options', kind: 'options', optional: true, options: 'ablationLoss' },
    ],
    returns: { base: 'number', losses: 'Numbers', single: 'Numbers', together: 'number | null' },
    group: 'training',
  },
  { name: 'model.parameters', args: [], returns: 'Named', group: 'training' },
  { name: 'model.save', args: [], returns: 'SavedModel', group: 'training' },
  { name: 'model.exportSafetensors', args: [], returns: 'Uint8Array', group: 'training' },
  { name: 'model.delete', args: [], returns: 'void', group: 'training' },
];
export const PROPERTIES = [
  { name: 'options', engine: 'optionDeclarations', returns: 'Record<string, OptionDeclaration[]>', part: 'common' },
  {
    name: 'parameters',
    engine: 'parameterDeclarations',
    returns: 'Record<string, ParameterDeclaration>',
    part: 'common',
  },
  {
    name: 'practice.tolerance',
    engine: 'practiceTolerance',
    returns: { relative: 'number', floor: 'number' },
    group: 'practice',
    part: 'common',
  },
  { name: 'practice.edition', engine: 'practiceEdition', returns: 'number', group: 'practice', extras: true },
  { name: 'practice.formats', engine: 'practiceFormats', returns: 'string[]', group: 'practice', part: 'common' },
];
export const declared = Object.fromEntries(API.map((f) => [f.name, f]));
