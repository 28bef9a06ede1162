// §7 one predictor, two modes: generation (§7.1), teacher forcing (§7.2), why the mask must be
// in every block (§7.3), and the complete toy trace (§7.4).
import { labels as L } from '../../../text/index.js';
import { precise, short, vector } from '../../../locale/number.js';
import { dependsOnLater, sharedMax } from '../../../locale/format.js';
import { sentence, toyModel, toyModelNoTable, toyOptions, toyTokens, toyVocabulary, words } from './handout.js';
import { MAX_SEED } from '../../inputs.js';

const sinusoidal = { ...toyOptions, positions: 'sinusoidal' };
const names = (ids, vocab = toyVocabulary) => ids.map((t) => vocab[t] ?? `#${t}`);

export const generationExample = {
  id: '7.1',
  section: '§7.1',
  inputs: {
    prompt: { value: [0, 1, 2], integer: true, token: true, min: 0, max: 2 },
    temperature: { value: 1, min: 0, max: 100 },
    seed: { value: 7, integer: true, min: 0, max: MAX_SEED },
    steps: { value: 4, integer: true, min: 1, max: 32 },
    eos: { value: 'none', choices: ['none', ...toyVocabulary] },
  },
  run(lab, x) {
    const greedy = lab.generate(x.prompt, toyModel, { ...toyOptions, steps: 1 });
    const eos = x.eos === 'none' ? undefined : toyVocabulary.indexOf(x.eos);
    const sampled = lab.generate(x.prompt, toyModelNoTable, {
      ...sinusoidal,
      steps: x.steps,
      temperature: x.temperature,
      seed: x.seed,
      eos,
    });
    const next = sampled.tokens[x.prompt.length];
    // lmForward scores a target after its inputs; the appended 0 is that placeholder target.
    const before = lab.lmForward([...x.prompt, 0], toyModelNoTable, sinusoidal).logits;
    const after = lab.lmForward([...x.prompt, next, 0], toyModelNoTable, sinusoidal).logits;
    const earlier = after.slice(0, x.prompt.length);
    // Bit-for-bit comparison of what the engine returned; no arithmetic.
    const same = earlier.every((row, i) => row.every((z, v) => z === before[i][v]));
    // The same generation with the keys-and-values cache; compared entry by entry, no arithmetic.
    const cached = lab.generate(x.prompt, toyModelNoTable, {
      ...sinusoidal,
      steps: x.steps,
      temperature: x.temperature,
      seed: x.seed,
      eos,
      cache: true,
    });
    const cacheSame =
      cached.tokens.every((t, i) => t === sampled.tokens[i]) &&
      cached.steps.every((st, i) => st.probs.every((p, v) => p === sampled.steps[i].probs[v]));
    const totals = lab.ops.sum([
      cached.steps.map((st) => st.naiveMultiplyAdds),
      cached.steps.map((st) => st.cachedMultiplyAdds),
    ]);
    return { greedy, sampled, before, after: earlier, next, same, cached, cacheSame, totals };
  },
  steps: [
    {
      key: 'greedy',
      formula: 'w_{T} = \\arg\\max_v \\, z_{T-1, v}',
      predict: {
        what: L.predict.greedy,
        format: 'token',
        words: toyVocabulary,
        hides: [L.lastLogits, 'softmax'],
        expected: (r) => toyVocabulary[r.greedy.steps[0].token].toLowerCase(),
      },
      show: (r, x) => [
        { matrix: x.prompt, label: L.prompt, kind: 'plain', input: 'prompt', colLabels: names(x.prompt) },
        { matrix: r.greedy.steps[0].logits, label: L.lastLogits, colLabels: toyVocabulary },
        { matrix: r.greedy.steps[0].probs, label: 'softmax', kind: 'prob', colLabels: toyVocabulary },
        { facts: [{ label: L.greedyNext, value: names([r.greedy.steps[0].token])[0], result: 'greedy' }] },
      ],
    },
    {
      key: 'sample',
      formula: 'p = \\mathrm{softmax}(z / \\tau), \\qquad w = \\min\\{v : \\textstyle\\sum_{u \\le v} p_u > u\\}',
      show: (r) => [
        { number: 'temperature', label: L.temperature },
        { number: 'seed', label: L.seed },
        { number: 'steps', label: L.stepsAtMost },
        { choice: 'eos', label: L.stopAfter, options: [['none', L.noStopToken], ...toyVocabulary.map((t) => [t, t])] },
        {
          matrix: r.sampled.steps.map((s) => s.probs),
          label: L.probabilities,
          kind: 'prob',
          rowLabels: r.sampled.steps.map((s, i) => L.step({ i: i + 1 })),
          colLabels: toyVocabulary,
        },
        {
          matrix: r.sampled.steps.map((s) => s.cumulative),
          label: L.cumulative,
          kind: 'prob',
          rowLabels: r.sampled.steps.map((s, i) => L.step({ i: i + 1 })),
          colLabels: toyVocabulary,
        },
        {
          table: {
            colLabels: r.sampled.steps.map((s, i) => L.step({ i: i + 1 })),
            rows: [
              ['u', ...r.sampled.steps.map((s) => (s.u === null ? '\u2014' : short(s.u)))],
              [L.token, ...r.sampled.steps.map((s) => names([s.token])[0])],
            ],
          },
          caption: L.draws,
        },
        {
          facts: [
            { label: L.sequence, value: names(r.sampled.tokens).join(' '), result: 'sampled' },
            { label: L.stopped, value: r.sampled.ended ? L.atStopToken : L.atStepBound, result: 'stopped' },
          ],
        },
      ],
    },
    {
      key: 'prefix',
      show: (r, x) => [
        { matrix: r.before, label: L.logitsBefore, rowLabels: names(x.prompt), colLabels: toyVocabulary },
        {
          matrix: r.after,
          label: L.logitsAfter({ token: names([r.next])[0] }),
          rowLabels: names(x.prompt),
          colLabels: toyVocabulary,
        },
        { facts: [{ label: L.earlierUnchanged, value: r.same ? L.bitForBit : L.changed, result: 'prefix-same' }] },
      ],
    },
    {
      key: 'cache',
      show: (r) => [
        {
          table: {
            colLabels: r.cached.steps.map((s, i) => L.step({ i: i + 1 })),
            rows: [
              [L.cachedPositions, ...r.cached.steps.map((s) => `0\u2013${s.position}`)],
              [L.cachedNumbers, ...r.cached.steps.map((s) => short(s.cachedNumbers))],
              [L.naiveCost, ...r.cached.steps.map((s) => short(s.naiveMultiplyAdds))],
              [L.cachedCost, ...r.cached.steps.map((s) => short(s.cachedMultiplyAdds))],
            ],
          },
          caption: L.cacheTable,
        },
        {
          facts: [
            { label: L.sameWithCache, value: r.cacheSame ? L.bitForBit : L.changed, result: 'cache-same' },
            {
              label: L.totalMultiplyAdds,
              value: L.totalCost({ naive: r.totals[0], cached: r.totals[1] }),
              result: 'cache-cost',
            },
          ],
        },
      ],
    },
  ],
};

// §7.2: six words, D = 2, sinusoidal positions, the §7.4 block, tied head.
const wordModel = {
  embedding: [
    [1, 0],
    [0, 1],
    [0.5, 0.5],
    [-1, 0],
    [0, -1],
    [-0.5, 0.5],
  ],
  blocks: toyModel.blocks,
};

export const teacherForcingExample = {
  id: '7.2',
  section: '§7.2',
  inputs: { sentence: { value: sentence, integer: true, token: true, min: 0, max: words.length - 1 } },
  run: (lab, x) => lab.lmForward(x.sentence, wordModel, sinusoidal),
  steps: [
    {
      key: 'table',
      show: (r, x) => [
        {
          matrix: x.sentence,
          label: L.tokenIds,
          kind: 'plain',
          input: 'sentence',
          colLabels: names(x.sentence, words),
        },
        {
          table: {
            colLabels: x.sentence.slice(0, -1).map((_, i) => String(i)),
            rows: [
              [L.input, ...names(x.sentence.slice(0, -1), words)],
              [L.target, ...names(x.sentence.slice(1), words)],
            ],
          },
          caption: L.positionCaption,
        },
      ],
    },
    {
      key: 'losses',
      formula: 'L = \\frac{1}{T} \\sum_{i=0}^{T-1} -\\log p_i(w_{i+1})',
      predict: {
        what: L.predict.loss,
        format: 'number',
        hides: ['\u2212log p_i(target)'],
        expected: (r) => r.loss,
        misconceptions: (r, x, lab) => [{ id: 'sum', section: '§7.2', value: lab.ops.sum(r.losses) }],
      },
      show: (r, x) => [
        {
          matrix: r.probs,
          label: 'p_i',
          kind: 'prob',
          rowLabels: names(x.sentence.slice(0, -1), words),
          colLabels: words,
        },
        {
          matrix: r.losses,
          label: L.negLogTarget,
          kind: 'magnitude',
          colLabels: names(x.sentence.slice(1), words),
        },
        { facts: [{ label: L.meanLoss, value: short(r.loss), result: 'loss' }] },
      ],
    },
  ],
};

// §7.3: the toy block twice, sinusoidal positions.
const twoBlocks = { ...toyModelNoTable, blocks: [toyModel.blocks[0], toyModel.blocks[0]] };

export const leakExample = {
  id: '7.3',
  section: '§7.3',
  inputs: {
    tokens: { value: [0, 1, 2, 0, 1], integer: true, token: true, min: 0, max: 2 },
    convention: { value: 'keep', choices: ['keep', 'additive'] },
  },
  run(lab, x) {
    const dep = (o) => lab.checks.futureDependence(x.tokens, twoBlocks, { ...sinusoidal, ...o });
    return {
      unmasked: lab
        .lmForward([...x.tokens, 0], toyModelNoTable, { ...sinusoidal, causal: false })
        .trace.find((s) => s.name === 'block0.weights').values[0],
      every: dep({ causal: true }),
      last: dep({ maskBlocks: [false, true] }),
      none: dep({ causal: false }),
    };
  },
  steps: [
    {
      key: 'mask',
      formula:
        'A = \\mathrm{softmax}(S + M), \\quad M_{ij} = \\begin{cases} 0 & j \\le i \\\\ -\\infty & j > i \\end{cases}',
      show: (r, x) => {
        const T = x.tokens.length;
        const keep = Array.from({ length: T }, (_, i) => Array.from({ length: T }, (_, j) => (j <= i ? 1 : 0)));
        const additive = keep.map((row) => row.map((k) => (k ? 0 : Number.NEGATIVE_INFINITY)));
        return [
          {
            choice: 'convention',
            label: L.showMaskAs,
            options: [
              ['keep', L.keepMatrix],
              ['additive', L.additiveMatrix],
            ],
          },
          x.convention === 'keep'
            ? {
                matrix: keep,
                label: 'keep = tril(ones)',
                kind: 'prob',
                caption: L.keepCaption,
                rowLabels: names(x.tokens),
                colLabels: names(x.tokens),
              }
            : {
                matrix: additive,
                label: 'M',
                kind: 'plain',
                caption: L.additiveCaption,
                rowLabels: names(x.tokens),
                colLabels: names(x.tokens),
              },
        ];
      },
    },
    {
      key: 'unmasked',
      show: (r, x) => [
        { matrix: x.tokens, label: L.tokens, kind: 'plain', input: 'tokens', colLabels: names(x.tokens) },
        {
          matrix: r.unmasked,
          label: L.unmaskedWeights,
          kind: 'prob',
          rowLabels: names(x.tokens).map((n, i) => `${i}: ${n}`),
          colLabels: names(x.tokens).map((n, i) => `${i}: ${n}`),
          // each query's own target, one place to its right
          marked: { cells: x.tokens.slice(1).map((_, i) => [i, i + 1]), meaning: L.targetCell },
        },
        {
          facts: r.unmasked
            .slice(0, -1)
            .map((row, i) => ({ label: L.weightOnTarget({ i, next: i + 1 }), value: short(row[i + 1]) })),
        },
      ],
    },
    {
      key: 'dependence',
      show: (r, x) => [
        ...['every', 'last', 'none'].map((k) => ({
          matrix: r[k],
          label: L.dependence({ title: L.masks[k] }),
          kind: 'magnitude',
          // one colour scale for the three, so that the same colour is the same dependence
          scaleMax: sharedMax(r.every, r.last, r.none),
          caption: L.dependenceCaption({ title: L.masks[k] }),
          rowLabels: x.tokens.map((_, i) => L.out({ i })),
          colLabels: x.tokens.map((_, j) => L.tok({ j })),
        })),
        {
          badges: ['every', 'last', 'none'].map((k) => ({
            label: L.masks[k],
            pass: !dependsOnLater(r[k]),
            detail: dependsOnLater(r[k]) ? L.readsFuture : L.noFuture,
          })),
        },
      ],
    },
  ],
};

const toyInputs = {
  tokens: { value: toyTokens, integer: true, token: true, min: 0, max: 2 },
  E: { value: toyModel.embedding },
  P: { value: toyModel.positions },
  wQ: { value: toyModel.blocks[0].attn.wQ },
  wK: { value: toyModel.blocks[0].attn.wK },
  wV: { value: toyModel.blocks[0].attn.wV },
  w1: { value: toyModel.blocks[0].ffn.w1 },
  w2: { value: toyModel.blocks[0].ffn.w2 },
  head: { value: toyModel.head },
};
const step = (r, name) => r.trace.find((s) => s.name === name).values;
const positionsOf = (x) => x.tokens.slice(0, -1).map((t, i) => `${i}: ${toyVocabulary[t] ?? t}`);

export const traceExample = {
  id: '7.4',
  section: '§7.4',
  inputs: toyInputs,
  run(lab, x) {
    const model = {
      embedding: x.E,
      positions: x.P,
      blocks: [{ attn: { wQ: x.wQ, wK: x.wK, wV: x.wV }, ffn: { w1: x.w1, w2: x.w2 } }],
      head: x.head,
    };
    const r = lab.lmForward(x.tokens, model, toyOptions);
    const next = lab.generate(x.tokens.slice(0, -1), model, { ...toyOptions, steps: 1 }).steps[0].token;
    return { ...r, next };
  },
  steps: [
    {
      key: 'embed',
      formula: 'x_i = E[w_i] + p_i',
      show: (r, x) => [
        { matrix: x.tokens, label: L.tokens, kind: 'plain', input: 'tokens', colLabels: names(x.tokens) },
        { matrix: x.E, label: 'E', input: 'E', rowLabels: toyVocabulary },
        { matrix: x.P, label: 'P', input: 'P', rowLabels: ['p0', 'p1', 'p2'] },
        { matrix: step(r, 'x'), label: 'X', rowLabels: positionsOf(x) },
      ],
    },
    {
      key: 'project',
      formula: 'Q = X W_Q, \\quad K = X W_K, \\quad V = X W_V',
      show: (r, x) => [
        { matrix: x.wQ, label: 'W_Q', input: 'wQ' },
        { matrix: x.wK, label: 'W_K', input: 'wK' },
        { matrix: x.wV, label: 'W_V', input: 'wV' },
        { matrix: step(r, 'block0.q'), label: 'Q', rowLabels: positionsOf(x) },
        { matrix: step(r, 'block0.k'), label: 'K', rowLabels: positionsOf(x) },
        { matrix: step(r, 'block0.v'), label: 'V', rowLabels: positionsOf(x) },
      ],
    },
    {
      key: 'attend',
      formula: 'S = \\frac{Q K^\\top}{\\sqrt{d_k}}, \\quad A = \\mathrm{softmax}(S + M), \\quad \\mathrm{attn} = A V',
      predict: {
        what: L.predict.attnRow2,
        format: 'vector',
        hides: ['A', 'attn'],
        expected: (r) => step(r, 'block0.attn')[2],
      },
      show: (r, x) => [
        { matrix: step(r, 'block0.scores')[0], label: 'S', rowLabels: positionsOf(x), colLabels: positionsOf(x) },
        {
          matrix: step(r, 'block0.weights')[0],
          label: 'A',
          kind: 'prob',
          rowLabels: positionsOf(x),
          colLabels: positionsOf(x),
        },
        { matrix: step(r, 'block0.attn'), label: 'attn', rowLabels: positionsOf(x) },
        { facts: [{ label: L.predict.attnRow2, value: vector(step(r, 'block0.attn')[2]), result: 'attn2' }] },
      ],
    },
    {
      key: 'ffn',
      formula: 'U = X + \\mathrm{attn}, \\qquad H = U + \\mathrm{ReLU}(U W_1) W_2',
      show: (r, x) => [
        { matrix: step(r, 'block0.residual1'), label: 'U', rowLabels: positionsOf(x) },
        { matrix: x.w1, label: 'W_1', input: 'w1' },
        { matrix: x.w2, label: 'W_2', input: 'w2' },
        { matrix: step(r, 'block0.output'), label: 'H', rowLabels: positionsOf(x) },
      ],
    },
    {
      key: 'loss',
      formula: '\\ell_i = \\operatorname{logsumexp}(z_i) - z_{i, t_i}, \\qquad L = \\frac{1}{3} \\sum_i \\ell_i',
      predict: {
        what: L.predict.loss,
        format: 'number',
        hides: ['p', '\u2113'],
        expected: (r) => r.loss,
        misconceptions: (r, x, lab) => [{ id: 'sum', section: '§7.2', value: lab.ops.sum(r.losses) }],
      },
      show: (r, x) => [
        { matrix: x.head, label: 'W_vocab', input: 'head', colLabels: toyVocabulary },
        { matrix: r.logits, label: L.logitsZ, rowLabels: positionsOf(x), colLabels: toyVocabulary },
        { matrix: r.probs, label: 'p', kind: 'prob', rowLabels: positionsOf(x), colLabels: toyVocabulary },
        {
          matrix: r.losses,
          label: '\u2113',
          kind: 'magnitude',
          colLabels: names(x.tokens.slice(1)).map((name) => L.targetNamed({ name })),
        },
        {
          facts: [
            { label: L.meanLoss, value: precise(r.loss, 6), result: 'loss' },
            { label: L.greedyAfterInputs, value: toyVocabulary[r.next], result: 'next' },
          ],
        },
      ],
    },
  ],
};
