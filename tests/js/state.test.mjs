// The page's state and its address (web/page/state.js): every address the page writes reads back
// as the same state, and an address the page cannot use is reported, not thrown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TRAIN, fromHash, toHash } from '../../web/page/state.js';
import { DEFAULT_SETUP } from '../../web/training/experiments.js';

const examples = [{ id: '2.1', steps: [{}, {}, {}], inputs: { q: { value: [1, 1] }, K: { value: [[1]] } } }];
const fallback = { example: '2.1', step: 0, edits: {}, hide: [], predict: false };

test('the training panel: experiment, every setting, start and hide round-trip through the address', () => {
  const settings = Object.fromEntries(Object.entries(DEFAULT_SETUP).map(([k, v]) => [k, String(v)]));
  for (const state of [
    { example: TRAIN, experiment: null, settings: {}, start: false, hide: [] },
    { example: TRAIN, experiment: 'custom', settings, start: true, hide: ['toc'] },
    {
      example: TRAIN,
      experiment: 'positions',
      settings: { D: '16', lr: '0.01', gated: 'true' },
      start: false,
      hide: [],
    },
  ]) {
    const hash = toHash(state);
    const back = fromHash(hash, examples, fallback);
    assert.deepEqual(back.problems, [], hash);
    for (const key of ['example', 'experiment', 'settings', 'start', 'hide'])
      assert.deepEqual(back.state[key], state[key], `${key} of ${hash}`);
    assert.equal(toHash(back.state), hash);
  }
});

test('unknown training settings are reported and dropped; the rest stays', () => {
  const { state, problems } = fromHash('#/train/custom?D=16&dmodel=8&start=1', examples, fallback);
  assert.deepEqual(problems, ['unknown training setting "dmodel"']);
  assert.deepEqual(state.settings, { D: '16' });
  assert.equal(state.start, true);
});

test('a worked example: step, edits, hide and predict round-trip; a step past the end is reported', () => {
  const state = { example: '2.1', step: 2, edits: { q: [1, 0] }, hide: ['nav', 'copy'], predict: true };
  const back = fromHash(toHash(state), examples, fallback);
  assert.deepEqual(back.state, state);
  const past = fromHash('#/2.1/9', examples, fallback);
  assert.deepEqual(past.problems, ['step 9 does not exist (this example has 3)']);
  assert.equal(past.state.step, 2);
});

// A menu input's values are declared once, on the input: its step's menu offers exactly those,
// and an address with any other value is refused with them listed, not read as the default.
test('every menu input declares its choices; its menu offers exactly them; an address with another is refused', async () => {
  const { loadEngine } = await import('../../web/engine/index.js');
  const { examples: all } = await import('../../web/handouts/self-attention/examples/index.js');
  const lab = await loadEngine();
  let menus = 0;
  for (const ex of all) {
    const x = Object.fromEntries(Object.entries(ex.inputs).map(([k, spec]) => [k, spec.value]));
    for (const [name, spec] of Object.entries(ex.inputs))
      if (typeof spec.value === 'string') assert.ok(spec.choices?.includes(spec.value), `${ex.id} ${name}`);
    const r = ex.run(lab, x);
    for (const step of ex.steps)
      for (const item of step.show?.(r, x, lab) ?? [])
        if (item?.choice !== undefined) {
          menus += 1;
          const values = item.options.map(([value]) => value);
          assert.deepEqual(values, ex.inputs[item.choice].choices, `${ex.id} ${step.key} ${item.choice}`);
        }
    for (const [name] of Object.entries(ex.inputs).filter(([, s]) => typeof s.value === 'string')) {
      const hash = `#/${ex.id}/1?in=${encodeURIComponent(JSON.stringify({ [name]: 'bogus' }))}`;
      const { state, problems } = fromHash(hash, all, fallback);
      assert.deepEqual(state.edits, {}, hash);
      assert.match(
        problems.join(),
        new RegExp(`input "${name}": expected one of the menu’s choices \\(.+\\), received "bogus"`),
      );
    }
  }
  assert.ok(menus >= 8, `${menus} menus`);
});

// Every route of the table, with states the page writes: each address reads back as its state.
test('every route round-trips through the address: the training panel, the model panel, the practice set, the teacher, an assignment, its result and sheets, an example', () => {
  const families = ['retrieval'];
  const base = { step: 0, edits: {}, hide: [] };
  const states = [
    { ...base, example: 'model' },
    { ...base, example: 'model', hide: ['toc'] },
    { ...base, example: 'practice', family: null, seed: 0 },
    { ...base, example: 'practice', family: 'retrieval', seed: 4294967295, hide: ['solution', 'copy'] },
    { ...base, example: 'teach', query: '' },
    { ...base, example: 'teach', query: 'title=T&families=retrieval&each=2' },
    { ...base, example: 'assignment', result: false, sheet: null, students: [], at: 0, query: 'title=T' },
    { ...base, example: 'assignment', result: false, sheet: null, students: [], at: 2, query: 'title=T' },
    { ...base, example: 'assignment', result: true, sheet: null, students: [], at: 0, query: '' },
    {
      ...base,
      example: 'assignment',
      result: false,
      sheet: 'worksheet',
      students: ['Ana María', 'Lí & Co'],
      at: 0,
      query: 'title=T',
    },
    { ...base, example: 'assignment', result: false, sheet: 'key', students: [], at: 0, query: 'title=T' },
    { ...base, example: '2.1', step: 1, predict: false },
  ];
  for (const state of states) {
    const hash = toHash(state);
    const back = fromHash(hash, examples, fallback, families);
    assert.deepEqual(back.problems, [], hash);
    assert.deepEqual(back.state, state, hash);
    assert.equal(toHash(back.state), hash);
  }
});

// What a hand-edited address may hold, route by route: each is said, and the route (or, for an
// address no route can read, the fallback) opens.
test('an address a route cannot use is reported with what was expected, route by route', () => {
  const families = ['retrieval'];
  const cases = [
    ['#/model?x=1', 'model', 'unknown parameter "x" in the address (expected hide)'],
    ['#/model/extra', '2.1', 'unreadable address "#/model/extra"'],
    ['#/practice/retrieval', '2.1', 'unreadable address "#/practice/retrieval"'],
    ['#/practice/retrieval/x', '2.1', 'unreadable address "#/practice/retrieval/x"'],
    ['#/practice/bogus/3', 'practice', 'no practice problem "bogus"'],
    ['#/practice?hide=nav&sort=1', 'practice', 'unknown parameter "sort" in the address (expected hide)'],
    ['#/assignment/bogus?x', '2.1', 'unreadable address "#/assignment/bogus?x"'],
    ['#/train/custom?start=1&D=8&lr=0.1&nope=2', 'train', 'unknown training setting "nope"'],
    ['#/2.1/2?predict=1&color=red', '2.1', 'unknown parameter "color" in the address (expected in, hide, or predict)'],
    ['#/2.1/x', '2.1', 'unreadable address "#/2.1/x"'],
    ['#/2.1/0', '2.1', 'step 0 does not exist (this example has 3)'],
    ['#/', '2.1', 'unreadable address "#/"'],
    ['#/2.1/1?in=%5B1%5D', '2.1', 'input "0" does not belong to this example'],
    ['#/2.1/1?in=7', '2.1', 'the inputs in the address are not valid JSON'],
  ];
  for (const [hash, route, problem] of cases) {
    const { state, problems } = fromHash(hash, examples, fallback, families);
    assert.equal(state.example, route, hash);
    assert.deepEqual(problems, [problem], hash);
  }
  // the refused practice problem opens the list, as the address is still the practice set's
  assert.equal(fromHash('#/practice/bogus/3', examples, fallback, families).state.family, null);
  // a training setting stays as typed; the panel says which value it cannot use
  assert.deepEqual(fromHash('#/train/custom?D=8&lr=0.1&nope=2', examples, fallback).state.settings, {
    D: '8',
    lr: '0.1',
  });
});
