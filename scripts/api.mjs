// Writes what comes from the API's one declaration, cpp/bindings/api.def (with the engine's
// options), as build/native/lab_contract prints it:
//   web/engine/api.json     the declarations the facade checks calls and results against
//   web/engine/index.d.ts   the TypeScript declarations
//   README.md               the API listing between its api markers
//   node scripts/api.mjs          rewrites all three (npm run api)
// tests/js/api-declaration.test.mjs renders them again and fails when a file differs.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const README_BEGIN = '<!-- api:begin: written by `npm run api` from cpp/bindings/api.def; edit it there -->';
export const README_END = '<!-- api:end -->';
const WIDTH = 100; // the README's text blocks and the declaration file wrap here
const INDENT = '      ';

// ---- the declaration, read ----

// A result type as api.def writes it ("{scores: Numbers, steps: [{u: number | null}]}") as the
// facade reads it: an object of types, a list of one type ([type]), or a type's name.
export function parseType(text) {
  let at = 0;
  const fail = (what) => {
    throw new Error(`api.def: ${what} at ${at} of the type ${text}`);
  };
  const space = () => {
    while (text[at] === ' ') at++;
  };
  const type = () => {
    space();
    if (text[at] === '{') {
      at++;
      const out = {};
      space();
      while (text[at] !== '}') {
        const colon = text.indexOf(':', at);
        if (colon < 0) fail('a key without a type');
        const key = text.slice(at, colon).trim();
        if (!/^\w+$/.test(key)) fail(`the key "${key}"`);
        at = colon + 1;
        out[key] = type();
        space();
        if (text[at] === ',') at++;
        else if (text[at] !== '}') fail('no , or }');
        space();
      }
      at++;
      return out;
    }
    if (text[at] === '[') {
      at++;
      const item = type();
      space();
      if (text[at++] !== ']') fail('no ]');
      return [item];
    }
    // a name runs to the next , } or ] outside its own <…> and […] (Record<string, number>, number[])
    const start = at;
    let depth = 0;
    for (; at < text.length; at++) {
      const c = text[at];
      if ('<['.includes(c)) depth++;
      else if (depth > 0 && '>]'.includes(c)) depth--;
      else if (depth === 0 && ',}]'.includes(c)) break;
    }
    const name = text.slice(start, at).trim();
    if (!name) fail('an empty type');
    return name;
  };
  const out = type();
  space();
  if (at !== text.length) fail('text after the type');
  return out;
}

// An entry of the declaration as the facade and the writers below read it: the name, the engine's
// name when it is not the last part of the name, the arguments, the result, the README group, and
// which module has it (extras: true; part: 'common' for both; the worked examples' by default).
function entryOf(e) {
  const method = e.what === 'method' || e.name.startsWith('model.');
  const out = { name: e.name };
  if (e.engine && e.engine !== e.name.split('.').at(-1)) out.engine = e.engine;
  if (e.what !== 'property') out.args = e.args;
  out.returns = parseType(e.returns);
  if (e.group !== 'none') out.group = e.group;
  if (!method && e.part === 'extras') out.extras = true;
  if (e.part === 'common') out.part = 'common';
  out.doc = e.doc;
  return out;
}

// The declaration from a build of the contract program (build/native/lab_contract unless named):
// {API: functions, PROPERTIES: values of lab, options: the engine's options by function}.
export function readContract(program = path.join(root, 'build/native/lab_contract')) {
  const r = spawnSync(program, { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${program} failed (${r.status ?? r.error}): ${r.stderr}`);
  const { entries, options } = JSON.parse(r.stdout);
  const types = entries.filter((e) => e.what === 'type');
  const all = entries.filter((e) => e.what !== 'type').map(entryOf);
  return {
    API: all.filter((e) => e.args),
    PROPERTIES: all.filter((e) => !e.args),
    TYPES: Object.fromEntries(types.map((t) => [t.name, { type: parseType(t.returns), doc: t.doc }])),
    options,
  };
}

// A result with the declaration's named types (Verdict) written out, as the facade checks it.
function expanded(type, TYPES) {
  if (Array.isArray(type)) return [expanded(type[0], TYPES)];
  if (typeof type === 'object')
    return Object.fromEntries(Object.entries(type).map(([k, t]) => [k, expanded(t, TYPES)]));
  return Object.hasOwn(TYPES, type) ? expanded(TYPES[type].type, TYPES) : type;
}

// web/engine/api.json: the declarations the facade needs at run time (no documentation; named
// result types written out), as Prettier lays out JSON.
export async function apiData({ API, PROPERTIES, TYPES }) {
  const bare = ({ doc, ...rest }) => ({ ...rest, returns: expanded(rest.returns, TYPES) });
  const prettier = await import('prettier');
  const config = await prettier.resolveConfig(path.join(root, 'web/engine/api.json'));
  const data = {
    about: 'Written by scripts/api.mjs (npm run api) from cpp/bindings/api.def; edit that, not this file.',
    API: API.map(bare),
    PROPERTIES: PROPERTIES.map(bare),
  };
  return prettier.format(JSON.stringify(data), { ...config, parser: 'json' });
}

// ---- names ----

// attention -> AttentionOptions, modelGenerate -> ModelGenerateOptions
const optionsType = (key) => `${key[0].toUpperCase()}${key.slice(1)}Options`;
// mha -> MhaParams
const paramsType = (schema) => `${schema[0].toUpperCase()}${schema.slice(1)}Params`;
const owner = (name) => (name.startsWith('model.') ? '' : 'lab.');

// ---- the README's listing ----

// An option as the README writes it: `causal=false`, `activation='gelu'|'relu'|…`,
// `vocab_size (= vocab)`, or only its name when it has no default.
function optionText(d) {
  if (d.alias) return `${d.name} (= ${d.alias})`;
  if (!d.fallback) return d.name;
  if (!d.choices.length) return `${d.name}=${d.fallback}`;
  const first = d.fallback.replace(/'/g, '');
  return `${d.name}=${[first, ...d.choices.filter((c) => c !== first)].map((c) => `'${c}'`).join('|')}`;
}

// A default as JS source writes it: 1e-5, not 0.00001.
const fallbackText = (x) => (typeof x === 'number' && x !== 0 && Math.abs(x) < 1e-3 ? x.toExponential() : String(x));

function argumentText(a, declarations) {
  if (a.kind === 'options') {
    const names = declarations[a.options].map(optionText);
    return `{${[...names, ...(a.names ? ['names'] : [])].join(', ')}}`;
  }
  const shape = a.shape ? ` ${a.shape}` : '';
  if (a.fallback !== undefined) return `${a.name}${shape}=${fallbackText(a.fallback)}`;
  return `${a.name}${shape}${a.optional ? '?' : ''}`;
}

// A declared result as the README shows it: an object's keys, a list of one as [{…}, …], or the
// type's name.
function resultText(type) {
  if (Array.isArray(type)) return `[${resultText(type[0])}, …]`;
  if (typeof type === 'object') return `{${Object.keys(type).join(', ')}}`;
  return type === 'Named' ? '{name: Numbers}' : type;
}

// Words joined with `separator`, wrapped at WIDTH; continuation lines start at `indent`.
function wrap(first, words, separator, last, indent) {
  const lines = [];
  let line = first;
  words.forEach((w, i) => {
    const piece = w + (i < words.length - 1 ? separator.trimEnd() : last);
    const gap = i === 0 ? '' : ' ';
    if (i > 0 && line.length + gap.length + piece.length > WIDTH) {
      lines.push(line);
      line = indent + piece;
    } else line += gap + piece;
  });
  lines.push(line);
  return lines;
}

// One function's entry: its call, wrapped at its arguments, then its lines of explanation.
function entryText(f, declarations) {
  const head = `${owner(f.name)}${f.name}(`;
  const parts = [];
  for (const a of f.args) {
    const text = argumentText(a, declarations);
    if (a.kind === 'options') {
      // an options group wraps at its own commas, continued under its brace
      const inner = text.slice(1, -1).split(', ');
      parts.push(...inner.map((o, i) => (i === 0 ? `{${o}` : o)));
      parts[parts.length - 1] += '}';
    } else parts.push(text);
  }
  const open = head.length + (f.args.some((a) => a.kind === 'options') && f.args.length === 1 ? 1 : 0);
  const lines = parts.length ? wrap(head, parts, ', ', ')', ' '.repeat(open)) : [`${head})`];
  // the result after the call, or on a line of its own when the call's last line is full
  if (f.returns !== 'void') {
    const returns = `-> ${resultText(f.returns)}`;
    if (lines.at(-1).length + 1 + returns.length <= WIDTH) lines[lines.length - 1] += ` ${returns}`;
    else lines.push(INDENT + returns);
  }
  return [...lines, ...f.doc.map((d) => INDENT + d)].join('\n');
}

function propertyText(p) {
  return [`lab.${p.name} -> ${resultText(p.returns)}`, ...p.doc.map((d) => INDENT + d)].join('\n');
}

const GROUPS = [
  { group: undefined, title: 'The worked examples’ layers, checks and operations:' },
  { group: 'practice', title: 'The practice set (answers are text, exactly as a student types them):' },
  {
    group: 'training',
    title: 'Training and opened models (models train in float32; the worked examples above stay in double):',
  },
];

// The README's listing: one text block per group.
export function readmeListing({ API, PROPERTIES, options }) {
  const out = [README_BEGIN];
  for (const { group, title } of GROUPS) {
    const entries = [
      ...API.filter((f) => f.group === group).map((f) => entryText(f, options)),
      ...PROPERTIES.filter((p) => p.group === group).map(propertyText),
    ];
    out.push('', title, '', '```text', ...entries, '```');
  }
  out.push('', README_END);
  return out.join('\n');
}

export function withListing(readme, contract) {
  const begin = readme.indexOf(README_BEGIN);
  const end = readme.indexOf(README_END);
  if (begin < 0 || end < begin) throw new Error('README.md has no api:begin / api:end markers');
  return readme.slice(0, begin) + readmeListing(contract) + readme.slice(end + README_END.length);
}

// ---- the TypeScript declarations ----

const OPTION_TS = {
  boolean: 'boolean',
  number: 'number',
  integer: 'number',
  'boolean[]': 'boolean[]',
  'integer[]': 'number[]',
  'integer[][]': 'Array<[number, number]>',
  mask: 'boolean[][]',
};
const ARGUMENT_TS = {
  numbers: 'NumbersIn',
  tokens: 'NumbersIn',
  number: 'number',
  whole: 'number',
  integer: 'number',
  text: 'string',
  answer: 'string | number',
  bytes: 'Uint8Array',
  progress: '(done: number, total: number) => void',
  spec: 'PredictionSpec',
  saved: 'SavedModel',
};

const comment = (lines, indent) =>
  lines.length === 1
    ? [`${indent}/** ${lines[0]} */`]
    : lines.length
      ? [`${indent}/**`, ...lines.map((l) => `${indent} * ${l}`.trimEnd()), `${indent} */`]
      : [];

// The options of `key` as an interface. Many functions share options (block's are decoderBlock's;
// lmForward's are futureDependence's and more): a list equal to another's is a type alias of the
// first of them, and one that holds all of another's (the largest such, when it is more than half
// of this one: lmForward's extends block's, createModel's does not extend feedForward's two)
// extends it with the rest.
function optionsInterface(key, list, declarations) {
  const text = (d) => JSON.stringify(d);
  const own = new Set(list.map(text));
  const holds = ([other, theirs]) => other !== key && theirs.every((d) => own.has(text(d)));
  const keys = Object.keys(declarations);
  const [base, inherited] =
    Object.entries(declarations)
      .filter(holds)
      .filter(([other, theirs]) => theirs.length < list.length || keys.indexOf(other) < keys.indexOf(key))
      .filter(([, theirs]) => 2 * theirs.length > list.length)
      .sort(([, a], [, b]) => b.length - a.length)[0] ?? [];
  if (base && inherited.length === list.length) return [`export type ${optionsType(key)} = ${optionsType(base)};`];
  const taken = new Set((inherited ?? []).map(text));
  const members = list
    .filter((d) => !taken.has(text(d)))
    .flatMap((d) => {
      const type = d.type === 'string' ? d.choices.map((c) => `'${c}'`).join(' | ') || 'string' : OPTION_TS[d.type];
      const doc = d.alias ? [`nanoGPT’s name of ${d.alias}`] : d.fallback ? [`default ${d.fallback}`] : [];
      return [...comment(doc, '  '), `  ${d.name}?: ${type};`];
    });
  return [`export interface ${optionsType(key)}${base ? ` extends ${optionsType(base)}` : ''} {`, ...members, '}'];
}

function paramsInterface(schema, layout, parameters) {
  const members = Object.entries(layout).map(([name, what]) => {
    if (Array.isArray(what)) return `  ${name}?: ${paramsType(what[0])}[];`;
    if (Object.hasOwn(parameters, what)) return `  ${name}?: ${paramsType(what)};`;
    return `  /** ${what} */\n  ${name}?: NumbersIn;`;
  });
  return [`export interface ${paramsType(schema)} {`, ...members, '}'];
}

// A declared result as a TypeScript type.
function resultTs(type) {
  if (Array.isArray(type)) return `${resultTs(type[0])}[]`;
  if (typeof type === 'object')
    return `{ ${Object.entries(type)
      .map(([key, t]) => `${key}: ${resultTs(t)}`)
      .join('; ')} }`;
  return type === 'Named' ? 'Record<string, Numbers>' : type;
}

function argumentTs(a) {
  let type = ARGUMENT_TS[a.kind];
  if (a.kind === 'params') type = paramsType(a.params);
  if (a.kind === 'options') type = optionsType(a.options) + (a.names ? ' & { names?: Record<string, string> }' : '');
  return `${a.name}${a.optional ? '?' : ''}: ${type}`;
}

function methodTs(f, indent) {
  const name = f.name.split('.').at(-1);
  const docs = [
    ...f.doc,
    ...f.args
      .filter((a) => a.shape || a.fallback !== undefined)
      .map((a) => {
        const bits = [a.shape, a.fallback !== undefined && `default ${fallbackText(a.fallback)}`].filter(Boolean);
        return `@param ${a.name} ${bits.join(', ')}`;
      }),
  ];
  return [...comment(docs, indent), `${indent}${name}(${f.args.map(argumentTs).join(', ')}): ${resultTs(f.returns)};`];
}

function propertyTs(p, indent) {
  return [...comment(p.doc, indent), `${indent}readonly ${p.name.split('.').at(-1)}: ${resultTs(p.returns)};`];
}

// An interface of the entries `pick` selects, with its dotted groups (checks., ops., practice.)
// as nested members.
// A group the base interface has too is joined to the base's (practice: LabCommon['practice'] & …).
// `properties` picks the read-only values it has.
function apiInterface({ API, PROPERTIES }, name, pick, { extend, properties = () => false, prefix = '' } = {}) {
  const own = API.filter(pick);
  const props = PROPERTIES.filter(properties);
  const inBase = new Set(
    extend
      ? [...API.filter((f) => f.part === 'common'), ...PROPERTIES.filter((p) => !p.extras)].map(
          (f) => f.name.split('.')[0],
        )
      : [],
  );
  const lines = [`export interface ${name}${extend ? ` extends ${extend}` : ''} {`];
  const nests = new Map();
  for (const item of [...own, ...props]) {
    const dotted = item.name.slice(prefix.length);
    const dot = dotted.indexOf('.');
    const key = dot < 0 ? '' : dotted.slice(0, dot);
    if (!nests.has(key)) nests.set(key, []);
    nests.get(key).push(item);
  }
  for (const [key, items] of nests) {
    const indent = key ? '    ' : '  ';
    if (key) lines.push(`  ${key}: ${inBase.has(key) ? `${extend}['${key}'] & ` : ''}{`);
    for (const item of items) lines.push(...(item.args ? methodTs(item, indent) : propertyTs(item, indent)));
    if (key) lines.push('  };');
  }
  lines.push('}');
  return lines;
}

// The declarations as Prettier lays out the project's files (.prettierrc.json).
// `declarations` and `parameters` are the engine's (lab.options, lab.parameters).
export async function typeDeclarations(contract, parameters) {
  const prettier = await import('prettier');
  const config = await prettier.resolveConfig(path.join(root, 'web/engine/index.d.ts'));
  return prettier.format(declarationText(contract, parameters), { ...config, parser: 'typescript' });
}

function declarationText(contract, parameters) {
  const declarations = contract.options;
  const common = (f) => f.part === 'common';
  const examples = (f) => !f.extras && !f.name.startsWith('model.') && !f.group && f.part !== 'common';
  const out = [
    '// The `lab` API in TypeScript. Written by scripts/api.mjs (npm run api) from cpp/bindings/api.def',
    '// and the engine’s option and parameter declarations; edit those, not this file.',
    '',
    '/** Nested arrays of numbers as the engine returns them. */',
    'export type Numbers = number[] | Numbers[];',
    '/** Nested arrays (or typed arrays) of numbers, as the engine takes them. */',
    'export type NumbersIn = readonly number[] | Float64Array | Float32Array | Int32Array | readonly NumbersIn[];',
    '/** One step of a trace: a named intermediate tensor and its LaTeX formula. */',
    'export interface TraceStep {',
    '  name: string;',
    '  formula: string;',
    '  shape: number[];',
    '  values: Numbers | number;',
    '}',
    'export type Trace = TraceStep[];',
    '/** A refusal: a code of the catalogues’ `refusals` section, its parameters and its English sentence. */',
    'export interface Refusal {',
    '  code: string;',
    '  params: Record<string, unknown>;',
    '  message: string;',
    '}',
    '/** What every function throws: an Error whose message names the function, with the refusal’s code. */',
    'export interface LabError extends Error {',
    '  code?: string;',
    '  params?: Record<string, unknown>;',
    '  fn?: string;',
    '}',
    'export type ParsedNumber = { ok: true; value: number } | { ok: false; error: Refusal };',
    '/** An answer as read: a number, a (nested) array, or normalised text. */',
    'export type Answer = number | Numbers | string;',
    ...Object.entries(contract.TYPES).flatMap(([name, { type, doc }]) => [
      ...comment(doc, ''),
      `export interface ${name} ${resultTs(type)}`,
    ]),
    '/** A prediction to check: the expected value and the wrong values of named misconceptions. */',
    'export interface PredictionSpec {',
    '  format: string;',
    '  expected: number | NumbersIn | string;',
    '  misconceptions?: { id: string; section: string; value: number | NumbersIn | string }[];',
    '  words?: string[];',
    '}',
    'export interface OptionDeclaration {',
    '  name: string;',
    '  type: string;',
    '  fallback: string;',
    '  choices: string[];',
    '  alias?: string;',
    '}',
    '/** A parameter object’s names: each a tensor’s shape, another object’s schema, or a list of one. */',
    'export type ParameterDeclaration = Record<string, string | [string]>;',
    'export interface SavedModel {',
    "  format: 'attention-lab-model';",
    '  version: 1;',
    '  config: CreateModelOptions;',
    '  parameters: { name: string; shape: number[]; data: number[] }[];',
    '}',
    '',
    ...Object.entries(declarations).flatMap(([key, list]) => [...optionsInterface(key, list, declarations), '']),
    ...Object.entries(parameters).flatMap(([schema, layout]) => [...paramsInterface(schema, layout, parameters), '']),
    '/** A trainable or opened model; it lives in the engine until delete(). */',
    ...apiInterface(contract, 'Model', (f) => f.name.startsWith('model.'), { prefix: 'model.' }),
    '',
    '/** What both modules have. */',
    ...apiInterface(contract, 'LabCommon', common, { properties: (p) => !p.extras }),
    '',
    '/** The worked examples’ module (loadEngine). */',
    ...apiInterface(contract, 'Lab', examples, { extend: 'LabCommon' }),
    '',
    '/** The extras’ module (loadExtras): the practice set’s problems and the models. */',
    ...apiInterface(contract, 'LabExtras', (f) => !!f.extras, { extend: 'LabCommon', properties: (p) => !!p.extras }),
    '',
    '/** The worked examples’ `lab`; in Node and the single file it has the extras too. */',
    'export function loadEngine(): Promise<Lab>;',
    '/** The `lab` with the practice set’s problems and the models (fetched the first time on the hosted site). */',
    'export function loadExtras(): Promise<LabExtras>;',
    '',
  ];
  return out.join('\n');
}

// ---- writing ----

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const contract = readContract();
  writeFileSync(path.join(root, 'web/engine/api.json'), await apiData(contract));
  const { loadEngine } = await import('../web/engine/index.js');
  const { parameters } = await loadEngine();
  const readmePath = path.join(root, 'README.md');
  writeFileSync(readmePath, withListing(readFileSync(readmePath, 'utf8'), contract));
  writeFileSync(path.join(root, 'web/engine/index.d.ts'), await typeDeclarations(contract, parameters));
  console.log('wrote web/engine/api.json, web/engine/index.d.ts and the API listing in README.md');
}
