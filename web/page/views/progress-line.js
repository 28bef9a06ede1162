// How far long work on the page's thread is (result files read, sheets drawn), and its Cancel.
// Made once per piece of work and moved on in place (`show(share)`), never redrawn, so that the
// button is not replaced under a pointer that is pressing it. The line is #<id>, its bar
// #<id>-progress and its button #cancel-<id>; labelOf(percent) words the bar.
import { h } from './dom.js';

export function progressLine({ id, labelOf, cancel, onCancel }) {
  const label = h('label', { for: `${id}-progress` });
  const bar = h('progress', { id: `${id}-progress`, max: 1, value: 0 });
  const button = h('button', { type: 'button', id: `cancel-${id}`, onclick: onCancel }, cancel);
  const line = h('p', { class: 'reading', id }, label, ' ', bar, ' ', button);
  const show = (share) => {
    bar.value = share;
    label.textContent = labelOf(Math.floor(share * 100));
  };
  show(0);
  return Object.assign(line, { show });
}
