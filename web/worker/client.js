// The page's end of a worker protocol (the trainer, trainer.js; an opened model's inspector,
// web/models/inspector.js): a Web Worker when one can be started, else the same handler on the
// page's thread. Views talk to this, never to the worker directly.
import { createTrainer } from '../training/trainer.js';

// role: which protocol the worker serves (worker.js reads it from the worker's name); create:
// the same protocol's handler, for the page's thread. A message's `transfer` list (an opened
// file's buffer) moves to the worker instead of being copied.
export function connectWorker(lab, { workerUrl, role, create, onMessage }) {
  let send;
  let inWorker = false;
  const local = () => {
    const handle = create(lab, (m) => setTimeout(() => onMessage(m), 0));
    send = (m) => handle(m);
    inWorker = false;
  };
  if (workerUrl && typeof Worker === 'function') {
    try {
      const worker = new Worker(workerUrl, { name: role });
      const queued = [];
      send = (m, transfer) => queued.push([m, transfer]);
      inWorker = true;
      worker.onmessage = (e) => {
        if (e.data.type === 'loaded') {
          send = (m, transfer = []) => worker.postMessage(m, transfer);
          for (const [m, transfer] of queued.splice(0)) send(m, transfer);
        } else if (e.data.type === 'failed') {
          worker.terminate();
          local();
          for (const [m, transfer] of queued.splice(0)) send(m, transfer);
        } else onMessage(e.data);
      };
      worker.onerror = (e) => {
        // The worker script could not load (a file:// page, a blocked URL): work on this thread.
        e.preventDefault();
        worker.terminate();
        local();
        for (const [m, transfer] of queued.splice(0)) send(m, transfer);
      };
    } catch {
      local();
    }
  } else local();
  return {
    send: (m, transfer) => send(m, transfer),
    get inWorker() {
      return inWorker;
    },
  };
}

export const connectTrainer = (lab, { workerUrl, onMessage }) =>
  connectWorker(lab, { workerUrl, role: 'trainer', create: createTrainer, onMessage });
