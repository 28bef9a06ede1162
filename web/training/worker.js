// The Web Worker that trains (dist/trainer.js): its own copy of the engine, driven by messages.
import { loadEngine } from '../engine/index.js';
import { createTrainer } from './trainer.js';

loadEngine()
  .then((lab) => {
    const handle = createTrainer(lab, (m) => self.postMessage(m));
    self.onmessage = (e) => handle(e.data);
    self.postMessage({ type: 'loaded' });
  })
  .catch((e) => self.postMessage({ type: 'failed', message: e.message }));
