// Typesets LaTeX with KaTeX into a fresh element (DOM output, no HTML strings, so it runs under
// a Content-Security-Policy without 'unsafe-inline').
import katex from 'katex';
import { h } from './dom.js';

// Typesetting depends only on the LaTeX, so each formula is typeset once and cloned after
// that: an edit re-renders the step without paying for KaTeX again.
const typeset = new Map();

// A displayed formula's parts: the pieces between its top-level \quad and \qquad spaces
// (outside any braces, \{ ... \} or \left ... \right). KaTeX does not break displayed maths, so each part
// is typeset on its own and the parts wrap as words do when the column is narrow.
export function formulaParts(tex) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < tex.length; i++) {
    const rest = tex.slice(i);
    if (/^(\{|\\\{|\\left(?![a-zA-Z]))/.test(rest)) depth++;
    else if (/^(\}|\\\}|\\right(?![a-zA-Z]))/.test(rest)) depth--;
    const space = depth === 0 && /^\\q?quad(?![a-zA-Z])/.exec(rest);
    if (space) {
      parts.push(tex.slice(start, i).trim());
      start = i + space[0].length;
      i = start - 1;
    } else if (tex[i] === '\\') i++; // \{ counted above; its brace, or a \\, is not counted again
  }
  parts.push(tex.slice(start).trim());
  return parts.filter(Boolean);
}

export function formula(tex, { display = true } = {}) {
  const key = `${display}:${tex}`;
  if (!typeset.has(key)) {
    const el = h(display ? 'div' : 'span', { class: display ? 'formula' : 'formula-inline' });
    if (display)
      for (const part of formulaParts(tex)) {
        const piece = h('span', { class: 'formula-part' });
        katex.render(part, piece, { displayMode: true, throwOnError: false, output: 'htmlAndMathml' });
        el.append(piece);
      }
    else katex.render(tex, el, { displayMode: false, throwOnError: false, output: 'htmlAndMathml' });
    typeset.set(key, el);
  }
  return typeset.get(key).cloneNode(true);
}
