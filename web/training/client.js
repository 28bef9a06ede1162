// The page's end of the training protocol (trainer.js): a Web Worker when one can be started,
// else the same loop on the page's thread. Views talk to this, never to the worker directly.
import { createTrainer } from './trainer.js';

export function connectTrainer(lab, { workerUrl, onMessage }) {
  let send;
  let inWorker = false;
  const local = () => {
    const handle = createTrainer(lab, (m) => setTimeout(() => onMessage(m), 0));
    send = (m) => handle(m);
    inWorker = false;
  };
  if (workerUrl && typeof Worker === 'function') {
    try {
      const worker = new Worker(workerUrl);
      const queued = [];
      send = (m) => queued.push(m);
      inWorker = true;
      worker.onmessage = (e) => {
        if (e.data.type === 'loaded') {
          send = (m) => worker.postMessage(m);
          for (const m of queued.splice(0)) send(m);
        } else if (e.data.type === 'failed') {
          worker.terminate();
          local();
          for (const m of queued.splice(0)) send(m);
        } else onMessage(e.data);
      };
      worker.onerror = (e) => {
        // The worker script could not load (a file:// page, a blocked URL): train on this thread.
        e.preventDefault();
        worker.terminate();
        local();
        for (const m of queued.splice(0)) send(m);
      };
    } catch {
      local();
    }
  } else local();
  return {
    send: (m) => send(m),
    get inWorker() {
      return inWorker;
    },
  };
}
