// The catalogue of the page's language, and only it: on the site each language is a chunk of its
// own, fetched as the page starts, so that a first visit downloads one language's sentences.
// (The single file, a classic script, cannot wait at its top: scripts/build-page.mjs gives it
// this module's value from static imports of every catalogue.)
import { language } from '../locale/language.js';

const LOADERS = {
  en: () => import('./en.js'),
  es: () => import('./es.js'),
  'zh-Hans': () => import('./zh-Hans.js'),
};

export default (await LOADERS[language]()).default;
