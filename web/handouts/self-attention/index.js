// Handout #11, "Self-Attention and Next-Token Prediction", as the page shows it: its worked
// examples in the handout's order and its practice set in words. A second handout is a folder
// beside this one with the same two exports (its families' words and examples' sentences go in
// the catalogues of web/text/, under their own keys).
export { examples } from './examples/index.js';
export { wordedPractice } from './practice.js';
