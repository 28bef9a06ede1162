// What the "Open a model" panel asks of an opened checkpoint, as a message protocol, so that it
// runs the same in a Web Worker (a GPT-2-sized model takes seconds a pass, and the page stays
// responsive) and, where no worker can be started, on the page's own thread. Every number comes
// from the engine; here are only orderings (the most likely tokens) and bookkeeping.
//
// In:  {type: 'open', bytes, options}       a .safetensors file's bytes; a refused file keeps the open model
//      {type: 'open', saved}                a model trained in the page (model.save()), handed over
//      {type: 'look', tokens, ablateHeads?, hideTokens?}
//      {type: 'generate', tokens, steps, temperature, seed}   one token at a time, until steps or stop
//      {type: 'stop', what}                  ends the running generation ('generate') after the token
//                                            in hand, or the heads' removals ('heads') after the head
//      {type: 'check', tokens, position}     §7.3's future dependence and §6.1's permutation gap
//      {type: 'heads', id, tokens, period}   each head's scores on a repeated sequence, then each
//                                            head removed in turn, then each group of heads removed
//                                            together (a stop ends it between removals)
// Out: {type: 'progress', done, total}  {type: 'opened', config, parameterCount}
//      {type: 'looked', base, changed}
//      {type: 'token', token, draw, promptMs, ms}   each new token as it comes: promptMs the
//         prompt's pass and the first token, ms the time since the start
//      {type: 'generated', prompt, tokens, draws, stopped, promptMs, ms}   the whole generation
//      {type: 'checked', dependence, position, perm, gap}  {type: 'refused', request, message, code?, params?}
//      {type: 'heads-progress', id, done, total}
//      {type: 'heads', id, tokens, period, scores, base, losses, removed, groups, stopped}   losses:
//         each target's, as the model is; removed [L][H], null where not reached; groups
//         [{kind, heads: [[l, h], …], together}], together null where not reached
//      (code and params: the engine's refusal, which the page words in the student's language)

import { refusal } from '../text/refusal.js';

const TOP_TOKENS = 8; // the most likely next tokens listed

// The heads removed together after each alone: every head whose induction score is at least
// GROUP_SCORE, and every head whose previous-token score is. In a two-layer model trained on
// repeats the heads that do these jobs score well above it (the strongest near 1, their backups
// 0.3 to 0.5) and the others below 0.1.
export const GROUP_SCORE = 0.3;
const GROUP_KINDS = ['induction', 'previousToken'];
const groupsOf = (scores) =>
  GROUP_KINDS.map((kind) => ({
    kind,
    heads: scores[kind].flatMap((row, l) => row.flatMap((x, h) => (x >= GROUP_SCORE ? [[l, h]] : []))),
    together: null,
  })).filter((g) => g.heads.length > 0);

// The most likely tokens of a distribution, with their probabilities (an ordering, not arithmetic).
const top = (probs, k = TOP_TOKENS) =>
  probs
    .map((p, id) => ({ id, p }))
    .sort((a, b) => b.p - a.p)
    .slice(0, k);

// Runs `next` once the messages already queued (a stop, another request) have been handled: a
// message channel's turn comes at once, where nested timeouts are held back by 4 ms.
function soon(next) {
  if (typeof MessageChannel !== 'function') return setTimeout(next, 0);
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    next();
  };
  channel.port2.postMessage(null);
}

export function createInspector(lab, post) {
  let model = null;
  let running = null; // the generation under way: {model, prompt, options, tokens, draws, left, stop, start, promptMs}
  // the heads being removed in turn: {id, model, tokens, period, scores, base, losses, removed, queue, stop}
  let scoring = null;

  // One more token of `run`, then the next one's turn after any waiting message; the engine keeps
  // the generation's cache and random stream between calls (model.generateMore).
  function advance(run) {
    if (running !== run) return; // replaced by another generation, or its model closed
    if (run.stop || run.left === 0) return finish(run);
    try {
      const r =
        run.tokens.length === run.prompt.length
          ? run.model.generate(run.prompt, run.options)
          : run.model.generateMore(1);
      const ms = performance.now() - run.start;
      if (run.promptMs === null) run.promptMs = ms;
      run.left -= r.steps.length;
      if (r.ended || !r.steps.length) run.left = 0;
      for (const draw of r.steps) {
        run.tokens.push(draw.token);
        run.draws.push(draw);
        post({ type: 'token', token: draw.token, draw, promptMs: run.promptMs, ms });
      }
    } catch (e) {
      running = null;
      post({ type: 'refused', request: 'generate', ...refusal(e) });
      return;
    }
    soon(() => advance(run));
  }

  // One more removal of `run` (the loss on the repeat, the targets after its first token): a
  // head alone ([l, h]) or a group ({group}), then the next one's turn after any waiting message.
  function removeNext(run) {
    if (scoring !== run) return; // replaced, or its model closed
    const total = run.removed.length * run.removed[0].length + run.groups.length;
    if (run.stop || !run.queue.length) {
      scoring = null;
      const { id, tokens, period, scores, base, losses, removed, groups, stop } = run;
      const stopped = stop && run.queue.length > 0;
      post({ type: 'heads', id, tokens, period, scores, base, losses, removed, groups, stopped });
      return;
    }
    const item = run.queue.shift();
    const group = Array.isArray(item) ? null : run.groups[item.group];
    try {
      const r = run.model.ablationLoss(run.tokens, { from: run.period + 1, heads: group ? group.heads : [item] });
      run.base = r.base;
      run.losses = r.losses;
      if (group) group.together = r.together;
      else run.removed[item[0]][item[1]] = r.together;
    } catch (e) {
      scoring = null;
      post({ type: 'refused', request: 'heads', id: run.id, ...refusal(e) });
      return;
    }
    post({ type: 'heads-progress', id: run.id, done: total - run.queue.length, total });
    soon(() => removeNext(run));
  }

  function finish(run) {
    running = null;
    const { prompt, tokens, draws, stop, promptMs } = run;
    post({ type: 'generated', prompt, tokens, draws, stopped: stop, promptMs, ms: performance.now() - run.start });
  }

  // One sequence: every block's and head's attention, the entropy of each head, and the
  // next-token distribution after the last position (its most likely tokens).
  function look(tokens, intervention) {
    const r = model.inspect(tokens, intervention);
    const next = r.probs[tokens.length - 1];
    return { weights: r.weights, entropy: r.entropy, next: top(next), nextOf: (ids) => ids.map((id) => next[id]) };
  }

  return function handle(msg) {
    try {
      switch (msg.type) {
        case 'open': {
          const next = msg.saved
            ? lab.loadModel(msg.saved)
            : lab.loadCheckpoint(
                msg.bytes instanceof Uint8Array ? msg.bytes : new Uint8Array(msg.bytes),
                msg.options || {},
                (done, total) => post({ type: 'progress', done, total }),
              );
          running = null;
          scoring = null;
          model?.delete();
          model = next;
          post({ type: 'opened', ...model.describe() });
          break;
        }
        case 'look': {
          if (!model) throw new Error('no model is open');
          const ablateHeads = msg.ablateHeads || [];
          const hideTokens = msg.hideTokens || [];
          const base = look(msg.tokens, {});
          const unchanged = !ablateHeads.length && !hideTokens.length;
          const changed = unchanged ? base : look(msg.tokens, { ablateHeads, hideTokens });
          // the tokens either list names, with both probabilities
          const ids = [...new Set([...base.next, ...changed.next].map((t) => t.id))];
          const before = base.nextOf(ids);
          const after = changed.nextOf(ids);
          post({
            type: 'looked',
            tokens: msg.tokens,
            weights: base.weights,
            entropy: base.entropy,
            next: ids.map((id, i) => ({ id, before: before[i], after: after[i] })),
            intervened: !unchanged,
          });
          break;
        }
        case 'generate': {
          if (!model) throw new Error('no model is open');
          const options = { steps: 1, temperature: msg.temperature, seed: msg.seed };
          running = {
            model,
            prompt: msg.tokens,
            options,
            tokens: [...msg.tokens],
            draws: [],
            left: msg.steps,
            stop: false,
            start: performance.now(),
            promptMs: null,
          };
          advance(running);
          break;
        }
        case 'stop':
          if (running && msg.what !== 'heads') running.stop = true;
          if (scoring && msg.what !== 'generate') scoring.stop = true;
          break;
        case 'heads': {
          if (!model) throw new Error('no model is open');
          const scores = model.headScores(msg.tokens, { period: msg.period });
          const L = scores.induction.length;
          const H = scores.induction[0].length;
          const groups = groupsOf(scores);
          scoring = {
            id: msg.id,
            model,
            tokens: msg.tokens,
            period: msg.period,
            scores,
            base: null,
            losses: null,
            removed: Array.from({ length: L }, () => Array(H).fill(null)),
            groups,
            queue: [
              ...Array.from({ length: L * H }, (_, k) => [Math.floor(k / H), k % H]),
              ...groups.map((_, group) => ({ group })),
            ],
            stop: false,
          };
          removeNext(scoring);
          break;
        }
        case 'check': {
          if (!model) throw new Error('no model is open');
          const T = msg.tokens.length;
          const perm = Array.from({ length: T }, (_, i) => T - 1 - i); // the sequence reversed
          post({
            type: 'checked',
            tokens: msg.tokens,
            position: msg.position,
            dependence: model.futureDependence(msg.tokens, msg.position),
            perm,
            gap: model.permutationGap(msg.tokens, perm),
          });
          break;
        }
        default:
          throw new Error(`unknown message ${JSON.stringify(msg.type)}`);
      }
    } catch (e) {
      post({ type: 'refused', request: msg.type, id: msg.id, ...refusal(e) });
    }
  };
}
