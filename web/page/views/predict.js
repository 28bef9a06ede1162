// Predict, then check: the step's result stays hidden until the student types a prediction,
// which the engine checks like a practice answer (same parser, tolerance and misconceptions).
import { practice as text, ui } from '../../text/index.js';
import { h } from './dom.js';

// canReveal: false when a teacher's link hides Show me (hide=solution), so that only a prediction opens the step.
export function predictionView({ what, format, draft, onCheck, onReveal, canReveal = true }) {
  const input = h('input', {
    type: 'text',
    id: 'prediction',
    value: draft.text,
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: 10000,
    'aria-describedby': 'prediction-feedback',
    oninput: (e) => {
      draft.text = e.target.value;
    },
  });
  return h(
    'section',
    { class: 'prediction', 'aria-labelledby': 'prediction-title' },
    h('h3', { id: 'prediction-title' }, ui.predictTitle({ what })),
    h(
      'form',
      {
        class: 'answer',
        onsubmit: (e) => {
          e.preventDefault();
          onCheck(input.value.slice(0, 10000));
        },
      },
      h('label', { for: 'prediction' }, ui.yourPrediction),
      input,
      h('button', { type: 'submit' }, text.check),
      canReveal ? h('button', { type: 'button', id: 'reveal', onclick: onReveal }, ui.reveal) : null,
      h('span', { class: 'format' }, text.formats[format]),
    ),
    h(
      'p',
      {
        class: `feedback ${draft.feedback ? (draft.feedback.correct ? 'ok' : 'no') : ''}`,
        id: 'prediction-feedback',
        role: 'status',
        'aria-live': 'polite',
      },
      draft.feedback ? draft.feedback.feedback : '',
    ),
  );
}
