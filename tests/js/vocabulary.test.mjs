// web/models/vocabulary.js: an opened model's character vocabulary from each file a student may
// have (nanoGPT's meta.pkl as JSON, a list, the characters, the training text); every other file
// is refused with what was expected and what it holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readVocabulary } from '../../web/models/vocabulary.js';

const SHAKESPEARE = 'First Citizen:\nBefore we proceed any further, hear me speak.\n\nAll:\nSpeak, speak.';
const sorted = [...new Set(SHAKESPEARE)].sort();

test('every form of one vocabulary reads as the same characters, in id order', () => {
  const itos = Object.fromEntries(sorted.map((c, i) => [i, c]));
  const stoi = Object.fromEntries(sorted.map((c, i) => [c, i]));
  const forms = [
    ['meta.json', JSON.stringify({ itos, stoi, vocab_size: sorted.length }), 'json'],
    ['meta.json', JSON.stringify({ stoi }), 'json'],
    ['itos.json', JSON.stringify(itos), 'json'],
    ['list.json', JSON.stringify(sorted), 'json'],
    ['chars.txt', sorted.join(''), 'characters'],
    ['input.txt', SHAKESPEARE, 'text'],
  ];
  for (const [name, body, from] of forms) {
    const v = readVocabulary(name, body);
    assert.deepEqual(v.vocab, sorted, name);
    assert.equal(v.from, from, name);
    assert.equal(v.size, sorted.length);
    assert.deepEqual(v.tokenizer.decode(v.tokenizer.encode('Speak, speak.')), 'Speak, speak.');
  }
  const v = readVocabulary('chars.txt', sorted.join(''));
  assert.equal(v.label(sorted.indexOf(' ')), '␣');
  assert.equal(v.label(sorted.indexOf('\n')), '↵');
  assert.equal(v.label(sorted.length + 3), `⟨${sorted.length + 3}⟩`, 'a padded id has no character');
});

test('a file that is not a vocabulary is refused, saying what was expected and what it holds', () => {
  const cases = [
    ['meta.json', '{"itos": ', /meta\.json is not JSON; expected a JSON list of characters/],
    [
      'meta.json',
      '{"itos" 1}',
      /meta\.json is not JSON \(it breaks at character 8, counting from 0\); expected a JSON list/,
    ],
    ['meta.json', '{"itos": {"0": "a", "2": "b"}}', /itos has no character for id 1/],
    ['meta.json', '{"itos": {"0": "a", "x": "b"}}', /itos must map whole-number ids to characters, got "x": "b"/],
    ['meta.json', '{"stoi": {"a": 0, "b": 0}}', /stoi gives id 0 twice/],
    ['words.json', '["the", "cat"]', /token 0 is “the”, not one character/],
    ['n.json', '42', /expected a JSON list of characters.*the JSON is 42/],
    ['empty.txt', '', /empty\.txt is empty/],
    ['list.json', '[]', /the list has no character for id 0/],
    // ids past the entries are refused by the first gap they leave, nothing allocated for them
    ['meta.json', '{"itos": {"0": "a", "99999999999": "b"}}', /itos has no character for id 1/],
    ['meta.json', '{"itos": {"4294967294": "a"}}', /itos has no character for id 0/],
    ['meta.json', '{"stoi": {"a": 1, "b": 1e300}}', /stoi must map whole-number ids to characters, got 1e\+300: "b"/],
    // what is quoted is short, and nothing deep is walked
    ['meta.json', `{"itos": {"0": ${'['.repeat(100000)}${']'.repeat(100000)}}}`, /got "0": \[…\]/],
    ['meta.json', `{"itos": {"0": "${'a'.repeat(1e6)}"}}`, /token 0 is “a{20}…”, not one character/],
    ['n.json', `"${'x'.repeat(1e6)}"`, /the JSON is "x{20}…"$/],
  ];
  for (const [name, body, says] of cases) assert.throws(() => readVocabulary(name, body), says, name);
});
