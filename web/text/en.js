import choiceWords from './choice-words.js';
import settingNames from './setting-names.js';
import refusals from './en-refusals.js';

export default {
  address: {
    malformedEscape:
      'the address cannot be read: “{escape}” is not an escape of UTF-8 text (expected % and two hexadecimal digits, such as %20 for a space)',
    noExperiment: 'no training experiment "{id}" (expected one of {choices})',
    noVariant: 'no variant {seed} (expected a whole number from 0 to {max})',
    notJson: 'the inputs in the address are not valid JSON',
    unknownSetting: 'unknown training setting "{key}"',
    noStep: 'step {step} does not exist (this example has {steps})',
    notThisExample: 'input "{name}" does not belong to this example',
    unknownControl: 'unknown control "{control}" in hide=',
    unknownParameter: 'unknown parameter "{key}" in the address (expected {choices})',
    unreadable: 'unreadable address "{hash}"',
    noFamily: 'no practice problem "{id}"',
    noExample: 'no example "{id}"',
  },
  assignment: {
    defaultTitle: 'Self-attention: one problem of each kind',
    noTitle: 'title: expected a title, received nothing',
    noFamilies: 'families: expected at least one practice problem id, received none',
    repeatedFamily: 'families: a problem is listed twice',
    notAnAssignment: 'it holds no assignment',
    title: 'Assignment',
    loading: 'Loading the assignment…',
    notLoaded:
      'The assignment pages could not be loaded; the worked examples still work. Reload the page to try again. What the browser said:',
    whoAreYou: 'Your name or student id',
    whoWhy:
      'Each student gets problems of their own, drawn from what you type here: type it the same way each time (and on the worksheet, if there is one) to get the same problems back.',
    whoWhyClass:
      'It goes on your result file, and keeps your answers apart from anyone else’s who works on this computer.',
    start: 'Start',
    noName: 'Type your name or student id first.',
    notYou: 'Not you?',
    previousProblem: 'Previous problem',
    nextProblem: 'Next problem',
    passed: 'Passed.',
    notPassed: 'Not passed yet.',
    solvedMark: 'solved',
    formative:
      'This score is computed in your browser: it helps you and your teacher see where you are, but it proves nothing, since anyone can change it from the browser’s console.',
    download: 'Download my result file',
    downloadWhy: 'The file holds every answer you typed, its verdict and its time: hand it in if your teacher asks.',
    noHints: 'Hints are off for this assignment.',
    noSolutions: 'Solutions are off for this assignment.',
    cannotStore:
      'This browser does not let the page keep your run, so it will be lost on reload: download your result file before you leave.',
    runSetAside:
      'The run this browser kept for this assignment could not be read (it was damaged), so a new run begins; the damaged copy is kept aside in the browser, not deleted.',
    resultTitle: 'A result file',
    resultIntro:
      'Open the result files students downloaded (up to 300 at once): every answer in them is checked again by the engine, and any verdict a file records that the engine does not give is marked.',
    openResult: 'Open result files (one, or a whole class’s)',
    summaryColumns: ['Student', 'Solved', 'Pass mark', 'The file’s verdicts'],
    csvColumns: [
      'file',
      'student',
      'assignment',
      'solved',
      'problems',
      'percent',
      'passed',
      'attempts',
      'check',
      'duplicate',
    ],
    readingFiles: 'Reading {n, plural, one {# result file} other {# result files}}… {percent} %',
    cancelReading: 'Cancel reading',
    readingStopped: 'Reading stopped: the files were not opened, and what was shown before is shown still.',
    rowsShown: 'Rows {from}–{to} of {n}.',
    previousRows: 'Previous rows',
    nextRows: 'Next rows',
    drawingSheets: 'Drawing the sheets of {n, plural, one {# student} other {# students}}… {percent} %',
    cancelSheets: 'Cancel drawing',
    sheetsStopped:
      'Drawing stopped: not every sheet is here, so Print stays off. Open the sheets again to draw them all.',
    tooManyFiles:
      'Not opened: expected at most {most, plural, one {# result file} other {# result files}} at once, received {got}. Open the class in parts.',
    otherAssignment: 'the file’s assignment is not yours ({what})',
    duplicate: 'this student has another file here',
    checkedAgainst:
      'Checked against your assignment “{title}”: its problems, seeds, pass mark and settings, not the file’s.',
    mixedAssignments:
      'These files belong to {n, plural, one {# different assignment} other {# different assignments}}. Open them from your assignment in the teacher’s view to check each against it.',
    statsTitle: 'Each problem',
    statsColumns: ['Problem', 'Solved', 'Solved at the first attempt', 'Misconception met most often'],
    metTimes: '{what} ({n, plural, one {# time} other {# times}})',
    noMisconception: 'none the engine names',
    cellsKey: '✓: solved at the first attempt; ✓ 3: solved at the third; ✗ 2: two attempts, not solved; –: not tried.',
    csvFile: 'attention-lab-results.csv',
    answersLabel: 'Answers, in order',
    yes: 'yes',
    no: 'no',
    downloadCsv: 'Download the table (CSV, for a gradebook)',
    answersHeading: ['Problem', 'Answers, in order', 'Verdict'],
    recordedCorrect: 'the file says correct; the engine does not',
    recordedWrong: 'the file says not yet; the engine says correct',
    agrees: 'every verdict in the file is the engine’s',
    none: 'no answer',
    notKept: 'an answer the LMS did not keep (it had no room for it)',
    correct: 'correct',
    notYet: 'not yet',
    afterSolution: 'solution shown',
    notJson: 'the file is not JSON',
    notResult: 'it is not a result file of this page',
    storeRefused: 'the browser does not let this page store the run',
    worksheetHeading: 'Worksheet',
    keyHeading: 'Answer key',
    keyTitle: 'answer key',
    sheetIntro: 'Print this page (the navigation and these lines are left out of the print).',
    sheetNeedsNames:
      'In this assignment each student’s numbers are drawn from their name or id: name the students in the teacher’s view to print a sheet for each.',
    print: 'Print',
    nameLine: 'Name: ____________________________',
    sheetLink: 'The same problems on the page:',
    unknownSetting: 'unknown setting "{key}"',
    longTitle: 'title: expected at most {most, plural, one {# character} other {# characters}}, received {got}',
    unknownFamily: 'families: no practice problem "{id}"',
    badEach: 'each: expected a whole number from 1 to {most}, received "{got}"',
    badSeed: 'seed: expected a whole number from 0 to {most} or "student", received "{got}"',
    badEdition:
      'edition: expected a whole number from 1 to {latest} (the problem set’s editions this page has), received "{got}"',
    badFlag: '{name}: expected 0 or 1, received "{got}"',
    badPass: 'pass: expected a percentage, a whole number from 0 to 100, received "{got}"',
    badTries: 'tries: expected a whole number from 0 (no limit) to {most}, received "{got}"',
    badPenalty: 'penalty: expected a percentage, a whole number from 0 to 100, received "{got}"',
    settingsHeld:
      'This run keeps the settings it was first opened with: the address you opened asks for others, which only a new run would take.',
    triesRule: '{tries, plural, one {Each problem takes one attempt.} other {Each problem takes at most # attempts.}}',
    penaltyRule: 'Each wrong attempt before the right answer costs {penalty} % of that problem’s credit.',
    choiceRule:
      'On a problem that chooses among options, each wrong attempt costs a share of its credit (all of it between two options), so guessing earns half a problem on average.',
    unreadable: 'This assignment link cannot be opened: {problems}.',
    as: 'Working as {student}.',
    inLms: 'Working as {name}, in your course: you can leave and come back where you were.',
    lmsWaiting: 'Your course receives your score and your answer each time you check one.',
    lmsSaved: 'Your course has your score and answers as of {time}.',
    lmsError: 'error {code}',
    lmsErrorSaid: 'error {code}: {message}',
    lmsRetrying: 'Your course did not take your last answer ({error}): trying again…',
    lmsRefused:
      'Your course did not store your last answer ({error}). Your work is still in this page: keep it open and press Try again; if that keeps failing, download your result file and send it to your teacher.',
    lmsRetry: 'Try again',
    lmsNotConnected:
      'Your course opened this page but would not connect to it ({error}): nothing you do here reaches your course’s gradebook. Tell your teacher. You can still work here and download your result file.',
    lmsUnreadable:
      'Your course holds an earlier run of this activity that this version of the page cannot read (an older version of the assignment wrote it, or it is damaged: {field} could not be read). It is left as it is, and the score your course holds ({score} %) will not go down. Your new answers are not kept by the course until you choose to start again here.',
    lmsAfresh: 'Start again in the course',
    lmsDropped:
      '{n, plural, one {# problem you answered before is} other {# problems you answered before are}} no longer in this assignment: your course keeps the score it held ({score} %), and the rest of your answers carry on here.',
    problemOf: 'Problem {i} of {n}',
    score: '{solved} of {total} solved, {attempts, plural, one {# attempt} other {# attempts}}, score {percent} %',
    passMark: 'Pass mark: {pass} %.',
    attemptsOf: '{n, plural, one {# attempt} other {# attempts}}',
    resultUnreadable: '{name} cannot be read: {problem}.',
    summaryTitle: '{n, plural, one {# result file} other {# result files}}',
    resultOf: '{student}: {title}',
    aStudent: 'A student',
    resultTimes: 'Started {started}, saved {saved}.',
    disagrees:
      '{n, plural, one {# verdict in the file is} other {# verdicts in the file are}} not the engine’s (marked below): the file was changed',
    badAssignment: 'its assignment cannot be read: {problems}',
    problemCount: 'it should list {n, plural, one {# problem} other {# problems}}',
    notTheProblem: 'problem {i} is not the assignment’s ({family}, variant {seed})',
    fileTooLarge:
      'the file has {got, plural, one {# character} other {# characters}}, more than the {most} a result file may have',
    sheetFor: 'For {student}',
    sheetSeedsClass: 'The class’s numbers: seed {seed}, {n, plural, one {# problem} other {# problems}}.',
    sheetSeedsStudent: 'Numbers drawn for “{student}” (seed {seed}).',
    // The top of every printed page, beside the assignment and the student: n counts the pages of the whole printout.
    pageOf: 'page {n} of {m}',
    tooManyStudents:
      'These sheets cannot be printed at once: expected at most {most, plural, one {# student} other {# students}}, received {got}. Print the class in parts.',
  },
  examples: {
    4: {
      title: 'Counting the attention parameters',
      steps: {
        count: {
          title: 'Four D × D matrices',
          text: 'W_Q, W_K and W_V map D features to D (split into H heads of width d_h = D/H), and W_O maps the concatenated heads back to D. Without biases that is 4D² = 256 at D = 8.',
        },
        heads: {
          title: 'More heads, same count',
          text: 'Splitting D into more, narrower heads changes each head’s width, not the total number of parameters.',
        },
        bias: {
          title: 'Biases add 4D',
          text: 'One bias vector of width D for each of the four projections.',
        },
      },
    },
    5: {
      title: 'A transformer block',
      steps: {
        mix: {
          title: 'Attention mixes positions',
          text: 'Each row of an attention matrix says how one position gathers information from the others. This is the only place in a block where positions talk to each other.',
        },
        ffn: {
          title: 'The FFN works on each position alone',
          text: 'The same two-layer network is applied to every row separately. The nonlinearity matters: two linear maps in a row would collapse into one.',
          tryIt: 'Edit one row of X: only that row of FFN(X) changes.',
        },
        layerNorm: {
          title: 'LayerNorm works within one token',
          text: 'Each row is shifted and scaled using its own mean and variance (biased, ε = 1e-5). Every row ends with mean 0; the columns (features across positions) do not.',
        },
        prePost: {
          title: 'Pre-norm and post-norm',
          text: 'Pre-norm normalises the input of each sub-layer and adds its output straight to the residual stream (nanoGPT); post-norm normalises after each residual addition (the original Transformer). Same parameters, different outputs.',
        },
      },
    },
    6: {
      title: 'The vocabulary head',
      steps: {
        head: {
          title: 'Tied or untied',
          text: 'After the last block each position’s D features are mapped to V logits. A tied head reuses the embedding matrix E (logits = h Eᵀ) and adds no parameters; an untied head has its own D × V matrix.',
        },
      },
    },
    8: {
      title: 'The lab’s checks, live',
      steps: {
        checks: {
          title: 'Every check of the original lab',
          text: 'Each badge is computed now by the engine in this page: the handout’s numbers, the structural properties, and the future-dependence test.',
        },
      },
    },
    2.1: {
      title: 'One query’s retrieval',
      steps: {
        setup: {
          title: 'A query, three keys, three values',
          text: 'The query q asks a question; its score against key k_j measures how well position j answers it; each value v_j is what position j hands over.',
          tryIt: 'Every number here can be edited: click a cell and type.',
        },
        scores: {
          title: 'Score every key',
          text: 'Each score is the dot product of the query with one key, divided by √d_k (here √2).',
          result: 'With the handout’s keys the scores are ln 2, 0 and 0.',
        },
        exps: {
          title: 'Exponentiate',
          text: 'Exponentials turn any score into a positive number and keep the order: e^(ln 2) = 2, e^0 = 1. Only their ratios reach the weights, so subtracting the largest score first changes nothing but keeps every exponential at most 1: that is what the engine computes.',
        },
        weights: {
          title: 'Normalise across the keys',
          text: 'Dividing each exponential by their total gives weights that are positive and add up to one.',
          result: 'With the handout’s numbers they are [1/2, 1/4, 1/4].',
        },
        output: {
          title: 'Mix the values',
          text: 'The answer is the weighted sum of the values. The weights are positive and add up to one, so y is a convex combination of the values: it lies in the smallest convex shape that contains them all (here the triangle with the three values as corners), though it need not equal any one of them.',
        },
      },
    },
    2.2: {
      title: 'How the routing learns',
      steps: {
        compete: {
          title: 'Weights compete for a fixed total',
          text: 'Whatever the scores, the weights always add up to one.',
          tryIt: 'Edit the scores and watch the total stay at 1.',
        },
        nudge: {
          title: 'Raise one score',
          text: 'Raising score 0 raises weight 0 and pulls every other weight down, because they share the same total.',
        },
        gradient: {
          title: 'The derivative says the same',
          text: 'Entry (i, j) is how fast weight i moves when score j rises. The diagonal is positive, everything else negative, and each column adds up to zero. Training follows these derivatives from the loss back to the queries and keys; a large weight alone does not prove a value mattered to the prediction.',
        },
      },
    },
    3.1: {
      title: 'Why divide by √d_k',
      steps: {
        saturation: {
          title: 'Large scores saturate softmax',
          text: 'Unscaled scores grow with d_k: at d_k = 64 a gap of 8 between two scores, as in [0, 8], is ordinary.',
          result:
            'Softmax then puts almost all the weight on one key, and small changes to the scores barely move the weights.',
        },
        scaled: {
          title: 'Scaling keeps softmax responsive',
          text: 'Divide the scores by √d_k = √64 = 8 before softmax.',
          result:
            'That turns [0, 8] into [0, 1], whose softmax leaves room for both keys and for learning to shift the weights.',
        },
        variance: {
          title: 'Where the size of the scores comes from',
          text: 'For random queries and keys with independent coordinates of mean 0 and variance σ², a dot product of d_k terms has variance d_k σ⁴; after dividing by √d_k it is σ⁴ whatever d_k is. The engine draws 4000 seeded pairs for each d_k: compare the measured columns with the predicted ones.',
        },
      },
    },
    3.2: {
      title: 'A batch of attention matrices',
      steps: {
        shapes: {
          title: 'One matrix form for the whole batch',
          text: 'Rows of Q are queries, rows of K and V are keys and values; batch items sit on the first axis. Only the last two axes of K are swapped (transpose(-2, -1)), so every batch item gets its own [T, T] score matrix.',
        },
        perItem: {
          title: 'Items never mix',
          text: 'Each item has its own attention matrix: rows are queries, columns are keys.',
          tryIt: 'Editing item 1 leaves item 0’s matrix unchanged.',
        },
        sums: {
          title: 'Rows sum to one, columns need not',
          text: 'Softmax runs across each row, so every row adds up to one. Nothing constrains the columns: a popular key can collect more than one unit of weight, an ignored key much less.',
        },
      },
    },
    4.1: {
      title: 'Two heads, one query',
      steps: {
        head1: {
          title: 'Head 1 looks mostly at position 0',
          text: 'Scores [ln 8, 0, 0] give weights [0.8, 0.1, 0.1], and the values mix to [2, 0.6].',
        },
        head2: {
          title: 'Head 2 looks mostly at position 1',
          text: 'The same values read with weights [0.1, 0.8, 0.1] give [0.6, 2]: a different routing, a different answer.',
        },
        concat: {
          title: 'Concatenate, then mix with W_O',
          text: 'Placing the two heads’ outputs side by side keeps both. With W_O = I nothing changes; a learned W_O can combine the features.',
          tryIt: 'Edit W_O to try.',
          result: 'Here that is [2, 0.6 | 0.6, 2].',
        },
        average: {
          title: 'Averaging would lose a routing',
          text: 'Averaging the two heads gives [1.3, 1.3] and the two decisions can no longer be told apart. Both heads still put some weight on position 2: finite scores never give exactly zero.',
        },
      },
    },
    4.2: {
      title: 'The fused projection',
      steps: {
        fuse: {
          title: 'One multiplication for Q, K and V',
          text: 'Putting W_Q, W_K and W_V side by side makes one D × 3D matrix; one product X W_QKV computes all three projections at once.',
        },
        split: {
          title: 'Split, reshape, transpose',
          text: 'The 3D columns split into three groups of D; each is reshaped to [B, T, H, d_h] and transposed to [B, H, T, d_h], so every head becomes its own batch of attention.',
          tryIt: 'Change H and watch the shapes.',
        },
        same: {
          title: 'The same numbers as separate projections',
          text: 'Fusing is a way of organising the arithmetic; it does not change the result, and it does not make Q, K and V equal.',
        },
        cost: {
          title: 'Memory versus arithmetic',
          text: 'Storing every head’s weights costs B·H·T² numbers, while the score and value products cost about B·T²·D multiply-adds whatever H is: more heads, more memory, the same arithmetic.',
        },
      },
    },
    6.1: {
      title: 'Order and positions',
      steps: {
        swap: {
          title: 'Without positions, swapping inputs swaps outputs',
          text: 'With no position information and no mask, swapping tokens 0 and 2 just swaps rows 0 and 2 of the output: the model is equivariant, not invariant. It cannot tell which token came first.',
        },
        positions: {
          title: 'Adding positions breaks the symmetry',
          text: 'Adding a position vector to each embedding makes the same token start from a different vector at a different place, so swapping tokens no longer just swaps the outputs. Learned tables add T_max·D parameters; sinusoidal ones add none.',
        },
        sinusoid: {
          title: 'The sinusoidal table',
          text: 'Each pair of features (2i, 2i+1) is a sine and a cosine of the position at its own frequency, from fast on the left to very slow on the right.',
        },
      },
    },
    7.1: {
      title: 'Generation, one token at a time',
      steps: {
        greedy: {
          title: 'Greedy: take the largest logit',
          text: 'Only the logits at the last real position matter for the next token; greedy decoding takes the token with the largest.',
          result: 'After A B C the toy model’s largest logit is A’s.',
        },
        sample: {
          title: 'Sampling, reproducible by hand',
          text: 'Divide the logits by the temperature, take softmax, and add the probabilities up one by one. The seeded generator draws a number u in [0, 1); the chosen token is the first whose running sum passes u. Same seed, same tokens. So that the sequence can grow past three tokens, this step (and the next) runs a copy of the toy model with sinusoidal positions in place of its three-row position table.',
        },
        prefix: {
          title: 'Appending never changes earlier rows',
          text: 'In a causal model, position i sees only positions 0..i, so appending a token leaves every earlier row’s logits exactly as they were. The loop so far recomputes them all anyway; the next step keeps them instead.',
        },
        cache: {
          title: 'Keep the keys and values (Handout #12)',
          text: 'Since earlier positions never change, their keys and values can be kept from step to step. A new token then needs only its own row of every product, and its query reads the kept keys and values. The engine runs the same generation both ways: the tokens and probabilities agree bit for bit, while the cost of a step stops growing with the square of the length. The price is memory: a key and a value for every head, block and position, L · T · H (d_k + d_v) numbers for one sequence, which is 2 · L · T · D when keys and values are D wide (this toy model has d_k = 1 and d_v = 2).',
        },
      },
    },
    7.2: {
      title: 'Teacher forcing',
      steps: {
        table: {
          title: 'Inputs and targets',
          text: 'The targets are the inputs shifted one place to the left: the output at position i is scored on the token at i + 1. Positions are zero-based.',
        },
        losses: {
          title: 'All positions scored at once',
          text: 'Because every target is known in training, all positions are scored in one pass, and the loss is the mean of −log p_i(target) in nats.',
        },
      },
    },
    7.3: {
      title: 'Why the mask must be in every block',
      steps: {
        mask: {
          title: 'Two ways to write the same mask',
          text: 'A keep-matrix says where attention is allowed (tril: j ≤ i). The equivalent additive matrix is 0 where allowed and −∞ where not (the entries of triu(ones, 1)), added to the scores before softmax. Switch between the two views.',
        },
        unmasked: {
          title: 'Without the mask, the answer is next door',
          text: 'Unmasked, the query at position i can read position i + 1, which is exactly its own target: a shortcut that generation will never have.',
        },
        dependence: {
          title: 'Which outputs depend on later tokens',
          text: 'The engine changes one token at a time and measures how much each output moves. Masked in every block, nothing above the diagonal moves. Masked only in the last block, the first block has already copied later tokens into earlier rows, so the leak survives.',
        },
      },
    },
    7.4: {
      title: 'One sequence, from embeddings to the loss',
      steps: {
        embed: {
          title: 'Embed the tokens and add positions',
          text: 'The stream A B C A gives inputs A B C at positions 0, 1, 2 and targets B C A. Each input row is its token’s embedding plus its position’s vector.',
        },
        project: {
          title: 'Project to queries, keys and values',
          text: 'With d_k = 1 the scale is 1. W_V = I, so V = X.',
        },
        attend: {
          title: 'Attend to the prefix',
          text: 'All nine scores exist, but the mask keeps row i from seeing keys after i.',
          result: 'Row 2’s exponentials are [2, 1, 2], so its weights are [2/5, 1/5, 2/5] and it retrieves [0.8, 0.6].',
        },
        ffn: {
          title: 'Residual and feed-forward',
          text: 'U is nonnegative, so ReLU(U) = U and the FFN returns U/2; the second residual gives H = 1.5 U.',
        },
        loss: {
          title: 'Logits, probabilities and the loss',
          text: 'The head maps each row [h0, h1] to [h0, h1, −h0 − h1]. Softmax now runs over the vocabulary, and each row i pays −log of the probability of its target t_i.',
          result: 'The mean is about 3.02041 nats; row 2 alone would predict A.',
        },
      },
    },
    8.1: {
      title: 'Naming the axes with einsum',
      steps: {
        scores: {
          title: 'Scores: sum over the shared feature axis',
          text: 'In "bid,bjd->bij", b is the batch, i a query position, j a key position and d a feature. d appears in both inputs but not in the output, so it is summed: each score is a dot product.',
        },
        values: {
          title: 'Outputs: sum over the key axis',
          text: 'In "bij,bje->bie" the key position j is shared and summed away: each output row mixes the value rows with that query’s weights.',
          tryIt: 'Change B, T and d and follow the shapes.',
        },
      },
    },
    9.1: {
      title: 'nanoGPT’s CausalSelfAttention',
      steps: {
        names: {
          title: 'B, T, C, nh, hs',
          text: 'nanoGPT names the batch B, the sequence length T and the model width C (our D); nh is the number of heads (our H) and hs = C // nh the width of one head (our d_h). Each step below is one line of CausalSelfAttention.forward, run on this x by the engine. The lines are quoted from nanoGPT’s model.py (© 2022 Andrej Karpathy, MIT License); dropout is off.',
          tryIt: 'Change B, T, C or nh, type into x, or switch bias, and follow the shapes down the steps.',
        },
        split: {
          title: 'One projection for q, k and v',
          text: 'c_attn is a single linear layer from C to 3·C features: the three projections of §4.2 side by side. split(n_embd, dim=2) cuts its output into three [B, T, C] pieces: q, then k, then v.',
        },
        heads: {
          title: 'Giving each head its own axis',
          text: 'view(B, T, nh, hs) reads the last axis as nh groups of hs features; transpose(1, 2) moves the head axis in front of T, so every head becomes its own [T, hs] matrix. Head h holds the columns h·hs … (h+1)·hs − 1 of q.',
        },
        att: {
          title: 'Scores for every head at once',
          text: 'k.transpose(-2, -1) swaps the last two axes of k, so q @ kᵀ takes the dot product of every query row with every key row; the factor 1/√hs is §3.1’s scaling with d_k = hs.',
          result: 'That makes a [T, T] matrix of scores for every sequence and head.',
        },
        mask: {
          title: 'The causal mask',
          text: 'self.bias is a lower-triangular matrix of ones registered at construction; every score where it is 0, a key after its query, becomes −∞, so the softmax gives it weight 0 (§7.3).',
        },
        softmax: {
          title: 'Weights',
          text: 'The softmax runs along the last axis, over keys: every row of every head sums to 1, and the −∞ entries are exactly 0.',
        },
        y: {
          title: 'Each head’s output',
          text: 'att @ v mixes the value rows of each head with that head’s weights: [T, T] times [T, hs] gives [T, hs] per sequence and head.',
        },
        assemble: {
          title: 'Putting the heads back side by side',
          text: 'transpose(1, 2) puts T back before the head axis; contiguous() copies the numbers into that order so that view(B, T, C) can join the nh head outputs into C features per position: the concatenation of §4.',
        },
        proj: {
          title: 'The output projection',
          text: 'c_proj is W_O: a C → C linear layer that mixes the joined head features. Its output has the shape of x, ready to be added back to the residual stream.',
        },
      },
    },
    9.2: {
      title: 'nanoGPT’s Block',
      steps: {
        forward: {
          title: 'Block.forward is pre-norm',
          text: 'Each sub-layer reads a normalised copy of x and adds its result to x itself: the pre-norm arrangement of §5.1. The same x and weights as §9.1; here ln_1 comes first. The lines are quoted from nanoGPT’s model.py (© 2022 Andrej Karpathy, MIT License).',
          tryIt: 'Switch bias to False: LayerNorm loses beta and every linear layer its bias, and the count changes.',
        },
        ln1: {
          title: 'ln_1',
          text: 'LayerNorm works on each position on its own: it subtracts the row’s mean, divides by its standard deviation, then applies gamma (and beta with bias=True). nanoGPT starts gamma at 1 and beta at 0, as here.',
        },
        attn: {
          title: 'Attention, then the residual',
          text: 'self.attn is §9.1’s CausalSelfAttention, now reading ln_1(x). Its output is added to x, not to ln_1(x): the residual path carries x through unchanged.',
        },
        ln2: {
          title: 'ln_2',
          text: 'A second LayerNorm, with its own parameters, normalises the new x before the MLP.',
        },
        mlp: {
          title: 'The MLP: out to 4·C and back',
          text: 'c_fc widens every position to 4·C features, GELU bends each feature, and c_proj narrows back to C. Like LayerNorm, it treats each position on its own: only attention mixes positions.',
        },
        out: {
          title: 'The block’s output',
          text: 'The MLP’s output is added to x. The block returns a tensor of x’s shape, so blocks stack: nanoGPT applies n_layer of them, then ln_f and lm_head.',
        },
      },
    },
    9.3: {
      title: 'The tutorial’s variants',
      steps: {
        heads: {
          title: 'Heads with their own weights',
          text: 'The course tutorial keeps a list of heads, each a small attention module with its own W_Q^h, W_K^h and W_V^h of width d_h = D / H, runs them one by one and joins their outputs along the feature axis. Each matrix here is one head’s output computed on its own by the engine (causal, as in the tutorial’s language model).',
          tryIt: 'Change H or a cell of X: every head’s output and their concatenation follow.',
        },
        fused: {
          title: 'The same thing with one projection',
          text: 'Put the heads’ weights side by side, head 0’s columns first, and one matrix product computes every head’s queries at once; multi-head attention then reads head h from column block h. In head order the two computations agree to the last digit. The equality needs that order: swap two heads, or interleave their columns, and the fused layer computes different heads, or the same heads in another order.',
          tryIt: 'Choose another column order and watch the difference.',
        },
        norms: {
          title: 'RMSNorm against LayerNorm',
          text: 'Both work on one row at a time. LayerNorm first subtracts the row’s mean, then divides by its standard deviation; RMSNorm skips the subtraction and divides by the root-mean-square of the row itself. So LayerNorm’s rows always have mean 0, and RMSNorm’s keep the sign of the row’s mean; for a row whose mean is already 0 the two agree (up to the small ε).',
          tryIt: 'Make a row of X sum to 0 and compare that row.',
        },
        gated: {
          title: 'A gated FFN',
          text: 'The plain FFN widens each position with W_1, applies the activation, and narrows back with W_2. The gated FFN computes a second D → D_ff map, the gates x W_g, and multiplies it feature by feature with the activated features before W_2 (SiLU here). That third matrix costs D · D_ff more parameters: three maps instead of two.',
        },
        block: {
          title: 'A block with all three',
          text: 'The tutorial’s block: pre-norm, with RMSNorm before each sub-layer, the heads’ attention (fused here, which §9.3’s check shows changes nothing), and the gated FFN. The shapes are those of §5’s block; only the parameter count differs.',
        },
      },
    },
    9.4: {
      title: 'The encoder–decoder',
      steps: {
        modules: {
          title: 'The shared modules',
          text: 'Both stacks are assembled from three parts: multi-head attention, the position-wise FFN and LayerNorm. An encoder block uses one attention; a decoder block uses two (its own positions, then the memory) and one more norm. The counts are the engine’s, for PyTorch’s layers with their biases, so they match nn.TransformerEncoderLayer and nn.TransformerDecoderLayer.',
          tryIt: 'Change H: the counts do not move, because the heads split D instead of adding to it (§4).',
        },
        worksheet: {
          title: 'Fill in the build plan',
          text: 'Before the next step shows the plan, write it yourself: for every module, the shapes of what its queries read, what its keys and values read, its weights and its output, and which mask it needs. One sequence of each side, so B = 1, and D = 4. The engine checks every cell and names the usual wrong wirings.',
          tryIt: 'Your answers stay when you change T_dec, T_enc or H; check again to see which still hold.',
        },
        plan: {
          title: 'The build plan',
          text: 'Three modules built from the same parts. The encoder’s block lets every source position read every other; its output, the memory, is computed once. The decoder’s block first attends among the target positions under the causal mask, then attends from each target position to the memory, then applies the FFN. The table gives each module’s shapes, as the engine returns them.',
          tryIt: 'Change T_dec and T_enc: only cross-attention mixes the two lengths.',
        },
        encoder: {
          title: 'The encoder makes the memory',
          text: 'An encoder block is the §5 block with the mask switched off: there is no generation order on the source side, so every position may read all of them.',
        },
        self: {
          title: 'Masked self-attention in the decoder',
          text: 'The decoder generates its positions one at a time, so among themselves they keep the causal mask: row i has weight only on target positions 0..i.',
        },
        cross: {
          title: 'Cross-attention reads the memory',
          text: 'Queries come from the decoder and keys and values from the memory, so the weights have one row per target position and one column per source position: [B, H, T_dec, T_enc]. No mask here: the whole source is known before decoding starts.',
        },
        output: {
          title: 'FFN, and the block’s output',
          text: 'The FFN works on each target position alone, and each of the three sub-layers adds its result to the residual stream and is normalised. The output keeps the decoder’s shape, ready for the next decoder block or the vocabulary head.',
        },
      },
    },
  },
  inputs: {
    empty: 'an empty cell',
    expected: 'expected {what}, received {received}',
    unreadable: '{expected}, which could not be read: {error}',
    what: {
      token: 'a token id{bounds}',
      integer: 'a whole number{bounds}',
      number: 'a number{bounds}',
      any: 'a number such as 0.5, 1/2 or ln 2',
    },
    bounds: {
      range: ' from {min} to {max}',
      atLeast: ' of at least {min}',
      atMost: ' of at most {max}',
    },
    expectedChoice: 'expected one of the menu’s choices ({choices}), received {received}',
    expectedAxes: 'expected {axes, plural, =1 {a list of numbers} other {an array with # axes}}, received {received}',
    expectedLength: 'expected 1 to {max, plural, one {# entry} other {# entries}}, received {n}',
    named: 'input "{name}": {error}',
  },
  labels: {
    // names of the parts of a displayed formula, outside the typeset maths
    formula: { tiedHead: 'tied head', preNorm: 'pre-norm', postNorm: 'post-norm' },
    tutorial: {
      codeFrom: 'the course tutorial',
      cat: 'torch.cat of the heads',
      order: 'fused columns',
      inOrder: 'head 0 first (the column blocks)',
      swapped: 'heads in reverse order',
      interleaved: 'heads’ columns interleaved',
      fusedQ: 'fused W_Q',
      fusedOut: 'multi-head attention with the fused weights',
      broken:
        'The fused weights no longer put head h in column block h, so the fused layer’s heads are not the tutorial’s heads.',
      plainOut: 'plain FFN(X)',
      gatedHidden: 'SiLU(X W_1) ⊙ X W_g',
      gatedOut: 'gated FFN(X)',
      plainCount: 'plain FFN parameters (2 · D · D_ff)',
      gatedCount: 'gated FFN parameters (3 · D · D_ff)',
      blockWeights: 'attention weights (head 0)',
      blockCount: 'parameters in the block',
      head: 'head {h} on its own',
      column: 'h{h}·{c}',
      rowMeans: 'row means of {what}',
    },
    nanogpt: {
      predictAtt: 'the shape of att = q @ k.transpose(-2, -1) / √hs',
      attMatrices: 'att, head by head',
      headsShape: 'q, k, v per head',
      headColumnsLabel: 'q[b, h] holds',
      blockParams: 'parameters in one block',
      headColumns: 'columns h·{hs} to h·{hs} + {last} of q[b]',
    },
    encdec: {
      predictCross: 'the shape of the cross-attention weights, batch axis first',
      plan: 'the build plan',
      arrangement: 'norm placement',
      post: 'post-norm (PyTorch’s default)',
      pre: 'pre-norm (norm_first)',
      queries: 'input (queries from)',
      keysValues: 'keys and values from',
      weights: 'weights',
      output: 'output',
      mask: 'mask',
      encoderSelf: 'encoder self-attention',
      decoderSelf: 'decoder self-attention',
      cross: 'cross-attention',
      ffnRow: 'decoder FFN',
      noMask: 'none',
      causalMask: 'causal',
      source: 'source rows S',
      target: 'target rows X',
      memory: 'memory M',
      encoderWeights: 'encoder weights (head 0)',
      selfWeights: 'decoder self-attention weights (head 0)',
      crossQ: 'queries (from the decoder)',
      crossK: 'keys (from the memory)',
      crossWeights: 'cross-attention weights (head 0)',
      crossShape: 'cross-attention weights',
      selfShape: 'self-attention weights',
      outputShape: 'output',
      worksheet: 'the build plan, to fill in',
      layers: 'blocks per stack N',
      vocab: 'vocabulary size V',
      madeOf: 'made of',
      parameters: 'parameters',
      attention: 'multi-head attention',
      attentionParts: 'W_Q, W_K, W_V, W_O (4 · D²) and their biases (4 · D)',
      ffnParts: 'W_1 (D · D_ff), W_2 (D_ff · D) and their biases (D_ff + D)',
      norm: 'LayerNorm',
      normParts: 'γ and β (2 · D)',
      encoderBlock: 'encoder block',
      encoderParts: 'attention, FFN, 2 LayerNorms',
      decoderBlock: 'decoder block',
      decoderParts: 'self-attention, cross-attention, FFN, 3 LayerNorms',
      embedding: 'shared embedding',
      finalNorms: 'final norms',
      finalNormParts: 'one LayerNorm after each stack',
      ffn: 'FFN, D → {F} → D',
      embeddingParts: 'V · D = {V, number} · {D}, also the output head (tied)',
      modules: 'the modules at D = {D}',
      stack: 'the whole model, N + N blocks at N = {N}',
    },
    columnSums: 'column sums',
    // paramCount's breakdown of an attention layer, by the engine's key
    breakdown: { W_Q: 'W_Q', W_K: 'W_K', W_V: 'W_V', W_O: 'W_O', 'attention.bias': 'attention biases' },
    negLogTarget: '−log p_i(target)',
    temperature: 'temperature τ',
    seed: 'seed',
    variance: 'variance',
    rowSums: 'row sums',
    scoresShape: 'scores',
    total: 'total',
    counts: 'parameter counts',
    parameters: 'parameters',
    biases: 'biases',
    noBiases: 'no biases',
    withBiases: 'with biases',
    averagingMap: 'averaging map',
    averageOfHeads: 'average of the heads',
    concatenation: 'concatenation',
    weightOnPosition2: 'weight on position 2 (head 1, head 2)',
    headsAfterTranspose: 'heads (after transpose)',
    weights: 'weights',
    fused: 'fused',
    separate: 'separate',
    largestDifference: 'largest difference',
    cost: 'cost',
    storedWeights: 'stored weights',
    multiplyAdds: 'multiply-adds',
    tokenMean: 'mean of each token (row)',
    tokenVariance: 'variance of each token (row)',
    featureMean: 'mean of each feature (column)',
    preNormY: 'pre-norm Y',
    preNormTitle: 'pre-norm (nanoGPT)',
    postNormY: 'post-norm Y',
    postNormTitle: 'post-norm (original Transformer)',
    vocabularySize: 'V (vocabulary)',
    tiedModel: 'tied model',
    untiedModel: 'untied model',
    untiedHead: 'untied head W_vocab',
    positions: 'positions',
    learnedTable: 'learned table',
    sinusoidal: 'sinusoidal',
    noPositions: 'none',
    peCaption: 'PE (rows: positions, columns: features)',
    lastLogits: 'logits at the last position',
    greedyNext: 'greedy next token',
    stepsAtMost: 'steps at most',
    stopAfter: 'stop after',
    noStopToken: 'no stop token',
    probabilities: 'probabilities',
    cumulative: 'cumulative',
    token: 'token',
    draws: 'draws',
    sequence: 'sequence',
    stopped: 'stopped',
    atStopToken: 'at the stop token',
    atStepBound: 'at the step bound',
    logitsBefore: 'logits before appending',
    earlierUnchanged: 'earlier rows unchanged',
    cacheTable: 'each step of the sampled generation, recomputed and cached',
    cachedPositions: 'positions kept in the cache',
    cachedNumbers: 'numbers in the cache, L T H (d_k + d_v)',
    naiveCost: 'multiply-adds, recomputing the prefix',
    cachedCost: 'multiply-adds, with the cache',
    sameWithCache: 'cached tokens and probabilities equal the recomputed ones',
    totalMultiplyAdds: 'multiply-adds for the whole generation',
    bitForBit: 'yes, bit for bit',
    changed: 'no',
    tokenIds: 'token ids',
    input: 'input',
    target: 'target',
    positionCaption: 'position',
    meanLoss: 'mean loss (nats)',
    showMaskAs: 'show the mask as',
    keepMatrix: 'a keep-matrix (true = may attend)',
    additiveMatrix: 'an additive matrix (0 or −∞)',
    keepCaption: 'keep-matrix: 1 = true (may attend), 0 = false',
    additiveCaption: 'additive mask: 0 where kept, −∞ where masked (= triu(ones, 1) × −∞)',
    tokens: 'tokens',
    unmaskedWeights: 'A without the mask',
    logitsZ: 'logits z',
    greedyAfterInputs: 'greedy next token after the inputs',
    value: 'value',
    modelWidth: 'model width',
    headCount: 'heads',
    headWidth: 'head width',
    names: 'names',
    targetCell: 'outlined: the weight a query puts on its own target, the next token',
    masks: {
      every: 'mask in every block',
      last: 'mask in the last block only',
      none: 'no mask',
    },
    readsFuture: 'an output depends on a later token',
    noFuture: 'no output depends on a later token',
    gap: 'gap',
    predict: {
      scores: 'the scaled scores s',
      exps: 'the exponentials',
      weights: 'the weights a',
      output: 'the output y',
      raw: 'softmax(s) without scaling',
      scaled: 'the weights after scaling',
      concat: 'the concatenated heads',
      greedy: 'the greedy next token',
      loss: 'the mean loss in nats',
      attnRow2: 'row 2 of the attention output',
    },
    logits: 'logits',
    logitsSwapped: 'logits, rows 0 and 2 swapped',
    prompt: 'prompt',
    handout: 'handout',
    checks: {
      retrieval: 'retrieval gives [2, 1.5]',
      twoHeads: 'two heads give [2, 0.6] and [0.6, 2]',
      loss: '§7.4 mean loss 3.02041 nats',
      rowSums: 'attention rows sum to one',
      shapes: 'weights have shape [B, H, T, T]',
      fused: 'fused projection equals separate projections',
      equivariant: 'no positions, no mask: permutation equivariant',
      everyBlock: 'masked in every block: no future dependence',
      unmasked: 'unmasked: outputs depend on later tokens',
      lastBlock: 'masked in the last block only: still depends on later tokens',
    },
    expTooLarge:
      'exp(s) is not shown: a score above about 709.78 has an exponential larger than the largest number a double can hold (about 1.8 × 10^308). The weights are unaffected: they come from the shifted exponentials, which are never above 1. (The engine: {why})',
    totalCost: '{naive} recomputing, {cached} cached',
    batchItem: 'A[{b}] (item {b})',
    headScores: 's (head {n})',
    headWeights: 'a (head {n})',
    head: 'head {n}',
    headOutput: 'head {h} output',
    headAttention: 'A (head {h})',
    position: 'pos {i}',
    row0: '{name}[0]',
    step: 'step {i}',
    logitsAfter: 'logits after appending {token} (same rows)',
    weightOnTarget: 'weight of row {i} on its target (position {next})',
    dependence: 'dependence ({title})',
    dependenceCaption: '{title}: how much output i changes when token j changes',
    out: 'out {i}',
    tok: 'tok {j}',
    targetNamed: 'target {name}',
    largestError: 'largest error {e}',
  },
  opened: {
    title: 'Open a model',
    tocSection: 'Lab',
    loading: 'Loading the model panel…',
    notLoaded: 'The model panel could not be loaded. Reload the page to try again. What the browser said:',
    intro:
      'Open a GPT you trained with nanoGPT (or a GPT-2 checkpoint) and look inside it with the handout’s tools: the attention of every head, the next-token distribution, how sampling picks a token, and whether the model can read the future. The file is read by the engine in this browser tab and is never sent anywhere.',
    onPageThread:
      'This copy of the page cannot start a background worker (it was opened from a file), so the model runs on the page’s thread, and opens files of up to {most} MB: a larger one would stop the page for seconds while it is read. Open larger models from the site (npm start, or any static host), where a worker reads them.',
    tooLargeHere:
      'the file has {got, number} MB, and this copy of the page, which runs models on its own thread, opens files of up to {most} MB; open it from the site (npm start, or any static host), where a worker reads it',
    file: 'Checkpoint (.safetensors)',
    fileHelp: 'nanoGPT’s state_dict saved with safetensors (how: below), or a Hugging Face GPT-2 file.',
    howToSummary: 'How to write these files from nanoGPT',
    howToCheckpoint:
      'In Python, with the model trained by nanoGPT (the mask buffers are left out, and the tied head is copied, since safetensors refuses a tensor stored twice):',
    howToVocabulary: 'The vocabulary of a character model (nanoGPT’s data/…/meta.pkl) as JSON:',
    howToNames:
      'A model whose tensors have other names opens with a name map in Other settings: each of the file’s names (left), with {layer} and {head} for numbers, is read as nanoGPT’s (right). For example:',
    vocabulary: 'Vocabulary (optional)',
    vocabularyHelp:
      'For a character model: nanoGPT’s meta.pkl written as JSON, a JSON list of characters, or a text file of them (or the training text itself). Without one, type token ids.',
    heads: 'Heads (n_head), if the file does not say',
    options: 'Other settings (JSON, optional)',
    optionsHelp:
      'What the file cannot tell, as lab.loadCheckpoint takes it (a name map: above, under How to write these files). For the course tutorial’s model:',
    open: 'Open',
    refused: 'This file was not opened:',
    chooseFile: 'choose a .safetensors file first',
    kept: 'The model that was open stays open.',
    noModel: 'No model is open yet.',
    about: 'The model',
    parameters: 'Parameters',
    configRows: {
      layers: 'Blocks (n_layer)',
      heads: 'Heads per block (n_head)',
      D: 'Width D (n_embd)',
      T: 'Context T (block_size)',
      vocab: 'Vocabulary V (vocab_size)',
      bias: 'Biases',
      activation: 'Activation',
      ffnMult: 'FFN width (× D; 0: attention alone)',
      positions: 'Positions',
    },
    vocabFrom: {
      trained: 'the tokens it was trained on in Train a model',
      json: 'read from the JSON file',
      characters: 'the characters of the file',
      text: 'the distinct characters of the text',
    },
    idsOnly: 'No vocabulary: type the prompt as token ids separated by spaces, for example 12 5 40.',
    gpt2Loading: 'Loading GPT-2’s tokenizer…',
    gpt2NotInFile:
      'GPT-2’s tokenizer is not part of the single offline file (it would double its size); open the site (npm start) to type text, or type token ids here',
    prompt: 'Prompt',
    promptHelpChars: 'Press Enter to look at it; Shift+Enter starts a new line.',
    promptHelpIds: 'Token ids separated by spaces; press Enter to look at it.',
    emptyPrompt: 'the prompt is empty',
    promptRefused: 'This prompt was not used:',
    promptKept: 'The last prompt is still shown.',
    settingRefused: 'Not run:',
    attention: 'Attention (§2.1)',
    block: 'Block',
    next: 'Next token (§7.1)',
    intervene: 'Interventions (§2.2)',
    hide: 'Hide positions:',
    token: 'Token',
    before: 'As it is',
    after: 'Intervened',
    generate: 'Generate (§7.1)',
    steps: 'New tokens',
    temperature: 'Temperature (0 = greedy)',
    seed: 'Seed',
    run: 'Generate',
    checking: 'Running the checks: four passes of the model…',
    drawsHelp:
      'How each new token was drawn: u is uniform in [0, 1), and the token is the one whose slice [below, up to) of the running sums of the probabilities, taken in id order, holds u. Greedy draws nothing: it takes the most likely token.',
    drawsCaption: 'The draws, one per new token',
    drawCols: ['Step', 'Token', 'Probability', 'Below', 'Up to', 'u'],
    greedy: 'greedy',
    headsTitle: 'What each head does (§2.2, §4)',
    headsIntro:
      'The engine runs the model on a random sequence of its own tokens that repeats: a stretch of tokens, then the same stretch again. On the repeat, a previous-token head looks one position back; an induction head looks at the token that followed the current one the first time, which is the token to predict next; a duplicate-token head looks at the current token’s first appearance. Then each head is removed in turn (its output set to 0) and the loss on the repeat is measured again: a pattern is a clue, and removing the head is the test.',
    headsTooShort:
      'this model reads sequences of at most T = {T}; scoring its heads needs a stretch of at least 2 tokens repeated once, so T of 4 or more',
    findHeads: 'Score every head',
    headsRunning: 'Removing each head in turn, then the groups: {done} of {total}…',
    headsLosses: 'Loss of predicting each token (nats), as the model is',
    headsLossesHelp: 'A token of the first stretch cannot be predicted; on the repeat, induction heads can predict it.',
    headsCaption:
      'Each head on a sequence of {period, plural, one {# token} other {# tokens}} repeated once; the loss on the repeat is {base, plural, one {# nat} other {# nats}} as the model is',
    headsCols: ['Block', 'Head', 'Previous token', 'Induction', 'Duplicate token', 'Loss with it removed (nats)'],
    headsStrongest:
      'The highest induction score is block {l}, head {hd} ({score}); with that head removed the loss on the repeat is {removed, plural, one {# nat} other {# nats}}, against {base} as the model is.',
    headsStopped: 'Stopped after {done, plural, one {# head} other {# heads}}; the heads not reached are left blank.',
    // The heads removed together: every head with an induction (or previous-token) score of at least {bar}.
    // Before the removals are shown: the student's prediction of the head that matters most.
    headsGuessQuestion: 'Before you see the removals: which head, removed, will raise the loss on the repeat the most?',
    headsGuessHead: 'block {l}, head {hd}',
    headsGuessCheck: 'Check my prediction',
    headsGuessShow: 'Show the removals',
    headsHidden: 'shown once you predict',
    headsGuessRight:
      'You chose block {l}, head {hd}, and it is the one: removing it takes the loss on the repeat to {removed, plural, one {# nat} other {# nats}}, more than removing any other head (as the model is: {base}).',
    headsGuessWrong:
      'You chose block {l}, head {hd}: removing it takes the loss on the repeat to {removed, plural, one {# nat} other {# nats}}. The head whose removal raises it the most is block {bl}, head {bhd} ({best, plural, one {# nat} other {# nats}}; as the model is: {base}).',
    groupsCaption: 'Heads removed together (loss on the repeat, nats; as the model is: {base})',
    groupsCols: ['Heads', 'Which (block.head)', 'Loss with them removed (nats)'],
    groupKinds: {
      induction: 'the heads with an induction score of {bar} or more',
      previousToken: 'the heads with a previous-token score of {bar} or more',
    },
    groupsNone:
      'No head has an induction or previous-token score of {bar} or more, so there is no group to remove together.',
    // What the numbers say of a group: {group} is one of groupKinds, {single} the highest loss with one of its heads removed alone.
    groupBarely:
      'With {group} removed together, the loss on the repeat hardly moves ({together, plural, one {# nat} other {# nats}}, against {base}): this model does not predict the repeat with them.',
    groupAlone:
      'Among {group}, one matters alone: block {l}, head {hd}. Removed by itself, it takes the loss on the repeat to {single, plural, one {# nat} other {# nats}}, at least half as far as removing all of them ({together, plural, one {# nat} other {# nats}}, against {base}).',
    groupTogether:
      'Among {group}, none matters much alone (removed by itself, each leaves the loss on the repeat at {single, plural, one {# nat} other {# nats}} or less), but removed together they take it to {together, plural, one {# nat} other {# nats}}, against {base}: they back each other up, and removing one head at a time would have missed them.',
    checks: 'Checks on this model',
    position: 'Change the token at position',
    check: 'Run the checks',
    dependenceCols: ['Position', 'Token', 'Largest change'],
    notJson:
      'expected a JSON object such as {example}, and this is not valid JSON{at, select, none {} other { (it breaks at character {at}, counting from 0)}}',
    notObject: 'expected a JSON object such as {example}, got {got}',
    optionsTooLong:
      'this has {n, plural, one {# character} other {# characters}}, and every setting there is fits in {most, plural, one {# character} other {# characters}}',
    nestedOption:
      'the setting "{name}" holds an object or a list of lists; a setting is a number, text, true or false, or a list of them, as in {example}',
    reading: 'Reading the file… {percent} %',
    openedLine: 'Open: {name}, {count, plural, one {# parameter} other {# parameters}}.',
    vocabLine: 'Vocabulary: {n, plural, one {# character} other {# characters}}, {from}.',
    vocabMismatch:
      'the vocabulary has {n, plural, one {# character} other {# characters}} but the model has {V, plural, one {# token id} other {# token ids}}, one per character: it is another model’s vocabulary',
    gpt2Line: 'Vocabulary: GPT-2’s byte-pair encoding, 50,257 tokens; type the prompt as text.',
    gpt2PaddedLine:
      'Vocabulary: GPT-2’s byte-pair encoding, 50,257 tokens (ids 50,257 to {last} are nanoGPT’s padding); type the prompt as text.',
    badId: '"{word}" is not a token id from 0 to {last}',
    promptTooLongText:
      'the prompt has {n, plural, one {# character} other {# characters}}, more than a prompt of T = {T} can hold (at most {most, plural, one {# character} other {# characters}})',
    tooLong: 'the prompt has {n, plural, one {# token} other {# tokens}} but the model reads at most T = {T}',
    headLabel: 'block {l}, head {hd}',
    entropy: 'mean row entropy {nats, plural, one {# nat} other {# nats}}',
    ablate: 'ablate head {hd}',
    nextCaption: 'Most likely tokens after “{tok}”, as the model is and with the interventions',
    generating:
      '{n, plural, one {Generating # token} other {Generating # tokens}}: the prompt is one pass of the whole model; each token after it is a single position, run against the keys and values kept from the earlier ones…',
    stop: 'Stop',
    rate: '{n, plural, one {# token: the prompt’s pass and the first token took {first} ms.} other {# tokens: the prompt’s pass and the first took {first} ms, then {rate, plural, one {# token} other {# tokens}} per second.}}',
    generatedLine:
      '{stopped, select, yes {Stopped after {n, plural, one {# token} other {# tokens}}.} other {{n, plural, one {Generated # token.} other {Generated # tokens.}}}}',
    dependenceHelp:
      '§7.3: the token at position {j} is replaced by the next id, and each position’s logits are compared. Under the causal mask every position before {j} cannot see the change, so its largest change is exactly 0.',
    dependenceCaption: 'Largest change of the logits after changing position {j}',
    causalOk: 'Every position before {j} is unchanged: this model does not read the future.',
    causalLeak: 'Position {i} changed although the change is at {j}: this model reads the future.',
    gap: '§6.1: the logits of the prompt read backwards, put back in the prompt’s order, differ from the prompt’s own by up to {g}. A model with neither positions nor the mask would give 0: it could not tell one order from another.',
  },
  practice: {
    // the engine's names of given values and of a solution's values that are words (notation,
    // d_k, T_max, sigma^2, is shown as symbols in every language)
    values: {
      'previous-token': 'mean weight on i − 1',
      duplicate: 'mean weight on i − p',
      induction: 'mean weight on i − p + 1',
      logits: 'logits',
      'memory positions': 'memory positions',
      bias: 'bias',
      learned: 'learned',
      tied: 'tied',
      mask: 'mask',
      targets: 'targets',
      tokens: 'tokens',
      angle: 'angle',
      biases: 'biases',
      weights: 'weights',
      cached: 'cached',
      recomputed: 'recomputed',
      'per block and position': 'per block and position',
      concat: 'concatenated',
      dependence: 'dependence',
      'first changed row': 'first changed row',
      'last row': 'last row',
      'new row': 'new row',
      'head 1': 'head 1',
      'head 2': 'head 2',
      input: 'input',
      target: 'target',
      keys: 'keys',
      queries: 'queries',
      losses: 'losses',
      'root-mean-square': 'root mean square',
      'X swapped': 'X swapped',
      'Y for the swapped input': 'Y for the swapped input',
      period: 'period',
      entries: 'entries',
      rows: 'rows',
    },
    families: {
      retrieval: {
        title: 'One query’s output',
        hints: [
          'Start with the scores s_j = q·k_j / √2.',
          'Exponentiate, divide by the sum to get weights, then add a_j v_j.',
        ],
        prompt:
          'Compute the output y = Σ_j a_j v_j of the query q over the keys (rows of K) and the values (rows of V), with d_k = 2: each score is q·k_j / √2.',
      },
      intervention: {
        title: 'Remove a position',
        hints: [
          'Compute y as usual; then compute y′ again from the other rows of K and V alone.',
          'Without position j the remaining weights are renormalised: they add up to one again.',
        ],
        prompt: {
          remove:
            'Take the query q over the keys (rows of K) and values (rows of V), with d_k = 2, and remove position {j}: delete its key and its value. By how much does the output move? Give y′ − y, where y′ is the output without position {j}.',
          'zero-value':
            'Position {j} has the largest attention weight, and its value v_{j} is the zero vector. Take the query q over the keys (rows of K) and values (rows of V), with d_k = 2, and remove position {j}: delete its key and its value. By how much does the output move? Give y′ − y, where y′ is the output without position {j}.',
        },
      },
      'attention-cost': {
        title: 'Memory against arithmetic',
        hints: [
          'Every item and every head has its own weight matrix, one row per query and one column per key.',
          'A head of width d_h = D / H spends d_h multiply-adds per (query, key) pair in Q Kᵀ, and as many in A V.',
        ],
        prompt: {
          weights:
            'Multi-head attention with B = {B}, T = {T}, D = {D} and H = {H, plural, one {# head} other {# heads}} keeps its attention weights for the backward pass. How many weight entries does it store in all?',
          products:
            'Multi-head attention with B = {B}, T = {T}, D = {D} and H = {H, plural, one {# head} other {# heads}} computes Q Kᵀ and then A V in every head. How many multiply-adds do these two products take in all (the projections not included)?',
        },
      },
      saturation: {
        title: 'Softmax after scaling',
        hints: ['Divide both scores by √d_k first.', 'softmax([a, b]) = [1 / (1 + e^(b−a)), e^(b−a) / (1 + e^(b−a))].'],
        prompt:
          'Two keys give the unscaled dot products q·k = [{s}]. With d_k = {d_k}, what are the attention weights after dividing the scores by √d_k?',
      },
      'score-variance': {
        title: 'The variance of a score',
        hints: [
          'One product q_c k_c of independent zero-mean factors has variance σ²·σ² = σ⁴.',
          'Variances of independent terms add; dividing by a constant c divides the variance by c²; the standard deviation is the square root of the variance.',
        ],
        prompt: {
          raw: 'Query and key coordinates are independent, with mean 0 and variance σ² = {sigma2}. What is the variance of the unscaled score q·k for d_k = {d_k}?',
          scaled:
            'Query and key coordinates are independent, with mean 0 and variance σ² = {sigma2}. What is the variance of the scaled score q·k / √d_k for d_k = {d_k}?',
          'raw-std':
            'Query and key coordinates are independent, with mean 0 and variance σ² = {sigma2}. What is the standard deviation of the unscaled score q·k for d_k = {d_k}?',
        },
      },
      'attention-matrix': {
        title: 'An attention matrix',
        hints: [
          'Score every query (row of Q) against every key (row of K), divided by √d_k.',
          'Softmax each row on its own: rows sum to one.',
        ],
        prompt:
          'Compute the attention matrix A = softmax(Q Kᵀ / √d_k) for the rows of Q and K below (d_k = {d_k}, no mask).',
      },
      shapes: {
        title: 'Shapes with heads',
        hints: [
          'd_h = D / H; c_attn maps C features to 3·C.',
          'view puts the head axis after T; transpose(1, 2) swaps T and the head axis.',
        ],
        prompt: {
          heads:
            'In nanoGPT, q = q.view(B, T, nh, C // nh).transpose(1, 2) with B = {B}, T = {T}, C = {D}, nh = {H}. What is q’s shape?',
          weights:
            'With B = {B}, T = {T}, D = {D} and H = {H, plural, one {# head} other {# heads}}, what is the shape of the stored attention weights?',
          fused:
            'nanoGPT computes q, k and v together as c_attn(x), one linear layer. With B = {B}, T = {T}, C = {D} and nh = {H}, what is the shape of c_attn(x) before it is split?',
        },
      },
      'parameter-count': {
        title: 'Counting parameters',
        hints: [
          'Each of W_Q, W_K, W_V, W_O is a D × D matrix, whatever H is.',
          'A tied head reuses E; sinusoidal positions have nothing to learn.',
        ],
        prompt: {
          attention:
            'How many parameters do W_Q, W_K, W_V and W_O of one attention layer have at D = {D} with H = {H, plural, one {# head} other {# heads}}, {bias, select, true {with} other {without}} biases?',
          vocabulary:
            'A model has a vocabulary of V = {V, number}, width D = {D}, {learned, select, true {a learned position table for T_max = {T_max}} other {sinusoidal positions (T_max = {T_max})}}, and {tied, select, true {a head tied to the embedding} other {a separate (untied) output head without a bias}}. How many parameters are in its embedding, position table and output head together?',
        },
      },
      'two-heads': {
        title: 'Two heads',
        hints: [
          'Compute each head’s weights by softmax of its scores, then its weighted sum of V.',
          'Place the two results side by side, head 1 first.',
        ],
        prompt:
          'Two heads read the same values V with the scores s1 and s2 below (already scaled). Write the multi-head output before W_O.',
      },
      'backup-heads': {
        title: 'Which head does the repeat need?',
        hints: [
          'Count the heads doing each part: those of block 0 with a mean weight of 0.3 or more on i − 1, those of block 1 with 0.5 or more on i − p + 1.',
          'A part that two heads do survives losing one of them. Look for the part that only one head does.',
        ],
        prompt:
          'A model of two blocks predicts the second half of a sequence that repeats its first, p tokens later, with two kinds of head working in turn: a previous-token head in block 0 (a mean weight of 0.3 or more on i − 1) and an induction head in block 1 (0.5 or more on i − p + 1). The repeat stays predicted while at least one head of each kind is left. The grids give every head’s two scores (one row per block, block 0 then block 1; one column per head). Which one head, removed, raises the loss on the repeated half the most? Answer with its label, such as l5h1 for block 5, head 1.',
      },
      'induction-head': {
        title: 'Which head is the induction head?',
        hints: [
          'On the repeat, an induction head looks at the token that followed the current token the first time it appeared.',
          'Row i of the repeat holds the token of row i − p. Which position holds the token that came after it then?',
        ],
        prompt:
          'A model of two blocks read a sequence whose second part repeats its first, p tokens later. For each head (one row per block, block 0 then block 1; one column per head) the grids give its mean attention weight from each row i on three positions: i − 1, and, in the repeat, i − p and i − p + 1. Which head of block 1 is the induction head? Answer with its label, such as l5h1 for block 5, head 1.',
      },
      'head-scores': {
        title: 'A head’s scores on a repeated sequence',
        hints: [
          'Find the stripe: in each row i the score asks about, the one entry A[i][j] at the column it names.',
          'A score is a mean: add the stripe’s entries and divide by the number of rows that have one.',
        ],
        prompt: {
          induction:
            'One head’s attention weights A on the tokens [{tokens}], the first {period} repeated once. What is its induction score: the mean, over the rows i ≥ {period} of the repeat, of A[i][i − {period} + 1], the weight on the token that followed token i the first time?',
          'previous-token':
            'One head’s attention weights A on the tokens [{tokens}], the first {period} repeated once. What is its previous-token score: the mean of A[i][i − 1] over the rows i ≥ 1?',
          duplicate:
            'One head’s attention weights A on the tokens [{tokens}], the first {period} repeated once. What is its duplicate-token score: the mean, over the rows i ≥ {period} of the repeat, of A[i][i − {period}], the weight on token i’s first appearance?',
        },
      },
      layernorm: {
        title: 'LayerNorm of one token',
        hints: [
          'Use the mean and the variance of row 0 only, dividing by D (not D − 1).',
          'Subtract the mean, divide by the standard deviation.',
        ],
        prompt:
          'Apply LayerNorm to the token in row 0 of X, across its {features, plural, one {# feature} other {# features}} (γ = 1, β = 0; ε = 1e-5 is small enough to ignore).',
      },
      ffn: {
        title: 'The feed-forward sub-layer',
        hints: ['Compute x W1, then set its negative entries to 0.', 'Multiply by W2 and add x back.'],
        prompt:
          'Compute the residual stream after the feed-forward sub-layer, x + ReLU(x W1) W2, for the row vector x (no biases).',
      },
      'pre-post': {
        title: 'Pre-norm or post-norm',
        hints: [
          'Where is LN applied: to the sub-layer’s input, or after the addition?',
          'Look inside each block: what happens after the last block does not change that.',
        ],
        prompt: {
          'final-norm':
            'Each block of a model computes the two lines below, and one more LayerNorm, ln_f, is applied once after the last block. Which arrangement are its blocks? Answer pre or post.',
          formula: 'Which arrangement is {intro}? Answer pre or post.',
        },
      },
      permutation: {
        title: 'Swapping inputs',
        hints: [
          'Without positions or a mask, nothing in attention depends on where a row sits.',
          'Compare the output you expect with Y before computing anything.',
        ],
        prompt:
          'Y is the output of unmasked self-attention (Q = K = V = X, no positions, d_k = 2) for the rows of X. What is the output if rows {a} and {b} of X are swapped?',
      },
      positions: {
        title: 'Positions',
        hints: [
          'Features 2k and 2k + 1 share the frequency 1 / 10000^(2k/D): feature i belongs to the pair k = ⌊i/2⌋.',
          'A learned table has one D-wide row per position.',
        ],
        prompt: {
          sinusoidal:
            'What is the sinusoidal position encoding PE[{p}, {i}] for D = {D}? Positions and features count from 0; an even feature uses sin, an odd one cos.',
          learned:
            'How many trainable parameters does a learned position table add for T_max = {T_max, plural, one {# position} other {# positions}} and width D = {D}?',
        },
      },
      'kv-cache': {
        title: 'Keep or recompute',
        hints: [
          'Ask what each block needs again at the next step: which of q, k and v does a later query read?',
          'Count step by step: what does each step feed through the model, and is the last new token ever fed?',
        ],
        prompt: {
          stored:
            'A causal model of L = {L, plural, one {# block} other {# blocks}} and width D = {D} generates with a key-value cache. How many numbers does the cache hold for one sequence once it holds T = {T, plural, one {# position} other {# positions}}?',
          recompute:
            'A causal model generates N = {N, plural, one {# new token} other {# new tokens}} after a prompt of P = {P, plural, one {# token} other {# tokens}}, without a cache: each step recomputes the whole prefix. How many key rows does one block compute in all?',
        },
      },
      'cache-rows': {
        title: 'Which rows change',
        hints: [
          'Under the causal mask, the row of position t reads positions 0 to t only, in every block.',
          'A row changes if anything it reads changes, directly or through an earlier block.',
        ],
        prompt: {
          append:
            'A causal model has processed T = {T, plural, one {# token} other {# tokens}}, at positions 0 to {last}. One more token is appended. In any one block, the rows of which positions (their keys, values and outputs) differ from before? Give a set of positions, counting from 0; a row that did not exist before counts as changed.',
          edit: 'A causal model has processed T = {T, plural, one {# token} other {# tokens}}, at positions 0 to {last}. The token at position {i} is replaced by another. In any one block, the rows of which positions (their keys, values and outputs) change? Give a set of positions, counting from 0.',
        },
      },
      'nanogpt-shapes': {
        title: 'nanoGPT’s shapes',
        hints: [
          'hs = C // nh is the width of one head. view splits the last axis into nh groups of hs; transpose(1, 2) swaps the axes at positions 1 and 2.',
          'c_attn makes q, k and v in one product; split(self.n_embd, dim=2) then cuts its last axis into three.',
        ],
        prompt: {
          heads:
            'In nanoGPT’s CausalSelfAttention with n_embd C = {C} and n_head nh = {nh}, a batch x of shape [B, T, C] = [{B}, {T}, {C}] comes in. What is the shape of q after q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)?',
          att: 'In nanoGPT’s CausalSelfAttention with n_embd C = {C} and n_head nh = {nh}, a batch x of shape [B, T, C] = [{B}, {T}, {C}] comes in. What is the shape of att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))?',
          c_attn:
            'In nanoGPT’s CausalSelfAttention with n_embd C = {C} and n_head nh = {nh}, a batch x of shape [B, T, C] = [{B}, {T}, {C}] comes in. What is the shape of self.c_attn(x), before the split?',
        },
      },
      'fused-columns': {
        title: 'Which columns are head h’s',
        hints: [
          'Each head owns one block of d_h neighbouring columns, head 0’s first.',
          'In c_attn all of W_Q comes first, then all of W_K, then all of W_V.',
        ],
        prompt: {
          q: 'The tutorial’s H = {H, plural, one {# head} other {# heads}} each have a W_Q^h of width d_h = D / H, with D = {D}. They are fused into one W_Q = [W_Q^0 W_Q^1 … W_Q^{lastHead}] of {D, plural, one {# column} other {# columns}} (0 to {lastColumn}), so that one multi-head attention layer computes the same heads. Which columns of the fused W_Q are head {h}’s? Give a set of column indices.',
          k: 'nanoGPT’s c_attn weight, read as [in, out], is [W_Q W_K W_V] with C = {D, plural, one {# column} other {# columns}} each (0 to {lastColumn} in all), and n_head = {H}. Which of its columns give head {h}’s keys? Give a set of column indices.',
        },
      },
      rmsnorm: {
        title: 'RMSNorm of a row',
        hints: [
          'RMSNorm divides every entry by the root of the mean of the squares of the row.',
          'Unlike LayerNorm, it does not subtract the row’s mean first.',
        ],
        prompt:
          'The course tutorial normalises with RMSNorm. With gain 1 and ε = 0, what is entry {i} (zero-based) of RMSNorm(x) for the row x = [{x}]?',
      },
      'gated-ffn': {
        title: 'The gated FFN’s parameters',
        hints: [
          'Count the matrices: each D → D_ff map is D × D_ff, and the map back is D_ff × D.',
          'A bias has one number per output feature of its map.',
        ],
        prompt: {
          bias: 'A gated FFN maps D = {D, plural, one {# feature} other {# features}} to D_ff = {D_ff, plural, one {# feature} other {# features}} twice (the features and the gates), multiplies the two feature by feature, and maps D_ff back to D. How many parameters does it have with a bias on each of its three maps?',
          'no-bias':
            'A gated FFN maps D = {D, plural, one {# feature} other {# features}} to D_ff = {D_ff, plural, one {# feature} other {# features}} twice (the features and the gates), multiplies the two feature by feature, and maps D_ff back to D. How many parameters does it have without biases?',
        },
      },
      'cross-attention': {
        title: 'Cross-attention',
        hints: [
          'Ask where the queries come from, and where the keys and values come from: each gives one axis of the weights.',
          'The causal mask exists because a generated position cannot see positions not generated yet. Is anything on the source side generated?',
        ],
        prompt: {
          weights:
            'A decoder block with H = {H, plural, one {# head} other {# heads}} and width D = {D} reads an encoder’s output of T_enc = {T_enc, plural, one {# position} other {# positions}}, for a batch of B = {B, plural, one {# target sequence} other {# target sequences}} of T_dec = {T_dec, plural, one {# position} other {# positions}}. What is the shape of its cross-attention weights?',
          output:
            'A decoder block with H = {H, plural, one {# head} other {# heads}} and width D = {D} reads an encoder’s output of T_enc = {T_enc, plural, one {# position} other {# positions}}, for a batch of B = {B, plural, one {# target sequence} other {# target sequences}} of T_dec = {T_dec, plural, one {# position} other {# positions}}. What is the shape of its cross-attention’s output?',
          reads:
            'In cross-attention from a decoder of T_dec = {T_dec, plural, one {# position} other {# positions}} to an encoder’s output of T_enc = {T_enc, plural, one {# position} other {# positions}} (0 to {last}), which memory positions may the target position {i} attend to? Give a set of positions.',
          count:
            'In one head of cross-attention, a decoder of T_dec = {T_dec, plural, one {# position} other {# positions}} reads an encoder’s output of T_enc = {T_enc, plural, one {# position} other {# positions}}. For one sequence, with no padding, how many of the head’s attention weights are not masked to 0?',
        },
      },
      'causal-mask': {
        title: 'What the mask allows',
        hints: ['The causal mask keeps key j for query i exactly when j ≤ i.', 'A position may attend to itself.'],
        prompt: {
          keys: 'In a causal model with T = {T, plural, one {# position} other {# positions}} (0 to {last}), which key positions may the query at position {i} attend to? Give a set of positions.',
          pairs:
            'In a causal model with T = {T, plural, one {# position} other {# positions}}, how many (query, key) pairs does the mask keep, that is, how many attention weights of one head may be non-zero?',
          queries:
            'In a causal model with T = {T, plural, one {# position} other {# positions}} (0 to {last}), which query positions may attend to the key at position {j}? Give a set of positions.',
        },
      },
      'teacher-forcing': {
        title: 'Teacher forcing',
        hints: ['The output at position i is scored on the token at position i + 1.'],
        prompt: {
          sentence: 'Training on “{sentence}”, what is the target of the output at input position {i} (zero-based)?',
          ids: 'Training on the token ids {ids} (a vocabulary of {V, plural, one {# token} other {# tokens}}), what is the target of the output at input position {i} (zero-based)? Give its token id.',
        },
      },
      'cross-entropy': {
        title: 'Cross-entropy in nats',
        hints: ['Each row’s loss is logsumexp(z) − z[target].', 'Use natural logarithms and average over the rows.'],
        prompt:
          'The rows of logits below are scored on the targets {targets} (zero-based vocabulary ids). What is the mean cross-entropy loss in nats?',
      },
      generation: {
        title: 'Sampling with a temperature',
        hints: [
          'Divide the logits by τ, then take softmax.',
          'The probability of token j is e^(z_j/τ) / Σ_v e^(z_v/τ).',
        ],
        prompt:
          'Sampling at temperature τ = {tau} from the logits [{logits}], what is the probability of token {j} (zero-based)?',
      },
      leak: {
        title: 'Where the mask must be',
        hints: [
          'In a block without the mask every position reads every other, later ones included.',
          'Once a block has mixed a later token into an earlier row, a mask in a later block cannot take it out.',
        ],
        model:
          'A {blocks, select, 1 {one} 2 {two} 3 {three} 4 {four} other {{blocks}}}-block model {pattern, select, every {applies the causal mask in every block} none {applies no mask in any block} other {applies the causal mask in {masked, plural, one {block {list}} other {blocks {list}}} only (blocks count from 0, in the order they run)}}. It reads {T, plural, one {# token} other {# tokens}}, at positions 0 to {last}.',
        prompt: {
          can: '{model} Can the output at position {a} depend on the token at position {b}? Answer yes or no.',
          which:
            '{model} The tokens at which positions can the output at position {a} depend on? Give a set of positions.',
        },
      },
      'toy-trace': {
        title: 'The toy trace',
        hints: [
          'Follow §7.4 step by step: X = E[tokens] + P, then Q, K, V.',
          'The mask keeps query i from keys after i; U = X + attention output.',
        ],
        model:
          'Run §7.4’s toy model on the stream A B C A (inputs A B C at positions 0, 1, 2; targets B C A): X = E[token] + P with the embeddings E and positions P below; one head with W_Q = [1, 0]ᵀ, W_K = [ln 2, 0]ᵀ, W_V = I, d_k = 1 (scale 1) and the causal mask; U = X + attention output; H = U + ReLU(U W_1) W_2 with W_1 = I and W_2 = I/2; no LayerNorm; logits H W_vocab with the untied head W_vocab = [[1, 0, −1], [0, 1, −1]], no bias.',
        prompt: {
          loss: '{model} What is the mean loss in nats?',
          weight: '{model} What attention weight does the query at position {i} give to the key at position {j}?',
          residual: '{model} What is entry [{i}][{c}] of U (row {i}, feature {c})?',
        },
      },
      einsum: {
        title: 'einsum axes',
        hints: [
          'A letter that appears in the inputs but not after -> is summed over.',
          'Use the same letter for the same axis in both inputs; "..." stands for any number of leading axes.',
        ],
        prompt: {
          scores:
            'q and k both have axes [batch, position, feature]. Write the einsum string for the unscaled scores: one number for each batch item, query position and key position (in that order), the dot product of that query row with that key row.',
          values:
            'weights has axes [batch, query position, key position] and v has axes [batch, key position, feature]. Write the einsum string for the attention output, with axes [batch, query position, feature]: each output row is its query’s weighted sum of the value rows.',
          'head-scores':
            'q and k have axes [batch, head, position, feature]. Write the einsum string for every head’s unscaled scores, with axes [batch, head, query position, key position].',
          'head-values':
            'weights has axes [batch, head, query position, key position] and v has axes [batch, head, key position, feature]. Write the einsum string for every head’s output, with axes [batch, head, query position, feature].',
          ellipsis:
            'q and k have any number of leading batch axes, then [position, feature]. Write one einsum string for the unscaled scores, with the same leading axes, then [query position, key position], whatever the number of leading axes.',
          projection:
            'x has axes [batch, position, input feature] and W is stored as [input feature, output feature], as in x @ W. Write the einsum string for x @ W, with axes [batch, position, output feature].',
        },
      },
    },
    formulas: {
      'pre-math': {
        intro: 'this block',
      },
      'post-math': {
        intro: 'this block',
      },
      nanogpt: {
        intro: 'nanoGPT’s Block.forward, below',
      },
      'torch-post': {
        intro: 'this forward of a PyTorch encoder layer',
      },
      'torch-pre': {
        intro: 'this forward of a PyTorch encoder layer',
      },
      'sublayer-post': {
        intro: 'a block whose every sub-layer f computes the line below',
      },
      'sublayer-pre': {
        intro: 'a block whose every sub-layer f computes the line below',
      },
    },
    misconceptions: {
      'picked-strongest-head':
        'the head with the largest score was chosen: another head of its kind does the same part, so the repeat is still predicted without it (a large weight alone does not show what a prediction needs)',
      'picked-backed-up-head':
        'a head whose part another head also does was chosen: that other head still carries the repeat once the chosen one is removed',
      'picked-duplicate-head':
        'the head with the most weight on i − p was chosen: it looks back at the current token’s own first appearance, not at the token that came after it',
      'picked-previous-head':
        'the head with the most weight on i − 1 was chosen: it looks one position back, which an induction head relies on (through an earlier block) but does not do itself',
      'stripe-summed': 'the stripe’s entries were added but not divided by the number of rows: a score is their mean',
      diagonal:
        'the weights each position puts on itself (the diagonal) were averaged; the previous token is one column to the left',
      'divided-by-T': 'the sum was divided by every row, T, though row 0 has no previous token: divide by T − 1',
      'duplicate-stripe':
        'the weights on the token’s own first appearance were averaged; an induction head looks one position further, at the token that followed it',
      'previous-stripe': 'the weights on the previous position were averaged: that is a previous-token head’s stripe',
      'induction-stripe':
        'the weights on the token after the first appearance were averaged; a duplicate-token head looks at the first appearance itself',
      'kv-from-decoder': 'the keys and values were taken from the decoder instead of the memory',
      'heads-first': 'the head axis was put before the batch axis; the batch axis always comes first',
      'heads-not-concatenated': 'one head’s output was given; the heads’ outputs are concatenated back to D features',
      'from-own-position':
        'the query was taken to read only the memory positions from its own on; with no mask it reads every one',
      'one-head-work': 'only one head’s share was counted; the H heads together do the work of one head of width D',
      'divided-by-variance':
        'the centred row was divided by the variance instead of by its square root, the standard deviation',
      'gave-new-output': 'the new output y′ was given instead of the change y′ − y',
      'relu-after-w2': 'the ReLU was applied after the second map instead of between the two maps',
      'mean-abs':
        'the row was divided by the mean of the magnitudes |x_j|; RMSNorm divides by the root of the mean of the squares',
      'view-without-transpose': 'the view is read without transpose(1, 2), which leaves T in front of the head axis',
      'heads-from-one': 'the heads were counted from 1; head 0 owns the first block',
      interleaved: 'the columns were taken every H-th; each head’s columns sit next to each other',
      'no-q-offset':
        'W_Q’s C columns were not skipped, which gives head h’s query columns; W_K’s columns start after all C of W_Q’s',
      'hs-as-C': 'each head was given all C features; it holds hs = C / nh of them',
      'att-as-y':
        'the last axis is taken as hs, which is the shape of y = att @ v; att has one weight per query and key position',
      'c_attn-one-projection': 'c_attn was read as one projection; it computes q, k and v together, 3·C features',
      'subtracted-mean': 'the row’s mean was subtracted first, as LayerNorm does; RMSNorm does not',
      'root-sum-square': 'the root of the sum of squares was used; RMSNorm takes the mean of the squares',
      'no-root': 'the mean of the squares was used without its square root',
      'two-maps': 'only two maps were counted, as in the plain FFN; the gate is a third D → D_ff map',
      'gate-square': 'the gate was counted as a D_ff → D_ff map; it reads the input, so it is D × D_ff',
      'no-biases': 'the biases were left out',
      'cache-queries': 'the queries were counted too, but a query is read only at its own step',
      'one-block': 'one block’s share was counted; every block keeps its own keys and values',
      'keys-only': 'only the keys were counted; the values are kept too',
      'cached-count': 'the count with a cache was given; without one every step computes the whole prefix again',
      'counted-last':
        'the last new token’s row was counted too, but that token is never fed back in, so its row is never computed',
      'queries-from-memory': 'the queries were taken from the memory instead of the decoder',
      'masked-encoder': 'the causal mask was put on the encoder, which reads a source known whole',
      'self-reads-memory':
        'the decoder’s self-attention was given the memory: reading the memory is cross-attention’s job',
      'causal-cross': 'the causal mask was applied to cross-attention, which reads the whole source',
      'no-scaling': 'the scores are not divided by √d_k',
      'no-exp': 'the raw scores are normalised without exponentiating them',
      'keys-not-values': 'the weights are applied to the keys instead of the values',
      'divided-by-dk': 'the scores are divided by d_k instead of √d_k',
      'sigma-squared': 'each product is given variance σ² instead of σ⁴',
      'grows-like-sqrt': 'the variance is taken to grow like √d_k instead of like d_k',
      'not-scaled': 'the division by √d_k is left out',
      'divided-by-sqrt': 'the variance is divided by √d_k (dividing a score by c divides its variance by c²)',
      'variance-not-std': 'the variance is given instead of its square root, the standard deviation',
      'added-stds': 'the standard deviations of the terms are added (variances add, standard deviations do not)',
      columns: 'softmax runs down the columns instead of across each row',
      'no-transpose': 'the head axis is left after T ([B, T, H, d_h]) instead of transposed to [B, H, T, d_h]',
      'no-head-axis': 'the head axis is forgotten',
      'all-rows':
        'every row was taken to change, as it would without the causal mask: earlier positions never read later ones',
      'last-old-row':
        'the last old position was taken for the new one: the new token gets a row of its own, at position T',
      'only-that-row':
        'only the edited position’s row was taken to change; every later row reads it, in every block, so they change too',
      'earlier-rows': 'the rows up to the edited one were taken to change instead of the rows from it on',
      'not-renormalised':
        'the term a_j v_j was struck out and the other weights were left as they were; without position j they are renormalised and grow to fill its share, so even removing a zero value moves y',
      'reversed-change': 'the change was taken as before minus after (y − y′) instead of y′ − y',
      'no-batch': 'only one batch item was counted',
      'linear-in-T': 'T was counted once instead of twice: every query meets every key, T × T pairs',
      'one-product': 'only Q Kᵀ was counted; A V takes as many multiply-adds again',
      'heads-add-work':
        'each head was charged the full width D; the heads split D, so H heads together do the work of one head of width D',
      'one-projection': 'only one of the three projections is counted: c_attn makes q, k and v, 3·C features',
      'split-too-early': 'the heads are split before q, k and v are separated',
      'forgot-wo': 'the output projection W_O is not counted',
      'per-head': 'each head is counted as having its own D × D matrices',
      'forgot-biases': 'the biases (4D) are not counted',
      'counted-biases': 'biases are counted although there are none',
      'counted-sinusoidal': 'sinusoidal positions are counted as parameters (they are fixed)',
      'forgot-positions': 'the learned position table (T_max · D) is not counted',
      'tied-twice': 'a tied head is counted a second time',
      'forgot-head': 'the untied head (D · V) is not counted',
      averaged: 'the heads are averaged instead of concatenated',
      summed: 'the heads are added instead of concatenated',
      'heads-swapped': 'the heads are concatenated in the wrong order',
      'across-positions': 'each feature is normalised across positions instead of each token across its features',
      unbiased: 'the variance is divided by D − 1 instead of D',
      'not-centred': 'the mean is not subtracted before dividing by the standard deviation',
      'no-nonlinearity': 'the ReLU is left out',
      'no-residual': 'the residual addition is left out',
      swapped: 'the two arrangements are swapped',
      'final-norm-post': 'a final LayerNorm after the stack is taken to make the blocks post-norm',
      invariant:
        'attention is taken to be permutation invariant (outputs unchanged) rather than equivariant (outputs swapped)',
      'inputs-swapped': 'the swapped input is given instead of the attention output',
      'sin-cos-swapped': 'sin and cos are swapped',
      'one-based': 'positions are counted from 1',
      'table-size': 'the table is counted as T_max + D instead of T_max · D',
      'table-square': 'the table is counted as D · D',
      'included-future': 'the future positions are included',
      'excluded-diagonal': 'the query’s own position is excluded',
      reversed: 'the mask is reversed: it keeps the later positions instead of the earlier ones',
      'no-mask': 'the causal mask is left out',
      'not-shifted': 'the target is not shifted (it is the input itself), or positions are counted from 1',
      'two-ahead': 'the target is taken two positions ahead',
      log10: 'the logarithm is taken in base 10',
      log2: 'the logarithm is taken in base 2',
      'raw-logit': 'the raw logit is used instead of the log-probability',
      sum: 'the losses are added instead of averaged',
      sign: 'the sign is flipped (the loss is −log p)',
      'temperature-multiplied': 'the logits are multiplied by τ instead of divided',
      'no-temperature': 'the temperature is left out',
      'no-softmax': 'the logits are normalised without softmax',
      'last-block-enough': 'masking the last block is taken to be enough',
      'mask-somewhere-enough': 'a mask in some of the blocks is taken to be enough',
      'mask-hides-past': 'the mask is taken to hide earlier tokens too (it hides only later ones)',
      'mask-leaks': 'a model masked in every block is taken to read later tokens',
      'transposed-keys': 'the key axes are transposed (k as [b, d, j])',
      'transposed-output': 'the output axes are transposed',
      'kept-summed-axis':
        'the summed axis is kept in the output (leaving its letter out after -> is what makes einsum sum it)',
      'summed-queries': 'the sum runs over the queries instead of the keys',
      'summed-wrong-axis': 'the sum runs over the features instead of the keys',
      'summed-heads': 'the head axis is summed away (each head keeps its own output)',
      'fixed-batch': 'one batch axis is named, so the string fails for any other number of leading axes',
      'linear-layout': 'W is read as [out, in], the layout of nn.Linear’s weight, instead of as stored here',
    },
    formats: {
      number: 'a number such as 0.25, 1/4, ln 2 or 25%',
      integer: 'a whole number',
      vector: 'a vector, written [a, b, …]',
      matrix: 'a matrix, written [[a, b], [c, d]]',
      shape: 'a shape, written [a, b, …] or (a, b, …)',
      positions: "a set of positions, written '{'a, b, …'}'",
      pairs: "a set of pairs, written '{'(i, j), …'}'",
      token: 'a word',
      choice: 'one of the options',
      einsum: 'an einsum string such as ab,bc->ac',
    },
    steps: {
      stripe: 'The stripe',
      'induction-head': 'Block 1’s mean weights on i − p + 1',
      'previous-heads': 'Block 0’s mean weights on i − 1 (a previous-token head at 0.3 or more)',
      'induction-heads': 'Block 1’s mean weights on i − p + 1 (an induction head at 0.5 or more)',
      scores: 'Scores',
      weights: 'Weights',
      output: 'Output',
      scaled: 'Scaled scores',
      product: 'One product',
      sum: 'The sum',
      scale: 'After scaling',
      spread: 'Standard deviation',
      split: 'Head width',
      projections: 'W_Q, W_K, W_V',
      biases: 'Biases',
      embedding: 'Embedding',
      positions: 'Positions',
      head: 'Output head',
      head1: 'Head 1',
      head2: 'Head 2',
      concat: 'Concatenation',
      mean: 'Mean',
      variance: 'Variance',
      normalise: 'Normalised',
      hidden: 'Hidden layer',
      ffn: 'FFN(x)',
      residual: 'Residual',
      swap: 'Swapped input',
      angle: 'Angle',
      value: 'Value',
      table: 'Table size',
      keep: 'Allowed positions',
      pairs: 'Kept (query, key) pairs',
      cache: 'What the cache saves',
      rms: 'The root-mean-square',
      count: 'Weights and biases',
      shift: 'Shift by one',
      probs: 'Probabilities',
      softmax: 'Softmax',
      losses: 'Losses',
      x: 'Input rows',
      loss: 'Loss',
      arrangement: 'Where LayerNorm sits',
      copy: 'What each output reads',
      'summed-axis': 'Which axis is summed',
      rows: 'Rows that change',
      removed: 'Without position j',
      change: 'The change',
      'per-matrix': 'One weight matrix',
      products: 'Q Kᵀ alone',
    },
    stepNotes: {
      arrangement:
        'Pre-norm applies LN to the input of each sub-layer and adds the sub-layer’s output to the unnormalised stream; post-norm applies LN after each residual addition. A final LN after a pre-norm stack is part of that stack, not a sign of post-norm.',
      copy: 'Entry (i, j) is how much output i moves when token j changes, measured by the engine. Anything above the diagonal means an output reads a later token: a block without the mask copies later tokens into earlier rows, and a mask in a later block cannot undo that.',
      'summed-axis':
        'A letter that appears in the inputs but not after -> is summed over; the letters after -> name the output’s axes in order; "..." stands for the leading axes.',
    },
    correct: 'Correct.',
    // The words of a choice question as students read and may type them; the engine's own
    // words (the keys) are accepted in every language.
    choices: choiceWords.en,
    notYet: 'Not yet.',
    loading: 'Loading the practice problems…',
    notLoaded:
      'The practice problems could not be loaded; the worked examples still work. Reload the page to try again. What the browser said:',
    setTitle: 'Practice set',
    setIntro:
      'The families follow the handout’s sections, each beside the worked example that teaches it. Every problem comes in unlimited variants; the engine checks your answer and tells you which mistake it matches. Variant 0 uses the handout’s own numbers where they make a fair problem. Only answers that can be read count as attempts.',
    section: 'Section',
    problem: 'Problem',
    workedExample: 'Worked example',
    progress: 'Your progress',
    answer: 'Answer',
    check: 'Check',
    hint: 'Hint',
    nextHint: 'Another hint',
    showSolution: 'Show solution',
    notCounted:
      'The solution was shown, so this variant is not counted in your progress: New variant gives a fresh one.',
    answerTooLong:
      'Not checked: in your course an answer may have at most {most, plural, one {# character} other {# characters}}, and this one has {got}. Write the numbers to 4 significant digits.',
    noTriesLeft: 'No attempts left on this problem: every attempt it allows has been made.',
    newVariant: 'New variant',
    solution: 'Worked solution',
    answerIs: 'Answer:',
    options: 'Options',
    mastered: 'mastered',
    exportProgress: 'Export progress',
    importProgress: 'Import progress',
    importPreview:
      'The file holds progress on {kinds, plural, one {# kind of problem} other {# kinds of problem}}: {theirs}. This page holds {mine}.',
    importUnknown:
      '{n, plural, one {# record is of a problem this page does not have and will be left out} other {# records are of problems this page does not have and will be left out}}.',
    importMergeMeans:
      'Merge keeps every variant solved in either and, for each kind of problem, the larger number of attempts; Replace keeps only the file’s.',
    importMerge: 'Merge',
    importReplace: 'Replace',
    importCancel: 'Cancel',
    importMerged: 'Progress merged.',
    importReplaced: 'Progress replaced.',
    importLeft: 'Nothing was imported.',
    importUndo: 'Undo the last import',
    importUndone: 'Your progress is as it was before the import.',
    practiseThis: 'Practise this section',
    tolerance:
      'Each number must be within {percent} % of the engine’s value; an entry smaller than {part} of the answer’s largest entry may be off by {percent} % of {part} of that largest entry. Three significant figures are always enough. Whole-number counts, shapes and positions must be exact.',
    readAs: 'Read as {text}.',
    unreadable: 'Expected {format}, and this could not be read: {error}. (This did not count as an attempt.)',
    countMismatch: 'The answer has {expected, plural, one {# entry} other {# entries}}.',
    wrongEntries:
      '{count, plural, one {Entry {labels} is off} other {Entries {labels} are off}} (counting from 0, as the tables do).',
    misconception: 'That is what you get when {what} (see {section}).',
    variant: 'variant {seed}',
    progressLine: '{solved} solved, {attempts, plural, one {# attempt} other {# attempts}}',
    importFailed: 'Not imported: {why}.',
    progressNotKept:
      'This browser does not let the page keep your progress: it lasts only while the page is open. Export it below to keep it.',
    progressReset: 'Your stored progress could not be used ({why}); it was kept aside and a fresh record started.',
  },
  // A value of a file, a stored text or an LMS datum that broke its schema (files/schema.js):
  // where, what stood there, and what its schema asked for, one message a kind.
  files: {
    wrongField:
      '{missing, select, true {{field} is missing} other {{field} is {isText, select, true {“{got}”} other {{got}}}}}, where {expected} was expected',
    whole: 'a whole number from {least} to {most}',
    number: 'a number from {least} to {most}',
    anyNumber: 'a number',
    namesUpTo: 'an object of at most {most, plural, one {# name} other {# names}}',
    text: 'a text of at most {most, plural, one {# character} other {# characters}}',
    exactly: '{choices}',
    list: 'a list of at most {most, plural, one {# entry} other {# entries}}',
    row: 'a list of {n, plural, one {# entry} other {# entries}}',
    fields: 'an object',
    names: 'an object',
    either: '{choices}',
    // A file refused by its size, unread (web/files/size.js): got and most in MB.
    tooLarge:
      'the file “{name}” has {got} MB, and {kind, select, progress {a progress file} result {a result file} vocabulary {a vocabulary file} saved {a saved model} checkpoint {a checkpoint} other {a file of this kind}} has at most {most} MB, so it was not read',
  },
  progressFile: {
    notProgress: 'not progress data of this version',
    cannotStore: 'the browser does not let this page store progress',
    notJson: 'the file is not JSON',
    nothingKnown: 'the file holds no progress on any problem of this page',
  },
  teach: {
    title: 'Set an assignment',
    tocTitle: 'For teachers',
    fromPractice: 'Teaching a class? Set an assignment from these problems',
    intro:
      'Choose the problems, how many of each and how their numbers are drawn, then send your students the link. Each student’s answers are checked by the same engine as the practice set, and the run keeps its place when they reload.',
    titleLabel: 'Title',
    familiesLabel: 'Problems',
    all: 'Choose all',
    none: 'Choose none',
    eachLabel: 'Problems of each kind',
    seedsLabel: 'Numbers',
    classSeeds: 'The same for the whole class, from the seed below',
    seedLabel: 'Seed',
    studentSeeds: 'Different for each student, drawn from the name or id they type',
    hintsLabel: 'Hints allowed',
    solutionsLabel: 'Solutions allowed (a problem whose solution was shown counts as not solved)',
    passLabel: 'Pass mark, % of the problems solved',
    triesLabel: 'Attempts allowed on each problem (0: no limit)',
    penaltyLabel: 'Credit a wrong attempt costs, % of the problem',
    penaltyNote:
      'A problem that chooses among options always costs a share for each wrong attempt (all of it between two options), so that guessing earns half a problem on average.',
    linkHeading: 'The assignment',
    linkLabel: 'Link for your students',
    open: 'Open it as a student would',
    ready: 'The link is ready to send.',
    notYet: 'No link yet:',
    paperHeading: 'On paper',
    studentsLabel: 'Students, one per line',
    studentsNote:
      'Only for numbers of each student’s own: a sheet is printed for each name (as the student will type it).',
    worksheet: 'Worksheet to print',
    answerKey: 'Answer key to print',
    resultsLink: 'Read your students’ result files against this assignment',
    packageHeading: 'For your LMS (Moodle, Canvas)',
    packageWhy:
      'A SCORM 1.2 package of this assignment: upload it to your course as a SCORM activity, and each student’s score and status go to the gradebook after every answer they check. The package holds the whole page and its engine, and asks nothing of the internet.',
    packageButton: 'Download the SCORM package',
    packaging: 'Making the package…',
    noPackage: 'The package could not be made:',
    fromSite: 'open this page from its site (not from a file on disk) to make a package',
    eachNote: 'From 1 to {most}; each gets its own numbers.',
    count:
      '{n, plural, one {# problem} other {# problems}}{perStudent, select, true {, with numbers of each student’s own} other {, the same for everyone}}.',
    packaged: 'The package is downloaded ({file}, {kb} KB).',
    fewAnswers:
      'Few possible answers: {families}. Each asks for one of a few answers (a word, a run of positions, an einsum string), so students can share the answer whatever their numbers.',
    oldEdition:
      'This assignment draws its problems from edition {edition} of the problem set, as when it was made, so its students keep the problems they started. New assignments use edition {latest}, whose wider ranges give neighbours different answers.',
    useLatest: 'Use edition {latest} (every problem changes)',
    packageTooLarge:
      'No SCORM package of this assignment: the LMS keeps each student’s run in {most, plural, one {# character} other {# characters}} (SCORM 1.2’s cmi.suspend_data), and with every answer at its longest this one could need {needs}. Choose fewer problems.',
  },
  training: {
    title: 'Train a model',
    tocSection: 'Lab',
    loading: 'Loading the training panel…',
    notLoaded:
      'The training panel could not be loaded, so nothing here can train yet. Reload the page to try again. What the browser said:',
    intro:
      'Train a small language model right here and watch what the handout claims happen to the loss, the attention and the generated text. Every number is computed by the engine; training runs in the background, so the worked examples stay usable meanwhile.',
    onPageThread:
      'This copy of the page cannot start a background worker (it was opened from a file), so training shares the page’s thread: the page may respond a little slower while a model trains.',
    experiment: 'Experiment',
    discardLoaded:
      'Another experiment or new settings start new models, and the model loaded from the file will be lost here (the file stays as it is). Start new models anyway?',
    experiments: {
      custom: {
        name: 'Your own model',
        about:
          'Pick the corpus, the model’s size and shape, and the optimiser. Start trains until you pause; Step takes one step at a time.',
      },
      leak: {
        name: '§7.3 Where the mask goes',
        about:
          'Three copies of one model, differing only in which blocks apply the causal mask. Training loss rewards reading the future, so the unmasked copies look better while training. Under the causal mask that generation imposes (the future is not there yet), the ranking turns around.',
      },
      positions: {
        name: '§6.1 Positions',
        about:
          'The same model with learned, sinusoidal or no position vectors, on tasks where order is the whole point (copy, reverse, sort). Without positions, attention sees a set of tokens, not a sequence. (Not quite: the causal mask lets a model count how many tokens came before, so the model without positions learns slowly rather than never.) Give it a minute: by about 1,000 steps the model with learned positions answers clearly more held-out questions exactly than the others.',
      },
      scaling: {
        name: '§3.1 Scaling the scores',
        about:
          'One head of width d_k = 128, with scores divided by √d_k or not. Unscaled scores are large, softmax saturates, and the attention entropy collapses towards 0: each query puts nearly all its weight on one key.',
      },
      induction: {
        name: '§4 Induction heads',
        about:
          'Two blocks of attention alone (no FFN), trained on sequences that repeat stretches of themselves, beside the same model trained on sequences that repeat nothing on purpose (the control). After 1,200 to 2,500 steps the first run’s loss drops suddenly: a head of block 0 has learned to look at the token before, and a head of block 1 uses it to find where the current token appeared earlier and copy the token that followed it. The attention below shows both on a stretch typed twice, and the samples go on copying a repeat the model has never seen. The control’s loss stays near ln 64 ≈ 4.16 nats. To see the result at once, load the model already trained; Look at it in Open a model then scores every head and removes each in turn, to test which ones the prediction needs (§2.2).',
      },
      intervention: {
        name: '§2.2 Intervene',
        about:
          'Train one small model, then change it and see what changes: turn a head off, or hide a token from the others, and compare the next-token probabilities. Attention weights show where a head looks; an intervention shows whether that matters for the prediction.',
      },
    },
    runNames: {
      model: 'model',
      every: 'mask in every block',
      last: 'mask in last block only',
      none: 'no mask',
      learned: 'learned positions',
      sinusoidal: 'sinusoidal positions',
      scaled: 'scaled by 1/√d_k',
      unscaled: 'unscaled',
      repeats: 'repeating sequences',
      control: 'control: nothing copied',
    },
    positionNone: 'no positions',
    fields: {
      corpus: 'Corpus',
      D: 'Width D',
      heads: 'Heads H',
      layers: 'Layers L',
      T: 'Context T',
      ffnMult: 'FFN width (× D; 0: attention only)',
      activation: 'Activation',
      gated: 'Gated FFN',
      arrangement: 'Norm placement',
      norm: 'Norm',
      positions: 'Positions',
      optimizer: 'Optimiser',
      lr: 'Learning rate',
      batch: 'Batch size',
      seed: 'Seed',
    },
    corpora: {
      grammar: 'toy grammar (words)',
      order: 'copy / reverse / sort (characters)',
      english: 'plain English (characters)',
      spanish: 'plain Spanish (characters)',
      chinese: 'plain Chinese (characters)',
      repeats: 'random tokens that repeat (generated)',
    },
    apply: 'Apply settings',
    // The engine's choices of createModel's and trainStep's options, by setting.
    choices: {
      ...settingNames,
      norm: { ...settingNames.norm, none: 'none' },
      positions: { learned: 'learned', sinusoidal: 'sinusoidal', none: 'none' },
    },
    fixedByExperiment: 'Each run of this experiment has its own value of this setting.',
    whoWhyClass:
      'It goes on your result file, and keeps your answers apart from anyone else’s who works on this computer.',
    start: 'Start',
    pause: 'Pause',
    step: 'Step',
    reset: 'Reset',
    save: 'Save model to file',
    openModel: 'Look at it in Open a model',
    trainedLoad: 'Load the model already trained for this experiment',
    trainedSingleFile:
      'The single file, opened from disk, does not carry the trained model (the site does: npm start, or any web host). Train it here instead.',
    trainedUnreachable:
      'The trained model could not be fetched: the site did not answer (offline?). Train it here instead.',
    trainedRefused: 'The trained model could not be fetched: the site answered HTTP {status}. Train it here instead.',
    load: 'Load model from file',
    logScale: 'Log scale',
    // the plots' axes, drawn on their canvases
    stepAxis: 'step',
    lossAxis: 'loss (nats)',
    entropyAxis: 'entropy (nats)',
    lossPlot: 'Loss (nats) against training step',
    plotWaitingLoaded:
      'This model was loaded from a file: its earlier training is not recorded there, so its curves start at the next step here. Press Start to train it further.',
    plotWaiting:
      'Nothing trained yet. Press Start: each run gets one colour, its training loss a thin solid line and its validation loss, measured every so often, a thick dashed one.',
    entropyPlot:
      'Attention entropy (nats) against training step, block 1 head 1, averaged over the positions of the sentence below',
    trainLoss: 'training',
    validLoss: 'validation',
    causalLoss: 'validation, causal mask everywhere',
    table: {
      run: 'Run',
      train: 'Training loss (last step)',
      valid: 'Validation loss',
      causal: 'Validation, causal everywhere',
      entropy: 'Attention entropy (nats)',
      answers: 'Held-out questions answered exactly (of {n}, counted every 100 steps)',
      previousToken: 'Best previous-token score, block 0',
      induction: 'Best induction score, last block',
      formed: 'Heads formed (previous-token ≥ {previousToken}, induction ≥ {induction})',
      formedAt: 'at step {step}',
      notFormed: 'not yet',
    },
    samples: 'Samples',
    greedy: 'greedy',
    sampled: 'sampled (temperature 0.8)',
    noSamples: 'Samples appear every 100 steps, and whenever you pause.',
    samplesCausal:
      'Generated under the causal mask in every block, as the validation loss is measured: when generating, the next token is not there to read.',
    attention: 'Attention of the trained model',
    attentionOf: 'Run',
    sentence: 'Sentence',
    sentenceHelp: 'Words (toy grammar) or characters (the other corpora) the model knows; press Enter to look at it.',
    sentenceRefused: 'That sentence was not used:',
    sentenceKept: 'The attention shown is still for the previous sentence',
    intervene: 'Intervention',
    hide: 'Hide from later positions:',
    before: 'as trained',
    after: 'with the intervention',
    token: 'token',
    refused: 'Not applied:',
    stopped: 'Training stopped:',
    loadRefused: 'This file was not loaded:',
    paused: 'Paused',
    saved: 'Saved to a file',
    loadedNote: 'Loaded from a file: the steps it was trained before are not counted here',
    settingsKept: 'The current model is unchanged.',
    notANumber: '{field}: expected {whole, select, true {a whole number} other {a number}}, got “{typed}” ({error})',
    notWhole: '{field}: expected a whole number, got {typed}',
    notAChoice: '{field}: expected {choices}, got “{typed}”',
    notJson: 'the file is not JSON{at, select, none {} other { (it breaks at character {at}, counting from 0)}}',
    notSaved: 'the file is not a model saved by this panel (its format is not “attention-lab-model”)',
    discardModel:
      'Another experiment or new settings start new models, and the one here ({steps, plural, one {# step} other {# steps}} trained) will be lost. Save it first to keep it. Start new models anyway?',
    stepLine: 'Step {step}',
    stepLineSpeed: 'Step {step} · {tps, plural, one {# token/s} other {# tokens/s}}',
    lossSeries: '{run}: {kind}',
    headLabel: 'Block {block}, head {head}',
    ablate: 'Turn off block {block} head {head}',
    nextToken: 'Next-token probabilities after “{token}”',
  },
  ui: {
    // how sentences are ended and joined: the page composes a refusal from a lead and a reason
    endSentence: '{text}.',
    joined: '{first} {second}',
    listSeparator: '; ',
    labelled: '{label}: {text}',
    wordSeparator: ', ',
    // between the parts of one phrase: a cell's place and value, said by a screen reader
    clauseSeparator: ', ',
    // between sentences that are each a whole problem, as a list of them is written
    problemSeparator: '; ',
    appName: 'Attention Lab',
    pageTitle: 'Attention Lab — Handout #11',
    tagline:
      'Handout #11: self-attention and next-token prediction, computed live by a C++ engine running in your browser.',
    language: 'Language',
    loading: 'Starting the engine…',
    failed: 'The engine could not start:',
    contents: 'Worked examples',
    previous: '← Previous',
    next: 'Next →',
    reset: 'Reset to the handout’s values',
    row: 'row',
    column: 'column',
    shape: 'shape',
    exactly: 'exactly',
    gridKeys: 'Arrow keys, Home and End move between the cells.',
    gridEditKeys:
      'Arrow keys, Home and End move between the cells. Enter or typing edits the cell, Enter again keeps the new number, Escape puts back the old one.',
    firstRow: 'First row shown:',
    copyLatex: 'Copy LaTeX',
    copyNumpy: 'Copy NumPy',
    copied: 'Copied.',
    formula: 'Formula',
    codeFrom: 'nanoGPT, model.py',
    code: 'Code',
    table: 'Table',
    copyFallback: 'Copying is blocked here; select the text below and copy it:',
    cellRefused: 'Not used:',
    keptLast: 'The last valid value is still in use',
    engineRefused: 'Not used, the engine refused it:',
    addressProblem: 'Part of the address was ignored',
    addressRefused: 'the inputs in the address were refused by the engine:',
    pass: 'pass',
    fail: 'fail',
    // shown, in Traditional characters, above the Simplified Chinese page to a reader whose browser
    // asks for Traditional Chinese (zh-TW, zh-HK): English is offered, and the choice is kept
    traditionalNote: 'A reader whose browser asks for Traditional Chinese reads the Simplified Chinese page.',
    traditionalEnglish: 'Read in English',
    traditionalKeep: 'Keep Simplified Chinese',
    // what a browser without JavaScript shows (the page's shell, in every language at once)
    noScript:
      'Attention Lab computes everything in your browser with JavaScript and WebAssembly: turn JavaScript on to use it.',
    skip: 'Skip to the example',
    edited: 'You changed the inputs: the numbers quoted in the text are the handout’s; the tables show yours.',
    editedByLink:
      'This link sets its own inputs: the numbers quoted in the text are the handout’s; the tables show the link’s.',
    predictMode: 'Predict each result before it is shown',
    yourPrediction: 'Your prediction',
    reveal: 'Show me',
    worksheetChoose: '— choose —',
    worksheetClear: 'Clear my answers',
    // The worksheets' answers kept in the browser could not be read: why ({why}, a field's problem or worksheetsNotJson).
    worksheetsSetAside:
      'The worksheet answers this browser kept could not be read ({why}). They are kept aside in the browser, not deleted, and your answers are kept from now on as before.',
    worksheetsNotSetAside:
      'The worksheet answers this browser kept could not be read ({why}), nor kept aside, so they are left as they were; your answers from now on are kept only while this page is open.',
    worksheetsNotJson: 'they are not JSON',
    worksheetFormats: 'Shapes as [a, b, …], or the tensor’s name (S, X, M, h1, h2); the mask from the list.',
    stepOf: 'Step {i} of {n}',
    matrixWindow:
      '{label} is [{rows}, {cols}], {count, plural, one {# number} other {# numbers}}, too many to draw at once: rows {from} to {to} are shown (Copy copies them all).',
    scrollsSideways: '{what}, wider than the screen: scroll sideways (arrow keys when focused)',
    predictTitle: 'Predict {what} first',
    worksheetNamed: '{name} read as its shape, {shape}.',
    worksheetAllRight: '{all, plural, one {The answer is right.} other {All # answers are right.}}',
    worksheetRight:
      '{right} of {all, plural, one {# answer} other {# answers}} {right, plural, one {is} other {are}} right.',
    worksheetBlank: '{blank, plural, one {# is still empty.} other {# are still empty.}}',
    worksheetWrong: 'Not yet right:',
  },
  refusals,
};
