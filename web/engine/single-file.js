// The engine of the single file (dist/attention-lab.html): scripts/build-page.mjs puts this module
// where index.js and extras.js import the engine's module. The wasm comes as base64 of the wasm
// gzipped, not as the module's own base64 of the wasm: gzip finds little to share in base64's
// six-bit letters, so the file would carry the wasm in 336 KB gzipped where its own
// bytes gzip to 251 KB. fflate's inflate (a few KB) unpacks it in every browser that runs
// WebAssembly, and the module compiles what it is given instead of decoding its own copy.
import { gunzipSync } from 'fflate';
import create from 'attention-lab:engine/module';
import packed from 'attention-lab:engine/wasm';

export default (options = {}) =>
  create({ ...options, wasmBinary: gunzipSync(Uint8Array.from(atob(packed), (c) => c.charCodeAt(0))) });
