// §2.2's intervention, as the training panel and Open a model both show it: a checkbox per head
// to ablate and per position to hide, and the next-token distribution as the model is and with
// the intervention. The panels say which heads and tokens there are and what to do on a change;
// the numbers are the engine's.
import { h } from './dom.js';
import { numberCell, plainTable, rowHeader } from './plain-table.js';

// heads: [{layer, head, label}], tokens: [label] by position; chosen: {ablateHeads, hideTokens};
// onChange(next chosen). Checkbox ids are `${idPrefix}ablate-${layer}-${head}` and `${idPrefix}hide-${t}`.
export function interventionControls({ heads, tokens, chosen, hideText, idPrefix = '', onChange }) {
  const ablated = (l, hd) => chosen.ablateHeads.some(([a, b]) => a === l && b === hd);
  const setHead = (l, hd, on) => {
    const others = chosen.ablateHeads.filter(([a, b]) => !(a === l && b === hd));
    onChange({ ...chosen, ablateHeads: on ? [...others, [l, hd]] : others });
  };
  const setHidden = (t, on) => {
    const others = chosen.hideTokens.filter((x) => x !== t);
    onChange({ ...chosen, hideTokens: on ? [...others, t] : others });
  };
  return [
    h(
      'div',
      { class: 'ablate' },
      heads.map(({ layer, head, label }) =>
        h(
          'label',
          {},
          h('input', {
            type: 'checkbox',
            id: `${idPrefix}ablate-${layer}-${head}`,
            checked: ablated(layer, head),
            onchange: (e) => setHead(layer, head, e.target.checked),
          }),
          ` ${label}`,
        ),
      ),
    ),
    h(
      'p',
      {},
      hideText,
      ' ',
      tokens.map((label, t) =>
        h(
          'label',
          { class: 'hide-token' },
          h('input', {
            type: 'checkbox',
            id: `${idPrefix}hide-${t}`,
            checked: chosen.hideTokens.includes(t),
            onchange: (e) => setHidden(t, e.target.checked),
          }),
          ` ${label}`,
        ),
      ),
    ),
  ];
}

// rows: [{label, before, after}], each probability rounded, exact on hover.
export const nextTokenTable = ({ id, caption, columns, rows }) =>
  plainTable({
    id,
    caption,
    columns,
    rows: rows.map(({ label, before, after }) => [rowHeader(label), numberCell(before), numberCell(after)]),
  });
