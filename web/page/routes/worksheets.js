// The worked examples' worksheets: each sheet's typed answers, per example and sheet, kept across
// redraws and edits of the inputs (they are the student's work) and in localStorage over a
// reload (worksheet-store.js); its verdicts hold only for the inputs they were checked on.
import { ui } from '../../text/index.js';
import { createWorksheetStore } from '../worksheet-store.js';
import { fieldProblem } from '../../text/field.js';

// app: the router's context (app.js: state, focusAfter); checker: the answer checker.
export function createWorksheets(app, checker) {
  const sheets = new Map();
  const stored = createWorksheetStore();
  // What could not be read of the kept answers, said on every worksheet of the session.
  const why = stored.notice && (stored.notice.problem ? fieldProblem(stored.notice.problem) : ui.worksheetsNotJson);
  const notice = stored.notice && (stored.notice.kept ? ui.worksheetsSetAside : ui.worksheetsNotSetAside)({ why });
  return function worksheet(sheet) {
    const { state } = app;
    const key = `${state.example}|${sheet.id}`;
    if (!sheets.has(key)) sheets.set(key, { draft: stored.answers(key), verdicts: null, checkedFor: null });
    const s = sheets.get(key);
    const edits = JSON.stringify(state.edits);
    return {
      draft: s.draft,
      notice,
      verdicts: s.checkedFor === edits ? s.verdicts : null,
      onCheck(cells) {
        // A cell left empty is not yet an answer: it is counted, not checked.
        // A tensor's name ("X") where its shape is asked is read as that shape, and the
        // feedback says so; everything else goes to the checker as typed.
        const verdict = (id, spec) => {
          const typed = (s.draft[id] ?? '').trim();
          if (!typed) return { correct: false, blank: true };
          const named = spec.names && Object.hasOwn(spec.names, typed) ? `[${spec.names[typed].join(', ')}]` : null;
          if (!named) return checker.checkValue(s.draft[id], spec);
          const v = checker.checkValue(named, spec);
          return { ...v, feedback: `${ui.worksheetNamed({ name: typed, shape: named })} ${v.feedback}` };
        };
        s.verdicts = Object.fromEntries(cells.map(({ id, spec }) => [id, verdict(id, spec)]));
        s.checkedFor = edits;
        app.focusAfter(`ws-${sheet.id}-summary`);
      },
      onEdit() {
        stored.save(key, s.draft);
      },
      onClear() {
        for (const id of Object.keys(s.draft)) delete s.draft[id];
        stored.save(key, s.draft);
        s.verdicts = null;
        app.focusAfter(`ws-${sheet.id}-check`);
      },
    };
  };
}
