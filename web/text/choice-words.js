// The words a choice question accepts (yes, no, pre, post), in every language. A result file
// typed in one language is checked alike on a page in another, so the page carries these few
// words of every language, while it loads only its own catalogue; each catalogue's
// practice.choices is its language's entry.
export default {
  en: { yes: 'yes', no: 'no', pre: 'pre', post: 'post' },
  es: { yes: 'sí', no: 'no', pre: 'pre', post: 'post' },
  'zh-Hans': { yes: '是', no: '否', pre: 'pre', post: 'post' },
};
