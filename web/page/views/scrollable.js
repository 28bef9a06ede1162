// A formula or a matrix wider than its column (a phone, a long formula) scrolls sideways inside
// its box. A keyboard user must be able to reach it, and a screen reader must say what it is, so
// while its content overflows the box is a labelled Tab stop; when it fits, it is plain again.
import { ui } from '../../strings.js';

function label(el) {
  if (el.classList.contains('formula')) return ui.formula;
  return el.closest('[data-label]')?.dataset.label || ui.table;
}

function mark(el) {
  if (el.scrollWidth > el.clientWidth) {
    el.tabIndex = 0;
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', ui.scrollsSideways(label(el)));
  } else {
    el.removeAttribute('tabindex');
    el.removeAttribute('role');
    el.removeAttribute('aria-label');
  }
}

// Re-marks a box whenever its size changes (a rotated phone, a resized window).
const resized =
  typeof ResizeObserver === 'function' ? new ResizeObserver((es) => es.forEach((e) => mark(e.target))) : null;

const BOXES = '.formula, .scroll';

function markUnder(node) {
  if (!(node instanceof Element)) return;
  for (const el of node.matches(BOXES) ? [node] : node.querySelectorAll(BOXES)) {
    mark(el);
    resized?.observe(el);
  }
}

// Marks every scrolling box under `root` (in the document), now and whenever content is added.
export function watchScrolling(root) {
  markUnder(root);
  new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach(markUnder))).observe(root, {
    childList: true,
    subtree: true,
  });
  // A formula's width changes when KaTeX's fonts arrive, and its box may not.
  document.fonts?.addEventListener('loadingdone', () => markUnder(root));
}
