// Start / Pause / Step / Reset / Save / Open / Load and the status line: the run's state machine. The
// Start button follows the click at once, so a quick second press undoes the first; the status
// line says "Paused" only when the trainer reports it, because a step already under way when
// Pause is pressed still reports after the click. Once every request is answered, the button
// follows the trainer again (a new session or a stopped run leaves it paused).
import { training as text } from '../../../text/index.js';
import { h } from '../dom.js';

const kAnnounceEvery = 100; // steps between two spoken progress reports while training

// progress(): the trainer's last report, as the panel holds it (the status line reads it when it
// is written, so that a report that came just before "paused" is the step it shows).
// origin(): what the status line says of where the model came from ('' for one made here).
export function runControls({ send, progress, origin = () => '', onStep, onReset, onSave, onOpen, onLoad }) {
  let running = false; // as the trainer last reported: drives the status line
  let wanted = false; // as the student last asked: drives the Start/Pause button
  let unanswered = 0; // run/pause requests the trainer has not yet answered

  // The status line changes on every step, far too often to read aloud: a screen reader hears a
  // separate, hidden line, written on start, pause and stop, after every kAnnounceEvery steps, and
  // with a passing note (saved, loaded).
  const line = h('p', { class: 'train-status' });
  const spoken = h('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
  const status = h('div', {}, line, spoken);
  let spokenStep = -1;
  const startButton = h('button', { type: 'button', id: 'train-start', onclick: () => toggle() }, text.start);
  const stepButton = h('button', { type: 'button', id: 'train-step', onclick: () => onStep() }, text.step);
  const resetButton = h('button', { type: 'button', id: 'train-reset', onclick: () => onReset() }, text.reset);
  const saveButton = h('button', { type: 'button', id: 'train-save', onclick: () => onSave() }, text.save);
  const openButton = h('button', { type: 'button', id: 'train-open', onclick: () => onOpen() }, text.openModel);
  const fileInput = h('input', {
    type: 'file',
    id: 'train-load',
    accept: '.json,application/json',
    onchange: (e) => {
      const file = e.target.files[0];
      if (file) onLoad(file).finally(() => (fileInput.value = ''));
    },
  });
  const controls = h(
    'div',
    { class: 'controls' },
    startButton,
    stepButton,
    resetButton,
    saveButton,
    openButton,
    h('label', { class: 'file' }, `${text.load} `, fileInput),
  );

  function toggle() {
    wanted = !wanted;
    unanswered += 1;
    send({ type: wanted ? 'run' : 'pause' });
    showButtons();
  }

  function showButtons() {
    startButton.textContent = wanted ? text.pause : text.start;
    stepButton.disabled = wanted;
  }

  // "Step 120 · 50,000 tokens/s · Paused." from the last report; `note` adds a passing word.
  // `changed` says the run started or stopped, which is always spoken.
  function showStatus(note, changed = false) {
    const p = progress() || {};
    const step = p.step || 0;
    line.textContent = [
      p.tokensPerSecond ? text.stepLineSpeed({ step, tps: p.tokensPerSecond }) : text.stepLine({ step }),
      running ? '' : text.paused,
      origin(),
      note,
    ]
      .filter(Boolean)
      .join(' · ');
    if (changed || note || Math.floor(step / kAnnounceEvery) > Math.floor(spokenStep / kAnnounceEvery)) {
      spoken.textContent = line.textContent;
      spokenStep = step;
    }
  }

  return {
    controls,
    status,
    // The trainer reports running or paused; `answer` says it answers a run/pause request.
    reported(on, answer = false) {
      const changed = on !== running;
      running = on;
      if (answer) unanswered = Math.max(0, unanswered - 1);
      if (!unanswered) ((wanted = on), showButtons());
      showStatus(undefined, changed);
    },
    show: showStatus,
    // Asks for a run unless one is already asked for (a teacher's link with start=1).
    start() {
      if (!wanted) toggle();
    },
  };
}
