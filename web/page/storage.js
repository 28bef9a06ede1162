// The browser's localStorage, or null where the browser refuses it. Reading
// `globalThis.localStorage` itself throws a SecurityError in a frame of another origin whose
// storage is blocked (an LMS serving content from a content domain, a sandboxed frame, a browser
// that blocks third-party storage): every store of the page takes its storage from here, so that
// such a page works from memory instead of not starting.
let checked;
export function browserStorage() {
  if (checked === undefined) {
    try {
      checked = globalThis.localStorage ?? null;
    } catch {
      checked = null;
    }
  }
  return checked;
}
