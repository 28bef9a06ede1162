// Each run's greedy and sampled continuation of the probe text.
import { EXPERIMENTS } from '../../../training/experiments.js';
import { training as text, ui } from '../../../text/index.js';
import { h } from '../dom.js';
import { runName } from './plots.js';

export function samplesView() {
  const el = h('div', { class: 'train-samples' });
  const sample = (kind, s) =>
    h('dd', {}, h('span', { class: 'kind' }, ui.labelled({ label: kind, text: '' })), h('q', { class: 'sample' }, s));
  return {
    els: [h('h3', {}, text.samples), el],
    draw(s, runIds, experiment) {
      if (!s) return el.replaceChildren(h('p', {}, text.noSamples), '');
      el.replaceChildren(
        EXPERIMENTS[experiment].causalValidation ? h('p', {}, text.samplesCausal) : '',
        h(
          'dl',
          {},
          runIds.map((id, i) => [
            h('dt', {}, runName(id)),
            sample(text.greedy, s[i].greedy),
            sample(text.sampled, s[i].sampled),
          ]),
        ),
      );
    },
  };
}
