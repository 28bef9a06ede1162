// The assignment pages' controller: the teacher's view (#/teach), a student's run
// (#/assignment?…), result files read back (#/assignment/result) and the sheets to print
// (#/assignment/worksheet, /key). An assignment is read against the engine's families once they
// are here; a link that cannot be read opens nothing and says why. Runs are kept per assignment
// and student; inside an LMS the package's run is the LMS's.
import { assignment as assignmentText, teach as teachText } from '../../text/index.js';
import { addressIn, language, singleFileOf } from '../../locale/language.js';
import { ASSIGNMENT, TEACH, toHash } from '../state.js';
import { h } from '../views/dom.js';
import { assignmentView } from '../views/assignment/run.js';
import { readingLine, resultView } from '../views/assignment/results.js';
import { sheetPageRules, sheetView } from '../views/sheet.js';
import { teachView } from '../views/teach.js';
import { LIMITS, defaultAssignment, normalName, problemsOf, readAssignment } from './definition.js';
import { lastStudent, openRun, readResults, rememberStudent } from './run.js';
import { findApi, openLms } from './scorm.js';
import { createClassNames } from './class-names.js';

// read(): {state, practice, families, notice} as the app has them now; setQuery(query): the
// teacher's form changed the address's assignment; focusAfter(id): redraw, then focus id;
// extrasWaiting(id): the line shown while the practice problems load; workerUrl: null in the
// single file; packaged: a SCORM package's assignment query ('' on the site).
export function createAssignments({ read, setQuery, focusAfter, extrasWaiting, workerUrl, packaged }) {
  const runs = new Map();
  const classNames = createClassNames();
  let resultsShown = { files: [], shown: 0, sort: 'file', first: 0 }; // the result files last opened, and their order
  // While result files are read: the reading's AbortController and its line (a bar and a
  // Cancel); `stopped` once a reading was cancelled (the files shown are the earlier ones).
  let reading = null;
  // How many result files the last choice held, when it was refused as too many (else 0).
  let tooMany = 0;
  // The sheets to print shown last: their address, their section and their drawing's controller.
  let printing = null;
  let stopped = false;
  // Inside an LMS (a package whose launching frame has SCORM 1.2's API), the run of the package's
  // assignment is the LMS's: its student, resumed from its suspend data, saved after each answer.
  // An LMS that refuses to connect leaves the page on its own, and says so.
  const lms = packaged ? openLms(findApi()) : null;
  if (lms?.connected) window.addEventListener('pagehide', () => lms.finish());
  // A student's answers to problems of the LMS's run that this package no longer asks.
  let dropped = 0;
  // A teacher's SCORM package: the single file in the teacher's language (the site's
  // attention-lab.es.html, say; a single file served over http(s) is itself) with the assignment
  // in it. A file opened from disk cannot read itself, so from there no package is made.
  async function scormPackageOf(a) {
    const source = workerUrl ? singleFileOf(language) : location.href.split('#')[0];
    if (!location.protocol.startsWith('http')) throw new Error(`${teachText.fromSite}.`);
    const [{ scormPackage, packageFileName }, response] = await Promise.all([import('./package.js'), fetch(source)]);
    if (!response.ok) throw new Error(`${source}: ${response.status} ${response.statusText}`);
    return { bytes: scormPackage(await response.text(), a, language), name: packageFileName(a) };
  }
  // A student's link opens in the teacher's language, whatever the student's browser prefers.
  const studentLink = (query) => `${addressIn(location.href.split('#')[0], language)}#/${ASSIGNMENT}?${query}`;
  // The view: its <main>, and for the sheets to print the @page rules that head each page.
  function view() {
    const { state, practice, families, notice } = read();
    if (!state.sheet && printing) {
      printing.cancel.abort(); // sheets left unprinted are not drawn on
      printing = null;
    }
    const page = (...content) => ({
      main: h(
        'main',
        { id: 'main', class: 'main', tabindex: '-1' },
        notice && h('p', { class: 'notice', role: 'alert' }, notice),
        content,
      ),
    });
    if (!practice) return page(extrasWaiting(state.example === TEACH ? 'teach-title-heading' : 'assignment-title'));
    const ids = families.map((f) => f.id);
    if (state.example === TEACH) {
      const given = state.query ? readAssignment(state.query, ids, practice.edition) : {};
      return page(
        given.problems
          ? h(
              'p',
              { class: 'notice', role: 'alert' },
              assignmentText.unreadable({ problems: given.problems.join('; ') }),
            )
          : null,
        teachView({
          families,
          assignment: given.assignment ?? defaultAssignment(ids, practice.edition),
          latest: practice.edition,
          linkOf: studentLink,
          onQuery: setQuery,
          packageOf: (a) => scormPackageOf(a),
          names: classNames,
        }),
      );
    }
    if (state.result) {
      // Opened from the teacher's view, the files are checked against the teacher's assignment.
      const teacher = state.query ? readAssignment(state.query, ids, practice.edition) : {};
      if (teacher.problems)
        return page(
          h(
            'p',
            { id: 'result-title', class: 'notice', role: 'alert', tabindex: '-1' },
            assignmentText.unreadable({ problems: teacher.problems.join('; ') }),
          ),
        );
      return page(
        resultView({
          practice,
          teacher: teacher.assignment ?? null,
          ...resultsShown,
          reading: reading?.line ?? null,
          stopped,
          tooMany,
          // A new choice of files replaces a reading under way. Too many at once is refused
          // whole, with the count: none is dropped unseen.
          onFiles: async (chosen) => {
            tooMany = chosen.length > LIMITS.resultFiles ? chosen.length : 0;
            if (tooMany) return focusAfter('open-result');
            reading?.cancel.abort();
            const cancel = new AbortController();
            const line = readingLine(chosen.length, () => {
              cancel.abort();
              reading = null;
              stopped = true;
              focusAfter('open-result');
            });
            reading = { cancel, line };
            stopped = false;
            focusAfter('cancel-reading');
            const files = await readResults(chosen, ids, practice, teacher.assignment ?? null, {
              signal: cancel.signal,
              onProgress: line.show,
            });
            if (!files) return; // cancelled, or replaced by another choice
            reading = null;
            // one file is shown whole; of a class, the summary, and a file when the teacher picks it
            resultsShown = { files, shown: files.length > 1 ? null : 0, sort: 'file', first: 0 };
            focusAfter(files.length > 1 ? 'summary-title' : files[0].result ? 'result-check' : null);
          },
          onSort: (sort) => {
            resultsShown = { ...resultsShown, sort, first: 0 };
            focusAfter(`sort-${sort}`);
          },
          onRows: (first) => {
            resultsShown = { ...resultsShown, first };
            focusAfter('rows-shown');
          },
          onShow: (i) => {
            resultsShown = { ...resultsShown, shown: i };
            focusAfter('result-check');
          },
        }),
      );
    }
    const asked = readAssignment(state.query, ids, practice.edition);
    if (!asked.problems && state.sheet) {
      const students = state.students.map(normalName).filter(Boolean);
      if (students.length > LIMITS.students)
        return page(
          h(
            'p',
            { id: 'sheet-title', class: 'notice', role: 'alert', tabindex: '-1' },
            assignmentText.tooManyStudents({ most: LIMITS.students, got: students.length }),
          ),
        );
      const sheets = { assignment: asked.assignment, students, key: state.sheet === 'key' };
      // The sheets are drawn once for their address, in slices, and kept while it stays: a redraw
      // of the page shows the same sheets, however far their drawing is.
      const wanted = JSON.stringify([state.sheet, state.query, students]);
      if (printing?.wanted !== wanted) {
        printing?.cancel.abort();
        const cancel = new AbortController();
        const section = sheetView({
          ...sheets,
          practice,
          link: studentLink(state.query),
          onCancel: () => {
            cancel.abort();
            focusAfter('sheet-title');
          },
        });
        printing = { wanted, section, cancel };
        section.draw(cancel.signal);
      }
      return { ...page(printing.section), pageRules: sheetPageRules(sheets) };
    }
    if (asked.problems)
      return page(
        h(
          'p',
          { id: 'assignment-title', class: 'notice', role: 'alert', tabindex: '-1' },
          assignmentText.unreadable({ problems: asked.problems.join('; ') }),
        ),
      );
    const a = asked.assignment;
    const inLms = lms?.connected && state.query === packaged;
    // Every run is someone's: the name goes on the result file, and, when the numbers are each
    // student's own, draws them. Two students on one computer each have their run.
    // (An LMS that names no student, a guest's launch, asks as the site does.)
    const student = inLms && lms.student ? lms.student : lastStudent(a);
    const runKey = `${state.query}|${student}`;
    if (student && !runs.has(runKey)) {
      let withLms = {};
      if (inLms) {
        const back = lms.resumed(problemsOf(a, student));
        dropped = back?.dropped ?? 0;
        withLms = { resume: back?.records ?? null, onSave: lms.save };
      }
      runs.set(runKey, openRun(a, student, { practice, ...withLms }));
    }
    const run = runs.get(runKey) ?? null;
    const at = run ? Math.min(state.at, run.problems.length - 1) : 0;
    return page(
      assignmentView({
        practice,
        assignment: a,
        run,
        at,
        href: (i) => toHash({ ...state, at: i }),
        onStudent: (name) => {
          rememberStudent(a, name);
          focusAfter(name ? `answer-problem-${at + 1}` : 'student');
        },
        onChange: focusAfter,
        canCopy: true,
        lms: inLms
          ? { session: lms, name: lms.studentName || student, dropped }
          : lms && !lms.connected && state.query === packaged
            ? { refused: lms.state }
            : null,
      }),
    );
  }
  return { view };
}
