// The public JS API of the engine (package.json "main"): loadEngine() resolves to `lab`, whose
// functions take and return plain nested arrays. This facade checks names and types, converts
// arrays, and calls the WebAssembly module; it computes nothing itself.
import createAttentionLab from '../../build/wasm/attention_lab.cjs';
import { describe, fromTensor, toTensor } from './arrays.js';
// The facade's messages are English, for the console and Node, from the page's English catalogue.
import english from '../text/en.js';
// The engine refuses with a code and parameters (cpp/lab/core/refusal.hpp); its English sentence
// is the English catalogue's.
import { inEnglish } from '../text/refusal.js';

// A result's refusal ({code, params}) with its English sentence as `message`, as an Error has.
const worded = (refusal) => refusal && { ...refusal, message: inEnglish(refusal) };

// ---- parameter schemas (names exactly as in the API contract) ----
// The options of every function are declared once, in the engine (cpp/lab/boundary/options.cpp),
// and checked here against that declaration before anything crosses into wasm.

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
const DECODER = { selfAttn: MHA, crossAttn: MHA, ffn: FFN, norm1: NORM, norm2: NORM, norm3: NORM };
const LM = { embedding: TENSOR, positions: TENSOR, blocks: [BLOCK], finalNorm: NORM, head: TENSOR };

const TYPE_CHECKS = {
  boolean: [(v) => typeof v === 'boolean', 'true or false'],
  number: [(v) => typeof v === 'number' && Number.isFinite(v), 'a finite number'],
  integer: [(v) => Number.isInteger(v) && v >= 0, 'a whole number >= 0'],
  string: [(v) => typeof v === 'string', 'a string'],
};

const isPlainObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x) && !ArrayBuffer.isView(x);

// A checker of option names and types against the engine's declarations: options(fn, opts)
// returns the object for the engine, arrays converted to tensors.
function optionChecker(declarations) {
  const types = Object.fromEntries(
    Object.entries(declarations).map(([fn, list]) => [fn, Object.fromEntries(list.map((d) => [d.name, d.type]))]),
  );
  return function options(fn, opts, what = 'options') {
    if (opts === undefined || opts === null) return {};
    if (!isPlainObject(opts)) throw new Error(`${fn}: ${what} must be an object, got ${describe(opts)}`);
    const allowed = types[fn];
    const out = {};
    for (const [key, value] of Object.entries(opts)) {
      const type = allowed[key];
      if (!type) throw new Error(`${fn}: unknown option '${key}' (expected one of ${Object.keys(allowed).join(', ')})`);
      if (value === undefined) continue;
      if (type === 'mask' || type === 'boolean[]') {
        out[key] = toTensor(value, fn, key === 'mask' ? 'mask' : key, 'boolean');
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
        out[key] = t;
      } else {
        const [test, want] = TYPE_CHECKS[type];
        if (!test(value)) throw new Error(`${fn}: option ${key} must be ${want}, got ${describe(value)}`);
        out[key] = value;
      }
    }
    return out;
  };
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

// The engine's promise, checked once more where its results cross into JS: no result holds a
// NaN or an infinity (the engine refuses first, naming the step; this is the net under it, for
// a path the engine's own checks missed). The one infinity by design is -Infinity in a trace
// step of masked scores (a name ending in "masked", nanoGPT's masked_fill), where the mask is.
const publicName = (name) =>
  /^op[A-Z]/.test(name)
    ? `ops.${name[2].toLowerCase()}${name.slice(3)}`
    : /^practice[A-Z]/.test(name)
      ? `practice.${name[8].toLowerCase()}${name.slice(9)}`
      : name;
function requireFinite(fn, value, path, masked = false) {
  const bad = (x) => typeof x === 'number' && !Number.isFinite(x) && !(masked && x === -Infinity);
  if (bad(value))
    throw new Error(`${fn}: ${path || 'the result'} is ${value}: the engine returned a value that is not finite`);
  if (ArrayBuffer.isView(value)) {
    const i = value.findIndex(bad);
    if (i >= 0)
      throw new Error(`${fn}: ${path} entry ${i} is ${value[i]}: the engine returned a value that is not finite`);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => requireFinite(fn, v, `${path}[${i}]`, masked));
  } else if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const step = typeof value.name === 'string' && 'data' in value;
    for (const [k, v] of Object.entries(value))
      requireFinite(
        fn,
        v,
        step ? `trace step ${value.name}` : path ? `${path}.${k}` : k,
        step && /masked$/.test(value.name),
      );
  }
}

// The module's functions return a JS Error instead of throwing one (see guarded() in
// cpp/bindings/wasm/convert.hpp); this turns each returned Error into an ordinary throw, and
// checks every other result with requireFinite.
const unwrap = (name, r) => {
  if (r instanceof Error) {
    // The practice engine names itself "practice"; the caller called practice.generate, say. A
    // refusal with a code reads in English here, and keeps `code` and `params` for the page.
    const fn = !r.fn || r.fn === 'practice' ? publicName(name) : r.fn;
    if (r.code) r.message = `${fn}: ${inEnglish(r)}`;
    else if (r.message.startsWith('practice: ')) r.message = `${fn}: ${r.message.slice(10)}`;
    throw r;
  }
  requireFinite(publicName(name), r, '');
  return r;
};
const throwing = (target) =>
  new Proxy(target, {
    get: (t, name) => (typeof t[name] === 'function' ? (...args) => unwrap(name, t[name](...args)) : t[name]),
  });

function axisOf(fn, axis) {
  if (!Number.isInteger(axis))
    throw new Error(`${fn}: axis must be an integer (negative counts from the end), got ${describe(axis)}`);
  return axis;
}

// Practice problems come from the engine as keys and numbers: ids of families, steps and
// mistakes, and the numbers they are about. The page words them (web/page/practice-text.js).
function practiceArgs(fn, id, seed) {
  if (typeof id !== 'string')
    throw new Error(`practice.${fn}: id must be a family id such as "retrieval", got ${describe(id)}`);
  if (!Number.isInteger(seed) || seed < 0)
    throw new Error(`practice.${fn}: seed must be a whole number >= 0, got ${describe(seed)}`);
}
const named = (values) => Object.fromEntries(values.map((v) => [v.name, fromTensor(v)]));

// The engine's verdict: whether the text was an answer at all (`readable`; unreadable text is
// not an attempt), whether it is right, and what is wrong with it, as keys and entry indices.
const verdict = (c, format) => ({
  correct: c.correct,
  readable: c.readable,
  score: c.score,
  format,
  error: worded(c.error), // {code, params, message} when the text was not readable, else null
  parsed: c.parsed, // the answer as read, every digit
  parsedValue: c.parsedValue, // the same as a number, (nested) array or text, for display
  misconception: c.misconception,
  section: c.misconception ? c.misconceptionSection : null,
  shapeMismatch: c.shapeMismatch,
  wrongEntries: c.wrongEntries,
  expectedCount: c.expectedCount,
  expectedShape: c.expectedShape,
});

function practiceApi(m) {
  const rule = m.practiceTolerance();
  const formats = m.practiceFormats();
  return {
    // The rule for numbers, {relative, floor}: each entry within `relative` of its size, an entry
    // smaller than `floor` times the largest counting as that size.
    tolerance: { ...rule },
    // Every answer format a problem or a prediction may have.
    formats,
    // Checks a prediction of a worked example's step: spec = {format, expected, misconceptions:
    // [{id, section, value}], words} with values as the page shows them (numbers or nested arrays).
    checkValue(answer, spec) {
      const fn = 'practice.checkValue';
      if (!spec || !formats.includes(spec.format))
        throw new Error(
          `${fn}: spec.format must be one of ${formats.join(', ')}, got ${describe(spec && spec.format)}`,
        );
      // A prediction is a number, an array of numbers, a shape, a token or a choice; the set
      // formats (positions, pairs) and einsum strings are the generated problems' alone.
      if (['positions', 'pairs', 'einsum'].includes(spec.format))
        throw new Error(`${fn}: spec.format ${spec.format} is checked by practice.check, not by checkValue`);
      const words = spec.format === 'token' || spec.format === 'choice';
      const value = (v, what) => {
        if (words !== (typeof v === 'string'))
          throw new Error(
            `${fn}: ${what} must be ${words ? 'a word' : 'a number or an array of numbers'} for format ${spec.format}, got ${describe(v)}`,
          );
        return words ? v : toTensor(Array.isArray(v) ? v : [v], fn, what);
      };
      const scalar = (v, what) =>
        typeof v === 'number' && !words ? { shape: [], data: new Float64Array([v]) } : value(v, what);
      const c = m.practiceCheckValue(typeof answer === 'string' ? answer : String(answer ?? ''), {
        format: spec.format,
        expected: scalar(spec.expected, 'spec.expected'),
        misconceptions: (spec.misconceptions || []).map((w, i) => ({
          id: w.id,
          section: w.section,
          value: scalar(w.value, `spec.misconceptions[${i}].value`),
        })),
        words: spec.words || [],
      });
      return verdict(c, spec.format);
    },
    // The generated problems, in the builds that have them (not the site's first module).
    ...(typeof m.practiceGenerate === 'function'
      ? {
          families: () => m.practiceFamilies(),
          generate(id, seed = 0) {
            practiceArgs('generate', id, seed);
            const p = m.practiceGenerate(id, seed);
            return { ...p, given: named(p.given) };
          },
          check(id, seed, answer) {
            practiceArgs('check', id, seed);
            const c = m.practiceCheck(id, seed, typeof answer === 'string' ? answer : String(answer ?? ''));
            return verdict(c, c.format);
          },
          solution(id, seed = 0) {
            practiceArgs('solution', id, seed);
            const s = m.practiceSolution(id, seed);
            return { ...s, steps: s.steps.map((st) => ({ key: st.key, values: named(st.values) })) };
          },
        }
      : {}),
  };
}

// A trainable model: `handle` is the engine's Model object, alive until model.delete(); this
// object converts and checks.
function wrapModel(handle, options) {
  const live = (fn) => {
    if (handle.isDeleted())
      throw new Error(`${fn}: this model was deleted (call lab.createModel or lab.loadModel for a new one)`);
    return throwing(handle);
  };
  const batchOf = (fn, b) => toTensor(b, fn, 'batch', 'integer');
  const list = (params) => Object.fromEntries(params.map((p) => [p.name, fromTensor(p)]));
  return {
    trainStep: (batch, opts) => live('trainStep').trainStep(batchOf('trainStep', batch), options('trainStep', opts)),
    // {causal: true} scores the model under the causal mask in every block, as generation sees it.
    evaluate: (batch, opts) => live('evaluate').evaluate(batchOf('evaluate', batch), options('evaluate', opts)),
    generate: (prompt, opts) =>
      live('generate').generate(
        toTensor(prompt, 'generate', 'promptTokens', 'integer'),
        options('modelGenerate', opts),
      ),
    // §7.3 on this model: for each position, the largest change of its logits when the token at
    // `position` is replaced by the next id; under the causal mask every earlier position gives 0.
    futureDependence(tokens, position) {
      const fn = 'futureDependence';
      if (!Number.isInteger(position) || position < 0)
        throw new Error(`${fn}: position must be a whole number >= 0, got ${describe(position)}`);
      return live(fn).futureDependence(toTensor(tokens, fn, 'tokens', 'integer'), position);
    },
    // §6.1 on this model: max |f(P w) - P f(w)| over the logits for the permutation `perm`.
    permutationGap: (tokens, perm) =>
      live('permutationGap').permutationGap(
        toTensor(tokens, 'permutationGap', 'tokens', 'integer'),
        toTensor(perm, 'permutationGap', 'perm', 'integer'),
      ),
    // {config (createModel's options), parameterCount}
    describe: () => live('describe').describe(),
    parameters: () => list(live('parameters').parameters()),
    // Attention weights (L, H, T, T), next-token probabilities (T, V) and attention entropy
    // (L, H) for one sequence, optionally with heads ablated or positions hidden (§2.2).
    inspect(sequence, opts) {
      const r = live('inspect').inspect(toTensor(sequence, 'inspect', 'tokens', 'integer'), options('inspect', opts));
      return nested(r, ['weights', 'probs', 'entropy']);
    },
    // A plain object that JSON.stringify can write and lab.loadModel can read back bit for bit.
    save() {
      const s = live('save').save();
      return {
        ...s,
        parameters: s.parameters.map((p) => ({ name: p.name, shape: p.shape, data: Array.from(p.data) })),
      };
    },
    // nanoGPT's checkpoint of this model (a .safetensors file's bytes, names and layout as
    // nanoGPT's GPT has them, GPTConfig's fields as metadata).
    exportSafetensors: () => live('exportSafetensors').exportSafetensors(),
    delete: () => {
      if (handle.isDeleted()) throw new Error('delete: this model was already deleted');
      handle.delete();
    },
  };
}

function loadModel(m, saved, options) {
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
  const config = options('createModel', saved.config, 'the saved configuration');
  return wrapModel(m.loadModel({ format: saved.format, version: saved.version, config, parameters }), options);
}

// The worked examples' part: the handout's layers, the lab's checks, the page's operations.
function examplesApi(m, options) {
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

    // §9.4: the encoder-decoder's decoder block; memory is the encoder's output.
    decoderBlock(x, memory, p, opts) {
      const fn = 'decoderBlock';
      const r = m.decoderBlock(
        toTensor(x, fn, 'x'),
        toTensor(memory, fn, 'memory'),
        params(fn, p, DECODER, 'params'),
        options(fn, opts),
      );
      return {
        output: fromTensor(r.output),
        selfWeights: fromTensor(r.selfWeights),
        crossWeights: fromTensor(r.crossWeights),
        trace: trace(r.trace),
      };
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
      expShifted: (x) => fromTensor(m.opExpShifted(toTensor(x, 'expShifted', 'x'))),
      sum: (x, axis = -1) => fromTensor(m.opReduce(toTensor(x, 'sum', 'x'), axisOf('sum', axis), 'sum')),
      mean: (x, axis = -1) => fromTensor(m.opReduce(toTensor(x, 'mean', 'x'), axisOf('mean', axis), 'mean')),
      variance: (x, axis = -1) =>
        fromTensor(m.opReduce(toTensor(x, 'variance', 'x'), axisOf('variance', axis), 'variance')),
      matmul: (a, b) => fromTensor(m.opMatmul(toTensor(a, 'matmul', 'a'), toTensor(b, 'matmul', 'b'))),
      maxAbsDifference: (a, b) =>
        m.opMaxAbsDifference(toTensor(a, 'maxAbsDifference', 'a'), toTensor(b, 'maxAbsDifference', 'b')),
      scaleRows: (w, rows) =>
        fromTensor(m.opScaleRows(toTensor(w, 'scaleRows', 'w'), toTensor(rows, 'scaleRows', 'm'))),
      softmaxJacobian: (s) => fromTensor(m.opSoftmaxJacobian(toTensor(s, 'softmaxJacobian', 's'))),
    },
    attentionCost: (dims) => m.attentionCost(options('attentionCost', dims, 'the dimensions')),
  };
}

// The `lab` object over one build of the module. Node's build and the single file's have every
// part; the site's two builds have the worked examples' part or the extras (the practice set's
// problems and the trainable models), and `lab` has the functions of the parts it was given.
function makeLab(module) {
  const m = throwing(module);
  const declarations = m.optionDeclarations();
  const options = optionChecker(declarations);
  return {
    ...(typeof module.softmax === 'function' ? examplesApi(m, options) : {}),

    // Training (the toy LM in the browser): models live in the engine until model.delete().
    ...(typeof module.createModel === 'function'
      ? {
          createModel: (config) =>
            wrapModel(m.createModel(options('createModel', config, 'the configuration')), options),
          loadModel: (saved) => loadModel(m, saved, options),
          // A nanoGPT or GPT-2 checkpoint: the bytes of a .safetensors file; options as
          // createModel's (either naming) override what the file says (n_head when it says nothing).
          // onProgress(done, total), if given, is called with the bytes read after each tensor.
          // opts.names, a name map {"their name": "nanoGPT's name"} with {layer} and {head} for
          // numbers, reads a model whose names are not nanoGPT's (checkpoint.hpp).
          loadCheckpoint(bytes, opts, onProgress) {
            const fn = 'loadCheckpoint';
            const { names = {}, ...settings } = opts ?? {};
            if (
              names === null ||
              typeof names !== 'object' ||
              Array.isArray(names) ||
              Object.values(names).some((v) => typeof v !== 'string')
            )
              throw new Error(
                `${fn}: names must be an object of {"their name": "nanoGPT's name"} texts, with {layer} and {head} for numbers, got ${describe(names)}`,
              );
            if (!(bytes instanceof Uint8Array))
              throw new Error(`${fn}: bytes must be a Uint8Array (the file's contents), got ${describe(bytes)}`);
            if (onProgress !== undefined && typeof onProgress !== 'function')
              throw new Error(`${fn}: onProgress must be a function (done, total), got ${describe(onProgress)}`);
            // a handler that throws must not unwind through the engine: its error is kept and
            // thrown once the engine has returned
            let failed = null;
            const told =
              onProgress &&
              ((done, total) => {
                if (failed) return;
                try {
                  onProgress(done, total);
                } catch (e) {
                  failed = e;
                }
              });
            const model = wrapModel(
              m.loadCheckpoint(bytes, options(fn, settings), told, Object.entries(names)),
              options,
            );
            if (failed) {
              model.delete();
              throw failed;
            }
            return model;
          },
        }
      : {}),
    // Every function's options as the engine declares them: {fn: [{name, type, fallback, choices}]}.
    options: declarations,

    // A number as a student types it: 0.5, 1/2, ln 2, sqrt(2)*ln(2) -> {ok, value} or {ok: false,
    // error: {code, params, message}}.
    parseNumber(typed) {
      const r = m.parseNumber(String(typed ?? ''));
      return r.ok ? r : { ok: false, error: worded(r.error) };
    },

    // The practice set: generated problems, checked answers, feedback that names the mistake.
    practice: practiceApi(m),

    // Leak checks: bytes malloc'd inside the module, JS values held by the C++ side, and the size
    // of the module's memory (it grows, never shrinks).
    memory: () => ({
      heapInUse: module.heapInUse(),
      liveHandles: module.count_emval_handles(),
      memoryBytes: module.HEAP8.length,
    }),
  };
}

let engine, extras;

// Resolves to the `lab` API; the module is instantiated once and shared.
export function loadEngine() {
  if (typeof WebAssembly !== 'object') {
    return Promise.reject(new Error(english.ui.noWasm));
  }
  engine ??= createAttentionLab().then(makeLab);
  return engine;
}

// Resolves to a `lab` with the extras: practice.families / generate / check / solution and
// createModel / loadModel. Where loadEngine's module has every part (Node, the single file) it
// is that same `lab`; the hosted site fetches the extras' own module (./extras.js) the first time.
export function loadExtras() {
  extras ??= import('./extras.js').then(({ default: create }) =>
    create === createAttentionLab ? loadEngine() : create().then(makeLab),
  );
  return extras;
}
