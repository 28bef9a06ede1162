// The README's Node example runs and prints exactly what the README says it prints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('the README example prints what the README shows', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Use from Node'));
  const code = section.match(/```js\n([\s\S]*?)```/)[1];
  const expected = section.match(/prints\n\n```text\n([\s\S]*?)```/)[1];
  const file = path.join(root, `.readme-example-${process.pid}.mjs`);
  writeFileSync(file, code);
  try {
    assert.equal(execFileSync(process.execPath, [file], { cwd: root, encoding: 'utf8' }), expected);
  } finally {
    rmSync(file);
  }
});

// The README's part for users, in Spanish and in Chinese: the same sections, the same commands,
// addresses and code (fenced blocks, byte for byte and in order), and tables of the same rows.
test('README.es.md and README.zh.md translate the part for users: its sections, code blocks and tables', () => {
  const read = (name) => readFileSync(path.join(root, name), 'utf8');
  const english = read('README.md');
  const users = english.slice(0, english.indexOf('### Translating'));
  const blocks = (text) => text.match(/```[\s\S]*?```/g);
  const headings = (text) => text.match(/^#{1,3} /gm);
  const tableRows = (text) => text.match(/^\|.*\|$/gm);
  assert.ok(blocks(users).length >= 4);
  for (const name of ['README.es.md', 'README.zh.md']) {
    const theirs = read(name);
    assert.deepEqual(blocks(theirs), blocks(users), `${name}: the same fenced blocks`);
    assert.deepEqual(headings(theirs), headings(users), `${name}: the same sections`);
    assert.equal(tableRows(theirs).length, tableRows(users).length, `${name}: the same table rows`);
    assert.match(theirs, /\(README\.md\)/, `${name} links to the English README`);
    assert.match(english, new RegExp(`\\(${name.replace('.', '\\.')}\\)`), `README.md links to ${name}`);
  }
});

// The READMEs name the page's controls as the page shows them. In the part for users (README.md
// up to "Translating", and the whole of README.es.md and README.zh.md), text in bold is a control's
// name (**Show solution**, **Lab · Train a model** for a contents entry and its title), unless it
// leads a paragraph (it ends with "." or "。": **Scoring.**) or holds code (**`intervention`
// (§2.2)**). A control's name is a message of the README's language as the page shows it, read
// without an arrow (← Previous), a closing "…" or ":", or a closing parenthesis (Download the table
// for "Download the table (CSV, for a gradebook)"); curly and straight apostrophes are the same.
test('the READMEs name every control in bold exactly as the page in their language shows it', async () => {
  const { catalogues } = await import('../../web/text/catalogues.js');
  const read = (name) => readFileSync(path.join(root, name), 'utf8');
  const leaves = (c) => (typeof c === 'string' ? [c] : Object.values(c).flatMap(leaves));
  const plain = (s) =>
    s
      .replace(/\s+/g, ' ')
      .replace(/[’‘]/g, "'")
      .replace(/^← |^[→←] | [→←]$/g, '')
      .replace(/[…:：]$/, '')
      .trim();
  const shown = (code) => {
    const names = new Set();
    for (const m of leaves(catalogues[code])) {
      if (/[{}]/.test(m)) continue; // a message with parameters is no control's name
      names.add(plain(m));
      names.add(plain(m.replace(/\s*[(（][^()（）]*[)）]$/, '')));
    }
    return names;
  };
  const readmes = {
    'README.md': ['en', (t) => t.slice(0, t.indexOf('### Translating'))],
    'README.es.md': ['es', (t) => t],
    'README.zh.md': ['zh-Hans', (t) => t],
  };
  const wrong = [];
  let checked = 0;
  for (const [name, [code, users]] of Object.entries(readmes)) {
    const names = shown(code);
    for (const [, bold] of users(read(name)).matchAll(/\*\*([^*]+?)\*\*/g)) {
      const text = plain(bold);
      if (/[.。]$/.test(text) || text.includes('`')) continue;
      checked++;
      if (!text.split(' · ').every((part) => names.has(part))) wrong.push(`${name}: **${text}**`);
    }
  }
  assert.deepEqual(wrong, [], 'names the page does not show');
  assert.ok(checked >= 3 * 20, `${checked} control names`);
});
