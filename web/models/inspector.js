// What the "Open a model" panel asks of an opened checkpoint, as a message protocol, so that it
// runs the same in a Web Worker (a GPT-2-sized model takes seconds a pass, and the page stays
// responsive) and, where no worker can be started, on the page's own thread. Every number comes
// from the engine; here are only orderings (the most likely tokens) and bookkeeping.
//
// In:  {type: 'open', bytes, options}       a .safetensors file's bytes; a refused file keeps the open model
//      {type: 'look', tokens, ablateHeads?, hideTokens?}
//      {type: 'generate', tokens, steps, temperature, seed}
//      {type: 'check', tokens, position}     §7.3's future dependence and §6.1's permutation gap
// Out: {type: 'progress', done, total}  {type: 'opened', config, parameterCount}
//      {type: 'looked', base, changed}  {type: 'generated', tokens, draws}
//      {type: 'checked', dependence, position, perm, gap}  {type: 'refused', request, message, code?, params?}
//      (code and params: the engine's refusal, which the page words in the student's language)

import { refusal } from '../text/refusal.js';

const TOP_TOKENS = 8; // the most likely next tokens listed

// The most likely tokens of a distribution, with their probabilities (an ordering, not arithmetic).
const top = (probs, k = TOP_TOKENS) =>
  probs
    .map((p, id) => ({ id, p }))
    .sort((a, b) => b.p - a.p)
    .slice(0, k);

export function createInspector(lab, post) {
  let model = null;

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
          const bytes = msg.bytes instanceof Uint8Array ? msg.bytes : new Uint8Array(msg.bytes);
          const next = lab.loadCheckpoint(bytes, msg.options || {}, (done, total) =>
            post({ type: 'progress', done, total }),
          );
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
          const { tokens, draws } = model.generate(msg.tokens, {
            steps: msg.steps,
            temperature: msg.temperature,
            seed: msg.seed,
          });
          post({ type: 'generated', prompt: msg.tokens, tokens, draws });
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
      post({ type: 'refused', request: msg.type, ...refusal(e) });
    }
  };
}
