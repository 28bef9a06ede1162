// Conversion between the API's nested JS arrays and the flat tensors the engine takes
// ({shape, data: Float64Array}). Only shapes and types are checked here; every number is
// computed, and every shape rule of the mathematics is checked, by the engine. What is refused
// is refused as the engine refuses: a code and its parameters (web/text/refusal.js words them).
import { excerpt, refused } from '../text/refusal.js';

// `expected` names the kind of entry for the catalogue: number, integer or boolean.
const KINDS = {
  number: { test: (x) => typeof x === 'number' && Number.isFinite(x), value: (x) => x },
  integer: { test: (x) => Number.isInteger(x), value: (x) => x },
  boolean: { test: (x) => typeof x === 'boolean', value: (x) => (x ? 1 : 0) },
};

// A received value, for a refusal's `got`: a nested refusal (refusals.call.got.*) that the
// catalogue words in the reader's language ("“abc” (a string)", "an array of 3").
export function describe(x) {
  if (typeof x === 'string') return { code: 'call.got.text', params: { text: excerpt(x) } };
  if (typeof x === 'number') return { code: 'call.got.number', params: { number: String(x) } };
  if (x === null) return { code: 'call.got.null' };
  if (x === undefined) return { code: 'call.got.undefined' };
  if (Array.isArray(x)) return { code: 'call.got.array', params: { n: x.length } };
  if (ArrayBuffer.isView(x)) return { code: 'call.got.typed', params: { type: x.constructor.name, n: x.length } };
  if (typeof x === 'boolean') return { code: 'call.got.boolean', params: { value: String(x) } };
  if (typeof x === 'function') return { code: 'call.got.function' };
  return { code: 'call.got.object' };
}

// A refusal of `fn`'s argument, as the engine's refusals read: "fn: <sentence>", with `code`,
// `params` and `fn` for the page.
export function refusedBy(fn, code, params = {}) {
  const e = refused(code, params);
  e.message = `${fn}: ${e.message}`;
  e.fn = fn;
  return e;
}

const isList = (x) => Array.isArray(x) || (ArrayBuffer.isView(x) && !(x instanceof DataView));

// Nested arrays (or typed arrays at any level) -> {shape, data}. `kind` is 'number', 'integer'
// or 'boolean'. Refuses naming the first offending entry by its path, x[1][0].
export function toTensor(value, fn, name, kind = 'number') {
  const k = KINDS[kind];
  if (!isList(value)) throw refusedBy(fn, 'call.notArray', { name, entries: kind, got: describe(value) });
  const shape = [];
  for (let v = value; isList(v); v = v[0]) {
    shape.push(v.length);
    if (v.length === 0) break;
  }
  const size = shape.reduce((a, b) => a * b, 1);
  const data = new Float64Array(size);
  let n = 0;
  const walk = (v, depth, path) => {
    if (depth === shape.length) {
      if (!k.test(v)) throw refusedBy(fn, 'call.entry', { path, entries: kind, got: describe(v) });
      data[n++] = k.value(v);
      return;
    }
    if (!isList(v)) throw refusedBy(fn, 'call.notRow', { path, n: shape[depth], got: describe(v) });
    if (v.length !== shape[depth])
      throw refusedBy(fn, 'call.rowLength', {
        path,
        n: v.length,
        first: `${name}${'[0]'.repeat(depth)}`,
        m: shape[depth],
      });
    for (let i = 0; i < v.length; i++) walk(v[i], depth + 1, `${path}[${i}]`);
  };
  walk(value, 0, name);
  return { shape, data };
}

// {shape, data} -> nested plain arrays (a number for shape []).
export function fromTensor({ shape, data }) {
  if (shape.length === 0) return data[0];
  let offset = 0;
  const build = (depth) => {
    const out = new Array(shape[depth]);
    if (depth === shape.length - 1) {
      for (let i = 0; i < out.length; i++) out[i] = data[offset++];
    } else {
      for (let i = 0; i < out.length; i++) out[i] = build(depth + 1);
    }
    return out;
  };
  return build(0);
}
