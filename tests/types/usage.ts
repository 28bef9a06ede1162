// A TypeScript program that uses every function of web/engine/index.d.ts as the README does.
// It is never run: `tsc -p tests/types` type-checks it (tests/js/api-declaration.test.mjs), so the
// declarations must accept each right call, and each call marked @ts-expect-error must be
// refused, or tsc fails.
import { loadEngine, loadExtras, type LabError, type Model, type Numbers } from '../../web/engine/index.js';

export async function examples(): Promise<number> {
  const lab = await loadEngine();
  const q = [[1, 0]];
  const k = [
    [1, 0],
    [0, 1],
  ];
  const { weights, output }: { weights: Numbers; output: Numbers } = lab.attention(q, k, k, { causal: true });
  lab.attention(q, k, k, { mask: [[true, false]], scale: 0.5 });
  // @ts-expect-error: an unknown option
  lab.attention(q, k, k, { casual: true });
  // @ts-expect-error: a string is not an array of numbers
  lab.softmax('1, 2');
  lab.softmax(new Float64Array([1, 2]));
  const mha = lab.multiHeadAttention(k, { wQKV: [[1, 0, 0, 1, 0, 1]] }, { heads: 2 });
  lab.layerNorm(k, [1, 1], [0, 0]);
  lab.rmsNorm(k, [1, 1], 1e-6);
  lab.feedForward(k, { w1: k, w2: k }, { activation: 'gelu_tanh', gated: false });
  // @ts-expect-error: not one of the activations
  lab.feedForward(k, { w1: k, w2: k }, { activation: 'tanh' });
  const block = lab.block(k, { attn: { wQ: k, wK: k, wV: k }, ffn: { w1: k, w2: k } }, { arrangement: 'post' });
  lab.decoderBlock(k, k, { selfAttn: {}, crossAttn: {}, ffn: { w1: k, w2: k } }, { norm: 'rms' });
  lab.sinusoidalPositions(4, 2);
  const lm = { embedding: k, positions: k, blocks: [] };
  const forward = lab.lmForward([0, 1], lm, { positions: 'learned', trace: false, maskBlocks: [] });
  lab.crossEntropy(k, [0, 1]);
  const generated = lab.generate([0], lm, { steps: 2, temperature: 1, seed: 3, cache: true });
  const count = lab.paramCount({ vocab: 65, D: 64, heads: 4, maxT: 8, n_layer: 2 });
  // @ts-expect-error: paramCount takes one configuration object
  lab.paramCount(65, 64);
  lab.checks.futureDependence([0, 1], lm);
  lab.checks.permutationGap([0, 1], [1, 0], lm, { causal: false });
  lab.checks.fusedVsSeparateGap([k], { wQKV: [[1, 0, 0, 1, 0, 1]] }, { heads: 1 });
  lab.checks.maxRowSumError(weights);
  lab.checks.scoreVariance({ dk: 64, samples: 100 });
  lab.attentionCost({ T: 8, D: 4 });
  lab.ops.exp([1]);
  lab.ops.expShifted([1]);
  lab.ops.sum(k);
  lab.ops.mean(k, 0);
  lab.ops.variance(k, -1);
  lab.ops.matmul(k, k);
  lab.ops.scaleRows(k, [1, 2]);
  const gap: number = lab.ops.maxAbsDifference(k, k);
  lab.ops.softmaxJacobian([0.5, 0.5]);
  const parsed = lab.parseNumber('1/2');
  const half: number = parsed.ok ? parsed.value : Number.NaN;
  const verdict = lab.practice.checkValue('0.5', { format: 'scalar', expected: 0.5 });
  const why: string | undefined = verdict.error?.message;
  lab.memory().heapInUse;
  lab.options.attention.map((d) => d.name);
  // @ts-expect-error: the worked examples' module has no models (loadExtras has them)
  lab.createModel({ vocab: 4, D: 4, T: 4 });
  try {
    lab.softmax([]);
  } catch (e) {
    const code: string | undefined = (e as LabError).code;
    void code;
  }
  void [output, mha.heads, block.trace[0].formula, forward.loss, generated.steps[0].u, count.breakdown, why];
  return gap + half + lab.practice.tolerance.relative + lab.practice.formats.length;
}

export async function extras(bytes: Uint8Array): Promise<number> {
  const lab = await loadExtras();
  const problem = lab.practice.generate('retrieval', 3);
  const checked = lab.practice.check(problem.id, problem.seed, '[2, 1.5]');
  const solution = lab.practice.solution(problem.id);
  lab.practice.families().map((f) => f.section);
  // @ts-expect-error: a seed is a number
  lab.practice.generate('retrieval', '3');
  const model: Model = lab.createModel({ vocab: 8, D: 8, heads: 2, T: 4, activation: 'relu' });
  // @ts-expect-error: an optimiser is trainStep's option, not the model's
  lab.createModel({ vocab: 8, D: 8, T: 4, optimizer: 'sgd' });
  const step = model.trainStep([[1, 2, 3, 4, 5]], { optimizer: 'sgd', lr: 0.1 });
  model.trainStep(lab.repeatsBatch({ batch: 2, T: 4, vocab: 8, seed: 3 }) as number[][], { lr: 0.01 });
  lab.repeatsBatch({ batch: 2, T: 4, vocab: 8, repeats: false });
  // @ts-expect-error: the control is asked for with a boolean
  lab.repeatsBatch({ batch: 2, T: 4, vocab: 8, repeats: 'no' });
  // @ts-expect-error: not an optimiser
  model.trainStep([[1, 2, 3, 4, 5]], { optimizer: 'adam' });
  model.evaluate([[1, 2, 3, 4, 5]], { causal: true });
  const drawn = model.generate([1, 2], { steps: 3, temperature: 0.8 });
  const more = model.generateMore(2);
  // @ts-expect-error: a count, not options
  model.generateMore({ steps: 2 });
  model.futureDependence([1, 2, 3], 1);
  model.permutationGap([1, 2, 3], [2, 1, 0]);
  model.inspect([1, 2, 3], { ablateHeads: [[0, 1]], ablate: 'mean', hideTokens: [2] });
  const scores: number[][] = model.headScores([1, 2, 1, 2], { period: 2 }).induction as number[][];
  const removed = model.ablationLoss([1, 2, 1, 2, 1], { from: 2, ablate: 'zero' });
  const together: number | null = model.ablationLoss([1, 2, 1], { from: 1, heads: [[0, 0]] }).together;
  // @ts-expect-error: the period is an option
  model.headScores([1, 2, 1, 2], 2);
  const saved = model.save();
  const again = lab.loadModel(saved);
  model.parameters();
  model.exportSafetensors();
  const { config, parameterCount } = model.describe();
  const opened = lab.loadCheckpoint(
    bytes,
    { n_head: 12, names: { 'wte.weight': 'transformer.wte.weight' } },
    (done, total) => console.log(done / total),
  );
  // @ts-expect-error: names map to texts
  lab.loadCheckpoint(bytes, { names: { a: 1 } });
  again.delete();
  opened.delete();
  model.delete();
  void [checked.correct, solution.steps, drawn.steps[0].u, more.ended, more.tokens[0], config.D, step.loss];
  void [scores, removed.base, removed.single, together];
  return parameterCount;
}
