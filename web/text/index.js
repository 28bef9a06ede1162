// Every sentence the page shows comes from one catalogue per language (en.js, es.js,
// zh-Hans.js): plain data, ICU MessageFormat strings with named parameters. This module
// compiles the page's language once (compile.js), the only catalogue it loads (catalogue.js), and
// hands out the same sections the views import: a message without parameters is a string, one
// with parameters a function of one object.
import { compileCatalogue } from './compile.js';
import { messageAt, refusalText } from './refusal.js';
import { language } from '../locale/language.js';
import catalogue from './catalogue.js';

export { compileCatalogue, language };
export const text = compileCatalogue(catalogue, language);
export const {
  ui,
  inputs,
  address,
  progressFile,
  examples,
  labels,
  practice,
  training,
  opened,
  assignment,
  teach,
  refusals,
} = text;

// A text as a sentence, ended as the page's language ends one (unless it already is), and
// sentences one after another as the language joins them ("A: b. C." and "A：b。C。").
export const sentence = (t) => (/[.?!。？！]$/.test(t) ? t : ui.endSentence({ text: t }));
// joinedIn(words, …) joins them as the language of `words` (a compiled `ui` section) does: a
// practice verdict in a language other than the page's.
export function joinedIn(words, ...parts) {
  const given = parts.filter(Boolean);
  return given.length ? given.reduce((first, second) => words.joined({ first, second })) : '';
}
export const sentences = (...parts) => joinedIn(ui, ...parts);

// What the engine (or a worker that ran it) refused, in the page's language: an Error or a
// result's `error` with the engine's code and parameters. An error the engine gives no code
// (a browser's own, or one of the engine's checks that still writes English) keeps its message.
export const said = (e, words = refusals) =>
  e?.code && messageAt(words, e.code) !== undefined ? refusalText(e, words) : (e?.message ?? String(e));
