// Every piece of text a student reads, in one place: a translation is a copy of this file.
// The explanations are our own words; numbers, formulas and section numbers follow Handout #11.

export const ui = {
  appName: 'Attention Lab',
  loading: 'Starting the engine…',
  noWasm: 'This browser has no WebAssembly support, which Attention Lab needs to compute anything. Try a current Firefox, Chrome, Edge or Safari.',
  failed: 'The engine could not start:',
  contents: 'Worked examples',
  previous: '← Previous',
  next: 'Next →',
  reset: 'Reset to the handout’s values',
  stepOf: (i, n) => `Step ${i} of ${n}`,
  row: 'row',
  column: 'column',
  shape: 'shape',
  copyLatex: 'Copy LaTeX',
  copyNumpy: 'Copy NumPy',
  copied: 'Copied.',
  copyFallback: 'Copying is blocked here; select the text below and copy it:',
  cellRefused: 'Not used:',
  keptLast: 'The last valid value is still in use',
  engineRefused: 'Not used, the engine refused it:',
  addressProblem: 'Part of the address was ignored:',
  addressRefused: 'the inputs in the address were refused by the engine:',
  pass: 'pass',
  fail: 'fail',
  skip: 'Skip to the example',
};

export const examples = {
  '2.1': {
    title: 'One query’s retrieval',
    steps: {
      setup: { title: 'A query, three keys, three values', text: 'The query q asks a question; each key k_j says how well position j answers it; each value v_j is what position j hands over. Every number here can be edited: click a cell and type.' },
      scores: { title: 'Score every key', text: 'Each score is the dot product of the query with one key, divided by √d_k (here √2). With the handout’s keys the scores are ln 2, 0 and 0.' },
      exps: { title: 'Exponentiate', text: 'Exponentials turn any score into a positive number and keep the order: e^(ln 2) = 2, e^0 = 1.' },
      weights: { title: 'Normalise across the keys', text: 'Dividing each exponential by their total gives weights that are positive and add up to one: [1/2, 1/4, 1/4].' },
      output: { title: 'Mix the values', text: 'The answer is the weighted sum of the values. Because the weights are positive and sum to one, y lies inside the region spanned by the values, though it need not equal any one of them.' },
    },
  },
  '2.2': {
    title: 'How the routing learns',
    steps: {
      compete: { title: 'Weights compete for a fixed total', text: 'Whatever the scores, the weights always add up to one. Edit the scores and watch the total stay at 1.' },
      nudge: { title: 'Raise one score', text: 'Raising score 0 raises weight 0 and pulls every other weight down, because they share the same total.' },
      gradient: { title: 'The derivative says the same', text: 'Entry (i, j) is how fast weight i moves when score j rises. The diagonal is positive, everything else negative, and each column adds up to zero. Training follows these derivatives from the loss back to the queries and keys; a large weight alone does not prove a value mattered to the prediction.' },
    },
  },
  '3.1': {
    title: 'Why divide by √d_k',
    steps: {
      saturation: { title: 'Large scores saturate softmax', text: 'With scores [0, 8] almost all the weight lands on one key, and small changes to the scores barely move the weights.' },
      scaled: { title: 'Scaling keeps softmax responsive', text: 'Dividing by √64 = 8 turns [0, 8] into [0, 1], whose softmax leaves room for both keys and for learning to shift the weights.' },
      variance: { title: 'Where the size of the scores comes from', text: 'For random queries and keys with independent coordinates of variance σ², a dot product of d_k terms has variance d_k σ⁴; after dividing by √d_k it is σ⁴ whatever d_k is. The engine draws 4000 seeded pairs for each d_k: compare the measured columns with the predicted ones.' },
    },
  },
  '3.2': {
    title: 'A batch of attention matrices',
    steps: {
      shapes: { title: 'One matrix form for the whole batch', text: 'Rows of Q are queries, rows of K and V are keys and values; batch items sit on the first axis. Only the last two axes of K are swapped (transpose(-2, -1)), so every batch item gets its own [T, T] score matrix.' },
      perItem: { title: 'Items never mix', text: 'Each item has its own attention matrix: rows are queries, columns are keys. Editing item 1 leaves item 0’s matrix unchanged.' },
      sums: { title: 'Rows sum to one, columns need not', text: 'Softmax runs across each row, so every row adds up to one. Nothing constrains the columns: a popular key can collect more than one unit of weight, an ignored key much less.' },
    },
  },
  '4': {
    title: 'Counting the attention parameters',
    steps: {
      count: { title: 'Four D × D matrices', text: 'W_Q, W_K and W_V map D features to D (split into H heads of width d_h = D/H), and W_O maps the concatenated heads back to D. Without biases that is 4D² = 256 at D = 8.' },
      heads: { title: 'More heads, same count', text: 'Splitting D into more, narrower heads changes each head’s width, not the total number of parameters.' },
      bias: { title: 'Biases add 4D', text: 'One bias vector of width D for each of the four projections.' },
    },
  },
  '4.1': {
    title: 'Two heads, one query',
    steps: {
      head1: { title: 'Head 1 looks mostly at position 0', text: 'Scores [ln 8, 0, 0] give weights [0.8, 0.1, 0.1], and the values mix to [2, 0.6].' },
      head2: { title: 'Head 2 looks mostly at position 1', text: 'The same values read with weights [0.1, 0.8, 0.1] give [0.6, 2]: a different routing, a different answer.' },
      concat: { title: 'Concatenate, then mix with W_O', text: 'Placing the two answers side by side keeps both: [2, 0.6 | 0.6, 2]. With W_O = I nothing changes; a learned W_O can combine the features. Edit W_O to try.' },
      average: { title: 'Averaging would lose a routing', text: 'Averaging the two heads gives [1.3, 1.3] and the two decisions can no longer be told apart. Both heads still put some weight on position 2: finite scores never give exactly zero.' },
    },
  },
  '4.2': {
    title: 'The fused projection',
    steps: {
      fuse: { title: 'One multiplication for Q, K and V', text: 'Putting W_Q, W_K and W_V side by side makes one D × 3D matrix; one product X W_QKV computes all three projections at once.' },
      split: { title: 'Split, reshape, transpose', text: 'The 3D columns split into three groups of D; each is reshaped to [B, T, H, d_h] and transposed to [B, H, T, d_h], so every head becomes its own batch of attention. Change H and watch the shapes.' },
      same: { title: 'The same numbers as separate projections', text: 'Fusing is a way of organising the arithmetic; it does not change the result, and it does not make Q, K and V equal.' },
      cost: { title: 'Memory versus arithmetic', text: 'Storing every head’s weights costs B·H·T² numbers, while the score and value products cost about B·T²·D multiply-adds whatever H is: more heads, more memory, the same arithmetic.' },
    },
  },
  '5': {
    title: 'A transformer block',
    steps: {
      mix: { title: 'Attention mixes positions', text: 'Each row of an attention matrix says how one position gathers information from the others. This is the only place in a block where positions talk to each other.' },
      ffn: { title: 'The FFN works on each position alone', text: 'The same two-layer network is applied to every row separately. Edit one row of X: only that row of FFN(X) changes. The nonlinearity matters: two linear maps in a row would collapse into one.' },
      layerNorm: { title: 'LayerNorm works within one token', text: 'Each row is shifted and scaled using its own mean and variance (biased, ε = 1e-5). Every row ends with mean 0; the columns (features across positions) do not.' },
      prePost: { title: 'Pre-norm and post-norm', text: 'Pre-norm normalises the input of each sub-layer and adds its output straight to the residual stream (nanoGPT); post-norm normalises after each residual addition (the original Transformer). Same parameters, different outputs.' },
    },
  },
  '6': {
    title: 'The vocabulary head',
    steps: {
      head: { title: 'Tied or untied', text: 'After the last block each position’s D features are mapped to V logits. A tied head reuses the embedding matrix E (logits = h Eᵀ) and adds no parameters; an untied head has its own D × V matrix.' },
    },
  },
  '6.1': {
    title: 'Order and positions',
    steps: {
      swap: { title: 'Without positions, swapping inputs swaps outputs', text: 'With no position information and no mask, swapping tokens 0 and 2 just swaps rows 0 and 2 of the output: the model is equivariant, not invariant. It cannot tell which token came first.' },
      positions: { title: 'Adding positions breaks the symmetry', text: 'Adding a position vector to each embedding makes the same token start from a different vector at a different place, so swapping tokens no longer just swaps the outputs. Learned tables add T_max·D parameters; sinusoidal ones add none.' },
      sinusoid: { title: 'The sinusoidal table', text: 'Each pair of features (2i, 2i+1) is a sine and a cosine of the position at its own frequency, from fast on the left to very slow on the right.' },
    },
  },
  '7.1': {
    title: 'Generation, one token at a time',
    steps: {
      greedy: { title: 'Greedy: take the largest logit', text: 'Only the logits at the last real position matter for the next token. After A B C the toy model’s largest logit is A.' },
      sample: { title: 'Sampling, reproducible by hand', text: 'Divide the logits by the temperature, take softmax, and add the probabilities up one by one. The seeded generator draws a number u in [0, 1); the chosen token is the first whose running sum passes u. Same seed, same tokens.' },
      prefix: { title: 'Appending never changes earlier rows', text: 'In a causal model, position i sees only positions 0..i, so appending a token leaves every earlier row’s logits exactly as they were. (The naive loop recomputes them anyway; Handout #12 caches them.)' },
    },
  },
  '7.2': {
    title: 'Teacher forcing',
    steps: {
      table: { title: 'Inputs and targets', text: 'The targets are the inputs shifted one place to the left: the output at position i is scored on the token at i + 1. Positions are zero-based.' },
      losses: { title: 'All positions scored at once', text: 'Because every target is known in training, all positions are scored in one pass, and the loss is the mean of −log p_i(target) in nats.' },
    },
  },
  '7.3': {
    title: 'Why the mask must be in every block',
    steps: {
      mask: { title: 'Two ways to write the same mask', text: 'A keep-matrix says where attention is allowed (tril: j ≤ i). The equivalent additive matrix is 0 where allowed and −∞ where not (the entries of triu(ones, 1)), added to the scores before softmax. Switch between the two views.' },
      unmasked: { title: 'Without the mask, the answer is next door', text: 'Unmasked, the query at position i can read position i + 1, which is exactly its own target: a shortcut that generation will never have.' },
      dependence: { title: 'Which outputs depend on later tokens', text: 'The engine changes one token at a time and measures how much each output moves. Masked in every block, nothing above the diagonal moves. Masked only in the last block, the first block has already copied later tokens into earlier rows, so the leak survives.' },
    },
  },
  '7.4': {
    title: 'One sequence, from embeddings to the loss',
    steps: {
      embed: { title: 'Embed the tokens and add positions', text: 'The stream A B C A gives inputs A B C at positions 0, 1, 2 and targets B C A. Each input row is its token’s embedding plus its position’s vector.' },
      project: { title: 'Project to queries, keys and values', text: 'With d_k = 1 the scale is 1. W_V = I, so V = X.' },
      attend: { title: 'Attend to the prefix', text: 'All nine scores exist, but the mask keeps row i from seeing keys after i. Row 2’s exponentials are [2, 1, 2], so its weights are [2/5, 1/5, 2/5] and it retrieves [0.8, 0.6].' },
      ffn: { title: 'Residual and feed-forward', text: 'U is nonnegative, so ReLU(U) = U and the FFN returns U/2; the second residual gives H = 1.5 U.' },
      loss: { title: 'Logits, probabilities and the loss', text: 'The head maps each row [h0, h1] to [h0, h1, −h0 − h1]. Softmax now runs over the vocabulary, and each row pays −log of the probability of its target. The mean is about 3.02041 nats; row 2 alone would predict A.' },
    },
  },
  '8': {
    title: 'The lab’s checks, live',
    steps: {
      checks: { title: 'Every check of the original lab', text: 'Each badge is computed now by the engine in this page: the handout’s numbers, the structural properties, and the future-dependence test.' },
    },
  },
  '8.1': {
    title: 'Naming the axes with einsum',
    steps: {
      scores: { title: 'Scores: sum over the shared feature axis', text: 'In "bid,bjd->bij", b is the batch, i a query position, j a key position and d a feature. d appears in both inputs but not in the output, so it is summed: each score is a dot product.' },
      values: { title: 'Outputs: sum over the key axis', text: 'In "bij,bje->bie" the key position j is shared and summed away: each output row mixes the value rows with that query’s weights. Change B, T and d and follow the shapes.' },
    },
  },
  '9': {
    title: 'Reading nanoGPT',
    steps: {
      names: { title: 'C, nh, hs', text: 'nanoGPT calls the model width C, the number of heads nh and the head width hs. One c_attn projection produces q, k and v together; view and transpose(1, 2) give each head its own axis, exactly as in §4.2.' },
      block: { title: 'Block.forward is pre-norm', text: 'x = x + attn(ln_1(x)); x = x + mlp(ln_2(x)): the pre-norm arrangement of §5.1. Its MLP widens to 4·C, applies GELU and narrows back to C.' },
    },
  },
};
