// The table of contents: one link per worked example, the current one marked.
import { ui } from '../../text/index.js';
import { h } from './dom.js';

// hrefOf(id): the address of an example, carrying its kept edits and the page's options;
// titleOf(id): its title.
export function tocView(examples, currentId, hrefOf, titleOf) {
  return h(
    'nav',
    { class: 'toc', 'aria-label': ui.contents },
    h('h2', {}, ui.contents),
    // The list sits in a box of its own, which is what scrolls sideways on a phone (a list that
    // is itself a scroll region loses its list semantics).
    h(
      'div',
      { class: 'toc-row' },
      h(
        'ol',
        {},
        examples.map((e) =>
          h(
            'li',
            {},
            h(
              'a',
              { href: hrefOf(e.id), 'aria-current': e.id === currentId ? 'page' : null },
              h('span', { class: 'sec' }, e.section),
              ' ',
              h('span', { class: 'title' }, titleOf(e.id)),
            ),
          ),
        ),
      ),
    ),
  );
}
