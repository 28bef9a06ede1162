// What Handout #11's practice families say beyond their given values, in every language: the
// numbers a prompt places that are worked out from the given ones, and the code shown under a
// pre-post question. The sentences themselves are the catalogues' (web/text).
import { wordedPractice as worded } from '../practice-words.js';

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

// The engine's practice set in one language, with this handout's additions.
export const wordedPractice = (practice, words, locale) =>
  worded(practice, { derived, display: (p) => (p.id === 'pre-post' ? FORMULA_CODE[p.variant] : null) }, words, locale);
