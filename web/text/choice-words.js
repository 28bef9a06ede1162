// The words a choice question accepts (yes, no, pre, post, a head's label), in every language. A result file
// typed in one language is checked alike on a page in another, so the page carries these few
// words of every language, while it loads only its own catalogue; each catalogue's
// practice.choices is its language's entry.
// A head of a two-block model as the induction-head question names it (l1h2: block 1, head 2) is
// notation, the same in every language.
const HEADS = Object.fromEntries([0, 1].flatMap((l) => [0, 1, 2, 3].map((h) => [`l${l}h${h}`, `l${l}h${h}`])));

export default {
  en: { yes: 'yes', no: 'no', pre: 'pre', post: 'post', ...HEADS },
  es: { yes: 'sí', no: 'no', pre: 'pre', post: 'post', ...HEADS },
  'zh-Hans': { yes: '是', no: '否', pre: 'pre', post: 'post', ...HEADS },
};
