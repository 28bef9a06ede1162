// The language menu in the page's header: each language named in itself. Choosing one keeps
// the choice and reopens the same address in it (see locale/language.js).
import { ui } from '../../text/index.js';
import { addressIn, language, languages, rememberLanguage } from '../../locale/language.js';
import { h } from './dom.js';

export function languageMenu({ open = (href) => location.assign(href) } = {}) {
  const select = h(
    'select',
    {
      id: 'language',
      onchange: () => {
        rememberLanguage(select.value);
        open(addressIn(location.href, select.value));
      },
    },
    languages.map((l) => h('option', { value: l.code, lang: l.code, selected: l.code === language }, l.name)),
  );
  return h('p', { class: 'language' }, h('label', { for: 'language' }, `${ui.language} `), select);
}

// Above the Simplified Chinese page, for a reader who asked for Traditional Chinese: a note in
// Traditional characters that offers English. Either answer is kept, and the note not shown again.
export function traditionalNote({ open = (href) => location.assign(href) } = {}) {
  const note = h(
    'div',
    { class: 'language-note', lang: 'zh-Hant', role: 'note' },
    h('p', {}, ui.traditionalNote),
    h(
      'button',
      {
        type: 'button',
        onclick: () => {
          rememberLanguage('en');
          open(addressIn(location.href, 'en'));
        },
      },
      ui.traditionalEnglish,
    ),
    h(
      'button',
      {
        type: 'button',
        onclick: () => {
          rememberLanguage(language);
          history.replaceState(history.state, '', addressIn(location.href, language));
          note.remove();
        },
      },
      ui.traditionalKeep,
    ),
  );
  return note;
}
