// The training panel: settings, the run's controls, loss and entropy plots, the progress table,
// samples, attention heat maps and §2.2's intervention. It is created once and kept while the
// student looks at other pages, so a model keeps training in the background. State flows one
// way: controls send messages to the trainer (web/training/trainer.js); the trainer's reports
// update `state`, and each view draws its part of it at the next frame.
import { DEFAULT_SETUP, EXPERIMENTS } from '../../../training/experiments.js';
import { connectTrainer } from '../../../worker/client.js';
import { sentence, sentences, training as text, ui } from '../../../text/index.js';
import { downloadSaved, readSavedFile } from './saved.js';
import { fetchTrained } from './trained.js';
import { h, titledSection } from '../dom.js';
import { attentionView } from './attention.js';
import { readSetting, saidHere, settingsForm } from './form.js';
import { entropyPlot, lossPlot, runName } from './plots.js';
import { runControls } from './run.js';
import { samplesView } from './samples.js';
import { noteFormed, progressTable } from './table.js';

const noIntervention = () => ({ ablateHeads: [], hideTokens: [] });

// onSettings(experiment, setup): the trainer took these settings (the page puts them in its address).
// onOpen({saved, name, vocab}): the watched run's model, saved, to look at in Open a model.
export function createTrainingPanel({ lab, workerUrl, onSettings = () => {}, onOpen = () => {} }) {
  const state = {
    ready: false, // a session has been set up
    experiment: 'custom',
    setup: { ...DEFAULT_SETUP },
    runIds: [],
    vocab: null,
    progress: null,
    samples: null,
    inspection: null,
    intervened: null,
    intervention: noIntervention(),
    watched: 0,
    formed: [], // per run, the step at which its heads first reached the experiment's bars (§4)
    startOnReady: false, // a link asked for the run to start once the models are made
    carried: '', // a refusal to show once the fallback session is ready
  };
  // What went wrong, in the alert line. A problem with a link stays until the student acts; a
  // fresh look at the model (an inspection) clears any other.
  let linkProblem = false;
  const say = (message, fromLink = false) => {
    problem.textContent = message;
    linkProblem = fromLink && Boolean(message);
  };
  let fresh = new Set(); // which parts of `state` changed since they were last drawn
  let frame = 0;

  const trainer = connectTrainer(lab, { workerUrl, onMessage: receive });
  const send = (msg) => trainer.send(msg);
  const inspect = (extra = {}) => send({ type: 'inspect', run: state.watched, ...state.intervention, ...extra });

  const problem = h('p', { class: 'train-error', role: 'alert' });
  const about = h('p', { class: 'about' });
  // An experiment's model already trained, read as a chosen file is, into the same experiment
  // (its settings, its head scores).
  const loadTrained = async () => {
    const got = await fetchTrained(EXPERIMENTS[state.experiment].trained);
    if (got.error) say(got.error);
    else if (mayReplace()) loadFile(got.file, state.experiment);
  };
  const trainedButton = h('button', { type: 'button', id: 'train-trained', onclick: loadTrained }, text.trainedLoad);
  const trained = h('p', { hidden: true }, trainedButton);
  const form = settingsForm({ lab, onApply: apply });
  const run = runControls({
    send,
    progress: () => state.progress,
    // A model read from a file says so beside its step count, which starts again here.
    origin: () => (state.loaded ? text.loadedNote : ''),
    // A step, then a fresh look at the intervention (messages are handled in order).
    onStep: () => (send({ type: 'step' }), inspect()),
    onReset: () => send({ type: 'setup', experiment: state.experiment, setup: state.setup }),
    onSave: () => send({ type: 'save', run: state.watched }),
    onOpen: () => send({ type: 'save', run: state.watched, open: true }),
    onLoad: loadFile,
  });
  const loss = lossPlot();
  const entropy = entropyPlot();
  const table = progressTable();
  const samples = samplesView();
  const attention = attentionView({
    onSentence: (sentence) => {
      state.intervention = noIntervention();
      inspect({ text: sentence });
    },
    onWatch: (i) => {
      state.watched = i;
      fresh.add('inspection');
      inspect();
    },
    onIntervene: (chosen) => {
      state.intervention = chosen;
      inspect();
    },
  });
  const pageThread = h('p', { class: 'notice', hidden: trainer.inWorker }, text.onPageThread);
  const experimentSelect = h(
    'select',
    {
      id: 'train-experiment',
      // The address decides what trains; show() asks before a trained model is replaced.
      onchange: (e) => {
        location.hash = `#/train/${e.target.value}`;
      },
    },
    Object.keys(EXPERIMENTS).map((id) => h('option', { value: id }, text.experiments[id].name)),
  );

  const el = titledSection(
    { style: 'training', id: 'train-title', title: text.title, intro: text.intro },
    pageThread,
    h('p', {}, h('label', { for: 'train-experiment' }, `${text.experiment} `), experimentSelect),
    about,
    trained,
    // Start comes right after the menu, so it is one Tab away; the settings follow.
    run.controls,
    run.status,
    problem,
    form.el,
    ...loss.els,
    table.el,
    ...entropy.els,
    ...samples.els,
    ...attention.els,
  );

  // New models replace a trained one only if the student agrees (every way there comes here:
  // the menu, a link, Apply settings).
  // A model read from a file counts as trained whatever its step count here (the file does not
  // say how long it was trained).
  const mayReplace = () => {
    const steps = (state.ready && state.progress?.step) || 0;
    if (state.ready && state.loaded && steps === 0) return window.confirm(text.discardLoaded);
    return steps === 0 || window.confirm(text.discardModel({ steps }));
  };

  function apply() {
    let next;
    try {
      next = form.read(state.setup);
    } catch (e) {
      say(sentences(text.refused, sentence(e.message), text.settingsKept));
      return;
    }
    if (!mayReplace()) return;
    send({ type: 'setup', experiment: state.experiment, setup: next });
  }

  // A saved model, into `experiment` (a chosen file: your own model).
  async function loadFile(file, experiment = 'custom') {
    const read = await readSavedFile(file, state.setup);
    if (read.error) return say(sentences(text.loadRefused, sentence(read.error), text.settingsKept));
    state.loading = true;
    send({ type: 'setup', experiment, ...read.value });
  }

  // ---- reports from the trainer ----

  function receive(m) {
    if (m.type === 'ready') {
      Object.assign(state, {
        ready: true,
        experiment: m.experiment,
        setup: m.setup,
        runIds: m.runIds,
        vocab: m.vocab,
        progress: m,
        samples: m.samples,
        inspection: m.inspection,
        intervened: null,
        intervention: noIntervention(),
        watched: 0,
        formed: [],
        loaded: Boolean(state.loading), // these models are the file's
        loading: false,
      });
      experimentSelect.value = state.experiment;
      about.textContent = text.experiments[state.experiment].about;
      trained.hidden = !EXPERIMENTS[state.experiment].trained;
      say(state.carried, true);
      state.carried = '';
      attention.setSentence(m.probeText);
      loss.reset(state.runIds, state.experiment, state.loaded);
      entropy.reset(state.runIds, state.experiment);
      form.render(state.setup, state.experiment);
      fresh = new Set(['samples', 'inspection', 'intervened']);
      run.reported(false);
      if (m.heads) noteFormed(state.formed, m, state.experiment); // a model read from a file may have them already
      onSettings(state.experiment, state.setup);
      inspect();
      schedule();
      if (state.startOnReady) ((state.startOnReady = false), run.start());
    } else if (m.type === 'progress') {
      loss.add(m);
      entropy.add(m);
      state.progress = { ...state.progress, ...m }; // a report carries only what changed
      if (m.samples) ((state.samples = m.samples), fresh.add('samples'));
      if (m.inspection) ((state.inspection = m.inspection), fresh.add('inspection'));
      if (m.heads) noteFormed(state.formed, m, state.experiment);
      schedule();
    } else if (m.type === 'running') {
      run.reported(true, true);
    } else if (m.type === 'paused') {
      run.reported(false, true);
      inspect();
    } else if (m.type === 'stopped') {
      run.reported(false);
      say(`${text.stopped} ${saidHere(m)}`);
    } else if (m.type === 'refused' && m.request === 'inspect') {
      say(sentences(text.sentenceRefused, sentence(saidHere(m)), text.sentenceKept));
    } else if (m.type === 'refused' && m.request === 'setup' && !state.ready) {
      // The first settings (from a link) were refused: train the experiment as it is, and say why.
      state.startOnReady = false;
      state.carried = sentences(state.carried, text.refused, sentence(saidHere(m)));
      send({ type: 'setup', experiment: state.experiment, setup: {} });
    } else if (m.type === 'refused') {
      state.startOnReady = false;
      state.loading = false;
      say(sentences(m.request === 'setup' ? text.refused : text.stopped, sentence(saidHere(m)), text.settingsKept));
    } else if (m.type === 'inspected') {
      if (!linkProblem) say('');
      state.intervened = m;
      state.inspection = m.base;
      fresh.add('intervened').add('inspection');
      schedule();
    } else if (m.type === 'saved' && m.open) {
      // the sentence whose attention is shown, as the first prompt there (a character model's)
      const prompt = state.inspection?.tokens.join('');
      onOpen({ saved: m.data, name: runName(state.runIds[state.watched]), vocab: state.vocab, prompt });
    } else if (m.type === 'saved') {
      downloadSaved(m.data, state.setup.corpus);
      run.show(text.saved);
    }
  }

  // Reports can come faster than the screen refreshes: draw once per frame.
  function schedule() {
    if (!frame)
      frame = requestAnimationFrame(() => {
        frame = 0;
        draw();
      });
  }

  function draw() {
    const { progress, runIds, experiment } = state;
    if (!progress || !state.ready) return;
    run.show();
    loss.draw();
    entropy.draw();
    table.draw(progress, runIds, experiment, state.formed);
    if (fresh.has('samples')) samples.draw(state.samples, runIds, experiment);
    if (fresh.has('inspection')) attention.drawHeads(state.inspection, runIds, state.watched);
    if (fresh.has('intervened'))
      attention.drawIntervention(state.intervened, state.intervention, state.vocab, experiment);
    fresh.clear();
  }

  return {
    el,
    // Shows an experiment (from the address); a new experiment, or settings in the address that
    // differ from the ones training, get fresh models. No experiment in the address (the
    // contents' link) shows whatever is training, so nothing is lost. `start` runs the new models
    // as soon as they are made.
    show(id, { setup: typed = {}, start = false } = {}) {
      if (!id) id = state.ready ? state.experiment : 'custom';
      if (!Object.hasOwn(EXPERIMENTS, id)) id = 'custom';
      const setup = {};
      const unreadable = [];
      for (const [key, value] of Object.entries(typed)) {
        try {
          setup[key] = readSetting(lab, key, value);
        } catch (e) {
          unreadable.push(e.message);
        }
      }
      // Said now, and again once the models are made (which clears the line otherwise).
      state.carried = unreadable.length ? sentences(text.refused, sentence(unreadable.join(ui.listSeparator))) : '';
      say(state.carried, true);
      const differs = Object.entries(setup).some(([k, v]) => state.setup[k] !== v);
      if ((id !== state.experiment || differs) && !mayReplace()) {
        // Declined: the menu and the address go back to what is training.
        experimentSelect.value = state.experiment;
        onSettings(state.experiment, state.setup);
      } else if (id !== state.experiment || !state.ready || differs) {
        state.experiment = id;
        state.startOnReady = start;
        send({ type: 'setup', experiment: id, setup });
      } else {
        onSettings(state.experiment, state.setup); // the address says what is training
      }
    },
  };
}
