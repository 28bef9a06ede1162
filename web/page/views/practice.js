// A practice problem: prompt, given numbers, an answer box checked by the engine, staged
// hints, the worked solution, and a new variant. Also the practice-set overview. `practice` is
// the engine's practice set in words (web/page/practice-text.js).
import { practice as text, ui } from '../../strings.js';
import { answerText, short } from '../format.js';
import { h } from './dom.js';
import { matrixView } from './matrix.js';

// What the student has typed and revealed, per problem, kept across re-renders.
const drafts = new Map();
const draftOf = (key) => {
  if (!drafts.has(key)) drafts.set(key, { answer: '', hints: 0, solution: false, feedback: null, counted: null });
  return drafts.get(key);
};

const givenView = (name, value, hideCopy) =>
  Array.isArray(value)
    ? matrixView({ label: name, value, kind: 'plain', hideCopy, id: `given-${name}` })
    : h('p', { class: 'given-scalar' }, `${name} = ${short(value)}`);

// canSolve: false when a teacher's link hides Show solution (hide=solution).
export function practicePanel({ practice, family, seed, progress, href, onChange, canCopy = true, canSolve = true }) {
  const p = practice.generate(family, seed);
  const key = `${family}/${seed}`;
  const draft = draftOf(key);
  const mine = progress.of(family);
  const feedback = h(
    'p',
    {
      class: `feedback ${draft.feedback ? (draft.feedback.correct ? 'ok' : 'no') : ''}`,
      role: 'status',
      'aria-live': 'polite',
      id: `feedback-${family}`,
    },
    draft.feedback ? draft.feedback.feedback : '',
    draft.afterSolution ? ` ${text.notCounted}` : '',
  );
  const input = h('input', {
    type: 'text',
    id: `answer-${family}`,
    value: draft.answer,
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: 10000,
    'aria-describedby': `feedback-${family}`,
    oninput: (e) => {
      draft.answer = e.target.value;
    },
  });
  const check = (e) => {
    e.preventDefault();
    draft.answer = input.value.slice(0, 10000);
    draft.feedback = practice.check(family, seed, draft.answer);
    // An attempt is an answer that can be read (not a typo or the wrong format), new (pressing
    // Check again adds nothing, nor does anything after the variant is solved), and typed before
    // the solution was shown (copying the solution's answer solves nothing: the feedback says so).
    const solved = progress.of(family).solved.includes(seed);
    if (draft.feedback.readable && !draft.solution && !solved && draft.answer !== draft.counted) {
      progress.record(family, seed, draft.feedback.correct);
      draft.counted = draft.answer;
    }
    draft.afterSolution = draft.feedback.readable && draft.solution;
    onChange();
  };
  const solution = draft.solution ? practice.solution(family, seed) : null;
  return h(
    'section',
    { class: 'practice', 'aria-labelledby': `practice-${family}` },
    h(
      'h3',
      { id: `practice-${family}` },
      `${p.section} ${p.title}`,
      h('span', { class: 'variant' }, ` · ${text.variant(seed)}`),
    ),
    h('p', { class: 'prompt' }, p.prompt),
    p.display ? h('pre', { class: 'display' }, h('code', {}, p.display)) : null,
    p.words.length && p.format === 'choice'
      ? h('p', { class: 'options' }, `${text.options}: ${p.words.join(', ')}`)
      : null,
    h(
      'div',
      { class: 'items' },
      Object.entries(p.given).map(([name, value]) => givenView(name, value, !canCopy)),
    ),
    h(
      'form',
      { class: 'answer', onsubmit: check },
      h('label', { for: `answer-${family}` }, text.answer),
      input,
      h('button', { type: 'submit' }, text.check),
      h('span', { class: 'format' }, text.formats[p.format]),
    ),
    feedback,
    draft.hints
      ? h(
          'ol',
          { class: 'hints' },
          p.hints.slice(0, draft.hints).map((t, i) => h('li', { id: `hint-${family}-${i}`, tabindex: '-1' }, t)),
        )
      : null,
    solution
      ? h(
          'div',
          { class: 'solution' },
          h('h4', { id: `solution-${family}`, tabindex: '-1' }, text.solution),
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
            h('output', { dataset: { answer: family }, title: solution.answer }, answerText(solution.answerValue)),
          ),
        )
      : null,
    h(
      'div',
      { class: 'practice-controls' },
      h(
        'button',
        {
          type: 'button',
          disabled: draft.hints >= p.hints.length,
          onclick: () => {
            draft.hints += 1;
            onChange(`hint-${family}-${draft.hints - 1}`);
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
              onChange(`solution-${family}`);
            },
          },
          text.showSolution,
        ),
      h('a', { class: 'button', href: href(family, seed + 1) }, text.newVariant),
      h('span', { class: 'mine' }, text.progressLine(mine.solved.length, mine.attempts)),
    ),
  );
}

// The outcome of the last import, shown again after the overview re-renders with the new progress.
let importMessage = '';

export function practiceOverview({ practice, progress, href, exampleHref, onImport }) {
  const status = h('p', { role: 'status', 'aria-live': 'polite', class: 'import-status' }, importMessage);
  const download = () => {
    const url = URL.createObjectURL(new Blob([progress.exportJson()], { type: 'application/json' }));
    const a = h('a', { href: url, download: 'attention-lab-progress.json' });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const file = h('input', {
    type: 'file',
    accept: 'application/json,.json',
    id: 'import-progress',
    onchange: async (e) => {
      const f = e.target.files[0];
      if (!f) return;
      const problem = progress.importJson(await f.text());
      importMessage = problem ? text.importFailed(problem) : text.imported;
      onImport();
    },
  });
  return h(
    'section',
    { class: 'practice-set', 'aria-labelledby': 'practice-title' },
    h('h2', { id: 'practice-title', tabindex: '-1' }, text.setTitle),
    h('p', {}, text.setIntro),
    progress.notice && h('p', { class: 'notice', role: 'alert' }, text.progressReset(progress.notice)),
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
              text.progressLine(mine.solved.length, mine.attempts),
              mine.solved.length >= 3 ? h('span', { class: 'badge mastered' }, text.mastered) : null,
            ),
          );
        }),
      ),
    ),
    h(
      'div',
      { class: 'practice-controls' },
      h('button', { type: 'button', id: 'export-progress', onclick: download }, text.exportProgress),
      h('label', { class: 'button' }, text.importProgress, file),
    ),
    status,
  );
}
