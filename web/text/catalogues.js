// Every language's catalogue at once, for the tools and tests that read them all (the build's
// <noscript>, the catalogues' tests). The page imports only its own language's (catalogue.js).
import en from './en.js';
import es from './es.js';
import zhHans from './zh-Hans.js';

export const catalogues = { en, es, 'zh-Hans': zhHans };
