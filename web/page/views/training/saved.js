// A model saved from the training panel to a file, and a saved model chosen there, read as far
// as the panel needs it: its size (a file past a saved model's most is refused unread), its JSON,
// and the corpus and shape it was trained with, which the new session's setup takes. The shape is
// read by its schema, the setup's own bounds, so a field that is missing or out of them is
// refused by its name here; the trainer's session then checks the corpus and the engine's
// loadModel reads the rest (format, version, every parameter), each refusing in its own words.
import { training as text } from '../../../text/index.js';
import { jsonBreak } from '../../../text/refusal.js';
import { fieldProblem, fileTooLarge } from '../../../text/field.js';
import { fields, read, text as textOf, whole } from '../../../files/schema.js';
import { SETUP_WHOLE } from '../../../training/experiments.js';

// What model.save() writes as its format (the engine's kModelFormat).
const SAVED_FORMAT = 'attention-lab-model';
// The corpus's name is held to the corpora by the session; here only to a name's length.
const CORPUS_NAME_MOST = 40;
const size = (name) => whole(...SETUP_WHOLE[name]);
const SAVED_SHAPE = fields(
  {
    corpus: textOf(CORPUS_NAME_MOST),
    config: fields({ D: size('D'), heads: size('heads'), layers: size('layers'), T: size('T') }),
  },
  ['corpus'],
);

// {value: {saved, setup}}: the file's model and `setup` with its corpus (the file's, or `setup`'s
// when the file names none), D, heads, layers and T; or {error}, why not.
export async function readSavedFile(file, setup) {
  const large = fileTooLarge(file, 'saved');
  if (large) return { error: large };
  let saved;
  try {
    saved = JSON.parse(await file.text());
  } catch (e) {
    return { error: text.notJson({ at: jsonBreak(e) }) };
  }
  // another app's JSON, or a list, is not read as a model whose fields are missing
  if (saved?.format !== SAVED_FORMAT) return { error: text.notSaved };
  const r = read(saved, SAVED_SHAPE);
  if (r.field !== undefined) return { error: fieldProblem(r) };
  const { corpus = setup.corpus, config } = r.value;
  return { value: { saved, setup: { ...setup, corpus, ...config } } };
}

// A saved model (model.save()) with the corpus it was trained on, downloaded as a JSON file.
export function downloadSaved(data, corpus) {
  const blob = new Blob([JSON.stringify({ ...data, corpus })], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `attention-lab-model-${corpus}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
