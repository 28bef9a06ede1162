// "Open a model": a student's nanoGPT checkpoint (or GPT-2), opened by the engine in a worker
// (web/models/inspector.js) and looked at with the handout's tools: attention of every block and
// head on a typed prompt, the next-token distribution with §2.2's interventions, generation with
// §7.1's draw, and the §7.3 and §6.1 checks. State flows one way: controls send requests; the
// inspector's answers update `state`; each part is drawn from it. A refused file, vocabulary or
// prompt says why and leaves what was shown.
import { connectWorker } from '../../../worker/client.js';
import { createInspector } from '../../../models/inspector.js';
import { readVocabulary } from '../../../models/vocabulary.js';
import { gpt2Vocabulary, isGpt2Sized } from '../../../models/gpt2.js';
import { opened as text, said, sentence, sentences, ui } from '../../../text/index.js';
import { jsonBreak } from '../../../text/refusal.js';
import { exact } from '../../../locale/number.js';
import { readNumber } from '../../inputs.js';
import { h } from '../dom.js';
import { interventionControls, nextTokenTable } from '../intervention.js';
import { numberCell, plainTable, rowHeader } from '../plain-table.js';

// The smallest Other settings a refusal shows as an example.
const EXAMPLE = '{"norm": "rms"}';
import { matrixView } from '../matrix.js';

const GENERATE_DEFAULTS = { steps: 20, temperature: 1, seed: 0 };
// GPT-2's own vocabulary; nanoGPT pads it to 50,304 ids.
const GPT2_VOCAB = 50257;

// The Python that writes the files this panel reads: code, the same in every language.
const HOWTO_CODE = {
  checkpoint: [
    'from safetensors.torch import save_file',
    'from dataclasses import asdict',
    "sd = {k: v.contiguous() for k, v in model.state_dict().items() if not k.endswith('.attn.bias')}",
    "sd['lm_head.weight'] = sd['lm_head.weight'].clone()",
    "save_file(sd, 'model.safetensors', metadata={k: str(v) for k, v in asdict(model.config).items()})",
  ].join('\n'),
  vocabulary: [
    'import json, pickle',
    "meta = pickle.load(open('data/shakespeare_char/meta.pkl', 'rb'))",
    "json.dump({'itos': meta['itos']}, open('vocab.json', 'w'))",
  ].join('\n'),
  names:
    '{"norm": "rms", "activation": "silu", "names": {\n  "layers.{layer}.attn.heads.{head}.query.weight": "transformer.h.{layer}.attn.q.{head}.weight",\n  "layers.{layer}.norm1.weight": "transformer.h.{layer}.ln_1.weight"}}',
};

export function createModelPanel({ lab, workerUrl }) {
  const state = {
    model: null, // {config, parameterCount} of the open model
    vocabulary: null, // {vocab, tokenizer, from} of the open model, or null: ids
    tokens: null, // the prompt looked at, as ids
    block: 0,
    intervention: { ablateHeads: [], hideTokens: [] },
    looked: null,
    generated: null,
    checked: null,
  };
  let pendingVocabulary = null; // read with the file being opened; kept once it opens
  let openingName = '';
  let shownStatus = ''; // the status line before a file was opened, shown again if it is refused

  const inspector = connectWorker(lab, { workerUrl, role: 'inspector', create: createInspector, onMessage: receive });
  // What went wrong, beside what the student did: the file, the prompt, generation, the checks.
  const alertLine = (id) => h('p', { class: 'train-error', id, role: 'alert' });
  const problem = alertLine('model-error');
  const lines = {
    open: problem,
    look: alertLine('model-prompt-error'),
    generate: alertLine('model-generate-error'),
    check: alertLine('model-check-error'),
  };
  const say = (message, part = 'open') => (lines[part].textContent = message);
  // What is being computed, until its answer (or refusal) comes; the last answer stays meanwhile.
  const busy = {
    generate: h('p', { class: 'loading', role: 'status', id: 'model-generate-status' }),
    check: h('p', { class: 'loading', role: 'status', id: 'model-check-status' }),
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
  const openButton = h('button', { type: 'button', id: 'model-open', onclick: open }, text.open);

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
      usePrompt(promptInput.value);
    },
  });
  const promptHelp = h('span', { class: 'help', id: 'model-prompt-help' });
  const attention = h('div', { class: 'train-attention' });
  const intervention = h('div', { class: 'train-intervention' });
  const generateOut = h('div', { class: 'model-generated' });
  const checksOut = h('div', { class: 'model-checks' });
  const number = (id, value) => h('input', { type: 'text', id, size: 5, value: String(value) });
  const stepsInput = number('model-steps', GENERATE_DEFAULTS.steps);
  const temperatureInput = number('model-temperature', GENERATE_DEFAULTS.temperature);
  const seedInput = number('model-seed', GENERATE_DEFAULTS.seed);
  const positionInput = number('model-position', 0);
  const stopButton = h(
    'button',
    { type: 'button', id: 'model-stop', disabled: true, onclick: () => inspector.send({ type: 'stop' }) },
    text.stop,
  );
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
      h('button', { type: 'button', id: 'model-generate', onclick: generate }, text.run),
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
      h('button', { type: 'button', id: 'model-check', onclick: check }, text.check),
    ),
    lines.check,
    busy.check,
    checksOut,
  );

  const el = h(
    'section',
    { class: 'training model-panel', 'aria-labelledby': 'model-title' },
    h('h2', { id: 'model-title', tabindex: '-1' }, text.title),
    h('p', {}, text.intro),
    h('p', { class: 'notice', hidden: inspector.inWorker }, text.onPageThread),
    field('model-file', text.file, fileInput, text.fileHelp),
    // How to write the files, on the page itself: a student on a hosted copy has no README.
    h(
      'details',
      { class: 'model-howto' },
      h('summary', {}, text.howToSummary),
      [
        [text.howToCheckpoint, HOWTO_CODE.checkpoint],
        [text.howToVocabulary, HOWTO_CODE.vocabulary],
        [text.howToNames({ layer: '{layer}', head: '{head}' }), HOWTO_CODE.names],
      ].map(([what, code]) => [
        h('p', {}, what),
        h('pre', { class: 'scroll', dataset: { label: text.howToSummary } }, h('code', {}, code)),
      ]),
    ),
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

  // ---- requests ----

  // A file not opened: why, and, when one is open, that it stays.
  const refuse = (why) => say(sentences(text.refused, sentence(why), state.model && text.kept));

  async function open() {
    const file = fileInput.files[0];
    if (!file) return refuse(text.chooseFile);
    let options = {};
    if (optionsInput.value.trim()) {
      try {
        options = JSON.parse(optionsInput.value);
      } catch (e) {
        return refuse(ui.labelled({ label: text.options, text: text.notJson({ example: EXAMPLE, at: jsonBreak(e) }) }));
      }
      if (!options || typeof options !== 'object' || Array.isArray(options))
        return refuse(
          ui.labelled({
            label: text.options,
            text: text.notObject({ example: EXAMPLE, got: JSON.stringify(options) }),
          }),
        );
    }
    if (headsInput.value.trim()) {
      const n = readNumber(headsInput.value, { integer: true, min: 1 }, lab.parseNumber);
      if (n.error) return refuse(ui.labelled({ label: text.heads, text: n.error }));
      options.n_head = n.value;
    }
    try {
      const vocabFile = vocabInput.files[0];
      pendingVocabulary = vocabFile ? readVocabulary(vocabFile.name, await vocabFile.text()) : null;
    } catch (e) {
      return refuse(said(e));
    }
    const bytes = await file.arrayBuffer();
    say('');
    openButton.disabled = true;
    bar.hidden = false;
    bar.value = 0;
    shownStatus = status.textContent;
    openingName = file.name;
    status.textContent = text.reading({ percent: 0 });
    inspector.send({ type: 'open', bytes, options }, [bytes]);
  }

  // The prompt as ids: characters through the vocabulary, or ids typed with spaces.
  function encode(typed) {
    const { vocab: V, T } = state.model.config;
    let ids;
    if (state.vocabulary) ids = state.vocabulary.tokenizer.encode(typed);
    else
      ids = typed
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map((w) => {
          if (!/^\d+$/.test(w) || Number(w) >= V) throw new Error(text.badId({ word: w, last: V - 1 }));
          return Number(w);
        });
    if (!ids.length) throw new Error(text.emptyPrompt);
    if (ids.length > T) throw new Error(text.tooLong({ n: ids.length, T }));
    return ids;
  }

  function usePrompt(typed) {
    let ids;
    try {
      ids = encode(typed);
    } catch (e) {
      return say(`${text.promptRefused} ${sentence(said(e))} ${text.promptKept}`, 'look');
    }
    say('', 'look');
    state.tokens = ids;
    state.intervention = { ablateHeads: [], hideTokens: [] };
    if (state.generated?.running) inspector.send({ type: 'stop' });
    state.generated = state.checked = null;
    stopButton.disabled = true;
    rateLine.textContent = '';
    generateOut.replaceChildren();
    checksOut.replaceChildren();
    look();
  }

  const look = () => inspector.send({ type: 'look', tokens: state.tokens, ...state.intervention });

  function generate() {
    const read = (input, opts) => readNumber(input.value, opts, lab.parseNumber);
    const steps = read(stepsInput, { integer: true, min: 1, max: 200 });
    const temperature = read(temperatureInput, { min: 0 });
    const seed = read(seedInput, { integer: true, min: 0 });
    const bad = [
      [text.steps, steps],
      [text.temperature, temperature],
      [text.seed, seed],
    ].find(([, r]) => r.error);
    if (bad)
      return say(
        sentences(text.settingRefused, ui.labelled({ label: bad[0], text: sentence(bad[1].error) })),
        'generate',
      );
    say('', 'generate');
    busy.generate.textContent = text.generating({ n: steps.value });
    rateLine.textContent = '';
    state.generated = { prompt: state.tokens, tokens: [...state.tokens], draws: [], running: true };
    stopButton.disabled = false;
    drawGenerated();
    inspector.send({
      type: 'generate',
      tokens: state.tokens,
      steps: steps.value,
      temperature: temperature.value,
      seed: seed.value,
    });
  }

  function check() {
    const T = state.tokens.length;
    const position = readNumber(positionInput.value, { integer: true, min: 0, max: T - 1 }, lab.parseNumber);
    if (position.error)
      return say(
        sentences(text.settingRefused, ui.labelled({ label: text.position, text: sentence(position.error) })),
        'check',
      );
    say('', 'check');
    busy.check.textContent = text.checking;
    inspector.send({ type: 'check', tokens: state.tokens, position: position.value });
  }

  // ---- answers ----

  // The opened model on screen: its summary, and a first look at a prompt it can read.
  function shown() {
    openButton.disabled = false;
    bar.hidden = true;
    status.textContent = text.openedLine({ name: openingName, count: state.model.parameterCount });
    drawSummary();
    explore.hidden = false;
    promptHelp.textContent = state.vocabulary ? text.promptHelpChars : text.promptHelpIds;
    promptInput.value = firstPrompt();
    usePrompt(promptInput.value);
  }

  function receive(m) {
    if (m.type === 'progress') {
      bar.max = m.total;
      bar.value = m.done;
      status.textContent = text.reading({ percent: Math.round((100 * m.done) / m.total) });
    } else if (m.type === 'opened') {
      state.model = { config: m.config, parameterCount: m.parameterCount };
      state.vocabulary = null;
      const V = m.config.vocab;
      // A character model has exactly one id per character of its vocabulary (nanoGPT's
      // prepare.py): any other count is another model's vocabulary, whose characters would be
      // the wrong ones, or none ("⟨61⟩"), for some ids.
      if (pendingVocabulary && pendingVocabulary.size !== V)
        say(sentences(text.refused, sentence(text.vocabMismatch({ n: pendingVocabulary.size, V })), text.idsOnly));
      else if (pendingVocabulary) state.vocabulary = pendingVocabulary;
      else if (isGpt2Sized(V)) {
        // GPT-2's tokenizer comes with the first GPT-2 model; without it the prompt is ids
        status.textContent = text.gpt2Loading;
        gpt2Vocabulary().then(
          (v) => ((state.vocabulary = v), shown()),
          (e) => (say(said(e)), shown()),
        );
        return;
      }
      shown();
    } else if (m.type === 'refused') {
      if (Object.hasOwn(busy, m.request)) busy[m.request].textContent = '';
      if (m.request === 'generate') stopButton.disabled = true;
      if (m.request === 'open') {
        openButton.disabled = false;
        bar.hidden = true;
        status.textContent = shownStatus;
        refuse(said(m));
      } else
        say(`${text.promptRefused} ${sentence(said(m))} ${text.promptKept}`, m.request in lines ? m.request : 'look');
    } else if (m.type === 'looked') {
      state.looked = m;
      drawAttention();
      drawIntervention();
    } else if (m.type === 'token') {
      const g = state.generated;
      if (!g?.running) return; // a generation the student has left (a new prompt)
      g.tokens.push(m.token);
      g.draws.push(m.draw);
      drawRate(g.draws.length, m.promptMs, m.ms);
      addToken();
    } else if (m.type === 'generated') {
      if (!state.generated?.running) return;
      state.generated = { ...m, running: false };
      stopButton.disabled = true;
      const n = m.draws.length;
      busy.generate.textContent = text.generatedLine({ n, stopped: m.stopped ? 'yes' : 'no' });
      if (n) drawRate(n, m.promptMs, m.ms);
      drawGenerated();
    } else if (m.type === 'checked') {
      state.checked = m;
      busy.check.textContent = '';
      drawChecks();
    }
  }

  const label = (id) => (state.vocabulary ? state.vocabulary.label(id) : String(id));

  // A prompt the vocabulary can write: its first characters, or the first ids.
  function firstPrompt() {
    const { T, vocab: V } = state.model.config;
    const n = Math.min(8, T);
    if (!state.vocabulary) return Array.from({ length: Math.min(n, V) }, (_, i) => i).join(' ');
    const words = ['To be, or not', 'The ', 'the '].find((w) => {
      try {
        return state.vocabulary.tokenizer.encode(w).length <= T;
      } catch {
        return false;
      }
    });
    return words ?? state.vocabulary.tokenizer.decode(Array.from({ length: n }, (_, i) => i));
  }

  // ---- views ----

  function drawSummary() {
    const { config, parameterCount } = state.model;
    const rows = Object.entries(text.configRows).map(([k, name]) =>
      h('tr', {}, h('th', { scope: 'row' }, name), h('td', {}, String(config[k]))),
    );
    rows.push(
      h(
        'tr',
        {},
        h('th', { scope: 'row' }, text.parameters),
        h('td', { title: exact(parameterCount) }, parameterCount.toLocaleString('en')),
      ),
    );
    const v = state.vocabulary;
    summary.replaceChildren(
      h('table', { class: 'plain', id: 'model-config' }, h('caption', {}, text.about), h('tbody', {}, rows)),
      h(
        'p',
        { id: 'model-vocab-line' },
        !v
          ? text.idsOnly
          : v.from === 'gpt2'
            ? config.vocab > GPT2_VOCAB
              ? text.gpt2PaddedLine({ last: config.vocab - 1 })
              : text.gpt2Line
            : text.vocabLine({ n: v.size, from: text.vocabFrom[v.from] }),
      ),
    );
  }

  function drawAttention() {
    const r = state.looked;
    const L = r.weights.length;
    const labels = r.tokens.map(label);
    const select = h(
      'select',
      {
        id: 'model-block',
        onchange: (e) => {
          state.block = Number(e.target.value);
          drawAttention();
          drawIntervention();
        },
      },
      Array.from({ length: L }, (_, l) => h('option', { value: l, selected: l === state.block }, `${text.block} ${l}`)),
    );
    if (state.block >= L) state.block = 0;
    const maps = r.weights[state.block].map((w, hd) =>
      h(
        'figure',
        {},
        matrixView({
          label: text.headLabel({ l: state.block, hd }),
          value: w,
          kind: 'prob',
          rowLabels: labels,
          colLabels: labels,
          hideCopy: true,
          id: `model-att-${state.block}-${hd}`,
        }),
        h(
          'figcaption',
          { title: exact(r.entropy[state.block][hd]) },
          text.entropy({ nats: r.entropy[state.block][hd] }),
        ),
      ),
    );
    attention.replaceChildren(
      h('p', {}, h('label', { for: 'model-block' }, `${text.block} `), select),
      h('div', { class: 'heads' }, maps),
    );
  }

  function drawIntervention() {
    const r = state.looked;
    const chosen = state.intervention;
    const H = r.weights[state.block].length;
    intervention.replaceChildren(
      ...interventionControls({
        heads: Array.from({ length: H }, (_, hd) => ({ layer: state.block, head: hd, label: text.ablate({ hd }) })),
        tokens: r.tokens.map((id, t) => `${t}:${label(id)}`),
        chosen,
        hideText: text.hide,
        idPrefix: 'model-',
        onChange: (next) => {
          state.intervention = next;
          look();
        },
      }),
      nextTokenTable({
        id: 'model-next',
        caption: text.nextCaption({ tok: label(r.tokens.at(-1)) }),
        columns: [text.token, text.before, text.after],
        rows: r.next.map(({ id, before, after }) => ({ label: label(id), before, after })),
      }),
    );
  }

  // The prompt's pass and first token, then the tokens per second of the cached steps after it.
  function drawRate(n, promptMs, ms) {
    const round = (x) => Math.round(x * 10) / 10;
    rateLine.textContent = text.rate({
      n,
      first: Math.round(promptMs),
      rate: n > 1 ? round((n - 1) / ((ms - promptMs) / 1000)) : 0,
    });
  }

  // The generation so far: the text, and a row per draw. While tokens stream in, each adds its
  // row and rewrites the text (addToken), instead of drawing every row again.
  const generatedText = (g) => (state.vocabulary ? state.vocabulary.tokenizer.decode(g) : g.join(' '));
  const drawRow = (d, s) =>
    h(
      'tr',
      {},
      h('td', {}, String(s + 1)),
      rowHeader(label(d.token)),
      ...[d.prob, d.below, d.upto, d.u].map((x) => numberCell(x, text.greedy)),
    );

  function drawGenerated() {
    const g = state.generated;
    generateOut.replaceChildren(
      h(
        'p',
        { id: 'model-generated-text' },
        h('span', { class: 'prompt' }, generatedText(g.prompt)),
        h('strong', {}, generatedText(g.tokens.slice(g.prompt.length))),
      ),
      h('p', { class: 'help' }, text.drawsHelp),
      plainTable({ id: 'model-draws', caption: text.drawsCaption, columns: text.drawCols, rows: [] }),
    );
    generateOut.querySelector('tbody').append(...g.draws.map(drawRow));
  }

  function addToken() {
    const g = state.generated;
    generateOut.querySelector('#model-generated-text strong').textContent = generatedText(
      g.tokens.slice(g.prompt.length),
    );
    generateOut.querySelector('tbody').append(drawRow(g.draws.at(-1), g.draws.length - 1));
  }

  function drawChecks() {
    const c = state.checked;
    const leak = c.dependence.findIndex((d, i) => i < c.position && d !== 0);
    checksOut.replaceChildren(
      h('p', { class: 'help' }, text.dependenceHelp({ j: c.position })),
      plainTable({
        id: 'model-dependence',
        caption: text.dependenceCaption({ j: c.position }),
        columns: text.dependenceCols,
        rows: c.dependence.map((d, i) => [h('td', {}, String(i)), rowHeader(label(c.tokens[i])), numberCell(d)]),
      }),
      h(
        'p',
        { id: 'model-causal' },
        leak < 0 ? text.causalOk({ j: c.position }) : text.causalLeak({ i: leak, j: c.position }),
      ),
      h('p', { id: 'model-gap', title: exact(c.gap) }, text.gap({ g: c.gap })),
    );
  }

  return { el };
}
