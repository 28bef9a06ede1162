// Writes tests/recording/worked-examples.json: what this build's engine computes for every
// recorded case (tests/recording/cases.mjs). Run it only when a change is meant to alter the
// worked examples' numbers; tests/js/recording.test.mjs holds every later build to the file.
import { writeFileSync } from 'node:fs';

import { loadEngine } from '../web/engine/index.js';
import { cases, run } from '../tests/recording/cases.mjs';

const lab = await loadEngine();
const recorded = Object.fromEntries(cases(lab).map(([name, fn]) => [name, run(fn)]));
const file = new URL('../tests/recording/worked-examples.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(recorded)}\n`);
console.log(`${Object.keys(recorded).length} cases recorded in ${file.pathname}`);
