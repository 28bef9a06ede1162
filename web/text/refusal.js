// A refusal of the engine in words. The engine says what it refused as a code and named
// parameters ({code: 'parse.twoPoints', params: {number: '0.5.5'}}, cpp/lab/core/refusal.hpp);
// the sentence is the catalogue's, under `engine` at the code's path. The page words it in the
// student's language (index.js, `said`), the facade in English for the console and Node.

// The compiled message at a dotted code in a compiled `engine` section, or undefined.
export const messageAt = (words, code) => code.split('.').reduce((at, key) => at?.[key], words);

// `refusal`: {code, params}; `words`: a compiled `engine` section. A reader's refusal says where
// it stopped (`near`: the next characters, "" at the end of the text), which becomes a clause of
// its own after the sentence. An unknown code throws: every code the engine can say has a
// sentence in every language (tests/js/refusal.test.mjs).
export function refusalText({ code, params = {} }, words) {
  const message = messageAt(words, code);
  if (message === undefined || typeof message === 'object')
    throw new Error(`the engine said ${code}, which the catalogue has no sentence for`);
  const { near, ...rest } = params;
  const what = typeof message === 'string' ? message : message(rest);
  if (near === undefined) return what;
  return near === '' ? words.atEnd({ what }) : words.near({ what, near });
}

// An error as a worker posts it to the page: the English message, and the engine's code and
// parameters when it has them, so that the page can word it in the student's language.
export const refusal = (e) => ({ message: e.message, ...(e.code && { code: e.code, params: e.params }) });
