// What a file, a stored text or an LMS datum may hold, declared as a schema, and the one reader
// that holds a value to it. A reader of outside data (a progress file, the progress in storage,
// SCORM's suspend data) declares its schema with the kinds below and calls read(): nothing is
// used before the whole value has been read, names are collected into null-prototype objects (so
// "__proto__" or "constructor" is a name like any other), a list's length is checked before its
// entries are, and the reading goes only as deep as the schema does, whatever the data's depth.
//
// read(value, schema) gives {value}, a copy that holds only what the schema names, or
// {field, expected, got}: where the value first broke the schema ("families.ffn.attempts",
// "f.retrieval[2][0]"), the part of the schema that asked there (one of the kinds below, with its
// bounds) and what stood there (undefined when nothing did). text/field.js words it.

// A whole number from least to most.
export const whole = (least, most) => ({ kind: 'whole', least, most });
// A finite number from least to most (-Infinity and Infinity: any finite number).
export const number = (least, most) => ({ kind: 'number', least, most });
// A text of at most `most` characters.
export const text = (most) => ({ kind: 'text', most });
// One of these values exactly: a version, a flag written 0 or 1, null.
export const exactly = (...choices) => ({ kind: 'exactly', choices });
// A list of at most `most` entries, each an `item`.
export const list = (item, most) => ({ kind: 'list', item, most });
// A list of exactly these entries, each its own kind: [attempts, solved, shown, answer].
export const row = (...items) => ({ kind: 'row', items, n: items.length });
// An object with these names (`shape`, a name's kind); the names in `optional` may be absent, and
// names the shape does not have are left out of the copy.
export const fields = (shape, optional = []) => ({ kind: 'fields', shape, optional });
// An object of any names, at most `most` of them, each an `item`: the families of a progress.
export const names = (item, most = Infinity) => ({ kind: 'names', item, most });
// The first of `options` that reads the value.
export const either = (...options) => ({ kind: 'either', options });
// `schema`, and then `holds(value)` on what it read: a rule across its parts, or one no kind
// above says. `expected` is the rule as a kind of its own ({kind, ...its numbers}), for the words.
export const rule = (schema, holds, expected) => ({ kind: 'rule', schema, holds, expected });

// How a name is written in a field's path: at most 20 characters of it.
const NAME_MOST = 20;
const named = (name) => (name.length > NAME_MOST ? `${name.slice(0, NAME_MOST)}…` : name);
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

// Reading stops at the first failure, which `fail` carries out of the recursion.
class Broken {
  constructor(field, expected, got) {
    Object.assign(this, { field, expected, got });
  }
}
const fail = (field, expected, got) => {
  throw new Broken(field, expected, got);
};

function at(v, s, field) {
  switch (s.kind) {
    case 'whole':
      if (!Number.isInteger(v) || v < s.least || v > s.most) fail(field, s, v);
      return v;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v) || v < s.least || v > s.most) fail(field, s, v);
      return v;
    case 'text':
      if (typeof v !== 'string' || v.length > s.most) fail(field, s, v);
      return v;
    case 'exactly':
      if (!s.choices.includes(v)) fail(field, s, v);
      return v;
    case 'list':
      if (!Array.isArray(v) || v.length > s.most) fail(field, s, v);
      return Array.from({ length: v.length }, (_, i) => at(v[i], s.item, `${field}[${i}]`));
    case 'row':
      if (!Array.isArray(v) || v.length !== s.n) fail(field, s, v);
      return s.items.map((item, i) => at(v[i], item, `${field}[${i}]`));
    case 'fields': {
      if (!isObject(v)) fail(field, s, v);
      const out = {};
      for (const [name, kind] of Object.entries(s.shape)) {
        const where = field ? `${field}.${name}` : name;
        if (Object.hasOwn(v, name) && v[name] !== undefined) out[name] = at(v[name], kind, where);
        else if (!s.optional.includes(name)) fail(where, kind, undefined);
      }
      return out;
    }
    case 'names': {
      if (!isObject(v)) fail(field, s, v);
      const entries = Object.entries(v);
      if (entries.length > s.most) fail(field, s, v);
      const out = Object.create(null);
      for (const [name, item] of entries) out[name] = at(item, s.item, field ? `${field}.${named(name)}` : named(name));
      return out;
    }
    case 'either': {
      for (const option of s.options) {
        const r = read(v, option, field);
        if (r.field === undefined) return r.value;
      }
      return fail(field, s, v);
    }
    case 'rule': {
      const r = at(v, s.schema, field);
      if (!s.holds(r)) fail(field, s.expected, v);
      return r;
    }
  }
  throw new TypeError(`schema: no kind "${s.kind}"`);
}

// `value` held to `schema`, its fields named from `field` on: '' names the value itself, and the
// names under it are then written bare ("families", not ".families").
export function read(value, schema, field = '') {
  try {
    return { value: at(value, schema, field) };
  } catch (e) {
    if (e instanceof Broken) return { field: e.field, expected: e.expected, got: e.got };
    throw e;
  }
}
