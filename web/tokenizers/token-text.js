// How a token is written in a label, for tokens from any script: characters a label would hide
// (a space, a line break, a control or formatting character, a combining mark alone) are made
// visible, and bytes that are not a whole UTF-8 character (GPT-2's byte-level tokens) are written
// as <0xE4>, not as the replacement character "�". No model arithmetic here.

const NAMED = new Map([
  [' ', '␣'],
  ['\n', '↵'],
  ['\t', '⇥'],
  ['\r', '␍'],
]);

// U+0009 and the like: the code point, four hex digits at least.
const codePoint = (c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

// One character of a label. A combining mark stands on a dotted circle, as character charts
// show it; what has no glyph of its own (controls, zero-width and other format characters, lone
// surrogates, unassigned code points) is written as its code point.
function shownCharacter(c) {
  if (NAMED.has(c)) return NAMED.get(c);
  if (/^\p{M}$/u.test(c)) return `◌${c}`;
  if (/^[\p{Cc}\p{Cf}\p{Cs}\p{Cn}\p{Zl}\p{Zp}]$/u.test(c)) return codePoint(c);
  return c;
}

// A token's text as a label shows it: every character visible.
export const shownText = (s) => [...s].map(shownCharacter).join('');

// Characters in code-point order, as Python's sorted() orders a vocabulary (nanoGPT's
// prepare.py). Array.prototype.sort compares UTF-16 code units, which puts a character beyond
// U+FFFF (an emoji, a rare CJK ideograph) before U+E000–U+FFFF.
export const byCodePoint = (a, b) => {
  const x = a.codePointAt(0);
  const y = b.codePointAt(0);
  return x - y || (a < b ? -1 : a > b ? 1 : 0);
};

// The bytes' length of the UTF-8 sequence a lead byte starts, 0 if it cannot start one.
function sequenceLength(lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

const strict = new TextDecoder('utf-8', { fatal: true });
const hexByte = (b) => `<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`;

// Bytes as text: each whole UTF-8 character as itself (made visible in a label), each byte that
// is not part of one as <0xE4>. GPT-2's tokens are byte sequences, and 344 of them are not whole
// characters (the first or last bytes of a Chinese character, say); a generation can stop in the
// middle of one too.
export function textOfBytes(bytes, { label = false } = {}) {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const n = sequenceLength(bytes[i]);
    let character = null;
    if (n && i + n <= bytes.length) {
      try {
        character = strict.decode(bytes.subarray(i, i + n));
      } catch {
        character = null; // a bad continuation byte, an overlong form or a surrogate
      }
    }
    if (character === null) {
      out += hexByte(bytes[i]);
      i += 1;
    } else {
      out += label ? shownText(character) : character;
      i += n;
    }
  }
  return out;
}
