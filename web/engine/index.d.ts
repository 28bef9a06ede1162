// The `lab` API in TypeScript. Written by scripts/api.mjs (npm run api) from cpp/bindings/api.def
// and the engine’s option and parameter declarations; edit those, not this file.

/** Nested arrays of numbers as the engine returns them. */
export type Numbers = number[] | Numbers[];
/** Nested arrays (or typed arrays) of numbers, as the engine takes them. */
export type NumbersIn = readonly number[] | Float64Array | Float32Array | Int32Array | readonly NumbersIn[];
/** One step of a trace: a named intermediate tensor and its LaTeX formula. */
export interface TraceStep {
  name: string;
  formula: string;
  shape: number[];
  values: Numbers | number;
}
export type Trace = TraceStep[];
/** A refusal: a code of the catalogues’ `refusals` section, its parameters and its English sentence. */
export interface Refusal {
  code: string;
  params: Record<string, unknown>;
  message: string;
}
/** What every function throws: an Error whose message names the function, with the refusal’s code. */
export interface LabError extends Error {
  code?: string;
  params?: Record<string, unknown>;
  fn?: string;
}
export type ParsedNumber = { ok: true; value: number } | { ok: false; error: Refusal };
/** An answer as read: a number, a (nested) array, or normalised text. */
export type Answer = number | Numbers | string;
/**
 * readable: whether the text was an answer at all (unreadable text is not an attempt; error says why);
 * parsed: the answer as read, every digit, and parsedValue the same as a number, (nested) array or text;
 * misconception: the named mistake the answer matches, and section the handout's section about it;
 * wrongEntries: the indices of the entries out of tolerance; expectedShape: how to label entries;
 * score: 1 when correct, else the share of entries within tolerance
 */
export interface Verdict {
  correct: boolean;
  readable: boolean;
  score: number;
  format: string;
  error: Refusal | null;
  parsed: string | null;
  parsedValue: Answer | null;
  misconception: string | null;
  section: string | null;
  shapeMismatch: boolean;
  wrongEntries: number[];
  expectedCount: number;
  expectedShape: number[];
}
/** A prediction to check: the expected value and the wrong values of named misconceptions. */
export interface PredictionSpec {
  format: string;
  expected: number | NumbersIn | string;
  misconceptions?: { id: string; section: string; value: number | NumbersIn | string }[];
  words?: string[];
}
export interface OptionDeclaration {
  name: string;
  type: string;
  fallback: string;
  choices: string[];
  alias?: string;
}
/** A parameter object’s names: each a tensor’s shape, another object’s schema, or a list of one. */
export type ParameterDeclaration = Record<string, string | [string]>;
export interface SavedModel {
  format: 'attention-lab-model';
  version: 1;
  config: CreateModelOptions;
  parameters: { name: string; shape: number[]; data: number[] }[];
}

export interface AblationLossOptions {
  from?: number;
  /** default 'zero' */
  ablate?: 'zero' | 'mean';
  heads?: Array<[number, number]>;
  /** default false */
  causal?: boolean;
}

export interface AttentionOptions {
  /** default false */
  causal?: boolean;
  mask?: boolean[][];
  scale?: number;
}

export interface AttentionCostOptions {
  /** default 1 */
  B?: number;
  /** default 1 */
  H?: number;
  T?: number;
  D?: number;
}

export interface BlockOptions {
  /** default 1 */
  heads?: number;
  /** default true */
  causal?: boolean;
  /** default 'pre' */
  arrangement?: 'pre' | 'post';
  /** default 'layer' */
  norm?: 'layer' | 'rms' | 'none';
  /** default 'gelu' */
  activation?: 'relu' | 'gelu' | 'gelu_tanh' | 'silu';
  /** default false */
  gated?: boolean;
}

export interface CreateModelOptions {
  vocab?: number;
  D?: number;
  /** default 1 */
  heads?: number;
  /** default 1 */
  layers?: number;
  T?: number;
  /** default 4 */
  ffnMult?: number;
  /** default 'gelu' */
  activation?: 'relu' | 'gelu' | 'gelu_tanh' | 'silu';
  /** default 'pre' */
  arrangement?: 'pre' | 'post';
  /** default 'layer' */
  norm?: 'layer' | 'rms' | 'none';
  /** default 'learned' */
  positions?: 'learned' | 'sinusoidal' | 'none';
  /** default true */
  tied?: boolean;
  /** default false */
  gated?: boolean;
  /** default true */
  bias?: boolean;
  maskBlocks?: boolean[];
  /** default true */
  scaled?: boolean;
  /** default 0 */
  seed?: number;
  /** nanoGPT’s name of vocab */
  vocab_size?: number;
  /** nanoGPT’s name of D */
  n_embd?: number;
  /** nanoGPT’s name of heads */
  n_head?: number;
  /** nanoGPT’s name of layers */
  n_layer?: number;
  /** nanoGPT’s name of T */
  block_size?: number;
  /** default 0 */
  dropout?: number;
}

export type DecoderBlockOptions = BlockOptions;

export interface EvaluateOptions {
  /** default false */
  causal?: boolean;
}

export interface FeedForwardOptions {
  /** default 'gelu' */
  activation?: 'relu' | 'gelu' | 'gelu_tanh' | 'silu';
  /** default false */
  gated?: boolean;
}

export interface FusedVsSeparateGapOptions {
  /** default 1 */
  heads?: number;
  /** default false */
  causal?: boolean;
}

export interface FutureDependenceOptions extends BlockOptions {
  /** default 'learned' */
  positions?: 'learned' | 'sinusoidal' | 'none';
  maskBlocks?: boolean[];
}

export interface GenerateOptions extends FutureDependenceOptions {
  /** default 1 */
  steps?: number;
  /** default 0 */
  temperature?: number;
  /** default 0 */
  seed?: number;
  eos?: number;
  /** default false */
  cache?: boolean;
}

export interface HeadScoresOptions {
  period?: number;
}

export interface InspectOptions {
  ablateHeads?: Array<[number, number]>;
  /** default 'zero' */
  ablate?: 'zero' | 'mean';
  hideTokens?: number[];
}

export interface LmForwardOptions extends FutureDependenceOptions {
  /** default true */
  trace?: boolean;
  ablateHeads?: Array<[number, number]>;
  /** default 'zero' */
  ablate?: 'zero' | 'mean';
  hideTokens?: number[];
}

export type LoadCheckpointOptions = CreateModelOptions;

export interface ModelGenerateOptions {
  /** default 1 */
  steps?: number;
  /** default 0 */
  temperature?: number;
  /** default 0 */
  seed?: number;
  eos?: number;
  /** default false */
  causal?: boolean;
}

export type MultiHeadAttentionOptions = FusedVsSeparateGapOptions;

export interface ParamCountOptions {
  vocab?: number;
  D?: number;
  /** default 1 */
  heads?: number;
  /** default 1 */
  layers?: number;
  /** default 0 */
  encoderLayers?: number;
  /** default 4 */
  ffnMult?: number;
  /** default true */
  bias?: boolean;
  /** default 'learned' */
  positions?: 'learned' | 'sinusoidal' | 'none';
  maxT?: number;
  /** default true */
  tied?: boolean;
  /** default 'layer' */
  norm?: 'layer' | 'rms' | 'none';
  /** default true */
  finalNorm?: boolean;
  /** default false */
  gated?: boolean;
  /** default false */
  attentionOnly?: boolean;
  /** nanoGPT’s name of vocab */
  vocab_size?: number;
  /** nanoGPT’s name of D */
  n_embd?: number;
  /** nanoGPT’s name of heads */
  n_head?: number;
  /** nanoGPT’s name of layers */
  n_layer?: number;
  /** nanoGPT’s name of maxT */
  block_size?: number;
  /** default 0 */
  dropout?: number;
}

export type PermutationGapOptions = FutureDependenceOptions;

export interface RepeatsBatchOptions {
  batch?: number;
  T?: number;
  vocab?: number;
  /** default true */
  repeats?: boolean;
  /** default 0 */
  seed?: number;
}

export interface ScoreVarianceOptions {
  dk?: number;
  /** default 10000 */
  samples?: number;
  /** default 1 */
  sigma?: number;
  /** default 0 */
  seed?: number;
}

export interface TrainStepOptions {
  /** default 'adamw' */
  optimizer?: 'adamw' | 'sgd';
  /** default 0.001 */
  lr?: number;
  weightDecay?: number;
  /** default 0 */
  clip?: number;
  /** default 0 */
  warmup?: number;
  /** default 0 */
  totalSteps?: number;
}

export interface MhaParams {
  /** [D][H*dk] */
  wQ?: NumbersIn;
  /** [D][H*dk] */
  wK?: NumbersIn;
  /** [D][H*dv] */
  wV?: NumbersIn;
  /** [H*dk] */
  bQ?: NumbersIn;
  /** [H*dk] */
  bK?: NumbersIn;
  /** [H*dv] */
  bV?: NumbersIn;
  /** [D][3*D] */
  wQKV?: NumbersIn;
  /** [3*D] */
  bQKV?: NumbersIn;
  /** [H*dv][D] */
  wO?: NumbersIn;
  /** [D] */
  bO?: NumbersIn;
}

export interface FfnParams {
  /** [D][F] */
  w1?: NumbersIn;
  /** [F] */
  b1?: NumbersIn;
  /** [F][D] */
  w2?: NumbersIn;
  /** [D] */
  b2?: NumbersIn;
  /** [D][F] */
  wGate?: NumbersIn;
  /** [F] */
  bGate?: NumbersIn;
}

export interface NormParams {
  /** [D] */
  gamma?: NumbersIn;
  /** [D] */
  beta?: NumbersIn;
  /** [D] */
  gain?: NumbersIn;
}

export interface BlockParams {
  attn?: MhaParams;
  ffn?: FfnParams;
  norm1?: NormParams;
  norm2?: NormParams;
}

export interface DecoderParams {
  selfAttn?: MhaParams;
  crossAttn?: MhaParams;
  ffn?: FfnParams;
  norm1?: NormParams;
  norm2?: NormParams;
  norm3?: NormParams;
}

export interface LmParams {
  /** [V][D] */
  embedding?: NumbersIn;
  /** [Tmax][D] */
  positions?: NumbersIn;
  blocks?: BlockParams[];
  finalNorm?: NormParams;
  /** [D][V] */
  head?: NumbersIn;
}

/** A trainable or opened model; it lives in the engine until delete(). */
export interface Model {
  /**
   * one step of the optimiser on a batch of token ids (float32)
   * @param batch [B][T+1]
   */
  trainStep(batch: NumbersIn, options?: TrainStepOptions): { loss: number; gradNorm: number; lr: number };
  /**
   * causal: the mask in every block, as generation sees it
   * @param batch [B][T+1]
   */
  evaluate(batch: NumbersIn, options?: EvaluateOptions): { loss: number };
  /**
   * past T: the last T; steps: per new token, §7.1’s inverse-CDF draw (u fell in [below,
   * upto), the token’s slice of the running sums; u null when greedy); ended: the end token
   * came. When every block is causal (causal: true, or the model’s mask), each new token runs
   * alone against the keys and values kept from the earlier ones (Handout #12), the same
   * logits bit for bit; past T each step recomputes the last T
   */
  generate(
    promptTokens: NumbersIn,
    options?: ModelGenerateOptions,
  ): {
    tokens: number[];
    steps: { token: number; prob: number; below: number; upto: number; u: number | null }[];
    ended: boolean;
  };
  /**
   * `steps` more tokens of the last generate (only the new ones; steps in the result: each
   * one's draw), exactly those one longer generate would have made: the same cache and random
   * stream, so a page can show each token as it comes and stop between them. None once ended;
   * refused before any generate, after one that failed, or after a trainStep
   */
  generateMore(steps: number): {
    tokens: number[];
    steps: { token: number; prob: number; below: number; upto: number; u: number | null }[];
    ended: boolean;
  };
  /**
   * §7.3: per position, the largest change of its logits when the token at `position` becomes
   * the next id (0 before it under the causal mask)
   */
  futureDependence(tokens: NumbersIn, position: number): number[];
  /** §6.1: max |f(P w) - P f(w)| over the logits */
  permutationGap(tokens: NumbersIn, perm: NumbersIn): number;
  /** config as createModel’s options */
  describe(): { config: CreateModelOptions; parameterCount: number };
  /** weights [L][H][T][T], probs [T][V], entropy [L][H]; §2.2’s interventions */
  inspect(tokens: NumbersIn, options?: InspectOptions): { weights: Numbers; probs: Numbers; entropy: Numbers };
  /**
   * §2.2 and §4: each [L][H], mean attention from i to i − 1 (previousToken), and, on a sequence
   * whose token at i >= period is the one at i − period, to i − period (duplicate) and to
   * i − period + 1 (induction: the token that followed this one before)
   */
  headScores(
    tokens: NumbersIn,
    options?: HeadScoresOptions,
  ): { previousToken: Numbers; duplicate: Numbers; induction: Numbers };
  /**
   * §2.2’s test by removal: mean loss (nats) of the targets at positions >= from (inputs
   * tokens[:-1], targets tokens[1:]), as is (base), with each head removed alone (single
   * [L][H]), or with `heads` removed together (together; single is then []); ablate zero|mean;
   * losses: every target’s own loss as the model is, targets 1 .. n − 1
   */
  ablationLoss(
    tokens: NumbersIn,
    options?: AblationLossOptions,
  ): { base: number; losses: Numbers; single: Numbers; together: number | null };
  /** every parameter by name */
  parameters(): Record<string, Numbers>;
  /** a plain object that JSON.stringify writes and loadModel reads back bit for bit */
  save(): SavedModel;
  /** nanoGPT’s checkpoint of the model (a .safetensors file) */
  exportSafetensors(): Uint8Array;
  /** frees the model inside the engine */
  delete(): void;
}

/** What both modules have. */
export interface LabCommon {
  /** a number as a student types it: 0.5, 1/2, ln 2, sqrt(2)*ln(2); never throws */
  parseNumber(typed: string | number): ParsedNumber;
  /** leak checks: bytes in use inside the module, JS values the C++ side holds, memory size */
  memory(): { heapInUse: number; liveHandles: number; memoryBytes: number };
  /**
   * every function’s options as the engine declares them:
   * {createModel: [{name, type, fallback, choices, alias?}], …}
   */
  readonly options: Record<string, OptionDeclaration[]>;
  /**
   * every parameter object’s names as the engine reads them: a tensor’s shape, another
   * object’s schema, or a list of one: {mha: {wQ: "[D][H*dk]", …}, block: {attn: "mha", …}, …}
   */
  readonly parameters: Record<string, ParameterDeclaration>;
  practice: {
    /** checks a prediction of a worked example’s step; never throws for what was typed */
    checkValue(answer: string | number, spec: PredictionSpec): Verdict;
    /**
     * the rule for numbers: each entry within `relative` of its size, an entry smaller than
     * `floor` times the largest counting as that size
     */
    readonly tolerance: { relative: number; floor: number };
    /** every answer format a problem or a prediction may have */
    readonly formats: string[];
  };
}

/** The worked examples’ module (loadEngine). */
export interface Lab extends LabCommon {
  /** over the last axis, any rank >= 1; same shape out */
  softmax(x: NumbersIn): Numbers;
  /**
   * q [..., Tq, dk], k [..., Tk, dk], v [..., Tk, dv] with 0, 1 or 2 equal leading axes
   * mask: booleans [Tq][Tk], true = may attend (combined with causal); scale: default 1/sqrt(dk)
   * causal keeps key j for query i when j <= i; scores: scaled, before masking
   */
  attention(
    q: NumbersIn,
    k: NumbersIn,
    v: NumbersIn,
    options?: AttentionOptions,
  ): { scores: Numbers; weights: Numbers; output: Numbers };
  /**
   * params: {wQKV, bQKV?} or {wQ, wK, wV, bQ?, bK?, bV?}; plus wO?, bO?
   * widths from the shapes: wQ, wK [D][H*dk], wV [D][H*dv], wO [H*dv][D]; no wO = identity
   * weights [..., H, T, T], heads [..., H, T, dv]
   * @param x [T][D] or [B][T][D]
   */
  multiHeadAttention(
    x: NumbersIn,
    params: MhaParams,
    options?: MultiHeadAttentionOptions,
  ): {
    output: Numbers;
    weights: Numbers;
    heads: Numbers;
    concat: Numbers;
    scores: Numbers;
    q: Numbers;
    k: Numbers;
    v: Numbers;
  };
  /**
   * across the last axis (one token’s features); eps > 0
   * @param eps default 1e-5
   */
  layerNorm(x: NumbersIn, gamma: NumbersIn, beta: NumbersIn, eps?: number): Numbers;
  /**
   * across the last axis: x / sqrt(mean(x²) + eps) · gain; eps > 0
   * @param eps default 1e-5
   */
  rmsNorm(x: NumbersIn, gain: NumbersIn, eps?: number): Numbers;
  /** params: {w1, b1?, w2, b2?, wGate?, bGate?}; gated: act(x w1) * (x wGate), then w2 */
  feedForward(
    x: NumbersIn,
    params: FfnParams,
    options?: FeedForwardOptions,
  ): { output: Numbers; hidden: Numbers; pre: Numbers };
  /**
   * params: {attn, ffn, norm1?, norm2?}; norm1/norm2: {gamma, beta} for layer, {gain} for rms;
   * absent = gamma 1, beta 0
   * pre:  H = X + MHA(LN(X)),  Y = H + FFN(LN(H));   post: H = LN(X + MHA(X)),  Y = LN(H + FFN(H))
   */
  block(
    x: NumbersIn,
    params: BlockParams,
    options?: BlockOptions,
  ): {
    output: Numbers;
    attention: {
      output: Numbers;
      weights: Numbers;
      heads: Numbers;
      concat: Numbers;
      scores: Numbers;
      q: Numbers;
      k: Numbers;
      v: Numbers;
    };
    trace: Trace;
  };
  /**
   * memory: the encoder’s output; params: {selfAttn, crossAttn, ffn, norm1?, norm2?, norm3?}
   * selfAttn as block’s attn; crossAttn with separate wQ (applied to x), wK and wV (to memory)
   * post: h1 = LN1(x + SA(x)),  h2 = LN2(h1 + CA(h1, m)),  y = LN3(h2 + FFN(h2))
   * pre:  h1 = x + SA(LN1(x)),  h2 = h1 + CA(LN2(h1), m),  y = h2 + FFN(LN3(h2))
   * the memory is not normalised here; causal masks the self-attention only
   * selfWeights [B][H][T_dec][T_dec], crossWeights [B][H][T_dec][T_enc]
   * = PyTorch’s nn.TransformerDecoderLayer with dropout 0 (norm_first = arrangement pre);
   * block with causal: false is the matching encoder layer
   * @param x [T_dec][D] or [B][T_dec][D]
   * @param memory [T_enc][D] or [B][T_enc][D]
   */
  decoderBlock(
    x: NumbersIn,
    memory: NumbersIn,
    params: DecoderParams,
    options?: DecoderBlockOptions,
  ): { output: Numbers; selfWeights: Numbers; crossWeights: Numbers; trace: Trace };
  /** the table [T][D] of §5’s sines and cosines */
  sinusoidalPositions(T: number, D: number): Numbers;
  /**
   * tokens: inputs tokens[:-1], targets tokens[1:]
   * params: {embedding [V][D], positions? [Tmax][D], blocks: [...], finalNorm?, head? [D][V]}
   * (no head: tied to the embedding)
   * maskBlocks: one boolean per block, whether that block applies the causal mask (§7.3)
   * loss: the mean over every scored position (all B*T); trace: [] with trace: false
   * @param tokens [T+1] or [B][T+1]
   */
  lmForward(
    tokens: NumbersIn,
    params: LmParams,
    options?: LmForwardOptions,
  ): { logits: Numbers; probs: Numbers; losses: Numbers; loss: number; trace: Trace };
  /**
   * the loss of §7.2 per row, in nats
   * @param logits [N][V]
   * @param targets [N]
   */
  crossEntropy(logits: NumbersIn, targets: NumbersIn): { losses: Numbers; probs: Numbers; loss: number };
  /**
   * temperature 0 is greedy (u = null); otherwise u is the seeded uniform number and token is
   * the first index whose cumulative probability exceeds u; ended: the eos token was drawn
   * (before `steps` tokens)
   * cache: keep every position’s keys and values and compute only the new position (Handout
   * #12); tokens, logits and probabilities are those of recomputing, bit for bit. Every block
   * must be causal. Each step reports its pass’s multiply-adds both ways and the numbers a
   * cache holds after it (2 L T D with H d_k = H d_v = D)
   */
  generate(
    promptTokens: NumbersIn,
    params: LmParams,
    options?: GenerateOptions,
  ): {
    tokens: number[];
    steps: {
      token: number;
      prob: number;
      below: number;
      upto: number;
      u: number | null;
      position: number;
      logits: Numbers;
      probs: Numbers;
      cumulative: Numbers;
      naiveMultiplyAdds: number;
      cachedMultiplyAdds: number;
      cachedNumbers: number;
    }[];
    ended: boolean;
  };
  /**
   * attentionOnly: W_Q, W_K, W_V, W_O (+ biases) of one layer, §4’s count; ffnMult 0: a whole
   * model of attention-only blocks (no FFN, no second norm); bias: every linear layer’s bias
   * and LayerNorm’s beta, as nanoGPT’s bias. Breakdown names are keys, dotted paths of
   * identifiers: W_Q … W_O, attention.bias, embedding, positions, block0.norm1, block0.ffn.W_1,
   * decoder.block0.cross.W_Q, final_norm, lm_head. encoderLayers > 0: an encoder-decoder laid
   * out as PyTorch’s nn.Transformer (decoder blocks with cross-attention and norm3, a final
   * norm after each stack, one shared embedding)
   */
  paramCount(config: ParamCountOptions): { total: number; headWidth: number; breakdown: Record<string, number> };
  /** §4.2: the attention weights stored (B·H·T²) and the products computed */
  attentionCost(dims: AttentionCostOptions): { weightEntries: number; multiplyAdds: number };
  checks: {
    /** [T][T]: the largest change of position i’s logits when token j changes (§7.3) */
    futureDependence(inputs: NumbersIn, params: LmParams, options?: FutureDependenceOptions): Numbers;
    /** max |f(P w) - P f(w)|: 0 when equivariant (§6.1) */
    permutationGap(inputs: NumbersIn, perm: NumbersIn, params: LmParams, options?: PermutationGapOptions): number;
    /**
     * the largest difference between one fused W_QKV and separate W_Q, W_K, W_V
     * @param x [B][T][D]
     */
    fusedVsSeparateGap(x: NumbersIn, params: MhaParams, options?: FusedVsSeparateGapOptions): number;
    /** max |1 - row sum| over the last axis */
    maxRowSumError(weights: NumbersIn): number;
    /** §3.1: the variance of q · k for random q, k, with and without 1/sqrt(dk) */
    scoreVariance(settings: ScoreVarianceOptions): {
      raw: number;
      scaled: number;
      expectedRaw: number;
      expectedScaled: number;
    };
  };
  ops: {
    /** e^x entry by entry; refused past 709.78, where a double overflows */
    exp(x: NumbersIn): Numbers;
    /** e^(x - max) over the last axis, softmax’s numerators */
    expShifted(x: NumbersIn): Numbers;
    /**
     * the sum over one axis (negative counts from the end)
     * @param axis default -1
     */
    sum(x: NumbersIn, axis?: number): Numbers;
    /**
     * the mean over one axis (negative counts from the end)
     * @param axis default -1
     */
    mean(x: NumbersIn, axis?: number): Numbers;
    /**
     * the variance over one axis (negative counts from the end)
     * @param axis default -1
     */
    variance(x: NumbersIn, axis?: number): Numbers;
    /**
     * a @ b
     * @param a [N][K]
     * @param b [K][M]
     */
    matmul(a: NumbersIn, b: NumbersIn): Numbers;
    /** max |a - b| over two arrays of one shape */
    maxAbsDifference(a: NumbersIn, b: NumbersIn): number;
    /**
     * row i of w times m[i]
     * @param w [N][M]
     * @param m [N]
     */
    scaleRows(w: NumbersIn, m: NumbersIn): Numbers;
    /**
     * §2.2: diag(s) - s sᵀ for a softmax output s
     * @param s [N]
     */
    softmaxJacobian(s: NumbersIn): Numbers;
  };
}

/** The extras’ module (loadExtras): the practice set’s problems and the models. */
export interface LabExtras extends LabCommon {
  practice: LabCommon['practice'] & {
    /**
     * the families of generated problems; fewAnswers: its answers come from a small set (a word,
     * a few runs of positions, an einsum string), so a class can share them whatever the seeds
     */
    families(): { id: string; section: string; format: string; fewAnswers: boolean }[];
    /**
     * one problem of a family, the same for the same seed and edition; it holds no answer
     * edition: of the problem set, 0 = the latest (an assignment keeps the edition it was made in)
     * @param seed default 0
     * @param edition default 0
     */
    generate(
      id: string,
      seed?: number,
      edition?: number,
    ): {
      id: string;
      seed: number;
      section: string;
      format: string;
      variant: string;
      given: Record<string, Numbers>;
      words: string[];
    };
    /**
     * checks a typed answer; never throws for what was typed (unreadable text is not an attempt)
     * @param edition default 0
     */
    check(id: string, seed: number, answer: string | number, edition?: number): Verdict;
    /**
     * the worked solution as keys and numbers; the page words them
     * @param seed default 0
     * @param edition default 0
     */
    solution(
      id: string,
      seed?: number,
      edition?: number,
    ): {
      answer: string;
      answerValue: Answer;
      format: string;
      steps: { key: string; values: Record<string, Numbers> }[];
      misconceptions: { id: string; section: string; answer: string }[];
    };
    /**
     * the problem set’s latest edition; a family whose draws changed keeps its earlier ones
     * for the earlier editions, so an assignment’s problems never change under a class
     */
    readonly edition: number;
  };
  /**
   * the induction experiment's data (§2.2, §4): batch rows of T + 1 token ids below vocab, drawn
   * from seed; repeats: 8–32 distinct tokens, then pieces of 4–16 copied from random earlier
   * starts; repeats false: the control, each token uniform and independent
   */
  repeatsBatch(options: RepeatsBatchOptions): Numbers;
  /**
   * nanoGPT’s GPTConfig names may stand for the lab’s (one name per setting, not both); the
   * defaults are already nanoGPT’s (GELU, pre-norm, LayerNorm, learned positions, tied head,
   * 4·C), so createModel({vocab_size, block_size, n_layer, n_head, n_embd, bias: false}) is
   * GPT(GPTConfig(...)) with dropout 0: the same parameters, logits and loss. bias false: no
   * biases in any linear layer and no beta in LayerNorm; maskBlocks: one flag per block (§7.3);
   * ffnMult 0: attention-only blocks, with no FFN and no second norm
   */
  createModel(config: CreateModelOptions): Model;
  /** a model from what model.save() wrote, bit for bit */
  loadModel(saved: SavedModel): Model;
  /**
   * bytes: a .safetensors file of nanoGPT’s GPT or of GPT-2; the file’s shapes and its
   * __metadata__ (GPTConfig’s fields) give the configuration, and the options given here win
   * (n_head, which shapes cannot tell, must come from one of them). options.names: a name map
   * {"their name": "the name read"} ({layer}, {head} for numbers). onProgress(done, total):
   * bytes read, after each tensor. Up to 200 M parameters; one above createModel’s 2^24 is
   * read (evaluate, generate, inspect, the checks) but not trained, and leaves as a file
   */
  loadCheckpoint(
    bytes: Uint8Array,
    options?: LoadCheckpointOptions & { names?: Record<string, string> },
    onProgress?: (done: number, total: number) => void,
  ): Model;
}

/** The worked examples’ `lab`; in Node and the single file it has the extras too. */
export function loadEngine(): Promise<Lab>;
/** The `lab` with the practice set’s problems and the models (fetched the first time on the hosted site). */
export function loadExtras(): Promise<LabExtras>;
