// GPT-2's byte-pair encoding (50,257 tokens), from the npm package gpt-tokenizer (its r50k_base
// encoding is GPT-2's). It is fetched only when a GPT-2-sized model is opened without a
// vocabulary: 200 KB gzipped that no other part of the page needs. The offline single file
// leaves it out (scripts/build-page.mjs) and says so.
import { opened as text } from '../strings.js';

// Tokens as a label shows them: the spaces and line breaks GPT-2's tokens carry made visible.
const visible = (s) => s.replace(/ /g, '␣').replace(/\n/g, '↵');

export async function gpt2Vocabulary() {
  const bpe = await import('gpt-tokenizer/encoding/r50k_base');
  if (bpe.unavailable) throw new Error(text.gpt2NotInFile);
  return {
    vocab: null,
    from: 'gpt2',
    size: 50257,
    tokenizer: { encode: (s) => bpe.encode(s), decode: (ids) => bpe.decode(ids) },
    label: (id) => (id < 50257 ? visible(bpe.decode([id])) : `⟨${id}⟩`),
  };
}

// The vocabulary sizes of a GPT-2 model: GPT-2's own, and nanoGPT's, padded to a multiple of 64.
export const isGpt2Sized = (V) => V === 50257 || V === 50304;
