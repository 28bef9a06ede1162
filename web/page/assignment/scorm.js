// The page inside an LMS, as a SCORM 1.2 SCO: it finds the LMS's API, reads who the student is
// and where their run stood (cmi.suspend_data), and after every checked answer writes the run
// back with the score and the status, and commits. Outside an LMS nothing here runs.
//
// The usual client library (pipwerks' SCORM API wrapper) is not installable from npm alone (its
// package depends on a git repository), so this is the little it does that the page needs: the
// ADL's way of finding the API, and calls whose results are checked.
import { SUSPEND_LIMIT, decodeSuspend, encodeSuspend } from './suspend.js';

// The API object is `API` on the window that launched the SCO or one of its parents: up to 7
// frames up, then the same from the opener (a SCO opened in a new window), as ADL's finder does.
const MOST_FRAMES = 7;
export function findApi(win = globalThis.window) {
  const within = (w) => {
    for (let tries = 0; w && tries <= MOST_FRAMES; tries++) {
      try {
        if (w.API && typeof w.API.LMSInitialize === 'function') return w.API;
      } catch {
        return null; // a frame of another origin: not ours to read
      }
      if (w.parent === w) break;
      w = w.parent;
    }
    return null;
  };
  return within(win) ?? (win?.opener ? within(win.opener) : null);
}

// SCORM's session time: HHHH:MM:SS.
const sessionTime = (ms) => {
  const s = Math.max(0, Math.round(ms / 1000));
  const pad = (n, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(s / 3600), 4)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
};

// lesson_status: passed once the score reaches the pass mark; failed once every problem has been
// tried (or solved) without reaching it (it may still become passed); incomplete before.
export function lessonStatus(score, problems) {
  if (score.passed) return 'passed';
  return problems.every((p) => p.solved || p.attempts.length) ? 'failed' : 'incomplete';
}

// A session with the LMS's `api`, or null when it does not initialise.
export function openLms(api, { now = () => Date.now() } = {}) {
  if (!api || String(api.LMSInitialize('')) !== 'true') return null;
  const started = now();
  const get = (name) => String(api.LMSGetValue(name) ?? '');
  const set = (name, value) => String(api.LMSSetValue(name, String(value))) === 'true';
  let finished = false;
  // A first launch starts the attempt: the LMS shows it as begun, not yet passed.
  if (['', 'not attempted'].includes(get('cmi.core.lesson_status'))) set('cmi.core.lesson_status', 'incomplete');
  return {
    // The LMS's id of the student (their seeds, in a per-student assignment), and their name.
    student: get('cmi.core.student_id') || get('cmi.core.student_name'),
    studentName: get('cmi.core.student_name'),
    // The run as it stood when the student last left, if it belongs to this many problems.
    resumed: (count) => decodeSuspend(get('cmi.suspend_data'), count),
    // After every checked answer: the run, the score out of 100 and the status; then commit.
    save(run) {
      const score = run.score();
      const records = run.problems.map((_, i) => run.of(i));
      set('cmi.suspend_data', encodeSuspend(records, SUSPEND_LIMIT));
      set('cmi.core.score.min', 0);
      set('cmi.core.score.max', 100);
      set('cmi.core.score.raw', Math.round(score.percent));
      set('cmi.core.lesson_status', lessonStatus(score, records));
      return String(api.LMSCommit('')) === 'true';
    },
    // On leaving: the time spent, "suspend" so that the next launch resumes, and LMSFinish.
    finish() {
      if (finished) return;
      finished = true;
      set('cmi.core.session_time', sessionTime(now() - started));
      set('cmi.core.exit', 'suspend');
      api.LMSCommit('');
      api.LMSFinish('');
    },
  };
}
