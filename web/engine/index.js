// The public JS API of the engine (package.json "main"): loadEngine() resolves to `lab`, whose
// functions take and return plain nested arrays. This facade checks names and types, converts
// arrays, and calls the WebAssembly module; it computes nothing itself.
import createAttentionLab from '../../build/wasm/attention_lab.cjs';
import { practice as text } from '../strings.js';
import { describe, fromTensor, toTensor } from './arrays.js';

// ---- option and parameter schemas (names exactly as in the API contract) ----

const LM_OPTIONS = {
  heads: 'integer',
  causal: 'boolean',
  arrangement: 'string',
  norm: 'string',
  activation: 'string',
  gated: 'boolean',
  positions: 'string',
  maskBlocks: 'boolean[]',
};
const OPTIONS = {
  attention: { causal: 'boolean', mask: 'mask', scale: 'number' },
  multiHeadAttention: { heads: 'integer', causal: 'boolean' },
  feedForward: { activation: 'string', gated: 'boolean' },
  block: {
    heads: 'integer',
    causal: 'boolean',
    arrangement: 'string',
    norm: 'string',
    activation: 'string',
    gated: 'boolean',
  },
  lmForward: { ...LM_OPTIONS, trace: 'boolean' },
  generate: { ...LM_OPTIONS, steps: 'integer', temperature: 'number', seed: 'integer', eos: 'integer' },
  futureDependence: LM_OPTIONS,
  permutationGap: LM_OPTIONS,
  fusedVsSeparateGap: { heads: 'integer', causal: 'boolean' },
  paramCount: {
    vocab: 'integer',
    D: 'integer',
    heads: 'integer',
    layers: 'integer',
    ffnMult: 'integer',
    bias: 'boolean',
    positions: 'string',
    maxT: 'integer',
    tied: 'boolean',
    norm: 'string',
    finalNorm: 'boolean',
    gated: 'boolean',
    attentionOnly: 'boolean',
  },
  scoreVariance: { dk: 'integer', samples: 'integer', sigma: 'number', seed: 'integer' },
  attentionCost: { B: 'integer', H: 'integer', T: 'integer', D: 'integer' },
  createModel: {
    vocab: 'integer',
    D: 'integer',
    heads: 'integer',
    layers: 'integer',
    T: 'integer',
    ffnMult: 'integer',
    activation: 'string',
    arrangement: 'string',
    norm: 'string',
    positions: 'string',
    tied: 'boolean',
    gated: 'boolean',
    maskBlocks: 'boolean[]',
    scaled: 'boolean',
    seed: 'integer',
  },
  trainStep: {
    optimizer: 'string',
    lr: 'number',
    weightDecay: 'number',
    clip: 'number',
    warmup: 'integer',
    totalSteps: 'integer',
  },
  modelGenerate: { steps: 'integer', temperature: 'number', seed: 'integer', eos: 'integer', causal: 'boolean' },
  evaluate: { causal: 'boolean' },
  inspect: { ablateHeads: 'integer[][]', hideTokens: 'integer[]' },
};

const TENSOR = 'tensor';
const MHA = {
  wQ: TENSOR,
  wK: TENSOR,
  wV: TENSOR,
  bQ: TENSOR,
  bK: TENSOR,
  bV: TENSOR,
  wQKV: TENSOR,
  bQKV: TENSOR,
  wO: TENSOR,
  bO: TENSOR,
};
const FFN = { w1: TENSOR, b1: TENSOR, w2: TENSOR, b2: TENSOR, wGate: TENSOR, bGate: TENSOR };
const NORM = { gamma: TENSOR, beta: TENSOR, gain: TENSOR };
const BLOCK = { attn: MHA, ffn: FFN, norm1: NORM, norm2: NORM };
const LM = { embedding: TENSOR, positions: TENSOR, blocks: [BLOCK], finalNorm: NORM, head: TENSOR };

const TYPE_CHECKS = {
  boolean: [(v) => typeof v === 'boolean', 'true or false'],
  number: [(v) => typeof v === 'number' && Number.isFinite(v), 'a finite number'],
  integer: [(v) => Number.isInteger(v) && v >= 0, 'a whole number >= 0'],
  string: [(v) => typeof v === 'string', 'a string'],
};

const isPlainObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x) && !ArrayBuffer.isView(x);

// Checks option names and types against OPTIONS[fn]; returns the object for the engine.
function options(fn, opts, what = 'options') {
  if (opts === undefined || opts === null) return {};
  if (!isPlainObject(opts)) throw new Error(`${fn}: ${what} must be an object, got ${describe(opts)}`);
  const allowed = OPTIONS[fn];
  const out = {};
  for (const [key, value] of Object.entries(opts)) {
    const type = allowed[key];
    if (!type) throw new Error(`${fn}: unknown option '${key}' (expected one of ${Object.keys(allowed).join(', ')})`);
    if (value === undefined) continue;
    if (type === 'mask') {
      out.mask = toTensor(value, fn, 'mask', 'boolean');
    } else if (type === 'boolean[]') {
      out[key] = toTensor(value, fn, key, 'boolean').data;
    } else if (type === 'integer[]' || type === 'integer[][]') {
      const t = toTensor(value, fn, key, 'integer');
      const rank = type === 'integer[]' ? 1 : 2;
      if (t.shape.length !== rank && t.data.length) {
        throw new Error(
          `${fn}: option ${key} must be ${rank === 1 ? 'a list of whole numbers' : 'a list of [layer, head] pairs'}, got shape [${t.shape}]`,
        );
      }
      if (rank === 2 && t.data.length && t.shape[1] !== 2)
        throw new Error(`${fn}: option ${key} must hold [layer, head] pairs, got rows of ${t.shape[1]}`);
      out[key] =
        rank === 1
          ? Array.from(t.data)
          : Array.from({ length: t.shape[0] || 0 }, (_, i) => [t.data[2 * i], t.data[2 * i + 1]]);
    } else {
      const [test, want] = TYPE_CHECKS[type];
      if (!test(value)) throw new Error(`${fn}: option ${key} must be ${want}, got ${describe(value)}`);
      out[key] = value;
    }
  }
  return out;
}

// Converts every tensor of a parameter object following `schema`; unknown names are errors,
// so a typo such as `wq` is reported rather than silently ignored.
function params(fn, value, schema, path) {
  if (!isPlainObject(value)) throw new Error(`${fn}: ${path} must be an object, got ${describe(value)}`);
  const out = {};
  for (const [key, v] of Object.entries(value)) {
    const sub = schema[key];
    const where = `${path}.${key}`;
    if (!sub) throw new Error(`${fn}: unknown parameter ${where} (expected one of ${Object.keys(schema).join(', ')})`);
    if (v === undefined || v === null) continue;
    if (sub === TENSOR) out[key] = toTensor(v, fn, where);
    else if (Array.isArray(sub)) {
      if (!Array.isArray(v)) throw new Error(`${fn}: ${where} must be an array, got ${describe(v)}`);
      out[key] = v.map((item, i) => params(fn, item, sub[0], `${where}[${i}]`));
    } else out[key] = params(fn, v, sub, where);
  }
  return out;
}

const tokens = (fn, value, name) => toTensor(value, fn, name, 'integer');

// ---- results back to nested arrays ----

const nested = (r, keys) => Object.fromEntries(keys.map((k) => [k, fromTensor(r[k])]));
const trace = (steps) =>
  steps.map((s) => ({ name: s.name, formula: s.formula, shape: s.shape, values: fromTensor(s) }));
const MHA_KEYS = ['output', 'weights', 'heads', 'concat', 'scores', 'q', 'k', 'v'];

// The module's functions return a JS Error instead of throwing one (see guarded() in
// bindings.cpp); this wraps each so that callers get an ordinary throw.
function throwing(raw) {
  const wrapped = {};
  for (const name of Object.keys(raw)) {
    wrapped[name] = (...args) => {
      const r = raw[name](...args);
      if (r instanceof Error) throw r;
      return r;
    };
  }
  return wrapped;
}

const BOUND = [
  'softmax',
  'attention',
  'multiHeadAttention',
  'layerNorm',
  'rmsNorm',
  'feedForward',
  'block',
  'sinusoidalPositions',
  'lmForward',
  'crossEntropy',
  'generate',
  'paramCount',
  'futureDependence',
  'permutationGap',
  'fusedVsSeparateGap',
  'maxRowSumError',
  'scoreVariance',
  'opExp',
  'opReduce',
  'opMatmul',
  'opScaleRows',
  'opSoftmaxJacobian',
  'attentionCost',
  'practiceFamilies',
  'practiceGenerate',
  'practiceCheck',
  'practiceSolution',
  'practiceCheckValue',
  'practiceTolerance',
  'parseNumber',
  'modelCreate',
  'modelTrainStep',
  'modelEvaluate',
  'modelGenerate',
  'modelParameters',
  'modelInspect',
  'modelSave',
  'modelLoad',
  'modelDelete',
];

function axisOf(fn, axis) {
  if (!Number.isInteger(axis))
    throw new Error(`${fn}: axis must be an integer (negative counts from the end), got ${describe(axis)}`);
  return axis;
}

// Practice problems come from the engine as keys and numbers; the text is worded here from
// the strings module, so that a translation changes no code.
function practiceArgs(fn, id, seed) {
  if (typeof id !== 'string')
    throw new Error(`practice.${fn}: id must be a family id such as "retrieval", got ${describe(id)}`);
  if (!Number.isInteger(seed) || seed < 0)
    throw new Error(`practice.${fn}: seed must be a whole number >= 0, got ${describe(seed)}`);
}
const named = (values) => Object.fromEntries(values.map((v) => [v.name, fromTensor(v)]));

// An entry as the page labels it, counting from 0: [1] in a vector, [1][0] in a matrix.
const entryLabel = (i, shape) => (shape.length === 2 ? `[${Math.floor(i / shape[1])}][${i % shape[1]}]` : `[${i}]`);

// The engine's verdict in words: how the answer was read, and what is wrong with it. `readable`
// says whether the text was an answer at all (unreadable text is not an attempt).
function worded(c, format, rule) {
  const feedback = [];
  if (!c.readable) feedback.push(text.unreadable(text.formats[format], c.error));
  else if (c.correct) feedback.push(text.correct, text.readAs(c.parsed));
  else {
    feedback.push(text.notYet, text.readAs(c.parsed));
    if (c.misconception)
      feedback.push(text.misconception(text.misconceptions[c.misconception], c.misconceptionSection));
    else if (c.shapeMismatch) feedback.push(text.countMismatch(c.expectedCount));
    else if (c.wrongEntries.length && c.expectedCount > 1)
      feedback.push(text.wrongEntries(c.wrongEntries.map((i) => entryLabel(i, c.expectedShape))));
    if (['number', 'vector', 'matrix'].includes(format)) feedback.push(text.tolerance(rule));
  }
  return {
    correct: c.correct,
    readable: c.readable,
    score: c.score,
    feedback: feedback.join(' '),
    misconception: c.misconception,
    section: c.misconception ? c.misconceptionSection : null,
    parsed: c.parsed,
    wrongEntries: c.wrongEntries,
  };
}

function practiceApi(m) {
  const rule = m.practiceTolerance();
  return {
    // The rule for numbers, {relative, floor}: each entry within `relative` of its size, an entry
    // smaller than `floor` times the largest counting as that size.
    tolerance: { ...rule },
    families: () => m.practiceFamilies().map((f) => ({ ...f, title: text.titles[f.id] })),
    generate(id, seed = 0) {
      practiceArgs('generate', id, seed);
      const p = m.practiceGenerate(id, seed);
      const given = named(p.given);
      return {
        id: p.id,
        seed: p.seed,
        section: p.section,
        format: p.format,
        variant: p.variant,
        given,
        words: p.words,
        title: text.titles[p.id],
        prompt: text.prompts[p.id](given, p),
        display: text.displays[p.id]?.(given, p) ?? null,
        hints: text.hints[p.id],
      };
    },
    check(id, seed, answer) {
      practiceArgs('check', id, seed);
      const c = m.practiceCheck(id, seed, typeof answer === 'string' ? answer : String(answer ?? ''));
      return worded(c, c.format, rule);
    },
    // Checks a prediction of a worked example's step: spec = {format, expected, misconceptions:
    // [{id, section, value}], words} with values as the page shows them (numbers or nested arrays).
    checkValue(answer, spec) {
      const fn = 'practice.checkValue';
      if (!spec || !text.formats[spec.format])
        throw new Error(
          `${fn}: spec.format must be one of ${Object.keys(text.formats).join(', ')}, got ${describe(spec && spec.format)}`,
        );
      const value = (v) => (typeof v === 'string' ? v : toTensor(Array.isArray(v) ? v : [v], fn, 'expected'));
      const scalar = (v) => (typeof v === 'number' ? { shape: [], data: new Float64Array([v]) } : value(v));
      const c = m.practiceCheckValue(typeof answer === 'string' ? answer : String(answer ?? ''), {
        format: spec.format,
        expected: scalar(spec.expected),
        misconceptions: (spec.misconceptions || []).map((w) => ({
          id: w.id,
          section: w.section,
          value: scalar(w.value),
        })),
        words: spec.words || [],
      });
      return worded(c, spec.format, rule);
    },
    solution(id, seed = 0) {
      practiceArgs('solution', id, seed);
      const s = m.practiceSolution(id, seed);
      return {
        answer: s.answer,
        format: s.format,
        misconceptions: s.misconceptions.map((w) => ({ ...w, text: text.misconceptions[w.id] })),
        steps: s.steps.map((st) => ({
          key: st.key,
          title: text.steps[st.key] || st.key,
          note: text.stepNotes[st.key] || '',
          values: named(st.values),
        })),
      };
    },
  };
}

// A trainable model: the engine keeps it under a handle; this object converts and checks.
function wrapModel(m, id) {
  const batchOf = (fn, b) => toTensor(b, fn, 'batch', 'integer');
  const list = (params) => Object.fromEntries(params.map((p) => [p.name, fromTensor(p)]));
  return {
    trainStep: (batch, opts) => m.modelTrainStep(id, batchOf('trainStep', batch), options('trainStep', opts)),
    // {causal: true} scores the model under the causal mask in every block, as generation sees it.
    evaluate: (batch, opts) => m.modelEvaluate(id, batchOf('evaluate', batch), options('evaluate', opts)),
    generate: (prompt, opts) =>
      m.modelGenerate(id, toTensor(prompt, 'generate', 'promptTokens', 'integer'), options('modelGenerate', opts)),
    parameters: () => list(m.modelParameters(id)),
    // Attention weights (L, H, T, T), next-token probabilities (T, V) and attention entropy
    // (L, H) for one sequence, optionally with heads ablated or positions hidden (§2.2).
    inspect(sequence, opts) {
      const r = m.modelInspect(id, toTensor(sequence, 'inspect', 'tokens', 'integer'), options('inspect', opts));
      return nested(r, ['weights', 'probs', 'entropy']);
    },
    // A plain object that JSON.stringify can write and lab.loadModel can read back bit for bit.
    save() {
      const s = m.modelSave(id);
      return {
        ...s,
        parameters: s.parameters.map((p) => ({ name: p.name, shape: p.shape, data: Array.from(p.data) })),
      };
    },
    delete: () => {
      m.modelDelete(id);
    },
  };
}

function loadModel(m, saved) {
  const fn = 'loadModel';
  if (!saved || typeof saved !== 'object' || saved.format !== 'attention-lab-model' || saved.version !== 1) {
    throw new Error(
      `${fn}: expected an object saved by model.save() (format "attention-lab-model", version 1), got ${describe(saved)}`,
    );
  }
  if (!Array.isArray(saved.parameters)) throw new Error(`${fn}: the saved model has no parameter list`);
  const parameters = saved.parameters.map((p, i) => {
    if (!p || typeof p.name !== 'string' || !Array.isArray(p.shape) || !Array.isArray(p.data)) {
      throw new Error(`${fn}: parameter ${i} is not {name, shape, data}`);
    }
    const t = toTensor(p.data, fn, p.name);
    return { name: p.name, shape: p.shape, data: t.data };
  });
  return wrapModel(
    m,
    m.modelLoad({ config: options('createModel', saved.config, 'the saved configuration'), parameters }),
  );
}

function makeLab(module) {
  const m = throwing(Object.fromEntries(BOUND.map((name) => [name, module[name]])));
  return {
    softmax: (x) => fromTensor(m.softmax(toTensor(x, 'softmax', 'x'))),

    attention(q, k, v, opts) {
      const fn = 'attention';
      const r = m.attention(toTensor(q, fn, 'q'), toTensor(k, fn, 'k'), toTensor(v, fn, 'v'), options(fn, opts));
      return nested(r, ['scores', 'weights', 'output']);
    },

    multiHeadAttention(x, p, opts) {
      const fn = 'multiHeadAttention';
      return nested(
        m.multiHeadAttention(toTensor(x, fn, 'x'), params(fn, p, MHA, 'params'), options(fn, opts)),
        MHA_KEYS,
      );
    },

    layerNorm(x, gamma, beta, eps = 1e-5) {
      const fn = 'layerNorm';
      if (typeof eps !== 'number') throw new Error(`${fn}: eps must be a number, got ${describe(eps)}`);
      return fromTensor(
        m.layerNorm(toTensor(x, fn, 'x'), toTensor(gamma, fn, 'gamma'), toTensor(beta, fn, 'beta'), eps),
      );
    },

    rmsNorm(x, gain, eps = 1e-5) {
      const fn = 'rmsNorm';
      if (typeof eps !== 'number') throw new Error(`${fn}: eps must be a number, got ${describe(eps)}`);
      return fromTensor(m.rmsNorm(toTensor(x, fn, 'x'), toTensor(gain, fn, 'gain'), eps));
    },

    feedForward(x, p, opts) {
      const fn = 'feedForward';
      return nested(m.feedForward(toTensor(x, fn, 'x'), params(fn, p, FFN, 'params'), options(fn, opts)), [
        'output',
        'hidden',
        'pre',
      ]);
    },

    block(x, p, opts) {
      const fn = 'block';
      const r = m.block(toTensor(x, fn, 'x'), params(fn, p, BLOCK, 'params'), options(fn, opts));
      return { output: fromTensor(r.output), attention: nested(r.attention, MHA_KEYS), trace: trace(r.trace) };
    },

    sinusoidalPositions(T, D) {
      const fn = 'sinusoidalPositions';
      for (const [name, v] of [
        ['T', T],
        ['D', D],
      ]) {
        if (!Number.isInteger(v) || v < 1)
          throw new Error(`${fn}: ${name} must be a whole number >= 1, got ${describe(v)}`);
      }
      return fromTensor(m.sinusoidalPositions(T, D));
    },

    lmForward(toks, p, opts) {
      const fn = 'lmForward';
      const r = m.lmForward(tokens(fn, toks, 'tokens'), params(fn, p, LM, 'params'), options(fn, opts));
      return { ...nested(r, ['logits', 'probs', 'losses']), loss: r.loss, trace: trace(r.trace) }; // [] with trace: false
    },

    crossEntropy(logits, targets) {
      const fn = 'crossEntropy';
      const r = m.crossEntropy(toTensor(logits, fn, 'logits'), tokens(fn, targets, 'targets'));
      return { ...nested(r, ['losses', 'probs']), loss: r.loss };
    },

    generate(prompt, p, opts) {
      const fn = 'generate';
      const r = m.generate(tokens(fn, prompt, 'promptTokens'), params(fn, p, LM, 'params'), options(fn, opts));
      return {
        tokens: r.tokens,
        stoppedAtEos: r.stoppedAtEos,
        steps: r.steps.map((s) => ({ ...s, ...nested(s, ['logits', 'probs', 'cumulative']) })),
      };
    },

    paramCount: (cfg) => m.paramCount(options('paramCount', cfg, 'the configuration')),

    // The lab's checks (§8) and §3.1's demonstration, for the page's live badges.
    checks: {
      futureDependence(inputs, p, opts) {
        const fn = 'futureDependence';
        return fromTensor(
          m.futureDependence(tokens(fn, inputs, 'inputs'), params(fn, p, LM, 'params'), options(fn, opts)),
        );
      },
      permutationGap(inputs, perm, p, opts) {
        const fn = 'permutationGap';
        return m.permutationGap(
          tokens(fn, inputs, 'inputs'),
          tokens(fn, perm, 'perm'),
          params(fn, p, LM, 'params'),
          options(fn, opts),
        );
      },
      fusedVsSeparateGap(x, p, opts) {
        const fn = 'fusedVsSeparateGap';
        return m.fusedVsSeparateGap(toTensor(x, fn, 'x'), params(fn, p, MHA, 'params'), options(fn, opts));
      },
      maxRowSumError: (weights) => m.maxRowSumError(toTensor(weights, 'maxRowSumError', 'weights')),
      scoreVariance: (opts) => m.scoreVariance(options('scoreVariance', opts)),
    },

    // Small operations that the page shows as steps of their own, so that every number on
    // screen comes from the engine.
    ops: {
      exp: (x) => fromTensor(m.opExp(toTensor(x, 'exp', 'x'))),
      sum: (x, axis = -1) => fromTensor(m.opReduce(toTensor(x, 'sum', 'x'), axisOf('sum', axis), 'sum')),
      mean: (x, axis = -1) => fromTensor(m.opReduce(toTensor(x, 'mean', 'x'), axisOf('mean', axis), 'mean')),
      variance: (x, axis = -1) =>
        fromTensor(m.opReduce(toTensor(x, 'variance', 'x'), axisOf('variance', axis), 'variance')),
      matmul: (a, b) => fromTensor(m.opMatmul(toTensor(a, 'matmul', 'a'), toTensor(b, 'matmul', 'b'))),
      scaleRows: (w, rows) =>
        fromTensor(m.opScaleRows(toTensor(w, 'scaleRows', 'w'), toTensor(rows, 'scaleRows', 'm'))),
      softmaxJacobian: (s) => fromTensor(m.opSoftmaxJacobian(toTensor(s, 'softmaxJacobian', 's'))),
    },
    attentionCost: (dims) => m.attentionCost(options('attentionCost', dims, 'the dimensions')),

    // Training (the toy LM in the browser): models live in the engine until model.delete().
    createModel: (config) => wrapModel(m, m.modelCreate(options('createModel', config, 'the configuration'))),
    loadModel: (saved) => loadModel(m, saved),

    // A number as a student types it: 0.5, 1/2, ln 2, sqrt(2)*ln(2) -> {ok, value} or {ok: false, error}.
    parseNumber: (typed) => m.parseNumber(String(typed ?? '')),

    // The practice set: generated problems, checked answers, feedback that names the mistake.
    practice: practiceApi(m),

    // Leak checks: bytes malloc'd inside the module, and JS values held by the C++ side.
    memory: () => ({ heapInUse: module.heapInUse(), liveHandles: module.count_emval_handles() }),
  };
}

let engine;

// Resolves to the `lab` API; the module is instantiated once and shared.
export function loadEngine() {
  if (typeof WebAssembly !== 'object') {
    return Promise.reject(
      new Error('This browser has no WebAssembly support, which Attention Lab needs to compute anything.'),
    );
  }
  engine ??= createAttentionLab().then(makeLab);
  return engine;
}
