// A table of a few columns, as the Lab's panels list tokens and numbers and a teacher's views list
// results: the column headers are `scope="col"`, a row's `th` names it, and a number shows
// rounded with every digit on hover.
import { exact, short } from '../../locale/number.js';
import { h } from './dom.js';

// rows: arrays of cells (elements, from numberCell, rowHeader or h('td', ...)). `caption`: none
// when a heading or the scroll box's label already names the table; `style`: its CSS class.
export const plainTable = ({ id, caption, columns, rows, style = 'plain' }) =>
  h(
    'table',
    { class: style, id },
    caption != null && h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        columns.map((c) => h('th', { scope: 'col' }, c)),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map((cells) => h('tr', {}, cells)),
    ),
  );

export const rowHeader = (label) => h('th', { scope: 'row' }, label);

// A number rounded, exact on hover; `none` is shown for null (greedy draws no u).
export const numberCell = (x, none = '') => (x === null ? h('td', {}, none) : h('td', { title: exact(x) }, short(x)));
