// The teacher's view: a form that sets an assignment (title, problems, how many of each, the
// seeds, hints, solutions, the pass mark) and gives its link. The form is read by the same
// check as a student's link (readAssignment), so what the teacher is shown is what the class
// will open. Typing updates the link and the address in place; the form is not redrawn.
import { assignment as words, language, teach as text } from '../../text/index.js';
import {
  FIRST_EDITION,
  LIMITS,
  MAX_SEED,
  STUDENT,
  assignmentQuery,
  checkAssignment,
  normalName,
  problemsOf,
} from '../assignment/definition.js';
import { suspendProblem } from '../assignment/suspend.js';
import { download, h, titledSection } from './dom.js';

// families: [{id, section, title, fewAnswers}]; a: the assignment to start from; latest: the
// problem set's latest edition; linkOf(query): the student's address for a query; onQuery(query):
// the form changed to a valid assignment. packageOf(assignment): resolves to its SCORM 1.2
// package {bytes, name}, or rejects saying why. names: the class list as typed (class-names.js).
export function teachView({ families, assignment: a, latest, linkOf, onQuery, packageOf, names: classNames }) {
  const ids = families.map((f) => f.id);
  // An assignment keeps the edition it was made in (a link already handed out asks the same
  // problems); the teacher may move it to the latest before the class starts.
  let edition = a.edition ?? FIRST_EDITION;
  const editionNote = h('p', { id: 'teach-edition', class: 'hint' });
  const showEdition = () =>
    editionNote.replaceChildren(
      ...(edition < latest
        ? [
            text.oldEdition({ edition, latest }),
            ' ',
            h(
              'button',
              {
                type: 'button',
                id: 'teach-latest',
                onclick: () => {
                  edition = latest;
                  showEdition();
                  update();
                  title.focus();
                },
              },
              text.useLatest({ latest }),
            ),
          ]
        : []),
    );
  const fewNote = h('p', { id: 'teach-few', class: 'hint' });
  const field = (id, label, input, note) =>
    h(
      'div',
      { class: 'control' },
      h('label', { for: id }, label),
      input,
      note && h('p', { class: 'hint', id: `${id}-note` }, note),
    );
  const title = h('input', { id: 'teach-title', type: 'text', value: a.title, maxlength: LIMITS.title, size: 40 });
  const each = h('input', {
    id: 'teach-each',
    type: 'number',
    min: 1,
    max: LIMITS.each,
    step: 1,
    value: String(a.each),
    inputmode: 'numeric',
  });
  const perStudent = a.seed === STUDENT;
  const classSeed = h('input', {
    id: 'teach-seed',
    type: 'number',
    min: 0,
    max: MAX_SEED,
    step: 1,
    value: perStudent ? '1' : String(a.seed),
    inputmode: 'numeric',
    disabled: perStudent,
  });
  const seedMode = (value, label, checked) =>
    h(
      'label',
      { class: 'choice' },
      h('input', { type: 'radio', name: 'teach-seeds', value, checked, id: `teach-seeds-${value}` }),
      ` ${label}`,
    );
  const hints = h('input', { id: 'teach-hints', type: 'checkbox', checked: a.hints });
  const solutions = h('input', { id: 'teach-solutions', type: 'checkbox', checked: a.solutions });
  const pass = h('input', {
    id: 'teach-pass',
    type: 'number',
    min: 0,
    max: 100,
    step: 1,
    value: String(a.pass),
    inputmode: 'numeric',
  });
  const whole = (id, value, max) =>
    h('input', { id, type: 'number', min: 0, max, step: 1, value: String(value ?? 0), inputmode: 'numeric' });
  const tries = whole('teach-tries', a.tries, LIMITS.tries);
  const penalty = whole('teach-penalty', a.penalty, LIMITS.penalty[1]);
  const boxes = families.map((f) =>
    h(
      'li',
      {},
      h(
        'label',
        {},
        h('input', { type: 'checkbox', value: f.id, checked: a.families.includes(f.id), class: 'teach-family' }),
        ` ${f.section} ${f.title}`,
      ),
    ),
  );
  const all = (checked) => {
    for (const box of form.querySelectorAll('.teach-family')) box.checked = checked;
    update();
  };
  const link = h('input', { id: 'teach-link', type: 'text', readonly: true, 'aria-describedby': 'teach-status' });
  const open = h('a', { id: 'teach-open', class: 'button' }, text.open);
  const status = h('p', { id: 'teach-status', role: 'status', 'aria-live': 'polite' });
  let current = null; // the assignment the form sets, when it sets one
  const packageStatus = h('p', { id: 'teach-package-status', role: 'status', 'aria-live': 'polite' });
  const makePackage = h(
    'button',
    {
      type: 'button',
      id: 'teach-package',
      onclick: async () => {
        if (!current) return;
        packageStatus.textContent = text.packaging;
        try {
          const { bytes, name } = await packageOf(current);
          download(name, bytes, 'application/zip');
          packageStatus.textContent = text.packaged({ file: name, kb: Math.round(bytes.length / 1024) });
        } catch (e) {
          packageStatus.textContent = `${text.noPackage} ${e.message}`;
        }
      },
    },
    text.packageButton,
  );
  const count = h('p', { id: 'teach-count' });
  const names = h('textarea', {
    id: 'teach-students',
    rows: 4,
    cols: 40,
    'aria-describedby': 'teach-students-note',
    oninput: () => {
      classNames.keep(names.value);
      update();
    },
  });
  names.value = classNames.text;
  const worksheet = h('a', { id: 'teach-worksheet', class: 'button' }, text.worksheet);
  const answerKey = h('a', { id: 'teach-key', class: 'button' }, text.answerKey);
  const results = h('a', { id: 'teach-results', class: 'button' }, text.resultsLink);

  function read() {
    const mode = form.querySelector('input[name="teach-seeds"]:checked')?.value ?? 'class';
    classSeed.disabled = mode === STUDENT;
    // As typed: the same check as a student's link reads it (numbers as text, so "2.5" is refused).
    return checkAssignment(
      {
        title: title.value,
        families: [...form.querySelectorAll('.teach-family:checked')].map((b) => b.value),
        each: each.value,
        seed: mode === STUDENT ? STUDENT : classSeed.value,
        edition,
        hints: hints.checked,
        solutions: solutions.checked,
        pass: pass.value,
        tries: tries.value,
        penalty: penalty.value,
      },
      ids,
      latest,
    );
  }
  function update() {
    const r = read();
    current = r.assignment ?? null;
    // A package whose runs the LMS could not hold whole is not made: the teacher is told why.
    const tooLarge = current && suspendProblem(problemsOf(current));
    makePackage.disabled = !current || Boolean(tooLarge);
    packageStatus.textContent = tooLarge ? text.packageTooLarge(tooLarge) : '';
    if (r.problems) {
      status.textContent = `${text.notYet} ${r.problems.join('; ')}.`;
      status.className = 'input-error';
      link.value = '';
      for (const el of [open, worksheet, answerKey, results]) el.removeAttribute('href');
      count.textContent = '';
      fewNote.textContent = '';
      return;
    }
    const query = assignmentQuery(r.assignment);
    link.value = linkOf(query);
    // One name a line, as the student will type it: "García, Ana" is one student.
    const students = names.value
      .split('\n')
      .map(normalName)
      .filter(Boolean)
      .map((n) => `&student=${encodeURIComponent(n)}`)
      .join('');
    const printed = r.assignment.seed === STUDENT ? students : '';
    worksheet.setAttribute('href', `#/assignment/worksheet?${query}${printed}`);
    answerKey.setAttribute('href', `#/assignment/key?${query}${printed}`);
    open.setAttribute('href', link.value);
    results.setAttribute('href', `#/assignment/result?${query}`);
    status.textContent = text.ready;
    status.className = '';
    const few = families.filter((f) => f.fewAnswers && r.assignment.families.includes(f.id));
    fewNote.textContent = few.length
      ? text.fewAnswers({
          families: new Intl.ListFormat(language, { type: 'conjunction' }).format(
            few.map((f) => `${f.section} ${f.title}`),
          ),
        })
      : '';
    count.textContent = text.count({
      n: r.assignment.families.length * r.assignment.each,
      perStudent: r.assignment.seed === STUDENT,
    });
    onQuery(query);
  }
  const form = h(
    'form',
    { class: 'teach', oninput: update, onchange: update, onsubmit: (e) => e.preventDefault() },
    field('teach-title', text.titleLabel, title),
    h(
      'fieldset',
      { class: 'families' },
      h('legend', {}, text.familiesLabel),
      h(
        'p',
        {},
        h('button', { type: 'button', id: 'teach-all', onclick: () => all(true) }, text.all),
        ' ',
        h('button', { type: 'button', id: 'teach-none', onclick: () => all(false) }, text.none),
      ),
      h('ul', { class: 'family-list' }, boxes),
    ),
    field('teach-each', text.eachLabel, each, text.eachNote({ most: LIMITS.each })),
    h(
      'fieldset',
      { class: 'seeds' },
      h('legend', {}, text.seedsLabel),
      seedMode('class', text.classSeeds, !perStudent),
      field('teach-seed', text.seedLabel, classSeed),
      seedMode(STUDENT, text.studentSeeds, perStudent),
    ),
    h('div', { class: 'control' }, h('label', {}, hints, ` ${text.hintsLabel}`)),
    h('div', { class: 'control' }, h('label', {}, solutions, ` ${text.solutionsLabel}`)),
    field('teach-pass', text.passLabel, pass),
    field('teach-tries', text.triesLabel, tries),
    field('teach-penalty', text.penaltyLabel, penalty, text.penaltyNote),
  );
  const view = titledSection(
    { style: 'teach-view', id: 'teach-title-heading', title: text.title, intro: text.intro },
    editionNote,
    form,
    h(
      'div',
      { class: 'teach-output' },
      h('h3', {}, text.linkHeading),
      count,
      fewNote,
      field('teach-link', text.linkLabel, link),
      h('p', {}, open, ' ', results),
      status,
      h('h3', {}, text.paperHeading),
      field('teach-students', text.studentsLabel, names, text.studentsNote),
      h('p', {}, worksheet, ' ', answerKey),
      h('h3', {}, text.packageHeading),
      h('p', {}, text.packageWhy),
      h('p', {}, makePackage),
      packageStatus,
      h('p', { class: 'formative' }, words.formative),
    ),
  );
  showEdition();
  update();
  return view;
}
