// A refusal in words. The engine, and the page's modules without DOM (training, models), say
// what they refuse as a code and named parameters ({code: 'parse.twoPoints', params: {number:
// '0.5.5'}}, cpp/lab/core/refusal.hpp); the sentence is the catalogue's, under `refusals` at the
// code's path. The page words it in the student's language (index.js, `said`); an Error carries
// a sentence as its message too, for the console, Node and a worker's log (message-words.js).
import { compileCatalogue } from './compile.js';
import messageWords from './message-words.js';

// The compiled message at a dotted code in a compiled `engine` section, or undefined.
export const messageAt = (words, code) => code.split('.').reduce((at, key) => at?.[key], words);

// `refusal`: {code, params}; `words`: a compiled `refusals` section. A reader's refusal says where
// it stopped (`near`: the next characters, "" at the end of the text), which becomes a clause of
// its own after the sentence. A parameter that is itself a refusal (the facade's `got`: "an
// array of 3") is worded first. An unknown code throws: every code the engine can say has a
// sentence in every language (tests/js/refusal.test.mjs).
export function refusalText({ code, params = {} }, words) {
  const message = messageAt(words, code);
  if (message === undefined || typeof message === 'object')
    throw new Error(`the engine said ${code}, which the catalogue has no sentence for`);
  const { near, ...given } = params;
  const rest = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v?.code ? refusalText(v, words) : v]));
  const what = typeof message === 'string' ? message : message(rest);
  if (near === undefined) return what;
  return near === '' ? words.atEnd({ what }) : words.near({ what, near });
}

// An error as a worker posts it to the page: the English message, and the engine's code and
// parameters when it has them, so that the page can word it in the student's language.
export const refusal = (e) => ({ message: e.message, ...(e.code && { code: e.code, params: e.params }) });

// A refusal's sentence as an Error's message; its refusals are compiled the first time.
let compiledMessageWords;
export const messageOf = (r) =>
  refusalText(r, (compiledMessageWords ??= compileCatalogue(messageWords.refusals, messageWords.locale)));

// What a message quotes of a value a student typed or a file held: at most `most` characters of
// text, with … where it was cut; an object or a list by its brackets alone (a deep one is never
// walked); anything else as written.
export function excerpt(v, most = 20) {
  if (typeof v === 'string') return v.length > most ? `${v.slice(0, most)}…` : v;
  if (v !== null && typeof v === 'object') return Array.isArray(v) ? '[…]' : '{…}';
  return String(v);
}

// A value as a message quotes it: an excerpt, text in JSON's quotes (so "" and " " show).
export const quotedExcerpt = (v) => (typeof v === 'string' ? JSON.stringify(excerpt(v)) : excerpt(v));

// Where a JSON text stops being JSON, from the browser's own message (in English, so only its
// number is kept): the character's index, or 'none' when the browser does not say.
export const jsonBreak = (e) => /\bposition (\d+)/.exec(e?.message ?? '')?.[1] ?? 'none';

// An Error that refuses: refused('training.setup.divisible', {D: 32, heads: 3}).
export const refused = (code, params = {}) => Object.assign(new Error(messageOf({ code, params })), { code, params });
