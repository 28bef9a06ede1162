// Typesets every formula of the worked examples with KaTeX when the page is built, so that the
// page ships the typeset result and not KaTeX's 270 KB of code. The formulas are static: each
// is a step's `formula`, known once the example modules are loaded.
//
// KaTeX's render() builds its output by calling a handful of DOM methods (createElement,
// createElementNS, createTextNode, createDocumentFragment, appendChild, setAttribute, className,
// style, textContent). Here those calls go to a small stand-in document that records a tree of
// plain arrays; the page replays the tree with the same calls on the real document
// (web/page/views/formula.js). Replaying DOM
// calls, rather than inserting KaTeX's HTML text, keeps the page under its CSP: inline style
// attributes in parsed HTML are refused without 'unsafe-inline', styles set as properties are not.
import katex from 'katex';
import { fileURLToPath } from 'node:url';
import { examples } from '../web/handouts/self-attention/examples/index.js';
import { formulaParts } from '../web/page/formula-parts.js';

// A recorded node: a string is a text node; an element is [tag, className, style, attributes,
// children, namespace] with empty trailing fields dropped. Namespaces: 'm' MathML, 's' SVG.
const NAMESPACES = { 'http://www.w3.org/1998/Math/MathML': 'm', 'http://www.w3.org/2000/svg': 's' };

class Element {
  constructor(tag, ns = '') {
    Object.assign(this, { tag, ns, className: '', style: {}, attributes: {}, children: [] });
  }
  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }
  set textContent(text) {
    this.children = text ? [String(text)] : [];
  }
  appendChild(child) {
    if (child instanceof Fragment) this.children.push(...child.children);
    else this.children.push(child);
    return child;
  }
  record() {
    const style = Object.fromEntries(Object.entries(this.style).filter(([, v]) => v !== undefined && v !== ''));
    const out = [
      this.tag,
      this.className,
      style,
      this.attributes,
      this.children.map((c) => (typeof c === 'string' ? c : c.record())),
      this.ns,
    ];
    const empty = (v) => v === '' || (typeof v === 'object' && Object.keys(v).length === 0);
    while (out.length > 1 && empty(out[out.length - 1])) out.pop();
    return out;
  }
}
class Fragment extends Element {
  constructor() {
    super('#fragment');
  }
}
const standIn = {
  createElement: (tag) => new Element(tag),
  createElementNS: (ns, tag) => {
    if (!(ns in NAMESPACES)) throw new Error(`typeset-formulas: KaTeX asked for an unknown namespace ${ns}`);
    return new Element(tag, NAMESPACES[ns]);
  },
  createTextNode: (text) => String(text),
  createDocumentFragment: () => new Fragment(),
};

// One part of a displayed formula as a list of recorded nodes.
export function typesetPart(tex) {
  const saved = globalThis.document;
  globalThis.document = standIn;
  try {
    const root = new Element('span');
    katex.render(tex, root, { displayMode: true, throwOnError: true, output: 'htmlAndMathml' });
    return root.record()[4];
  } finally {
    if (saved === undefined) delete globalThis.document;
    else globalThis.document = saved;
  }
}

// Every formula the examples show: {tex: [its parts, each a list of recorded nodes]}.
export function typesetFormulas() {
  const table = {};
  for (const ex of examples)
    for (const step of ex.steps) {
      if (!step.formula) continue;
      table[step.formula] = formulaParts(step.formula).map(typesetPart);
    }
  return table;
}

// The same, by example: {example id: {tex: parts}}, as the page fetches them (one example's
// formulas when it first shows one).
export function typesetByExample() {
  const table = typesetFormulas();
  return Object.fromEntries(
    examples.map((ex) => [
      ex.id,
      Object.fromEntries(ex.steps.filter((s) => s.formula).map((s) => [s.formula, table[s.formula]])),
    ]),
  );
}

// Run as a program, it prints the table by example as JSON: the page build runs it in a fresh
// process, so that a formula edited while `npm start` watches is typeset anew (an import would
// be cached).
if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(JSON.stringify(typesetByExample()));

// The font faces the typeset formulas use, as "family weight style" ("KaTeX_Main 400 normal"),
// read from KaTeX's CSS: a rule whose classes all occur in the formulas names a face by its
// font-family, font-weight and font-style (a weight or a style alone is KaTeX_Main's). The page
// ships only these faces (a KaTeX face is 4 to 28 KB, and the single file inlines them); a
// browser test checks that every glyph of every formula finds its face.
export function usedFaces(css, byExample = typesetByExample()) {
  const classes = new Set(['katex']);
  const walk = (node) => {
    if (typeof node === 'string') return;
    for (const c of (node[1] || '').split(' ')) if (c) classes.add(c);
    (node[4] || []).forEach(walk);
  };
  for (const table of Object.values(byExample))
    for (const parts of Object.values(table)) for (const nodes of parts) nodes.forEach(walk);
  const faces = new Set();
  for (const rule of css.split('}')) {
    const [selectors, body = ''] = rule.split('{');
    if (selectors.trim().startsWith('@')) continue;
    const family = /font(?:-family)?:[^;]*?"?(KaTeX_\w+)/.exec(body)?.[1];
    const weight = /font-weight:\s*(700|bold)/.test(body) ? 700 : 400;
    const style = /font-style:\s*italic/.test(body) ? 'italic' : 'normal';
    if (!family && !/font-(weight|style)/.test(body)) continue;
    const applies = selectors
      .split(',')
      .some((sel) => [...sel.matchAll(/\.([\w-]+)/g)].every(([, c]) => classes.has(c)));
    if (applies) faces.add(`${family ?? 'KaTeX_Main'} ${weight} ${style}`);
  }
  return faces;
}

// The characters the typeset formulas draw: the text of their HTML, not of KaTeX's MathML, which
// is hidden from sight (screen readers read it) and so never drawn in KaTeX's faces. The page's
// faces carry only these glyphs (the build subsets them); a browser test draws every formula in
// them and in KaTeX's whole faces and finds the same pixels.
export function usedCharacters(byExample = typesetByExample()) {
  const chars = new Set();
  const walk = (node) => {
    if (typeof node === 'string') for (const c of node) chars.add(c);
    else if (!(node[1] || '').split(' ').includes('katex-mathml')) (node[4] || []).forEach(walk);
  };
  for (const table of Object.values(byExample))
    for (const parts of Object.values(table)) for (const nodes of parts) nodes.forEach(walk);
  return [...chars].sort().join('');
}
