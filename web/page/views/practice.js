// A practice problem: prompt, given numbers, an answer box checked by the engine, staged
// hints, the worked solution, and a new variant. Also the practice-set overview (its progress
// file's export and import are progress-file.js's). `practice` is
// the engine's practice set in words (web/handouts/self-attention/practice.js).
import { practice as text, teach as teachWords, ui } from '../../text/index.js';
import { answerText, short } from '../../locale/number.js';
import { h, titledSection } from './dom.js';
import { matrixView } from './matrix.js';
import { isAttempt } from '../progress.js';
import { progressFiles } from './progress-file.js';
import { valueName } from '../../handouts/practice-words.js';
import { storedLength } from '../assignment/suspend.js';

// The answer last counted as an attempt, per practice variant ("family/seed"): the same answer
// checked again is not a new attempt.
const counted = new Map();

// What the student has typed and revealed, per problem, kept across re-renders.
const drafts = new Map();
const draftOf = (key) => {
  if (!drafts.has(key)) drafts.set(key, { answer: '', hints: 0, solution: false, feedback: null });
  return drafts.get(key);
};

const givenView = (name, value, hideCopy) => {
  const shown = valueName(name);
  return Array.isArray(value)
    ? matrixView({ label: shown, caption: h('var', {}, shown), value, kind: 'plain', hideCopy, id: `given-${name}` })
    : h('p', { class: 'given-scalar' }, h('var', {}, shown), ` = ${short(value)}`);
};

// A problem: its prompt, given numbers, answer box checked by the engine, staged hints and
// worked solution. `tracker` keeps the record: record(answer, verdict, solutionShown) for every
// checked answer, which it counts when it is an attempt (progress.js isAttempt); showSolution();
// solutionShown() (undefined when the tracker keeps no record of it) and lastAnswer() from an
// earlier visit (undefined if none); closed(), true when the problem takes no more attempts;
// key, the record's own name (a run's), so that what one record revealed is not shown under
// another. `id` names the panel's elements (the
// family's id unless one page shows several problems of a family); `label` follows the title
// (the variant, or the problem's place in an assignment); `controls` go after the panel's own.
export function problemPanel({
  practice,
  family,
  seed,
  edition,
  tracker,
  onChange,
  id = family,
  label,
  controls = [],
  canCopy = true,
  canSolve = true,
  canHint = true,
  answerMost = null,
}) {
  const p = practice.generate(family, seed, edition);
  const draft = draftOf(`${tracker.key ?? id}/${family}/${seed}`);
  // A tracker that keeps its own record (an assignment's run) decides whether the solution is
  // shown; the practice set's is the page's draft.
  const shown = tracker.solutionShown();
  if (shown !== undefined) draft.solution = shown;
  const closed = tracker.closed?.() ?? false;
  // Back at a problem answered on an earlier visit (a reload, a package resumed by the LMS): its
  // last answer, checked again, and no new attempt until it changes.
  const last = tracker.lastAnswer?.();
  if (last !== undefined && !draft.feedback) {
    draft.answer = last;
    draft.feedback = practice.check(family, seed, last, edition);
  }
  const feedback = h(
    'p',
    {
      class: `feedback ${draft.feedback ? (draft.feedback.correct ? 'ok' : 'no') : ''}`,
      role: 'status',
      'aria-live': 'polite',
      id: `feedback-${id}`,
    },
    draft.feedback ? draft.feedback.feedback : '',
    draft.afterSolution ? ` ${text.notCounted}` : '',
  );
  const input = h('input', {
    type: 'text',
    id: `answer-${id}`,
    value: draft.answer,
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: 10000,
    'aria-describedby': `feedback-${id}`,
    oninput: (e) => {
      draft.answer = e.target.value;
    },
  });
  const check = (e) => {
    e.preventDefault();
    draft.answer = input.value.slice(0, 10000);
    if (closed) return;
    const length = storedLength(draft.answer);
    // An answer longer than its record may keep is not checked, and so not an attempt.
    draft.feedback =
      answerMost !== null && length > answerMost
        ? { correct: false, readable: false, feedback: text.answerTooLong({ most: answerMost, got: length }) }
        : practice.check(family, seed, draft.answer, edition);
    // The record decides what is an attempt (isAttempt). Copying the solution's answer solves
    // nothing: the feedback says so.
    tracker.record(draft.answer, draft.feedback, draft.solution);
    draft.afterSolution = draft.feedback.readable && draft.solution;
    onChange();
  };
  const solution = draft.solution ? practice.solution(family, seed, edition) : null;
  return h(
    'section',
    { class: 'practice', 'aria-labelledby': `practice-${id}`, dataset: { family, seed } },
    h(
      'h3',
      { id: `practice-${id}` },
      `${p.section} ${p.title}`,
      h('span', { class: 'variant' }, ` · ${label ?? text.variant({ seed })}`),
    ),
    h('p', { class: 'prompt' }, p.prompt),
    p.display ? h('pre', { class: 'display' }, h('code', {}, p.display)) : null,
    p.words.length && p.format === 'choice'
      ? h('p', { class: 'options' }, ui.labelled({ label: text.options, text: p.words.join(ui.wordSeparator) }))
      : null,
    h(
      'div',
      { class: 'items' },
      Object.entries(p.given).map(([name, value]) => givenView(name, value, !canCopy)),
    ),
    h(
      'form',
      { class: 'answer', onsubmit: check },
      h('label', { for: `answer-${id}` }, text.answer),
      input,
      h('button', { type: 'submit', disabled: closed }, text.check),
      h('span', { class: 'format' }, text.formats[p.format]),
    ),
    feedback,
    closed ? h('p', { class: 'notice', id: `closed-${id}` }, text.noTriesLeft) : null,
    draft.hints
      ? h(
          'ol',
          { class: 'hints' },
          p.hints.slice(0, draft.hints).map((t, i) => h('li', { id: `hint-${id}-${i}`, tabindex: '-1' }, t)),
        )
      : null,
    solution
      ? h(
          'div',
          { class: 'solution' },
          h('h4', { id: `solution-${id}`, tabindex: '-1' }, text.solution),
          solution.steps.map((s) =>
            h(
              'div',
              { class: 'solution-step' },
              h('h5', {}, s.title),
              s.note && h('p', {}, s.note),
              h(
                'div',
                { class: 'items' },
                Object.entries(s.values).map(([name, value]) => givenView(name, value, !canCopy)),
              ),
            ),
          ),
          h(
            'p',
            {},
            `${text.answerIs} `,
            // rounded as every number on the page; every digit on hover
            h('output', { dataset: { answer: id }, title: solution.answer }, answerText(solution.answerValue)),
          ),
        )
      : null,
    h(
      'div',
      { class: 'practice-controls' },
      canHint &&
        h(
          'button',
          {
            type: 'button',
            disabled: draft.hints >= p.hints.length,
            onclick: () => {
              draft.hints += 1;
              onChange(`hint-${id}-${draft.hints - 1}`);
            },
          },
          draft.hints ? text.nextHint : text.hint,
        ),
      canSolve &&
        h(
          'button',
          {
            type: 'button',
            disabled: draft.solution,
            onclick: () => {
              draft.solution = true;
              tracker.showSolution();
              onChange(`solution-${id}`);
            },
          },
          text.showSolution,
        ),
      controls,
    ),
  );
}

// One problem of the practice set, as a variant of its family, recorded in the practice
// progress; New variant moves on to the next seed. canSolve: false when a teacher's link hides
// Show solution (hide=solution).
export function practicePanel({ practice, family, seed, progress, href, onChange, canCopy = true, canSolve = true }) {
  const mine = progress.of(family);
  return problemPanel({
    practice,
    family,
    seed,
    onChange,
    canCopy,
    canSolve,
    tracker: {
      solutionShown: () => undefined,
      record(answer, verdict, solutionShown) {
        const key = `${family}/${seed}`;
        const attempt = isAttempt({
          readable: verdict.readable,
          solved: progress.of(family).solved.includes(seed),
          solutionShown,
          answer,
          lastCounted: counted.get(key),
        });
        if (!attempt) return;
        progress.record(family, seed, verdict.correct);
        counted.set(key, answer);
      },
      showSolution: () => {},
    },
    controls: [
      h('a', { class: 'button', href: href(family, seed + 1) }, text.newVariant),
      h('span', { class: 'mine' }, text.progressLine({ solved: mine.solved.length, attempts: mine.attempts })),
    ],
  });
}

export function practiceOverview({ practice, progress, href, exampleHref, onImport, teachHref }) {
  return titledSection(
    { style: 'practice-set', id: 'practice-title', title: text.setTitle, intro: text.setIntro },
    progress.notice &&
      h(
        'p',
        { class: 'notice', role: 'alert' },
        progress.stored ? text.progressReset({ why: progress.notice }) : text.progressNotKept,
      ),
    h(
      'table',
      { class: 'families' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, text.section),
          h('th', { scope: 'col' }, text.problem),
          h('th', { scope: 'col' }, text.workedExample),
          h('th', { scope: 'col' }, text.progress),
        ),
      ),
      h(
        'tbody',
        {},
        practice.families().map((f) => {
          const mine = progress.of(f.id);
          const next = [0, 1, 2, 3, 4, 5, 6, 7].find((s) => !mine.solved.includes(s)) ?? mine.solved.length;
          const ex = exampleHref(f);
          return h(
            'tr',
            { dataset: { family: f.id } },
            h('td', {}, f.section),
            h('td', {}, h('a', { href: href(f.id, next) }, f.title)),
            h('td', {}, ex ? h('a', { href: ex.href, class: 'example-link' }, `${ex.section} ${ex.title}`) : null),
            h(
              'td',
              {},
              text.progressLine({ solved: mine.solved.length, attempts: mine.attempts }),
              mine.solved.length >= 3 ? h('span', { class: 'badge mastered' }, text.mastered) : null,
            ),
          );
        }),
      ),
    ),
    progressFiles({ progress, known: new Set(practice.families().map((f) => f.id)), onImport }),
    teachHref &&
      h('p', { class: 'teach-link' }, h('a', { href: teachHref, id: 'teach-from-practice' }, teachWords.fromPractice)),
  );
}
