// What the watched run's model does with one sentence: every head's attention as a heat map,
// and, where the experiment asks, §2.2's intervention (heads ablated, positions hidden) with the
// next-token distribution before and after. The view only reports what the student asks for;
// the panel sends it to the trainer and draws the answer.
import { EXPERIMENTS } from '../../../training/experiments.js';
import { training as text } from '../../../text/index.js';
import { h } from '../dom.js';
import { interventionControls, nextTokenTable } from '../intervention.js';
import { matrixView } from '../matrix.js';
import { runName } from './plots.js';
import { shownText } from '../../../tokenizers/token-text.js';

const TOP_TOKENS = 5; // the most likely tokens listed, before and after an intervention

// onSentence(text), onWatch(run index), onIntervene({ablateHeads, hideTokens})
export function attentionView({ onSentence, onWatch, onIntervene }) {
  const heads = h('div', { class: 'train-attention' });
  const intervention = h('div', { class: 'train-intervention' });
  const sentence = h('input', {
    type: 'text',
    id: 'train-sentence',
    size: 40,
    spellcheck: 'false',
    'aria-describedby': 'train-sentence-help',
    onkeydown: (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      onSentence(sentence.value);
    },
  });

  function drawHeads(r, runIds, watched) {
    const select =
      runIds.length > 1
        ? h(
            'label',
            {},
            `${text.attentionOf} `,
            h(
              'select',
              { id: 'train-watch', onchange: (e) => onWatch(Number(e.target.value)) },
              runIds.map((id, i) => h('option', { value: i, selected: i === watched }, runName(id))),
            ),
          )
        : null;
    const maps = r.weights.flatMap((layer, l) =>
      layer.map((w, hd) =>
        matrixView({
          label: text.headLabel({ block: l + 1, head: hd + 1 }),
          value: w,
          kind: 'prob',
          rowLabels: r.tokens.map(shownText),
          colLabels: r.tokens.map(shownText),
          hideCopy: true,
          id: `att-${l}-${hd}`,
        }),
      ),
    );
    heads.replaceChildren(select || '', h('div', { class: 'heads' }, maps));
  }

  function drawIntervention({ base, changed }, chosen, vocab) {
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
    const vocabOf = (v) => shownText(vocab?.[v] ?? String(v));
    intervention.replaceChildren(
      h('h3', {}, text.intervene),
      ...interventionControls({
        heads: base.weights.flatMap((layer, l) =>
          layer.map((_, hd) => ({ layer: l, head: hd, label: text.ablate({ block: l + 1, head: hd + 1 }) })),
        ),
        tokens: base.tokens.map(shownText),
        chosen,
        hideText: text.hide,
        onChange: onIntervene,
      }),
      nextTokenTable({
        id: 'next-token',
        caption: text.nextToken({ token: shownText(base.tokens[T - 1]) }),
        columns: [text.token, text.before, text.after],
        rows: top.map((v) => ({ label: vocabOf(v), before: last[v], after: after[v] })),
      }),
    );
  }

  return {
    els: [
      h('h3', {}, text.attention),
      h(
        'p',
        {},
        h('label', { for: 'train-sentence' }, `${text.sentence} `),
        sentence,
        ' ',
        h('span', { id: 'train-sentence-help', class: 'help' }, text.sentenceHelp),
      ),
      heads,
      intervention,
    ],
    setSentence(value) {
      sentence.value = value;
    },
    drawHeads(inspection, runIds, watched) {
      if (inspection) drawHeads(inspection, runIds, watched);
    },
    drawIntervention(intervened, chosen, vocab, experiment) {
      if (!EXPERIMENTS[experiment].intervene || !intervened) return intervention.replaceChildren();
      drawIntervention(intervened, chosen, vocab);
    },
  };
}
