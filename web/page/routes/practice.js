// The practice set's pages (#/practice, #/practice/<family>/<seed>) and the practice box at the
// end of a section's worked example. The problems come with the extras; until then a line says
// they are coming (or why they could not come).
import { practice as text } from '../../text/index.js';
import { PRACTICE, TEACH, toHash } from '../state.js';
import { h } from '../views/dom.js';
import { practiceOverview, practicePanel } from '../views/practice.js';

// app: the router's context (app.js): state, extras, focusAfter, noticeLine, exampleHref.
export function createPracticeRoute(app, { progress }) {
  const href = (family, seed) => toHash({ example: PRACTICE, family, seed, hide: app.state.hide });
  const canCopy = () => !app.state.hide.includes('copy');
  const canSolve = () => !app.state.hide.includes('solution');

  // Where practice problems go while the extras are coming (or if they could not be loaded).
  const waiting = (id) =>
    app.extras.failed
      ? h('p', { id, class: 'notice', role: 'alert', tabindex: id && '-1' }, `${text.notLoaded} ${app.extras.failed}`)
      : h('p', { id, class: 'loading', role: 'status', tabindex: id && '-1' }, text.loading);

  // The worked example that teaches a family's section: the one with that section, or the
  // section it belongs to (§5.1's arrangements are a step of §5's block).
  const exampleOf = (section) =>
    app.examples.find((e) => e.section === section) ?? app.examples.find((e) => section.startsWith(`${e.section}.`));
  const exampleLink = (f) => {
    const ex = exampleOf(f.section);
    return ex ? { href: app.exampleHref(ex.id), section: ex.section, title: app.exampleTitle(ex.id) } : null;
  };

  // The first variant after 0 whose answer differs from variant 0's: variant 0 is the handout's
  // own example, whose numbers and answer the example has just shown.
  const fresh = new Map(); // a family's seeds never change, so each is found once
  const freshSeed = (family) => {
    const { practice } = app.extras;
    if (!fresh.has(family)) {
      const shown = practice.solution(family, 0).answer;
      let seed = 1;
      while (practice.solution(family, seed).answer === shown) seed += 1;
      fresh.set(family, seed);
    }
    return fresh.get(family);
  };

  const panel = (family, seed) =>
    practicePanel({
      practice: app.extras.practice,
      family,
      seed,
      progress,
      href,
      onChange: app.focusAfter,
      canCopy: canCopy(),
      canSolve: canSolve(),
    });

  // The practice set's overview, or one problem.
  function render() {
    const { state } = app;
    const { practice } = app.extras;
    const main = h(
      'main',
      { id: 'main', class: 'main', tabindex: '-1' },
      app.noticeLine(),
      !practice
        ? waiting('practice-title')
        : state.family
          ? [h('p', {}, h('a', { href: href(null) }, `← ${text.setTitle}`)), panel(state.family, state.seed)]
          : practiceOverview({
              practice,
              progress,
              href,
              exampleHref: exampleLink,
              onImport: app.focusAfter,
              teachHref: `#/${TEACH}`,
            }),
    );
    return { main, title: text.setTitle, heading: state.family ? `answer-${state.family}` : 'practice-title' };
  }

  // At the end of a section's example: its practice problems (the first one open).
  function atEnd(ex) {
    if (app.state.step !== ex.steps.length - 1) return null;
    const { practice, families } = app.extras;
    if (!practice) return h('aside', { id: 'practice-waiting', class: 'practice-box' }, waiting());
    const mine = families.filter((f) => exampleOf(f.section) === ex);
    if (!mine.length) return null;
    return h(
      'aside',
      { class: 'practice-box', 'aria-label': text.practiseThis },
      h('h3', {}, text.practiseThis),
      panel(mine[0].id, freshSeed(mine[0].id)),
      mine.length > 1
        ? h(
            'ul',
            {},
            mine
              .slice(1)
              .map((f) => h('li', {}, h('a', { href: href(f.id, freshSeed(f.id)) }, `${f.section} ${f.title}`))),
          )
        : null,
    );
  }

  return { render, atEnd, waiting, href };
}
