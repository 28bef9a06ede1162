// Start / Pause / Step / Reset / Save / Load and the status line: the run's state machine. The
// Start button follows the click at once, so a quick second press undoes the first; the status
// line says "Paused" only when the trainer reports it, because a step already under way when
// Pause is pressed still reports after the click. Once every request is answered, the button
// follows the trainer again (a new session or a stopped run leaves it paused).
import { training as text } from '../../../strings.js';
import { h } from '../dom.js';

// progress(): the trainer's last report, as the panel holds it (the status line reads it when it
// is written, so that a report that came just before "paused" is the step it shows).
export function runControls({ send, progress, onStep, onReset, onSave, onLoad }) {
  let running = false; // as the trainer last reported: drives the status line
  let wanted = false; // as the student last asked: drives the Start/Pause button
  let unanswered = 0; // run/pause requests the trainer has not yet answered

  const status = h('p', { class: 'train-status', role: 'status', 'aria-live': 'polite' });
  const startButton = h('button', { type: 'button', id: 'train-start', onclick: () => toggle() }, text.start);
  const stepButton = h('button', { type: 'button', id: 'train-step', onclick: () => onStep() }, text.step);
  const resetButton = h('button', { type: 'button', id: 'train-reset', onclick: () => onReset() }, text.reset);
  const saveButton = h('button', { type: 'button', id: 'train-save', onclick: () => onSave() }, text.save);
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
  function showStatus(note) {
    const p = progress() || {};
    status.textContent = [text.stepLine(p.step || 0, p.tokensPerSecond), running ? '' : text.paused, note]
      .filter(Boolean)
      .join(' · ');
  }

  return {
    controls,
    status,
    // The trainer reports running or paused; `answer` says it answers a run/pause request.
    reported(on, answer = false) {
      running = on;
      if (answer) unanswered = Math.max(0, unanswered - 1);
      if (!unanswered) ((wanted = on), showButtons());
      showStatus();
    },
    show: showStatus,
    // Asks for a run unless one is already asked for (a teacher's link with start=1).
    start() {
      if (!wanted) toggle();
    },
  };
}
