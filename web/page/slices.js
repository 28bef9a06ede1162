// Long work on the page's thread (result files re-checked, sheets drawn) done in slices, so that
// a click, a key or a frame never waits long: the work asks `due()` between steps, and when a
// slice has run SLICE_MS it awaits `pause()`, which gives the page back for one turn.

// Well under the 200 ms past which a click or a key waits visibly.
export const SLICE_MS = 50;

// The page given back for one turn: a message to itself comes after what waits (a click, a
// frame) without the 4 ms a nested setTimeout is held back.
const givenBack = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => (channel.port1.close(), resolve());
    channel.port2.postMessage(null);
  });

export function slices() {
  let since = performance.now();
  return {
    due: () => performance.now() - since > SLICE_MS,
    async pause() {
      await givenBack();
      since = performance.now();
    },
  };
}
