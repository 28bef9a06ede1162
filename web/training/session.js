// A training session: the runs of one experiment on one corpus, stepped together. It owns the
// engine's models and the data; it has no DOM, and every number it reports comes from the engine
// (losses, entropies, probabilities) or is a count or a clock reading (steps, tokens per second).
import { CORPORA } from './corpora.js';
import { DEFAULT_SETUP, EXPERIMENTS, SETUP_WHOLE } from './experiments.js';
import { charTokenizer, wordTokenizer } from '../tokenizers/tokenize.js';
import { split, windows } from './batches.js';
import { excerpt, quotedExcerpt as quoted, refused } from '../text/refusal.js';

// Validation always scores the same windows (drawn with their own seed), so that the points of a
// validation curve, and the curves of the runs of one experiment, are comparable.
const VALID_WINDOWS = 16;
const VALID_SEED = 12345;
const SAMPLE_TOKENS = 24; // length of each sample generation
const SAMPLE_TEMPERATURE = 0.8;

// The setup a student asks for, checked field by field before any model is made; the refusal
// says what was expected and what was received. A corpus is looked up only by a text (an object
// as a key would be turned into one, and may refuse to be).
export function checkSetup(setup) {
  const whole = (k, lo, hi) => {
    const v = setup[k];
    if (!Number.isInteger(v) || v < lo || v > hi)
      throw refused('training.setup.whole', { field: k, min: lo, max: hi, got: quoted(v) });
  };
  if (typeof setup.corpus !== 'string' || !Object.hasOwn(CORPORA, setup.corpus))
    throw refused('training.setup.corpus', { choices: Object.keys(CORPORA), got: quoted(setup.corpus) });
  for (const [k, [least, most]] of Object.entries(SETUP_WHOLE)) whole(k, least, most);
  if (!(typeof setup.lr === 'number' && Number.isFinite(setup.lr) && setup.lr > 0 && setup.lr <= 1)) {
    throw refused('training.setup.lr', { got: quoted(setup.lr) });
  }
  if (setup.D % setup.heads !== 0) throw refused('training.setup.divisible', { D: setup.D, heads: setup.heads });
}

export function createSession(lab, { experiment = 'custom', setup: asked = {}, saved = null }) {
  const exp = Object.hasOwn(EXPERIMENTS, experiment) ? EXPERIMENTS[experiment] : null;
  if (!exp) throw refused('training.experiment', { got: String(experiment), choices: Object.keys(EXPERIMENTS) });
  const setup = { ...DEFAULT_SETUP, ...exp.setup, ...asked };
  checkSetup(setup);
  // trainStep's optimizer, held to the engine's declared choices now rather than at the first step
  const optimizers = lab.options.trainStep.find((o) => o.name === 'optimizer').choices;
  if (typeof setup.optimizer !== 'string' || !optimizers.includes(setup.optimizer))
    throw refused('option.choice', { what: 'optimizer', choices: optimizers, got: excerpt(setup.optimizer) });
  const corpus = CORPORA[setup.corpus];
  const text = corpus.text();
  const tok = corpus.tokenizer === 'word' ? wordTokenizer(text) : charTokenizer(text);
  // A text's batches are windows of its training part; a generated corpus's, the engine's draws
  // for each run (its `data`: repeating sequences or the control's), a fresh batch each step.
  const drawn = (batch, seed, data = {}) =>
    lab.repeatsBatch({ batch, T: setup.T, vocab: tok.vocab.length, seed, ...data });
  const data = corpus.generated ? null : split(tok.encode(text), 0.1);
  if (data && data.valid.length < setup.T + 1) {
    throw refused('training.setup.corpusShort', { T: setup.T, tokens: data.valid.length, max: data.valid.length - 1 });
  }
  // Every run is validated on the same batch: of a generated corpus, repeating sequences, on
  // which the control's loss is what a model that cannot copy scores.
  const validBatch = data ? windows(data.valid, VALID_WINDOWS, setup.T, VALID_SEED) : drawn(VALID_WINDOWS, VALID_SEED);
  const prompt = tok.encode(corpus.prompt);
  const probe = tok.encode(corpus.probe).slice(-setup.T);
  const examples = corpus.examples ? corpus.examples(tok.decode(data.valid)) : [];
  // The probe's period, where the corpus gives one and the probe, cut to T, still holds a repeat.
  const period = corpus.period < probe.length ? corpus.period : 0;

  const baseConfig = {
    vocab: tok.vocab.length,
    D: setup.D,
    heads: setup.heads,
    layers: setup.layers,
    T: setup.T,
    ffnMult: setup.ffnMult,
    activation: setup.activation,
    gated: setup.gated,
    arrangement: setup.arrangement,
    norm: setup.norm,
    positions: setup.positions,
    seed: setup.seed,
  };
  const runs = [];
  try {
    if (saved) {
      runs.push({ id: 'model', model: lab.loadModel(saved), config: saved.config });
    } else {
      for (const r of exp.runs) {
        const config = { ...baseConfig, ...(r.model || {}) };
        if (r.mask)
          config.maskBlocks = Array.from(
            { length: config.layers },
            (_, i) => r.mask === 'every' || (r.mask === 'last' && i === config.layers - 1),
          );
        runs.push({ id: r.id, model: lab.createModel(config), config, data: r.data });
      }
    }
  } catch (e) {
    for (const r of runs) r.model.delete();
    throw e;
  }
  if (saved && saved.config.vocab !== tok.vocab.length) {
    runs[0].model.delete();
    throw refused('training.savedVocabulary', { saved: saved.config.vocab, corpus: setup.corpus, n: tok.vocab.length });
  }
  let step = 0;
  let ms = 0;

  return {
    experiment,
    setup,
    vocab: tok.vocab,
    probe,
    probeText: corpus.probe,
    runIds: runs.map((r) => r.id),
    get step() {
      return step;
    },
    // One optimiser step for every run on the same batch (of a generated corpus, each run's own
    // draw from the same seed); a run that diverges throws (its parameters stay as they were) and
    // the caller stops.
    trainStep() {
      const seed = setup.seed * 100003 + step + 1; // a batch of its own for each seed and step
      const batch = data && windows(data.train, setup.batch, setup.T, seed);
      const options = { optimizer: setup.optimizer, lr: setup.lr, ...exp.train };
      const t0 = performance.now();
      const losses = runs.map((r) => r.model.trainStep(batch || drawn(setup.batch, seed, r.data), options).loss);
      ms = performance.now() - t0;
      step += 1;
      return {
        step,
        losses,
        tokensPerSecond: Math.round((runs.length * setup.batch * setup.T) / (ms / 1000)),
      };
    },
    // §4 as a run trains: the best previous-token score of its first block and the best
    // induction score of its last, on the probe (a stretch typed twice).
    headScores() {
      return runs.map((r) => {
        const s = r.model.headScores(probe, { period });
        return { previousToken: Math.max(...s.previousToken[0]), induction: Math.max(...s.induction.at(-1)) };
      });
    },
    // Validation loss on fixed windows; for §7.3 also under the causal mask everywhere.
    validate() {
      return runs.map((r) => ({
        valid: r.model.evaluate(validBatch).loss,
        causal: exp.causalValidation ? r.model.evaluate(validBatch, { causal: true }).loss : null,
      }));
    },
    // Greedy and sampled generations; for §7.3 under the causal mask everywhere, as validated.
    samples() {
      const causal = Boolean(exp.causalValidation);
      return runs.map((r, i) => ({
        greedy: tok.decode(r.model.generate(prompt, { steps: SAMPLE_TOKENS, causal }).tokens),
        sampled: tok.decode(
          r.model.generate(prompt, { steps: SAMPLE_TOKENS, temperature: SAMPLE_TEMPERATURE, seed: step + i, causal })
            .tokens,
        ),
      }));
    },
    // For the order task: how many held-out questions each run answers exactly, greedily
    // (a count of string matches; the answers themselves are the engine's generations).
    answers() {
      const stop = tok.encode(corpus.stop)[0];
      return runs.map(
        (r) =>
          examples.filter(({ question, answer }) => {
            const q = tok.encode(question).slice(-setup.T);
            const out = r.model.generate(q, { steps: answer.length, eos: stop }).tokens.slice(q.length);
            return tok.decode(out) === answer;
          }).length,
      );
    },
    answerCount: examples.length,
    // the heads are scored where the experiment asks and the probe, cut to T, still repeats
    scoresHeads: Boolean(exp.heads) && period > 0,
    // Attention, next-token probabilities and entropy of run `index` on `tokens` (the probe by
    // default), with an optional intervention.
    inspect(index = 0, tokens = probe, intervention = {}) {
      const r = runs[index].model.inspect(tokens, intervention);
      return { ...r, tokens: tokens.map((t) => tok.vocab[t]) };
    },
    // A sentence typed by the student, as ids; words or characters outside the vocabulary are refused.
    encode(s) {
      // by its length first: no corpus has a token of more than 64 characters
      if (s.length > setup.T * 64)
        throw refused('training.sentence.tooLongText', { n: s.length, T: setup.T, most: setup.T * 64 });
      const ids = tok.encode(s);
      if (!ids.length) throw refused('training.sentence.empty');
      if (ids.length > setup.T) throw refused('training.sentence.tooLong', { n: ids.length, T: setup.T });
      return ids;
    },
    save: (index = 0) => runs[index].model.save(),
    dispose() {
      for (const r of runs) r.model.delete();
    },
  };
}
