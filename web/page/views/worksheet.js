// A worksheet: a table the student fills in, one answer per cell, checked cell by cell by the
// engine (the practice checker: same parser, tolerance and misconceptions). The typed answers
// live in `draft` (owned by the page, so a redraw or a change of the inputs never loses them;
// onEdit tells it to keep them across a reload);
// the verdicts are shown only for the inputs they were checked against.
//
// sheet = {id, caption, columns: [[key, label]], rows: [{key, label, cells: {colKey: cell}}]}
// cell  = {format, expected, misconceptions, words, options: [[value, text]]}  (options: a select)
// A row without a cell in some column shows "—" there: that module has no such thing.
// verdicts: {cellId: the engine's verdict, or {blank: true} for a cell left empty}.
import { practice as text, sentences, ui } from '../../text/index.js';
import { h } from './dom.js';
import { ANSWER_MOST } from '../worksheet-store.js';

// The summary under a checked worksheet: all right, or how many are right, empty and wrong.
function scoreLine(right, all, blank, wrong) {
  if (right === all) return ui.worksheetAllRight({ all });
  return sentences(
    ui.worksheetRight({ right, all }),
    blank && ui.worksheetBlank({ blank }),
    wrong && ui.worksheetWrong,
  );
}

const cellId = (sheet, row, col) => `ws-${sheet.id}-${row.key}-${col}`;

export function worksheetView(sheet, { draft, verdicts, notice, onCheck, onClear, onEdit }) {
  const cells = sheet.rows.flatMap((row) =>
    sheet.columns.filter(([col]) => row.cells[col]).map(([col, colLabel]) => ({ row, col, colLabel })),
  );
  const field = ({ row, col, colLabel }) => {
    const id = cellId(sheet, row, col);
    const cell = row.cells[col];
    const v = verdicts?.[id]?.blank ? null : verdicts?.[id];
    const common = {
      id,
      'aria-label': [row.label, colLabel].join(ui.clauseSeparator),
      'aria-invalid': v ? String(!v.correct) : null,
      'aria-describedby': v && !v.correct ? `${id}-why` : null,
    };
    const input = cell.options
      ? h(
          'select',
          {
            ...common,
            onchange: (e) => {
              draft[id] = e.target.value;
              onEdit();
            },
          },
          h('option', { value: '' }, ui.worksheetChoose),
          cell.options.map(([value, label]) => h('option', { value, selected: draft[id] === value }, label)),
        )
      : h('input', {
          ...common,
          type: 'text',
          value: draft[id] ?? '',
          autocomplete: 'off',
          spellcheck: 'false',
          maxlength: ANSWER_MOST,
          oninput: (e) => {
            draft[id] = e.target.value;
            onEdit();
          },
        });
    return h(
      'td',
      { class: v ? (v.correct ? 'ok' : 'no') : null },
      input,
      v && h('span', { class: 'mark', 'aria-hidden': 'true' }, v.correct ? ' ✓' : ' ✗'),
    );
  };
  const verdictOf = (c) => verdicts?.[cellId(sheet, c.row, c.col)];
  const wrong = verdicts ? cells.filter((c) => !verdictOf(c).correct && !verdictOf(c).blank) : [];
  const blank = verdicts ? cells.filter((c) => verdictOf(c).blank).length : 0;
  return h(
    'form',
    {
      class: 'worksheet',
      'aria-labelledby': `ws-${sheet.id}-caption`,
      onsubmit: (e) => {
        e.preventDefault();
        onCheck(cells.map(({ row, col }) => ({ id: cellId(sheet, row, col), spec: row.cells[col] })));
      },
    },
    notice && h('p', { class: 'notice', role: 'status' }, notice),
    h(
      'div',
      { class: 'scroll' },
      h(
        'table',
        { class: 'tokens' },
        h('caption', { id: `ws-${sheet.id}-caption` }, sheet.caption),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('td'),
            sheet.columns.map(([, label]) => h('th', { scope: 'col' }, label)),
          ),
        ),
        h(
          'tbody',
          {},
          sheet.rows.map((row) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, row.label),
              sheet.columns.map(([col, colLabel]) =>
                row.cells[col] ? field({ row, col, colLabel }) : h('td', {}, '\u2014'),
              ),
            ),
          ),
        ),
      ),
    ),
    h(
      'p',
      { class: 'worksheet-actions' },
      h('button', { type: 'submit', id: `ws-${sheet.id}-check` }, text.check),
      ' ',
      h('button', { type: 'button', id: `ws-${sheet.id}-clear`, onclick: onClear }, ui.worksheetClear),
      ' ',
      h('span', { class: 'format' }, ui.worksheetFormats),
    ),
    h(
      'p',
      {
        id: `ws-${sheet.id}-summary`,
        class: `feedback ${verdicts ? (wrong.length + blank === 0 ? 'ok' : 'no') : ''}`,
        role: 'status',
        'aria-live': 'polite',
        tabindex: '-1',
      },
      verdicts ? scoreLine(cells.length - wrong.length - blank, cells.length, blank, wrong.length) : '',
    ),
    wrong.length > 0 &&
      h(
        'ul',
        { class: 'worksheet-why' },
        wrong.map(({ row, col, colLabel }) => {
          const id = cellId(sheet, row, col);
          return h(
            'li',
            { id: `${id}-why` },
            h('strong', {}, ui.labelled({ label: [row.label, colLabel].join(ui.clauseSeparator), text: '' })),
            verdicts[id].feedback,
          );
        }),
      ),
  );
}
