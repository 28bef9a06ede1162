// The practice set in words. The engine's facade (lab.practice) answers in keys and numbers;
// this wraps it so that every result the page shows carries its sentences from strings.js: a
// problem's title, prompt and hints, a verdict's feedback, a solution's step titles and the
// names of the mistakes. A translation changes strings.js only.
import { practice as text } from '../strings.js';
import { answerText } from './format.js';

// An entry as the page labels it, counting from 0: [1] in a vector, [1][0] in a matrix.
const entryLabel = (i, shape) => (shape.length === 2 ? `[${Math.floor(i / shape[1])}][${i % shape[1]}]` : `[${i}]`);

// The engine's verdict in words: how the answer was read, and what is wrong with it.
export function feedbackOf(c, rule) {
  const feedback = [];
  if (!c.readable) feedback.push(text.unreadable(text.formats[c.format], c.error));
  else if (c.correct) feedback.push(text.correct, text.readAs(answerText(c.parsedValue)));
  else {
    feedback.push(text.notYet, text.readAs(answerText(c.parsedValue)));
    if (c.misconception) feedback.push(text.misconception(text.misconceptions[c.misconception], c.section));
    else if (c.shapeMismatch) feedback.push(text.countMismatch(c.expectedCount));
    else if (c.wrongEntries.length && c.expectedCount > 1)
      feedback.push(text.wrongEntries(c.wrongEntries.map((i) => entryLabel(i, c.expectedShape))));
    if (['number', 'vector', 'matrix'].includes(c.format)) feedback.push(text.tolerance(rule));
  }
  return feedback.join(' ');
}

export function wordedPractice(practice) {
  const rule = practice.tolerance;
  const verdict = (c) => ({ ...c, feedback: feedbackOf(c, rule) });
  return {
    tolerance: rule,
    families: () => practice.families().map((f) => ({ ...f, title: text.families[f.id].title })),
    generate(id, seed) {
      const p = practice.generate(id, seed);
      const words = text.families[p.id];
      return {
        ...p,
        title: words.title,
        prompt: words.prompt(p.given, p),
        display: words.display?.(p.given, p) ?? null,
        hints: words.hints,
      };
    },
    check: (id, seed, answer) => verdict(practice.check(id, seed, answer)),
    checkValue: (answer, spec) => verdict(practice.checkValue(answer, spec)),
    solution(id, seed) {
      const s = practice.solution(id, seed);
      return {
        ...s,
        misconceptions: s.misconceptions.map((w) => ({ ...w, text: text.misconceptions[w.id] })),
        steps: s.steps.map((st) => ({ ...st, title: text.steps[st.key], note: text.stepNotes[st.key] || '' })),
      };
    },
  };
}
