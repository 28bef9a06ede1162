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
