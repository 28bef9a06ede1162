// A route whose code is a chunk fetched on its first visit (the Lab's panels, the assignment
// pages): it asks once, keeps what the chunk made or why it could not come (the message says to
// reload), and redraws when either is known.
import { h } from '../views/dom.js';

// fetch(): resolves to what the route draws from; failedText: the lead of the message when it
// cannot come; settled(): called once it has come or failed.
export function lazyRoute(fetch, failedText, settled) {
  const route = { made: null, failed: '', asked: null };
  route.load = () =>
    (route.asked ??= fetch().then(
      (made) => {
        route.made = made;
        settled();
      },
      (e) => {
        route.failed = `${failedText} ${e.message}`;
        settled();
      },
    ));
  return route;
}

// What such a route shows until its code is here: that it is coming, or why it could not come.
// `id` is the line's, the heading the focus goes to.
export const waitingLine = (route, id, loadingText) =>
  route.failed
    ? h('p', { id, class: 'notice', role: 'alert', tabindex: '-1' }, route.failed)
    : h('p', { id, class: 'loading', role: 'status', tabindex: '-1' }, loadingText);
