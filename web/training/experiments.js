// The training panel's setups as data (no DOM, no arithmetic): the settings' bounds, the default
// model, and the four experiments of the panel, each a set of runs that differ in one setting and
// share everything else, including the seed. The corpora they name are corpora.js's CORPORA.

// The whole-number settings' bounds (least, most), as the session holds a setup to them and a
// saved model's file is read by them. A bound keeps the page's training within a phone's time
// and memory: D 512 with 8 blocks is already minutes a step there.
export const SETUP_WHOLE = {
  D: [1, 512],
  heads: [1, 64],
  layers: [1, 8],
  T: [1, 256],
  ffnMult: [0, 8], // 0: attention-only blocks
  batch: [1, 128],
  seed: [0, 2 ** 31],
};

// A model small enough to train in seconds; every field is a control on the panel.
export const DEFAULT_SETUP = {
  corpus: 'grammar',
  D: 32,
  heads: 2,
  layers: 2,
  T: 16,
  ffnMult: 4,
  activation: 'gelu',
  gated: false,
  arrangement: 'pre',
  norm: 'layer',
  positions: 'learned',
  optimizer: 'adamw',
  lr: 3e-3,
  batch: 16,
  seed: 1,
};

// Each experiment: the runs it compares (one setting each) on top of its own setup. A run's
// `mask` says which blocks apply the causal mask: 'every', 'last' (only), or 'none'; its `data`,
// what a generated corpus draws for it (lab.repeatsBatch's options); `train`, trainStep's options
// beyond the setup's optimiser and learning rate; `trained`, the file of a model it offers
// already trained; `heads`, that each run's heads are scored as it trains (§4).
export const EXPERIMENTS = {
  custom: { setup: {}, runs: [{ id: 'model', model: {} }] },
  // §7.3: the mask in every block, in the last block only, or nowhere.
  leak: {
    section: '§7.3',
    setup: { corpus: 'grammar', layers: 2, T: 12 },
    runs: [
      { id: 'every', mask: 'every' },
      { id: 'last', mask: 'last' },
      { id: 'none', mask: 'none' },
    ],
    causalValidation: true,
  },
  // §6.1: learned, sinusoidal or no positions on a task that needs order.
  positions: {
    section: '§6.1',
    setup: { corpus: 'order', T: 24, D: 48, heads: 4 },
    runs: [
      { id: 'learned', model: { positions: 'learned' } },
      { id: 'sinusoidal', model: { positions: 'sinusoidal' } },
      { id: 'none', model: { positions: 'none' } },
    ],
    answers: true,
  },
  // §3.1: scores divided by sqrt(d_k), or not, with one head of width d_k = 128.
  scaling: {
    section: '§3.1',
    setup: { corpus: 'english', D: 128, heads: 1, layers: 1, T: 32, lr: 1e-3 },
    runs: [
      { id: 'scaled', model: { scaled: true } },
      { id: 'unscaled', model: { scaled: false } },
    ],
    entropy: true,
  },
  // §2.2 and §4: two blocks of attention alone on sequences that repeat stretches of themselves,
  // beside the same model on sequences that do not (same seed, sizes and settings). Fixed
  // sinusoidal positions make "the token before" the easiest place for a block-0 head to look,
  // which the induction circuit needs; with learned positions the engine's models learned to
  // predict repeats by absolute place instead (a stretch stored two tokens a position), which
  // fails once a repeat's first occurrence lies late in the sequence. AdamW (0.9, 0.95) without
  // weight decay at a constant 3e-3, batch 32.
  induction: {
    section: '§4',
    setup: {
      corpus: 'repeats',
      D: 64,
      heads: 4,
      layers: 2,
      T: 64,
      ffnMult: 0,
      positions: 'sinusoidal',
      optimizer: 'adamw',
      lr: 3e-3,
      batch: 32,
    },
    train: { weightDecay: 0 },
    // the repeating run after 3,000 steps, as scripts/train-induction.mjs trains it (dist/models/)
    trained: 'induction.json',
    // each run's heads scored on the probe (a stretch typed twice) whenever it is validated; the
    // circuit counts as formed once block 0's best previous-token score and the last block's best
    // induction score reach these (the scores of heads that do the job in a reference nanoGPT)
    heads: { previousToken: 0.3, induction: 0.5 },
    runs: [
      { id: 'repeats', data: { repeats: true } },
      { id: 'control', data: { repeats: false } },
    ],
  },
  // §2.2: one model; once trained, ablate a head or hide a token and watch the prediction move.
  intervention: {
    section: '§2.2',
    setup: { corpus: 'grammar', layers: 1, heads: 2 },
    runs: [{ id: 'model', model: {} }],
    intervene: true,
  },
};

// Whether a run's best scores ({previousToken, induction}, session.headScores()) reach the bars
// of an experiment that scores heads: the circuit has formed.
export const headsFormed = (experiment, s) => {
  const bars = EXPERIMENTS[experiment].heads;
  return s.previousToken >= bars.previousToken && s.induction >= bars.induction;
};

// The settings of `setup` that differ from what `experiment` sets by itself: what a link to the
// panel needs to name.
export function settingsDiff(experiment, setup) {
  const base = { ...DEFAULT_SETUP, ...(EXPERIMENTS[experiment]?.setup || {}) };
  return Object.fromEntries(
    Object.entries(setup).filter(([key, value]) => key in DEFAULT_SETUP && base[key] !== value),
  );
}
