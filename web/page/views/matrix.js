// A matrix as a table: heatmap colours with a legend (matrix/colour.js), numbers rounded for
// display and exact on hover or focus, arrow keys to move between cells (matrix/keys.js),
// optional editing, a window of rows when it is too large to draw at once (matrix/window.js),
// drawn within the frame's share of cells (matrix/frames.js), copy as LaTeX or NumPy
// (matrix/copy.js).
import { exact, short } from '../../locale/number.js';
import { editable } from '../../locale/format.js';
import { ui } from '../../text/index.js';
import { h } from './dom.js';
import { colourOf, largestMagnitude, legend, SCALES } from './matrix/colour.js';
import { copyButtons } from './matrix/copy.js';
import { BOX_COST, drawSoon, spend } from './matrix/frames.js';
import { gridKeys } from './matrix/keys.js';
import { rowWindow, windowControl } from './matrix/window.js';

const as2d = (v) => (Array.isArray(v) ? (Array.isArray(v[0]) ? v : [v]) : [[v]]);
let unnamed = 0; // element ids for matrices drawn without an id

// options: label, value (number, vector or matrix), kind ('signed' | 'prob' | 'magnitude' | 'plain'),
// rowLabels, colLabels, edit: {onInput(r, c, text, input)} when editable,
// hideCopy, id (stable prefix for the inputs, so focus survives a re-render),
// scaleMax (a colour scale shared with the matrices beside this one, so one colour is one size),
// marked: {cells: [[r, c]], meaning} (outlined cells, and what the outline means),
// later (draw within the frame's share of cells, the rest in the next frames; for figures that
// are put on the page in the same task, as a step's are).
export function matrixView({
  label,
  value,
  kind = 'signed',
  rowLabels,
  colLabels,
  edit,
  hideCopy,
  id,
  caption,
  scaleMax,
  marked,
  later = false,
}) {
  // A read-only matrix without an id keeps its Tab-stop cell under its label (a step's labels differ).
  const gridKey = id ?? `label:${label}`;
  const m = as2d(value);
  const scale = SCALES[kind];
  // An entry too large for a double (+inf, e.g. e^1004) tops a scale that starts at 0: on it
  // every finite entry is at the bottom, so no colour claims a size it does not have.
  const unbounded = kind !== 'signed' && m.some((row) => row.includes(Infinity));
  const max = unbounded ? Infinity : (scaleMax ?? largestMagnitude(m)); // 0 (no size) gives the unit scale
  // The rows drawn: all of them, or a window of whole rows when the matrix has too many cells.
  const cols = m[0]?.length ?? 0;
  const win = rowWindow(m, cols, edit, gridKey);
  const { most, first, shown } = win;
  const isMarked = (r, c) => Boolean(marked?.cells.some(([mr, mc]) => mr === r && mc === c));
  const [lo, hi] = scale ? scale.domain(max || 1) : [0, 1];
  const colour = scale ? colourOf(scale, lo, hi) : () => null;
  const exactLine = h('p', { class: 'exact' });
  const show = (r, c) => {
    exactLine.textContent = `${label}[${r}][${c}] = ${exact(m[r][c])}`;
  };
  const base = id ?? `matrix-${++unnamed}`; // the prefix of the figure's own element ids
  const keysId = `${base}-keys`;

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
  // One row of cells. Their listeners are the table's (below), which finds the cell an event
  // came from by its data-r and data-c: a listener per cell was a tenth of the drawing time.
  const rowOf = (row, i) => {
    const r = first + i;
    return h(
      'tr',
      {},
      rowLabels ? h('th', { scope: 'row' }, rowLabels[r]) : null,
      row.slice(0, most).map((x, c) => {
        const paint = colour(x);
        const shown = short(x);
        const cellLabel = [`${label} ${ui.row} ${r}`, `${ui.column} ${c}`, isMarked(r, c) && marked.meaning]
          .filter(Boolean)
          .join(ui.clauseSeparator);
        const td = h('td', { dataset: { r, c }, class: isMarked(r, c) ? 'marked' : null });
        if (paint) {
          td.style.backgroundColor = paint.bg;
          td.style.color = paint.fg;
        }
        if (edit) {
          // Rounded like every other cell until focused; then the exact value, to edit.
          td.append(
            h('input', {
              type: 'text',
              inputmode: 'decimal',
              value: shown,
              'aria-label': cellLabel,
              spellcheck: 'false',
              id: `${id}-${r}-${c}`,
              size: 6,
              tabindex: '-1',
              title: exact(x),
              'aria-describedby': `${id}-error ${keysId}`,
            }),
          );
        } else {
          td.textContent = shown;
          td.title = exact(x);
          // The name starts with what the cell shows, then says where it is and its every digit.
          td.setAttribute('aria-label', [shown, cellLabel, `${ui.exactly} ${td.title}`].join(ui.clauseSeparator));
          td.tabIndex = -1;
        }
        return td;
      }),
    );
  };
  const body = h('tbody');
  let drawn = 0; // rows of `shown` in the body so far
  // Draws whole rows until about `cells` cells are in (always one row at least, so every frame
  // makes progress); says how many cells it drew and whether the matrix is complete.
  const drawRows = (cells) => {
    const from = drawn;
    const perRow = Math.max(1, Math.min(cols, most)) * (edit ? BOX_COST : 1);
    while (drawn < shown.length && (drawn === from || (drawn - from) * perRow < cells)) {
      body.append(rowOf(shown[drawn], drawn));
      drawn += 1;
    }
    placeTabStop(drawn === shown.length);
    return { cells: (drawn - from) * perRow, done: drawn === shown.length };
  };
  const table = h(
    'table',
    { class: `matrix ${edit ? 'editable' : ''}`, role: 'grid', 'aria-describedby': keysId },
    h('caption', {}, caption || label),
    head,
    body,
  );
  const placeTabStop = gridKeys(table, gridKey, m.length, m[0]?.length ?? 0, edit);
  // Hovering or focusing a cell shows its every digit under the matrix; an editable cell also
  // holds them while focused, to be edited, and is rounded again when left.
  const cellOf = (e) => e.target.closest('td[data-r]');
  const at = (td) => [+td.dataset.r, +td.dataset.c];
  table.addEventListener('mouseover', (e) => {
    const td = cellOf(e);
    if (td) show(...at(td));
  });
  table.addEventListener('focusin', (e) => {
    const td = cellOf(e);
    if (!td) return;
    const [r, c] = at(td);
    if (edit && e.target.value === short(m[r][c])) {
      e.target.value = editable(m[r][c]);
      e.target.select(); // as on entering any field: typing replaces the number
    }
    show(r, c);
  });
  table.addEventListener('focusout', (e) => {
    const td = cellOf(e);
    if (!td) return;
    const [r, c] = at(td);
    // A number the engine took is shown as every other cell is; text it refused stays, beside
    // its message, to be corrected.
    if (edit && e.target.getAttribute('aria-invalid') !== 'true') e.target.value = short(m[r][c]);
    exactLine.textContent = '';
  });
  if (edit) {
    table.addEventListener('input', (e) => {
      const td = cellOf(e);
      if (td) edit.onInput(...at(td), e.target.value, e.target);
    });
  }
  // The matrix that holds the focus is drawn whole at once, so the cell being typed in is back
  // before the redraw ends; any other takes its share of the frame and finishes in the next ones.
  const holdsFocus = Boolean(id) && (document.activeElement?.id ?? '').startsWith(`${id}-`);
  if (later && !holdsFocus) drawSoon(table, drawRows);
  else spend(drawRows(Infinity).cells);
  const keys = h('p', { class: 'visually-hidden', id: keysId }, edit ? ui.gridEditKeys : ui.gridKeys);
  const copy = hideCopy ? null : copyButtons(value, label);
  const shape = Array.isArray(value)
    ? Array.isArray(value[0])
      ? `[${m.length}, ${m[0].length}]`
      : `[${m[0].length}]`
    : '';
  // The figure drawn again, around a moved window.
  const redraw = () =>
    matrixView({ label, value, kind, rowLabels, colLabels, edit, hideCopy, id, caption, scaleMax, marked, later });
  const control = win.windowed
    ? windowControl({ label, m, cols, win, key: gridKey, id: `${base}-window`, redraw })
    : null;
  return h(
    'figure',
    { class: 'matrix-figure', dataset: { label } },
    control,
    h('div', { class: 'scroll' }, table),
    keys,
    h(
      'figcaption',
      {},
      shape && h('span', { class: 'shape' }, `${ui.shape} ${shape}`),
      scale && legend(scale, lo, hi),
      marked &&
        h(
          'span',
          { class: 'marked-key' },
          h('span', { class: 'marked-swatch', 'aria-hidden': 'true' }),
          marked.meaning,
        ),
      copy,
    ),
    exactLine,
  );
}
