// Training corpora shipped with the project (nothing is downloaded), each small enough to train
// on in seconds: a toy grammar like the handout's sentence, an order-sensitive task where the
// model must use positions, and a few kilobytes each of plain English, Spanish and Chinese
// written for this project.
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

// Plain Spanish, written for Attention Lab: the same ideas in another language, so that a class
// in Spanish trains on text it reads.
export const spanish = `Leer una frase no es un solo acto, sino una serie de pequeñas decisiones. Cuando aparece la
palabra «ella», miramos hacia atrás y nos preguntamos a quién se refiere. Comparamos a las
candidatas, nos quedamos con la que encaja y llevamos su sentido hacia delante. Nadie nos dice
dónde mirar: la propia frase lo sugiere.

Un modelo que lee un texto token a token se enfrenta al mismo problema. Cada posición tiene una
pregunta, y cada posición anterior ofrece una respuesta más o menos relevante para esa pregunta. El
modelo puntúa la relevancia, convierte las puntuaciones en pesos que suman uno y mezcla lo que las
posiciones anteriores tienen que ofrecer. La mezcla pasa a formar parte de lo que sabe la posición.

Lo interesante es que nada de esto está fijado de antemano. Las preguntas, las ofertas y los
contenidos se aprenden a partir de ejemplos. Al principio del entrenamiento son aleatorios, y las
mezclas se parecen a simples promedios. Tras muchos ejemplos, el modelo descubre qué posiciones
conviene leer y para qué, porque leerlas mejoró sus predicciones.

La predicción es la maestra. El modelo ve el comienzo de una frase y debe adivinar la palabra
siguiente. Una palabra después sabe si acertó. Cada intento es una pequeña prueba de lo que ha
aprendido, y cada error empuja un poco los números que lleva dentro. A lo largo de miles de frases,
esos pequeños empujones se suman hasta parecer comprensión, al menos dentro del mundo estrecho del
texto que ha visto.

Hay una regla que el modelo debe respetar mientras aprende: no puede mirar hacia delante. Si pudiera
leer la palabra que se le pide predecir, aprendería a copiar en lugar de predecir, y fallaría en
cuanto el futuro quedara oculto. Por eso cada posición solo puede leer las posiciones anteriores y a
sí misma. La regla es sencilla y debe cumplirse en todas las capas, porque una capa que la rompa
puede pasar el futuro a las capas que sí la cumplen.

Los modelos pequeños hacen visibles estas ideas. Con unos pocos números por palabra y pocas capas se
puede ver cómo baja la pérdida, qué posiciones prefiere cada cabeza y qué ocurre cuando se rompe una
regla a propósito. El caso pequeño no es distinto en esencia del grande; solo es más fácil de ver.`;

// Plain Simplified Chinese, written for Attention Lab. Chinese has no spaces between words, so
// it is read as characters: every hanzi is a token.
export const chinese = `读一句话并不是一个动作，而是一连串小小的决定。读到“它”这个字时，我们会往回看，问自己它指的是什么。
我们比较几个可能的对象，留下最合适的那个，再把它的意思带到后面。没有人告诉我们该看哪里，句子本身就给出了提示。

一个逐个读入词元的模型也面对同样的问题。每个位置都有一个要问的问题，前面的每个位置都提供一个答案，
这个答案和问题有着或多或少的关联。模型给关联程度打分，把分数变成加起来等于一的权重，
再把前面各个位置提供的内容按权重混合起来。混合的结果就成了这个位置所知道的一部分。

有意思的是，这些都不是事先规定好的。问题、提供的内容和内容本身，都是从例子中学来的。
训练刚开始时它们是随机的，混合的结果接近简单的平均。看过许多例子之后，模型会发现为了什么目的
应该读哪些位置，因为读这些位置让它的预测变得更好。

预测就是老师。模型看到一句话的开头，必须猜出下一个词。过了一个词，它就知道自己猜得对不对。
它的每一次猜测都是对所学内容的一次小测验，每一个错误都会把它内部的数字轻轻推动一下。
经过成千上万句话，这些小小的推动累积起来，看上去就像是理解，至少在它见过的那个狭小的文本世界里是这样。

模型在学习时必须遵守一条规则：不能往后偷看。如果它能读到要它预测的那个词，它学会的就是抄写而不是预测，
一旦未来被遮住，它就会失败。所以每个位置只能读它前面的位置和它自己。这条规则很简单，
而且每一层都必须遵守，因为只要有一层打破它，就可能把未来的信息传给那些遵守规则的层。

小模型让这些想法变得看得见。每个字只用几个数字，只有几层，我们就能看着损失下降，
看出每个注意力头偏爱哪些位置，还能故意打破一条规则，看看会发生什么。小模型和大模型在本质上没有不同，
只是更容易看清楚。`;

// The corpora with their tokenisers, by the name a setup gives (kept beside their texts, so that
// the page's address reads experiments.js without these kilobytes).
const HELD_OUT = 30; // questions of the order task kept for counting exact answers

// The induction experiment's tokens (§2.2, §4): 64 characters, one a token, so that a repeated
// stretch reads as repeated letters. Its sequences are drawn by the engine (lab.repeatsBatch),
// a fresh batch each step, and are not a text.
const REPEAT_TOKENS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#@';

export const CORPORA = {
  // prompt: where sample generations start; probe: the sentence whose attention is shown.
  grammar: { text: () => toyGrammar(), tokenizer: 'word', prompt: 'the', probe: 'the cat sat on the' },
  // examples: held-out questions and their answers, to count how many the model gets exactly right.
  order: {
    text: () => orderTasks(),
    tokenizer: 'char',
    prompt: 'reverse abc = ',
    probe: 'reverse abc = cb',
    examples: (validText) =>
      validText
        .split('\n')
        .slice(1, 1 + HELD_OUT)
        .map((line) => {
          const cut = line.indexOf('= ') + 2;
          return { question: line.slice(0, cut), answer: line.slice(cut) };
        })
        .filter((e) => e.answer.endsWith(';')),
    stop: ';',
  },
  english: { text: () => english, tokenizer: 'char', prompt: 'The model ', probe: 'The model scores the' },
  spanish: { text: () => spanish, tokenizer: 'char', prompt: 'El modelo ', probe: 'El modelo puntúa la' },
  chinese: { text: () => chinese, tokenizer: 'char', prompt: '模型', probe: '模型给关联程度打分' },
  // generated: the engine's batches, which a run's `data` shapes (repeats or the control's);
  // probe: 16 distinct tokens then the same 16 (its period), where an induction head attends from
  // each token of the repeat to the one after its earlier occurrence (15 back); prompt: a stretch
  // and the start of its repeat, which a model with induction heads goes on copying.
  repeats: {
    text: () => REPEAT_TOKENS,
    tokenizer: 'char',
    generated: true,
    prompt: 'qwertyuiopasdfghqwer',
    probe: 'qwertyuiopasdfghqwertyuiopasdfgh',
    period: 16,
  },
};
