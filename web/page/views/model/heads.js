// The heads part of the Open a model panel: each head on a repeated sequence, its scores and the
// loss on the repeat with it removed, then the groups removed together, and what those numbers
// say (§2.2: a weight is a clue, a removal is the test). Every number shown is the engine's, from
// the inspector's `heads` answer; the sentences are chosen by comparing them.
import { opened as text, ui } from '../../../text/index.js';
import { GROUP_SCORE } from '../../../models/inspector.js';
import { h } from '../dom.js';
import { matrixView } from '../matrix.js';
import { numberCell, plainTable, rowHeader } from '../plain-table.js';

// A removal that moves the loss on the repeat by less than this many nats barely moves it: a
// model that predicts the repeat with a group loses nats to its removal (ln V at most, 4.2 for 64
// tokens), and a group a model does not use moves it by hundredths.
const BARELY = 0.1;

// What a group's removals say ({kind, head?, single}): removed together its heads barely move the
// loss ('barely'); or one of them, removed alone, moves it at least half as far as the whole group
// ('alone', that head); or none does, and the group matters only together ('together'). `single`
// is the highest loss with one of its heads removed alone.
export function groupVerdict(group, removed, base) {
  const singles = group.heads.map(([l, hd]) => removed[l][hd]);
  const single = Math.max(...singles);
  const rise = group.together - base;
  if (rise < BARELY) return { kind: 'barely', single };
  if (single - base >= rise / 2) return { kind: 'alone', head: group.heads[singles.indexOf(single)], single };
  return { kind: 'together', single };
}

function groupsView(r) {
  const bar = GROUP_SCORE;
  if (!r.groups.length) return [h('p', { id: 'model-groups-none' }, text.groupsNone({ bar }))];
  const rows = r.groups.map((g) => [
    rowHeader(text.groupKinds[g.kind]({ bar })),
    h('td', {}, g.heads.map(([l, hd]) => `${l}.${hd}`).join(', ')),
    numberCell(g.together),
  ]);
  const said = (g) => {
    const v = groupVerdict(g, r.removed, r.base);
    const words = { group: text.groupKinds[g.kind]({ bar }), together: g.together, base: r.base, single: v.single };
    if (v.kind === 'barely') return text.groupBarely(words);
    if (v.kind === 'alone') return text.groupAlone({ ...words, l: v.head[0], hd: v.head[1] });
    return text.groupTogether(words);
  };
  return [
    plainTable({
      id: 'model-groups-table',
      caption: text.groupsCaption({ base: r.base }),
      columns: text.groupsCols,
      rows,
    }),
    ...r.groups.map((g) => h('p', { id: `model-group-${g.kind}` }, said(g))),
  ];
}

// The largest entry of a grid [L][H], as [l, hd]: an ordering of the engine's numbers.
function largest(grid) {
  let best = [0, 0];
  grid.forEach((row, l) =>
    row.forEach((x, hd) => {
      if (x > grid[best[0]][best[1]]) best = [l, hd];
    }),
  );
  return best;
}

// Before the removals are shown, the student says which head's removal will raise the loss on the
// repeat the most, from the scores alone (§2.2: a pattern is a clue, a removal the test); or asks
// to see them without a prediction. onGuess([l, hd]) or onGuess('shown').
function guessForm(r, onGuess) {
  const select = h(
    'select',
    { id: 'model-heads-guess', required: true },
    h('option', { value: '' }, ui.worksheetChoose),
    r.scores.induction.flatMap((row, l) =>
      row.map((_, hd) => h('option', { value: `${l}.${hd}` }, text.headsGuessHead({ l, hd }))),
    ),
  );
  return h(
    'form',
    {
      class: 'heads-guess',
      onsubmit: (e) => {
        e.preventDefault();
        onGuess(select.value.split('.').map(Number));
      },
    },
    h('p', {}, h('label', { for: 'model-heads-guess' }, text.headsGuessQuestion), ' ', select),
    h(
      'p',
      {},
      h('button', { type: 'submit', id: 'model-heads-check' }, text.headsGuessCheck),
      ' ',
      h('button', { type: 'button', id: 'model-heads-show', onclick: () => onGuess('shown') }, text.headsGuessShow),
    ),
  );
}

// The prediction beside the removals: the head chosen, its removal, and the head whose removal
// raises the loss on the repeat the most (a head tied with it is as right).
function guessVerdict(r) {
  const [l, hd] = r.guess;
  const [bl, bhd] = largest(r.removed);
  const right = r.removed[l][hd] === r.removed[bl][bhd];
  const words = { l, hd, removed: r.removed[l][hd], base: r.base };
  return h(
    'p',
    { id: 'model-heads-verdict', class: `feedback ${right ? 'ok' : 'no'}`, tabindex: '-1' },
    right ? text.headsGuessRight(words) : text.headsGuessWrong({ ...words, bl, bhd, best: r.removed[bl][bhd] }),
  );
}

// Each head on the repeated sequence (r: the inspector's `heads` answer and the student's guess,
// null until they predict, 'shown' or [l, hd]): its previous-token, induction and duplicate-token
// scores, and the loss on the repeat with it removed once the student has predicted; then which
// head has the highest induction score, the groups removed together, and what they say. A
// stopped run (some heads not reached) asks no prediction.
export function headsView(r, label, onGuess) {
  const hidden = r.guess === null && !r.stopped;
  const rows = [];
  r.scores.induction.forEach((row, l) =>
    row.forEach((_, hd) =>
      rows.push([
        h('td', {}, String(l)),
        rowHeader(String(hd)),
        numberCell(r.scores.previousToken[l][hd]),
        numberCell(r.scores.induction[l][hd]),
        numberCell(r.scores.duplicate[l][hd]),
        hidden ? h('td', { class: 'hidden-result' }, text.headsHidden) : numberCell(r.removed[l][hd]),
      ]),
    ),
  );
  const [l, hd] = largest(r.scores.induction);
  const removed = r.removed[l][hd];
  return [
    h('p', { class: 'help' }, text.headsLossesHelp),
    h(
      'figure',
      { id: 'model-heads-losses' },
      matrixView({
        label: text.headsLosses,
        value: [r.losses],
        kind: 'magnitude',
        colLabels: r.tokens.slice(1).map(label),
      }),
    ),
    h(
      'div',
      { class: 'scroll', role: 'region', tabindex: '0', 'aria-labelledby': 'model-heads-caption' },
      plainTable({
        id: 'model-heads-table',
        caption: h('span', { id: 'model-heads-caption' }, text.headsCaption({ period: r.period, base: r.base })),
        columns: text.headsCols,
        rows,
      }),
    ),
    r.stopped &&
      h(
        'p',
        { id: 'model-heads-stopped' },
        text.headsStopped({ done: r.removed.flat().filter((x) => x !== null).length }),
      ),
    ...(hidden
      ? [guessForm(r, onGuess)]
      : [
          Array.isArray(r.guess) && guessVerdict(r),
          removed !== null &&
            h(
              'p',
              { id: 'model-heads-strongest' },
              text.headsStrongest({ l, hd, score: r.scores.induction[l][hd], removed, base: r.base }),
            ),
          ...(r.stopped ? [] : groupsView(r)),
        ]),
  ].filter(Boolean);
}
