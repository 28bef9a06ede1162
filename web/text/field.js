// A value that broke its schema (web/files/schema.js: {field, expected, got}) as a sentence in the
// page's language: where, what stood there (a short excerpt) and what its schema asked for.
import { text } from './index.js';
import { excerpt } from './refusal.js';

function expectedText(expected, words) {
  if (expected.kind === 'either')
    return words.either({ choices: expected.options.map((option) => expectedText(option, words)) });
  if (expected.kind === 'exactly') return words.exactly({ choices: expected.choices.map((c) => String(c)) });
  const said = words[expected.kind];
  return typeof said === 'function' ? said(expected) : said;
}

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
