// A value that broke its schema (web/files/schema.js: {field, expected, got}) as a sentence in the
// page's language: where, what stood there (a short excerpt) and what its schema asked for.
import { text } from './index.js';
import { excerpt } from './refusal.js';
import { tooLarge } from '../files/size.js';

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

// Why `file` ({name, size}) is not read as a `kind` file, by its size alone (web/files/size.js),
// or '' when it may be read: its size in MB, rounded up to a tenth (to a whole MB from 1,000 on,
// as the page shows four digits) so that it never reads as the most.
export function fileTooLarge(file, kind, words = text.files) {
  const large = tooLarge(file, kind);
  if (!large) return '';
  const { name, got, most } = large;
  const MB = 2 ** 20;
  const step = got / MB < 1000 ? 10 : 1;
  return words.tooLarge({ kind, name: excerpt(name), got: Math.ceil((got / MB) * step) / step, most: most / MB });
}
