// The refusals an Error's message is written with: English, for the console, Node and a worker's
// log. The site's page build (scripts/build-page.mjs, `pageLanguageMessages`) puts the page's own
// language here, so that a page in Spanish or Chinese downloads no English sentences (what the
// page shows is worded by its catalogue in any case: index.js, `said`).
import refusals from './en-refusals.js';

export default { locale: 'en', refusals };
