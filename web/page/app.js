// The controller: state -> engine -> views, one way. The URL hash is the state (state.js);
// stepping pushes a history entry, editing replaces it, so Back walks through the steps.
import { readNumber } from './inputs.js';
import { ASSIGNMENT, MODEL, PRACTICE, TEACH, TRAIN, fromHash, initialState, toHash } from './state.js';
import {
  assignment as assignmentText,
  opened as openedText,
  practice as practiceText,
  examples as texts,
  teach as teachText,
  training as trainingText,
  ui,
} from '../strings.js';
import { settingsDiff } from '../training/experiments.js';
import { createProgress } from './progress.js';
import { createWorksheetStore } from './worksheet-store.js';
import { practiceOverview, practicePanel } from './views/practice.js';
import { createAssignments } from './assignment/pages.js';
import { wordedPractice } from './practice-text.js';
import { h } from './views/dom.js';
import { watchScrolling } from './views/scrollable.js';
import { stepView } from './views/step.js';
import { tocView } from './views/toc.js';
import { predictionView } from './views/predict.js';

const clone = (v) => (Array.isArray(v) ? v.map(clone) : v);

// lab: the engine's worked-examples part; loadExtras: resolves to the lab with the practice set's
// problems and the trainable models (a second module on the site, fetched once the first
// numbers are on screen; the same lab in the single file).
// packaged: the assignment of a SCORM package (its query), '' on the site.
export function createApp({ lab, loadExtras, root, examples, workerUrl = null, packaged = '' }) {
  const byId = new Map(examples.map((e) => [e.id, e]));
  watchScrolling(root);
  const kept = {}; // each example's edits, kept while the student looks at other examples
  let state = initialState(examples[0].id);
  let view; // {x, r}: the current example's inputs and the engine's last good results
  let notice = '';
  const progress = createProgress();
  // Predictions typed in worked examples, and which results they have revealed, per step and inputs.
  const predictions = new Map();
  const checker = wordedPractice(lab.practice); // predictions and worksheets: the answer checker
  // The practice set's problems, once the extras have come; until then a line says they are coming.
  let practice = null;
  let families = [];
  let extrasFailed = '';
  const practiceHref = (family, seed) => toHash({ example: PRACTICE, family, seed, hide: state.hide });
  // The Lab's panels are made on the first visit and kept: a model goes on training, and an
  // opened model stays open, while the student reads elsewhere. Their code (and the plotting
  // library) is fetched then, not with the worked examples.
  const lazyPanel = (route, importPanel, failedText) => {
    const p = { panel: null, failed: '', asked: null };
    p.load = () =>
      (p.asked ??= Promise.all([importPanel(), loadExtras()]).then(
        ([create, more]) => {
          p.panel = create(more);
          if (state.example === route) render();
        },
        (e) => {
          p.failed = `${failedText} ${e.message}`; // kept: the message says to reload
          if (state.example === route) render();
        },
      ));
    return p;
  };
  const trainingPanel = lazyPanel(
    TRAIN,
    () =>
      import('./views/training/panel.js').then(
        (m) => (more) => m.createTrainingPanel({ lab: more, workerUrl, onSettings: settingsTaken }),
      ),
    trainingText.notLoaded,
  );
  const modelPanel = lazyPanel(
    MODEL,
    () => import('./views/model/panel.js').then((m) => (more) => m.createModelPanel({ lab: more, workerUrl })),
    openedText.notLoaded,
  );

  const inputsOf = (ex, edits) =>
    Object.fromEntries(Object.entries(ex.inputs).map(([k, spec]) => [k, clone(k in edits ? edits[k] : spec.value)]));
  const compute = (ex, edits) => {
    const x = inputsOf(ex, edits);
    return { x, r: ex.run(lab, x) };
  };

  function load(hash) {
    const { state: s, problems } = fromHash(
      hash,
      examples,
      { ...state, example: state.example },
      practice ? families.map((f) => f.id) : null, // a family named before they come is checked after
    );
    // The Lab's panels, the practice set and assignments: no worked example to compute.
    if (!byId.has(s.example)) {
      state = s;
      notice = problems.length ? `${ui.addressProblem} ${problems.join('; ')}.` : '';
      render();
      return;
    }
    const ex = byId.get(s.example);
    try {
      view = compute(ex, s.edits);
      state = s;
    } catch (e) {
      problems.push(`${ui.addressRefused} ${e.message}`);
      state = { ...s, edits: {} };
      view = compute(ex, {});
    }
    kept[state.example] = state.edits;
    notice = problems.length ? `${ui.addressProblem} ${problems.join('; ')}.` : '';
    render();
  }

  // Writing the URL is slow in browsers (and rate-limited), so edits, which come at typing
  // speed, update it a moment later; stepping updates it at once, as a new history entry.
  const URL_DELAY_MS = 150;
  let pendingUrl = null;
  function writeUrl(push) {
    clearTimeout(pendingUrl);
    pendingUrl = null;
    const url = toHash(state);
    if (url !== location.hash) history[push ? 'pushState' : 'replaceState'](null, '', url);
  }
  function commit(next, { push }) {
    state = next;
    kept[state.example] = state.edits;
    if (push) writeUrl(true);
    else if (pendingUrl === null) pendingUrl = setTimeout(() => writeUrl(false), URL_DELAY_MS);
    render();
  }
  window.addEventListener('pagehide', () => {
    if (pendingUrl !== null) writeUrl(false);
  });

  function goStep(i, { focusHeading = false } = {}) {
    const n = byId.get(state.example).steps.length;
    if (i < 0 || i >= n || i === state.step) return;
    notice = '';
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
    const ex = byId.get(state.example);
    // A value put back to the handout's (by typing it, or Escape in a matrix) is no longer an edit.
    const { [name]: _old, ...others } = state.edits;
    const edits =
      JSON.stringify(value) === JSON.stringify(ex.inputs[name].value) ? others : { ...others, [name]: value };
    let next;
    try {
      next = compute(ex, edits);
    } catch (e) {
      showError(errorId, `${ui.engineRefused} ${e.message}`);
      return;
    }
    view = next;
    commit({ ...state, edits }, { push: false });
  }

  // A worksheet's typed answers, per example and sheet: kept across redraws and edits of the
  // inputs (they are the student's work); its verdicts hold only for the inputs they were checked on.
  // The typed answers are also kept in localStorage (worksheet-store.js) over a reload.
  const sheets = new Map();
  const stored = createWorksheetStore();
  function worksheet(sheet) {
    const key = `${state.example}|${sheet.id}`;
    if (!sheets.has(key)) sheets.set(key, { draft: stored.answers(key), verdicts: null, checkedFor: null });
    const s = sheets.get(key);
    const edits = JSON.stringify(state.edits);
    return {
      draft: s.draft,
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
          return { ...v, feedback: `${ui.worksheetNamed(typed, named)} ${v.feedback}` };
        };
        s.verdicts = Object.fromEntries(cells.map(({ id, spec }) => [id, verdict(id, spec)]));
        s.checkedFor = edits;
        focusAfter(`ws-${sheet.id}-summary`);
      },
      onEdit() {
        stored.save(key, s.draft);
      },
      onClear() {
        for (const id of Object.keys(s.draft)) delete s.draft[id];
        stored.save(key, s.draft);
        s.verdicts = null;
        focusAfter(`ws-${sheet.id}-check`);
      },
    };
  }

  const ctx = () => ({
    worksheet,
    inputs: view.x,
    edited: Object.keys(state.edits).length > 0,
    canEdit: !state.hide.includes('edit'),
    canCopy: !state.hide.includes('copy'),
    onCell(name, path, text, el) {
      const spec = byId.get(state.example).inputs[name];
      const parsed = readNumber(text, spec, lab.parseNumber);
      const errorId = el.id.replace(/-\d+-\d+$/, '');
      if (parsed.error) {
        showError(errorId, `${ui.cellRefused} ${parsed.error}. ${ui.keptLast}`);
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
      const parsed = readNumber(text, byId.get(state.example).inputs[name], lab.parseNumber);
      if (parsed.error) showError(el.id, `${ui.cellRefused} ${parsed.error}. ${ui.keptLast}`);
      else tryEdit(name, parsed.value, el.id);
    },
    onChoice(name, value) {
      tryEdit(name, value, `in-${name}`);
    },
  });

  // The table of contents changes only when its links do (another example, or kept edits).
  let tocCache = { key: null, el: null };
  function toc() {
    const hrefs = examples.map((e) => toHash({ example: e.id, step: 0, edits: kept[e.id] || {}, hide: state.hide }));
    const key = `${state.example}|${hrefs.join('|')}`;
    if (tocCache.key !== key) {
      tocCache = {
        key,
        el: tocView(examples, texts, state.example, (id) => hrefs[examples.findIndex((e) => e.id === id)]),
      };
      tocCache.el.querySelector('ol').append(
        h(
          'li',
          {},
          h(
            'a',
            { href: practiceHref(null), 'aria-current': state.example === PRACTICE ? 'page' : null },
            h('span', { class: 'sec' }, '§10'),
            ' ',
            h('span', { class: 'title' }, practiceText.setTitle),
          ),
        ),
        h(
          'li',
          {},
          h(
            'a',
            {
              href: toHash({ example: TRAIN, experiment: null, hide: state.hide }),
              'aria-current': state.example === TRAIN ? 'page' : null,
            },
            h('span', { class: 'sec' }, trainingText.tocSection),
            ' ',
            h('span', { class: 'title' }, trainingText.title),
          ),
        ),
        h(
          'li',
          {},
          h(
            'a',
            {
              href: toHash({ example: MODEL, hide: state.hide }),
              'aria-current': state.example === MODEL ? 'page' : null,
            },
            h('span', { class: 'sec' }, openedText.tocSection),
            ' ',
            h('span', { class: 'title' }, openedText.title),
          ),
        ),
      );
    }
    return tocCache.el;
  }

  // The practice set's overview, or one problem.
  function practiceMain() {
    const onChange = focusAfter;
    return h(
      'main',
      { id: 'main', class: 'main', tabindex: '-1' },
      notice && h('p', { class: 'notice', role: 'alert' }, notice),
      !practice
        ? extrasWaiting('practice-title')
        : state.family
          ? [
              h('p', {}, h('a', { href: practiceHref(null) }, `← ${practiceText.setTitle}`)),
              practicePanel({
                practice,
                family: state.family,
                seed: state.seed,
                progress,
                href: practiceHref,
                onChange,
                canCopy: !state.hide.includes('copy'),
                canSolve: !state.hide.includes('solution'),
              }),
            ]
          : practiceOverview({
              practice,
              progress,
              href: practiceHref,
              exampleHref,
              onImport: onChange,
              teachHref: `#/${TEACH}`,
            }),
    );
  }

  // Assignments: the teacher's view, a student's run, result files, sheets to print.
  const assignments = createAssignments({
    read: () => ({ state, practice, families, notice }),
    setQuery: (query) => {
      state = { ...state, query };
      writeUrl(false);
    },
    // (defined below, so called through)
    focusAfter: (id) => focusAfter(id),
    extrasWaiting: (id) => extrasWaiting(id),
    workerUrl,
    packaged,
  });

  // The worked example that teaches a family's section: the one with that section, or the
  // section it belongs to (§5.1's arrangements are a step of §5's block).
  const exampleOf = (section) =>
    examples.find((e) => e.section === section) ?? examples.find((e) => section.startsWith(`${e.section}.`));
  const exampleHref = (f) => {
    const ex = exampleOf(f.section);
    return ex
      ? {
          href: toHash({ example: ex.id, step: 0, edits: kept[ex.id] || {}, hide: state.hide }),
          section: ex.section,
          title: texts[ex.id].title,
        }
      : null;
  };
  // The first variant after 0 whose answer differs from variant 0's: variant 0 is the handout's
  // own example, whose numbers and answer the example has just shown.
  const fresh = new Map(); // a family's seeds never change, so each is found once
  const freshSeed = (family) => {
    if (!fresh.has(family)) {
      const shown = practice.solution(family, 0).answer;
      let seed = 1;
      while (practice.solution(family, seed).answer === shown) seed += 1;
      fresh.set(family, seed);
    }
    return fresh.get(family);
  };

  // Where practice problems go while the extras are coming (or if they could not be loaded).
  const extrasWaiting = (id) =>
    extrasFailed
      ? h(
          'p',
          { id, class: 'notice', role: 'alert', tabindex: id && '-1' },
          `${practiceText.notLoaded} ${extrasFailed}`,
        )
      : h('p', { id, class: 'loading', role: 'status', tabindex: id && '-1' }, practiceText.loading);

  // At the end of a section's example: its practice problems (the first one open).
  function practiceAtEnd(ex) {
    if (state.step !== ex.steps.length - 1) return null;
    if (!practice) return h('aside', { id: 'practice-waiting', class: 'practice-box' }, extrasWaiting());
    const mine = families.filter((f) => exampleOf(f.section) === ex);
    if (!mine.length) return null;
    return h(
      'aside',
      { class: 'practice-box', 'aria-label': practiceText.practiseThis },
      h('h3', {}, practiceText.practiseThis),
      practicePanel({
        practice,
        family: mine[0].id,
        seed: freshSeed(mine[0].id),
        progress,
        href: practiceHref,
        onChange: focusAfter,
        canCopy: !state.hide.includes('copy'),
        canSolve: !state.hide.includes('solution'),
      }),
      mine.length > 1
        ? h(
            'ul',
            {},
            mine
              .slice(1)
              .map((f) =>
                h('li', {}, h('a', { href: practiceHref(f.id, freshSeed(f.id)) }, `${f.section} ${f.title}`)),
              ),
          )
        : null,
    );
  }

  // The training panel made models with these settings: the address names them, so that a
  // teacher can copy a link to the panel as configured.
  function settingsTaken(experiment, setup) {
    if (state.example !== TRAIN) return;
    state = { ...state, experiment, settings: settingsDiff(experiment, setup) };
    writeUrl(false);
  }

  // Where the focus goes after the next render, when an action names it (a revealed hint, the
  // solution, the prediction's verdict).
  let focusNext = null;
  const focusAfter = (id) => {
    focusNext = id ?? null;
    render();
  };
  // After a render: the element an action asked for; else, when the focus was in the page and
  // its element is gone, the element of the same id (`activeId`) in the new view; else, when that
  // is gone or disabled too (Reset, Next on the last step, a new variant), `fallback`, the view's
  // heading or answer box. Never <body>, which would send the next Tab to the top.
  function settleFocus(hadFocus, activeId, fallback) {
    const wanted = focusNext && document.getElementById(focusNext);
    focusNext = null;
    if (wanted) return wanted.focus();
    if (!hadFocus || root.contains(document.activeElement)) return;
    if (activeId) document.getElementById(activeId)?.focus();
    if (!root.contains(document.activeElement)) document.getElementById(fallback)?.focus();
  }

  // The page: the table of contents (unless hidden) beside `main`.
  function show(main) {
    const noToc = state.hide.includes('toc');
    root.replaceChildren(h('div', { class: `layout ${noToc ? 'no-toc' : ''}` }, noToc ? null : toc(), main));
    showCurrentInContents();
  }

  // On a phone the contents are one sideways row: bring the current example to its middle (to
  // its start when it is wider than the row), now and whenever the window changes size.
  function showCurrentInContents() {
    const row = root.querySelector('.toc-row');
    const current = row?.querySelector('[aria-current]');
    if (current && row.scrollWidth > row.clientWidth) {
      const offset = current.getBoundingClientRect().left - row.getBoundingClientRect().left;
      row.scrollLeft += offset - Math.max(0, (row.clientWidth - current.offsetWidth) / 2);
    }
  }
  window.addEventListener('resize', showCurrentInContents);

  function render() {
    const hadFocus = root.contains(document.activeElement);
    const activeId = document.activeElement?.id;
    if (state.example === TRAIN || state.example === MODEL) {
      const lazy = state.example === TRAIN ? trainingPanel : modelPanel;
      const words = state.example === TRAIN ? trainingText : openedText;
      const titleId = state.example === TRAIN ? 'train-title' : 'model-title';
      if (!lazy.panel) lazy.load();
      if (state.example === TRAIN) lazy.panel?.show(state.experiment, { setup: state.settings, start: state.start });
      const main = h(
        'main',
        { id: 'main', class: 'main', tabindex: '-1' },
        notice && h('p', { class: 'notice', role: 'alert' }, notice),
        lazy.panel
          ? lazy.panel.el
          : lazy.failed
            ? h('p', { id: titleId, class: 'notice', role: 'alert', tabindex: '-1' }, lazy.failed)
            : h('p', { id: titleId, class: 'loading', role: 'status', tabindex: '-1' }, words.loading),
      );
      show(main);
      document.title = `${words.title} — ${ui.appName}`;
      // The panel is the same element, moved back in: what had the focus (a menu) keeps it.
      settleFocus(hadFocus, activeId, titleId);
      return;
    }
    if (state.example === ASSIGNMENT || state.example === TEACH) {
      show(assignments.main());
      document.title = `${state.example === TEACH ? teachText.title : assignmentText.title} — ${ui.appName}`;
      const heading =
        state.example === TEACH ? 'teach-title-heading' : state.sheet ? 'sheet-title' : 'assignment-title';
      settleFocus(hadFocus, activeId, heading);
      return;
    }
    if (state.example === PRACTICE) {
      show(practiceMain());
      document.title = `${practiceText.setTitle} — ${ui.appName}`;
      settleFocus(hadFocus, activeId, state.family ? `answer-${state.family}` : 'practice-title');
      return;
    }
    const ex = byId.get(state.example);
    const text = texts[ex.id];
    // Keep the focused field, its text and its caret across the re-render: an edit in progress
    // is the student's ("0." on the way to "0.5", "1e-" to "1e-3"), and is only rewritten to the
    // engine's value once they leave the field, press Enter or Escape.
    const active = document.activeElement;
    const typing = active && typeof active.selectionStart === 'number' && root.contains(active);
    const caret = typing ? { start: active.selectionStart, end: active.selectionEnd, text: active.value } : null;

    const step = ex.steps[state.step];
    let items = step.show(view.r, view.x, lab);
    let prediction = null;
    let hideResult = false;
    if (state.predict && step.predict) {
      const spec = step.predict;
      const key = `${ex.id}|${state.step}|${JSON.stringify(state.edits)}`;
      if (!predictions.has(key)) predictions.set(key, { text: '', feedback: null, revealed: false });
      const draft = predictions.get(key);
      if (!draft.revealed) {
        hideResult = true;
        // Hide what would give the answer away: the named results, the facts, the result sentence.
        items = items.filter((i) => !i.facts && !(spec.hides || []).includes(i.label));
        prediction = predictionView({
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
            focusAfter(draft.revealed ? 'prediction-verdict' : null);
          },
          onReveal: () => {
            draft.revealed = true;
            focusAfter('step-title');
          },
        });
      } else if (draft.feedback) {
        prediction = h(
          'p',
          { class: `feedback ${draft.feedback.correct ? 'ok' : 'no'}`, id: 'prediction-verdict', tabindex: '-1' },
          `${ui.yourPrediction}: ${draft.text} — ${draft.feedback.feedback}`,
        );
      }
    }
    const hidden = (c) => state.hide.includes(c);
    const nav = hidden('nav')
      ? null
      : h(
          'div',
          { class: 'nav' },
          h(
            'button',
            { type: 'button', id: 'prev', disabled: state.step === 0, onclick: () => goStep(state.step - 1) },
            ui.previous,
          ),
          h('span', { class: 'counter' }, `${state.step + 1} / ${ex.steps.length}`),
          h(
            'button',
            {
              type: 'button',
              id: 'next',
              disabled: state.step === ex.steps.length - 1,
              onclick: () => goStep(state.step + 1),
            },
            ui.next,
          ),
        );
    const reset =
      hidden('reset') || hidden('edit') || !Object.keys(ex.inputs).length
        ? null
        : h(
            'button',
            {
              type: 'button',
              id: 'reset',
              disabled: !Object.keys(state.edits).length,
              onclick: () => {
                view = compute(ex, {});
                commit({ ...state, edits: {} }, { push: false });
              },
            },
            ui.reset,
          );
    const main = h(
      'main',
      { id: 'main', class: 'main', tabindex: '-1' },
      notice && h('p', { class: 'notice', role: 'alert' }, notice),
      stepView({ example: ex, text, stepIndex: state.step, items, ctx: ctx(), prediction, hideResult }),
      h(
        'div',
        { class: 'controls' },
        nav,
        reset,
        hidden('predict')
          ? null
          : h(
              'label',
              { class: 'predict-toggle' },
              h('input', {
                type: 'checkbox',
                id: 'predict-mode',
                checked: state.predict,
                onchange: (e) => commit({ ...state, predict: e.target.checked }, { push: false }),
              }),
              ` ${ui.predictMode}`,
            ),
      ),
      practiceAtEnd(ex),
    );
    show(main);
    document.title = `${ex.section} ${text.title} — ${ui.appName}`;

    if (activeId) {
      const again = document.getElementById(activeId);
      if (again) {
        again.focus();
        if (caret && typeof again.setSelectionRange === 'function') {
          again.value = caret.text;
          again.setSelectionRange(caret.start, caret.end);
        }
      }
    }
    settleFocus(hadFocus, activeId, 'step-title');
  }

  // The skip link moves the focus to the example without touching the address: "#main" in the
  // address would be read as a route, and the student's edits are in the address.
  document.querySelector('a.skip')?.addEventListener('click', (e) => {
    e.preventDefault();
    const main = root.querySelector('main');
    main?.focus();
    main?.scrollIntoView();
  });
  window.addEventListener('popstate', () => load(location.hash));
  window.addEventListener('hashchange', () => {
    if (location.hash !== toHash(state)) load(location.hash);
  });
  document.addEventListener('keydown', (e) => {
    if (
      e.altKey ||
      e.ctrlKey ||
      e.metaKey ||
      state.hide.includes('nav') ||
      !byId.has(state.example) // the arrows step through a worked example, and nothing else
    )
      return;
    // Arrows inside a field, a matrix or a box that scrolls sideways (scrollable.js) move there.
    if (e.target.closest('input, select, textarea, table, [role="region"]')) return;
    if (e.key === 'ArrowRight') goStep(state.step + 1, { focusHeading: true });
    if (e.key === 'ArrowLeft') goStep(state.step - 1, { focusHeading: true });
  });

  load(location.hash);
  // The extras come after the first numbers; then an address that named a family is read again,
  // now that the families are known, or the practice box that waits for them is filled in, in
  // place: the student may be typing or tabbing through the example, and the rest stays as it is.
  const fillWaitingBox = () => {
    const waiting = root.querySelector('#practice-waiting');
    if (waiting) waiting.replaceWith(practiceAtEnd(byId.get(state.example)) ?? '');
  };
  loadExtras().then(
    (more) => {
      practice = wordedPractice(more.practice);
      families = practice.families();
      if (state.example === PRACTICE) load(location.hash);
      else if (state.example === ASSIGNMENT || state.example === TEACH) render();
      else fillWaitingBox();
    },
    (e) => {
      extrasFailed = e.message;
      if ([PRACTICE, ASSIGNMENT, TEACH].includes(state.example)) render();
      else fillWaitingBox();
    },
  );
  return {
    get state() {
      return state;
    },
  };
}
