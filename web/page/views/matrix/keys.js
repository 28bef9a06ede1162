// Keyboard (the ARIA grid pattern): a matrix is one Tab stop and the arrow keys, Home and End
// move between its cells. In an editable matrix, Enter, F2 or typing starts editing the focused
// cell; Enter commits it and Escape puts back what it held before. The cell with the Tab stop
// and the cell being edited are kept per matrix id, because every valid keystroke recomputes the
// example and draws the matrix again.
const tabStop = new Map(); // matrix id (or label) -> [r, c] of the cell that is the Tab stop
const editing = new Map(); // matrix id -> {r, c, before: the cell's text when the edit began}

const MOVES = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };

// Wires the keys of `table`, a grid of rows x cols (its inputs' when `edit`), under `id`; returns
// placeTabStop(complete), which a drawing calls after each batch of rows it puts in.
export function gridKeys(table, id, rows, cols, edit) {
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
