// A matrix with more cells than a frame can draw shows a window of whole rows, with a control
// to move it; Copy still copies every number.
import { ui } from '../../../text/index.js';
import { h } from '../dom.js';

// The most cells a matrix draws at once. Drawing a number's cell (its colour, its text, its
// labels) and laying it out costs 25 to 35 µs in Chromium on this project's test machines, and a
// cell that is a text box, to edit, three times that; so 512 numbers or 256 boxes take one or
// two frames. A larger matrix (§6.1's PE at T = D = 256 is 65,536 numbers, §9.2's MLP at B·T =
// 32 rows is 4,096) shows a window of whole rows, with a control to move it, and Copy still
// copies every number. Both keep every handout-sized matrix whole (§6.1's default PE is 384
// numbers; the largest editable one, §5's X, 12 boxes).
export const MAX_CELLS = 512;
const MAX_BOXES = 256;
const windowStart = new Map(); // matrix id (or label) -> the first row its window shows

// The rows of `m` (`cols` columns) the matrix under `key` shows: all of them, or the window of
// whole rows that starts where its control was last set.
export function rowWindow(m, cols, edit, key) {
  const most = edit ? MAX_BOXES : MAX_CELLS;
  const perWindow = Math.max(1, Math.floor(most / Math.max(cols, 1)));
  const windowed = m.length * cols > most;
  const first = windowed ? Math.min(windowStart.get(key) ?? 0, m.length - perWindow) : 0;
  return { most, perWindow, windowed, first, shown: windowed ? m.slice(first, first + perWindow) : m };
}

// The window's control: which row it starts at. A change stores the row and puts `redraw()`, the
// figure drawn again around it, in place of the old one.
export function windowControl({ label, m, cols, win, key, id, redraw }) {
  const { first, perWindow } = win;
  return h(
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
    h('label', { for: id }, ui.firstRow),
    ' ',
    h('input', {
      id,
      type: 'number',
      min: 0,
      max: m.length - 1,
      step: 1,
      value: String(first),
      onchange: (e) => {
        const row = Math.round(Number(e.target.value));
        if (!Number.isFinite(row)) return;
        windowStart.set(key, Math.min(Math.max(row, 0), m.length - 1));
        const again = redraw();
        e.target.closest('figure').replaceWith(again);
        again.querySelector('.window input')?.focus();
      },
    }),
  );
}
