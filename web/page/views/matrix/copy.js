// Copying a matrix as LaTeX or NumPy: the two buttons, and a line that says it was copied (or,
// where the browser refuses the clipboard, the text to copy by hand).
import { toLatex, toNumpy } from '../../../locale/format.js';
import { ui } from '../../../text/index.js';
import { h } from '../dom.js';

async function copyText(text, status) {
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = ui.copied;
  } catch {
    status.textContent = ui.copyFallback;
    status.append(h('textarea', { readonly: true, rows: 2, 'aria-label': ui.copyFallback }, text));
  }
}

export function copyButtons(value, label) {
  const status = h('span', { class: 'copy-status', 'aria-live': 'polite' });
  const button = (name, text) =>
    h(
      'button',
      {
        type: 'button',
        onclick: () => copyText(text(value), status),
        'aria-label': ui.labelled({ label: name, text: label }),
      },
      name,
    );
  return h('div', { class: 'copy' }, button(ui.copyLatex, toLatex), button(ui.copyNumpy, toNumpy), status);
}
