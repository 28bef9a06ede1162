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

// The README's Layout is the house as it is: every folder that holds a tracked file has a row of
// its own (its path in the first cell) or is named as `name/` in the row of the nearest folder
// above it that has one, and every row's path exists.
test("the README's Layout names every folder of the tree, and only folders that exist", () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const layout = readme.slice(readme.indexOf('\n## Layout'), readme.indexOf('\n### One number'));
  const rows = new Map(
    [...layout.matchAll(/^\| `([^`]+)\/`(?:, `([^`]+)\/`)? \| (.*) \|$/gm)].flatMap(([, a, b, job]) =>
      [a, b].filter(Boolean).map((p) => [p, job]),
    ),
  );
  assert.ok(rows.size >= 20, `the Layout table has ${rows.size} rows`);
  const folders = new Set(
    execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((f) => path.posix.dirname(f))
      .filter((d) => d !== '.'),
  );
  for (const p of rows.keys())
    assert.ok(
      folders.has(p) || [...folders].some((f) => f.startsWith(`${p}/`)),
      `${p}/ is in the Layout but not in the tree`,
    );
  for (const folder of folders) {
    if (rows.has(folder)) continue;
    let above = path.posix.dirname(folder);
    while (above !== '.' && !rows.has(above)) above = path.posix.dirname(above);
    assert.ok(above !== '.', `${folder}/ has no row in the README's Layout, nor a folder above it`);
    const name = folder.slice(above.length + 1);
    assert.ok(rows.get(above).includes(`\`${name}/\``), `${folder}/: the row of ${above}/ does not name \`${name}/\``);
  }
});

// The newcomer's path through the code for §2.1's number: every file it names exists, and every
// function or variable it names in a step is found in a file that step (or the one before) names.
test("the README's path of §2.1's number names files that exist and names that are in them", () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### One number'), readme.indexOf('### Where each section'));
  const steps = section.split(/\n\d+\. /).slice(1);
  assert.equal(steps.length, 6);
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  // a file by its path, or by a name that only one tracked file has
  const fileOf = (name) => {
    const found = name.includes('/')
      ? tracked.filter((f) => f === name)
      : tracked.filter((f) => path.posix.basename(f) === name);
    assert.equal(found.length, 1, `the path names ${name}, which is ${found.length ? 'not one file' : 'no file'}`);
    return found[0];
  };
  let before = [];
  for (const step of steps) {
    const quoted = [...step.matchAll(/`([^`]+)`/g)].map(([, q]) => q);
    const files = quoted.filter((q) => /\.(m?js|cpp|hpp)$/.test(q)).map(fileOf);
    const sources = [...files, ...before].map((f) => readFileSync(path.join(root, f), 'utf8'));
    for (const name of quoted.filter((q) => /^(lab\.)?[A-Za-z_]\w*$/.test(q)))
      assert.ok(
        sources.some((s) => new RegExp(`\\b${name.replace('lab.', '')}\\b`).test(s)),
        `"${name}" is in none of ${[...files, ...before].join(', ')}`,
      );
    before = files;
  }
});
