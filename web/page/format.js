// Number formatting for display and export, and parsing of what a student types in a cell.
// No arithmetic of the handout's happens here.

const MINUS = '\u2212';

// Rounded for display: up to 4 decimals, scientific for very small or large magnitudes.
export function short(x) {
  if (x === Number.NEGATIVE_INFINITY) return `${MINUS}\u221e`;
  if (x === Number.POSITIVE_INFINITY) return '\u221e';
  if (typeof x === 'boolean') return x ? 'true' : 'false';
  if (x === 0 || Object.is(x, -0)) return '0';
  const a = Math.abs(x);
  const s = a >= 1e-3 && a < 1e5 ? String(Number(x.toFixed(4))) : x.toExponential(2).replace('e', 'e');
  return s.replace('-', MINUS);
}

// Exact: every digit JavaScript keeps (shortest round-trip form).
export function exact(x) {
  if (typeof x !== 'number') return String(x);
  if (!Number.isFinite(x)) return short(x);
  return String(x);
}

export const vector = (xs) => `[${xs.map(short).join(', ')}]`;

// The value a cell input shows when it is edited: the exact number in plain ASCII.
export const editable = (x) => String(x);

// What a student typed -> {value} or {error} that says what was expected and what was received.
// `read` is the engine's number reader (lab.parseNumber), so cells take the same exact forms as
// practice answers: 0.5, 1/2, ln 2, sqrt(2)*ln(2), e^-1.
export function parseNumber(text, { integer = false, min, max } = {}, read) {
  const received = String(text).trim() === '' ? 'an empty cell' : `"${text}"`;
  if (String(text).trim() === '') return { error: `expected a number such as 0.5, 1/2 or ln 2, received ${received}` };
  const r = read(String(text));
  if (!r.ok) return { error: `expected a number such as 0.5, 1/2 or ln 2, received ${received} (${r.error})` };
  const value = r.value;
  if (integer && !Number.isInteger(value)) return { error: `expected a whole number, received ${text}` };
  if (min !== undefined && value < min) return { error: `expected a number of at least ${min}, received ${text}` };
  if (max !== undefined && value > max) return { error: `expected a number of at most ${max}, received ${text}` };
  return { value };
}

const rows = (m) => (Array.isArray(m[0]) ? m : [m]);

// \begin{bmatrix} a & b \\ c & d \end{bmatrix}, exact digits.
export function toLatex(m) {
  const body = rows(m)
    .map((r) => r.map((x) => (Number.isFinite(x) ? exact(x) : x < 0 ? '-\\infty' : '\\infty')).join(' & '))
    .join(' \\\\ ');
  return `\\begin{bmatrix} ${body} \\end{bmatrix}`;
}

// np.array([[a, b], [c, d]]), exact digits; -inf as -np.inf.
export function toNumpy(m) {
  const item = (x) =>
    Array.isArray(x) ? `[${x.map(item).join(', ')}]` : Number.isFinite(x) ? exact(x) : x < 0 ? '-np.inf' : 'np.inf';
  return `np.array(${item(m)})`;
}

// "[2, 3, 4]": the shape of a nested array, read off its lengths.
export function shapeText(a) {
  const dims = [];
  for (let v = a; Array.isArray(v); v = v[0]) dims.push(v.length);
  return `[${dims.join(', ')}]`;
}

// Whether some output depends on a later token: an entry above the diagonal of a
// future-dependence matrix (lab.checks.futureDependence) that is not zero.
export const dependsOnLater = (dep) => dep.some((row, i) => row.some((d, j) => j > i && d > 0));
