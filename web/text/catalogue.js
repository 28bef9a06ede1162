// The catalogue of the page's language, and only it. Here, whole: in Node, and in a single file,
// a classic script that cannot wait at its top (scripts/build-page.mjs gives each language's file
// this module's value from a static import of its own catalogue). On the site each language is chunks of
// its own (scripts/build-page.mjs, `catalogueParts`): what the page shows at once, fetched as it
// starts, and the sections of parts.js, fetched with the part of the page that shows them.
import { language } from '../locale/language.js';

const LOADERS = {
  en: () => import('./en.js'),
  es: () => import('./es.js'),
  'zh-Hans': () => import('./zh-Hans.js'),
};

export default (await LOADERS[language]()).default;

// laterOf(section): the messages of a section of parts.js that the catalogue above left out, on
// the site; null here, where it is whole.
export const laterOf = null;
