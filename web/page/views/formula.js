// Typesets LaTeX with KaTeX into a fresh element (DOM output, no HTML strings, so it runs under
// a Content-Security-Policy without 'unsafe-inline').
import katex from 'katex';
import { h } from './dom.js';

// Typesetting depends only on the LaTeX, so each formula is typeset once and cloned after
// that: an edit re-renders the step without paying for KaTeX again.
const typeset = new Map();

export function formula(tex, { display = true } = {}) {
  const key = `${display}:${tex}`;
  if (!typeset.has(key)) {
    const el = h(display ? 'div' : 'span', { class: display ? 'formula' : 'formula-inline' });
    katex.render(tex, el, { displayMode: display, throwOnError: false, output: 'htmlAndMathml' });
    typeset.set(key, el);
  }
  return typeset.get(key).cloneNode(true);
}
