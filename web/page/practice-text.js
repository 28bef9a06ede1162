// The practice set in words. The engine's facade (lab.practice) answers in keys and numbers;
// this wraps it so that every result the page shows carries its sentences from the page's
// catalogue (web/text): a problem's title, prompt and hints, a verdict's feedback, a
// solution's step titles and the names of the mistakes. A translation adds a catalogue only.
import { joinedIn, practice as pageWords, said, text as pageText } from '../text/index.js';
import choiceWords from '../text/choice-words.js';
import { answerText } from '../locale/number.js';
import { language } from '../locale/language.js';

// An entry as the page labels it, counting from 0: [1] in a vector, [1][0] in a matrix.
const entryLabel = (i, shape) => (shape.length === 2 ? `[${Math.floor(i / shape[1])}][${i % shape[1]}]` : `[${i}]`);

// The code lines shown under a pre-post question, by question: code, the same in every language.
const FORMULA_CODE = {
  'pre-math': 'H = X + MHA(LN(X))\nY = H + FFN(LN(H))',
  'post-math': 'H = LN(X + MHA(X))\nY = LN(H + FFN(H))',
  nanogpt: 'x = x + self.attn(self.ln_1(x))\nx = x + self.mlp(self.ln_2(x))',
  'torch-post': 'x = self.norm1(x + self._sa_block(x))\nx = self.norm2(x + self._ff_block(x))',
  'torch-pre': 'x = x + self._sa_block(self.norm1(x))\nx = x + self._ff_block(self.norm2(x))',
  'sublayer-post': 'y = LayerNorm(x + f(x))',
  'sublayer-pre': 'y = x + f(LayerNorm(x))',
  'final-norm': 'x = x + attn(ln_1(x))\nx = x + mlp(ln_2(x))',
};

// "0 and 2", "0, 1 y 3", "0和2": a list of small numbers in a language.
const listed = (xs, locale) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(xs.map(String));

// What a prompt says beyond the given values themselves: the last position of a range, a
// width read off a matrix, the mask's pattern in words. Arithmetic on given numbers happens
// here, so that a catalogue only places values. `text` is the practice set's words in one
// language, `locale` that language.
const derived = {
  'score-variance': (g) => ({ sigma2: g['sigma^2'] }),
  'attention-matrix': (g) => ({ d_k: g.Q[0].length }),
  layernorm: (g) => ({ features: g.X[0].length }),
  'pre-post': (g, p, text) => ({ intro: text.formulas[p.variant]?.intro ?? '' }),
  'cache-rows': (g) => ({ last: g.T - 1 }),
  'causal-mask': (g) => ({ last: g.T - 1 }),
  'cross-attention': (g) => ({ last: g.T_enc - 1 }),
  'fused-columns': (g, p) => ({ lastHead: g.H - 1, lastColumn: (p.variant === 'q' ? 1 : 3) * g.D - 1 }),
  'teacher-forcing': (g, p) => ({
    sentence: p.words.join(' '),
    ids: g.tokens ? `[${g.tokens.join(', ')}]` : '',
  }),
  leak: (g, p, text, locale) => {
    const masked = g.mask.flatMap((m, l) => (m ? [l] : []));
    const pattern = masked.length === g.mask.length ? 'every' : masked.length ? 'some' : 'none';
    const facts = {
      blocks: g.mask.length,
      pattern,
      masked: masked.length,
      list: listed(masked, locale),
      T: g.T,
      last: g.T - 1,
    };
    return { model: text.families.leak.model(facts) };
  },
  'toy-trace': (g, p, text) => ({ model: text.families['toy-trace'].model }),
};

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
function promptOf(p, text, locale) {
  const message = text.families[p.id].prompt;
  const chosen = typeof message === 'object' ? (message[p.variant] ?? message.formula) : message;
  if (typeof chosen !== 'function') return chosen;
  return chosen({ ...p.given, ...(derived[p.id]?.(p.given, p, text, locale) ?? {}) });
}

// The rule the checker applies, in words, from the engine's own constants.
export const toleranceText = ({ relative, floor }, text = pageWords) =>
  text.tolerance({ percent: +(relative * 100).toPrecision(3), part: `1/${Math.round(1 / floor)}` });

// The words of choice questions (yes, no, pre, post): the engine's word for what a student
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
// language's compiled catalogue, whose practice, refusals and ui sections it reads).
export function wordedPractice(practice, words = pageText, locale = language) {
  const text = words.practice;
  const rule = practice.tolerance;
  const verdict = (c) => ({ ...c, feedback: feedbackOf(c, rule, words) });
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
        prompt: promptOf(p, text, locale),
        words: p.format === 'choice' ? p.words.map((w) => shownWord(w, text)) : p.words,
        display: p.id === 'pre-post' ? FORMULA_CODE[p.variant] : null,
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
