// A matrix as a table: heatmap colours with a legend, numbers rounded for display and exact on
// hover or focus, arrow keys to move between cells, optional editing, copy as LaTeX or NumPy.
import { interpolateBlues, interpolatePuOr } from 'd3-scale-chromatic';
import { exact, short } from '../../locale/number.js';
import { editable, toLatex, toNumpy } from '../format.js';
import { ui } from '../../text/index.js';
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

// The most cells a matrix draws at once. Drawing a number's cell (its colour, its text, its
// labels) and laying it out costs 25 to 35 µs in Chromium on this project's test machines, and a
// cell that is a text box, to edit, three times that; so 512 numbers or 256 boxes take one or
// two frames. A larger matrix (§6.1's PE at T = D = 256 is 65,536 numbers, §9.2's MLP at B·T =
// 32 rows is 4,096) shows a window of whole rows, with a control to move it, and Copy still
// copies every number. Both keep every handout-sized matrix whole (§6.1's default PE is 384
// numbers; the largest editable one, §5's X, 12 boxes).
export const MAX_CELLS = 512;
const MAX_BOXES = 256;
const BOX_COST = 3; // a text box's share of a frame, in numbers' cells
const windowStart = new Map(); // matrix id (or label) -> the first row its window shows

// A redraw draws at most FRAME_CELLS cells at once (a text box counts as BOX_COST); the rest of
// the rows of its matrices follow in the next animation frames, FRAME_CELLS at a time. So a
// redraw at the inputs' bounds (§9.2 shows 1,300 cells there: 60 ms at once on the test
// machines) costs about what one at the handout's inputs does, whose other content (text,
// formulas, contents) weighs about as much as 192 cells; npm run bench measures both. Every
// matrix of the handout's own examples but §6.1's PE is drawn whole at once.
export const FRAME_CELLS = 192;
let frameCells = FRAME_CELLS; // what the current frame may still draw
const unfinished = []; // [table, drawRows] of matrices with rows still to draw, in page order
let frameAsked = false;

function spend(cells) {
  frameCells -= cells;
  askFrame();
}

// Each frame starts with a full share and gives it to the unfinished matrices in order. A
// matrix no longer on the page (a later redraw replaced it) is dropped.
function askFrame() {
  if (frameAsked) return;
  frameAsked = true;
  requestAnimationFrame(() => {
    frameAsked = false;
    frameCells = FRAME_CELLS;
    while (unfinished.length && frameCells > 0) {
      const [table, drawRows] = unfinished[0];
      if (!table.isConnected) {
        unfinished.shift();
        continue;
      }
      const { cells, done } = drawRows(frameCells);
      frameCells -= cells;
      if (done) {
        unfinished.shift();
        table.removeAttribute('aria-busy');
      }
    }
    // Again while there is more to draw, or to give the next frame its full share.
    if (unfinished.length || frameCells < FRAME_CELLS) askFrame();
  });
}

// Draws what the frame's share allows now (one row at least, even from a spent share: a grid
// with no rows is not a grid to a screen reader), and leaves the rest to the next frames. Until
// its last row is in, the table says it is busy, so assistive technology waits for it.
function drawSoon(table, drawRows) {
  const { cells, done } = drawRows(Math.max(frameCells, 1));
  spend(cells);
  if (done) return;
  table.setAttribute('aria-busy', 'true');
  unfinished.push([table, drawRows]);
  askFrame();
}

// The largest magnitude among the finite entries, without spreading them into arguments (a
// quarter of a million would overflow the stack).
function largestMagnitude(m) {
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

function colourOf(scale, lo, hi) {
  return (x) => {
    if (x === Infinity && hi === Infinity) return swatch(scale, 1);
    if (!Number.isFinite(x)) return null;
    return swatch(scale, hi === lo ? 0.5 : Math.min(1, Math.max(0, (x - lo) / (hi - lo))));
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

// Keyboard (the ARIA grid pattern): a matrix is one Tab stop and the arrow keys, Home and End
// move between its cells. In an editable matrix, Enter, F2 or typing starts editing the focused
// cell; Enter commits it and Escape puts back what it held before. The cell with the Tab stop
// and the cell being edited are kept per matrix id, because every valid keystroke recomputes the
// example and draws the matrix again.
const tabStop = new Map(); // matrix id (or label) -> [r, c] of the cell that is the Tab stop
const editing = new Map(); // matrix id -> {r, c, before: the cell's text when the edit began}
let unnamed = 0; // element ids for matrices drawn without an id

const MOVES = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };

function gridKeys(table, id, rows, cols, edit) {
  const cellAt = (r, c) => table.querySelector(`td[data-r="${r}"][data-c="${c}"]`);
  const focusable = (td) => (edit ? td.querySelector('input') : td);
  const [r0, c0] = tabStop.get(id) ?? [0, 0];
  // The Tab stop goes on the remembered cell once it is drawn (a large matrix draws over a few
  // frames), or on the first cell drawn once the matrix is complete without it (a window of rows
  // that leaves it out).
  let placed = false;
  const placeTabStop = (complete) => {
    if (placed) return;
    const cell =
      cellAt(Math.min(r0, rows - 1), Math.min(c0, cols - 1)) ?? (complete ? table.querySelector('td[data-r]') : null);
    if (cell) {
      focusable(cell).tabIndex = 0;
      placed = true;
    }
  };

  table.addEventListener('focusin', (e) => {
    const td = e.target.closest('td[data-r]');
    if (!td) return;
    for (const other of table.querySelectorAll('td[data-r]')) focusable(other).tabIndex = -1;
    focusable(td).tabIndex = 0;
    tabStop.set(id, [+td.dataset.r, +td.dataset.c]);
  });
  table.addEventListener('keydown', (e) => {
    const td = e.target.closest('td[data-r]');
    if (!td || e.altKey || e.ctrlKey || e.metaKey) return;
    const r = +td.dataset.r;
    const c = +td.dataset.c;
    const input = edit ? td.querySelector('input') : null;
    const ed = editing.get(id);
    if (input && ed && ed.r === r && ed.c === c) {
      // Editing: the arrows move the caret; Enter commits, Escape restores.
      if (e.key === 'Enter') {
        editing.delete(id);
        input.select();
      } else if (e.key === 'Escape') {
        editing.delete(id);
        input.value = ed.before;
        edit.onInput(r, c, ed.before, input);
      } else return;
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    const target = MOVES[e.key]
      ? cellAt(r + MOVES[e.key][0], c + MOVES[e.key][1])
      : e.key === 'Home'
        ? cellAt(r, 0)
        : e.key === 'End'
          ? cellAt(r, cols - 1)
          : undefined;
    if (target !== undefined) {
      e.preventDefault();
      e.stopPropagation();
      if (target) focusable(target).focus();
      return;
    }
    if (!input) return;
    const typing = (e.key.length === 1 && e.key !== ' ') || e.key === 'Backspace' || e.key === 'Delete';
    if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      editing.set(id, { r, c, before: input.value });
      input.setSelectionRange(input.value.length, input.value.length);
    } else if (typing) {
      // As in a spreadsheet, the key replaces the whole number.
      editing.set(id, { r, c, before: input.value });
      input.select();
    }
  });
  table.addEventListener('focusout', (e) => {
    const ed = editing.get(id);
    const td = e.target.closest('td[data-r]');
    // Leaving the cell (Tab, a click elsewhere) keeps what was typed; a re-render's blur does not count.
    if (ed && td && +td.dataset.r === ed.r && +td.dataset.c === ed.c && e.relatedTarget) editing.delete(id);
  });
  return placeTabStop;
}

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
  const most = edit ? MAX_BOXES : MAX_CELLS;
  const perWindow = Math.max(1, Math.floor(most / Math.max(cols, 1)));
  const windowed = m.length * cols > most;
  const first = windowed ? Math.min(windowStart.get(gridKey) ?? 0, m.length - perWindow) : 0;
  const shown = windowed ? m.slice(first, first + perWindow) : m;
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
            'aria-label': ui.labelled({ label: ui.copyLatex, text: label }),
          },
          ui.copyLatex,
        ),
        h(
          'button',
          {
            type: 'button',
            onclick: () => copyText(toNumpy(value), copyStatus),
            'aria-label': ui.labelled({ label: ui.copyNumpy, text: label }),
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
  // The window's control: which row it starts at; the figure is drawn again around it.
  const figure = () =>
    matrixView({ label, value, kind, rowLabels, colLabels, edit, hideCopy, id, caption, scaleMax, marked, later });
  const windowId = `${base}-window`;
  const windowControl = windowed
    ? h(
        'p',
        { class: 'window' },
        `${ui.matrixWindow({
          label,
          rows: m.length,
          cols,
          count: m.length * cols,
          from: first,
          to: Math.min(first + perWindow, m.length) - 1,
        })} `,
        h('label', { for: windowId }, ui.firstRow),
        ' ',
        h('input', {
          id: windowId,
          type: 'number',
          min: 0,
          max: m.length - 1,
          step: 1,
          value: String(first),
          onchange: (e) => {
            const row = Math.round(Number(e.target.value));
            if (!Number.isFinite(row)) return;
            windowStart.set(gridKey, Math.min(Math.max(row, 0), m.length - 1));
            const again = figure();
            e.target.closest('figure').replaceWith(again);
            again.querySelector('.window input')?.focus();
          },
        }),
      )
    : null;
  return h(
    'figure',
    { class: 'matrix-figure', dataset: { label } },
    windowControl,
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
