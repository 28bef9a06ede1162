// The parts of the Open a model panel, each drawn from the panel's state: the model's summary,
// attention of a block's heads, the intervention and its next-token table, the generation and
// its draws, and the checks. `label(id)` writes a token as the open vocabulary does.
import { opened as text } from '../../../text/index.js';
import { exact } from '../../../locale/number.js';
import { h } from '../dom.js';
import { interventionControls, nextTokenTable } from '../intervention.js';
import { matrixView } from '../matrix.js';
import { numberCell, plainTable, rowHeader } from '../plain-table.js';

// GPT-2's own vocabulary; nanoGPT pads it to 50,304 ids.
const GPT2_VOCAB = 50257;

export function summaryView({ config, parameterCount }, vocabulary) {
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
  const v = vocabulary;
  return [
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
  ];
}

// The heads of block `block` (its menu sends onBlock(l)), each with its entropy.
export function attentionView(looked, block, label, onBlock) {
  const L = looked.weights.length;
  const labels = looked.tokens.map(label);
  const select = h(
    'select',
    { id: 'model-block', onchange: (e) => onBlock(Number(e.target.value)) },
    Array.from({ length: L }, (_, l) => h('option', { value: l, selected: l === block }, `${text.block} ${l}`)),
  );
  const maps = looked.weights[block].map((w, hd) =>
    h(
      'figure',
      {},
      matrixView({
        label: text.headLabel({ l: block, hd }),
        value: w,
        kind: 'prob',
        rowLabels: labels,
        colLabels: labels,
        hideCopy: true,
        id: `model-att-${block}-${hd}`,
      }),
      h('figcaption', { title: exact(looked.entropy[block][hd]) }, text.entropy({ nats: looked.entropy[block][hd] })),
    ),
  );
  return [h('p', {}, h('label', { for: 'model-block' }, `${text.block} `), select), h('div', { class: 'heads' }, maps)];
}

// §2.2's controls on block `block`'s heads and the prompt's tokens (they send onChange(next)),
// and the next token's distribution before and after.
export function interventionView(looked, block, chosen, label, onChange) {
  const H = looked.weights[block].length;
  return [
    ...interventionControls({
      heads: Array.from({ length: H }, (_, hd) => ({ layer: block, head: hd, label: text.ablate({ hd }) })),
      tokens: looked.tokens.map((id, t) => `${t}:${label(id)}`),
      chosen,
      hideText: text.hide,
      idPrefix: 'model-',
      onChange,
    }),
    nextTokenTable({
      id: 'model-next',
      caption: text.nextCaption({ tok: label(looked.tokens.at(-1)) }),
      columns: [text.token, text.before, text.after],
      rows: looked.next.map(({ id, before, after }) => ({ label: label(id), before, after })),
    }),
  ];
}

// The prompt's pass and first token, then the tokens per second of the cached steps after it.
export function rateText(n, promptMs, ms) {
  const round = (x) => Math.round(x * 10) / 10;
  return text.rate({ n, first: Math.round(promptMs), rate: n > 1 ? round((n - 1) / ((ms - promptMs) / 1000)) : 0 });
}

// One draw of §7.1 as a row: the token, its probability and where u fell.
export const drawRow = (d, s, label) =>
  h(
    'tr',
    {},
    h('td', {}, String(s + 1)),
    rowHeader(label(d.token)),
    ...[d.prob, d.below, d.upto, d.u].map((x) => numberCell(x, text.greedy)),
  );

// The generation so far (g: {prompt, tokens, draws}): the text, and a row per draw. `write(ids)`
// turns ids into the text the vocabulary writes.
export function generatedView(g, label, write) {
  const table = plainTable({ id: 'model-draws', caption: text.drawsCaption, columns: text.drawCols, rows: [] });
  table.querySelector('tbody').append(...g.draws.map((d, s) => drawRow(d, s, label)));
  return [
    h(
      'p',
      { id: 'model-generated-text' },
      h('span', { class: 'prompt' }, write(g.prompt)),
      h('strong', {}, write(g.tokens.slice(g.prompt.length))),
    ),
    h('p', { class: 'help' }, text.drawsHelp),
    table,
  ];
}

// §7.3's dependence of position `position` on every other, and §6.1's permutation gap.
export function checksView(c, label) {
  const leak = c.dependence.findIndex((d, i) => i < c.position && d !== 0);
  return [
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
  ];
}
