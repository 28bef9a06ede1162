// A class's result files read together (no DOM): a row per file, checked against the teacher's
// assignment when the teacher opened the view from it (its problems, seeds, pass mark and
// settings, never the file's), with what each row needs flagging (another or an edited
// assignment, a student met twice, a file that cannot be read), a cell per problem, and per
// problem how many solved it, how many at the first attempt and the misconception met most
// often. Also the table as CSV for a spreadsheet.
import { assignment as words } from '../../text/index.js';
import { assignmentQuery, foldedName } from './definition.js';

// How a problem stands in a row: solved (at which attempt), tried, or not tried.
function cellOf(p) {
  const first = p.attempts.findIndex((t) => t.correct && !t.notKept);
  if (first >= 0) return { solved: true, attempts: first + 1 };
  return { solved: false, attempts: p.attempts.length };
}

// files: [{name, result} | {name, problem}] as readResult gave them, in the order opened.
export function classReport(files) {
  const seen = new Map();
  for (const f of files) {
    if (!f.result) continue;
    const key = foldedName(f.result.student);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const rows = files.map((f, i) => {
    const r = f.result;
    if (!r) return { i, name: f.name, problem: f.problem };
    return {
      i,
      name: f.name,
      result: r,
      duplicate: seen.get(foldedName(r.student)) > 1,
      cells: r.problems.map(cellOf),
    };
  });
  const readable = rows.filter((row) => row.result);
  // Without the teacher's assignment, files of several assignments cannot share one table unseen.
  const assignments = new Set(readable.map((row) => assignmentQuery(row.result.fileAssignment)));
  // Per problem, over the readable rows that share the first one's problems.
  const base = readable[0]?.result.problems ?? [];
  const stats = base.map((p, k) => {
    const same = readable.filter((row) => row.result.problems[k]?.family === p.family);
    const counts = new Map();
    for (const row of same)
      for (const t of row.result.problems[k].attempts)
        if (!t.correct && t.misconception) counts.set(t.misconception, (counts.get(t.misconception) ?? 0) + 1);
    const [misconception, met] = [...counts].sort((x, y) => y[1] - x[1])[0] ?? [null, 0];
    return {
      family: p.family,
      solved: same.filter((row) => row.cells[k].solved).length,
      first: same.filter((row) => row.cells[k].solved && row.cells[k].attempts === 1).length,
      of: same.length,
      misconception,
      met,
    };
  });
  return { rows, stats, assignments: assignments.size };
}

// Rows in the order a column asks: 'file' (as opened), 'student', 'score' (highest first).
export function sortRows(rows, by) {
  const sorted = [...rows];
  const student = (row) => row.result?.student ?? row.name;
  if (by === 'student') sorted.sort((x, y) => student(x).localeCompare(student(y)));
  else if (by === 'score') sorted.sort((x, y) => (y.result?.score.percent ?? -1) - (x.result?.score.percent ?? -1));
  return sorted;
}

// A problem's cell in words: "✓" at the first attempt, "✓ 3" at the third, "✗ 2" after two
// wrong, "–" untried.
export const cellText = (c) =>
  c.solved ? (c.attempts === 1 ? '✓' : `✓ ${c.attempts}`) : c.attempts ? `✗ ${c.attempts}` : '–';

// A cell a spreadsheet would read as a formula (=, +, -, @, a tab or a carriage return first)
// is kept as text by a leading apostrophe (OWASP's rule for CSV injection); a cell with a comma,
// a quote or a line break is quoted.
export function csvCell(value) {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

// The table as CSV: UTF-8 with a byte-order mark (so that a spreadsheet reads "García" and
// "王芳" as written), the page's words, and a column per problem.
export function resultsCsv(report) {
  const problems = report.stats.map((s, k) => `${k + 1} ${s.family}`);
  const rows = [[...words.csvColumns, ...problems]];
  for (const row of report.rows) {
    const r = row.result;
    if (!r) {
      rows.push([row.name, '', '', '', '', '', '', '', row.problem, '', ...problems.map(() => '')]);
      continue;
    }
    const flags = [r.disagreements.length ? words.disagrees({ n: r.disagreements.length }) : words.agrees];
    if (r.otherAssignment.length) flags.push(words.otherAssignment({ what: r.otherAssignment }));
    rows.push([
      row.name,
      r.student,
      r.assignment.title,
      r.score.solved,
      r.score.total,
      Math.round(r.score.percent),
      r.score.passed ? words.yes : words.no,
      r.score.attempts,
      flags.join('; '),
      row.duplicate ? words.yes : '',
      ...row.cells.map(cellText),
    ]);
  }
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
