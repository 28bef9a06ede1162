// An experiment's model already trained (its `trained` file, which the site serves from
// models/, written by scripts/train-induction.mjs), fetched only when a student asks for it. The
// single file, opened from disk, cannot fetch it, and says so.
import { training as text } from '../../../text/index.js';

// {file}: the model as a chosen file would be, for the panel's loader; or {error}, why not, in
// the student's language.
export async function fetchTrained(name) {
  if (location.protocol === 'file:') return { error: text.trainedSingleFile };
  let response;
  try {
    response = await fetch(new URL(`models/${name}`, document.baseURI));
  } catch {
    return { error: text.trainedUnreachable };
  }
  if (!response.ok) return { error: text.trainedRefused({ status: response.status }) };
  return { file: new File([await response.blob()], name, { type: 'application/json' }) };
}
