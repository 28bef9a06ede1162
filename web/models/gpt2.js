// GPT-2's byte-pair encoding (50,257 tokens), from the npm package gpt-tokenizer (its r50k_base
// encoding is GPT-2's). It is fetched only when a GPT-2-sized model is opened without a
// vocabulary: 200 KB gzipped that no other part of the page needs. The offline single file
// leaves it out (scripts/build-page.mjs) and says so.
import { opened as text } from '../text/index.js';
import { textOfBytes } from '../tokenizers/token-text.js';

const MERGEABLE = 50256; // tokens 0 … 50255 are byte sequences; 50256 is <|endoftext|>
const END_OF_TEXT = '<|endoftext|>';
const utf8 = new TextEncoder();

export async function gpt2Vocabulary() {
  // The ranks are the package's own table (each token's text, or its bytes when they are not
  // whole UTF-8 characters); the encoding module reads the same one.
  const [bpe, ranks] = await Promise.all([
    import('gpt-tokenizer/encoding/r50k_base'),
    import('gpt-tokenizer/bpeRanks/r50k_base'),
  ]);
  if (bpe.unavailable || ranks.unavailable) throw new Error(text.gpt2NotInFile);
  const table = ranks.default;
  const bytesOf = (id) => {
    const t = table[id];
    return typeof t === 'string' ? utf8.encode(t) : Uint8Array.from(t);
  };
  // Ids past the byte sequences: GPT-2's end of text, or nanoGPT's padding (no token at all).
  const special = (id) => (id === MERGEABLE ? END_OF_TEXT : `⟨${id}⟩`);
  // A sequence's bytes, decoded together between special tokens: a character split over two
  // tokens is whole again, and bytes left over at either end are written as <0xE4>.
  const decode = (ids) => {
    let out = '';
    let bytes = [];
    for (const id of ids) {
      if (id < MERGEABLE) bytes.push(...bytesOf(id));
      else {
        out += textOfBytes(Uint8Array.from(bytes)) + special(id);
        bytes = [];
      }
    }
    return out + textOfBytes(Uint8Array.from(bytes));
  };
  return {
    vocab: null,
    from: 'gpt2',
    size: 50257,
    tokenizer: { encode: (s) => bpe.encode(s), decode },
    label: (id) => (id < MERGEABLE ? textOfBytes(bytesOf(id), { label: true }) : special(id)),
  };
}

// The vocabulary sizes of a GPT-2 model: GPT-2's own, and nanoGPT's, padded to a multiple of 64.
export const isGpt2Sized = (V) => V === 50257 || V === 50304;
