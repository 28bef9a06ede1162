// A value that broke its schema (web/files/schema.js: {field, expected, got}) as a sentence in the
// page's language: where, what stood there (a short excerpt) and what its schema asked for.
import { text } from './index.js';
import { excerpt } from './refusal.js';

// What a schema asked for, as words: the choices of an `either` (and of the `exactly`s in it)
// as one list of alternatives.
function choicesOf(expected, words) {
  if (expected.kind === 'either') return expected.options.flatMap((option) => choicesOf(option, words));
  if (expected.kind === 'exactly') return expected.choices.map((c) => String(c));
  if (expected.kind === 'number' && expected.least === -Infinity && expected.most === Infinity)
    return [words.anyNumber];
  if (expected.kind === 'names' && expected.most !== Infinity) return [words.namesUpTo(expected)];
  const said = words[expected.kind];
  return [typeof said === 'function' ? said(expected) : (said ?? expected.kind)];
}
const expectedText = (expected, words) => words.either({ choices: choicesOf(expected, words) });

// `words`: the catalogue's `files` section, the page's language's unless another is given.
export function fieldProblem({ field, expected, got }, words = text.files) {
  return words.wrongField({
    field,
    expected: expectedText(expected, words),
    got: excerpt(got),
    isText: typeof got === 'string',
    missing: got === undefined,
  });
}

// A file refused by its size, unread (web/files/size.js's tooLarge: {kind, name, got, most} in
// bytes), in MB: the file's size rounded up to a tenth, or to a whole MB from 1,000 on (the page
// shows four digits), so that it never reads as the most.
export function fileTooLarge({ kind, name, got, most }, words = text.files) {
  const MB = 2 ** 20;
  const step = got / MB < 1000 ? 10 : 1;
  return words.tooLarge({ kind, name: excerpt(name), got: Math.ceil((got / MB) * step) / step, most: most / MB });
}
