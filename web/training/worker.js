// The Web Worker that trains (dist/trainer.js): its own copy of the engine's extras (the
// trainable models), driven by messages.
import { loadExtras } from '../engine/index.js';
import { createTrainer } from './trainer.js';

loadExtras()
  .then((lab) => {
    const handle = createTrainer(lab, (m) => self.postMessage(m));
    self.onmessage = (e) => handle(e.data);
    self.postMessage({ type: 'loaded' });
  })
  .catch((e) => self.postMessage({ type: 'failed', message: e.message }));
