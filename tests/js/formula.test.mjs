// Displayed formulas wrap at their top-level \quad and \qquad spaces: each part is typeset on its
// own (scripts/typeset-formulas.mjs, when the page is built). Splitting must never cut inside braces, a set \{ ... \} or \left ... \right,
// and every part of every example's formula must still be valid LaTeX for KaTeX.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import katex from 'katex';
import { formulaParts } from '../../web/page/formula-parts.js';
import { examples } from '../../web/handouts/self-attention/examples/index.js';
import { typesetFormulas, typesetPart } from '../../scripts/typeset-formulas.mjs';

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

test('the build typesets every step formula, each part with its MathML for screen readers', () => {
  const table = typesetFormulas();
  const formulas = examples.flatMap((ex) => ex.steps.map((s) => s.formula).filter(Boolean));
  for (const tex of formulas) {
    const parts = table[tex];
    assert.ok(parts, `${tex} is typeset`);
    assert.equal(parts.length, formulaParts(tex).length, tex);
    for (const nodes of parts) {
      // [tag, className, style, attributes, children, namespace]
      const [tag, className, , , children] = nodes[0];
      assert.equal(tag, 'span');
      assert.match(className, /katex-display/);
      const find = (node, pred) =>
        typeof node !== 'string' && (pred(node) || (node[4] ?? []).some((c) => find(c, pred)));
      assert.ok(
        find(nodes[0], (n) => n[0] === 'math' && n[5] === 'm'),
        `${tex}: MathML`,
      );
      assert.ok(
        find(nodes[0], (n) => n[0] === 'annotation'),
        `${tex}: the TeX source as an annotation`,
      );
      assert.ok(children.length > 0);
    }
  }
  // Styles are recorded as properties to set, never as a style attribute (the CSP refuses those).
  const styleAttributes = JSON.stringify(table).match(/"style":/g);
  assert.equal(styleAttributes, null);
});

test('a formula KaTeX cannot read stops the build with its name', () => {
  assert.throws(() => typesetPart('\\frac{a'), /ParseError|Expected/);
});

// What a formula says in words must come from the catalogues, so it has none: no \text{…} with a
// word in it (a part is named by a label outside the maths, "pre-norm:"), and every upright name
// is notation that reads the same in every language: the handout's operators and functions.
// Code in a formula (\texttt{einsum}, typeset monospace) reads the same in every language too.
const NOTATION = new Set(
  'softmax logsumexp exp log sin cos arg min max Var LN FFN GLU MHA ReLU GELU RMSNorm Enc Attention head attn'.split(
    ' ',
  ),
);
test('no formula holds a word: only notation, read through its MathML', () => {
  const wordsIn = (node, into) => {
    if (typeof node === 'string') return into;
    const [tag, , , attributes = {}, children = [], ns] = node;
    if (attributes.mathvariant === 'monospace') return into;
    const leaf = children.filter((c) => typeof c === 'string').join('');
    if (ns === 'm' && tag === 'mtext' && /[A-Za-z]{2}/.test(leaf)) into.push(`text "${leaf}"`);
    // An upright name is one <mi> or, from \mathrm{…}, a row of one-letter upright <mi>s.
    const upright = (c) => Array.isArray(c) && c[0] === 'mi' && c[3]?.mathvariant === 'normal';
    const name =
      tag === 'mi'
        ? leaf
        : tag === 'mrow' && children.length > 1 && children.every(upright)
          ? children.map((c) => c[4][0]).join('')
          : '';
    if (ns === 'm' && /[A-Za-z]{2}/.test(name) && !NOTATION.has(name)) into.push(`name "${name}"`);
    for (const c of children) wordsIn(c, into);
    return into;
  };
  const table = typesetFormulas();
  assert.ok(Object.keys(table).length > 30);
  for (const [tex, parts] of Object.entries(table)) {
    const found = parts.flatMap((nodes) => nodes.flatMap((n) => wordsIn(n, [])));
    assert.deepEqual(found, [], tex);
  }
  // The test can fail: a word in \text{} and an unknown upright name are found.
  const probe = wordsIn(['span', '', {}, {}, typesetPart('\\text{tied: } z = \\mathrm{gate}(x)'), ''], []);
  assert.deepEqual(
    probe.map((w) => w.replace(/\s/g, ' ')),
    ['text "tied: "', 'name "gate"'],
  );
});

test('a formula’s part labels name existing parts, in words from the catalogue', () => {
  for (const ex of examples)
    for (const step of ex.steps.filter((s) => s.formulaLabels)) {
      const where = `${ex.id} ${step.key}`;
      assert.ok(step.formulaLabels.length <= formulaParts(step.formula).length, where);
      for (const label of step.formulaLabels) assert.ok(typeof label === 'string' && label.trim(), where);
    }
});
