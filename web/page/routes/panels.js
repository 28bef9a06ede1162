// The Lab's panels: Train a model (#/train) and Open a model (#/model). Each is made on its
// first visit and kept, so a model goes on training, and an opened model stays open, while the
// student reads elsewhere. Their code (and the plotting library) is fetched then, not with the
// worked examples.
import { opened as openedText, textOf, training as trainingText } from '../../text/index.js';
import { settingsDiff } from '../../training/experiments.js';
import { MODEL, TRAIN } from '../state.js';
import { h } from '../views/dom.js';
import { lazyRoute, waitingLine } from './lazy.js';

// app: the router's context (app.js): state, setState, writeUrl, render, noticeLine, loadExtras.
export function createPanels(app, { workerUrl }) {
  // A panel: its code, the extras and its words, then the panel made once from them.
  const lazyPanel = (route, importPanel, section, failedText) =>
    lazyRoute(
      () => Promise.all([importPanel(), app.loadExtras(), textOf(section)]).then(([create, more]) => create(more)),
      failedText,
      () => app.state.example === route && app.render(),
    );

  // The training panel made models with these settings: the address names them, so that a
  // teacher can copy a link to the panel as configured.
  function settingsTaken(experiment, setup) {
    if (app.state.example !== TRAIN) return;
    app.setState({ ...app.state, experiment, settings: settingsDiff(experiment, setup) });
    app.writeUrl(false);
  }

  // A model trained in the page, looked at in Open a model: that panel is made if it was not,
  // then shown, opening the model.
  function openTrained(handoff) {
    const model = panels[MODEL].lazy;
    model.load().then(() => model.made?.openTrained(handoff));
    location.hash = '#/model';
  }

  const panels = {
    [TRAIN]: {
      lazy: lazyPanel(
        TRAIN,
        () =>
          import('../views/training/panel.js').then(
            (m) => (more) =>
              m.createTrainingPanel({ lab: more, workerUrl, onSettings: settingsTaken, onOpen: openTrained }),
          ),
        'training',
        trainingText.notLoaded,
      ),
      words: trainingText,
      titleId: 'train-title',
    },
    [MODEL]: {
      lazy: lazyPanel(
        MODEL,
        () => import('../views/model/panel.js').then((m) => (more) => m.createModelPanel({ lab: more, workerUrl })),
        'opened',
        openedText.notLoaded,
      ),
      words: openedText,
      titleId: 'model-title',
    },
  };

  // The panel is the same element each time, moved back in: what had the focus (a menu) keeps it.
  function render() {
    const { state } = app;
    const { lazy, words, titleId } = panels[state.example];
    if (!lazy.made) lazy.load();
    if (state.example === TRAIN) lazy.made?.show(state.experiment, { setup: state.settings, start: state.start });
    const main = h(
      'main',
      { id: 'main', class: 'main', tabindex: '-1' },
      app.noticeLine(),
      lazy.made ? lazy.made.el : waitingLine(lazy, titleId, words.loading),
    );
    return { main, title: words.title, heading: titleId };
  }

  return { render };
}
