// A table of a few columns with a caption, as the Lab's panels list tokens and numbers: the first
// column's headers are `scope="col"`, a row's `th` names it, and a number shows rounded with
// every digit on hover.
import { exact, short } from '../../locale/number.js';
import { h } from './dom.js';

// rows: arrays of cells (elements, from numberCell, rowHeader or h('td', ...)).
export const plainTable = ({ id, caption, columns, rows }) =>
  h(
    'table',
    { class: 'plain', id },
    h('caption', {}, caption),
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
