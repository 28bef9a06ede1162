// What the views show of arrays besides their numbers' format (web/locale/number.js): a cell's
// editable text, copies as LaTeX and NumPy, shapes, and the bound of a shared colour scale.

import { exact } from './number.js';

// The value a cell input shows when it is edited: the exact number in plain ASCII.
export const editable = (x) => String(x);

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

// [2, 3, 4]: the shape of a nested array, read off its lengths; shapeText writes it "[2, 3, 4]".
export function shapeOf(a) {
  const dims = [];
  for (let v = a; Array.isArray(v); v = v[0]) dims.push(v.length);
  return dims;
}
export const shapeText = (a) => `[${shapeOf(a).join(', ')}]`;

// Whether some output depends on a later token: an entry above the diagonal of a
// future-dependence matrix (lab.checks.futureDependence) that is not zero.
export const dependsOnLater = (dep) => dep.some((row, i) => row.some((d, j) => j > i && d > 0));

// The colour-scale bound of matrices shown side by side to be compared (their largest finite
// magnitude), given to each as scaleMax so that one colour is one size in all of them.
export const sharedMax = (...matrices) =>
  Math.max(0, ...matrices.flat(Infinity).filter(Number.isFinite).map(Math.abs)) || 1;
