// Displayed formulas wrap at their top-level \quad and \qquad spaces: each part is typeset on its
// own (web/page/views/formula.js). Splitting must never cut inside braces, a set \{ ... \} or \left ... \right,
// and every part of every example's formula must still be valid LaTeX for KaTeX.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import katex from 'katex';
import { formulaParts } from '../../web/page/views/formula.js';
import { examples } from '../../web/page/examples/index.js';

test('a formula splits at its top-level quads only', () => {
  assert.deepEqual(formulaParts('a = 1, \\quad b = 2 \\qquad c'), ['a = 1,', 'b = 2', 'c']);
  assert.deepEqual(formulaParts('\\text{x \\quad y} \\quad z'), ['\\text{x \\quad y}', 'z']);
  assert.deepEqual(formulaParts('\\left( a \\quad b \\right) \\quad c'), ['\\left( a \\quad b \\right)', 'c']);
  assert.deepEqual(
    formulaParts('\\min\\{v \\quad u\\} \\qquad z'),
    ['\\min\\{v \\quad u\\}', 'z'],
    'a set stays whole',
  );
  assert.deepEqual(formulaParts('\\quadratic + a'), ['\\quadratic + a'], 'a longer command is not a quad');
  assert.deepEqual(formulaParts('y = \\sum_j a_j v_j'), ['y = \\sum_j a_j v_j']);
});

test('every part of every example formula typesets', () => {
  const formulas = examples.flatMap((ex) => ex.steps.map((s) => s.formula).filter(Boolean));
  assert.ok(formulas.length > 30, `${formulas.length} formulas found`);
  for (const tex of formulas)
    for (const part of formulaParts(tex))
      assert.doesNotThrow(
        () => katex.renderToString(part, { displayMode: true, throwOnError: true }),
        `${part} (of ${tex})`,
      );
});
