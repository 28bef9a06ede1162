// Conversion between the API's nested JS arrays and the flat tensors the engine takes
// ({shape, data: Float64Array}). Only shapes and types are checked here; every number is
// computed, and every shape rule of the mathematics is checked, by the engine.

const KINDS = {
  number: { test: (x) => typeof x === 'number' && Number.isFinite(x), want: 'a finite number', value: (x) => x },
  integer: { test: (x) => Number.isInteger(x), want: 'an integer token id', value: (x) => x },
  boolean: { test: (x) => typeof x === 'boolean', want: 'true or false', value: (x) => (x ? 1 : 0) },
};

// A short, exact description of a received value for error messages.
export function describe(x) {
  if (typeof x === 'string') return `"${x.length > 20 ? `${x.slice(0, 20)}…` : x}" (a string)`;
  if (typeof x === 'number') return Number.isNaN(x) ? 'NaN' : String(x);
  if (x === null) return 'null';
  if (x === undefined) return 'undefined';
  if (Array.isArray(x)) return `an array of ${x.length}`;
  if (ArrayBuffer.isView(x)) return `a ${x.constructor.name} of ${x.length}`;
  return typeof x === 'object' ? 'an object' : `${typeof x} ${String(x)}`;
}

const isList = (x) => Array.isArray(x) || (ArrayBuffer.isView(x) && !(x instanceof DataView));

// Nested arrays (or typed arrays at any level) -> {shape, data}. `kind` is 'number', 'integer'
// or 'boolean'. Throws `${fn}: ${name}... ` naming the first offending entry.
export function toTensor(value, fn, name, kind = 'number') {
  const k = KINDS[kind];
  if (!isList(value)) {
    throw new Error(`${fn}: ${name} must be an array of ${k.want.replace(/^an? /, '')}s, got ${describe(value)}`);
  }
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
      if (!k.test(v)) throw new Error(`${fn}: ${path} is ${describe(v)}, expected ${k.want}`);
      data[n++] = k.value(v);
      return;
    }
    if (!isList(v)) {
      throw new Error(
        `${fn}: ${path} is ${describe(v)}, expected an array of ${shape[depth]} (all rows the same length)`,
      );
    }
    if (v.length !== shape[depth]) {
      throw new Error(
        `${fn}: ${path} has ${v.length} entries but ${name}${'[0]'.repeat(depth)} has ${shape[depth]} (rows must all be the same length)`,
      );
    }
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
