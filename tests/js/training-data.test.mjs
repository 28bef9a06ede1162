// The shipped corpora and tokenisers, and a short training run on them through the JS API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { english, orderTasks, toyGrammar } from '../../web/training/corpora.js';
import { charTokenizer, wordTokenizer } from '../../web/tokenizers/tokenize.js';
import { split, windows } from '../../web/training/batches.js';
import { loadEngine } from '../../web/engine/index.js';

test('the corpora are the same on every call, and the right size', () => {
  assert.equal(toyGrammar(), toyGrammar());
  assert.match(toyGrammar(3), /^(the|a) (cat|dog|bird) (sat|ran|slept) (on|near) (the|a) (mat|rug|log) <eos> /);
  assert.equal(toyGrammar(10).split(' ').length, 70);
  assert.match(orderTasks(5), /^(copy|reverse|sort) [a-e]{3,5} = [a-e]{3,5} ;$/m);
  for (const line of orderTasks(200).split('\n')) {
    const [, task, w, answer] = /^(\w+) (\w+) = (\w+) ;$/.exec(line);
    const want = task === 'copy' ? w : task === 'reverse' ? [...w].reverse().join('') : [...w].sort().join('');
    assert.equal(answer, want, line);
  }
  assert.ok(english.length > 2000 && english.length < 10000);
});

test('tokenisers round-trip and refuse what their vocabulary lacks', () => {
  const chars = charTokenizer(english);
  assert.equal(chars.decode(chars.encode('the rule is simple')), 'the rule is simple');
  assert.ok(chars.vocab.length < 70);
  assert.throws(() => chars.encode('\u2603'), {
    message: /^the character “\u2603” is not in this vocabulary/,
    code: 'vocabulary.character',
  });
  const words = wordTokenizer(toyGrammar());
  assert.equal(words.vocab.length, 14);
  assert.deepEqual(words.decode(words.encode('the cat sat on the mat <eos>')).split(' '), [
    'the',
    'cat',
    'sat',
    'on',
    'the',
    'mat',
    '<eos>',
  ]);
  assert.throws(() => words.encode('the unicorn'), { message: /^the word “unicorn”/ });
});

test('split holds out the end; windows are reproducible and shaped [B][T + 1]', () => {
  const ids = Array.from({ length: 100 }, (_, i) => i);
  const { train, valid } = split(ids, 0.2);
  assert.deepEqual([train.length, valid.length, valid[0]], [80, 20, 80]);
  const b = windows(train, 4, 8, 7);
  assert.deepEqual([b.length, b[0].length], [4, 9]);
  assert.deepEqual(windows(train, 4, 8, 7), b);
  assert.ok(
    b.every((w) => w.every((x, i) => i === 0 || x === w[i - 1] + 1)),
    'consecutive ids',
  );
  assert.throws(() => windows([1, 2], 1, 8, 1), { message: /^windows: T = 8 needs at least 9 ids/ });
  assert.throws(() => split(ids, 0), { message: /^split: validFraction must be between 0 and 1/ });
});

test('a model trained on the toy grammar through the JS API beats chance on held-out text', async () => {
  const lab = await loadEngine();
  const words = wordTokenizer(toyGrammar());
  const { train, valid } = split(words.encode(toyGrammar()), 0.1);
  const model = lab.createModel({ vocab: words.vocab.length, D: 16, heads: 2, layers: 1, T: 8, seed: 1 });
  const heldOut = windows(valid, 8, 8, 3);
  const before = model.evaluate(heldOut).loss;
  for (let step = 0; step < 120; step++) model.trainStep(windows(train, 8, 8, 100 + step), { lr: 1e-2 });
  const after = model.evaluate(heldOut).loss;
  assert.ok(before > 2.5 && after < 1.2, `validation loss ${before} -> ${after}`);
  model.delete();
});
