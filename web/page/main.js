// Placeholder page: loads the engine and shows two handout results it computes. The stepped
// walk-through of every worked example replaces this (issue: the page).
import { loadEngine } from '../engine/index.js';
import { retrieval, toyModel, toyOptions, toyTokens, toyVocabulary } from './examples/handout.js';

const $ = (id) => document.getElementById(id);
const fmt = (xs) => `[${xs.map((x) => +x.toFixed(6)).join(', ')}]`;

async function main() {
  const status = $('status');
  try {
    const lab = await loadEngine();
    window.lab = lab;
    const r = lab.attention(retrieval.q, retrieval.k, retrieval.v);
    const lm = lab.lmForward(toyTokens, toyModel, toyOptions);
    const next = lab.generate(toyTokens.slice(0, 3), toyModel, { ...toyOptions, steps: 1 }).tokens[3];
    $('weights').textContent = fmt(r.weights[0]);
    $('retrieval').textContent = fmt(r.output[0]);
    $('loss').textContent = lm.loss.toFixed(5);
    $('next').textContent = toyVocabulary[next];
    status.textContent = 'Engine ready.';
    $('results').hidden = false;
  } catch (e) {
    status.textContent = `The engine could not start: ${e.message}`;
    status.classList.add('error');
  }
}

main();
