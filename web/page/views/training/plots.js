// The loss curves (training, validation, and validation under the causal mask where the
// experiment asks) and §3.1's attention entropy, one curve per run. History is kept by run and
// by series name; uPlot's column arrays are made from it at each draw.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { EXPERIMENTS } from '../../../training/experiments.js';
import { training as text } from '../../../strings.js';
import { h } from '../dom.js';

// Series colours: Okabe-Ito, distinguishable with the common colour-vision deficiencies.
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7'];
const colour = (i) => COLOURS[i % COLOURS.length];
const plotWidth = (box) => Math.max(280, Math.min(760, box.clientWidth || 640));
export const runName = (id) => text.runNames[id] || id;

export function lossPlot() {
  let history = null; // {steps, runs: [{id, train, valid, causal}]}
  let causal = false;
  let plot = null;
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

  function draw() {
    if (!history) return;
    const series = [{ label: 'step' }];
    const data = [history.steps];
    const dashed = { width: 2, spanGaps: true, points: { show: false } };
    history.runs.forEach((run, i) => {
      const stroke = colour(i);
      series.push({ label: text.lossSeries(runName(run.id), text.trainLoss), stroke, width: 1 });
      series.push({ label: text.lossSeries(runName(run.id), text.validLoss), stroke, dash: [6, 4], ...dashed });
      data.push(run.train, run.valid);
      if (causal) {
        series.push({ label: text.lossSeries(runName(run.id), text.causalLoss), stroke, dash: [2, 3], ...dashed });
        data.push(run.causal);
      }
    });
    if (plot) return plot.setData(data);
    const scales = { x: { time: false }, y: { distr: logScale.checked ? 3 : 1 } };
    const axes = [{ label: 'step' }, { label: 'loss (nats)' }];
    plot = new uPlot({ width: plotWidth(box), height: 260, series, scales, axes, legend: { live: false } }, data, box);
  }

  return {
    els: [h('h3', {}, text.lossPlot), h('label', {}, logScale, ` ${text.logScale}`), box],
    reset(runIds, experiment) {
      history = { steps: [], runs: runIds.map((id) => ({ id, train: [], valid: [], causal: [] })) };
      causal = Boolean(EXPERIMENTS[experiment].causalValidation);
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
        { label: 'step' },
        ...history.runs.map((r, i) => ({ label: runName(r.id), stroke: colour(i), width: 2 })),
      ];
      const axes = [{ label: 'step' }, { label: 'entropy (nats)' }];
      plot = new uPlot(
        { width: plotWidth(box), height: 200, series, scales: { x: { time: false } }, axes, legend: { live: false } },
        data,
        box,
      );
    },
  };
}
