// The training panel's loop without a browser (web/training/session.js and trainer.js): each
// experiment builds, steps and reports (the presets' claims are training-presets.test.mjs'); bad settings are refused and the running session kept; a pause takes effect
// before the next step, and every run or pause is answered; a saved model comes back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from '../../web/engine/index.js';
import { EXPERIMENTS } from '../../web/training/experiments.js';
import { createTrainer } from '../../web/training/trainer.js';

const lab = await loadEngine();

// A trainer whose reports are collected; `until` waits for a report of one type.
function harness() {
  const reports = [];
  const waiting = [];
  const handle = createTrainer(lab, (m) => {
    reports.push(m);
    for (const w of waiting.splice(0))
      if (w.type === m.type) w.resolve(m);
      else waiting.push(w);
  });
  const until = (type) => new Promise((resolve) => waiting.push({ type, resolve }));
  const last = (type) => reports.filter((r) => r.type === type).at(-1);
  return { handle, reports, until, last };
}

const small = { D: 16, heads: 2, T: 8, batch: 4 };

test('every experiment builds its runs, steps them together, and reports losses from the engine', () => {
  for (const [id, exp] of Object.entries(EXPERIMENTS)) {
    const t = harness();
    t.handle({ type: 'setup', experiment: id, setup: id === 'scaling' ? { ...small, heads: 1 } : small });
    const ready = t.last('ready');
    assert.ok(ready, `${id}: ${JSON.stringify(t.last('refused'))}`);
    assert.deepEqual(
      ready.runIds,
      exp.runs.map((r) => r.id),
    );
    t.handle({ type: 'step' });
    const p = t.last('progress');
    assert.equal(p.step, 1);
    assert.equal(p.losses.length, exp.runs.length);
    for (const loss of p.losses)
      assert.ok(Math.abs(loss - Math.log(ready.vocab.length)) < 0.3, `${id}: first loss ${loss} near ln V`);
    assert.equal(p.validation.length, exp.runs.length);
    assert.equal(
      exp.causalValidation ? typeof p.validation[0].causal : p.validation[0].causal,
      exp.causalValidation ? 'number' : null,
    );
    assert.ok(p.samples && typeof p.samples[0].greedy === 'string', 'a manual step reports samples');
  }
});

test('§7.3 preset: the masks are every block, the last block only, and none', () => {
  const t = harness();
  t.handle({ type: 'setup', experiment: 'leak', setup: { ...small, layers: 3 } });
  const weights = t.last('ready').inspection.weights; // run 0: masked everywhere
  assert.equal(weights[0][0][0][1], 0);
  t.handle({ type: 'inspect', run: 2 });
  const none = t.last('inspected').base.weights;
  assert.ok(none[0][0][0][1] > 0 && none[2][0][0][1] > 0, 'no mask anywhere');
  t.handle({ type: 'inspect', run: 1 });
  const last = t.last('inspected').base.weights;
  assert.ok(last[0][0][0][1] > 0 && last[1][0][0][1] > 0, 'blocks 1 and 2 unmasked');
  assert.equal(last[2][0][0][1], 0, 'the last block masked');
});

test('§4 preset: the runs differ only in their data, drawn by the engine; both validate on repeating sequences', () => {
  const t = harness();
  t.handle({ type: 'setup', experiment: 'induction', setup: small });
  const ready = t.last('ready');
  assert.deepEqual(ready.runIds, ['repeats', 'control']);
  assert.equal(ready.setup.ffnMult, 0, 'attention alone');
  assert.equal(ready.setup.positions, 'sinusoidal');
  assert.equal(ready.vocab.length, 64);
  // one seed makes the two models alike, so on one validation batch they score alike
  assert.equal(ready.validation[0].valid, ready.validation[1].valid);
  t.handle({ type: 'step' });
  // a step's loss is the batch's before the update: it differs only because the batches do
  const [repeats, control] = t.last('progress').losses;
  assert.notEqual(repeats, control);
  // with the preset's own T (64), the attention is shown on 16 distinct tokens typed twice
  const full = harness();
  full.handle({ type: 'setup', experiment: 'induction' });
  const tokens = full.last('ready').inspection.tokens;
  assert.equal(tokens.length, 32);
  assert.equal(new Set(tokens.slice(0, 16)).size, 16);
  assert.deepEqual(tokens.slice(16), tokens.slice(0, 16));
  // on which each run's heads are scored by the engine: at initialisation no head does either job
  const heads = full.last('ready').heads;
  assert.equal(heads.length, 2);
  for (const s of heads) {
    assert.ok(s.previousToken > 0 && s.previousToken < 0.3, `previous-token ${s.previousToken}`);
    assert.ok(s.induction > 0 && s.induction < 0.3, `induction ${s.induction}`);
  }
  // cut to T = 8 the probe no longer repeats, and nothing is scored
  assert.equal(ready.heads, undefined);
});

test('bad settings are refused with what was expected and what was received; the session stays', () => {
  const t = harness();
  t.handle({ type: 'setup', experiment: 'custom', setup: small });
  t.handle({ type: 'step' });
  for (const [setup, why] of [
    [{ D: 30, heads: 4 }, /D = 30 is not divisible by H = 4/],
    [{ lr: 0 }, /learning rate must be a number above 0 and at most 1, got 0/],
    [{ lr: -1 }, /got -1/],
    [{ lr: NaN }, /got NaN/],
    [{ T: 5000 }, /T must be a whole number from 1 to 256, got 5000/],
    [
      { T: 250, corpus: 'english' },
      /T = 250 is longer than this corpus allows: its validation part has 219 tokens, so T must be at most 218/,
    ],
    [{ corpus: 'nope' }, /corpus must be one of grammar, order, english, spanish, chinese, or repeats, got "nope"/],
    [{ corpus: '__proto__' }, /got "__proto__"/],
    [{ corpus: 'toString' }, /got "toString"/],
  ]) {
    t.handle({ type: 'setup', experiment: 'custom', setup: { ...small, ...setup } });
    const r = t.last('refused');
    assert.match(r.message, why);
    assert.match(r.code, /^training\.setup\./, 'a code the page words in its language');
    t.reports.length = 0;
  }
  for (const experiment of ['__proto__', 'constructor', 'hasOwnProperty']) {
    t.handle({ type: 'setup', experiment, setup: small });
    assert.match(t.last('refused').code, /^training\.experiment$/, experiment);
    t.reports.length = 0;
  }
  t.handle({ type: 'step' });
  assert.equal(t.last('progress').step, 2, 'the first session kept training');
});

test('a typed sentence outside the vocabulary is refused; the previous one stays', () => {
  const t = harness();
  t.handle({ type: 'setup', experiment: 'intervention', setup: small });
  t.handle({ type: 'inspect', text: 'the cat sat on zebra' });
  assert.match(t.last('refused').message, /the word “zebra” is not in this vocabulary/);
  // ten megabytes are refused by their length, before they are split into words
  t.handle({ type: 'inspect', text: 'the cat '.repeat(1310720) });
  assert.match(
    t.last('refused').message,
    /the sentence has 10,485,760 characters, more than a sentence of T = \d+ can hold \(at most [\d,]+ characters\)/,
  );
  t.handle({ type: 'inspect', text: 'the dog ran', ablateHeads: [[0, 0]] });
  const r = t.last('inspected');
  assert.deepEqual(r.base.tokens, ['the', 'dog', 'ran']);
  assert.notDeepEqual(r.changed.probs[2], r.base.probs[2], 'ablating a head changes the prediction');
});

test('run, then pause: the pause takes effect before the next step', async () => {
  const t = harness();
  t.handle({ type: 'setup', experiment: 'custom', setup: small });
  t.handle({ type: 'run' });
  await t.until('progress');
  await t.until('progress');
  t.handle({ type: 'pause' });
  const stepsAtPause = t.last('paused').step;
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(t.last('progress').step, stepsAtPause, 'no step after the pause');
  t.handle({ type: 'run' });
  await t.until('progress');
  t.handle({ type: 'pause' });
  assert.ok(t.last('paused').step > stepsAtPause, 'resumed');
});

test('every run and pause is answered with running or paused, in order, even before a session exists', async () => {
  const t = harness();
  const answers = () => t.reports.filter((r) => r.type === 'running' || r.type === 'paused').map((r) => r.type);
  t.handle({ type: 'run' });
  t.handle({ type: 'pause' });
  assert.deepEqual(answers(), ['paused', 'paused'], 'no session: nothing runs, and the panel hears so');
  t.handle({ type: 'setup', experiment: 'custom', setup: small });
  t.handle({ type: 'run' });
  t.handle({ type: 'run' });
  t.handle({ type: 'pause' });
  t.handle({ type: 'run' });
  await t.until('progress');
  t.handle({ type: 'pause' });
  assert.deepEqual(answers().slice(2), ['running', 'running', 'paused', 'running', 'paused']);
});

test('a diverging run stops itself and says so', async () => {
  const t = harness();
  t.handle({ type: 'setup', experiment: 'custom', setup: { ...small, lr: 1, optimizer: 'sgd' } });
  t.handle({ type: 'run' });
  const stopped = await Promise.race([t.until('stopped'), new Promise((r) => setTimeout(() => r(null), 20000))]);
  t.handle({ type: 'pause' });
  assert.ok(stopped, 'SGD at lr 1 diverges within seconds');
  assert.match(stopped.message, /training diverged; the parameters were not changed/);
});

test('save, then set up from the saved model: the same predictions', () => {
  const t = harness();
  t.handle({ type: 'setup', experiment: 'custom', setup: small });
  for (let i = 0; i < 5; i++) t.handle({ type: 'step' });
  t.handle({ type: 'inspect', text: 'the cat' });
  const before = t.last('inspected').base.probs;
  t.handle({ type: 'save', run: 0 });
  const saved = JSON.parse(JSON.stringify(t.last('saved').data));
  t.handle({ type: 'setup', experiment: 'custom', setup: small, saved });
  t.handle({ type: 'inspect', text: 'the cat' });
  assert.deepEqual(t.last('inspected').base.probs, before);
  t.handle({ type: 'setup', experiment: 'custom', setup: { ...small, corpus: 'english' }, saved });
  assert.match(t.last('refused').message, /trained on a vocabulary of 14 tokens, but the corpus english has \d+/);
});

test('2,000 setups and saved files with odd values anywhere: ready, or refused in words naming what was wrong; the running session stays', async () => {
  const { ODD_VALUES } = await import('./malformed.mjs');
  const { readSavedFile } = await import('../../web/page/views/training/saved.js');
  const { DEFAULT_SETUP } = await import('../../web/training/experiments.js');
  const { xorshift32 } = await import('../../web/training/xorshift.js');
  const JS_ERRORS = /undefined|NaN|\[object|is not a function|Cannot read|Unexpected token|Maximum call stack/;
  const next = xorshift32(41);
  const pick = (xs) => xs[next() % xs.length];
  const t = harness();
  t.handle({ type: 'setup', experiment: 'custom', setup: small });
  t.handle({ type: 'save', run: 0 });
  const good = JSON.parse(JSON.stringify(t.last('saved').data));
  // another app's JSON, a list or a number is not taken for a model with missing fields
  for (const body of ['null', '[]', '42', '"x"', '{"hello":1}', '{"format":"__proto__"}'])
    assert.match(
      (await readSavedFile(new File([body], 'other.json'), small)).error,
      /^the file is not a model saved by this panel \(its format is not “attention-lab-model”\)$/,
      body,
    );
  const fieldsOf = Object.keys(DEFAULT_SETUP);
  const seen = { ready: 0, refused: 0 };
  for (let k = 0; k < 2000; k++) {
    const setup = { ...small };
    for (let n = 1 + (next() % 2); n > 0; n--) setup[pick(fieldsOf)] = pick(ODD_VALUES);
    let message = { type: 'setup', experiment: 'custom', setup };
    if (k % 4 === 3) {
      // a saved model with one field of its own, or of its config, odd
      const saved = JSON.parse(JSON.stringify(good));
      const into = next() % 2 ? saved : saved.config;
      into[pick([...Object.keys(into), '__proto__', 'corpus'])] = pick(ODD_VALUES);
      const read = await readSavedFile(new File([JSON.stringify(saved)], 'saved.json'), {
        ...small,
        corpus: 'grammar',
      });
      if (read.error) {
        assert.doesNotMatch(read.error, JS_ERRORS, read.error);
        seen.refused++;
        continue;
      }
      message = { type: 'setup', experiment: 'custom', ...read.value };
    }
    t.reports.length = 0;
    assert.doesNotThrow(() => t.handle(message), JSON.stringify(message.setup));
    const answer = t.reports.find((r) => r.type === 'ready' || r.type === 'refused');
    assert.ok(answer, `every setup is answered: ${JSON.stringify(message.setup)}`);
    if (answer.type === 'refused') {
      assert.doesNotMatch(answer.message, JS_ERRORS, answer.message);
      assert.ok(
        answer.code,
        `a code the page words in its language: ${answer.message} ${JSON.stringify(message.setup)}`,
      );
      seen.refused++;
    } else seen.ready++;
    // the session that is running, the last one set up, still steps
    t.handle({ type: 'step' });
    assert.ok(
      t.last('progress'),
      `the running session steps: ${JSON.stringify(message.setup)} ${JSON.stringify(t.reports.at(-1))}`,
    );
  }
  t.handle({ type: 'pause' });
  assert.ok(seen.ready > 50 && seen.refused > 1000, JSON.stringify(seen));
});
