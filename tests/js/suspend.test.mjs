// What an LMS hands back as cmi.suspend_data is read by one rule, whatever it holds: 6,000
// malformed texts (truncated or garbled runs, wrong types at every field, absurd numbers,
// prototype names, deep nesting, other apps' JSON, 4,096 characters and past them) never throw,
// never half-read, never allocate past the bounds, and either resume records that hold to them or
// name the field that could not be read, which the page's message then shows.
import { test } from 'node:test';
import { ODD_VALUES, deep } from './malformed.mjs';
import assert from 'node:assert/strict';
import { xorshift32 } from '../../web/training/xorshift.js';
import { problemsOf } from '../../web/page/assignment/definition.js';
import { ATTEMPTS_MOST, SUSPEND_LIMIT, decodeSuspend, encodeSuspend } from '../../web/page/assignment/suspend.js';
import { assignment as words } from '../../web/text/index.js';

const CASES = 6000;
const quiz = { title: 'Quiz', families: ['retrieval', 'rmsnorm', 'ffn'], each: 2, seed: 5, edition: 2 };
const problems = problemsOf(quiz);
// A run the page itself wrote: some problems tried, one solved, one with its solution shown.
const records = problems.map((_, i) => ({
  attempts: Array.from({ length: i % 3 }, (__, k) => ({ answer: `[${k}, ${i}]` })),
  solved: i === 1,
  solutionShown: i === 4,
}));
const good = encodeSuspend(problems, records, quiz.seed);

const FIELDS = /^(cmi\.suspend_data|v|e|s|f|p|(p|f\.[^[]{1,21})(\[\d+\]){0,2})$/u;

function malformed(next, k) {
  const pick = (xs) => xs[next() % xs.length];
  const kind = k % 6;
  if (kind === 0) return good.slice(0, next() % good.length); // cut short
  if (kind === 1) {
    // a character garbled
    const at = next() % good.length;
    return good.slice(0, at) + pick(['"', ',', ']', '}', '{', '9', '-', 'é', '\u0000', '\uD800']) + good.slice(at + 1);
  }
  if (kind === 2) {
    // a value replaced anywhere in the run
    const data = JSON.parse(good);
    const path = pick([['v'], ['e'], ['s'], ['f'], ['f', 'retrieval'], ['f', 'ffn', 0], ['f', 'ffn', 0, next() % 4]]);
    let at = data;
    for (const p of path.slice(0, -1)) at = at[p];
    at[path.at(-1)] = pick(ODD_VALUES);
    return JSON.stringify(data);
  }
  if (kind === 3) {
    // a family named as Object.prototype's members, or too long, or too many rows
    const data = JSON.parse(good);
    const name = pick(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'n'.repeat(300), 'ffn']);
    const rows = Array.from({ length: 1 + (next() % 7) }, () => [next() % 3, 0, 0, null]);
    return JSON.stringify(data).replace(/"f":\{/, `"f":{${JSON.stringify(name)}:${JSON.stringify(rows)},`);
  }
  if (kind === 4)
    // another app's JSON, or none
    return pick([
      '{"version":1,"families":{}}',
      '[]',
      '"text"',
      '42',
      'null',
      '{"v":1}',
      '{"v":2,"s":5}',
      deep(2000),
      `{"v":2,"s":5,"f":{"retrieval":${deep(1000)}}}`,
      'x'.repeat(SUSPEND_LIMIT + 1),
    ]);
  // the same run padded out to the limit and just past it
  return good.replace('{', `{"pad":"${'p'.repeat(SUSPEND_LIMIT - good.length - 9 + (next() % 2))}",`);
}

test(`suspend data, ${CASES} malformed texts: resumed within the bounds, or the field that could not be read`, () => {
  const next = xorshift32(11);
  const before = Object.getOwnPropertyNames(Object.prototype).join();
  const seen = { resumed: 0, refused: 0, fields: new Set() };
  for (let k = 0; k < CASES; k++) {
    const text = malformed(next, k);
    let back;
    assert.doesNotThrow(() => (back = decodeSuspend(text, problems)), `case ${k}: ${text.slice(0, 80)}`);
    if (text === '') {
      assert.equal(back, null);
      continue;
    }
    if (back.unreadable) {
      assert.match(back.unreadable, FIELDS, `case ${k}: ${text.slice(0, 80)}`);
      assert.equal(Object.keys(back).length, 1, 'nothing half-read comes with a refusal');
      const message = words.lmsUnreadable({ score: 67, field: back.unreadable });
      assert.ok(message.includes(back.unreadable) && !/undefined|NaN|\[object/.test(message), message);
      seen.refused++;
      seen.fields.add(back.unreadable.replace(/\[\d+\]/g, '[k]'));
      continue;
    }
    assert.ok(text.length <= SUSPEND_LIMIT);
    assert.equal(back.records.length, problems.length);
    assert.ok(Number.isInteger(back.carried) && back.carried >= 0 && back.carried <= problems.length);
    assert.ok(Number.isInteger(back.dropped) && back.dropped >= 0);
    for (const r of back.records) {
      if (r === null) continue;
      assert.ok(r.attempts.length <= ATTEMPTS_MOST, `case ${k}: ${r.attempts.length} attempts`);
      const last = r.attempts.at(-1)?.answer;
      assert.ok(last === undefined || last === null || typeof last === 'string');
      assert.equal(typeof r.solved, 'boolean');
    }
    seen.resumed++;
  }
  assert.equal(Object.getOwnPropertyNames(Object.prototype).join(), before, 'Object.prototype unchanged');
  assert.equal({}.polluted, undefined);
  // Both outcomes, and refusals at many fields: the cases reach every check.
  assert.ok(seen.resumed > 300 && seen.refused > 3000, JSON.stringify({ ...seen, fields: [...seen.fields] }));
  for (const f of ['cmi.suspend_data', 'v', 'e', 's', 'f', 'f.retrieval', 'f.ffn[k]', 'f.ffn[k][k]', 'f.__proto__'])
    assert.ok(seen.fields.has(f), `no case refused at ${f}: ${[...seen.fields].join(' ')}`);
});

test('the run the page wrote reads back whole', () => {
  const back = decodeSuspend(good, problems);
  assert.equal(back.carried, problems.length);
  assert.deepEqual(
    back.records.map((r) => [r.attempts.length, r.solved, r.solutionShown, r.attempts.at(-1)?.answer ?? null]),
    records.map((r) => [r.attempts.length, r.solved, r.solutionShown, r.attempts.at(-1)?.answer ?? null]),
  );
});
