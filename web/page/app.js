// The router: state -> engine -> views, one way. The URL hash is the state (state.js);
// stepping pushes a history entry, editing replaces it, so Back walks through the steps. Each
// kind of page is a route module (routes/, assignment/pages.js) that draws its <main>; the
// router keeps the state and the address, puts the contents beside the page and settles the focus.
import { ASSIGNMENT, MODEL, PRACTICE, TEACH, TRAIN, fromHash, initialState, toHash } from './state.js';
import {
  assignment as assignmentText,
  opened as openedText,
  practice as practiceText,
  teach as teachText,
  training as trainingText,
  sentence,
  textOf,
  ui,
} from '../text/index.js';
import { createProgress } from './progress.js';
import { createExampleRoute } from './routes/example.js';
import { createPanels } from './routes/panels.js';
import { lazyRoute, waitingLine } from './routes/lazy.js';
import { createPracticeRoute } from './routes/practice.js';
import { h } from './views/dom.js';
import { watchScrolling } from './views/scrollable.js';
import { tocView } from './views/toc.js';

// Writing the URL is slow in browsers (and rate-limited), so edits, which come at typing
// speed, update it a moment later; stepping updates it at once, as a new history entry.
const URL_DELAY_MS = 150;

// lab: the engine's worked-examples part; loadExtras: resolves to the lab with the practice set's
// problems and the trainable models (a second module on the site, fetched once the first
// numbers are on screen; the same lab in the single file).
// packaged: the assignment of a SCORM package (its query), '' on the site.
export function createApp({ lab, loadExtras, root, handout, workerUrl = null, packaged = '' }) {
  const { examples, wordedPractice } = handout;
  watchScrolling(root);
  let state = initialState(examples[0].id);
  let notice = '';
  let pendingUrl = null;
  let focusNext = null;

  // What the routes share: the state, the address, the notice line and the redraw.
  const app = {
    lab,
    root,
    examples,
    loadExtras,
    get state() {
      return state;
    },
    setState(next) {
      state = next;
    },
    setNotice(text) {
      notice = text;
    },
    noticeLine: () => notice && h('p', { class: 'notice', role: 'alert' }, notice),
    writeUrl,
    commit(next, { push }) {
      state = next;
      if (push) writeUrl(true);
      else if (pendingUrl === null) pendingUrl = setTimeout(() => writeUrl(false), URL_DELAY_MS);
      render();
    },
    // Redraw, then focus the element an action names (a revealed hint, the solution, a verdict).
    focusAfter(id) {
      focusNext = id ?? null;
      render();
    },
    render,
    // The practice set's problems, once the extras have come (or why they could not).
    extras: { practice: null, families: [], failed: '' },
    exampleHref: (id) => example.hrefOf(id),
    exampleTitle: (id) => example.titleOf(id),
  };
  const progress = createProgress();
  const checker = wordedPractice(lab.practice); // predictions and worksheets: the answer checker
  const practice = createPracticeRoute(app, { progress });
  const example = createExampleRoute(app, { checker, atEnd: practice.atEnd });
  const panels = createPanels(app, { workerUrl });
  // The assignment pages (the teacher's view, a student's run, result files, the sheets): their
  // code is a chunk fetched on the first visit to one of them, at once in a SCORM package, which
  // opens on its assignment and connects to its LMS as it starts.
  const onAssignmentPage = () => state.example === ASSIGNMENT || state.example === TEACH;
  const assignments = lazyRoute(
    () =>
      Promise.all([import('./assignment/pages.js'), textOf('assignment'), textOf('teach')]).then(
        ([{ createAssignments }]) =>
          createAssignments({
            read: () => ({ state, practice: app.extras.practice, families: app.extras.families, notice }),
            setQuery: (query) => {
              state = { ...state, query };
              writeUrl(false);
            },
            focusAfter: app.focusAfter,
            extrasWaiting: practice.waiting,
            workerUrl,
            packaged,
          }),
      ),
    assignmentText.notLoaded,
    () => onAssignmentPage() && render(),
  );
  if (packaged) assignments.load();
  const assignmentPage = () => {
    const title = state.example === TEACH ? teachText.title : assignmentText.title;
    if (!assignments.made) {
      assignments.load();
      const line = waitingLine(assignments, 'assignment-loading', assignmentText.loading);
      return {
        main: h('main', { id: 'main', class: 'main', tabindex: '-1' }, app.noticeLine(), line),
        title,
        heading: 'assignment-loading',
      };
    }
    return {
      ...assignments.made.view(),
      title,
      heading: state.example === TEACH ? 'teach-title-heading' : state.sheet ? 'sheet-title' : 'assignment-title',
    };
  };
  const routes = {
    [TRAIN]: panels.render,
    [MODEL]: panels.render,
    [ASSIGNMENT]: assignmentPage,
    [TEACH]: assignmentPage,
    [PRACTICE]: practice.render,
  };

  function load(hash) {
    const { state: s, problems } = fromHash(
      hash,
      examples,
      { ...state, example: state.example },
      app.extras.practice ? app.extras.families.map((f) => f.id) : null, // a family named before they come is checked after
    );
    state = example.has(s.example) ? example.load(s, problems) : s;
    // "Part of the address was ignored: a; b." and "地址的一部分被忽略了：a；b。"
    notice = problems.length
      ? sentence(ui.labelled({ label: ui.addressProblem, text: problems.join(ui.problemSeparator) }))
      : '';
    render();
  }

  function writeUrl(push) {
    clearTimeout(pendingUrl);
    pendingUrl = null;
    const url = toHash(state);
    if (url !== location.hash) history[push ? 'pushState' : 'replaceState'](null, '', url);
  }
  window.addEventListener('pagehide', () => {
    if (pendingUrl !== null) writeUrl(false);
  });

  // After a render: the element an action asked for; else, when the focus was in the page and
  // its element is gone, the element of the same id (`activeId`) in the new view; else, when that
  // is gone or disabled too (Reset, Next on the last step, a new variant), `fallback`, the view's
  // heading or answer box. Never <body>, which would send the next Tab to the top.
  function settleFocus(hadFocus, activeId, fallback) {
    const wanted = focusNext && document.getElementById(focusNext);
    focusNext = null;
    // An answer box is focused with its question in view: on a phone, focusing the box alone
    // would scroll the question off the top.
    const question = wanted?.id.startsWith('answer-') ? wanted.closest('section.practice') : null;
    if (question) {
      wanted.focus({ preventScroll: true });
      return question.scrollIntoView({ block: 'start' });
    }
    if (wanted) return wanted.focus();
    if (!hadFocus || root.contains(document.activeElement)) return;
    if (activeId) document.getElementById(activeId)?.focus();
    if (!root.contains(document.activeElement)) document.getElementById(fallback)?.focus();
  }

  // The table of contents changes only when its links do (another example, or kept edits).
  let tocCache = { key: null, el: null };
  function toc() {
    const hrefs = examples.map((e) => example.hrefOf(e.id));
    const key = `${state.example}|${hrefs.join('|')}`;
    if (tocCache.key === key) return tocCache.el;
    const entry = (href, route, section, title) =>
      h(
        'li',
        {},
        h(
          'a',
          { href, 'aria-current': state.example === route ? 'page' : null },
          h('span', { class: 'sec' }, section),
          ' ',
          h('span', { class: 'title' }, title),
        ),
      );
    const el = tocView(
      examples,
      state.example,
      (id) => hrefs[examples.findIndex((e) => e.id === id)],
      app.exampleTitle,
    );
    el.querySelector('ol').append(
      entry(practice.href(null), PRACTICE, '§10', practiceText.setTitle),
      entry(
        toHash({ example: TRAIN, experiment: null, hide: state.hide }),
        TRAIN,
        trainingText.tocSection,
        trainingText.title,
      ),
      entry(toHash({ example: MODEL, hide: state.hide }), MODEL, openedText.tocSection, openedText.title),
    );
    tocCache = { key, el };
    return el;
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

  // A view's @page rules (the printed sheets' heads, which name a student): CSS written from the
  // view's words, which the page's Content-Security-Policy lets in only as a constructed
  // stylesheet. It is adopted while the view is shown, and dropped when another view is drawn.
  let pageRules = null;
  function showPageRules(css) {
    if (!('adoptedStyleSheets' in document)) return; // a browser without them prints no heads
    if (css && !pageRules) pageRules = new CSSStyleSheet();
    const others = document.adoptedStyleSheets.filter((s) => s !== pageRules);
    if (css) pageRules.replaceSync(css);
    document.adoptedStyleSheets = css ? [...others, pageRules] : others;
  }

  // The page: the table of contents (unless hidden) beside the route's <main>.
  function render() {
    const hadFocus = root.contains(document.activeElement);
    const activeId = document.activeElement?.id;
    const page = (routes[state.example] ?? example.render)();
    const noToc = state.hide.includes('toc');
    root.replaceChildren(h('div', { class: `layout ${noToc ? 'no-toc' : ''}` }, noToc ? null : toc(), page.main));
    showPageRules(page.pageRules);
    showCurrentInContents();
    document.title = `${page.title} — ${ui.appName}`;
    page.restore?.();
    settleFocus(hadFocus, activeId, page.heading);
  }

  // The skip link moves the focus to the page without touching the address: "#main" in the
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
    if (example.has(state.example)) example.onKey(e);
  });

  load(location.hash);
  // The extras come after the first numbers; then an address that named a family is read again,
  // now that the families are known, or the practice box that waits for them is filled in, in
  // place: the student may be typing or tabbing through the example, and the rest stays as it is.
  const fillWaitingBox = () => {
    const waiting = root.querySelector('#practice-waiting');
    if (waiting) waiting.replaceWith(practice.atEnd(example.byId.get(state.example)) ?? '');
  };
  loadExtras().then(
    (more) => {
      app.extras.practice = wordedPractice(more.practice);
      app.extras.families = app.extras.practice.families();
      if (state.example === PRACTICE) load(location.hash);
      else if (onAssignmentPage()) render();
      else fillWaitingBox();
    },
    (e) => {
      app.extras.failed = e.message;
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
