// A run as SCORM 1.2's cmi.suspend_data holds it: at most 4,096 characters (SCORM 1.2's limit;
// an LMS may cut or refuse more). Per problem: the number of attempts, whether it is solved,
// whether its solution was shown, and the last answer typed, which the student finds in the box
// on resuming. When the answers do not all fit, the longest are left out, one at a time, until
// the rest do: the counts and the verdicts always fit.
//   {"v":1,"p":[[attempts, solved, solutionShown, lastAnswer | null], ...]}
export const SUSPEND_LIMIT = 4096;
const VERSION = 1;

export function encodeSuspend(records, limit = SUSPEND_LIMIT) {
  const rows = records.map((r) => [
    r.attempts.length,
    r.solved ? 1 : 0,
    r.solutionShown ? 1 : 0,
    r.attempts.at(-1)?.answer ?? null,
  ]);
  let text = JSON.stringify({ v: VERSION, p: rows });
  while (text.length > limit) {
    const longest = rows.reduce(
      (best, row, i) => ((row[3]?.length ?? -1) > (rows[best][3]?.length ?? -1) ? i : best),
      0,
    );
    if (rows[longest][3] === null)
      throw new Error(`suspend data: ${records.length} problems do not fit in ${limit} characters`);
    rows[longest][3] = null;
    text = JSON.stringify({ v: VERSION, p: rows });
  }
  return text;
}

// The records back ({attempts, solved, solutionShown}), or null when the text is empty, not
// ours, or for another number of problems. An attempt whose answer was not kept has answer null.
export function decodeSuspend(text, count) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (data?.v !== VERSION || !Array.isArray(data.p) || data.p.length !== count) return null;
  const records = [];
  for (const row of data.p) {
    if (!Array.isArray(row) || !Number.isInteger(row[0]) || row[0] < 0 || row[0] > 1e6) return null;
    const [n, solved, shown, last] = row;
    const attempts = Array.from({ length: n }, () => ({ answer: null, correct: false, at: '' }));
    if (n) attempts[n - 1] = { answer: typeof last === 'string' ? last : null, correct: solved === 1, at: '' };
    records.push({ attempts, solved: solved === 1, solutionShown: shown === 1 });
  }
  return records;
}
