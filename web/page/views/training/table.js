// The last report in a table: each run's training and validation loss, and, where the experiment
// asks, its causal validation loss, attention entropy (§3.1), answers right, and its heads' best
// scores with the step at which they first reached the experiment's bars (§4).
import { EXPERIMENTS, headsFormed } from '../../../training/experiments.js';
import { training as text } from '../../../text/index.js';
import { exact, short } from '../../../locale/number.js';
import { h } from '../dom.js';
import { runName } from './plots.js';

// The first step at which each run's best previous-token and induction scores reach the
// experiment's bars, noted in `formed` (per run) from a report `m`: the phase change, read off
// the engine's scores.
export function noteFormed(formed, m, experiment) {
  m.heads.forEach((s, i) => {
    if (formed[i] === undefined && headsFormed(experiment, s)) formed[i] = m.step;
  });
}

export function progressTable() {
  // a table wider than a phone (the induction experiment's six columns) scrolls in its own box
  const el = h('div', { class: 'train-table scroll' });
  return {
    el,
    // formed[i]: the step at which run i's heads first reached the bars, if they have
    draw(p, runIds, experiment, formed = []) {
      const { causalValidation: causal, entropy, answers, heads } = EXPERIMENTS[experiment];
      const scored = heads && p.heads;
      const col = (label) => h('th', { scope: 'col' }, label);
      const head = h(
        'tr',
        {},
        col(text.table.run),
        col(text.table.train),
        col(text.table.valid),
        causal ? col(text.table.causal) : null,
        entropy ? col(text.table.entropy) : null,
        answers ? col(text.table.answers({ n: p.answerCount })) : null,
        scored ? col(text.table.previousToken) : null,
        scored ? col(text.table.induction) : null,
        scored ? col(text.table.formed(heads)) : null,
      );
      const row = (id, i) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, runName(id)),
          h('td', { title: p.losses ? exact(p.losses[i]) : '' }, p.losses ? short(p.losses[i]) : '–'),
          h('td', {}, p.validation ? short(p.validation[i].valid) : '–'),
          causal ? h('td', {}, p.validation ? short(p.validation[i].causal) : '–') : null,
          entropy ? h('td', {}, p.entropy ? short(p.entropy[i][0][0]) : '–') : null,
          answers ? h('td', {}, p.answers ? String(p.answers[i]) : '–') : null,
          scored ? h('td', {}, short(p.heads[i].previousToken)) : null,
          scored ? h('td', {}, short(p.heads[i].induction)) : null,
          scored
            ? h('td', {}, formed[i] !== undefined ? text.table.formedAt({ step: formed[i] }) : text.table.notFormed)
            : null,
        );
      el.replaceChildren(h('table', { class: 'plain' }, h('thead', {}, head), h('tbody', {}, runIds.map(row))));
    },
  };
}
