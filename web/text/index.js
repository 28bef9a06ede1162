// Every sentence the page shows comes from one catalogue per language (en.js, es.js,
// zh-Hans.js): plain data, ICU MessageFormat strings with named parameters. This module
// compiles the page's language once (compile.js), the only catalogue it loads (catalogue.js), and
// hands out the same sections the views import: a message without parameters is a string, one
// with parameters a function of one object.
import { compileCatalogue } from './compile.js';
import { messageAt, refusalText } from './refusal.js';
import { language } from '../locale/language.js';
import catalogue, { laterOf } from './catalogue.js';
import { LATER } from './parts.js';

export { compileCatalogue, language };
export const text = compileCatalogue(catalogue, language);

// The sections that come in part later (parts.js): each is the same object before and after, so
// the views' imports stay valid, and reading a message of one that has not come yet throws (a
// bug: the part of the page that reads it must wait for textOf first) rather than showing
// "undefined".
const whole = new Set(laterOf ? [] : Object.keys(LATER));
const asked = new Map();
for (const name of Object.keys(LATER).filter((n) => !whole.has(n))) {
  const words = text[name];
  text[name] = new Proxy(words, {
    get(target, key, receiver) {
      if (typeof key === 'string' && key !== 'then' && !(key in target) && !whole.has(name))
        throw new Error(`text ${name}.${key} was read before its part of the catalogue came (web/text/parts.js)`);
      return Reflect.get(target, key, receiver);
    },
  });
}
// Resolves once section `name` (a key of parts.js's LATER) is whole.
export function textOf(name) {
  if (whole.has(name)) return Promise.resolve();
  if (!asked.has(name))
    asked.set(
      name,
      laterOf(name).then((rest) => {
        Object.assign(text[name], compileCatalogue(rest, language, name));
        whole.add(name);
      }),
    );
  return asked.get(name);
}
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
