// The module behind loadExtras() (index.js): in Node and the single file, the one module with
// every part; the site's build (scripts/build-page.mjs) puts the extras' own module here.
export { default } from '../../build/wasm/attention_lab.cjs';
