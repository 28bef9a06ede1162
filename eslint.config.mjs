// ESLint's recommended rules on every JS file of the project; the layout is Prettier's
// (scripts/format.sh runs both). Page code runs in browsers and workers, scripts and tests in Node,
// and a browser test's callbacks in the page.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['build/', 'dist/', 'node_modules/'] },
  js.configs.recommended,
  // Leaving a key out of a copy by destructuring it ({ [name]: _, ...rest }) is how this code omits one.
  { rules: { 'no-unused-vars': ['error', { ignoreRestSiblings: true }] } },
  {
    files: ['web/**/*.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  {
    files: ['scripts/**/*.mjs', 'scripts/**/*.js', 'tests/**/*.mjs', 'tests/**/*.js', '*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  // What a browser test gives page.evaluate runs in the page.
  {
    files: ['tests/browser/**', 'scripts/bench-page.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
