// The worksheets' answers kept in localStorage, read by their schema: what the page wrote reads
// back whole, and 3,000 damaged records (wrong types at every level, absurd lengths, prototype
// names, deep nesting, cut or garbled text) never throw, never lose the stored text (it is kept
// aside byte for byte, and never written over when it cannot be), and are said in words that
// name the field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ODD_VALUES, blockedStorage, deep } from './malformed.mjs';
import { xorshift32 } from '../../web/training/xorshift.js';
import { ANSWER_MOST, KEY, createWorksheetStore } from '../../web/page/worksheet-store.js';
import { fieldProblem } from '../../web/text/field.js';

const CASES = 3000;
const JS_ERRORS = /undefined|NaN|\[object|is not a function|Cannot read|Unexpected token/;

function memoryStorage(items = {}, { refuse = () => false } = {}) {
  const kept = new Map(Object.entries(items));
  return {
    kept,
    getItem: (k) => (kept.has(k) ? kept.get(k) : null),
    setItem: (k, v) => {
      if (refuse(k)) throw new Error('QuotaExceededError');
      kept.set(k, String(v));
    },
  };
}

const good = { '2.1|build': { 'ws-build-q-0': '[2, 3]', 'ws-build-mask-1': 'causal' }, '4|heads': {} };

test('the answers the page saved read back whole, sheet by sheet', () => {
  const storage = memoryStorage();
  const first = createWorksheetStore(storage);
  for (const [key, answers] of Object.entries(good)) first.save(key, answers);
  const again = createWorksheetStore(storage);
  assert.equal(again.notice, null);
  for (const [key, answers] of Object.entries(good)) assert.deepEqual(again.answers(key), answers);
  assert.deepEqual(again.answers('5|none'), {}, 'a sheet never saved has no answers');
  assert.deepEqual(createWorksheetStore(blockedStorage).answers('2.1|build'), {}, 'blocked storage: none');
});

// A damaged record: one value of the good record replaced by an odd one, at the top, a sheet or
// a cell; or the text cut, garbled, nested deep or too long in a cell.
function damaged(next, k) {
  const pick = (xs) => xs[next() % xs.length];
  const text = JSON.stringify(good);
  switch (k % 6) {
    case 0:
      return text.slice(0, next() % text.length);
    case 1: {
      const at = next() % text.length;
      return `${text.slice(0, at)}${pick(['"', '{', ']', ',', '\\', '\u0000'])}${text.slice(at + 1)}`;
    }
    case 2:
      return JSON.stringify(pick(ODD_VALUES));
    case 3:
      return JSON.stringify({ ...good, [pick(['__proto__', 'constructor', '2.1|x'])]: pick(ODD_VALUES) });
    case 4:
      return JSON.stringify({ ...good, '2.1|build': { ...good['2.1|build'], 'ws-build-q-0': pick(ODD_VALUES) } });
    default:
      return pick([deep(100000), JSON.stringify({ s: { c: 'x'.repeat(ANSWER_MOST + 1 + (next() % 5)) } })]);
  }
}

test(`${CASES} damaged records: read, or kept aside byte for byte and said naming the field`, () => {
  const next = xorshift32(20261207);
  let setAside = 0;
  for (let k = 0; k < CASES; k++) {
    const raw = damaged(next, k);
    const storage = memoryStorage({ [KEY]: raw });
    const store = createWorksheetStore(storage);
    if (store.notice === null) {
      assert.equal(storage.kept.get(KEY), raw, 'a record that reads is left as it is');
      continue;
    }
    setAside += 1;
    assert.equal(storage.kept.get(`${KEY}.damaged`), raw, 'kept aside byte for byte');
    assert.equal(store.notice.kept, true);
    if (store.notice.problem) {
      assert.ok(store.notice.problem.field, 'the problem names a field');
      const said = fieldProblem(store.notice.problem);
      assert.doesNotMatch(said, JS_ERRORS, said);
      assert.ok(said.length < 400, `a short excerpt of the value: ${said.length} characters`);
    }
    // a sheet stored as the page wrote it keeps its answers beside a broken one
    let stored = null;
    try {
      stored = JSON.parse(raw)?.['2.1|build'];
    } catch {
      // not JSON: nothing is read
    }
    const intact = JSON.stringify(stored) === JSON.stringify(good['2.1|build']);
    if (intact) assert.deepEqual(store.answers('2.1|build'), good['2.1|build'], 'kept beside a broken sheet');
    store.save('2.1|build', { 'ws-build-q-0': '[2, 3]' });
    assert.equal(storage.kept.get(`${KEY}.damaged`), raw, 'a save leaves the damaged copy');
  }
  assert.ok(setAside > CASES / 2, `${setAside} of ${CASES} set aside`);
  assert.equal({}.polluted, undefined);
});

test('one broken sheet is left out, the record kept aside whole, and the other sheets keep their answers', () => {
  const raw = JSON.stringify({ ...good, '9.4|plan': { 'ws-plan-encoder-q': [1] }, '5|norm': 'x' });
  const storage = memoryStorage({ [KEY]: raw });
  const store = createWorksheetStore(storage);
  assert.deepEqual(store.answers('2.1|build'), good['2.1|build']);
  assert.deepEqual(store.answers('9.4|plan'), {});
  assert.equal(
    fieldProblem(store.notice.problem),
    '9.4|plan.ws-plan-encoder-q is […], where a text of at most 200 characters was expected',
  );
  assert.equal(storage.kept.get(`${KEY}.damaged`), raw);
  // a record that is not an object of sheets is named by its key
  for (const whole of ['null', '[1]', '"x"']) {
    const notice = createWorksheetStore(memoryStorage({ [KEY]: whole })).notice;
    assert.match(fieldProblem(notice.problem), new RegExp(`^${KEY.replaceAll('.', '\\.')} is`), whole);
  }
});

test('a record that cannot be kept aside is never written over: new answers live in the page', () => {
  const raw = JSON.stringify({ '2.1|build': { 'ws-build-q-0': 5 } });
  const storage = memoryStorage({ [KEY]: raw }, { refuse: (k) => k !== KEY });
  const store = createWorksheetStore(storage);
  assert.equal(store.notice.kept, false);
  assert.match(fieldProblem(store.notice.problem), /2\.1\|build\.ws-build-q-0 is 5, where a text of at most 200/);
  store.save('2.1|build', { 'ws-build-q-0': '[2, 3]' });
  assert.equal(storage.kept.get(KEY), raw, 'the damaged record is as it was');
});
