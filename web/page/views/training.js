// The training panel: settings, Start / Pause / Step / Reset, the loss plot, samples,
// attention heatmaps and §2.2's intervention. It is created once and kept while the student looks
// at other pages, so a model keeps training in the background. State flows one way: controls send
// messages to the trainer (web/training/trainer.js); the trainer's reports update the views.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CORPORA, DEFAULT_SETUP, EXPERIMENTS } from '../../training/experiments.js';
import { connectTrainer } from '../../training/client.js';
import { training as text } from '../../strings.js';
import { exact, short } from '../format.js';
import { h } from './dom.js';
import { matrixView } from './matrix.js';

const CHOICES = {
  corpus: Object.keys(CORPORA),
  activation: ['gelu', 'relu', 'gelu_tanh', 'silu'],
  arrangement: ['pre', 'post'],
  norm: ['layer', 'rms', 'none'],
  positions: ['learned', 'sinusoidal', 'none'],
  optimizer: ['adamw', 'sgd'],
};
const WHOLE = ['D', 'heads', 'layers', 'T', 'ffnMult', 'batch', 'seed'];
const TOP_TOKENS = 5; // the most likely tokens listed, before and after an intervention
// Series colours: Okabe-Ito, distinguishable with the common colour-vision deficiencies.
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7'];

const runName = (id) => text.runNames[id] || id;
// Character tokens as they are shown in labels: a space or a line break would be invisible.
const visible = (tok) => (tok === ' ' ? '␣' : tok === '\n' ? '↵' : tok);

export function createTrainingPanel({ lab, workerUrl }) {
  let experiment = 'custom';
  let setup = { ...DEFAULT_SETUP };
  let runIds = [];
  let running = false; // as the trainer last reported: drives the status line
  let wanted = false; // as the student last asked: drives the Start/Pause button
  let unanswered = 0; // run/pause requests the trainer has not yet answered
  let latest = {}; // the last report of each kind, drawn at the next frame
  let fresh = new Set(); // which of latest's parts changed since they were last drawn
  let history = null; // plot data: [steps, ...per run: train, valid, (causal)]
  let plot = null;
  let entropyHistory = null; // [steps, ...per run: mean attention entropy] (§3.1)
  let entropyPlot = null;
  let frame = 0;
  let intervention = { ablateHeads: [], hideTokens: [] };
  let watched = 0;

  const status = h('p', { class: 'train-status', role: 'status', 'aria-live': 'polite' });
  const problem = h('p', { class: 'train-error', role: 'alert' });
  const about = h('p', { class: 'about' });
  const form = h('form', {
    class: 'train-settings',
    onsubmit: (e) => {
      e.preventDefault();
      apply();
    },
  });
  const startButton = h('button', { type: 'button', id: 'train-start', onclick: () => toggle() }, text.start);
  // A step, then a fresh look at the intervention (messages are handled in order).
  const stepButton = h(
    'button',
    {
      type: 'button',
      id: 'train-step',
      onclick: () => {
        send({ type: 'step' });
        send({ type: 'inspect', run: watched, ...intervention });
      },
    },
    text.step,
  );
  const resetButton = h('button', { type: 'button', id: 'train-reset', onclick: () => reset() }, text.reset);
  const saveButton = h(
    'button',
    { type: 'button', id: 'train-save', onclick: () => send({ type: 'save', run: watched }) },
    text.save,
  );
  const fileInput = h('input', {
    type: 'file',
    id: 'train-load',
    accept: '.json,application/json',
    onchange: (e) => loadFile(e.target.files[0]),
  });
  const logToggle = h('input', {
    type: 'checkbox',
    id: 'train-log',
    onchange: () => {
      plot?.destroy();
      plot = null;
      draw();
    },
  });
  const plotBox = h('div', { class: 'train-plot', role: 'img', 'aria-label': text.lossPlot });
  const entropyTitle = h('h3', { hidden: true }, text.entropyPlot);
  const entropyBox = h('div', { class: 'train-plot', role: 'img', 'aria-label': text.entropyPlot });
  const table = h('div', { class: 'train-table' });
  const samples = h('div', { class: 'train-samples' });
  const attention = h('div', { class: 'train-attention' });
  const sentence = h('input', {
    type: 'text',
    id: 'train-sentence',
    size: 40,
    spellcheck: 'false',
    'aria-describedby': 'train-sentence-help',
    onkeydown: (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      intervention = { ablateHeads: [], hideTokens: [] };
      send({ type: 'inspect', run: watched, text: sentence.value, ...intervention });
    },
  });
  const interventionBox = h('div', { class: 'train-intervention' });
  const pageThread = h('p', { class: 'notice', hidden: true }, text.onPageThread);
  const experimentSelect = h(
    'select',
    {
      id: 'train-experiment',
      onchange: (e) => {
        location.hash = `#/train/${e.target.value}`;
      },
    },
    Object.keys(EXPERIMENTS).map((id) => h('option', { value: id }, text.experiments[id].name)),
  );

  const el = h(
    'section',
    { class: 'training', 'aria-labelledby': 'train-title' },
    h('h2', { id: 'train-title', tabindex: '-1' }, text.title),
    h('p', {}, text.intro),
    pageThread,
    h('p', {}, h('label', { for: 'train-experiment' }, `${text.experiment} `), experimentSelect),
    about,
    form,
    h(
      'div',
      { class: 'controls' },
      startButton,
      stepButton,
      resetButton,
      saveButton,
      h('label', { class: 'file' }, `${text.load} `, fileInput),
    ),
    status,
    problem,
    h('h3', {}, text.lossPlot),
    h('label', {}, logToggle, ` ${text.logScale}`),
    plotBox,
    table,
    entropyTitle,
    entropyBox,
    h('h3', {}, text.samples),
    samples,
    h('h3', {}, text.attention),
    h(
      'p',
      {},
      h('label', { for: 'train-sentence' }, `${text.sentence} `),
      sentence,
      ' ',
      h('span', { id: 'train-sentence-help', class: 'help' }, text.sentenceHelp),
    ),
    attention,
    interventionBox,
  );

  const trainer = connectTrainer(lab, { workerUrl, onMessage: receive });
  pageThread.hidden = trainer.inWorker;

  function send(msg) {
    trainer.send(msg);
  }

  // ---- settings ----

  function field(key) {
    const id = `train-${key}`;
    const value = setup[key];
    // A setting that the experiment's runs set one by one (positions in §6.1) is shown, not edited.
    const fixed = EXPERIMENTS[experiment].runs.some((r) => r.model && key in r.model);
    let input;
    if (CHOICES[key]) {
      input = h(
        'select',
        { id, name: key },
        CHOICES[key].map((c) =>
          h('option', { value: c, selected: c === value }, key === 'corpus' ? text.corpora[c] : c),
        ),
      );
    } else if (key === 'gated') {
      input = h('input', { id, name: key, type: 'checkbox', checked: value });
    } else {
      input = h('input', { id, name: key, type: 'text', inputmode: 'decimal', size: 7, value: String(value) });
    }
    if (fixed) {
      input.disabled = true;
      input.title = text.fixedByExperiment;
    }
    return h('label', { class: 'field' }, h('span', {}, text.fields[key]), input);
  }

  function renderForm() {
    form.replaceChildren(
      ...[
        'corpus',
        'D',
        'heads',
        'layers',
        'T',
        'ffnMult',
        'activation',
        'gated',
        'arrangement',
        'norm',
        'positions',
        'optimizer',
        'lr',
        'batch',
        'seed',
      ].map(field),
      h('button', { type: 'submit', id: 'train-apply' }, text.apply),
    );
  }

  // Reads the form; a field that is not a number is reported with what was typed.
  function readForm() {
    const next = { ...setup };
    for (const key of Object.keys(DEFAULT_SETUP)) {
      const input = form.elements[key];
      if (!input) continue;
      if (key === 'gated') next[key] = input.checked;
      else if (CHOICES[key]) next[key] = input.value;
      else {
        const parsed = lab.parseNumber(input.value);
        if (!parsed.ok)
          throw new Error(`${text.fields[key]}: expected a number, got “${input.value}” (${parsed.error})`);
        if (WHOLE.includes(key) && !Number.isInteger(parsed.value))
          throw new Error(`${text.fields[key]}: expected a whole number, got ${input.value}`);
        next[key] = parsed.value;
      }
    }
    return next;
  }

  function apply() {
    let next;
    try {
      next = readForm();
    } catch (e) {
      problem.textContent = `${text.refused} ${e.message}. ${text.settingsKept}`;
      return;
    }
    send({ type: 'setup', experiment, setup: next });
  }

  function reset() {
    send({ type: 'setup', experiment, setup });
  }

  // The button follows the click at once, so a quick second press undoes the first; the status
  // line says "Paused" only when the trainer reports it, because a step already under way when
  // Pause is pressed still reports after the click. Once every request is answered, the button
  // follows the trainer again (a new session or a stopped run leaves it paused).
  function toggle() {
    wanted = !wanted;
    unanswered += 1;
    send({ type: wanted ? 'run' : 'pause' });
    showButtons();
  }

  function showButtons() {
    startButton.textContent = wanted ? text.pause : text.start;
    stepButton.disabled = wanted;
  }

  // A report from the trainer; `answer` says it answers a run/pause request.
  function setRunning(on, answer = false) {
    running = on;
    if (answer) unanswered = Math.max(0, unanswered - 1);
    if (!unanswered) ((wanted = on), showButtons());
    showStatus();
  }

  // "Step 120 · 50,000 tokens/s · Paused." from the last report; `note` adds a passing word.
  function showStatus(note) {
    const p = latest.progress || {};
    status.textContent = [text.stepLine(p.step || 0, p.tokensPerSecond), running ? '' : text.paused, note]
      .filter(Boolean)
      .join(' · ');
  }

  function loadFile(file) {
    if (!file) return;
    file
      .text()
      .then((body) => {
        let saved;
        try {
          saved = JSON.parse(body);
        } catch (e) {
          throw new Error(`the file is not JSON (${e.message})`);
        }
        const corpus = saved && typeof saved.corpus === 'string' ? saved.corpus : setup.corpus;
        const c = (saved && saved.config) || {};
        send({
          type: 'setup',
          experiment: 'custom',
          saved,
          setup: { ...setup, corpus, D: c.D, heads: c.heads, layers: c.layers, T: c.T },
        });
      })
      .catch((e) => {
        problem.textContent = `${text.loadRefused} ${e.message}. ${text.settingsKept}`;
      })
      .finally(() => {
        fileInput.value = '';
      });
  }

  // ---- reports from the trainer ----

  function receive(m) {
    if (m.type === 'ready') {
      experiment = m.experiment;
      setup = m.setup;
      runIds = m.runIds;
      experimentSelect.value = experiment;
      about.textContent = text.experiments[experiment].about;
      problem.textContent = '';
      watched = 0;
      intervention = { ablateHeads: [], hideTokens: [] };
      sentence.value = m.probeText;
      history = [[], ...runIds.flatMap(() => [[], [], []])];
      entropyHistory = [[], ...runIds.map(() => [])];
      plot?.destroy();
      plot = null;
      entropyPlot?.destroy();
      entropyPlot = null;
      renderForm();
      latest = { progress: m, samples: m.samples, inspection: m.inspection, vocab: m.vocab };
      fresh = new Set(['samples', 'inspection', 'intervened']);
      setRunning(false);
      send({ type: 'inspect', run: watched, ...intervention });
      schedule();
    } else if (m.type === 'progress') {
      history[0].push(m.step);
      m.losses.forEach((loss, i) => {
        history[1 + 3 * i].push(loss);
        history[2 + 3 * i].push(m.validation ? m.validation[i].valid : null);
        history[3 + 3 * i].push(m.validation ? m.validation[i].causal : null);
      });
      if (m.entropy) {
        entropyHistory[0].push(m.step);
        m.entropy.forEach((e, i) => entropyHistory[1 + i].push(e[0][0]));
      }
      latest.progress = { ...latest.progress, ...m }; // a report carries only what changed
      if (m.samples) ((latest.samples = m.samples), fresh.add('samples'));
      if (m.inspection) ((latest.inspection = m.inspection), fresh.add('inspection'));
      schedule();
    } else if (m.type === 'running') {
      setRunning(true, true);
    } else if (m.type === 'paused') {
      setRunning(false, true);
      send({ type: 'inspect', run: watched, ...intervention });
    } else if (m.type === 'stopped') {
      setRunning(false);
      problem.textContent = `${text.stopped} ${m.message}`;
    } else if (m.type === 'refused' && m.request === 'inspect') {
      problem.textContent = `${text.sentenceRefused} ${m.message}. ${text.sentenceKept}`;
    } else if (m.type === 'refused') {
      problem.textContent = `${m.request === 'setup' ? text.refused : text.stopped} ${m.message}. ${text.settingsKept}`;
    } else if (m.type === 'inspected') {
      problem.textContent = '';
      latest.intervened = m;
      latest.inspection = m.base;
      fresh.add('intervened').add('inspection');
      schedule();
    } else if (m.type === 'saved') {
      const blob = new Blob([JSON.stringify({ ...m.data, corpus: setup.corpus })], { type: 'application/json' });
      const a = h('a', { href: URL.createObjectURL(blob), download: `attention-lab-model-${setup.corpus}.json` });
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
      showStatus(text.saved);
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
    const p = latest.progress;
    if (!p || !history) return;
    showStatus();
    drawPlot();
    drawEntropy();
    drawTable(p);
    if (fresh.has('samples')) drawSamples();
    if (fresh.has('inspection')) drawAttention();
    if (fresh.has('intervened')) drawIntervention();
    fresh.clear();
  }

  function drawPlot() {
    const causal = EXPERIMENTS[experiment].causalValidation;
    const series = [{ label: 'step' }];
    const data = [history[0]];
    runIds.forEach((id, i) => {
      const stroke = COLOURS[i % COLOURS.length];
      series.push({ label: text.lossSeries(runName(id), text.trainLoss), stroke, width: 1 });
      series.push({
        label: text.lossSeries(runName(id), text.validLoss),
        stroke,
        width: 2,
        dash: [6, 4],
        spanGaps: true,
        points: { show: false },
      });
      data.push(history[1 + 3 * i], history[2 + 3 * i]);
      if (causal) {
        series.push({
          label: text.lossSeries(runName(id), text.causalLoss),
          stroke,
          width: 2,
          dash: [2, 3],
          spanGaps: true,
          points: { show: false },
        });
        data.push(history[3 + 3 * i]);
      }
    });
    if (!plot) {
      const width = Math.max(280, Math.min(760, plotBox.clientWidth || 640));
      plot = new uPlot(
        {
          width,
          height: 260,
          series,
          scales: { x: { time: false }, y: { distr: logToggle.checked ? 3 : 1 } },
          axes: [{ label: 'step' }, { label: 'loss (nats)' }],
          legend: { live: false },
        },
        data,
        plotBox,
      );
    } else plot.setData(data);
  }

  // §3.1: the attention entropy of the one head, per run, at each validation step.
  function drawEntropy() {
    const on = Boolean(EXPERIMENTS[experiment].entropy);
    entropyTitle.hidden = !on;
    entropyBox.hidden = !on;
    if (!on || !entropyHistory[0].length) return;
    if (!entropyPlot) {
      entropyPlot = new uPlot(
        {
          width: Math.max(280, Math.min(760, entropyBox.clientWidth || 640)),
          height: 200,
          series: [
            { label: 'step' },
            ...runIds.map((id, i) => ({ label: runName(id), stroke: COLOURS[i % COLOURS.length], width: 2 })),
          ],
          scales: { x: { time: false } },
          axes: [{ label: 'step' }, { label: 'entropy (nats)' }],
          legend: { live: false },
        },
        entropyHistory,
        entropyBox,
      );
    } else entropyPlot.setData(entropyHistory);
  }

  function drawTable(p) {
    const causal = EXPERIMENTS[experiment].causalValidation;
    const entropy = EXPERIMENTS[experiment].entropy;
    const answers = EXPERIMENTS[experiment].answers;
    table.replaceChildren(
      h(
        'table',
        { class: 'plain' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, text.table.run),
            h('th', { scope: 'col' }, text.table.train),
            h('th', { scope: 'col' }, text.table.valid),
            causal ? h('th', { scope: 'col' }, text.table.causal) : null,
            entropy ? h('th', { scope: 'col' }, text.table.entropy) : null,
            answers ? h('th', { scope: 'col' }, text.table.answers(p.answerCount)) : null,
          ),
        ),
        h(
          'tbody',
          {},
          runIds.map((id, i) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, runName(id)),
              h('td', { title: p.losses ? exact(p.losses[i]) : '' }, p.losses ? short(p.losses[i]) : '–'),
              h('td', {}, p.validation ? short(p.validation[i].valid) : '–'),
              causal ? h('td', {}, p.validation ? short(p.validation[i].causal) : '–') : null,
              entropy ? h('td', {}, p.entropy ? short(p.entropy[i][0][0]) : '–') : null,
              answers ? h('td', {}, p.answers ? String(p.answers[i]) : '–') : null,
            ),
          ),
        ),
      ),
    );
  }

  function drawSamples() {
    const s = latest.samples;
    samples.replaceChildren(
      !s ? h('p', {}, text.noSamples) : EXPERIMENTS[experiment].causalValidation ? h('p', {}, text.samplesCausal) : '',
      !s
        ? ''
        : h(
            'dl',
            {},
            runIds.map((id, i) => [
              h('dt', {}, runName(id)),
              h('dd', {}, h('span', { class: 'kind' }, `${text.greedy}: `), h('q', { class: 'sample' }, s[i].greedy)),
              h('dd', {}, h('span', { class: 'kind' }, `${text.sampled}: `), h('q', { class: 'sample' }, s[i].sampled)),
            ]),
          ),
    );
  }

  function drawAttention() {
    const r = latest.inspection;
    if (!r) return;
    const select =
      runIds.length > 1
        ? h(
            'label',
            {},
            `${text.attentionOf} `,
            h(
              'select',
              {
                id: 'train-watch',
                onchange: (e) => {
                  watched = Number(e.target.value);
                  fresh.add('inspection');
                  send({ type: 'inspect', run: watched, ...intervention });
                },
              },
              runIds.map((id, i) => h('option', { value: i, selected: i === watched }, runName(id))),
            ),
          )
        : null;
    attention.replaceChildren(
      select || '',
      h(
        'div',
        { class: 'heads' },
        r.weights.flatMap((layer, l) =>
          layer.map((w, hd) =>
            matrixView({
              label: text.headLabel(l, hd),
              value: w,
              kind: 'prob',
              rowLabels: r.tokens.map(visible),
              colLabels: r.tokens.map(visible),
              hideCopy: true,
              id: `att-${l}-${hd}`,
            }),
          ),
        ),
      ),
    );
  }

  function drawIntervention() {
    if (!EXPERIMENTS[experiment].intervene || !latest.intervened) {
      interventionBox.replaceChildren();
      return;
    }
    const { base, changed } = latest.intervened;
    const T = base.tokens.length;
    const last = base.probs[T - 1];
    const after = changed.probs[T - 1];
    // The most likely tokens as trained and with the intervention (an ordering, not arithmetic).
    const ranked = (probs) =>
      probs
        .map((p, v) => [p, v])
        .sort((a, b) => b[0] - a[0])
        .slice(0, TOP_TOKENS)
        .map(([, v]) => v);
    const top = [...new Set([...ranked(last), ...ranked(after)])];
    const vocabOf = (v) => visible(latest.vocab?.[v] ?? String(v));
    const update = () => send({ type: 'inspect', run: watched, ...intervention });
    interventionBox.replaceChildren(
      h('h3', {}, text.intervene),
      h(
        'div',
        { class: 'ablate' },
        base.weights.flatMap((layer, l) =>
          layer.map((_, hd) =>
            h(
              'label',
              {},
              h('input', {
                type: 'checkbox',
                id: `ablate-${l}-${hd}`,
                checked: intervention.ablateHeads.some(([a, b]) => a === l && b === hd),
                onchange: (e) => {
                  intervention.ablateHeads = intervention.ablateHeads.filter(([a, b]) => !(a === l && b === hd));
                  if (e.target.checked) intervention.ablateHeads.push([l, hd]);
                  update();
                },
              }),
              ` ${text.ablate(l, hd)}`,
            ),
          ),
        ),
      ),
      h(
        'p',
        {},
        text.hide,
        ' ',
        base.tokens.map((tok, t) =>
          h(
            'label',
            { class: 'hide-token' },
            h('input', {
              type: 'checkbox',
              id: `hide-${t}`,
              checked: intervention.hideTokens.includes(t),
              onchange: (e) => {
                intervention.hideTokens = intervention.hideTokens.filter((x) => x !== t);
                if (e.target.checked) intervention.hideTokens.push(t);
                update();
              },
            }),
            ` ${visible(tok)}`,
          ),
        ),
      ),
      h(
        'table',
        { class: 'plain', id: 'next-token' },
        h('caption', {}, text.nextToken(visible(base.tokens[T - 1]))),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, text.token),
            h('th', { scope: 'col' }, text.before),
            h('th', { scope: 'col' }, text.after),
          ),
        ),
        h(
          'tbody',
          {},
          top.map((v) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, vocabOf(v)),
              h('td', { title: exact(last[v]) }, short(last[v])),
              h('td', { title: exact(after[v]) }, short(after[v])),
            ),
          ),
        ),
      ),
    );
  }

  return {
    el,
    // Shows an experiment (from the address); a new experiment gets fresh models. No experiment
    // in the address (the contents' link) shows whatever is training, so nothing is lost.
    show(id) {
      if (!id) id = history ? experiment : 'custom';
      if (!(id in EXPERIMENTS)) id = 'custom';
      if (id !== experiment || !history) {
        experiment = id;
        send({ type: 'setup', experiment: id, setup: {} });
      }
    },
  };
}
