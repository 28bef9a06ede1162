// A saved model chosen in the training panel, read as far as the panel needs it: its size (a file
// past a saved model's most is refused unread), its JSON, and the corpus and shape it was trained
// with, which the new session's setup takes. The trainer's session checks that setup and the
// engine's loadModel reads the rest (format, version, every parameter), each refusing in its own
// words.
import { training as text } from '../../../text/index.js';
import { jsonBreak } from '../../../text/refusal.js';
import { fileTooLarge } from '../../../text/field.js';

// {value: {saved, setup}}: the file's model and `setup` with its corpus, D, heads, layers and T;
// or {error}, why not.
export async function readSavedFile(file, setup) {
  const large = fileTooLarge(file, 'saved');
  if (large) return { error: large };
  let saved;
  try {
    saved = JSON.parse(await file.text());
  } catch (e) {
    return { error: text.notJson({ at: jsonBreak(e) }) };
  }
  const corpus = typeof saved?.corpus === 'string' ? saved.corpus : setup.corpus;
  const c = saved?.config ?? {};
  return { value: { saved, setup: { ...setup, corpus, D: c.D, heads: c.heads, layers: c.layers, T: c.T } } };
}
