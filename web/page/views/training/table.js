// The last report in a table: each run's training and validation loss, and, where the experiment
// asks, its causal validation loss, attention entropy (§3.1) and answers right.
import { EXPERIMENTS } from '../../../training/experiments.js';
import { training as text } from '../../../text/index.js';
import { exact, short } from '../../../locale/number.js';
import { h } from '../dom.js';
import { runName } from './plots.js';

export function progressTable() {
  const el = h('div', { class: 'train-table' });
  return {
    el,
    draw(p, runIds, experiment) {
      const { causalValidation: causal, entropy, answers } = EXPERIMENTS[experiment];
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
        );
      el.replaceChildren(h('table', { class: 'plain' }, h('thead', {}, head), h('tbody', {}, runIds.map(row))));
    },
  };
}
