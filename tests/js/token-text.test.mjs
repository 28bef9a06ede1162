// Tokens from any script, as the training and model panels write them (web/tokenizers/token-text.js,
// web/models/gpt2.js): characters a label would hide made visible, code-point order as Python's
// sorted() gives, bytes that are not whole UTF-8 characters as <0xE4>, never "�"; and a Chinese
// corpus that tokenises, trains and reads back as its own characters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byCodePoint, shownText, textOfBytes } from '../../web/tokenizers/token-text.js';
import { charTokenizer } from '../../web/tokenizers/tokenize.js';
import { chinese, spanish } from '../../web/training/corpora.js';
import { createSession } from '../../web/training/session.js';
import { gpt2Vocabulary } from '../../web/models/gpt2.js';
import { readVocabulary } from '../../web/models/vocabulary.js';
import { xorshift32 } from '../../web/training/xorshift.js';
import { loadEngine } from '../../web/engine/index.js';

const utf8 = new TextEncoder();

// Whether the bytes hold U+FFFD itself (EF BF BD), the one case where "�" is the right text.
const holdsReplacement = (b) => b.some((x, i) => x === 0xef && b[i + 1] === 0xbf && b[i + 2] === 0xbd);

// textOfBytes's output read back into bytes: <0xNN> is the byte NN, anything else its UTF-8.
function bytesOfText(s) {
  const out = [];
  for (const part of s.split(/(<0x[0-9A-F]{2}>)/)) {
    if (/^<0x[0-9A-F]{2}>$/.test(part)) out.push(parseInt(part.slice(3, 5), 16));
    else out.push(...utf8.encode(part));
  }
  return out;
}

test('a label shows every character: spaces, breaks, controls, zero-width and combining marks', () => {
  const cases = [
    [' ', '␣'],
    ['\n', '↵'],
    ['\t', '⇥'],
    ['\u0007', 'U+0007'],
    ['\u200D', 'U+200D'],
    ['\u00AD', 'U+00AD'],
    ['\u2028', 'U+2028'],
    ['\u0301', '◌\u0301'],
    ['\uD800', 'U+D800'],
    ['中', '中'],
    ['é', 'é'],
    ['😀', '😀'],
    ['a b', 'a␣b'],
  ];
  for (const [c, want] of cases) assert.equal(shownText(c), want, JSON.stringify(c));
});

test('characters sort by code point, as Python sorts a vocabulary, not by UTF-16 unit', () => {
  // U+1F600 is D83D DE00 in UTF-16, which Array.prototype.sort puts before U+FF01.
  assert.deepEqual(['😀', '！', 'a', '中', '\n'].sort(byCodePoint), ['\n', 'a', '中', '！', '😀']);
  assert.deepEqual(charTokenizer('！😀a').vocab, ['a', '！', '😀']);
  const read = readVocabulary('input.txt', '😀😀！a');
  assert.deepEqual(read.vocab, ['a', '！', '😀']);
});

test('bytes read as whole UTF-8 characters, and every other byte as <0xNN>, over 5,000 byte strings', () => {
  const bytes = (...b) => Uint8Array.from(b);
  assert.equal(textOfBytes(utf8.encode('中文')), '中文');
  assert.equal(textOfBytes(bytes(0xe4, 0xb8)), '<0xE4><0xB8>'); // 中 without its last byte
  assert.equal(textOfBytes(bytes(0xb8, 0xad)), '<0xB8><0xAD>'); // and without its first
  assert.equal(textOfBytes(bytes(0x20, 0xe4), { label: true }), '␣<0xE4>');
  assert.equal(textOfBytes(bytes(0xc0, 0x80)), '<0xC0><0x80>'); // an overlong NUL
  assert.equal(textOfBytes(bytes(0xed, 0xa0, 0x80)), '<0xED><0xA0><0x80>'); // a surrogate
  assert.equal(textOfBytes(bytes(0xf4, 0x90, 0x80, 0x80)), '<0xF4><0x90><0x80><0x80>'); // above U+10FFFF
  // Random strings, biased towards the bytes of multi-byte characters: the text never holds "�"
  // unless the bytes did, and it reads back as exactly the bytes it came from.
  const next = xorshift32(2026);
  const pool = [0x41, 0x20, 0x0a, 0x80, 0xbf, 0xc2, 0xdf, 0xe0, 0xe4, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0xb8];
  for (let n = 0; n < 5000; n++) {
    const b = Uint8Array.from({ length: 1 + (next() % 12) }, () =>
      next() % 2 ? pool[next() % pool.length] : next() % 256,
    );
    const s = textOfBytes(b);
    if (!holdsReplacement(b)) assert.ok(!s.includes('\uFFFD'), `${[...b]} gave ${s}`);
    assert.deepEqual(bytesOfText(s), [...b], `${[...b]} gave ${s}`);
  }
});

test("GPT-2's 50,257 labels: byte tokens as <0xNN>, none as �, and Chinese text decodes back whole", async () => {
  const gpt2 = await gpt2Vocabulary();
  let bytesShown = 0;
  for (let id = 0; id < 50257; id++) {
    const label = gpt2.label(id);
    const replacement = id < 50256 && holdsReplacement(utf8.encode(gpt2.tokenizer.decode([id])));
    assert.ok(label.length > 0, `token ${id} has a label`);
    assert.ok(replacement || !label.includes('\uFFFD'), `token ${id} is shown as ${JSON.stringify(label)}`);
    if (label.includes('<0x')) bytesShown += 1;
  }
  // 94 is the byte 0xA1 alone; the 344 byte tokens that are not whole characters all show bytes.
  assert.equal(gpt2.label(94), '<0xA1>');
  assert.ok(bytesShown >= 344, `${bytesShown} labels show bytes`);
  assert.equal(gpt2.label(50256), '<|endoftext|>');
  assert.equal(gpt2.label(50300), '⟨50300⟩');
  const sentence = '注意力让每个位置读前面的位置。';
  const ids = gpt2.tokenizer.encode(sentence);
  assert.equal(gpt2.tokenizer.decode(ids), sentence);
  // Cut after a token that ends inside a character: the text so far, then its bytes.
  const cut = ids.findIndex((_, i) => gpt2.tokenizer.decode(ids.slice(0, i + 1)).includes('<0x'));
  assert.ok(cut >= 0, 'some prefix of the sentence ends inside a character');
  assert.match(gpt2.tokenizer.decode(ids.slice(0, cut + 1)), /^[^<]*(<0x[0-9A-F]{2}>)+$/);
});

test('a Chinese corpus tokenises into its characters, trains, and its attention names hanzi', async () => {
  for (const text of [chinese, spanish]) {
    const tok = charTokenizer(text);
    assert.equal(tok.decode(tok.encode(text)), text);
  }
  assert.ok(charTokenizer(chinese).vocab.includes('注'));
  const lab = await loadEngine();
  const session = createSession(lab, { setup: { corpus: 'chinese', D: 16, heads: 2, T: 12, batch: 4 } });
  try {
    const [before] = session.validate();
    for (let i = 0; i < 30; i++) session.trainStep();
    const [after] = session.validate();
    assert.ok(after.valid < before.valid, `validation loss ${before.valid} → ${after.valid}`);
    const seen = session.inspect(0, session.encode('模型给关联程度打分'));
    assert.deepEqual(seen.tokens, [...'模型给关联程度打分']);
    assert.ok(/\p{Script=Han}/u.test(session.samples()[0].greedy), 'a generation is Chinese text');
  } finally {
    session.dispose();
  }
});
