// A formula, a matrix or the phone contents wider than its column scrolls sideways inside its
// box. A formula is first set smaller, down to MIN_SCALE, so that most fit a phone whole. What
// still overflows fades out at the edge it goes on past (the classes more-left, more-right); a
// keyboard user must be able to reach it and a screen reader must say what it is, so while it
// overflows the box is a labelled Tab stop; when it fits, it is plain again.
import { ui } from '../../text/index.js';

// Below three quarters of the page's size a formula's subscripts are too small to read.
const MIN_SCALE = 0.75;

function label(el) {
  if (el.classList.contains('formula')) return ui.formula;
  if (el.closest('.toc')) return ui.contents;
  return el.closest('[data-label]')?.dataset.label || ui.table;
}

function fit(el) {
  if (!el.classList.contains('formula')) return;
  el.style.fontSize = '';
  const ratio = el.clientWidth / el.scrollWidth;
  if (ratio < 1) el.style.fontSize = `${Math.max(MIN_SCALE, Math.floor(ratio * 100) / 100)}em`;
}

function edges(el) {
  const more = el.scrollWidth - el.clientWidth;
  el.classList.toggle('more-left', more > 0 && el.scrollLeft > 1);
  el.classList.toggle('more-right', more > 0 && el.scrollLeft < more - 1);
}

const watched = new WeakSet();

function mark(el) {
  fit(el);
  edges(el);
  if (!watched.has(el)) {
    watched.add(el);
    el.addEventListener('scroll', () => edges(el), { passive: true });
  }
  if (el.scrollWidth > el.clientWidth) {
    el.tabIndex = 0;
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', ui.scrollsSideways({ what: label(el) }));
  } else {
    el.removeAttribute('tabindex');
    el.removeAttribute('role');
    el.removeAttribute('aria-label');
  }
}

// Re-marks a box whenever its size changes (a rotated phone, a resized window).
const resized =
  typeof ResizeObserver === 'function' ? new ResizeObserver((es) => es.forEach((e) => mark(e.target))) : null;

const BOXES = '.formula, .scroll, .toc-row';

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
