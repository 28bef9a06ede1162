// The catalogues' ICU MessageFormat strings, compiled for one language by intl-messageformat: a
// message without parameters becomes a string, one with parameters a function of one object.
// Parameters are formatted here, never at the call site: a number by the page's one number
// format (short); a list as the language joins one (Intl.ListFormat: "0, 1 and 2", "0、1和2";
// the options a student chooses from with "or"), except a list written inside brackets in the
// message ("[{shape}]"), which is notation and keeps ", " in every language. A parameter that
// chooses between forms (plural, select) receives its raw value.
import { IntlMessageFormat } from 'intl-messageformat';
import { answerText, short } from '../locale/number.js';

const numberFormat = { format: (x) => short(x) };
const formatters = {
  getNumberFormat: () => numberFormat,
  getDateTimeFormat: (locale, options) => new Intl.DateTimeFormat(locale, options),
  getPluralRules: (locale, options) => new Intl.PluralRules(locale, options),
};

// The names of the parameters that choose a form (plural, select), found in the parsed message,
// and of those whose select has a `true` form: a yes-or-no, which the engine may give as 1 or 0.
function choosers(ast, into = new Set(), flags = new Set()) {
  for (const node of ast) {
    if (node.options) {
      into.add(node.value);
      if ('true' in node.options) flags.add(node.value);
      for (const option of Object.values(node.options)) choosers(option.value, into, flags);
    }
  }
  return { raw: into, flags };
}

// Parameters named so hold alternatives ("one of adamw or sgd", "expected [T] or [B][T]");
// any other list is a conjunction.
const ALTERNATIVES = new Set(['options', 'choices', 'known', 'formats', 'expected']);

// The names of the parameters written right after "[" somewhere in the parsed message.
// A language's two ways of joining a list, made once per language (a catalogue compiles some
// 1,500 messages at start-up).
const listFormats = new Map();
function listsOf(locale) {
  if (!listFormats.has(locale))
    listFormats.set(locale, {
      and: new Intl.ListFormat(locale, { type: 'conjunction' }),
      or: new Intl.ListFormat(locale, { type: 'disjunction' }),
    });
  return listFormats.get(locale);
}

function bracketed(ast, into = new Set()) {
  ast.forEach((node, i) => {
    if (node.type === 1 && ast[i - 1]?.type === 0 && ast[i - 1].value.endsWith('[')) into.add(node.value);
    for (const option of Object.values(node.options ?? {})) bracketed(option.value, into);
  });
  return into;
}

// One message: a string if it has no parameters, else a function of its parameters by name.
export function compileMessage(message, locale, key = '') {
  const format = new IntlMessageFormat(message, locale, undefined, { formatters, ignoreTag: true });
  const ast = format.getAst();
  if (ast.every((node) => node.type === 0)) return ast.map((node) => node.value).join('');
  const { raw, flags } = choosers(ast);
  const notation = bracketed(ast);
  const lists = listsOf(locale);
  const shown = (name, v) => {
    if (!Array.isArray(v)) return answerText(v);
    const items = v.map(answerText);
    if (notation.has(name)) return items.join(', ');
    return (ALTERNATIVES.has(name) ? lists.or : lists.and).format(items);
  };
  const compiled = (params) => {
    if (params === null || typeof params !== 'object' || Array.isArray(params))
      throw new TypeError(`text ${key}: expected its parameters as one object, received ${String(params)}`);
    const values = {};
    for (const [name, v] of Object.entries(params))
      values[name] = flags.has(name) ? v === true || v === 1 : raw.has(name) ? v : shown(name, v);
    return format.format(values);
  };
  return compiled;
}

// A whole catalogue, compiled: the same nesting, arrays stay arrays.
export function compileCatalogue(catalogue, locale, key = '') {
  if (typeof catalogue === 'string') return compileMessage(catalogue, locale, key);
  if (Array.isArray(catalogue)) return catalogue.map((m, i) => compileCatalogue(m, locale, `${key}.${i}`));
  return Object.fromEntries(
    Object.entries(catalogue).map(([k, m]) => [k, compileCatalogue(m, locale, key ? `${key}.${k}` : k)]),
  );
}
