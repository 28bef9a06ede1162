// Adding a function to the JS API is three edits (README.md, "Adding a function"): its options
// (cpp/lab/boundary/options.hpp and .cpp), its conversion (cpp/bindings/wasm/bindings_<part>.cpp)
// and its entry in cpp/bindings/api.def. This test makes those three edits in a scratch copy of
// cpp/, adding lab.scaledSoftmax(x, {scale, shift}) over the engine's softmax, and finds the new
// function everywhere it must be, with nothing else edited: the contract program built from the
// copy declares it with its two options, scripts/api.mjs writes it into web/engine/api.json (the
// facade's checks), index.d.ts and the README's listing, and Emscripten's compiler accepts the
// scratch registrations and expands the new one under its name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiData, readContract, readmeListing, root, typeDeclarations } from '../../scripts/api.mjs';

const scratch = mkdtempSync(path.join(tmpdir(), 'lab-api-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
cpSync(path.join(root, 'cpp'), path.join(scratch, 'cpp'), { recursive: true });

// `text` with `what` put after `anchor` (which must be there once).
function edit(file, anchor, what) {
  const at = path.join(scratch, file);
  const text = readFileSync(at, 'utf8');
  assert.equal(text.split(anchor).length, 2, `${file} has the anchor once: ${anchor}`);
  writeFileSync(at, text.replace(anchor, anchor + what));
}

// 1. its options: a struct, its fields, its name in the declarations, its reader
edit(
  'cpp/lab/boundary/options.hpp',
  '// ---- the settings of entry points that have no engine struct of their own ----\n',
  'struct ScaledSoftmaxCall {  // scaledSoftmax\n    double scale = 1.0;\n    bool shift = true;\n};\n',
);
edit(
  'cpp/lab/boundary/options.cpp',
  "// ---- the declarations: each entry point's options and the members they set ----\n",
  'template <class V>\nvoid fields(V& v, ScaledSoftmaxCall& c) {\n    v("scale", c.scale);\n    v("shift", c.shift);\n}\n',
);
edit(
  'cpp/lab/boundary/options.cpp',
  '{"attention", declare<AttentionOptions>()},\n',
  '{"scaledSoftmax", declare<ScaledSoftmaxCall>()},\n',
);
edit(
  'cpp/lab/boundary/options.cpp',
  'template AttentionOptions read_options(const std::string&, const Values&);\n',
  'template ScaledSoftmaxCall read_options(const std::string&, const Values&);\n',
);
// 2. its conversion
edit(
  'cpp/bindings/wasm/bindings_examples.cpp',
  "// ---- the handout's layers ----\n",
  'val scaledSoftmax(val x, val opts) {\n' +
    '    return guarded([&] {\n' +
    '        const ScaledSoftmaxCall o = options<ScaledSoftmaxCall>(opts, "scaledSoftmax");\n' +
    '        return js(api::softmax(nd(x)));  // (a real one would scale first)\n' +
    '    });\n' +
    '}\n',
);
// 3. its entry
edit(
  'cpp/bindings/api.def',
  'DOC("over the last axis, any rank >= 1; same shape out"))\n',
  '\nLAB_FUNCTION(examples, none, scaledSoftmax, "scaledSoftmax", "scaledSoftmax", "Numbers",\n' +
    '    ARGS(arg("x", "numbers"), options("scaledSoftmax")),\n' +
    '    DOC("softmax(scale · x), shifted by the row\'s largest entry first when shift"))\n',
);

// The compiler command ninja runs for `object` in `build`, with the scratch copy's sources, its
// output and no dependency file.
function compileCommand(build, target, object) {
  const r = spawnSync('ninja', ['-C', path.join(root, build), '-t', 'commands', target], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const line = r.stdout.split('\n').find((l) => l.includes(`-o ${object} `));
  assert.ok(line, `ninja has a command for ${object}`);
  assert.ok(line.includes(`${root}/cpp`), `the command for ${object} names the sources by ${root}/cpp`);
  return line
    .replaceAll(`${root}/cpp`, `${scratch}/cpp`)
    .replace(/ -MD| -M[TF] \S+/g, '')
    .replace(/ -o \S+/, '');
}
const sh = (command) => spawnSync('sh', ['-c', command], { encoding: 'utf8', cwd: root });
const quoted = (file) => JSON.stringify(file);

test('the three edits declare the function to the contract, the facade, index.d.ts and the README', async () => {
  // the contract program from the scratch contract.cpp and options.cpp, with the engine's library
  const program = path.join(scratch, 'lab_contract');
  const objects = ['contract', 'options'].map((name) => path.join(scratch, `${name}.o`));
  const commands = [
    compileCommand('build/native', 'lab_contract', 'CMakeFiles/lab_contract.dir/cpp/bindings/contract.cpp.o'),
    compileCommand('build/native', 'lab_core', 'CMakeFiles/lab_core.dir/cpp/lab/boundary/options.cpp.o'),
  ];
  const compiled = commands.map((c, i) => sh(`cd build/native && ${c} -o ${quoted(objects[i])}`));
  for (const r of compiled) assert.equal(r.status, 0, r.stderr);
  // linked by the compiler the build configured, as ninja links lab_contract
  const compiler = commands[0].split(' ')[0];
  const linked = sh(`${compiler} ${objects.map(quoted).join(' ')} build/native/liblab_core.a -o ${quoted(program)}`);
  assert.equal(linked.status, 0, linked.stderr);

  const contract = readContract(program);
  const f = contract.API.find((e) => e.name === 'scaledSoftmax');
  assert.deepEqual(f.args, [
    { name: 'x', kind: 'numbers' },
    { name: 'options', kind: 'options', optional: true, options: 'scaledSoftmax' },
  ]);
  assert.deepEqual(
    contract.options.scaledSoftmax.map((d) => [d.name, d.type, d.fallback]),
    [
      ['scale', 'number', '1'],
      ['shift', 'boolean', 'true'],
    ],
  );
  const facade = JSON.parse(await apiData(contract)).API.find((e) => e.name === 'scaledSoftmax');
  assert.deepEqual(facade, { name: 'scaledSoftmax', args: f.args, returns: 'Numbers' });
  const types = await typeDeclarations(contract, {});
  assert.match(types, /scaledSoftmax\(x: NumbersIn, options\?: ScaledSoftmaxOptions\): Numbers;/);
  assert.match(types, /export interface ScaledSoftmaxOptions \{[^}]*scale\?: number;[^}]*shift\?: boolean;[^}]*\}/);
  assert.match(
    readmeListing(contract),
    /lab\.scaledSoftmax\(x, \{scale=1, shift=true\}\) -> Numbers\n\s+softmax\(scale/,
  );
  // and nothing was there before the edits
  assert.ok(!readContract().API.some((e) => e.name === 'scaledSoftmax'));
});

test('Emscripten compiles the scratch registrations, the new function among them under its name', () => {
  const command = compileCommand(
    'build/wasm',
    'lab_bind_examples',
    'CMakeFiles/lab_bind_examples.dir/cpp/bindings/wasm/bindings_examples.cpp.o',
  );
  const checked = sh(`cd build/wasm && ${command} -fsyntax-only`);
  assert.equal(checked.status, 0, checked.stderr);
  // the registrations as the preprocessor expands them (the whole expansion is megabytes)
  const expanded = sh(`cd build/wasm && ${command.replace(/ -c /, ' -E -P ')} | grep -o 'emscripten::function([^;]*;'`);
  assert.equal(expanded.status, 0, expanded.stderr);
  const registered = expanded.stdout.trim().split('\n');
  assert.ok(registered.includes('emscripten::function("scaledSoftmax", &scaledSoftmax);'), registered.join('\n'));
  assert.ok(registered.includes('emscripten::function("softmax", &softmax);'));
  assert.equal(
    registered.length,
    readContract().API.filter((f) => !f.extras && !f.part && !f.name.startsWith('model.')).length + 1,
  );
});
