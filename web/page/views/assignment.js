// A student's run of an assignment: who is working (when seeds are drawn per student), the
// score so far, the problems in order with where each stands, one problem at a time (checked by
// the engine exactly as in the practice set), and the result file. Also the view that reads a
// result file back.
import { assignment as words, practice as practiceWords, sentence, sentences, ui } from '../../text/index.js';
import { LIMITS, SETTINGS, STUDENT, normalName } from '../assignment/definition.js';
import { ANSWER_MOST } from '../assignment/suspend.js';
import { resultFileName } from '../assignment/run.js';
import { language } from '../../locale/language.js';
import { download, h } from './dom.js';
import { cellText, classReport, resultsCsv, sortRows } from '../assignment/class.js';
import { problemPanel } from './practice.js';

// Each family's section and title, by id.
const titlesOf = (practice) => new Map(practice.families().map((f) => [f.id, `${f.section} ${f.title}`]));
// Where a problem of a run stands: "solved, 2 attempts" or "1 attempt".
const standing = (r) => `${r.solved ? `${words.solvedMark}, ` : ''}${words.attemptsOf({ n: r.attempts.length })}`;

// "2 of 4 solved, 3 attempts. Pass mark: 60 % of the problems solved. Not passed yet."
const scoreLine = (attrs, score, pass) =>
  h(
    'p',
    { class: 'score', ...attrs },
    // joined as the page's language joins sentences ("…%. Pass mark: … Not" and "…%。及格线：…尚未")
    ui.joined({
      first: sentences(
        sentence(words.score({ ...score, percent: Math.round(score.percent) })),
        words.passMark({ pass }),
      ),
      second: '',
    }),
    h('strong', {}, score.passed ? words.passed : words.notPassed),
  );

// The form that asks who is working, before a per-student assignment can draw its problems.
function whoForm(onStudent, why) {
  const status = h('p', { class: 'input-error', role: 'status', id: 'student-error' });
  const input = h('input', {
    id: 'student',
    type: 'text',
    autocomplete: 'name',
    maxlength: 120,
    'aria-describedby': 'student-why student-error',
  });
  return h(
    'form',
    {
      class: 'who',
      onsubmit: (e) => {
        e.preventDefault();
        if (!input.value.trim()) {
          status.textContent = words.noName;
          input.setAttribute('aria-invalid', 'true');
          input.focus();
          return;
        }
        onStudent(normalName(input.value));
      },
    },
    h('label', { for: 'student' }, words.whoAreYou),
    input,
    h('button', { type: 'submit' }, words.start),
    h('p', { id: 'student-why', class: 'hint' }, why),
    status,
  );
}

// Where the run stands with the LMS, redrawn in place whenever the session's state changes (a
// retry succeeds or fails) so that nothing the student is typing is redrawn: saved, refused with
// what to do, or never connected.
const errorWords = (e) => (e.message ? words.lmsErrorSaid(e) : words.lmsError(e));
function lmsStatus(session) {
  const { saved, refused, retrying } = session.state;
  const error = refused && errorWords(refused);
  const line = refused
    ? retrying
      ? h('p', { class: 'notice' }, words.lmsRetrying({ error }))
      : h(
          'div',
          { class: 'notice', role: 'alert' },
          h('p', {}, words.lmsRefused({ error })),
          h('button', { type: 'button', id: 'lms-retry', onclick: () => session.retry() }, words.lmsRetry),
        )
    : h('p', {}, saved ? words.lmsSaved({ time: saved.toLocaleTimeString(language) }) : words.lmsWaiting);
  return h('div', { id: 'lms-status', role: 'status' }, line);
}

function lmsNotes({ session, name, dropped }, onChange) {
  session.onChange(() => document.getElementById('lms-status')?.replaceWith(lmsStatus(session)));
  return [
    h('p', { class: 'who', id: 'lms-note' }, words.inLms({ name })),
    lmsStatus(session),
    session.unreadable &&
      h(
        'div',
        { class: 'notice', role: 'alert', id: 'lms-unreadable' },
        h('p', {}, words.lmsUnreadable({ score: session.heldScore })),
        h(
          'button',
          {
            type: 'button',
            id: 'lms-afresh',
            onclick: () => {
              session.startAfresh();
              onChange('assignment-score');
            },
          },
          words.lmsAfresh,
        ),
      ),
    dropped > 0 &&
      h('p', { class: 'notice', id: 'lms-dropped' }, words.lmsDropped({ n: dropped, score: session.heldScore })),
  ];
}

// run: from openRun (null while the student's name is awaited); at: the problem shown, from 0;
// href(i): the address of problem i; lms: {session, name, dropped} when the run is the LMS's
// (name: the student as the LMS names them; dropped: answers to problems the package no longer
// asks), {refused} when the LMS refused to connect, null outside an LMS.
export function assignmentView({ practice, assignment, run, at, href, onStudent, onChange, canCopy, lms = null }) {
  const refusedNote =
    lms?.refused &&
    h(
      'p',
      { class: 'notice', role: 'alert', id: 'lms-refused' },
      words.lmsNotConnected({ error: errorWords(lms.refused) }),
    );
  let a = assignment;
  const title = h('h2', { id: 'assignment-title', tabindex: '-1' }, a.title);
  if (!run)
    return h(
      'section',
      { class: 'assignment', 'aria-labelledby': 'assignment-title' },
      title,
      refusedNote,
      whoForm(onStudent, a.seed === STUDENT ? words.whoWhy : words.whoWhyClass),
    );
  // The run's own settings, which an edited address does not change.
  const held = SETTINGS.some((name) => a[name] !== run.assignment[name]);
  a = run.assignment;
  const score = run.score();
  const n = run.problems.length;
  const { family, seed, edition } = run.problems[at];
  const problemId = `problem-${at + 1}`;
  const titles = titlesOf(practice);
  const panel = problemPanel({
    practice,
    family,
    seed,
    edition,
    id: problemId,
    label: words.problemOf({ i: at + 1, n }),
    onChange,
    canCopy,
    canHint: a.hints,
    // An answer the LMS's 4,096 characters must hold (suspend.js).
    answerMost: lms?.session ? ANSWER_MOST : null,
    canSolve: a.solutions,
    tracker: {
      key: run.id,
      solutionShown: () => run.of(at).solutionShown,
      closed: () => run.closed(at),
      record: (answer, verdict) => run.check(at, answer, verdict),
      showSolution: () => run.showSolution(at),
      // (null when an LMS had no room to keep it: then the box starts empty)
      lastAnswer: () => run.of(at).attempts.at(-1)?.answer ?? undefined,
    },
    controls: [
      at > 0 && h('a', { class: 'button', href: href(at - 1), id: 'previous-problem' }, words.previousProblem),
      at < n - 1 && h('a', { class: 'button', href: href(at + 1), id: 'next-problem' }, words.nextProblem),
      h('span', { class: 'mine' }, standing(run.of(at))),
    ],
  });
  const filename = resultFileName(run.student);
  return h(
    'section',
    { class: 'assignment', 'aria-labelledby': 'assignment-title' },
    title,
    refusedNote,
    lms?.session
      ? lmsNotes(lms, onChange)
      : run.student
        ? h(
            'p',
            { class: 'who' },
            `${words.as({ student: run.student })} `,
            h('button', { type: 'button', id: 'not-me', onclick: () => onStudent('') }, words.notYou),
          )
        : null,
    scoreLine({ id: 'assignment-score', role: 'status' }, score, a.pass),
    run.saveProblem && !lms?.session ? h('p', { class: 'notice', role: 'alert' }, words.cannotStore) : null,
    h(
      'nav',
      { class: 'problems', 'aria-label': words.title },
      h(
        'ol',
        {},
        run.problems.map((p, i) => {
          const r = run.of(i);
          return h(
            'li',
            { class: r.solved ? 'solved' : '' },
            h('a', { href: href(i), 'aria-current': i === at ? 'step' : null }, titles.get(p.family)),
            ` · ${standing(r)}`,
          );
        }),
      ),
    ),
    held ? h('p', { class: 'notice', id: 'settings-held' }, words.settingsHeld) : null,
    !a.hints ? h('p', { class: 'hint' }, words.noHints) : null,
    !a.solutions ? h('p', { class: 'hint' }, words.noSolutions) : null,
    a.tries ? h('p', { class: 'hint' }, words.triesRule({ tries: a.tries })) : null,
    a.penalty ? h('p', { class: 'hint' }, words.penaltyRule({ penalty: a.penalty })) : null,
    run.options.some((k) => k > 1) ? h('p', { class: 'hint' }, words.choiceRule) : null,
    panel,
    h(
      'div',
      { class: 'result-file' },
      h(
        'button',
        {
          type: 'button',
          id: 'download-result',
          onclick: () => download(filename, JSON.stringify(run.result(), null, 2)),
        },
        words.download,
      ),
      h('p', {}, words.downloadWhy),
      h('p', { class: 'formative' }, words.formative),
    ),
  );
}

// Result files read back. files: [{name, result} | {name, problem}] in the order opened; one is
// shown whole (`shown`), and several are summed up first (class.js): a row per file in the order
// `sort` asks, flagged where it needs the teacher's eye, a cell per problem, each problem's
// statistics, and the table as CSV. teacher: the teacher's assignment the files are checked
// against, or null (then files of several assignments are flagged).
// reading: the line of a reading under way (readingLine), else null; stopped: the last reading
// was cancelled. What was shown stays shown while files are read.
export function resultView({
  practice,
  teacher,
  files,
  shown,
  sort,
  first,
  reading,
  stopped,
  onFiles,
  onSort,
  onRows,
  onShow,
}) {
  const status = h('p', { role: 'status', id: 'result-status' });
  const file = h('input', {
    type: 'file',
    id: 'open-result',
    accept: 'application/json,.json',
    multiple: true,
    onchange: (e) => {
      const chosen = [...e.target.files];
      // Too many at once is refused whole, with the count: none is dropped unseen.
      if (chosen.length > LIMITS.resultFiles) {
        status.textContent = words.tooManyFiles({ most: LIMITS.resultFiles, got: chosen.length });
        status.className = 'notice';
        return;
      }
      if (chosen.length) onFiles(chosen.map((f) => ({ name: f.name, text: () => f.text() })));
    },
  });
  const summary =
    files.length > 1
      ? classSummary(classReport(files), { practice, teacher, sort, first, onSort, onRows, onShow })
      : null;
  const one = files[shown];
  const message = one?.problem ? words.resultUnreadable(one) : '';
  const result = one?.result ?? null;
  const progress =
    reading ?? (stopped ? h('p', { class: 'notice', id: 'reading-stopped' }, words.readingStopped) : null);
  return resultDetail({ practice, teacher, result, message, file, status: [status, progress], summary });
}

// How far a reading of `of` result files is, and its Cancel: made once per reading and moved on
// in place (`show(share)`), not redrawn, so that the button is never replaced under a pointer
// that is pressing it.
export function readingLine(of, onCancel) {
  const label = h('label', { for: 'reading-progress' });
  const bar = h('progress', { id: 'reading-progress', max: 1, value: 0 });
  const line = h(
    'p',
    { class: 'reading', id: 'reading' },
    label,
    ' ',
    bar,
    ' ',
    h('button', { type: 'button', id: 'cancel-reading', onclick: onCancel }, words.cancelReading),
  );
  const show = (share) => {
    bar.value = share;
    label.textContent = words.readingFiles({ n: of, percent: Math.floor(share * 100) });
  };
  show(0);
  return Object.assign(line, { show });
}

// A table wider than a phone scrolls sideways in a box of its own, a labelled Tab stop
// (scrollable.js marks every .scroll box).
const scrollBox = (label, table) => h('div', { class: 'scroll', dataset: { label } }, table);

// The most cells the class table draws at once: a cell costs about 30 µs to build and lay out
// (views/matrix/window.js), so 1,024 take about 30 ms, and with the problems' statistics and one
// file's answers drawn in the same task the page is held well under 200 ms. A class of 300 with
// ten problems is shown 73 rows at a time; with the largest assignment's 140 (42,000 cells, two
// seconds whole), 7. The CSV holds every row.
const TABLE_CELLS = 1024;

// first: the first row shown (of the rows in the order `sort` asks); onRows(first) moves on.
function classSummary(report, { practice, teacher, sort, first = 0, onSort, onRows, onShow }) {
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
      h(
        'table',
        { class: 'result-table', id: 'problem-stats' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            words.statsColumns.map((t) => h('th', { scope: 'col' }, t)),
          ),
        ),
        h(
          'tbody',
          {},
          report.stats.map((st, k) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, `${k + 1}. ${titles.get(st.family)}`),
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
            ),
          ),
        ),
      ),
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

function resultDetail({ practice, teacher, result, message, file, status, summary }) {
  const r = result;
  const titles = titlesOf(practice);
  return h(
    'section',
    { class: 'assignment-result', 'aria-labelledby': 'result-title' },
    h('h2', { id: 'result-title', tabindex: '-1' }, words.resultTitle),
    h('p', {}, words.resultIntro),
    h('label', { class: 'button' }, words.openResult, file),
    teacher && !summary ? h('p', {}, words.checkedAgainst({ title: teacher.title })) : null,
    status,
    h('p', { role: 'status', class: message ? 'notice' : '' }, message || ''),
    summary,
    r &&
      h(
        'div',
        { class: 'result' },
        h('h3', {}, words.resultOf({ student: r.student || words.aStudent, title: r.assignment.title })),
        h('p', {}, words.resultTimes(r)),
        scoreLine({ id: 'result-score' }, r.score, r.assignment.pass),
        h(
          'p',
          { class: r.disagreements.length ? 'notice' : '', id: 'result-check' },
          r.disagreements.length ? words.disagrees({ n: r.disagreements.length }) : words.agrees,
          '.',
        ),
        scrollBox(
          words.answersLabel,
          h(
            'table',
            { class: 'result-table' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                words.answersHeading.map((t) => h('th', { scope: 'col' }, t)),
              ),
            ),
            h(
              'tbody',
              {},
              r.problems.map((p, i) =>
                h(
                  'tr',
                  {},
                  h(
                    'th',
                    { scope: 'row' },
                    `${i + 1}. ${titles.get(p.family)} (${practiceWords.variant({ seed: p.seed })})`,
                  ),
                  h(
                    'td',
                    {},
                    p.attempts.length
                      ? h(
                          'ol',
                          {},
                          p.attempts.map((t) =>
                            h(
                              'li',
                              { class: t.recorded !== t.correct ? 'changed' : '' },
                              t.notKept ? words.notKept : `${t.answer} → ${t.correct ? words.correct : words.notYet}`,
                              t.recorded !== t.correct
                                ? ` (${t.recorded ? words.recordedCorrect : words.recordedWrong})`
                                : '',
                            ),
                          ),
                        )
                      : words.none,
                  ),
                  h(
                    'td',
                    {},
                    p.attempts.some((t) => t.correct && !t.notKept) ? words.correct : words.notYet,
                    p.solutionShown ? ` (${words.afterSolution})` : '',
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
  );
}
