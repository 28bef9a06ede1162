// A practice set in words. The engine's facade (lab.practice) answers in keys and numbers;
// this wraps it so that every result the page shows carries its sentences from the page's
// catalogue (web/text): a problem's title, prompt and hints, a verdict's feedback, a
// solution's step titles and the names of the mistakes. A translation adds a catalogue only;
// a handout adds what its families' prompts need beyond their given values (`own`, below).
import { joinedIn, practice as pageWords, said, text as pageText } from '../text/index.js';
import choiceWords from '../text/choice-words.js';
import { answerText } from '../locale/number.js';
import { language } from '../locale/language.js';

// An entry as the page labels it, counting from 0: [1] in a vector, [1][0] in a matrix.
const entryLabel = (i, shape) => (shape.length === 2 ? `[${Math.floor(i / shape[1])}][${i % shape[1]}]` : `[${i}]`);

// A given value's or a worked step's value's name as the page shows it: a word from the
// catalogue (targets, objetivos, 目标), or notation, the same in every language, with its Greek
// letters, roots and squares as symbols (tau → τ, sqrt(d_k) → √d_k, sigma^2 → σ²).
const SYMBOLS = [
  // a root of one symbol needs no brackets: √d_k, √(Var(q · k))
  [/\bsqrt\(((?:[^()]|\([^()]*\))*)\)/g, (_, inner) => (/^\w+$/.test(inner) ? `√${inner}` : `√(${inner})`)],
  [/\btau\b/g, 'τ'],
  [/\bsigma\b/g, 'σ'],
  [/\bmu\b/g, 'μ'],
  [/\^2\b/g, '²'],
  [/ \. /g, ' · '],
];
export const valueName = (name, text = pageWords) =>
  text.values[name] ?? SYMBOLS.reduce((shown, [pattern, symbol]) => shown.replace(pattern, symbol), name);

// A problem's prompt: one message per family, or one per question of the family.
function promptOf(p, own, text, locale) {
  const message = text.families[p.id].prompt;
  const chosen = typeof message === 'object' ? (message[p.variant] ?? message.formula) : message;
  if (typeof chosen !== 'function') return chosen;
  return chosen({ ...p.given, ...(own.derived[p.id]?.(p.given, p, text, locale) ?? {}) });
}

// The rule the checker applies, in words, from the engine's own constants.
export const toleranceText = ({ relative, floor }, text = pageWords) =>
  text.tolerance({ percent: +(relative * 100).toPrecision(3), part: `1/${Math.round(1 / floor)}` });

// The words of choice questions (yes, no, pre, post, a head's label): the engine's word for what a student
// typed in any language, lower-cased, so that a result file typed in Spanish is checked alike on
// an English teacher's page; and the page's word for the engine's.
const engineWords = new Map(
  Object.values(choiceWords).flatMap((words) =>
    Object.entries(words).map(([word, typed]) => [typed.toLowerCase(), word]),
  ),
);
const engineWord = (answer) => engineWords.get(String(answer).trim().toLowerCase()) ?? answer;
const shownWord = (word, text) => text.choices[word] ?? word;

// Why an answer could not be read, in one language (`refusalWords`, its `refusals` section):
// the options a choice offers are named in that language's words.
function unreadableText(error, text, refusalWords) {
  const options = error.code === 'check.notAnOption' ? error.params.options.map((w) => shownWord(w, text)) : null;
  return said(options ? { ...error, params: { ...error.params, options } } : error, refusalWords);
}

// The engine's verdict in words: how the answer was read, and what is wrong with it.
function feedbackOf(c, rule, words = pageText) {
  const { practice: text, refusals: refusalWords } = words;
  const feedback = [];
  const read = text.readAs({
    text: c.format === 'choice' ? shownWord(c.parsedValue, text) : answerText(c.parsedValue),
  });
  if (!c.readable)
    feedback.push(
      text.unreadable({ format: text.formats[c.format], error: unreadableText(c.error, text, refusalWords) }),
    );
  else if (c.correct) feedback.push(text.correct, read);
  else {
    feedback.push(text.notYet, read);
    if (c.misconception)
      feedback.push(text.misconception({ what: text.misconceptions[c.misconception], section: c.section }));
    else if (c.shapeMismatch) feedback.push(text.countMismatch({ expected: c.expectedCount }));
    else if (c.wrongEntries.length && c.expectedCount > 1)
      feedback.push(
        text.wrongEntries({
          count: c.wrongEntries.length,
          labels: c.wrongEntries.map((i) => entryLabel(i, c.expectedShape)),
        }),
      );
    if (['number', 'vector', 'matrix'].includes(c.format)) feedback.push(toleranceText(rule, text));
  }
  return joinedIn(words.ui, ...feedback);
}

// The engine's practice set (lab.practice) in one language: the page's, unless told (`words`: that
// language's compiled catalogue, whose practice, refusals and ui sections it reads). `own` is
// what the handout adds to its families' words: `derived[family](given, problem, text, locale)`,
// the values a prompt places beyond the given ones, and `display(problem)`, the lines of code
// shown under a question, or null.
export function wordedPractice(practice, own, words = pageText, locale = language) {
  const text = words.practice;
  const rule = practice.tolerance;
  // The feedback is worded when it is read: a result file's re-check asks only whether each of
  // up to 140,000 answers is right, and wording each would double its cost.
  const verdict = (c) => {
    let feedback;
    return Object.defineProperty({ ...c }, 'feedback', {
      get: () => (feedback ??= feedbackOf(c, rule, words)),
      enumerable: true,
    });
  };
  let formats = null;
  const formatOf = (id) => (formats ??= new Map(practice.families().map((f) => [f.id, f.format]))).get(id);
  const typed = (id, answer) => (formatOf(id) === 'choice' ? engineWord(answer) : answer);
  return {
    tolerance: rule,
    edition: practice.edition,
    families: () => practice.families().map((f) => ({ ...f, title: text.families[f.id].title })),
    // `edition`: of the problem set (an assignment's; none: the latest).
    generate(id, seed, edition) {
      const p = practice.generate(id, seed, edition);
      const words = text.families[p.id];
      return {
        ...p,
        title: words.title,
        prompt: promptOf(p, own, text, locale),
        words: p.format === 'choice' ? p.words.map((w) => shownWord(w, text)) : p.words,
        display: own.display(p),
        hints: words.hints,
      };
    },
    check: (id, seed, answer, edition) => verdict(practice.check(id, seed, typed(id, answer), edition)),
    checkValue: (answer, spec) => verdict(practice.checkValue(answer, spec)),
    solution(id, seed, edition) {
      const s = practice.solution(id, seed, edition);
      return {
        ...s,
        ...(formatOf(id) === 'choice' && {
          answer: shownWord(s.answer, text),
          answerValue: shownWord(s.answerValue, text),
        }),
        misconceptions: s.misconceptions.map((w) => ({ ...w, text: text.misconceptions[w.id] })),
        steps: s.steps.map((st) => ({ ...st, title: text.steps[st.key], note: text.stepNotes[st.key] || '' })),
      };
    },
  };
}
