// A worked example's pages (#/<section>/<step>): the step's figures computed by the engine from
// the inputs (the handout's, or the student's edits), predict mode, worksheets, the step
// controls, and the practice box on the last step. Edits are kept per example while the student
// looks elsewhere; any refusal keeps the last good state.
import { examples as texts, said, sentence, sentences, ui } from '../../text/index.js';
import { readNumber } from '../../handouts/inputs.js';
import { toHash } from '../state.js';
import { createWorksheets } from './worksheets.js';
import { h } from '../views/dom.js';
import { predictionView } from '../views/predict.js';
import { stepView } from '../views/step.js';

const clone = (v) => (Array.isArray(v) ? v.map(clone) : v);

// app: the router's context (app.js): lab, root, examples, state, commit, focusAfter,
// noticeLine; checker: the answer checker for predictions and worksheets; atEnd(ex): the
// practice box of the example's last step.
export function createExampleRoute(app, { checker, atEnd }) {
  const { lab, root } = app;
  const byId = new Map(app.examples.map((e) => [e.id, e]));
  const kept = {}; // each example's edits, kept while the student looks at other examples
  let view; // {x, r}: the current example's inputs and the engine's last good results
  // Predictions typed in worked examples, and which results they have revealed, per step and inputs.
  const predictions = new Map();

  const inputsOf = (ex, edits) =>
    Object.fromEntries(
      Object.entries(ex.inputs).map(([k, spec]) => [k, clone(Object.hasOwn(edits, k) ? edits[k] : spec.value)]),
    );
  const compute = (ex, edits) => {
    const x = inputsOf(ex, edits);
    return { x, r: ex.run(lab, x) };
  };
  // The example's address, carrying its kept edits and the page's options.
  const hrefOf = (id) => toHash({ example: id, step: 0, edits: kept[id] || {}, hide: app.state.hide });

  // The state the address asks for, computed; inputs the engine refuses are dropped (and said
  // in `problems`), for the handout's.
  function load(s, problems) {
    const ex = byId.get(s.example);
    let state = s;
    try {
      view = compute(ex, s.edits);
    } catch (e) {
      problems.push(`${ui.addressRefused} ${said(e)}`);
      state = { ...s, edits: {} };
      view = compute(ex, {});
    }
    kept[state.example] = state.edits;
    return state;
  }
  // Every change of the state goes through here, so the kept edits follow it.
  const commit = (next, how) => {
    kept[next.example] = next.edits;
    app.commit(next, how);
  };

  function goStep(i, { focusHeading = false } = {}) {
    const { state } = app;
    const n = byId.get(state.example).steps.length;
    if (i < 0 || i >= n || i === state.step) return;
    app.setNotice('');
    commit({ ...state, step: i }, { push: true });
    if (focusHeading) root.querySelector('#step-title')?.focus();
  }

  function showError(id, message) {
    const line = document.getElementById(`${id}-error`);
    if (line) line.textContent = message;
    document.getElementById(id)?.setAttribute('aria-invalid', message ? 'true' : 'false');
  }

  // A new value for input `name`: recompute; on any refusal keep the last good state.
  function tryEdit(name, value, errorId) {
    const { state } = app;
    const ex = byId.get(state.example);
    // A value put back to the handout's (by typing it, or Escape in a matrix) is no longer an edit.
    const { [name]: _old, ...others } = state.edits;
    const edits =
      JSON.stringify(value) === JSON.stringify(ex.inputs[name].value) ? others : { ...others, [name]: value };
    let next;
    try {
      next = compute(ex, edits);
    } catch (e) {
      showError(errorId, `${ui.engineRefused} ${said(e)}`);
      return;
    }
    view = next;
    commit({ ...state, edits }, { push: false });
  }

  const worksheet = createWorksheets(app, checker);

  const ctx = () => {
    const { state } = app;
    return {
      worksheet,
      inputs: view.x,
      edited: Object.keys(state.edits).length > 0,
      canEdit: !state.hide.includes('edit'),
      canCopy: !state.hide.includes('copy'),
      onCell(name, path, text, el) {
        const spec = byId.get(app.state.example).inputs[name];
        const parsed = readNumber(text, spec, lab.parseNumber);
        const errorId = el.id.replace(/-\d+-\d+$/, '');
        if (parsed.error) {
          showError(errorId, sentences(ui.cellRefused, sentence(parsed.error), ui.keptLast));
          el.setAttribute('aria-invalid', 'true');
          return;
        }
        // An input the example derives (x from B, T and C) is edited from what it showed.
        const value = clone(view.r.editable?.[name] ?? view.x[name]);
        let target = value;
        for (const i of path.slice(0, -1)) target = target[i];
        target[path[path.length - 1]] = parsed.value;
        tryEdit(name, value, errorId);
      },
      onNumber(name, text, el) {
        const parsed = readNumber(text, byId.get(app.state.example).inputs[name], lab.parseNumber);
        if (parsed.error) showError(el.id, sentences(ui.cellRefused, sentence(parsed.error), ui.keptLast));
        else tryEdit(name, parsed.value, el.id);
      },
      onChoice(name, value) {
        tryEdit(name, value, `in-${name}`);
      },
    };
  };

  // The step's prediction box, when predict mode is on and the step asks for one: the items
  // that would give the answer away are left out until it is revealed.
  function predict(ex, step, items) {
    const { state } = app;
    const spec = step.predict;
    const key = `${ex.id}|${state.step}|${JSON.stringify(state.edits)}`;
    if (!predictions.has(key)) predictions.set(key, { text: '', feedback: null, revealed: false });
    const draft = predictions.get(key);
    if (draft.revealed) {
      const said = draft.feedback
        ? h(
            'p',
            { class: `feedback ${draft.feedback.correct ? 'ok' : 'no'}`, id: 'prediction-verdict', tabindex: '-1' },
            ui.labelled({ label: ui.yourPrediction, text: `${draft.text} — ${draft.feedback.feedback}` }),
          )
        : null;
      return { items, prediction: said, hideResult: false };
    }
    // Hide what would give the answer away: the named results, the facts, the result sentence.
    const prediction = predictionView({
      what: spec.what,
      format: spec.format,
      draft,
      canReveal: !state.hide.includes('solution'),
      onCheck: (typed) => {
        draft.text = typed;
        draft.feedback = checker.checkValue(typed, {
          format: spec.format,
          expected: spec.expected(view.r, view.x, lab),
          misconceptions: spec.misconceptions ? spec.misconceptions(view.r, view.x, lab) : [],
          words: spec.words || [],
        });
        draft.revealed = draft.feedback.correct;
        app.focusAfter(draft.revealed ? 'prediction-verdict' : null);
      },
      onReveal: () => {
        draft.revealed = true;
        app.focusAfter('step-title');
      },
    });
    return {
      items: items.filter((i) => !i.facts && !(spec.hides || []).includes(i.label)),
      prediction,
      hideResult: true,
    };
  }

  // Previous / Next, Reset, and predict mode's switch, each unless the address hides it.
  function controls(ex) {
    const { state } = app;
    const hidden = (c) => state.hide.includes(c);
    const button = (id, label, disabled, onclick) => h('button', { type: 'button', id, disabled, onclick }, label);
    const last = ex.steps.length - 1;
    return h(
      'div',
      { class: 'controls' },
      hidden('nav')
        ? null
        : h(
            'div',
            { class: 'nav' },
            button('prev', ui.previous, state.step === 0, () => goStep(app.state.step - 1)),
            h('span', { class: 'counter' }, `${state.step + 1} / ${ex.steps.length}`),
            button('next', ui.next, state.step === last, () => goStep(app.state.step + 1)),
          ),
      hidden('reset') || hidden('edit') || !Object.keys(ex.inputs).length
        ? null
        : button('reset', ui.reset, !Object.keys(state.edits).length, () => {
            view = compute(ex, {});
            commit({ ...app.state, edits: {} }, { push: false });
          }),
      hidden('predict')
        ? null
        : h(
            'label',
            { class: 'predict-toggle' },
            h('input', {
              type: 'checkbox',
              id: 'predict-mode',
              checked: state.predict,
              onchange: (e) => commit({ ...app.state, predict: e.target.checked }, { push: false }),
            }),
            ` ${ui.predictMode}`,
          ),
    );
  }

  function render() {
    const { state } = app;
    const ex = byId.get(state.example);
    const text = texts[ex.id];
    // Keep the focused field, its text and its caret across the re-render: an edit in progress
    // is the student's ("0." on the way to "0.5", "1e-" to "1e-3"), and is only rewritten to the
    // engine's value once they leave the field, press Enter or Escape.
    const active = document.activeElement;
    const activeId = active?.id;
    const typing = active && typeof active.selectionStart === 'number' && root.contains(active);
    const caret = typing ? { start: active.selectionStart, end: active.selectionEnd, text: active.value } : null;

    const step = ex.steps[state.step];
    const shown = step.show(view.r, view.x, lab);
    const { items, prediction, hideResult } =
      state.predict && step.predict ? predict(ex, step, shown) : { items: shown, prediction: null, hideResult: false };
    const main = h(
      'main',
      { id: 'main', class: 'main', tabindex: '-1' },
      app.noticeLine(),
      stepView({ example: ex, text, stepIndex: state.step, items, ctx: ctx(), prediction, hideResult }),
      controls(ex),
      atEnd(ex),
    );
    const restore = () => {
      const again = activeId && document.getElementById(activeId);
      if (!again) return;
      again.focus();
      if (caret && typeof again.setSelectionRange === 'function') {
        again.value = caret.text;
        again.setSelectionRange(caret.start, caret.end);
      }
    };
    return { main, title: `${ex.section} ${text.title}`, heading: 'step-title', restore };
  }

  // The arrow keys step through a worked example, outside fields, matrices and boxes that
  // scroll sideways (scrollable.js), whose arrows move there.
  function onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey || app.state.hide.includes('nav')) return;
    if (e.target.closest('input, select, textarea, table, [role="region"]')) return;
    if (e.key === 'ArrowRight') goStep(app.state.step + 1, { focusHeading: true });
    if (e.key === 'ArrowLeft') goStep(app.state.step - 1, { focusHeading: true });
  }

  return {
    has: (id) => byId.has(id),
    byId,
    load,
    render,
    onKey,
    hrefOf,
    titleOf: (id) => texts[id].title,
  };
}
