// The engine's results back in JS, as the API's declaration (cpp/bindings/api.def) gives each function's result.
import { fromTensor } from './arrays.js';

const trace = (steps) =>
  steps.map((s) => ({ name: s.name, formula: s.formula, shape: s.shape, values: fromTensor(s) }));
const named = (values) => Object.fromEntries(values.map((v) => [v.name, fromTensor(v)]));
const saved = (s) => ({
  ...s,
  parameters: s.parameters.map((p) => ({ name: p.name, shape: p.shape, data: Array.from(p.data) })),
});
const CONVERT = { Numbers: fromTensor, Trace: trace, Named: named, SavedModel: saved };

// What the engine returned, as the declaration gives the result: tensors as nested arrays, an object
// with exactly its declared keys, a list item by item; any other type as it is.
// A key the engine returns that the declaration lacks, or one the declaration promises that the
// engine left out, is a mistake of one of the two, said rather than dropped or passed on as
// undefined (the tests call every function).
export function converted(type, value) {
  if (Array.isArray(type)) return value.map((item) => converted(type[0], item));
  if (typeof type === 'object') {
    const extra = Object.keys(value).find((k) => !Object.hasOwn(type, k));
    if (extra !== undefined) throw new Error(`cpp/bindings/api.def declares no result key ${extra}`);
    const missing = Object.keys(type).find((k) => !Object.hasOwn(value, k));
    if (missing !== undefined)
      throw new Error(`the engine gave no result key ${missing}, which cpp/bindings/api.def declares`);
    return Object.fromEntries(Object.keys(type).map((k) => [k, converted(type[k], value[k])]));
  }
  return CONVERT[type] ? CONVERT[type](value) : value;
}
