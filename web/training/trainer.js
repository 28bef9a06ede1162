// The training loop behind the panel, as a message protocol, so that it runs the same in a Web
// Worker (the page stays responsive) and, where no worker can be started (the single-file page
// opened from disk), on the page's own thread between frames.
//
// In:  {type: 'setup', experiment, setup, saved?}   make a new session; a refused one keeps the old
//      {type: 'run'} | {type: 'pause'} | {type: 'step'}
//      {type: 'inspect', run, text?, ablateHeads?, hideTokens?}   text: a new sentence to look at
//      {type: 'save', run, open?}   open: to look at in Open a model (answered with the same flag)
// Out: {type: 'ready', ...}  {type: 'refused', message, code?, params?}  {type: 'progress', ...}  {type: 'running', step}
//      {type: 'paused', step}   (each run or pause is answered with one of these; the panel shows
//      running or paused from them, not from its own clicks)
//      {type: 'stopped', message, code?, params?}  {type: 'inspected', ...}
//      (code and params: the engine's refusal, which the page words in the student's language)  {type: 'saved', data}
import { createSession } from './session.js';
import { refusal } from '../text/refusal.js';

export const EVAL_EVERY = 20; // steps between validation losses, attention snapshots and head scores
const SAMPLE_EVERY = 100; // steps between sample generations

export function createTrainer(lab, post) {
  let session = null;
  let running = false;
  let timer = null;
  let watched = 0; // the run whose attention the panel shows
  let probe = null; // the sentence it shows (ids): the corpus's own until the student types one

  // One look at every run: the watched run's attention, and every run's entropy (§3.1).
  function snapshot(withSamples) {
    const looks = session.runIds.map((_, i) => session.inspect(i, probe));
    const report = { validation: session.validate(), inspection: looks[watched], entropy: looks.map((r) => r.entropy) };
    if (session.scoresHeads) report.heads = session.headScores();
    if (withSamples) report.samples = session.samples();
    if (withSamples && session.answerCount) report.answers = session.answers();
    return report;
  }

  // One step of every run; each step is its own task, so a pause that arrives meanwhile is seen
  // before the next one starts.
  function tick() {
    timer = null;
    if (!session) return;
    try {
      const s = session.trainStep();
      const evaluate = s.step === 1 || s.step % EVAL_EVERY === 0 || !running;
      post({ type: 'progress', ...s, ...(evaluate ? snapshot(s.step % SAMPLE_EVERY === 0 || !running) : {}) });
    } catch (e) {
      running = false;
      post({ type: 'stopped', step: session.step, ...refusal(e) });
      return;
    }
    if (running) timer = setTimeout(tick, 0);
  }

  function pause() {
    running = false;
    clearTimeout(timer);
    timer = null;
  }

  return function handle(msg) {
    try {
      switch (msg.type) {
        case 'setup': {
          const next = createSession(lab, msg);
          pause();
          session?.dispose();
          session = next;
          watched = 0;
          probe = next.probe;
          post({
            type: 'ready',
            probeText: next.probeText,
            answerCount: next.answerCount,
            experiment: next.experiment,
            setup: next.setup,
            runIds: next.runIds,
            vocab: next.vocab,
            step: 0,
            ...snapshot(true),
          });
          break;
        }
        case 'run':
          if (session && !running) {
            running = true;
            timer = setTimeout(tick, 0);
          }
          post(session ? { type: 'running', step: session.step } : { type: 'paused', step: 0 }); // every run/pause is answered
          break;
        case 'pause':
          pause();
          post({ type: 'paused', step: session ? session.step : 0 });
          break;
        case 'step':
          if (session && !running) tick();
          break;
        case 'inspect': {
          if (!session) break;
          watched = msg.run ?? watched;
          if (msg.text) probe = session.encode(msg.text);
          const base = session.inspect(watched, probe);
          const intervention = { ablateHeads: msg.ablateHeads || [], hideTokens: msg.hideTokens || [] };
          const unchanged = !intervention.ablateHeads.length && !intervention.hideTokens.length;
          post({
            type: 'inspected',
            run: watched,
            base,
            changed: unchanged ? base : session.inspect(watched, probe, intervention),
          });
          break;
        }
        case 'save':
          if (session) post({ type: 'saved', data: session.save(msg.run || 0), open: Boolean(msg.open) });
          break;
        default:
          throw new Error(`unknown message ${JSON.stringify(msg.type)}`);
      }
    } catch (e) {
      post({ type: 'refused', request: msg.type, ...refusal(e) });
    }
  };
}
