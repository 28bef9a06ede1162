// The training panel's settings form: one field per setting of the setup, the choices of each
// from the engine's own declaration of createModel's and trainStep's options (default first).
// It reads the form into a new setup or says which field is wrong; it never changes the setup.
import { CORPORA } from '../../../training/corpora.js';
import { EXPERIMENTS } from '../../../training/experiments.js';
import { said, training as text } from '../../../text/index.js';
import { h } from '../dom.js';

// The settings in the order the form shows them.
export const FIELDS = [
  'corpus',
  'D',
  'heads',
  'layers',
  'T',
  'ffnMult',
  'activation',
  'gated',
  'arrangement',
  'norm',
  'positions',
  'optimizer',
  'lr',
  'batch',
  'seed',
];
const WHOLE = ['D', 'heads', 'layers', 'T', 'ffnMult', 'batch', 'seed'];
const FLAGS = ['gated'];

// The choices of each setting that has a fixed set: the engine's, with its default first.
export function choices(lab) {
  const engine = (fn, name) => {
    const d = lab.options[fn].find((o) => o.name === name);
    const fallback = d.fallback.replace(/^'|'$/g, '');
    return [fallback, ...d.choices.filter((c) => c !== fallback)];
  };
  return {
    corpus: Object.keys(CORPORA),
    activation: engine('createModel', 'activation'),
    arrangement: engine('createModel', 'arrangement'),
    norm: engine('createModel', 'norm'),
    positions: engine('createModel', 'positions'),
    optimizer: engine('trainStep', 'optimizer'),
  };
}

// Reads one typed value of `key`; throws saying what was expected and what was typed.
export function readSetting(lab, key, typed) {
  if (FLAGS.includes(key)) return typed === true || typed === 'true';
  const menus = choices(lab);
  if (Object.hasOwn(menus, key)) {
    if (!menus[key].includes(String(typed)))
      throw new Error(text.notAChoice({ field: text.fields[key], choices: menus[key], typed: String(typed) }));
    return String(typed);
  }
  const parsed = lab.parseNumber(String(typed));
  const field = text.fields[key];
  if (!parsed.ok)
    throw new Error(
      text.notANumber({ field, whole: WHOLE.includes(key), typed: String(typed), error: said(parsed.error) }),
    );
  if (WHOLE.includes(key) && !Number.isInteger(parsed.value)) throw new Error(text.notWhole({ field, typed }));
  return parsed.value;
}

export function settingsForm({ lab, onApply }) {
  const options = choices(lab);
  const el = h('form', {
    class: 'train-settings',
    onsubmit: (e) => {
      e.preventDefault();
      onApply();
    },
  });

  function field(key, setup, experiment) {
    const id = `train-${key}`;
    const value = setup[key];
    // A setting that the experiment's runs set one by one (positions in §6.1) is shown, not edited.
    const fixed = EXPERIMENTS[experiment].runs.some((r) => r.model && key in r.model);
    let input;
    if (options[key]) {
      input = h(
        'select',
        { id, name: key },
        options[key].map((c) =>
          h(
            'option',
            { value: c, selected: c === value },
            key === 'corpus' ? text.corpora[c] : (text.choices[key]?.[c] ?? c),
          ),
        ),
      );
    } else if (FLAGS.includes(key)) {
      input = h('input', { id, name: key, type: 'checkbox', checked: value });
    } else {
      input = h('input', { id, name: key, type: 'text', inputmode: 'decimal', size: 7, value: String(value) });
    }
    if (fixed) {
      input.disabled = true;
      input.title = text.fixedByExperiment;
    }
    return h('label', { class: 'field' }, h('span', {}, text.fields[key]), input);
  }

  return {
    el,
    render(setup, experiment) {
      el.replaceChildren(
        ...FIELDS.map((key) => field(key, setup, experiment)),
        h('button', { type: 'submit', id: 'train-apply' }, text.apply),
      );
    },
    // The setup the form shows, on top of `setup`; throws naming the first field it cannot read.
    read(setup) {
      const next = { ...setup };
      for (const key of FIELDS) {
        const input = el.elements[key];
        if (!input) continue;
        next[key] = readSetting(lab, key, FLAGS.includes(key) ? input.checked : input.value);
      }
      return next;
    },
  };
}

// The session names a field or a corpus by its key (D, english); the panel says its label.
export function saidHere(m) {
  const p = m.params ?? {};
  const corpus = (c) => text.corpora[c];
  return said({
    ...m,
    params: {
      ...p,
      ...(p.field && { field: text.fields[p.field] }),
      ...(p.corpus && { corpus: corpus(p.corpus) }),
      ...(m.code === 'training.setup.corpus' && { choices: p.choices.map(corpus) }),
    },
  });
}
