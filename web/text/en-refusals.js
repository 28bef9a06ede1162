// What the engine and the page's modules without DOM refuse, by the code they say
// (cpp/lab/core/refusal.hpp, web/text/refusal.js): a code "parse.twoPoints" is the message at
// refusals.parse.twoPoints. `parse` is the answer reader (a practice answer, a typed cell); a
// reader's refusal ends with where it stopped (near, atEnd).
//
// A module of its own, apart from the rest of the English catalogue: an Error's message is its
// English sentence (web/text/refusal.js) on a page in any language, for the console, Node and a
// worker's log, while the page loads only its own language's catalogue.
export default {
  near: '{what}, at “{near}”',
  atEnd: '{what}, at the end',
  parse: {
    empty: 'the answer is empty',
    tooLong: 'the answer is longer than {max, plural, one {# character} other {# characters}}',
    tooManyEntries: 'an answer has at most {max, plural, one {# entry} other {# entries}}, and this one has {n}',
    character:
      '“{character}” (character {position}, counting from 0) is not part of any answer format: write numbers, brackets and commas as plain ASCII',
    nested: 'brackets are nested more than {max} deep',
    signAfterSpace:
      '“{text}” could be a difference or two entries: write a space on both sides of the sign for a difference (1 - 2), or separate entries with commas (1, -2)',
    divisionByZero: 'a division by zero',
    needsArgument: '{name} needs an argument, as in {name}(2)',
    sqrtNegative: 'the square root of a negative number',
    logNotPositive: 'the logarithm of a number that is not positive',
    logDigits:
      '“log{digits}” is ambiguous: write log({digits}) or ln {digits} for the natural logarithm of {digits}; log10(x) and log2(x) are the base-10 and base-2 logarithms',
    unknownName: 'an unknown name “{name}” (known: pi, e, ln, log (natural), log10, log2, exp, sqrt, sin, cos, tan)',
    numberTooLong: 'a number with more than {max, plural, one {# character} other {# characters}}',
    twoPoints: 'a number with two decimal points: “{number}”',
    lonePoint: 'a point that is not part of a number',
    unreadableNumber: 'an unreadable number “{number}”',
    notFinite:
      '{what, select, value {the value} entry {an entry} dimension {a dimension} other {a position}} is not a finite number (too large, or 0 divided by 0)',
    emptyRow: 'row {row} is empty',
    rowLength: 'row {row} has {n, plural, one {# entry} other {# entries}} but row 0 has {first}',
    comma: {
      thousands:
        '“{text}”: one number was expected, and a comma separates entries: write {whole} without the comma, or {point} with a decimal point',
      decimal:
        '“{text}” reads as two entries, {first} and {second}, where one number was expected; for the decimal number, write {point} with a decimal point',
      other:
        '“{text}”: one number was expected, and a comma separates entries: write the number without commas, with a decimal point',
      list: '“{text}” has {typed, plural, one {# entry} other {# entries}}, where {expected} were expected; read with decimal commas it has {expected}: commas separate entries here, so write {point} with decimal points',
      rows: '“{text}” does not read as {expected, plural, one {# entry} other {# entries}}, and read with decimal commas it does: commas separate entries here, so write {point} with decimal points',
    },
    notWhole: 'a whole number was expected, and this is {value}',
    matrixForVector:
      'a vector was expected, and this is a {rows} × {columns} matrix: write a vector as [a, b, ...], as a row [[a, b, ...]] or as a column [[a], [b], ...]',
    dimension: 'a dimension must be a whole number ≥ 0, and this one is {value}',
    position: 'a position must be a whole number ≥ 0, and this one is {value}',
    unexpected: 'unexpected text',
    expected: {
      number: 'expected a number',
      closeParen: 'expected a closing parenthesis “)”',
      closeBracket: 'expected “]” to close the list',
      closeBrace: 'expected the closing brace of the set',
      openMatrix: 'expected “[” to open the matrix, as in [[a, b], [c, d]]',
      closeMatrix: 'expected “]” to close the matrix',
      openRow: 'expected “[” to open a row',
      openPair: 'expected “(” to open a pair such as (0, 1)',
      pairComma: 'expected a comma between the two positions of a pair',
      closePair: 'expected “)” to close a pair',
    },
    einsum: {
      noArrow: 'an einsum string needs “->” before the output axes',
      twoArrows: 'an einsum string has one “->”',
      outputComma: 'the output of an einsum string is one operand: no comma after “->”',
      ellipsisPoints: 'an einsum ellipsis is three points, “...”',
      twoEllipses: 'an einsum operand has at most one “...”',
      outputEllipsis: 'the output has “...” but no input has',
      axisLetter: 'an einsum axis must be a letter, not “{character}”',
      outputAxisUnknown: 'the output axis “{axis}” is in no input',
      outputAxisTwice: 'the output names the axis “{axis}” twice',
    },
  },
  // the training panel's session (web/training/session.js): a field or a corpus is named by its
  // key, which the panel replaces by its label
  training: {
    setup: {
      whole: '{field} must be a whole number from {min} to {max}, got {got}',
      corpus: 'the corpus must be one of {choices}, got {got}',
      lr: 'the learning rate must be a number above 0 and at most 1, got {got}',
      divisible: 'D = {D} is not divisible by H = {heads}: each head needs D / H columns',
      corpusShort:
        'T = {T} is longer than this corpus allows: its validation part has {tokens, plural, one {# token} other {# tokens}}, so T must be at most {max}',
    },
    experiment: 'there is no experiment “{got}” (there are {choices})',
    sentence: {
      empty: 'the sentence is empty',
      tooLong: 'the sentence has {n, plural, one {# token} other {# tokens}} but the model reads at most T = {T}',
      tooLongText:
        'the sentence has {n, plural, one {# character} other {# characters}}, more than a sentence of T = {T} can hold (at most {most, plural, one {# character} other {# characters}})',
    },
    savedVocabulary:
      'this model was trained on a vocabulary of {saved, plural, one {# token} other {# tokens}}, but the corpus {corpus} has {n}; choose the corpus it was trained on',
  },
  // a tokenizer (web/tokenizers/tokenize.js): what a typed sentence or prompt holds that the
  // vocabulary does not
  vocabulary: {
    character: 'the character “{character}” is not in this vocabulary',
    word: 'the word “{word}” is not in this vocabulary',
    // an opened model's vocabulary file (web/models/vocabulary.js); `part` is where in the file
    file: {
      ids: '{part, select, list {the list} object {the object} other {{part}}} must map whole-number ids to characters, got {entry}',
      twice: '{part, select, list {the list} object {the object} other {{part}}} gives id {id} twice',
      gap: '{part, select, list {the list} object {the object} other {{part}}} has no character for id {id}: ids must run 0, 1, 2, … without gaps',
      kind: 'expected a JSON list of characters, nanoGPT’s meta.pkl as JSON (with itos or stoi), or a text file of characters; the JSON is {json}',
      notJson:
        '{name} is not JSON{at, select, none {} other { (it breaks at character {at}, counting from 0)}}; expected a JSON list of characters, nanoGPT’s meta.pkl as JSON (with itos or stoi), or a text file of characters',
      empty:
        '{name} is empty; expected a JSON list of characters, nanoGPT’s meta.pkl as JSON (with itos or stoi), or a text file of characters',
      notCharacter: 'token {id} is “{token}”, not one character: the lab reads character vocabularies',
    },
  },
  // the engine's checks of a call: a setting, a size, the values given
  config: {
    costPositive: 'B, H, T and D must be positive integers',
    positive: '{name} must be a positive integer',
    divisible: 'D = {D} is not divisible by heads = {heads} (d_h = D / H must be a whole number)',
    learnedNeedsMaxT: 'positions “learned” needs maxT, the number of rows of the table',
    maskBlocks:
      'maskBlocks has {n, plural, one {# entry} other {# entries}} but the model has {layers, plural, one {# layer} other {# layers}} (one per block)',
    twoNames: '{nanogpt} (nanoGPT’s GPTConfig name) and {ours} name the same setting; give one of them',
    dropout:
      'dropout must be 0, got {got}: the lab computes without dropout (§9.2), so every number it shows is reproducible',
  },
  size: {
    positionTable:
      'a table of T = {T, plural, one {# row} other {# rows}} by D = {D} would hold {count, plural, one {# number} other {# numbers}}, more than the {max} this engine allows',
    model:
      'this model would hold {count, plural, one {# number} other {# numbers}}, more than the {max} this engine allows',
  },
  values: {
    notFinite: '{name} must contain only finite numbers',
    entryNotFinite: '{name} entry {entry} is not a finite number',
  },
  optimizer: {
    lr: 'lr must be a finite number > 0, got {got}',
    weightDecay: 'weightDecay must be a finite number >= 0, got {got}',
    clip: 'clip must be a finite number >= 0 (0 = no clipping), got {got}',
  },
  value: {
    scale: 'scale must be a finite number, got {got}',
    whole: '{name} must be a whole number >= 0, got {got}',
    atMost: '{name} must be at most {max}, got {got}',
  },
  // a checkpoint file (cpp/lab/boundary/safetensors.cpp, checkpoint.cpp)
  safetensors: {
    json: {
      trailing: 'the header is not valid JSON at byte {byte}: more text follows its object',
      nested: 'the header is not valid JSON at byte {byte}: it is nested more than {max} deep',
      end: 'the header is not valid JSON at byte {byte}: it ends where a value was expected',
      name: 'the header is not valid JSON at byte {byte}: a name in quotes was expected',
      colon: 'the header is not valid JSON at byte {byte}: “:” was expected after a name',
      objectComma: 'the header is not valid JSON at byte {byte}: a comma or the end of the object was expected',
      arrayComma: 'the header is not valid JSON at byte {byte}: a comma or “]” was expected',
      character: 'the header is not valid JSON at byte {byte}: an unexpected character “{character}”',
      digit: 'the header is not valid JSON at byte {byte}: a digit was expected in a number',
      hex: 'the header is not valid JSON at byte {byte}: a \\u escape needs four hex digits',
      unclosed: 'the header is not valid JSON at byte {byte}: a text in quotes is not closed',
      control: 'the header is not valid JSON at byte {byte}: a control character inside quotes',
      escape: 'the header is not valid JSON at byte {byte}: an unknown escape “\\{character}”',
    },
    short:
      'the file is {size, plural, one {# byte} other {# bytes}} long, shorter than the 8 bytes that give its header’s length',
    notSafetensors:
      'this is not a safetensors file: its first 8 bytes should give the length of its header, and read so they give {header, plural, one {# byte} other {# bytes}}, more than the {max} a checkpoint’s header may be',
    pastEnd:
      'the header’s length is {header, plural, one {# byte} other {# bytes}}, past the end of the file ({rest, plural, one {# byte} other {# bytes}} after the length): the file is cut short or not a safetensors file',
    notObject: 'the header must be a JSON object of tensors',
    twice: 'the header names “{name}” twice',
    metadataObject: '__metadata__ must be an object of texts',
    metadataText: '__metadata__.{key} must be a text (safetensors keeps only texts there)',
    overlap: 'tensors “{first}” and “{second}” overlap in the file’s data',
    tensor: {
      notObject: 'tensor “{tensor}” must be an object with dtype, shape and data_offsets',
      unknownField: 'tensor “{tensor}” has an unknown field “{field}” (expected dtype, shape, data_offsets)',
      missing: 'tensor “{tensor}” must have dtype, shape and data_offsets',
      dtypeText: 'tensor “{tensor}”: dtype must be a text such as “F32”',
      dtype: 'tensor “{tensor}” has dtype “{dtype}”; the lab reads F32, F16, BF16 and F64',
      shape: 'tensor “{tensor}”: shape must be a list of sizes',
      offsets: 'tensor “{tensor}”: data_offsets must be [begin, end]',
      whole: 'tensor “{tensor}”: {field} must be a whole number from 0 to {max}',
      outside:
        'tensor “{tensor}” has data_offsets [{begin}, {end}], outside the {size, plural, one {# byte} other {# bytes}} of data after the header',
      span: 'tensor “{tensor}” is {dtype} of shape {shape}, so {bytes, plural, one {# byte} other {# bytes}}, but its data_offsets span {span}',
      notFinite:
        'tensor “{tensor}” entry {entry} is {value}{dtype, select, F64 { (or too large for float32)} other {}}: a checkpoint’s weights must be finite numbers',
    },
  },
  checkpoint: {
    nameMapPlaceholder: 'the name map reads {tensor} as {name}: a placeholder there is not in “{pattern}”',
    unknownTensor:
      'the checkpoint has a tensor named “{tensor}”, which is not one of nanoGPT’s or GPT-2’s (such as transformer.h.0.attn.c_attn.weight); a model with other names needs a name map',
    unknownTensorRead:
      'the checkpoint has a tensor named “{tensor}” (read as {name}), which is not one of nanoGPT’s or GPT-2’s (such as transformer.h.0.attn.c_attn.weight); a model with other names needs a name map',
    twice: 'the checkpoint has {name} twice',
    missing: 'the checkpoint has no {name}',
    noEmbedding: 'the checkpoint has no token embedding (transformer.wte.weight or lm_head.weight)',
    embeddingShape: '{tensor} must be [vocab_size, n_embd], both at least 1, got {shape}',
    noBlocks: 'the checkpoint has no blocks (transformer.h.0. …)',
    attentionShape:
      '{tensor} must be [3 n_embd, n_embd] (nanoGPT) or [n_embd, 3 n_embd] (GPT-2) with n_embd = {D} from {embedding}, got {shape}',
    ffnShape: '{tensor} must be [k n_embd, n_embd] for a whole number k, got {shape}',
    metadataBias: '__metadata__.bias must be True or False, got “{got}”',
    biasSaysTrue: '__metadata__ says bias={value} but the checkpoint has no transformer.h.0.attn.c_attn.bias',
    biasSaysFalse: '__metadata__ says bias={value} but the checkpoint has transformer.h.0.attn.c_attn.bias',
    metadataWhole: '__metadata__.{key} must be a whole number of at least 1, got “{got}”',
    metadataShapes: '__metadata__ says {key}={value} but the tensors’ shapes give {shapes}',
    noHeads:
      'the number of heads is not in the checkpoint’s __metadata__ (n_head) and the shapes cannot tell it: give it as the option n_head (on the page, the number of heads when opening the model)',
    headShape:
      '{tensor} has shape {shape} but {heads, plural, one {the one head} other {one of the # heads}} of a model of width {D} needs {needs}',
    shape: '{tensor} has shape {shape} but the configuration needs {needs}',
    unusedBias:
      'the checkpoint has {tensor}, which a model of this configuration does not use: a model has biases everywhere (bias=True) or nowhere, and RMSNorm has none',
    unused:
      'the checkpoint has {tensor}, which a model of this configuration does not use: check the options (norm, gated, tied)',
    notNanogpt:
      'this model has {feature, select, rmsnorm {RMSNorm} gated {a gated FFN} postNorm {post-norm blocks} positions {positions other than a learned table} activation {an activation other than the exact GELU} untied {a head not tied to the embedding} ffnWidth {an FFN width other than 4 n_embd} unscaled {scores not divided by sqrt(d_k)} other {blocks without the causal mask}}, which nanoGPT’s GPT does not; it cannot be written as a nanoGPT checkpoint',
  },
  shape: {
    residual:
      '{name, select, attn {the attention output} ffn {the FFN output (w2 must be [F][D])} other {{name}’s output}} has {n, plural, one {# feature} other {# features}} but the residual stream has D = {D}',
    memory: 'memory must be [B][Tenc][D] = [{B}][Tenc >= 1][{D}] like x {x}, got {memory}',
    scalar: '{name} must be an array of rank >= 1',
    same: 'a has shape {a} but b has shape {b}',
    axis: 'axis {axis} does not exist for shape {shape}',
    scaleRows:
      'w has {n, plural, one {# entry} other {# entries}} but m has {rows, plural, one {# row} other {# rows}} (one weight per row)',
    head: 'params.head has shape {shape} but must be [D][V] = [{D}][{V, number}]',
    targets:
      'targets has {n, plural, one {# entry} other {# entries}} but logits has {rows, plural, one {# row} other {# rows}} (one target per row)',
    memoryBatch: 'x has shape {x} but memory has {memory}: they need the same leading (batch) axes',
    emptyAxes: 'every axis must be non-empty; got q {q}, k {k}, v {v}',
    keysValues: 'v has {v, plural, one {# row} other {# rows}} but k has {k} (one value per key)',
    dk: 'k has {k, plural, one {# column} other {# columns}} but q has {q} (d_k must match)',
    batch: 'q, k and v must have the same batch axes; got q {q}, k {k}, v {v}',
    weightRows:
      '{name} has {rows, plural, one {# row} other {# rows}} but its input has {features, plural, one {# feature} other {# features}} ({name} must be [{features}][out])',
    bias: 'the bias of {name} has {n, plural, one {# entry} other {# entries}} but {name} has {columns, plural, one {# column} other {# columns}}',
    emptyLastAxis: 'the last axis is empty (softmax needs at least one entry)',
    rank: '{name} must be {count, plural, =1 {{expected}} other {one of {expected}}} but has shape {shape}',
    count: '{name} has {n, plural, one {# number} other {# numbers}} for shape {shape}',
    empty: '{name} is empty (shape {shape})',
  },
  param: {
    without: '{name} was given without {needs}',
    missing: '{name} is missing (expected {count, plural, =1 {{expected}} other {one of {expected}}})',
    gainWithGamma: '{name} gives gain (RMSNorm) together with gamma/beta (LayerNorm)',
    needed: 'each of {names} is needed',
  },
  // the JS facade's checks of a call's arguments (web/engine/index.js, arrays.js); `got` is
  // the value received, worded by `got`
  call: {
    noWasm:
      'This browser has no WebAssembly support, which Attention Lab needs to compute anything. Try a current Firefox, Chrome, Edge or Safari.',
    got: {
      text: '“{text}” (a string)',
      number: '{number}',
      null: 'null',
      undefined: 'undefined',
      array: 'an array of {n}',
      typed: 'a {type} of {n}',
      boolean: '{value}',
      function: 'a function',
      object: 'an object',
    },
    tooMany: 'takes at most {max, plural, one {# argument} other {# arguments}} ({names}), got {n}',
    notArray:
      '{name} must be an array of {entries, select, integer {integer token ids} boolean {true/false values} other {finite numbers}}, got {got}',
    entry:
      '{path} is {got}, expected {entries, select, integer {an integer token id} boolean {true or false} other {a finite number}}',
    notRow: '{path} is {got}, expected an array of {n} (all rows the same length)',
    rowLength:
      '{path} has {n, plural, one {# entry} other {# entries}} but {first} has {m} (rows must all be the same length)',
    type: '{name} must be {expected, select, number {a number} whole {a whole number >= 0} integer {an integer (negative counts from the end)} text {a string} answer {a string or a number} bytes {a Uint8Array (the file’s contents)} progress {a function (done, total)} list {an array} other {an object}}, got {got}',
    names:
      "names must be an object of '{'\"their name\": \"nanoGPT’s name\"'}' texts, with '{'layer'}' and '{'head'}' for numbers, got {got}",
    unknownParam: 'unknown parameter {path} (expected one of {known})',
    deleted: 'this model was deleted (call lab.createModel or lab.loadModel for a new one)',
    deletedTwice: 'this model was already deleted',
    saved: 'expected an object saved by model.save() (format “attention-lab-model”, version 1), got {got}',
    savedList: 'the saved model has no parameter list',
    savedParameter: "parameter {index} is not '{'name, shape, data'}'",
    spec: {
      format: 'spec.format must be one of {formats}, got {got}',
      problemFormat: 'spec.format {format} is checked by practice.check, not by checkValue',
      value:
        '{name} must be {words, select, yes {a word} other {a number or an array of numbers}} for format {format}, got {got}',
    },
    notFinite: '{path} is {value}: the engine returned a value that is not finite',
  },
  checks: {
    permLength:
      'perm has {n, plural, one {# entry} other {# entries}} but the sequence has {T, plural, one {# position} other {# positions}}',
    permPositions: 'perm must list each position 0 to {last} once',
    oneToken: 'a vocabulary of one token leaves nothing to perturb',
    samples: 'samples must be at least 2 for a sample variance, got {got}',
    sigma: 'sigma must be a finite number > 0, got {got}',
    sigmaLarge:
      'sigma = {sigma} is too large: the products’ variance d_k sigma^4 and their squares pass the largest double, about 1.8e308',
  },
  // a practice family that broke its own rule (a bug, never a student’s input)
  practice: {
    unknownFamily: 'there is no family of problems “{family}” (there are {known})',
    edition: 'there is no edition {edition} of the practice set (there are editions 1 to {latest})',
    noFairVariant:
      'the family {family} found no fair problem for seed {seed}: this is a bug in the lab; please report it',
    invariant:
      'the practice set made a problem it cannot solve (family {family}, rule {rule}{name, select, none {} other {, value {name}}}): this is a bug in the lab; please report it',
  },
  option: {
    choice: '{what} must be one of {choices}, got “{got}”',
    unknown: 'unknown option “{name}” (expected one of {known})',
    type: 'option {name} must be {expected, select, boolean {true or false} number {a finite number} whole {a whole number >= 0} text {a string} flags {a list of true/false} wholes {a list of whole numbers} pairs {a list of [layer, head] pairs} other {a mask of [Tq][Tk] booleans}}, got {gotKind, select, text {“{got}”} array {an array} other {{got}}}',
    atMost: 'option {name} must be at most {max}, got {got}',
  },
  // the numbers of a computation, and a model's own refusals (training, generation, inspection)
  overflow: {
    inputs:
      '{step} stopped being finite ({kind, select, nan {an entry is not a number: an overflow met another, or 0 met 0} other {an entry overflowed past ±1.8e308, the largest double}}); the largest input entry is {largest}: inputs this large are too large to multiply and add',
    weights:
      '{step} stopped being finite ({kind, select, nan {an entry is not a number: an overflow met another, or 0 met 0} other {an entry overflowed past ±1.8e308, the largest double}}); some weights are too large to multiply and add',
    block:
      '{step} stopped being finite (an entry overflowed past ±1.8e308, the largest double): the input or the weights are too large to multiply and add',
    scores:
      'the scores stopped being finite: s[{row}][{column}] = q · k × scale overflowed past ±1.8e308, the largest double (q, k or the scale is too large to multiply)',
    exp: 'e^{x} (x entry {entry}) is larger than the largest double, about 1.8e308, which e^x passes at x = 709.78; softmax never needs it, because it subtracts the row’s maximum first (expShifted)',
  },
  mask: {
    shape: 'mask has shape {shape} but the scores are [{Tq}, {Tk}] (one row per query, one column per key)',
    emptyRow: 'query row {row} has every key masked (a softmax over no keys is not defined)',
  },
  token: {
    at: 'token {got} at position {position} is not an id in [0, {last}]',
    notInteger: '{name} entry {entry} is {got}, not an integer token id',
    rank: '{name} must be {batched, select, yes {[T] or [B][T]} other {[T]}} token ids but has shape {shape}',
    id: '{name} = {got} is not a token id in [0, {last}]',
  },
  generate: {
    temperatureOverflow: 'temperature {temperature} is so small that logits / temperature overflow; use 0 for greedy',
    nothingToContinue:
      'there is no generation to continue: call generate first (a trainStep or a failed step ends one)',
    emptyPrompt: 'the prompt is empty (generation needs at least one token to condition on)',
    temperature: 'temperature must be a finite number >= 0 (0 = greedy), got {got}',
    tooLong:
      'the prompt ({prompt, plural, one {# token} other {# tokens}}) plus {steps, plural, one {# step} other {# steps}} needs {needed, plural, one {# position} other {# positions}} but params.positions has {rows, plural, one {# row} other {# rows}} (Tmax)',
  },
  model: {
    parameterNotFinite: 'parameter {name} holds a value that is not a finite float32 number',
    savedMismatch: 'the saved parameters do not match the saved configuration (names or sizes differ)',
    tooLargeToCopy:
      'this model has {count, plural, one {# parameter} other {# parameters}}, more than the {max} the lab copies out as numbers; exportSafetensors() writes them as a file',
    tooLargeToTrain:
      'this model has {count, plural, one {# parameter} other {# parameters}}, more than the {max} the lab trains (training keeps gradients and AdamW’s two moments beside the weights: four copies); it can still be read: evaluate, generate and inspect work',
    lossDiverged: 'the loss is {loss}: training diverged; the parameters were not changed (lower the learning rate)',
    gradientDiverged:
      'the gradient is not finite: training diverged; the parameters were not changed (lower the learning rate)',
    notFinite:
      'the {what, select, loss {loss} logits {logits} probabilities {probabilities} other {attention weights}} stopped being finite: the parameters are too large for float32 sums, as after a step with too large a learning rate',
    emptySequence: 'the sequence is empty',
    sequenceTooLong: 'the sequence has {n, plural, one {# token} other {# tokens}} but the model was made for T = {T}',
    position: '{name} names position {got} but the sequence has positions 0 to {last}',
    from: 'from is {got}, and the targets are the positions 1 to {last}',
    period:
      'period is {got}, and a sequence of {T, plural, one {# token} other {# tokens}} repeats with a period from 1 to {last}',
    notRepeated:
      'the token at position {position} is not the one {period, plural, one {# position} other {# positions}} before it: the sequence does not repeat with period {period}',
    tooFewTokens:
      'at least 2 tokens are needed (an input and the token after it, or a token and its repeat), and this sequence has {n, plural, one {# token} other {# tokens}}',
    ablateHeads:
      '{name} names layer {layer} head {head} but the model has {layers, plural, one {# layer} other {# layers}} of {heads, plural, one {# head} other {# heads}}',
    emptyBatch: 'a batch needs at least one sequence of 2 token ids',
    batchTooLong:
      'the sequences have {n, plural, one {# input position} other {# input positions}} but the model was made for T = {T}',
  },
  saved: {
    format: 'expected a model saved as format “{format}” version {version}, got “{gotFormat}” version {gotVersion}',
    twice: 'the saved model has parameter {name} twice',
    missing: 'the saved model has no parameter {name}',
    shape: 'parameter {name} has shape {shape} but the configuration needs {needs}',
    unused:
      'the saved model has {n, plural, one {# parameter} other {# parameters}} that this configuration does not use',
  },
  norm: {
    givenButNone: '{name} was given but norm is “none”',
    rmsBeta: '{name} is an RMSNorm: give it gain, not beta',
    epsZero: 'eps must be a finite number >= 0, got {got}',
    gainSize:
      '{name} has {n, plural, one {# entry} other {# entries}} but x has {D, plural, one {# feature} other {# features}}',
    noFeatures: 'x has no features (the last axis is empty)',
    eps: 'eps must be a finite number > 0, got {got}: a row whose entries are all equal has variance 0, and the norm divides by sqrt(variance + eps)',
  },
  lm: {
    noInputs: 'there are no input tokens (a sequence needs at least 2 tokens: inputs and targets)',
    learnedNeedsTable: 'positions “learned” needs params.positions [Tmax][D]',
    positionsWidth: 'params.positions has {n, plural, one {# column} other {# columns}} but the embedding has D = {D}',
    tooLong:
      'the sequence has {T, plural, one {# input position} other {# input positions}} but params.positions has only {rows, plural, one {# row} other {# rows}} (Tmax)',
    positionsGiven:
      'params.positions was given but positions is {positions, select, sinusoidal {“sinusoidal” (a fixed table, nothing to learn)} other {“none”}}',
    maskBlocks:
      'maskBlocks has {n, plural, one {# entry} other {# entries}} but there {blocks, plural, one {is # block} other {are # blocks}}',
    tooShort: 'tokens needs at least 2 ids per sequence (inputs tokens[:-1], targets tokens[1:]), got {got}',
  },
  cache: {
    notCausal:
      'cache: block {block} has no causal mask, so its earlier positions change when a token is appended and their keys and values cannot be kept (§7.3); decode without the cache',
  },
  mha: {
    crossFused: 'crossAttn needs separate wQ, wK and wV: its queries come from x and its keys and values from memory',
    crossWidths:
      'crossAttn’s heads are {cdk} (keys) and {cdv} (values) wide but selfAttn’s are {dk} and {dv}; give both the same widths',
    fusedAndSeparate: 'give either wQKV (fused) or all of wQ, wK, wV (separate), not both',
    separateNeedsAll: 'separate projections need all of wQ, wK and wV',
    fusedBias: 'with a fused wQKV give its bias as bQKV',
    fusedBiasAlone: 'bQKV goes with a fused wQKV',
    fusedSplit:
      'wQKV has {columns, plural, one {# column} other {# columns}}, which do not split into 3 groups of {heads, plural, one {# head} other {# heads}} (need a multiple of 3 × heads = {multiple})',
    qkWidth:
      'wQ has {q, plural, one {# column} other {# columns}} but wK has {k} (queries and keys need the same width)',
    columnsPerHead: '{name} has {columns, plural, one {# column} other {# columns}}, not divisible by heads = {heads}',
    noColumns: 'the projections have no columns',
    noOutput:
      'without wO the concatenated heads ({H} × {dv} = {width, plural, one {# feature} other {# features}}) must have the model width D = {D}; give wO [{width}][{D}]',
    noMask: 'multi-head attention takes causal (true or false), not a mask',
    fuseNeedsSeparate: 'fusing needs separate wQ, wK and wV',
    fuseWidths: 'a fused wQKV needs d_k = d_v, but wQ has {q, plural, one {# column} other {# columns}} and wV has {v}',
  },
  ffn: {
    hidden:
      'w2 has {rows, plural, one {# row} other {# rows}} but w1 has {F, plural, one {# column} other {# columns}} (the hidden width F must match)',
    gatedNeedsGate: 'gated: true needs wGate [D][F]',
    gateNotGated: 'wGate was given but gated is false',
    gateWidth: 'wGate has {columns, plural, one {# column} other {# columns}} but w1 has {F}',
  },
  check: {
    notAnOption: 'could not read “{word}” as one of the options ({options})',
    notAToken: 'could not read “{word}” as one of the tokens of this problem ({options})',
  },
};
