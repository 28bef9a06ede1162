// An assignment on paper: the worksheet (each problem's prompt and numbers, and room to work it
// out and answer) or its answer key (the answer and the worked steps), one sheet per student when
// each student's numbers are their own. Every sheet names the assignment, its seeds and its link,
// so a sheet found on a desk can be matched to its problems, and every printed page names the
// assignment and the student and gives its number (sheetPageRules). The print styles (style.css,
// @media print) leave out the page's navigation, keep each problem on one page and start each
// student's sheet on a new one.
import { assignment as words, practice as practiceWords, ui } from '../../text/index.js';
import { answerText, short } from '../../locale/number.js';
import { STUDENT, problemsOf, studentSeed } from '../assignment/definition.js';
import { valueName } from '../../handouts/practice-words.js';
import { h } from './dom.js';
import { slices } from '../slices.js';
import { progressLine } from './progress-line.js';

// §7.4's trace keeps a batch of one, and its attention weights a head of one too: a tensor whose
// leading axes are of one is shown as the matrix it holds.
function squeezed(value) {
  let v = value;
  while (v.length === 1 && Array.isArray(v[0]) && Array.isArray(v[0][0])) v = v[0];
  return v;
}

// A given number, vector or matrix as a bordered table (readable in black and white).
function numbers(engineName, value) {
  const name = valueName(engineName);
  if (!Array.isArray(value)) return h('p', { class: 'given-scalar' }, `${name} = ${short(value)}`);
  const matrix = squeezed(value);
  const rows = Array.isArray(matrix[0]) ? matrix : [matrix];
  return h(
    'table',
    { class: 'sheet-matrix' },
    h('caption', {}, name),
    h(
      'tbody',
      {},
      rows.map((row) =>
        h(
          'tr',
          {},
          row.map((x) => h('td', {}, short(x))),
        ),
      ),
    ),
  );
}

function problemOnPaper(practice, { family, seed, edition }, i, n, key) {
  const p = practice.generate(family, seed, edition);
  const solution = key ? practice.solution(family, seed, edition) : null;
  return h(
    'section',
    { class: 'sheet-problem' },
    h(
      'h3',
      {},
      `${words.problemOf({ i: i + 1, n })} · ${p.section} ${p.title}`,
      h('span', { class: 'variant' }, ` · ${practiceWords.variant({ seed })}`),
    ),
    h('p', { class: 'prompt' }, p.prompt),
    p.display ? h('pre', { class: 'display' }, h('code', {}, p.display)) : null,
    p.words.length && p.format === 'choice'
      ? h('p', {}, ui.labelled({ label: practiceWords.options, text: p.words.join(ui.wordSeparator) }))
      : null,
    // Beside the given numbers, the worksheet's room to work, the answer's line at its foot, or
    // the key's answer and worked steps: a problem is as tall as the larger of the two.
    h(
      'div',
      { class: 'sheet-work' },
      h(
        'div',
        { class: 'sheet-given' },
        Object.entries(p.given).map(([name, value]) => numbers(name, value)),
      ),
      solution
        ? h(
            'div',
            { class: 'sheet-solution' },
            h(
              'p',
              { class: 'sheet-answer' },
              `${practiceWords.answerIs} `,
              h('strong', {}, answerText(solution.answerValue)),
            ),
            h(
              'ol',
              {},
              solution.steps.map((s) =>
                h(
                  'li',
                  {},
                  s.title,
                  h(
                    'div',
                    { class: 'sheet-given' },
                    Object.entries(s.values).map(([name, value]) => numbers(name, value)),
                  ),
                ),
              ),
            ),
          )
        : h(
            'div',
            { class: 'sheet-room' },
            h('p', {}, `${practiceWords.answer} (${practiceWords.formats[p.format]}):`),
          ),
    ),
  );
}

// Whom the sheets are for: each student named when the numbers are each student's own (none
// named, no sheet), else the class, on one sheet with a line for the name.
const sheetsFor = (a, students) => (a.seed === STUDENT ? students : ['']);
const headingOf = (title, key) => `${title}${key ? ` — ${words.keyTitle}` : ''}`;

// One student's sheet (a class's, with a line for the name, when `student` is ''), without its
// problems: sheetView appends them one at a time.
function sheetOf(a, student, n, key, link) {
  return h(
    'article',
    { class: 'sheet' },
    h('h2', {}, headingOf(a.title, key)),
    h(
      'p',
      { class: 'sheet-head' },
      student ? words.sheetFor({ student }) : words.nameLine,
      h('br'),
      a.seed === STUDENT
        ? words.sheetSeedsStudent({ student, seed: studentSeed(student) })
        : words.sheetSeedsClass({ seed: a.seed, n }),
      h('br'),
      words.sheetLink,
      ' ',
      h('span', { class: 'sheet-url' }, link),
    ),
  );
}

// students: who the sheets are for (a per-student assignment); link: the assignment's address.
// The section comes back with the page's line over the sheets and none of them yet; its
// `draw(signal)` appends them problem by problem in slices (../slices.js), a bar and a Cancel
// showing how far, and turns Print on once every sheet is drawn: 300 students' answer keys of
// the largest assignment are 42,000 problems, tens of seconds of drawing. It resolves to whether
// every sheet was drawn (not when `signal` was aborted, by Cancel or by leaving the page).
export function sheetView({ practice, assignment: a, students, key, link, onCancel }) {
  const perStudent = a.seed === STUDENT;
  const list = sheetsFor(a, students);
  const why = h('p', { id: 'sheet-why' }, perStudent && !students.length ? words.sheetNeedsNames : words.sheetIntro);
  // Sheets of each student's own numbers with no student named would print a blank page, and
  // sheets not all drawn would print some: Print waits, and the lines above say why.
  const print = h(
    'button',
    {
      type: 'button',
      id: 'print-sheet',
      disabled: true,
      'aria-describedby': 'sheet-why',
      onclick: () => window.print(),
    },
    words.print,
  );
  const progress = progressLine({
    id: 'sheets',
    labelOf: (percent) => words.drawingSheets({ n: list.length, percent }),
    cancel: words.cancelSheets,
    onCancel,
  });
  const section = h(
    'section',
    { class: 'sheets', 'aria-labelledby': 'sheet-title' },
    h(
      'div',
      { class: 'no-print' },
      h('h2', { id: 'sheet-title', tabindex: '-1' }, key ? words.keyHeading : words.worksheetHeading),
      why,
      print,
      progress,
    ),
  );
  async function draw(signal) {
    const slice = slices();
    for (const [k, student] of list.entries()) {
      const problems = problemsOf(a, student);
      const sheet = section.appendChild(sheetOf(a, student, problems.length, key, link));
      for (const [i, p] of problems.entries()) {
        sheet.append(problemOnPaper(practice, p, i, problems.length, key));
        if (slice.due()) {
          progress.show((k + (i + 1) / problems.length) / list.length);
          await slice.pause();
          if (signal.aborted) {
            progress.replaceWith(h('p', { class: 'notice', id: 'sheets-stopped' }, words.sheetsStopped));
            return false;
          }
        }
      }
    }
    progress.remove();
    print.disabled = !list.length;
    return true;
  }
  return Object.assign(section, { draw });
}

// A text as a CSS string. A quote, a backslash or a line break in a title or a student's name
// would end the string (or the rule) early: each, and every other control character, is written
// as the escape of its code point.
const cssString = (text) => `"${text.replace(/["\\\p{Cc}]/gu, (c) => `\\${c.codePointAt(0).toString(16)} `)}"`;

// The @page rules that head every printed page of the sheets (app.js adopts them while the sheets
// are shown): each sheet is a named page of its own, whose top left names the assignment and the
// student (on a class's worksheet, a line for the name), and the top right gives the page's
// number. In Chromium a counter-reset in an @page rule holds for each page of the named page
// alone, not from the first on, so the number and the count are the whole printout's.
export function sheetPageRules({ assignment: a, students, key }) {
  const sheets = sheetsFor(a, students);
  if (!sheets.length) return '';
  // "page {n} of {m}" in the page's language, its two numbers as counters in whichever order the
  // language puts them.
  const counters = { '\uE000': 'counter(page)', '\uE001': 'counter(pages)' };
  const pageOf = words
    .pageOf({ n: '\uE000', m: '\uE001' })
    .split(/([\uE000\uE001])/u)
    .filter(Boolean)
    .map((piece) => counters[piece] ?? cssString(piece))
    .join(' ');
  return [
    `@page { @top-right { content: ${pageOf}; } }`,
    ...sheets.map((student, k) => {
      const who = student ? clipped(student) : key ? '' : words.nameLine;
      const head = [headingOf(clipped(a.title), key), who].filter(Boolean).join(' — ');
      return `.sheets > .sheet:nth-of-type(${k + 1}) { page: sheet${k + 1}; }
@page sheet${k + 1} { @top-left { content: ${cssString(head)}; } }`;
    }),
  ].join('\n');
}

// The head has two lines at most, in the page's top margin: a title or a name longer than
// HEAD_PART characters (a name has no limit) ends with "…" there, and is whole on the sheet.
const HEAD_PART = 60;
function clipped(text) {
  const chars = [...text];
  if (chars.length <= HEAD_PART) return text;
  const kept = chars.slice(0, HEAD_PART - 1).join('');
  return `${kept.trimEnd()}…`;
}
