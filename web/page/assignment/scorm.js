// The page inside an LMS, as a SCORM 1.2 SCO: it finds the LMS's API, reads who the student is
// and where their run stood (cmi.suspend_data), and after every checked answer writes the run
// back with the score, the status and the answer as an interaction, and commits. Outside an LMS
// nothing here runs.
//
// Every call is checked. A refused write or commit (a call that returns "false", throws, or
// answers with something that is not a string) is retried, then shown to the student with its
// error code and what to do; the state the view shows is `state` (and onChange hears of every
// change). Nothing the LMS held is lowered or overwritten unread: the score sent is never below
// the score the LMS held at launch, and suspend data the page cannot read is left as it is until
// the student chooses to start again.
//
// The usual client library (pipwerks' SCORM API wrapper) is not installable from npm alone (its
// package depends on a git repository), so this is the little of it the page needs: the ADL's
// way of finding the API, and calls whose results are checked.
import { decodeSuspend, encodeSuspend } from './suspend.js';
import { FIRST_EDITION, MAX_SEED } from './definition.js';

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
  try {
    return within(win) ?? (win?.opener ? within(win.opener) : null);
  } catch {
    return null; // an opener of another origin
  }
}

const pad = (n, w = 2) => String(n).padStart(w, '0');
// SCORM 1.2's CMITimespan (HHHH:MM:SS) of a duration, and CMITime (HH:MM:SS) of a moment.
export const timespan = (ms) => {
  const s = Math.min(Math.max(0, Math.round(ms / 1000)), 9999 * 3600 + 3599);
  return `${pad(Math.floor(s / 3600), 4)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
};
const timeOfDay = (date) => `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

// lesson_status: passed once the score reaches the pass mark; failed once every problem has been
// tried (or solved) without reaching it (it may still become passed); incomplete before.
export function lessonStatus(score, problems) {
  if (score.passed) return 'passed';
  return problems.every((p) => p.solved || p.attempts.length) ? 'failed' : 'incomplete';
}

// A SCORM 1.2 interaction id (CMIIdentifier: printable ASCII, no spaces, at most 255): the
// problem's place, family and seed, and from edition 2 on the problem set's edition, so that an
// LMS report does not pool one seed's problems of two editions under one id.
export const interactionId = (i, { family, seed, edition = FIRST_EDITION }) =>
  `q${i + 1}-${family}-${seed}${edition > FIRST_EDITION ? `-e${edition}` : ''}`;
// student_response is CMIFeedback: at most 255 characters.
const RESPONSE_MOST = 255;
// Pauses before each retry of a refused save; after them the student can try again by hand.
const RETRY_MS = [1000, 5000];
// An interactions._count larger than any run writes is not believed (no interactions are written).
const INTERACTIONS_MOST = 100000;

// A session with the LMS's `api` (null when there is none). Its `state`:
//   {connected: false, code, message}   LMSInitialize refused: the page works on its own
//   {saved: Date | null}                every write so far is committed (null: nothing written yet)
//   {refused: {code, message}, retrying} a write or commit was refused (still retrying, or not)
// and `unreadable` names the field of suspend data the page cannot read while it is kept (else
// false).
export function openLms(api, { now = () => new Date(), schedule = (f, ms) => setTimeout(f, ms) } = {}) {
  if (!api) return null;
  let listener = () => {};
  const changed = () => listener();
  // The LMS's last error as {code, message}, read without trusting the LMS either.
  const lastError = (fallback) => {
    try {
      const code = String(api.LMSGetLastError?.() ?? '');
      const text = code && code !== '0' ? String(api.LMSGetErrorString?.(code) ?? '') : '';
      return { code: code && code !== '0' ? code : fallback, message: text.slice(0, 200) };
    } catch {
      return { code: fallback, message: '' };
    }
  };
  // A call: true when it returned "true" (or true); otherwise {code, message}.
  const call = (name, ...args) => {
    let result;
    try {
      result = api[name](...args);
    } catch (e) {
      return { code: '101', message: String(e?.message ?? e).slice(0, 200) };
    }
    return result === true || result === 'true' ? true : lastError('101');
  };
  // A read: the value (a string of at most `most` characters) or null.
  const get = (name, most = 4096) => {
    try {
      const v = api.LMSGetValue(name);
      return typeof v === 'string' && v.length <= most ? v : null;
    } catch {
      return null;
    }
  };

  const opened = call('LMSInitialize', '');
  if (opened !== true) return { state: { connected: false, ...opened }, onChange: () => {}, connected: false };
  const started = now();
  const status = get('cmi.core.lesson_status') ?? '';
  // A first launch starts the attempt: the LMS shows it as begun, not yet passed.
  if (['', 'not attempted'].includes(status)) call('LMSSetValue', 'cmi.core.lesson_status', 'incomplete');
  // The score the LMS holds from earlier sessions: never sent lower.
  const heldText = get('cmi.core.score.raw', 16) ?? '';
  const held = /^\d{1,3}(\.\d+)?$/.test(heldText) && Number(heldText) <= 100 ? Number(heldText) : 0;
  // Interactions are appended after those the LMS holds (SCORM 1.2 makes them write-only).
  const countText = get('cmi.interactions._count', 16) ?? '';
  let interactions = /^\d+$/.test(countText) && Number(countText) <= INTERACTIONS_MOST ? Number(countText) : null;
  const suspended = get('cmi.suspend_data');

  const session = {
    connected: true,
    state: { saved: null },
    unreadable: false,
    // The LMS's id of the student (their seeds, in a per-student assignment), and their name.
    student: get('cmi.core.student_id', 255) || get('cmi.core.student_name', 255) || '',
    studentName: get('cmi.core.student_name', 255) ?? '',
    heldScore: held,
    // The one view that shows the session's state hears of its changes.
    onChange: (f) => {
      listener = f;
    },
    // The run as the LMS kept it for these problems: null on a first launch, else decodeSuspend's
    // {records, carried, dropped}. Data it cannot read is kept as it is (`unreadable`) until
    // startAfresh().
    resumed(problems) {
      const back = suspended === null ? { unreadable: 'cmi.suspend_data' } : decodeSuspend(suspended, problems);
      session.unreadable = back?.unreadable ?? false;
      return back?.unreadable ? null : back;
    },
    // The student has read that their kept run cannot be resumed, and starts again: the next save
    // replaces it.
    startAfresh() {
      session.unreadable = false;
      changed();
    },
    save: () => {},
    retry: () => {},
    finish: () => {},
  };

  let pending = []; // interactions not yet written: [{n, values}]
  let lastRun = null;
  let timer = 0;
  // Everything the run says now, written and committed; the first refusal stops it.
  function write(run) {
    const score = run.score();
    const records = run.problems.map((_, i) => run.of(i));
    const percent = Math.max(held, Math.round(score.percent));
    const values = [
      ['cmi.core.score.min', '0'],
      ['cmi.core.score.max', '100'],
      ['cmi.core.score.raw', String(percent)],
      ['cmi.core.lesson_status', lessonStatus({ passed: percent >= run.assignment.pass }, records)],
    ];
    if (!session.unreadable) {
      const base = run.problems[0]?.seed ?? 0;
      values.unshift(['cmi.suspend_data', encodeSuspend(run.problems, records, base % (MAX_SEED + 1))]);
    }
    for (const [name, value] of values) {
      const done = call('LMSSetValue', name, value);
      if (done !== true) return done;
    }
    while (pending.length) {
      for (const [name, value] of pending[0]) {
        const done = call('LMSSetValue', name, value);
        // An LMS without interactions (401: not implemented) keeps the grade all the same.
        if (done !== true && done.code === '401') {
          interactions = null;
          pending = [];
          break;
        }
        if (done !== true) return done;
      }
      pending.shift();
    }
    return call('LMSCommit', '');
  }
  function attempt(run, tries) {
    clearTimeout(timer);
    const done = write(run);
    if (done === true) session.state = { saved: now() };
    else {
      const retrying = tries < RETRY_MS.length;
      session.state = { refused: done, retrying };
      if (retrying) timer = schedule(() => attempt(lastRun, tries + 1), RETRY_MS[tries]);
    }
    changed();
  }
  // After every change to the run; `event` is {i, attempt} when an answer was counted.
  session.save = (run, event) => {
    lastRun = run;
    if (event && interactions !== null) {
      const { i, attempt: t, since } = event;
      const n = interactions++;
      const at = new Date(t.at);
      pending.push([
        [`cmi.interactions.${n}.id`, interactionId(i, run.problems[i])],
        [`cmi.interactions.${n}.type`, 'fill-in'],
        [`cmi.interactions.${n}.student_response`, t.answer.slice(0, RESPONSE_MOST)],
        [`cmi.interactions.${n}.result`, t.correct ? 'correct' : 'wrong'],
        [`cmi.interactions.${n}.latency`, timespan(since === null ? at - started : at - new Date(since))],
        [`cmi.interactions.${n}.time`, timeOfDay(at)],
      ]);
    }
    attempt(run, 0);
  };
  // The student's Try again, after the retries.
  session.retry = () => lastRun && attempt(lastRun, RETRY_MS.length);
  // On leaving: the time spent, "suspend" so that the next launch resumes, and LMSFinish.
  let finished = false;
  session.finish = () => {
    if (finished) return;
    finished = true;
    if (lastRun) write(lastRun);
    call('LMSSetValue', 'cmi.core.session_time', timespan(now() - started));
    call('LMSSetValue', 'cmi.core.exit', 'suspend');
    call('LMSCommit', '');
    call('LMSFinish', '');
  };
  return session;
}
