// A class's result files summed up: a row per file, a cell per problem, each problem's
// statistics, and the table as CSV.
import { assignment as words, practice as practiceWords } from '../../../text/index.js';
import { cellText, resultsCsv, sortRows } from '../../assignment/class.js';
import { download, h } from '../dom.js';
import { scrollBox, titlesOf } from './shared.js';
import { plainTable, rowHeader } from '../plain-table.js';

// The most cells the class table draws at once. A cell of a table 146 columns wide costs about
// 90 µs to build and lay out in Chromium on the test machines, so that 512 of them, with the
// problems' statistics drawn in the same task, hold the page about 110 ms. A class of 300 with
// ten problems is shown 36 rows at a time; with the largest assignment's 140 problems (42,000
// cells, over two seconds whole), 3. The CSV holds every row.
const TABLE_CELLS = 512;

// first: the first row shown (of the rows in the order `sort` asks); onRows(first) moves on.
export function classSummary(report, { practice, teacher, sort, first = 0, onSort, onRows, onShow }) {
  const titles = titlesOf(practice);
  const sorted = sortRows(report.rows, sort);
  const per = Math.max(1, Math.floor(TABLE_CELLS / (report.stats.length + 4)));
  const from = Math.min(Math.max(first, 0), Math.max(sorted.length - per, 0));
  const rows = sorted.slice(from, from + per);
  const move = (id, to, label, off) =>
    h('button', { type: 'button', id, disabled: off, onclick: () => onRows(to) }, label);
  const pager =
    sorted.length > per
      ? h(
          'p',
          { class: 'window', id: 'rows-shown', tabindex: '-1' },
          words.rowsShown({ from: from + 1, to: from + rows.length, n: sorted.length }),
          ' ',
          move('rows-previous', Math.max(from - per, 0), words.previousRows, from === 0),
          ' ',
          move('rows-next', from + per, words.nextRows, from + per >= sorted.length),
        )
      : null;
  const sortButton = (by, label) =>
    h(
      'th',
      { scope: 'col', 'aria-sort': sort === by ? (by === 'score' ? 'descending' : 'ascending') : null },
      h('button', { type: 'button', class: 'link', id: `sort-${by}`, onclick: () => onSort(by) }, label),
    );
  const [student, solved, passMark, verdicts] = words.summaryColumns;
  const rowFlags = (row) => {
    const r = row.result;
    if (!r) return [row.problem];
    const flags = [r.disagreements.length ? words.disagrees({ n: r.disagreements.length }) : words.agrees];
    if (r.otherAssignment.length) flags.push(words.otherAssignment({ what: r.otherAssignment }));
    if (row.duplicate) flags.push(words.duplicate);
    return flags;
  };
  return h(
    'div',
    { class: 'result-summary' },
    h('h3', { id: 'summary-title', tabindex: '-1' }, words.summaryTitle({ n: report.rows.length })),
    teacher
      ? h('p', {}, words.checkedAgainst({ title: teacher.title }))
      : report.assignments > 1
        ? h('p', { class: 'notice', id: 'mixed-assignments' }, words.mixedAssignments({ n: report.assignments }))
        : null,
    pager,
    scrollBox(
      words.summaryTitle({ n: report.rows.length }),
      h(
        'table',
        { class: 'result-table' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            sortButton('student', student),
            sortButton('score', solved),
            h('th', { scope: 'col' }, passMark),
            report.stats.map((st, k) => h('th', { scope: 'col', title: titles.get(st.family) }, `${k + 1}`)),
            h('th', { scope: 'col' }, verdicts),
          ),
        ),
        h(
          'tbody',
          {},
          rows.map((row) => {
            const r = row.result;
            const flags = rowFlags(row);
            return h(
              'tr',
              { class: !r || flags.length > 1 || r.disagreements.length ? 'changed' : '' },
              h(
                'th',
                { scope: 'row' },
                h('button', { type: 'button', class: 'link', onclick: () => onShow(row.i) }, r?.student || row.name),
              ),
              h('td', {}, r ? `${r.score.solved} / ${r.score.total} (${Math.round(r.score.percent)} %)` : ''),
              h('td', {}, r ? (r.score.passed ? words.passed : words.notPassed) : ''),
              report.stats.map((_, k) => h('td', {}, row.cells?.[k] ? cellText(row.cells[k]) : '')),
              h('td', {}, flags.join('; ')),
            );
          }),
        ),
      ),
    ),
    h('h4', {}, words.statsTitle),
    scrollBox(
      words.statsTitle,
      plainTable({
        style: 'result-table',
        id: 'problem-stats',
        columns: words.statsColumns,
        rows: report.stats.map((st, k) => [
          rowHeader(`${k + 1}. ${titles.get(st.family)}`),
          h('td', {}, `${st.solved} / ${st.of}`),
          h('td', {}, `${st.first} / ${st.of}`),
          h(
            'td',
            {},
            st.misconception
              ? words.metTimes({
                  what: practiceWords.misconceptions[st.misconception] ?? st.misconception,
                  n: st.met,
                })
              : words.noMisconception,
          ),
        ]),
      }),
    ),
    h('p', { class: 'hint' }, words.cellsKey),
    h(
      'p',
      {},
      h(
        'button',
        {
          type: 'button',
          id: 'download-csv',
          onclick: () => download(words.csvFile, resultsCsv(report), 'text/csv;charset=utf-8'),
        },
        words.downloadCsv,
      ),
    ),
  );
}
