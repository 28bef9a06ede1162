// The lint rule that keeps words out of the page's code (eslint.config.mjs): a literal with a
// word in it that would be shown to a reader is a finding; words from the catalogues, marks,
// numbers and code are not. The layout check (scripts/format.sh --check) runs it on every file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });
// The lines of `code`, linted as a view of the page, that the rule finds.
async function found(code) {
  const [result] = await eslint.lintText(
    `import { h } from './dom.js';\nexport const f = (el, n, text) => {\n${code}\n};\n`,
    {
      filePath: path.join(root, 'web/page/views/lint-probe.js'),
    },
  );
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line - 2);
}

test('a word shown to a reader from a literal is a finding, wherever it is shown', async () => {
  for (const shown of [
    "h('p', {}, 'Loading the model')",
    "h('p', {}, `${n} rows`)",
    "h('button', { 'aria-label': 'Close' })",
    "h('button', { title: `Open ${n}` })",
    "el.textContent = 'Done'",
    'el.title = `${n} items`',
    "el.append('Saved')",
    "el.setAttribute('aria-label', 'Next step')",
  ])
    assert.deepEqual(await found(shown), [1], shown);
});

test('words from the catalogues, marks, numbers and code are not', async () => {
  for (const fine of [
    "h('p', { class: 'status' }, text.loading, ' ', '×', `${n}`)",
    "h('code', {}, 'lab.softmax(x)')",
    "el.textContent = ''",
    "el.setAttribute('role', 'status')",
    "el.append(text.saved({ n }), ' — ')",
  ])
    assert.deepEqual(await found(fine), [], fine);
});
