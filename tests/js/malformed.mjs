// What the property tests of the readers put where a reader expects something else: values of
// every JSON type, absurd numbers, prototype names, deep nesting; and a storage that refuses.

// A JSON list nested n deep, as text.
export const deep = (n) => '['.repeat(n) + ']'.repeat(n);

// Values to put anywhere a value can stand.
export const ODD_VALUES = [
  null,
  true,
  -1,
  0,
  0.5,
  1e308,
  -1e308,
  -0,
  2 ** 53,
  999,
  1000,
  '',
  'x'.repeat(300),
  '__proto__',
  'constructor',
  [],
  [1, 'a'],
  [[1, 1, 0, 'x']],
  {},
  { a: 1 },
  { __proto__: null, polluted: 1 },
  JSON.parse('{"__proto__": {"polluted": 1}}'),
  JSON.parse(deep(500)),
];

// localStorage as a browser that blocks it gives it: every call throws.
export const blockedStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};
