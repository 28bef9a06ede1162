// The public JS API of the engine (package.json "main"): loadEngine() resolves to `lab`, whose
// functions take and return plain nested arrays. This facade builds each function from its
// declaration (cpp/bindings/api.def, as web/engine/api.json carries it): it checks and converts
// the arguments, calls the WebAssembly module and converts the result; it computes nothing itself.
import createAttentionLab from '../../build/wasm/attention_lab.cjs';
import { describe, refusedBy, toTensor } from './arrays.js';
import contract from './api.json' with { type: 'json' };
import { converted } from './results.js';
// The engine refuses with a code and parameters (cpp/lab/core/refusal.hpp); the facade's
// messages are their English sentences (the English refusals), for the console and Node.
import { messageOf, refused } from '../text/refusal.js';

// Every function of `lab` and of a model, by name, as the facade checks it.
const { API } = contract;
const declared = Object.fromEntries(API.map((f) => [f.name, f]));

// A result's refusal ({code, params}) with its English sentence as `message`, as an Error has.
const worded = (refusal) => refusal && { ...refusal, message: messageOf(refusal) };

// ---- arguments, checked and converted as the API's declaration says ----

const isPlainObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x) && !ArrayBuffer.isView(x);

// The name a refusal gives a function: its own name (`sum`, `trainStep`), or `practice.check`.
const callerName = (name) => name.replace(/^(ops|checks|model)\./, '');

// The kind of value the engine's option reader names for a declared option type.
const OPTION_KIND = {
  boolean: 'boolean',
  number: 'number',
  integer: 'whole',
  string: 'text',
  'boolean[]': 'flags',
  'integer[]': 'wholes',
  'integer[][]': 'pairs',
  mask: 'mask',
};
const ARRAY_ENTRIES = { mask: 'boolean', 'boolean[]': 'boolean', 'integer[]': 'integer', 'integer[][]': 'integer' };
const SCALARS = ['boolean', 'number', 'string'];

// A checker of option objects against the engine's declarations (lab.options): options(fn, key,
// opts, name) returns the object for the engine, arrays converted to tensors. It refuses what
// cannot cross into the engine (an unknown name, an object where a value goes) with the engine's
// own codes; the engine judges the values themselves (a whole number, a choice, a bound).
function optionChecker(declarations) {
  const types = Object.fromEntries(
    Object.entries(declarations).map(([key, list]) => [key, Object.fromEntries(list.map((d) => [d.name, d.type]))]),
  );
  return function options(fn, key, opts, name = 'options') {
    if (opts === undefined || opts === null) return {};
    if (!isPlainObject(opts)) throw refusedBy(fn, 'call.type', { name, expected: 'object', got: describe(opts) });
    const allowed = types[key];
    const out = {};
    for (const [option, value] of Object.entries(opts)) {
      const type = Object.hasOwn(allowed, option) ? allowed[option] : undefined;
      if (!type) throw refusedBy(fn, 'option.unknown', { name: option, known: Object.keys(allowed) });
      if (value === undefined) continue;
      if (ARRAY_ENTRIES[type] && Array.isArray(value)) out[option] = toTensor(value, fn, option, ARRAY_ENTRIES[type]);
      else if (!ARRAY_ENTRIES[type] && SCALARS.includes(typeof value)) out[option] = value;
      else
        throw refusedBy(fn, 'option.type', {
          name: option,
          expected: OPTION_KIND[type],
          gotKind: Array.isArray(value) ? 'array' : 'other',
          got: Array.isArray(value) ? '' : describe(value),
        });
    }
    return out;
  };
}

// A checker of parameter objects against the engine's declarations (lab.parameters, the tables
// the engine reads them by): params(fn, value, schema, path) converts every tensor; an unknown
// name is refused, so a typo such as `wq` is reported rather than silently ignored.
function paramChecker(schemas) {
  return function params(fn, value, schema, path) {
    if (!isPlainObject(value))
      throw refusedBy(fn, 'call.type', { name: path, expected: 'object', got: describe(value) });
    const layout = schemas[schema];
    const out = {};
    for (const [key, v] of Object.entries(value)) {
      const sub = Object.hasOwn(layout, key) ? layout[key] : undefined;
      const where = `${path}.${key}`;
      if (!sub) throw refusedBy(fn, 'call.unknownParam', { path: where, known: Object.keys(layout) });
      if (v === undefined || v === null) continue;
      if (Array.isArray(sub)) {
        if (!Array.isArray(v)) throw refusedBy(fn, 'call.type', { name: where, expected: 'list', got: describe(v) });
        out[key] = Array.from(v, (item, i) => params(fn, item, sub[0], `${where}[${i}]`));
      } else if (Object.hasOwn(schemas, sub)) out[key] = params(fn, v, sub, where);
      else out[key] = toTensor(v, fn, where);
    }
    return out;
  };
}

// Whether a value is of an argument kind that the facade passes on as it is; the engine checks
// the rest (a whole number's rule lives in cpp/lab/boundary/whole_number.hpp only).
const PLAIN = {
  number: (v) => typeof v === 'number',
  whole: (v) => typeof v === 'number',
  integer: (v) => Number.isInteger(v),
  text: (v) => typeof v === 'string',
  bytes: (v) => v instanceof Uint8Array,
  progress: (v) => typeof v === 'function',
  saved: isPlainObject,
  spec: isPlainObject,
};

// The arguments of the API function `name` (as the declaration names it), checked and converted in order:
// a missing optional argument takes its declared default. `check` holds the checkers of the
// engine's declarations: {options, params}.
function argumentsOf(name, given, check) {
  const f = declared[name];
  const fn = callerName(name);
  if (given.length > f.args.length)
    throw refusedBy(fn, 'call.tooMany', { max: f.args.length, names: f.args.map((a) => a.name), n: given.length });
  return f.args.map((a, i) => {
    const v = given[i] === undefined && a.optional ? a.fallback : given[i];
    if (a.kind === 'numbers') return toTensor(v, fn, a.name);
    if (a.kind === 'tokens') return toTensor(v, fn, a.name, 'integer');
    if (a.kind === 'params') return check.params(fn, v, a.params, a.name);
    if (a.kind === 'options') return check.options(fn, a.options, v, a.name);
    if (a.kind === 'answer') return typeof v === 'string' ? v : String(v ?? '');
    if (v === undefined && a.optional) return v;
    if (!PLAIN[a.kind](v)) throw refusedBy(fn, 'call.type', { name: a.name, expected: a.kind, got: describe(v) });
    return v;
  });
}

// The declared function `name` over the module `m`: its arguments checked and converted, the
// engine's function called, its result converted.
const declaredCall = (m, name, check) => {
  const f = declared[name];
  const engine = f.engine ?? name.split('.').at(-1);
  return (...given) => converted(f.returns, m[engine](...argumentsOf(name, given, check)));
};

// `call`, then `after` on its result.
const compose =
  (call, after) =>
  (...given) =>
    after(call(...given));

// The declared functions `pick` selects, as an object with their dotted groups nested
// ({softmax, checks: {…}, ops: {…}}).
function declaredFunctions(m, check, pick) {
  const out = {};
  for (const f of API.filter(pick)) {
    const path = f.name.split('.');
    const at = path.slice(0, -1).reduce((o, key) => (o[key] ??= {}), out);
    at[path.at(-1)] = declaredCall(m, f.name, check);
  }
  return out;
}

// The engine's promise, checked once more where its results cross into JS: no result holds a
// NaN or an infinity (the engine refuses first, naming the step; this is the net under it, for
// a path the engine's own checks missed). The one infinity by design is -Infinity in a trace
// step of masked scores (a name ending in "masked", nanoGPT's masked_fill), where the mask is.
// A path names where the value was: scores[1], trace.block0.q[3].
const publicName = (name) =>
  /^op[A-Z]/.test(name)
    ? `${name[2].toLowerCase()}${name.slice(3)}`
    : /^practice[A-Z]/.test(name)
      ? `practice.${name[8].toLowerCase()}${name.slice(9)}`
      : name;
function requireFinite(fn, value, path, masked = false) {
  const bad = (x) => typeof x === 'number' && !Number.isFinite(x) && !(masked && x === -Infinity);
  if (bad(value)) throw refusedBy(fn, 'call.notFinite', { path: path || 'result', value: String(value) });
  if (ArrayBuffer.isView(value)) {
    const i = value.findIndex(bad);
    if (i >= 0) throw refusedBy(fn, 'call.notFinite', { path: `${path}[${i}]`, value: String(value[i]) });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => requireFinite(fn, v, `${path}[${i}]`, masked));
  } else if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const step = typeof value.name === 'string' && 'data' in value;
    for (const [k, v] of Object.entries(value))
      requireFinite(
        fn,
        v,
        step ? `trace.${value.name}` : path ? `${path}.${k}` : k,
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
    if (r.code) r.message = `${fn}: ${messageOf(r)}`;
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

// A checked answer (the declaration's Verdict) with its refusal worded, when the text was not
// readable, as every refusal is.
const verdict = (v) => ({ ...v, error: worded(v.error) });

// A prediction's spec ({format, expected, misconceptions: [{id, section, value}], words}, values
// as the page shows them) as the engine takes it. A prediction is a number, an array of numbers,
// a shape, a token or a choice; the set formats (positions, pairs) and einsum strings are the
// generated problems' alone.
function predictionSpec(spec, formats) {
  const fn = 'practice.checkValue';
  if (!formats.includes(spec.format)) throw refusedBy(fn, 'call.spec.format', { formats, got: describe(spec.format) });
  if (['positions', 'pairs', 'einsum'].includes(spec.format))
    throw refusedBy(fn, 'call.spec.problemFormat', { format: spec.format });
  const words = spec.format === 'token' || spec.format === 'choice';
  const value = (v, name) => {
    if (words !== (typeof v === 'string'))
      throw refusedBy(fn, 'call.spec.value', {
        name,
        words: words ? 'yes' : 'no',
        format: spec.format,
        got: describe(v),
      });
    if (words) return v;
    return typeof v === 'number' ? { shape: [], data: new Float64Array([v]) } : toTensor(v, fn, name);
  };
  // Array.from reads a text as a list of letters: what is not a list is refused first.
  const wrongs = spec.misconceptions ?? [];
  if (!Array.isArray(wrongs))
    throw refusedBy(fn, 'call.type', { name: 'spec.misconceptions', expected: 'list', got: describe(wrongs) });
  return {
    format: spec.format,
    expected: value(spec.expected, 'spec.expected'),
    misconceptions: Array.from(wrongs, (w, i) => ({
      id: w.id,
      section: w.section,
      value: value(w.value, `spec.misconceptions[${i}].value`),
    })),
    words: spec.words || [],
  };
}

function practiceApi(m, check) {
  const rule = m.practiceTolerance();
  const formats = m.practiceFormats();
  return {
    // The rule for numbers, {relative, floor}: each entry within `relative` of its size, an entry
    // smaller than `floor` times the largest counting as that size.
    tolerance: { ...rule },
    // Every answer format a problem or a prediction may have.
    formats,
    checkValue(...given) {
      const [answer, spec] = argumentsOf('practice.checkValue', given, check);
      return verdict(
        converted(declared['practice.checkValue'].returns, m.practiceCheckValue(answer, predictionSpec(spec, formats))),
      );
    },
    // The generated problems, in the builds that have them (not the site's first module). They
    // come from the engine as keys and numbers: ids of families, steps and mistakes, and the
    // numbers they are about; the page words them (web/handouts/self-attention/practice.js).
    ...(typeof m.practiceGenerate === 'function'
      ? {
          edition: m.practiceEdition(),
          families: declaredCall(m, 'practice.families', check),
          generate: declaredCall(m, 'practice.generate', check),
          check: compose(declaredCall(m, 'practice.check', check), verdict),
          solution: declaredCall(m, 'practice.solution', check),
        }
      : {}),
  };
}

// A trainable model: `handle` is the engine's Model object, alive until model.delete(); this
// object converts and checks.
function wrapModel(handle, check) {
  // The engine's model, refused once deleted: each method looks it up when called.
  const model = throwing(handle);
  const live = new Proxy(
    {},
    {
      get(_, name) {
        if (handle.isDeleted()) throw refusedBy(name, 'call.deleted');
        return model[name];
      },
    },
  );
  const methods = declaredFunctions(live, check, (f) => f.name.startsWith('model.') && f.name !== 'model.delete');
  return {
    ...methods.model,
    delete: (...given) => {
      if (handle.isDeleted()) throw refusedBy('delete', 'call.deletedTwice');
      argumentsOf('model.delete', given, check);
      handle.delete();
    },
  };
}

function loadModel(m, check, given) {
  const fn = 'loadModel';
  const [saved] = argumentsOf(fn, given, check);
  if (saved.format !== 'attention-lab-model' || saved.version !== 1)
    throw refusedBy(fn, 'call.saved', { got: describe(saved) });
  if (!Array.isArray(saved.parameters)) throw refusedBy(fn, 'call.savedList');
  // Array.from, not .map, for every list a caller gives: a list with a `constructor` of its own
  // would make .map build its result with that, and fail in JavaScript's words, not the engine's.
  const parameters = Array.from(saved.parameters, (p, i) => {
    if (!p || typeof p.name !== 'string' || !Array.isArray(p.shape) || !Array.isArray(p.data))
      throw refusedBy(fn, 'call.savedParameter', { index: i });
    const t = toTensor(p.data, fn, p.name);
    return { name: p.name, shape: p.shape, data: t.data };
  });
  const config = check.options(fn, 'createModel', saved.config, 'config');
  return wrapModel(m.loadModel({ format: saved.format, version: saved.version, config, parameters }), check);
}

// nanoGPT's or GPT-2's checkpoint, the bytes of a .safetensors file (cpp/bindings/api.def says the rest).
function loadCheckpoint(m, check, given) {
  const fn = 'loadCheckpoint';
  const { names = {}, ...settings } = isPlainObject(given[1]) ? given[1] : {};
  if (!isPlainObject(names) || Object.values(names).some((v) => typeof v !== 'string'))
    throw refusedBy(fn, 'call.names', { got: describe(names) });
  const [bytes, opts, onProgress] = argumentsOf(
    fn,
    [given[0], isPlainObject(given[1]) ? settings : given[1], ...given.slice(2)],
    check,
  );
  // a handler that throws must not unwind through the engine: its error is kept and thrown once
  // the engine has returned
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
  const model = wrapModel(m.loadCheckpoint(bytes, opts, told, Object.entries(names)), check);
  if (failed) {
    model.delete();
    throw failed;
  }
  return model;
}

// The worked examples' part: the handout's layers, the lab's checks (§8) and §3.1's
// demonstration for the page's live badges, and the small operations the page shows as steps of
// their own, so that every number on screen comes from the engine.
const examplesApi = (m, check) =>
  declaredFunctions(m, check, (f) => !f.extras && !f.group && f.part !== 'common' && !f.name.startsWith('model.'));

// The `lab` object over one build of the module. Node's build and the single file's have every
// part; the site's two builds have the worked examples' part or the extras (the practice set's
// problems and the trainable models), and `lab` has the functions of the parts it was given.
function makeLab(module) {
  const m = throwing(module);
  const declarations = m.optionDeclarations();
  const parameters = m.parameterDeclarations();
  const check = { options: optionChecker(declarations), params: paramChecker(parameters) };
  return {
    ...(typeof module.softmax === 'function' ? examplesApi(m, check) : {}),

    // Training (the toy LM in the browser): models live in the engine until model.delete().
    ...(typeof module.createModel === 'function'
      ? {
          createModel: compose(declaredCall(m, 'createModel', check), (handle) => wrapModel(handle, check)),
          loadModel: (...given) => loadModel(m, check, given),
          loadCheckpoint: (...given) => loadCheckpoint(m, check, given),
          repeatsBatch: declaredCall(m, 'repeatsBatch', check),
        }
      : {}),
    // Every function's options as the engine declares them: {fn: [{name, type, fallback, choices}]}.
    options: declarations,
    // Every parameter object's names as the engine reads them: {mha: {wQ: '[D][H*dk]', …}, …}.
    parameters,

    // A number as a student types it -> {ok, value} or {ok: false, error: {code, params, message}}.
    parseNumber: compose(declaredCall(m, 'parseNumber', check), (r) =>
      r.ok ? r : { ok: false, error: worded(r.error) },
    ),

    // The practice set: generated problems, checked answers, feedback that names the mistake.
    practice: practiceApi(m, check),

    memory: (...given) => {
      argumentsOf('memory', given, check);
      return {
        heapInUse: module.heapInUse(),
        liveHandles: module.count_emval_handles(),
        memoryBytes: module.HEAP8.length,
      };
    },
  };
}

let engine, extras;

// Resolves to the `lab` API; the module is instantiated once and shared.
export function loadEngine() {
  if (typeof WebAssembly !== 'object') {
    return Promise.reject(refused('call.noWasm'));
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
