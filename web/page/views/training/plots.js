// The loss curves (training, validation, and validation under the causal mask where the
// experiment asks) and §3.1's attention entropy, one curve per run. History is kept by run and
// by series name; uPlot's column arrays are made from it at each draw.
import uPlot from 'uplot';
import { EXPERIMENTS } from '../../../training/experiments.js';
import { training as text } from '../../../text/index.js';
import { h } from '../dom.js';

// Series colours: Okabe-Ito, distinguishable with the common colour-vision deficiencies.
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7'];
const colour = (i) => COLOURS[i % COLOURS.length];
const plotWidth = (box) => Math.max(280, Math.min(760, box.clientWidth || 640));
// Line styles (uPlot dash patterns, in px) and the CSS border style the legend shows each as.
const DASHED = [8, 4];
const DOTTED = [2, 3];
const lineStyle = (dash) => (!dash ? 'solid' : dash[0] === DOTTED[0] ? 'dotted' : 'dashed'); // uPlot copies the arrays
export const runName = (id) => text.runNames[id] || id;

export function lossPlot() {
  let history = null; // {steps, runs: [{id, train, valid, causal}]}
  let causal = false;
  let plot = null;
  let drawnEmpty = false; // whether `plot` is the waiting one, drawn before the first step
  const box = h('div', { class: 'train-plot', role: 'img', 'aria-label': text.lossPlot });
  const logScale = h('input', {
    type: 'checkbox',
    id: 'train-log',
    onchange: () => {
      plot?.destroy();
      plot = null;
      draw();
    },
  });

  // Before the first step: the axes, the legend and a line saying what will appear.
  const waiting = h('p', { class: 'plot-waiting' }, text.plotWaiting);

  function draw() {
    if (!history) return;
    const empty = history.steps.length === 0;
    waiting.hidden = !empty;
    const series = [{ label: text.stepAxis }];
    const data = [empty ? [0] : history.steps];
    // One colour per run; the kind of loss is the line's style, which the legend shows too.
    // Validation is drawn wide and dashed, and the causal-mask validation thin and dotted with a
    // marker at each evaluation on top of it, so that two equal curves stay visible.
    const valid = { width: 2.5, dash: DASHED, spanGaps: true, points: { show: false } };
    const causalStyle = { width: 1.5, dash: DOTTED, spanGaps: true, points: { show: true, size: 6, fill: '#fff' } };
    // Runs drawn first are drawn wider, so a later run's equal curve leaves their edges showing.
    const wider = (i) => (history.runs.length - 1 - i) * 1.25;
    history.runs.forEach((run, i) => {
      const stroke = colour(i);
      series.push({
        label: text.lossSeries({ run: runName(run.id), kind: text.trainLoss }),
        stroke,
        width: 1.25 + wider(i),
      });
      series.push({
        label: text.lossSeries({ run: runName(run.id), kind: text.validLoss }),
        stroke,
        ...valid,
        width: 2.5 + wider(i),
      });
      data.push(empty ? [null] : run.train, empty ? [null] : run.valid);
      if (causal) {
        series.push({
          label: text.lossSeries({ run: runName(run.id), kind: text.causalLoss }),
          stroke,
          ...causalStyle,
        });
        data.push(empty ? [null] : run.causal);
      }
    });
    // The waiting axes have fixed ranges: the first real data gets a plot of its own.
    if (plot && drawnEmpty === empty) return plot.setData(data);
    plot?.destroy();
    drawnEmpty = empty;
    // Until there is data to scale to, fixed ranges: the first 100 steps, 0.1 to 4 nats.
    const scales = {
      x: { time: false, ...(empty && { range: [0, 100] }) },
      y: { distr: logScale.checked ? 3 : 1, ...(empty && { range: [0.1, 4] }) },
    };
    const axes = [{ label: text.stepAxis }, { label: text.lossAxis }];
    const legend = { live: false, markers: { width: 3, dash: (u, i) => lineStyle(u.series[i].dash) } };
    plot = new uPlot({ width: plotWidth(box), height: 260, series, scales, axes, legend }, data, box);
  }

  return {
    els: [h('h3', {}, text.lossPlot), h('label', {}, logScale, ` ${text.logScale}`), waiting, box],
    // `loaded`: the models were read from a file, trained before this page saw them.
    reset(runIds, experiment, loaded = false) {
      history = { steps: [], runs: runIds.map((id) => ({ id, train: [], valid: [], causal: [] })) };
      causal = Boolean(EXPERIMENTS[experiment].causalValidation);
      waiting.textContent = loaded ? text.plotWaitingLoaded : text.plotWaiting;
      plot?.destroy();
      plot = null;
    },
    add(report) {
      history.steps.push(report.step);
      history.runs.forEach((run, i) => {
        const v = report.validation?.[i];
        run.train.push(report.losses[i]);
        run.valid.push(v ? v.valid : null);
        run.causal.push(v ? v.causal : null);
      });
    },
    draw,
  };
}

// §3.1: the attention entropy of the one head, per run, at each validation step.
export function entropyPlot() {
  let history = null; // {steps, runs: [{id, entropy}]}
  let on = false;
  let plot = null;
  const title = h('h3', { hidden: true }, text.entropyPlot);
  const box = h('div', { class: 'train-plot', role: 'img', 'aria-label': text.entropyPlot });

  return {
    els: [title, box],
    reset(runIds, experiment) {
      history = { steps: [], runs: runIds.map((id) => ({ id, entropy: [] })) };
      on = Boolean(EXPERIMENTS[experiment].entropy);
      plot?.destroy();
      plot = null;
    },
    add(report) {
      if (!report.entropy) return;
      history.steps.push(report.step);
      history.runs.forEach((run, i) => run.entropy.push(report.entropy[i][0][0]));
    },
    draw() {
      title.hidden = !on;
      box.hidden = !on;
      if (!on || !history.steps.length) return;
      const data = [history.steps, ...history.runs.map((r) => r.entropy)];
      if (plot) return plot.setData(data);
      const series = [
        { label: text.stepAxis },
        ...history.runs.map((r, i) => ({ label: runName(r.id), stroke: colour(i), width: 2 })),
      ];
      const axes = [{ label: text.stepAxis }, { label: text.entropyAxis }];
      plot = new uPlot(
        { width: plotWidth(box), height: 200, series, scales: { x: { time: false } }, axes, legend: { live: false } },
        data,
        box,
      );
    },
  };
}
