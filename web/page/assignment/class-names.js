// The class list a teacher types into the teacher's view (the students of the worksheets), kept
// while the page is open and in this browser (a teacher's own) across visits, so that opening the
// worksheet and coming back keeps it. Storage that is blocked keeps it in the page alone.
import { browserStorage } from '../storage.js';

export const KEY = 'attention-lab.teach-names.v1';

export function createClassNames(storage = browserStorage()) {
  let typed = null; // what was typed in this page, which storage may not have taken
  return {
    get text() {
      if (typed !== null) return typed;
      try {
        return storage?.getItem(KEY) ?? '';
      } catch {
        return '';
      }
    },
    keep(text) {
      typed = text;
      try {
        storage?.setItem(KEY, text);
      } catch {
        // kept in the page only
      }
    },
  };
}
