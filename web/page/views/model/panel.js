// "Open a model": a student's nanoGPT checkpoint (or GPT-2), opened by the engine in a worker
// (web/models/inspector.js) and looked at with the handout's tools: attention of every block and
// head on a typed prompt, the next-token distribution with §2.2's interventions, generation with
// §7.1's draw, the §7.3 and §6.1 checks, and what each head does on a repeated sequence (§2.2,
// §4: its scores, and the loss with it removed). State flows one way: controls send requests; the
// inspector's answers update `state`; each part is drawn from it. A refused file, vocabulary or
// prompt says why and leaves what was shown.
import { connectWorker } from '../../../worker/client.js';
import { createInspector } from '../../../models/inspector.js';
import { gpt2Vocabulary, isGpt2Sized } from '../../../models/gpt2.js';
import { characterVocabulary } from '../../../models/vocabulary.js';
import { opened as text, said, sentence, sentences } from '../../../text/index.js';
import { attentionView, checksView, drawRow, generatedView, interventionView, rateText, summaryView } from './draw.js';
import { headsView } from './heads.js';
import { repeatedStretch } from './sequence.js';
import { modelForm } from './form.js';
import { firstPrompt, readGenerate, readOpenRequest, readPosition, readPrompt } from './read.js';

// The repeated sequence the heads are scored on: at most 32 tokens then the same 32 again (the
// length the induction experiments of the literature use, within any model's T), drawn from a
// fixed seed.
const HEADS_PERIOD_MOST = 32;
const HEADS_SEED = 11;

export function createModelPanel({ lab, workerUrl }) {
  const state = {
    model: null, // {config, parameterCount} of the open model
    vocabulary: null, // {vocab, tokenizer, from} of the open model, or null: ids
    opening: null, // {name, before: the status line before} while a file is being opened
    tokens: null, // the prompt looked at, as ids
    block: 0,
    intervention: { ablateHeads: [], hideTokens: [] },
    looked: null,
    generated: null, // {prompt, tokens, draws, running}
    checked: null,
    heads: null, // {running, done, total} while heads are removed in turn, then the inspector's answer too
  };
  let pendingVocabulary = null; // read with the file being opened; kept once it opens
  let handedPrompt = null; // the first prompt of a model handed over by the training panel

  const inspector = connectWorker(lab, { workerUrl, role: 'inspector', create: createInspector, onMessage: receive });
  const form = modelForm({
    inWorker: inspector.inWorker,
    on: {
      open,
      prompt: usePrompt,
      generate,
      check,
      heads,
      stop: () => inspector.send({ type: 'stop', what: 'generate' }),
      stopHeads: () => inspector.send({ type: 'stop', what: 'heads' }),
    },
  });
  const { el, lines, busy, status, bar, inputs, openButton, stopButton, summary, explore, promptHelp } = form;
  const { attention, intervention, rateLine, generateOut, checksOut, headsOut, headsRun, headsStop } = form;
  const say = (message, part = 'open') => (lines[part].textContent = message);

  // The controls a request in flight holds, from the state: Open while a file opens, Stop while
  // tokens come.
  function drawControls() {
    openButton.disabled = Boolean(state.opening);
    bar.hidden = !state.opening;
    stopButton.disabled = !state.generated?.running;
    headsRun.disabled = Boolean(state.heads?.running);
    headsStop.disabled = !state.heads?.running;
  }

  // ---- requests ----

  // A file not opened: why, and, when one is open, that it stays.
  const refuse = (why) => say(sentences(text.refused, sentence(why), state.model && text.kept));
  const promptRefused = (why, part = 'look') => say(`${text.promptRefused} ${sentence(why)} ${text.promptKept}`, part);

  async function open() {
    const request = await readOpenRequest(inputs, inspector.inWorker, lab.parseNumber);
    if (request.error) return refuse(request.error);
    const { file, options, vocabulary } = request.value;
    pendingVocabulary = vocabulary;
    handedPrompt = null;
    const bytes = await file.arrayBuffer();
    say('');
    state.opening = { name: file.name, before: status.textContent };
    bar.value = 0;
    status.textContent = text.reading({ percent: 0 });
    drawControls();
    inspector.send({ type: 'open', bytes, options }, [bytes]);
  }

  // A model trained in the page, from the training panel: its parameters, its run's name, its
  // tokens (the vocabulary when each is one character) and the sentence shown there (the prompt).
  function openTrained({ saved, name, vocab, prompt }) {
    pendingVocabulary = characterVocabulary(vocab, 'trained');
    handedPrompt = prompt;
    say('');
    state.opening = { name, before: status.textContent };
    drawControls();
    inspector.send({ type: 'open', saved });
  }

  function usePrompt(typed) {
    const ids = readPrompt(typed, state.model.config, state.vocabulary);
    if (ids.error) return promptRefused(ids.error);
    say('', 'look');
    state.tokens = ids.value;
    state.intervention = { ablateHeads: [], hideTokens: [] };
    if (state.generated?.running) inspector.send({ type: 'stop', what: 'generate' });
    state.generated = state.checked = null;
    rateLine.textContent = '';
    generateOut.replaceChildren();
    checksOut.replaceChildren();
    drawControls();
    look();
  }

  const look = () => inspector.send({ type: 'look', tokens: state.tokens, ...state.intervention });

  function generate() {
    const settings = readGenerate(
      { steps: inputs.steps.value, temperature: inputs.temperature.value, seed: inputs.seed.value },
      lab.parseNumber,
    );
    if (settings.error) return say(settings.error, 'generate');
    say('', 'generate');
    busy.generate.textContent = text.generating({ n: settings.value.steps });
    rateLine.textContent = '';
    state.generated = { prompt: state.tokens, tokens: [...state.tokens], draws: [], running: true };
    drawControls();
    drawGenerated();
    inspector.send({ type: 'generate', tokens: state.tokens, ...settings.value });
  }

  function check() {
    const position = readPosition(inputs.position.value, state.tokens.length, lab.parseNumber);
    if (position.error) return say(position.error, 'check');
    say('', 'check');
    busy.check.textContent = text.checking;
    inspector.send({ type: 'check', tokens: state.tokens, position: position.value });
  }

  // A random stretch of the model's own tokens, then the same again (a seed of its own, so that
  // every student sees the same one for a model), and the heads scored on it. Each request has
  // an id, so that an answer to an earlier one (another model's, say) is left unread.
  let headsAsked = 0;
  function heads() {
    const { T, vocab: V } = state.model.config;
    const period = Math.min(HEADS_PERIOD_MOST, Math.floor(T / 2), V);
    if (period < 2) return say(text.headsTooShort({ T }), 'heads');
    say('', 'heads');
    state.heads = { id: ++headsAsked, running: true, done: 0, total: 0 };
    headsOut.replaceChildren(); // the last answer and its prediction form go with it
    busy.heads.textContent = '';
    drawControls();
    inspector.send({ type: 'heads', id: state.heads.id, tokens: repeatedStretch(V, period, HEADS_SEED), period });
  }
  // The heads part as before any request: for a model just opened.
  function clearHeads() {
    state.heads = null;
    headsOut.replaceChildren();
    busy.heads.textContent = '';
    say('', 'heads');
  }

  // ---- answers: the inspector's protocol (web/models/inspector.js) ----

  // The opened model on screen: its summary, and a first look at a prompt it can read.
  function shown() {
    status.textContent = text.openedLine({ name: state.opening.name, count: state.model.parameterCount });
    state.opening = null;
    drawControls();
    summary.replaceChildren(...summaryView(state.model, state.vocabulary));
    explore.hidden = false;
    promptHelp.textContent = state.vocabulary ? text.promptHelpChars : text.promptHelpIds;
    inputs.prompt.value = (state.vocabulary && handedPrompt) || firstPrompt(state.model.config, state.vocabulary);
    handedPrompt = null;
    usePrompt(inputs.prompt.value);
  }

  function receive(m) {
    if (m.type === 'progress') {
      bar.max = m.total;
      bar.value = m.done;
      status.textContent = text.reading({ percent: Math.round((100 * m.done) / m.total) });
    } else if (m.type === 'opened') {
      state.model = { config: m.config, parameterCount: m.parameterCount };
      clearHeads();
      state.vocabulary = null;
      const V = m.config.vocab;
      // A character model has exactly one id per character of its vocabulary (nanoGPT's
      // prepare.py): any other count is another model's vocabulary, whose characters would be
      // the wrong ones, or none ("⟨61⟩"), for some ids.
      if (pendingVocabulary && pendingVocabulary.size !== V)
        say(sentences(text.refused, sentence(text.vocabMismatch({ n: pendingVocabulary.size, V })), text.idsOnly));
      else if (pendingVocabulary) state.vocabulary = pendingVocabulary;
      else if (isGpt2Sized(V)) {
        // GPT-2's tokenizer comes with the first GPT-2 model; without it the prompt is ids
        status.textContent = text.gpt2Loading;
        gpt2Vocabulary().then(
          (v) => ((state.vocabulary = v), shown()),
          (e) => (say(said(e)), shown()),
        );
        return;
      }
      shown();
    } else if (m.type === 'refused') {
      if (Object.hasOwn(busy, m.request)) busy[m.request].textContent = '';
      if (m.request === 'generate' && state.generated) state.generated.running = false;
      if (m.request === 'heads') {
        if (m.id !== state.heads?.id) return;
        state.heads.running = false;
        say(said(m), 'heads');
        drawControls();
        return;
      }
      if (m.request === 'open') {
        status.textContent = state.opening?.before ?? status.textContent;
        state.opening = null;
        refuse(said(m));
      } else promptRefused(said(m), Object.hasOwn(lines, m.request) ? m.request : 'look');
      drawControls();
    } else if (m.type === 'looked') {
      state.looked = m;
      drawLook();
    } else if (m.type === 'token') {
      const g = state.generated;
      if (!g?.running) return; // a generation the student has left (a new prompt)
      g.tokens.push(m.token);
      g.draws.push(m.draw);
      rateLine.textContent = rateText(g.draws.length, m.promptMs, m.ms);
      addToken();
    } else if (m.type === 'generated') {
      if (!state.generated?.running) return;
      state.generated = { ...m, running: false };
      drawControls();
      const n = m.draws.length;
      busy.generate.textContent = text.generatedLine({ n, stopped: m.stopped ? 'yes' : 'no' });
      if (n) rateLine.textContent = rateText(n, m.promptMs, m.ms);
      drawGenerated();
    } else if (m.type === 'heads-progress') {
      if (m.id !== state.heads?.id) return;
      state.heads = { ...state.heads, done: m.done, total: m.total };
      busy.heads.textContent = text.headsRunning({ done: m.done, total: m.total });
    } else if (m.type === 'heads') {
      if (m.id !== state.heads?.id) return;
      state.heads = { ...m, running: false, guess: null };
      busy.heads.textContent = '';
      drawControls();
      drawHeads();
    } else if (m.type === 'checked') {
      state.checked = m;
      busy.check.textContent = '';
      checksOut.replaceChildren(...checksView(m, label));
    }
  }

  // The heads' answer and the student's prediction; once made, the removals and its verdict.
  const drawHeads = () => headsOut.replaceChildren(...headsView(state.heads, label, guessed));
  function guessed(guess) {
    state.heads = { ...state.heads, guess };
    drawHeads();
    // the verdict, or the table when shown without a prediction
    const target = document.getElementById(guess === 'shown' ? 'model-heads-table' : 'model-heads-verdict');
    target.tabIndex = -1;
    target.focus();
  }
  const label = (id) => (state.vocabulary ? state.vocabulary.label(id) : String(id));
  const write = (ids) => (state.vocabulary ? state.vocabulary.tokenizer.decode(ids) : ids.join(' '));

  // ---- views (draw.js), from the state ----

  function drawLook() {
    if (state.block >= state.looked.weights.length) state.block = 0;
    attention.replaceChildren(
      ...attentionView(state.looked, state.block, label, (l) => {
        state.block = l;
        drawLook();
      }),
    );
    intervention.replaceChildren(
      ...interventionView(state.looked, state.block, state.intervention, label, (next) => {
        state.intervention = next;
        look();
      }),
    );
  }

  const drawGenerated = () => generateOut.replaceChildren(...generatedView(state.generated, label, write));

  // While tokens stream in, each adds its row and rewrites the text, instead of drawing every
  // row again.
  function addToken() {
    const g = state.generated;
    generateOut.querySelector('#model-generated-text strong').textContent = write(g.tokens.slice(g.prompt.length));
    generateOut.querySelector('tbody').append(drawRow(g.draws.at(-1), g.draws.length - 1, label));
  }

  return { el, openTrained };
}
