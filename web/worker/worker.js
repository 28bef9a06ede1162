// The Web Worker of the page's models (dist/trainer.js): its own copy of the engine's extras (the
// trainable models), driven by messages. Its name says which protocol it serves: "inspector"
// for an opened checkpoint (web/models/inspector.js), else the training loop (trainer.js).
import { loadExtras } from '../engine/index.js';
import { createInspector } from '../models/inspector.js';
import { createTrainer } from '../training/trainer.js';

loadExtras()
  .then((lab) => {
    const create = self.name === 'inspector' ? createInspector : createTrainer;
    const handle = create(lab, (m) => self.postMessage(m));
    self.onmessage = (e) => handle(e.data);
    self.postMessage({ type: 'loaded' });
  })
  .catch((e) => self.postMessage({ type: 'failed', message: e.message }));
