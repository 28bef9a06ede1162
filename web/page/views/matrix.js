// A matrix as a table: heatmap colours with a legend, numbers rounded for display and exact on
// hover or focus, arrow keys to move between cells, optional editing, copy as LaTeX or NumPy.
import { interpolateBlues, interpolatePuOr } from 'd3-scale-chromatic';
import { editable, exact, short, toLatex, toNumpy } from '../format.js';
import { ui } from '../../strings.js';
import { h } from './dom.js';

// Diverging (purple-orange, colour-blind safe) for signed values around 0; sequential blues for
// weights and probabilities on [0, 1], and for other nonnegative magnitudes on [0, max].
const SCALES = {
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

const as2d = (v) => (Array.isArray(v) ? (Array.isArray(v[0]) ? v : [v]) : [[v]]);

function colourOf(scale, lo, hi) {
  return (x) => {
    if (!Number.isFinite(x)) return null;
    const t = hi === lo ? 0.5 : Math.min(1, Math.max(0, (x - lo) / (hi - lo)));
    return scale.interpolate(t);
  };
}

const gradients = new Map(); // each scale's legend gradient, computed once
function legend(scale, lo, hi) {
  const bar = h('span', { class: 'legend-bar', 'aria-hidden': 'true' });
  if (!gradients.has(scale)) {
    const stops = Array.from({ length: 9 }, (_, i) => scale.interpolate(i / 8));
    gradients.set(scale, `linear-gradient(to right, ${stops.join(', ')})`);
  }
  bar.style.background = gradients.get(scale);
  return h('div', { class: 'legend' }, h('span', {}, short(lo)), bar, h('span', {}, short(hi)));
}

async function copyText(text, status) {
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = ui.copied;
  } catch {
    status.textContent = ui.copyFallback;
    status.append(h('textarea', { readonly: true, rows: 2, 'aria-label': ui.copyFallback }, text));
  }
}

// options: label, value (number, vector or matrix), kind ('signed' | 'prob' | 'magnitude' | 'plain'),
// rowLabels, colLabels, edit: {onInput(r, c, text, input)} when editable,
// hideCopy, id (stable prefix for the inputs, so focus survives a re-render).
export function matrixView({ label, value, kind = 'signed', rowLabels, colLabels, edit, hideCopy, id, caption }) {
  const m = as2d(value);
  const flat = m.flat().filter(Number.isFinite);
  const scale = SCALES[kind];
  const max = flat.length ? Math.max(...flat.map(Math.abs)) : 1;
  const [lo, hi] = scale ? scale.domain(max || 1) : [0, 1];
  const colour = scale ? colourOf(scale, lo, hi) : () => null;
  const exactLine = h('p', { class: 'exact', 'aria-live': 'polite' });
  const show = (r, c) => {
    exactLine.textContent = `${label}[${r}][${c}] = ${exact(m[r][c])}`;
  };

  const head = colLabels
    ? h(
        'thead',
        {},
        h(
          'tr',
          {},
          rowLabels ? h('td') : null,
          colLabels.map((c) => h('th', { scope: 'col' }, c)),
        ),
      )
    : null;
  const body = h(
    'tbody',
    {},
    m.map((row, r) =>
      h(
        'tr',
        {},
        rowLabels ? h('th', { scope: 'row' }, rowLabels[r]) : null,
        row.map((x, c) => {
          const bg = colour(x);
          const cellLabel = `${label} ${ui.row} ${r}, ${ui.column} ${c}`;
          const td = h('td', { dataset: { r, c } });
          if (bg) {
            td.style.backgroundColor = bg;
            td.style.color = textOn(bg);
          }
          if (edit) {
            // Rounded like every other cell until focused; then the exact value, to edit.
            const input = h('input', {
              type: 'text',
              inputmode: 'decimal',
              value: short(x),
              'aria-label': cellLabel,
              spellcheck: 'false',
              id: `${id}-${r}-${c}`,
              size: 6,
              title: exact(x),
              'aria-describedby': `${id}-error`,
              oninput: (e) => edit.onInput(r, c, e.target.value, e.target),
              onfocus: (e) => {
                if (e.target.value === short(x)) {
                  e.target.value = editable(x);
                  e.target.select(); // as on entering any field: typing replaces the number
                }
                show(r, c);
              },
              onblur: (e) => {
                if (e.target.value === editable(x)) e.target.value = short(x);
              },
            });
            td.append(input);
          } else {
            td.textContent = short(x);
            td.title = exact(x);
            td.setAttribute('aria-label', `${cellLabel}: ${exact(x)}`);
            td.tabIndex = -1;
            td.addEventListener('focus', () => show(r, c));
          }
          td.addEventListener('mouseenter', () => show(r, c));
          return td;
        }),
      ),
    ),
  );
  const table = h(
    'table',
    { class: `matrix ${edit ? 'editable' : ''}` },
    h('caption', {}, caption || label),
    head,
    body,
  );
  if (!edit) {
    // One tab stop per matrix; arrow keys move between its cells.
    const cells = [...table.querySelectorAll('td[data-r]')];
    if (cells.length) cells[0].tabIndex = 0;
    table.addEventListener('keydown', (e) => {
      const td = e.target.closest('td[data-r]');
      if (!td) return;
      const d = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] }[e.key];
      if (!d) return;
      const next = table.querySelector(`td[data-r="${+td.dataset.r + d[0]}"][data-c="${+td.dataset.c + d[1]}"]`);
      if (next) {
        e.preventDefault();
        e.stopPropagation();
        td.tabIndex = -1;
        next.tabIndex = 0;
        next.focus();
      }
    });
  }
  const copyStatus = h('span', { class: 'copy-status', 'aria-live': 'polite' });
  const copy = hideCopy
    ? null
    : h(
        'div',
        { class: 'copy' },
        h(
          'button',
          {
            type: 'button',
            onclick: () => copyText(toLatex(value), copyStatus),
            'aria-label': `${ui.copyLatex}: ${label}`,
          },
          ui.copyLatex,
        ),
        h(
          'button',
          {
            type: 'button',
            onclick: () => copyText(toNumpy(value), copyStatus),
            'aria-label': `${ui.copyNumpy}: ${label}`,
          },
          ui.copyNumpy,
        ),
        copyStatus,
      );
  const shape = Array.isArray(value)
    ? Array.isArray(value[0])
      ? `[${m.length}, ${m[0].length}]`
      : `[${m[0].length}]`
    : '';
  return h(
    'figure',
    { class: 'matrix-figure', dataset: { label } },
    h('div', { class: 'scroll' }, table),
    h(
      'figcaption',
      {},
      shape && h('span', { class: 'shape' }, `${ui.shape} ${shape}`),
      scale && legend(scale, lo, hi),
      copy,
    ),
    exactLine,
  );
}
