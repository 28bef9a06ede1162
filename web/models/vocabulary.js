// An opened model's vocabulary, read from the file a student has: nanoGPT's character
// vocabularies (shakespeare_char's meta.pkl, whose itos and stoi a line of Python writes as
// JSON), a text file of the characters, or the training text itself. No model arithmetic here.
import { listTokenizer } from '../tokenizers/tokenize.js';
import { byCodePoint, shownText } from '../tokenizers/token-text.js';
import { excerpt, jsonBreak, quotedExcerpt as quoted, refused } from '../text/refusal.js';

// Each refusal (codes vocabulary.file.*) ends by saying which files are vocabularies. `part` is
// where in the file: the list, the object, itos or stoi.

// The characters, token 0 first, from an {id: character} object (itos) or a {character: id} one
// (stoi). Of n entries the ids are 0 .. n - 1: an id past them is refused by the first id it
// leaves without a character, before anything is allocated for it.
function byId(entries, what) {
  const vocab = new Array(entries.length);
  for (const [id, ch] of entries) {
    if (!/^\d+$/.test(String(id)) || typeof ch !== 'string')
      throw refused('vocabulary.file.ids', { part: what, entry: `${quoted(id)}: ${quoted(ch)}` });
    const at = Number(id);
    if (at >= entries.length) {
      const held = new Set(entries.map(([i]) => Number(i)));
      let gap = 0;
      while (held.has(gap)) gap += 1;
      throw refused('vocabulary.file.gap', { part: what, id: gap });
    }
    if (vocab[at] !== undefined) throw refused('vocabulary.file.twice', { part: what, id: at });
    vocab[at] = ch;
  }
  if (!vocab.length) throw refused('vocabulary.file.gap', { part: what, id: 0 });
  return vocab;
}

function fromJson(doc) {
  if (Array.isArray(doc)) return byId(Object.entries(doc), 'list');
  if (doc && typeof doc === 'object') {
    if (doc.itos) return byId(Object.entries(doc.itos), 'itos');
    if (doc.stoi)
      return byId(
        Object.entries(doc.stoi).map(([ch, id]) => [id, ch]),
        'stoi',
      );
    return byId(Object.entries(doc), 'object');
  }
  throw refused('vocabulary.file.kind', { json: quoted(doc) });
}

// {vocab, size, from, tokenizer, label(id)} for the file `name` with contents `text`; refused with what was
// expected and what the file holds.
export function readVocabulary(name, text) {
  let vocab;
  let from;
  const json = /\.json$/i.test(name) || /^\s*[[{]/.test(text);
  if (json) {
    let doc;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      throw Object.assign(refused('vocabulary.file.notJson', { name, at: jsonBreak(e) }), { cause: e });
    }
    vocab = fromJson(doc);
    from = 'json';
  } else {
    const chars = [...text];
    if (!chars.length) throw refused('vocabulary.file.empty', { name });
    const distinct = [...new Set(chars)];
    // the characters themselves, in order; or the training text, whose sorted distinct
    // characters are the vocabulary, as nanoGPT's prepare.py makes it
    vocab = distinct.length === chars.length ? chars : distinct.sort(byCodePoint);
    from = distinct.length === chars.length ? 'characters' : 'text';
  }
  const long = vocab.findIndex((c) => !isCharacter(c));
  if (long >= 0)
    throw refused('vocabulary.file.notCharacter', {
      id: long,
      token: excerpt(vocab[long]),
    });
  return characterVocabulary(vocab, from);
}

const isCharacter = (token) => [...token].length === 1;

// {vocab, size, from, tokenizer, label(id)} of a list of characters, token 0 first (`from` says
// where it came from: a file's kind, or 'trained', the training panel's corpus); null when a
// token is more than one character, as a word model's are (its prompt is typed as ids).
export function characterVocabulary(vocab, from) {
  if (!vocab.every(isCharacter)) return null;
  return {
    vocab,
    size: vocab.length,
    from,
    tokenizer: listTokenizer(vocab),
    label: (id) => (id < vocab.length ? shownText(vocab[id]) : `⟨${id}⟩`),
  };
}
