// Shows a formula typeset when the page was built (scripts/typeset-formulas.mjs): the recorded
// KaTeX output is replayed with DOM calls, and styles are set as properties, so it runs under a
// Content-Security-Policy without 'unsafe-inline' and the page carries no TeX engine. Each
// example's formulas are a chunk of their own, fetched the first time the example shows one: a
// first visit fetches one example's, and its first numbers do not wait for them.
import loaders from 'attention-lab:formulas';
import { ui } from '../../text/index.js';
import { h } from './dom.js';

const NAMESPACES = { m: 'http://www.w3.org/1998/Math/MathML', s: 'http://www.w3.org/2000/svg' };

function replay(node) {
  if (typeof node === 'string') return document.createTextNode(node);
  const [tag, className = '', style = {}, attributes = {}, children = [], ns = ''] = node;
  const el = ns ? document.createElementNS(NAMESPACES[ns], tag) : document.createElement(tag);
  if (className) el.setAttribute('class', className);
  Object.assign(el.style, style);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  for (const child of children) el.append(replay(child));
  return el;
}

// Each formula is built once and cloned after that: an edit redraws the step without replaying.
const built = new Map();

const tables = new Map(); // example id -> {tex: its typeset parts}, once fetched
const asked = new Map(); // example id -> the promise of its table
const fetchTable = (example) => {
  if (!asked.has(example))
    asked.set(
      example,
      loaders[example]().then((m) => tables.set(example, m.default)),
    );
  return asked.get(example);
};

// A displayed formula: its parts side by side, each wrapping as a word does on a narrow column.
// `labels[i]`, if given, names part i in the page's language ("pre-norm:"): words stay out of
// the typeset maths, which is the same in every language. `example`: the id of the example whose
// step shows it. Until its example's formulas come, an empty box stands in its place; if they
// cannot come, the box shows the formula's TeX.
export function formula(tex, labels, example) {
  if (!tables.has(example)) {
    const box = h('div', { class: 'formula' });
    fetchTable(example).then(
      () => box.isConnected && box.replaceWith(formula(tex, labels, example)),
      () => box.replaceChildren(h('code', {}, tex)),
    );
    return box;
  }
  if (!built.has(tex)) {
    const parts = tables.get(example)[tex];
    if (!parts) throw new Error(`formula: "${tex}" was not typeset when the page was built (is it a step's formula?)`);
    built.set(
      tex,
      h(
        'div',
        { class: 'formula' },
        parts.map((nodes) => h('span', { class: 'formula-part' }, nodes.map(replay))),
      ),
    );
  }
  const shown = built.get(tex).cloneNode(true);
  (labels ?? []).forEach((label, i) => {
    if (label) shown.children[i]?.prepend(h('span', { class: 'formula-label' }, ui.labelled({ label, text: '' })));
  });
  return shown;
}
