// What the Open a model panel reads from what a student typed, checked before anything goes to
// the inspector. Each reader gives {value} or {error}: a sentence in the page's language that
// says what was expected and what was typed, shown beside the control while the last good
// state stays.
import { opened as text, said, sentence, sentences, ui } from '../../../text/index.js';
import { excerpt, jsonBreak } from '../../../text/refusal.js';
import { readVocabulary } from '../../../models/vocabulary.js';
import { readNumber } from '../../../handouts/inputs.js';
import { names, read, text as textOf } from '../../../files/schema.js';
import { fieldProblem, fileTooLarge } from '../../../text/field.js';
import { FILE_MOST } from '../../../files/size.js';

// The smallest Other settings a refusal shows as an example.
const EXAMPLE = '{"norm": "rms"}';
// The longest Other settings read: every option the engine has, spelled out, is under 1,000
// characters; a text past this is refused by its length, unread.
const OPTIONS_MOST = 10_000;

// A name map: the checkpoint's names, each a text, as the lab's; no more names than a model has
// tensors in the largest checkpoint the engine opens (GPT-2 small has 148), with room.
const NAME_MAP = names(textOf(OPTIONS_MOST), 1000);

const labelled = (label, error) => ui.labelled({ label, text: error });

// Other settings (a JSON object, or nothing) and the number of heads, as loadCheckpoint's options.
export function readOpenOptions(optionsText, headsText, parseNumber) {
  let options = {};
  if (optionsText.length > OPTIONS_MOST)
    return { error: labelled(text.options, text.optionsTooLong({ n: optionsText.length, most: OPTIONS_MOST })) };
  if (optionsText.trim()) {
    try {
      options = JSON.parse(optionsText);
    } catch (e) {
      return { error: labelled(text.options, text.notJson({ example: EXAMPLE, at: jsonBreak(e) })) };
    }
    const typed = optionsText.trim();
    if (!options || typeof options !== 'object' || Array.isArray(options))
      return {
        error: labelled(text.options, text.notObject({ example: EXAMPLE, got: excerpt(typed, 40) })),
      };
    // Every setting is a value or a list of values: nothing nested goes on to the inspector (a
    // structure thousands deep would take the worker's stack with it). The one exception is
    // `names`, the checkpoint's tensor names as the lab's (the how-to's last example), an
    // object of texts read by its schema.
    const flat = (v) => v === null || typeof v !== 'object';
    for (const [name, value] of Object.entries(options)) {
      if (name === 'names') {
        const r = read(value, NAME_MAP, 'names');
        if (r.field !== undefined) return { error: labelled(text.options, fieldProblem(r)) };
        options.names = { ...r.value };
      } else if (!flat(value) && !(Array.isArray(value) && value.every(flat)))
        return { error: labelled(text.options, text.nestedOption({ name: excerpt(name, 40), example: EXAMPLE })) };
    }
  }
  if (headsText.trim()) {
    const n = readNumber(headsText, { integer: true, min: 1 }, parseNumber);
    if (n.error) return { error: labelled(text.heads, n.error) };
    options.n_head = n.value;
  }
  return { value: options };
}

// What Open reads from the form's inputs ({file, options, heads, vocabulary}), in order: the
// checkpoint's size (never its bytes: the worker reads them), the Other settings and heads, and
// the vocabulary file. {value: {file, options, vocabulary}} or {error}, the first thing refused.
export async function readOpenRequest(inputs, inWorker, parseNumber) {
  const file = inputs.file.files[0];
  if (!file) return { error: text.chooseFile };
  const large = checkpointTooLarge(file, inWorker);
  if (large) return { error: large };
  const options = readOpenOptions(inputs.options.value, inputs.heads.value, parseNumber);
  if (options.error) return options;
  const vocabulary = await readVocabularyFile(inputs.vocabulary.files[0]);
  if (vocabulary.error) return vocabulary;
  return { value: { file, options: options.value, vocabulary: vocabulary.value } };
}

// Why a checkpoint is not read, by its size alone: past what a page opens on its own thread
// (when it has no worker), or past any checkpoint's most; '' when it may be read.
export function checkpointTooLarge(file, inWorker) {
  const onThread = FILE_MOST.checkpointOnPageThread;
  if (!inWorker && file.size > onThread)
    return text.tooLargeHere({ got: Math.ceil(file.size / 2 ** 20), most: onThread / 2 ** 20 });
  return fileTooLarge(file, 'checkpoint');
}

// A vocabulary file (nanoGPT's meta.pkl as JSON, or text), or null when none was chosen.
export async function readVocabularyFile(file) {
  const large = file && fileTooLarge(file, 'vocabulary');
  if (large) return { error: large };
  try {
    return { value: file ? readVocabulary(file.name, await file.text()) : null };
  } catch (e) {
    return { error: said(e) };
  }
}

// The most characters one token of a prompt takes: GPT-2's longest token has 66, an id typed
// with spaces around it a few; a prompt longer than T of these is refused by its length, before
// it is tokenized (ten megabytes took seconds).
const TOKEN_CHARS_MOST = 128;

// A prompt as ids: characters through the vocabulary, or ids typed with spaces; at least one, at
// most the model's T.
export function readPrompt(typed, { vocab: V, T }, vocabulary) {
  if (typed.length > T * TOKEN_CHARS_MOST)
    return { error: text.promptTooLongText({ n: typed.length, T, most: T * TOKEN_CHARS_MOST }) };
  let ids;
  try {
    if (vocabulary) ids = vocabulary.tokenizer.encode(typed);
    else {
      ids = typed.trim().split(/\s+/).filter(Boolean);
      const bad = ids.find((w) => !/^\d+$/.test(w) || Number(w) >= V);
      if (bad !== undefined) return { error: text.badId({ word: excerpt(bad), last: V - 1 }) };
      ids = ids.map(Number);
    }
  } catch (e) {
    return { error: said(e) };
  }
  if (!ids.length) return { error: text.emptyPrompt };
  if (ids.length > T) return { error: text.tooLong({ n: ids.length, T }) };
  return { value: ids };
}

// A refused setting in a sentence: which one, and why.
const settingRefused = (label, error) => sentences(text.settingRefused, labelled(label, sentence(error)));

// Generation's settings: steps (1 to 200), a temperature >= 0 and a seed.
export function readGenerate({ steps, temperature, seed }, parseNumber) {
  const read = (typed, spec) => readNumber(typed, spec, parseNumber);
  const r = {
    steps: read(steps, { integer: true, min: 1, max: 200 }),
    temperature: read(temperature, { min: 0 }),
    seed: read(seed, { integer: true, min: 0 }),
  };
  const labels = { steps: text.steps, temperature: text.temperature, seed: text.seed };
  const bad = Object.keys(r).find((k) => r[k].error);
  if (bad) return { error: settingRefused(labels[bad], r[bad].error) };
  return { value: Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.value])) };
}

// The position whose dependence the checks measure: one of the prompt's T.
export function readPosition(typed, T, parseNumber) {
  const position = readNumber(typed, { integer: true, min: 0, max: T - 1 }, parseNumber);
  return position.error ? { error: settingRefused(text.position, position.error) } : position;
}

// A first prompt the vocabulary can write: a few words, its first characters, or the first ids.
export function firstPrompt({ T, vocab: V }, vocabulary) {
  const n = Math.min(8, T);
  if (!vocabulary) return Array.from({ length: Math.min(n, V) }, (_, i) => i).join(' ');
  const words = ['To be, or not', 'The ', 'the '].find((w) => {
    try {
      return vocabulary.tokenizer.encode(w).length <= T;
    } catch {
      return false;
    }
  });
  return words ?? vocabulary.tokenizer.decode(Array.from({ length: n }, (_, i) => i));
}
