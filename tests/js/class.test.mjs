// A class's result files read together (web/page/assignment/class.js): checked against the
// teacher's assignment, never the file's; another or an edited assignment, a student met twice
// and files of several assignments flagged; a cell per problem and each problem's statistics;
// the CSV safe in a spreadsheet (a byte-order mark, formulas neutralised, the page's words).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from '../../web/engine/index.js';
import { readAssignment } from '../../web/page/assignment/definition.js';
import { openRun, readResult } from '../../web/page/assignment/run.js';
import { cellText, classReport, csvCell, resultsCsv, sortRows } from '../../web/page/assignment/class.js';

const lab = await loadEngine();
const ids = lab.practice.families().map((f) => f.id);
const teacher = readAssignment(
  'title=Week+5&families=retrieval,rmsnorm&each=1&seed=student&hints=1&solutions=0&pass=60',
  ids,
).assignment;

// A student's result file: answers[i] is the list typed for problem i.
function resultFile(a, student, answers) {
  const run = openRun(a, student, { practice: lab.practice, storage: null });
  answers.forEach((list, i) =>
    list.forEach((answer) => {
      const p = run.problems[i];
      const text = answer === 'right' ? lab.practice.solution(p.family, p.seed).answer : answer;
      run.check(i, text, lab.practice.check(p.family, p.seed, text));
    }),
  );
  return JSON.stringify(run.result());
}
const read = (name, text, expected = teacher) => ({ name, ...readResult(text, ids, lab.practice, expected) });

test('the teacher’s assignment decides: an edited pass mark or problem list in a file is flagged, not believed', () => {
  const honest = read('ada.json', resultFile(teacher, 'Ada', [['[9, 9]', 'right'], []]));
  assert.deepEqual(honest.result.otherAssignment, []);
  assert.equal(honest.result.score.passed, false, '1 of 2 is 50 %, under 60');
  // The same run, its file's pass mark set to 0: scored at the teacher's 60 all the same.
  const file = JSON.parse(resultFile(teacher, 'Alan', [['right'], []]));
  file.assignment.pass = 0;
  const edited = read('alan.json', JSON.stringify(file));
  assert.deepEqual(edited.result.otherAssignment, ['pass']);
  assert.equal(edited.result.score.passed, false);
  assert.equal(edited.result.assignment.pass, 60);
  // A file of a one-problem assignment (a link edited to families=retrieval&each=1).
  const small = { ...teacher, families: ['retrieval'] };
  const other = read('grace.json', resultFile(small, 'Grace', [['right']]));
  assert.match(other.problem, /it should list 2 problems/);
  // Read without the teacher's assignment, the file's own is used and nothing is compared.
  assert.equal(read('alan.json', JSON.stringify(file), null).result.score.passed, true);
});

test('the class table: duplicates and several assignments flagged, a cell per problem, each problem’s statistics, sorting', () => {
  const files = [
    read('a.json', resultFile(teacher, 'Ana García', [['right'], ['1', '2']])),
    read('b.json', resultFile(teacher, ' ana  garcía', [['[1, 1]', 'right'], []])),
    read('c.json', resultFile(teacher, '王芳', [['[3, 3]'], ['right']])),
    { name: 'd.json', problem: 'it is not a result file of this page' },
  ];
  const report = classReport(files);
  assert.deepEqual(
    report.rows.map((r) => r.duplicate ?? null),
    [true, true, false, null],
  );
  assert.deepEqual(
    report.rows.map((r) => r.cells?.map(cellText)),
    [['✓', '✗ 2'], ['✓ 2', '–'], ['✗ 1', '✓'], undefined],
  );
  assert.deepEqual(
    report.stats.map(({ family, solved, first, of }) => [family, solved, first, of]),
    [
      ['retrieval', 2, 1, 3],
      ['rmsnorm', 1, 1, 3],
    ],
  );
  assert.deepEqual(
    sortRows(report.rows, 'score').map((r) => r.name),
    ['a.json', 'b.json', 'c.json', 'd.json'].sort((x, y) => {
      const p = (n) => report.rows.find((r) => r.name === n).result?.score.percent ?? -1;
      return p(y) - p(x);
    }),
  );
  assert.deepEqual(
    sortRows(report.rows, 'student').map((r) => r.name),
    ['b.json', 'a.json', 'd.json', 'c.json'],
  );
  // Without the teacher's assignment, files of two assignments are counted as such.
  const week6 = { ...teacher, title: 'Week 6' };
  const mixed = classReport([
    read('a.json', resultFile(teacher, 'Ana', [[], []]), null),
    read('b.json', resultFile(week6, 'Bo', [[], []]), null),
  ]);
  assert.equal(mixed.assignments, 2);
});

test('a misconception met by several students is the one the statistics name', () => {
  // Over the first seeds, find wrong answers the engine names a misconception for.
  const family = 'retrieval';
  const files = [];
  for (let n = 0; n < 40 && files.length < 3; n++) {
    const student = `S${n}`;
    const run = openRun(teacher, student, { practice: lab.practice, storage: null });
    const { seed } = run.problems[0];
    const wrong = lab.practice.solution(family, seed).misconceptions[0];
    if (!wrong) continue;
    files.push(read(`${student}.json`, resultFile(teacher, student, [[wrong.answer], []])));
    files.at(-1).expectedMisconception = wrong.id;
  }
  assert.equal(files.length, 3, 'three students who met a named misconception');
  const report = classReport(files);
  assert.ok(report.stats[0].misconception, 'a misconception is named');
  assert.ok(report.stats[0].met >= 1);
});

test('CSV: a byte-order mark, every formula neutralised, names in any script kept, a column per problem', () => {
  const names = ['=HYPERLINK("http://x","y")', '@SUM(A1)', '+1', '-2', 'García, Ana', '王芳', '\tTab', 'Line\nbreak'];
  const files = names.map((student, i) => read(`${i}.json`, resultFile(teacher, student, [['right'], []])));
  const csv = resultsCsv(classReport(files));
  assert.equal(csv.charCodeAt(0), 0xfeff);
  const lines = csv.slice(1).split('\r\n');
  assert.match(
    lines[0],
    /^file,student,assignment,solved,problems,percent,passed,attempts,check,duplicate,1 retrieval,2 rmsnorm$/,
  );
  assert.match(csv, /,"'=HYPERLINK\(""http:\/\/x"",""y""\)",/);
  assert.match(csv, /,'@SUM\(A1\),/);
  assert.match(csv, /,'\+1,/);
  assert.match(csv, /,'-2,/);
  assert.match(csv, /,"García, Ana",/);
  assert.match(csv, /,王芳,/);
  assert.match(lines[1], /,no,1,every verdict in the file is the engine’s,,✓,–$/);
  // Any text: a cell never begins with a character a spreadsheet reads as a formula.
  const chars = ['=', '+', '-', '@', '\t', '\r', 'a', ',', '"', '\n', ' ', '王'];
  let seed = 9;
  for (let n = 0; n < 5000; n++) {
    let text = '';
    for (let k = 0; k < 1 + (n % 6); k++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      text += chars[seed % chars.length];
    }
    const cell = csvCell(text);
    const inner = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
    assert.doesNotMatch(inner, /^[=+\-@\t\r]/, JSON.stringify(text));
    assert.equal(/^[=+\-@\t\r]/.test(text) ? inner.slice(1) : inner, text, 'the text itself is kept');
  }
});

test('a result file’s counts are bounded before anything is checked: too many attempts, too many characters', () => {
  const file = JSON.parse(resultFile(teacher, 'Ada', [['right'], []]));
  file.problems[1].attempts = Array.from({ length: 1000 }, () => ({ answer: '1', correct: false, at: '' }));
  const started = performance.now();
  assert.match(
    read('big.json', JSON.stringify(file)).problem,
    /problems\[1\]\.attempts is \[…\], where a list of at most 999 entries was expected/,
  );
  // A text given whole is bounded by its length as a file is by its size (4 MB: 4,194,304).
  assert.match(read('huge.json', ' '.repeat(4 * 2 ** 20 + 1)).problem, /4,194,305 characters, more than the 4,194,304/);
  assert.ok(performance.now() - started < 1000, 'refused without checking the answers');
  assert.match(
    read('null.json', JSON.stringify({ ...file, problems: [null, null] })).problem,
    /problems\[0\] is null, where an object was expected/,
  );
});

// A value no field of a result file takes, of every JSON kind: a number where text goes, text
// where a number goes, an object whose toString is not a function, nesting, prototype names.
const ODD = [null, 5, -1, 1e308, true, '', 'x', [], [null], {}, { toString: 1 }, { valueOf: 1, toString: 1 }, [[[[]]]]];
ODD.push(JSON.parse('{"__proto__": {"polluted": 1}}'), { constructor: { prototype: { polluted: 1 } } });
// and a list nested deeper than a recursive walk (JSON.stringify's) can go, spliced into the text
const DEEP = 'nested 100,000 deep';
ODD.push(DEEP);
const deepText = `${'['.repeat(100000)}${']'.repeat(100000)}`;

test('a result file with any field of the wrong kind is read or refused in words, and the class table and CSV still come', () => {
  const good = JSON.parse(resultFile(teacher, 'Ada', [['[9, 9]', 'right'], ['1']]));
  const paths = [];
  const walk = (v, path) => {
    if (path.length) paths.push(path);
    if (v && typeof v === 'object') for (const k of Object.keys(v)) walk(v[k], [...path, k]);
  };
  walk(good, []);
  let cases = 0;
  for (const path of paths)
    for (const odd of ODD) {
      const file = JSON.parse(JSON.stringify(good));
      path.slice(0, -1).reduce((o, k) => o[k], file)[path.at(-1)] = odd;
      const where = `${path.join('.')} = ${odd === DEEP ? DEEP : JSON.stringify(odd)}`;
      const r = read('f.json', JSON.stringify(file).replace(JSON.stringify(DEEP), deepText));
      if (r.problem)
        assert.doesNotMatch(
          r.problem,
          /undefined|NaN|TypeError|is not a function|Cannot (read|convert)|\[object/,
          where,
        );
      else assert.equal(typeof r.result.student, 'string', where);
      const csv = resultsCsv(classReport([r, read('b.json', resultFile(teacher, 'Bo', [['right'], []]))]));
      assert.equal(csv.trim().split('\r\n').length, 3, `${where}: a header and a row per file`);
      assert.equal({}.polluted, undefined);
      cases += 1;
    }
  assert.ok(cases > 400, `${cases} files`);
});
