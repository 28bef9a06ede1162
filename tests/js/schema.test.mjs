// The one reader of outside data (web/files/schema.js), on its own: every kind takes what it
// declares and refuses the rest at the right field, names land in null-prototype objects, the data
// is read no deeper than the schema, and a refusal reads as a sentence in every language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ODD_VALUES, deep } from './malformed.mjs';
import { xorshift32 } from '../../web/training/xorshift.js';
import { either, exactly, fields, list, names, read, row, rule, text, whole } from '../../web/files/schema.js';
import { fieldProblem } from '../../web/text/field.js';
import { compileCatalogue } from '../../web/text/index.js';
import { catalogues } from '../../web/text/catalogues.js';

const RUN = fields(
  {
    v: exactly(2),
    title: text(10),
    f: names(
      list(
        rule(row(whole(0, 9), exactly(0, 1), either(exactly(null), text(5))), ([n]) => n > 0, whole(1, 9)),
        3,
      ),
    ),
  },
  ['title'],
);
const good = { v: 2, title: 'Quiz', f: { ffn: [[1, 0, null]], retrieval: [[2, 1, 'ab']] } };

test('a value that holds to its schema reads back as a copy of what the schema names', () => {
  const r = read({ ...good, extra: { deep: JSON.parse(deep(200)) } }, RUN);
  assert.deepEqual(JSON.parse(JSON.stringify(r.value)), good);
  assert.notEqual(r.value.f, good.f, 'a copy, not the caller’s object');
  assert.equal(Object.getPrototypeOf(r.value.f), null, 'names are read into a null-prototype object');
  assert.equal(read({ v: 2, f: {} }, RUN).value.title, undefined, 'an optional field may be absent');
});

test('each kind refuses at its own field, with what it asked for and what stood there', () => {
  const cases = [
    [{ ...good, v: 1 }, 'v', 'exactly', 1],
    [{ ...good, title: 'x'.repeat(11) }, 'title', 'text', 'x'.repeat(11)],
    [{ v: 2 }, 'f', 'names', undefined],
    [{ ...good, f: [] }, 'f', 'names', []],
    [
      {
        ...good,
        f: {
          ffn: [
            [1, 0, null],
            [1, 0, null],
            [1, 0, null],
            [1, 0, null],
          ],
        },
      },
      'f.ffn',
      'list',
      undefined,
    ],
    [{ ...good, f: { ffn: [[1, 0]] } }, 'f.ffn[0]', 'row', undefined],
    [{ ...good, f: { ffn: [[10, 0, null]] } }, 'f.ffn[0][0]', 'whole', 10],
    [{ ...good, f: { ffn: [[1.5, 0, null]] } }, 'f.ffn[0][0]', 'whole', 1.5],
    [{ ...good, f: { ffn: [[1, 0, 'toolong']] } }, 'f.ffn[0][2]', 'either', 'toolong'],
    [{ ...good, f: { ffn: [[0, 0, null]] } }, 'f.ffn[0]', 'whole', undefined],
    [{ ...good, f: { ['n'.repeat(30)]: 7 } }, `f.${'n'.repeat(20)}…`, 'list', 7],
  ];
  for (const [value, field, kind, got] of cases) {
    const r = read(value, RUN);
    assert.equal(r.field, field, JSON.stringify(value));
    assert.equal(r.expected.kind, kind, field);
    if (got !== undefined) assert.deepEqual(r.got, got, field);
  }
});

test('prototype names are names like any other, and nothing reaches Object.prototype', () => {
  const data = JSON.parse('{"v":2,"f":{"__proto__":[[1,0,null]],"constructor":[[2,0,null]],"toString":[]}}');
  const r = read(data, RUN);
  assert.deepEqual(Object.keys(r.value.f), ['__proto__', 'constructor', 'toString']);
  assert.deepEqual(r.value.f.__proto__, [[1, 0, null]]);
  assert.equal({}.polluted, undefined);
  assert.equal(Object.getPrototypeOf(r.value), Object.prototype, 'fields are a plain object');
});

test('3,000 odd values anywhere: read never throws, and every refusal is a sentence in every language', () => {
  const words = Object.fromEntries(
    Object.entries(catalogues).map(([code, c]) => [code, compileCatalogue(c.files, code)]),
  );
  const next = xorshift32(7);
  const pick = (xs) => xs[next() % xs.length];
  const kinds = new Set();
  for (let k = 0; k < 3000; k++) {
    const value = JSON.parse(JSON.stringify(good));
    const path = pick([['v'], ['title'], ['f'], ['f', 'ffn'], ['f', 'ffn', 0], ['f', 'ffn', 0, next() % 3]]);
    let at = value;
    for (const p of path.slice(0, -1)) at = at[p];
    at[path.at(-1)] = pick(ODD_VALUES);
    let r;
    assert.doesNotThrow(() => (r = read(value, RUN)));
    if (r.value) continue;
    kinds.add(r.expected.kind);
    for (const [code, w] of Object.entries(words)) {
      const sentence = fieldProblem(r, w);
      assert.ok(sentence.includes(r.field), `${code}: ${sentence}`);
      assert.doesNotMatch(sentence, /undefined|NaN|\[object|\{[a-zA-Z]/, `${code}: ${sentence}`);
    }
  }
  assert.deepEqual([...kinds].sort(), ['either', 'exactly', 'list', 'names', 'row', 'text', 'whole']);
});
