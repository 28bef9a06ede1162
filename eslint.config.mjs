// ESLint's recommended rules on every JS file of the project; the layout is Prettier's
// (scripts/format.sh runs both). Page code runs in browsers and workers, scripts and tests in Node,
// and a browser test's callbacks in the page.
import js from '@eslint/js';
import globals from 'globals';

// Where a literal becomes something a reader sees or hears.
const shownEverywhere = [
  "CallExpression[callee.name='h']:not([arguments.0.value=/^(code|pre|kbd|samp)$/]) > :not(:nth-child(1)):not(:nth-child(2)).arguments",
  'AssignmentExpression[left.property.name=/^(textContent|innerText|title|placeholder|ariaLabel)$/] > .right',
  'Property:matches([key.value=/^(aria-label|aria-description|title|placeholder|alt)$/], [key.name=/^(title|placeholder|alt)$/]) > .value',
  'CallExpression[callee.property.name=/^(append|prepend|replaceChildren|before|after)$/] > .arguments',
  "CallExpression[callee.property.name='setAttribute'][arguments.0.value=/^(aria-label|aria-description|title|placeholder|alt)$/] > :nth-child(2).arguments",
  // text drawn on a canvas, which no DOM walk can read
  'CallExpression[callee.property.name=/^(fillText|strokeText)$/] > :first-child.arguments',
];
const wordRules = (places) =>
  places.map((shown) => ({
    selector: `${shown}:matches(Literal[value=/[A-Za-z]{2}/], TemplateLiteral:has(TemplateElement[value.cooked=/[A-Za-z]{2}/]))`,
    message: 'A word shown to a reader comes from the catalogues (web/text/*.js), not from a literal here.',
  }));

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
  // Every word a student or teacher reads comes from a catalogue (web/text/*.js): in the page's
  // code, a literal with a word in it may not become a text node, a text, a label or a title.
  // Marks, symbols and numbers may ('×', ' ', '…', '2'), and so may code (<code>, <pre>, <kbd>,
  // <samp>), which reads the same in every language. languages.test.mjs checks the same at run
  // time, on every view in Spanish and Chinese. The views' plots also draw each series' and
  // axis's `label` on a canvas (uPlot), where no DOM walk reads it; the worked examples label
  // their tensors with notation ('exp(s)', 'PE'), which may stay a literal.
  {
    files: ['web/page/**/*.js'],
    rules: { 'no-restricted-syntax': ['error', ...wordRules(shownEverywhere)] },
  },
  {
    files: ['web/page/views/**/*.js'],
    rules: {
      'no-restricted-syntax': ['error', ...wordRules([...shownEverywhere, "Property[key.name='label'] > .value"])],
    },
  },
  // What a browser test gives page.evaluate runs in the page.
  {
    files: ['tests/browser/**', 'scripts/bench-page.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
