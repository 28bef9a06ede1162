// Result files read back: one shown whole, several summed up first (class-table.js), and how far
// a reading of them is.
import { assignment as words, practice as practiceWords } from '../../../text/index.js';
import { LIMITS } from '../../assignment/definition.js';
import { classReport } from '../../assignment/class.js';
import { h, titledSection } from '../dom.js';
import { plainTable, rowHeader } from '../plain-table.js';
import { progressLine } from '../progress-line.js';
import { classSummary } from './class-table.js';
import { scoreLine, scrollBox, titlesOf } from './shared.js';

// Result files read back. files: [{name, result} | {name, problem}] in the order opened; one is
// shown whole (`shown`), and several are summed up first (class.js): a row per file in the order
// `sort` asks, flagged where it needs the teacher's eye, a cell per problem, each problem's
// statistics, and the table as CSV. teacher: the teacher's assignment the files are checked
// against, or null (then files of several assignments are flagged).
// reading: the line of a reading under way (readingLine), else null; stopped: the last reading
// was cancelled; tooMany: how many files the last choice held when it was refused as too many. What was shown stays shown while files are read.
export function resultView({
  practice,
  teacher,
  files,
  shown,
  sort,
  first,
  reading,
  stopped,
  tooMany,
  onFiles,
  onSort,
  onRows,
  onShow,
}) {
  const status = h(
    'p',
    { role: 'status', id: 'result-status', class: tooMany ? 'notice' : '' },
    tooMany ? words.tooManyFiles({ most: LIMITS.resultFiles, got: tooMany }) : '',
  );
  const file = h('input', {
    type: 'file',
    id: 'open-result',
    accept: 'application/json,.json',
    multiple: true,
    onchange: (e) => {
      const chosen = [...e.target.files];
      if (chosen.length) onFiles(chosen.map((f) => ({ name: f.name, size: f.size, text: () => f.text() })));
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

// How far a reading of `of` result files is, and its Cancel (a progressLine).
export const readingLine = (of, onCancel) =>
  progressLine({
    id: 'reading',
    labelOf: (percent) => words.readingFiles({ n: of, percent }),
    cancel: words.cancelReading,
    onCancel,
  });

function resultDetail({ practice, teacher, result, message, file, status, summary }) {
  const r = result;
  const titles = titlesOf(practice);
  return titledSection(
    { style: 'assignment-result', id: 'result-title', title: words.resultTitle, intro: words.resultIntro },
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
          plainTable({
            style: 'result-table',
            columns: words.answersHeading,
            rows: r.problems.map((p, i) => [
              rowHeader(`${i + 1}. ${titles.get(p.family)} (${practiceWords.variant({ seed: p.seed })})`),
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
            ]),
          }),
        ),
      ),
  );
}
