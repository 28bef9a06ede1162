// One step of a worked example: its formula, our explanation, and the tensors the engine
// computed for it (editable where the example says so).
import { sentences, ui } from '../../text/index.js';
import { h } from './dom.js';
import { formula } from './formula.js';
import { matrixView } from './matrix.js';
import { worksheetView } from './worksheet.js';

// item kinds a step's show() may return:
//   {matrix, label, kind, input, rowLabels, colLabels, caption,    a tensor (editable if input)
//    scaleMax, marked}
//   {facts: [{label, value, result}]}                               labelled values
//   {number: inputName, label} / {choice: inputName, label, options: [[value, text]]}
//   {note: text} (set as code) / {remark: text} (a sentence that applies to
//   these inputs only) / {badges: [{label, pass, detail}]} / {group: [items], title}
//   {worksheet: sheet}                                              answers to fill in (worksheet.js)
export function renderItem(item, ctx) {
  if (item.worksheet) return worksheetView(item.worksheet, ctx.worksheet(item.worksheet));
  if (item.group) {
    return h(
      'div',
      { class: 'group' },
      item.title && h('h3', {}, item.title),
      item.group.map((i) => renderItem(i, ctx)),
    );
  }
  if (item.note) return h('p', { class: 'note' }, item.note);
  if (item.remark) return h('p', { class: 'remark' }, item.remark);
  if (item.facts) {
    return h(
      'dl',
      { class: 'facts' },
      item.facts.map((f) => [
        h('dt', {}, f.label),
        h('dd', {}, h('output', { dataset: f.result ? { result: f.result } : {} }, f.value)),
      ]),
    );
  }
  if (item.badges) {
    return h(
      'ul',
      { class: 'badges' },
      item.badges.map((b) =>
        h(
          'li',
          { class: b.pass ? 'pass' : 'fail', dataset: { check: b.label } },
          h('span', { class: 'badge' }, b.pass ? ui.pass : ui.fail),
          ' ',
          h('strong', {}, b.label),
          b.detail ? ` — ${b.detail}` : '',
        ),
      ),
    );
  }
  if (item.table) {
    return h(
      'div',
      { class: 'scroll' },
      h(
        'table',
        { class: 'tokens' },
        item.caption && h('caption', {}, item.caption),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('td'),
            item.table.colLabels.map((c) => h('th', { scope: 'col' }, c)),
          ),
        ),
        h(
          'tbody',
          {},
          item.table.rows.map(([head, ...cells]) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, head),
              cells.map((c) => h('td', {}, c)),
            ),
          ),
        ),
      ),
    );
  }
  const editable = item.input && ctx.canEdit;
  const inputId = `in-${item.input}${(item.index || []).map((i) => `-${i}`).join('')}`;
  const errorLine = editable ? h('p', { class: 'input-error', role: 'status', id: `${inputId}-error` }) : null;
  if (item.number !== undefined || item.choice !== undefined) {
    const name = item.number ?? item.choice;
    const value = ctx.inputs[name];
    const id = `in-${name}`;
    const control =
      item.choice !== undefined
        ? h(
            'select',
            { id, disabled: !ctx.canEdit, onchange: (e) => ctx.onChoice(name, e.target.value) },
            item.options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)),
          )
        : h('input', {
            id,
            type: 'text',
            inputmode: 'decimal',
            value: String(value),
            size: 6,
            disabled: !ctx.canEdit,
            'aria-describedby': `${id}-error`,
            oninput: (e) => ctx.onNumber(name, e.target.value, e.target),
          });
    return h(
      'div',
      { class: 'control' },
      h('label', { for: id }, item.label),
      control,
      h('p', { class: 'input-error', role: 'status', id: `${id}-error` }),
    );
  }
  const fig = matrixView({
    label: item.label,
    value: item.matrix,
    kind: item.kind,
    rowLabels: item.rowLabels,
    colLabels: item.colLabels,
    caption: item.caption,
    scaleMax: item.scaleMax,
    marked: item.marked,
    later: true,
    hideCopy: !ctx.canCopy,
    id: item.input ? inputId : undefined,
    edit: editable
      ? {
          // a vector is shown as one row: its cell (0, c) is entry c
          onInput: (r, c, text, el) =>
            ctx.onCell(
              item.input,
              [...(item.index || []), ...(Array.isArray(item.matrix[0]) ? [r, c] : [c])],
              text,
              el,
            ),
        }
      : null,
  });
  if (errorLine) fig.append(errorLine);
  return fig;
}

// `hideResult`: a prediction is pending, so the sentence that states the step's result waits.
export function stepView({ example, text, stepIndex, items, ctx, prediction, hideResult = false }) {
  const step = example.steps[stepIndex];
  const st = text.steps[step.key];
  return h(
    'article',
    { class: 'step', 'aria-labelledby': 'step-title' },
    h(
      'header',
      {},
      h('p', { class: 'section' }, `${example.section} · ${text.title}`),
      h('h2', { id: 'step-title', tabindex: '-1' }, st.title),
      h('p', { class: 'counter', 'aria-live': 'polite' }, ui.stepOf({ i: stepIndex + 1, n: example.steps.length })),
    ),
    step.formula && formula(step.formula, step.formulaLabels, example.id),
    // The lines of code this step runs (§9), quoted as the handout's readings quote them.
    step.code &&
      h(
        'figure',
        { class: 'code' },
        h('figcaption', {}, step.codeFrom ?? ui.codeFrom, step.codeFile && [', ', h('code', {}, step.codeFile)]),
        h('pre', { class: 'scroll', dataset: { label: ui.code } }, h('code', {}, step.code)),
      ),
    h(
      'p',
      { class: 'explain' },
      // The invitation to edit (`tryIt`) only where editing is on (a teacher's hide=edit turns it
      // off); the sentence that states the handout's result only for the handout's inputs.
      sentences(st.text, st.result && !hideResult && !ctx.edited && st.result, ctx.canEdit && st.tryIt),
    ),
    // Inputs other than the handout's: the student's edits, or a teacher's link (which, with
    // hide=edit, the student cannot have changed).
    ctx.edited ? h('p', { class: 'edited', id: 'edited-notice' }, ctx.canEdit ? ui.edited : ui.editedByLink) : null,
    prediction,
    h(
      'div',
      { class: 'items' },
      items.map((i) => renderItem(i, ctx)),
    ),
  );
}
