// Training corpora shipped with the project (nothing is downloaded), each small enough to train
// on in seconds: a toy grammar like the handout's sentence, an order-sensitive task where the
// model must use positions, and a few kilobytes of plain English written for this project.
// Generated text comes from a fixed seed, so every build and browser trains on the same data.
import { xorshift32 } from './xorshift.js';

// It only picks words and letters for the corpora: pick(n) is one of 0..n-1.
function picker(seed) {
  const next = xorshift32(seed);
  return (n) => next() % n;
}

// "the cat sat on the mat <eos>" and its relatives: determiner noun verb preposition determiner place.
export function toyGrammar(sentences = 600, seed = 1) {
  const pick = picker(seed);
  const choose = (xs) => xs[pick(xs.length)];
  const out = [];
  for (let i = 0; i < sentences; i++) {
    out.push(
      [
        choose(['the', 'a']),
        choose(['cat', 'dog', 'bird']),
        choose(['sat', 'ran', 'slept']),
        choose(['on', 'near']),
        choose(['the', 'a']),
        choose(['mat', 'rug', 'log']),
        '<eos>',
      ].join(' '),
    );
  }
  return out.join(' ');
}

// Order-sensitive tasks on short strings of letters: "copy abc = abc ; reverse abc = cba ;
// sort cab = abc ;". Without positions a model cannot tell these orders apart (§6.1).
export function orderTasks(examples = 500, seed = 2) {
  const pick = picker(seed);
  const letters = 'abcde';
  const out = [];
  for (let i = 0; i < examples; i++) {
    const n = 3 + pick(3);
    const w = Array.from({ length: n }, () => letters[pick(letters.length)]).join('');
    const task = ['copy', 'reverse', 'sort'][pick(3)];
    const answer = task === 'copy' ? w : task === 'reverse' ? [...w].reverse().join('') : [...w].sort().join('');
    out.push(`${task} ${w} = ${answer} ;`);
  }
  return out.join('\n');
}

// Plain English, written for Attention Lab.
export const english = `Reading a sentence is not a single act but a series of small decisions. When you meet the
word "it", you look back and ask what it could point to. You weigh the candidates, keep the one that
fits, and carry its meaning forward. Nobody tells you where to look; the sentence itself suggests it.

A model that reads text one token at a time faces the same problem. Each position has a question to
ask, and every earlier position offers an answer with some relevance to that question. The model
scores the relevance, turns the scores into weights that add up to one, and mixes what the earlier
positions have to offer. The mix becomes part of what the position knows.

The interesting part is that nothing in this is fixed in advance. The questions, the offers and the
contents are all learned from examples. At the start of training they are random, and the mixes are
close to plain averages. After many examples the model discovers which positions are worth reading
for which purpose, because reading them made its predictions better.

Prediction is the teacher. The model sees the beginning of a sentence and must guess the next word.
It is told, one word later, whether the guess was good. Every guess it makes is a small test of what
it has learned, and every mistake nudges the numbers inside it. Over thousands of sentences, the
nudges add up to something that looks like understanding, at least within the narrow world of the
text it has seen.

There is a rule the model must obey while it learns: it may not look ahead. If it could read the word
it is asked to predict, it would learn to copy rather than to predict, and it would fail as soon as
the future was hidden. So each position may read only the positions before it and itself. The rule is
simple, and it must hold in every layer, because any layer that breaks it can pass the future on to
the layers that obey it.

Small models make these ideas visible. With a handful of numbers per word and a few layers, you can
watch the loss fall, see which positions each head prefers, and test what happens when a rule is
broken on purpose. Nothing about the small case is different in kind from the large one; it is only
easier to see.`;
