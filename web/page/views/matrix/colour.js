// A matrix's colours: the heatmap scales, a cell's colour and the text colour readable on it, and
// the legend under the matrix.
import { short } from '../../../locale/number.js';
import { h } from '../dom.js';

// A uniform cubic B-spline through `values`, for t in [0, 1], ending straight at both ends: the
// spline d3-interpolate's interpolateBasis draws. Written here because that package cannot be
// bundled without d3-color (its parser and its table of named colours, 6 KB gzipped of a first
// visit); tests/js/colour.test.mjs holds the ramps below to d3's, colour for colour.
function basis(values) {
  const n = values.length - 1;
  return (t) => {
    const i = t <= 0 ? ((t = 0), 0) : t >= 1 ? ((t = 1), n - 1) : Math.floor(t * n);
    const [v1, v2] = [values[i], values[i + 1]];
    const v0 = i > 0 ? values[i - 1] : 2 * v1 - v2;
    const v3 = i < n - 1 ? values[i + 2] : 2 * v2 - v1;
    const s = (t - i / n) * n;
    const [s2, s3] = [s * s, s * s * s];
    return (
      ((1 - 3 * s + 3 * s2 - s3) * v0 + (4 - 6 * s2 + 3 * s3) * v1 + (1 + 3 * s + 3 * s2 - 3 * s3) * v2 + s3 * v3) / 6
    );
  };
}

// A colour ramp: each channel a spline through the colours (hex, six digits each), written as
// "rgb(r, g, b)" with each channel rounded into 0..255.
export function ramp(hex) {
  const colours = hex.match(/.{6}/g).map((c) => [0, 2, 4].map((at) => parseInt(c.slice(at, at + 2), 16)));
  const channels = [0, 1, 2].map((k) => basis(colours.map((c) => c[k])));
  const byte = (x) => Math.max(0, Math.min(255, Math.round(x) || 0));
  return (t) => `rgb(${channels.map((channel) => byte(channel(t))).join(', ')})`;
}

// ColorBrewer's PuOr (11 classes) and Blues (9), each a B-spline through its colours: exactly
// d3-scale-chromatic's interpolatePuOr and interpolateBlues.
export const PUOR = '2d004b5427888073acb2abd2d8daebf7f7f7fee0b6fdb863e08214b358067f3b08';
export const BLUES = 'f7fbffdeebf7c6dbef9ecae16baed64292c62171b508519c08306b';
const interpolatePuOr = ramp(PUOR);
const interpolateBlues = ramp(BLUES);

// Diverging (purple-orange, colour-blind safe) for signed values around 0; sequential blues for
// weights and probabilities on [0, 1], and for other nonnegative magnitudes on [0, max].
export const SCALES = {
  signed: { interpolate: (t) => interpolatePuOr(1 - t), domain: (m) => [-m, m] },
  prob: { interpolate: interpolateBlues, domain: () => [0, 1] },
  magnitude: { interpolate: interpolateBlues, domain: (m) => [0, m] },
};

// Relative luminance (WCAG) of an "rgb(r, g, b)" colour, to pick readable text on it.
function luminance(rgb) {
  const [r, g, b] = rgb
    .match(/\d+/g)
    .map(Number)
    .map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// Black or white text, whichever contrasts more with the cell: the WCAG contrast of text on a
// background is (L_lighter + 0.05) / (L_darker + 0.05), and one of the two always reaches 4.58:1.
function textOn(bg) {
  const l = luminance(bg);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000' : '#fff';
}

// The largest magnitude among the finite entries, without spreading them into arguments (a
// quarter of a million would overflow the stack).
export function largestMagnitude(m) {
  let max = 0;
  for (const row of m) for (const x of row) if (Number.isFinite(x) && Math.abs(x) > max) max = Math.abs(x);
  return max;
}

// A cell's colour and the text colour on it, by its place t in [0, 1] on the scale. Interpolating
// a ColorBrewer scale (and reading the result's luminance) for every cell was a third of the time
// of drawing a large matrix, so t is taken to 1/1024, finer than a screen shows two colours
// apart, and each step's colours are computed once per scale.
const STEPS = 1024;
const swatches = new Map(); // scale -> Map(step -> {bg, fg})
function swatch(scale, t) {
  if (!swatches.has(scale)) swatches.set(scale, new Map());
  const known = swatches.get(scale);
  const k = Math.round(t * STEPS);
  if (!known.has(k)) {
    const bg = scale.interpolate(k / STEPS);
    known.set(k, { bg, fg: textOn(bg) });
  }
  return known.get(k);
}

export function colourOf(scale, lo, hi) {
  return (x) => {
    if (x === Infinity && hi === Infinity) return swatch(scale, 1);
    if (!Number.isFinite(x)) return null;
    return swatch(scale, hi === lo ? 0.5 : Math.min(1, Math.max(0, (x - lo) / (hi - lo))));
  };
}

const gradients = new Map(); // each scale's legend gradient, computed once
export function legend(scale, lo, hi) {
  const bar = h('span', { class: 'legend-bar', 'aria-hidden': 'true' });
  if (!gradients.has(scale)) {
    const stops = Array.from({ length: 9 }, (_, i) => scale.interpolate(i / 8));
    gradients.set(scale, `linear-gradient(to right, ${stops.join(', ')})`);
  }
  bar.style.background = gradients.get(scale);
  return h('div', { class: 'legend' }, h('span', {}, short(lo)), bar, h('span', {}, short(hi)));
}
