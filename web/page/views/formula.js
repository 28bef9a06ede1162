// Typesets LaTeX with KaTeX into a fresh element (DOM output, no HTML strings, so it runs under
// a Content-Security-Policy without 'unsafe-inline').
import katex from 'katex';
import { h } from './dom.js';

export function formula(tex, { display = true, label } = {}) {
  const el = h(display ? 'div' : 'span', { class: display ? 'formula' : 'formula-inline' });
  katex.render(tex, el, { displayMode: display, throwOnError: false, output: 'htmlAndMathml' });
  if (label) el.setAttribute('aria-label', label);
  return el;
}
