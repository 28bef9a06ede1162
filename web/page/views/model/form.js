// The Open a model panel's controls and the places its parts are drawn into. The controls send
// what the student did to `on` (open, prompt, generate, check, heads, stop, stopHeads); panel.js
// holds the state.
import { opened as text } from '../../../text/index.js';
import { h, titledSection } from '../dom.js';
import { howTo } from './howto.js';
import { FILE_MOST } from '../../../files/size.js';

const GENERATE_DEFAULTS = { steps: 20, temperature: 1, seed: 0 };

export function modelForm({ on, inWorker }) {
  // What went wrong, beside what the student did: the file, the prompt, generation, the checks.
  const alertLine = (id) => h('p', { class: 'train-error', id, role: 'alert' });
  const problem = alertLine('model-error');
  const lines = {
    open: problem,
    look: alertLine('model-prompt-error'),
    generate: alertLine('model-generate-error'),
    check: alertLine('model-check-error'),
    heads: alertLine('model-heads-error'),
  };
  // What is being computed, until its answer (or refusal) comes; the last answer stays meanwhile.
  const busy = {
    generate: h('p', { class: 'loading', role: 'status', id: 'model-generate-status' }),
    check: h('p', { class: 'loading', role: 'status', id: 'model-check-status' }),
    heads: h('p', { class: 'loading', role: 'status', id: 'model-heads-status' }),
  };
  const status = h('p', { class: 'status', role: 'status', id: 'model-status' }, text.noModel);
  const bar = h('progress', { id: 'model-progress', max: 1, value: 0, hidden: true, 'aria-label': text.file });

  const field = (id, label, input, help) =>
    h(
      'p',
      {},
      h('label', { for: id }, `${label} `),
      input,
      help && h('span', { class: 'help', id: `${id}-help` }, ' ', help),
    );
  const fileInput = h('input', {
    type: 'file',
    id: 'model-file',
    accept: '.safetensors',
    'aria-describedby': 'model-file-help',
  });
  const vocabInput = h('input', {
    type: 'file',
    id: 'model-vocab',
    accept: '.json,.txt',
    'aria-describedby': 'model-vocab-help',
  });
  const headsInput = h('input', { type: 'text', id: 'model-heads', size: 4, inputmode: 'numeric' });
  const optionsInput = h('textarea', {
    id: 'model-options',
    rows: 2,
    cols: 60,
    spellcheck: 'false',
    'aria-describedby': 'model-options-help',
  });
  const openButton = h('button', { type: 'button', id: 'model-open', onclick: on.open }, text.open);

  const summary = h('div', { class: 'model-summary' });
  // A text box, since a character model's prompt often holds a newline (Shift+Enter types one).
  const promptInput = h('textarea', {
    id: 'model-prompt',
    rows: 2,
    cols: 40,
    spellcheck: 'false',
    'aria-describedby': 'model-prompt-help',
    onkeydown: (e) => {
      if (e.key !== 'Enter' || e.shiftKey) return;
      e.preventDefault();
      on.prompt(promptInput.value);
    },
  });
  const promptHelp = h('span', { class: 'help', id: 'model-prompt-help' });
  const attention = h('div', { class: 'train-attention' });
  const intervention = h('div', { class: 'train-intervention' });
  const generateOut = h('div', { class: 'model-generated' });
  const checksOut = h('div', { class: 'model-checks' });
  const headsOut = h('div', { class: 'model-heads' });
  const headsRun = h('button', { type: 'button', id: 'model-heads-run', onclick: on.heads }, text.findHeads);
  const headsStop = h(
    'button',
    { type: 'button', id: 'model-heads-stop', disabled: true, onclick: on.stopHeads },
    text.stop,
  );
  const number = (id, value) => h('input', { type: 'text', id, size: 5, value: String(value) });
  const stepsInput = number('model-steps', GENERATE_DEFAULTS.steps);
  const temperatureInput = number('model-temperature', GENERATE_DEFAULTS.temperature);
  const seedInput = number('model-seed', GENERATE_DEFAULTS.seed);
  const positionInput = number('model-position', 0);
  const stopButton = h('button', { type: 'button', id: 'model-stop', disabled: true, onclick: on.stop }, text.stop);
  // How fast the tokens come: not a live region, which would read every token out
  const rateLine = h('p', { class: 'help', id: 'model-rate' });
  const explore = h(
    'div',
    { class: 'model-explore', hidden: true },
    h('p', {}, h('label', { for: 'model-prompt' }, `${text.prompt} `), promptInput, ' ', promptHelp),
    lines.look,
    h('h3', {}, text.attention),
    attention,
    h('h3', {}, text.intervene),
    intervention,
    h('h3', {}, text.generate),
    h(
      'p',
      { class: 'model-generate-controls' },
      h('label', { for: 'model-steps' }, `${text.steps} `),
      stepsInput,
      ' ',
      h('label', { for: 'model-temperature' }, `${text.temperature} `),
      temperatureInput,
      ' ',
      h('label', { for: 'model-seed' }, `${text.seed} `),
      seedInput,
      ' ',
      h('button', { type: 'button', id: 'model-generate', onclick: on.generate }, text.run),
      ' ',
      stopButton,
    ),
    lines.generate,
    busy.generate,
    rateLine,
    generateOut,
    h('h3', {}, text.checks),
    h(
      'p',
      {},
      h('label', { for: 'model-position' }, `${text.position} `),
      positionInput,
      ' ',
      h('button', { type: 'button', id: 'model-check', onclick: on.check }, text.check),
    ),
    lines.check,
    busy.check,
    checksOut,
    h('h3', {}, text.headsTitle),
    h('p', { class: 'help' }, text.headsIntro),
    h('p', {}, headsRun, ' ', headsStop),
    lines.heads,
    busy.heads,
    headsOut,
  );

  const el = titledSection(
    { style: 'training model-panel', id: 'model-title', title: text.title, intro: text.intro },
    h(
      'p',
      { class: 'notice', hidden: inWorker },
      text.onPageThread({ most: FILE_MOST.checkpointOnPageThread / 2 ** 20 }),
    ),
    field('model-file', text.file, fileInput, text.fileHelp),
    howTo(),
    field('model-vocab', text.vocabulary, vocabInput, text.vocabularyHelp),
    field('model-heads', text.heads, headsInput),
    field('model-options', text.options, optionsInput, [
      text.optionsHelp,
      ' ',
      h('code', {}, '{"norm": "rms", "activation": "silu", "names": {…}}'),
    ]),
    h('p', {}, openButton, ' ', bar),
    status,
    problem,
    summary,
    explore,
  );

  return {
    el,
    lines,
    busy,
    status,
    bar,
    inputs: {
      file: fileInput,
      vocabulary: vocabInput,
      heads: headsInput,
      options: optionsInput,
      prompt: promptInput,
      steps: stepsInput,
      temperature: temperatureInput,
      seed: seedInput,
      position: positionInput,
    },
    openButton,
    stopButton,
    summary,
    explore,
    promptHelp,
    attention,
    intervention,
    rateLine,
    generateOut,
    checksOut,
    headsOut,
    headsRun,
    headsStop,
  };
}
