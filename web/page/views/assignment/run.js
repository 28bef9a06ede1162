// A student's run of an assignment: who is working (when seeds are drawn per student), the
// score so far, the problems in order with where each stands, one problem at a time (checked by
// the engine exactly as in the practice set), and the result file.
import { assignment as words } from '../../../text/index.js';
import { SETTINGS, STUDENT, normalName } from '../../assignment/definition.js';
import { ANSWER_MOST } from '../../assignment/suspend.js';
import { resultFileName } from '../../assignment/run.js';
import { language } from '../../../locale/language.js';
import { download, h } from '../dom.js';
import { problemPanel } from '../practice.js';
import { scoreLine, standing, titlesOf } from './shared.js';

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
        h('p', {}, words.lmsUnreadable({ score: session.heldScore, field: session.unreadable })),
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
    run.setAside ? h('p', { class: 'notice', role: 'alert' }, words.runSetAside) : null,
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
