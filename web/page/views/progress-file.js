// The practice progress as a file: Export, and Import, which reads the file (progress.readFile:
// its size, its JSON, every record) and shows what it holds against what the page holds before
// anything changes; the student merges, replaces or leaves it, and can undo the import for the
// rest of the session. `known`: the ids of the families this page has.
import { practice as text } from '../../text/index.js';
import { download, h } from './dom.js';

// How the last import went (progress.outcome), in words.
function outcomeText(outcome) {
  if (outcome.failed) return text.importFailed({ why: outcome.failed });
  return (
    { merged: text.importMerged, replaced: text.importReplaced, left: text.importLeft, undone: text.importUndone }[
      outcome
    ] ?? ''
  );
}

// A progress file read and held (progress.pending): what it holds against what the page holds,
// and the choice to merge, replace or leave it; nothing changes before the student chooses.
function importPreview(pending, choose) {
  return h(
    'div',
    {
      class: 'import-preview',
      id: 'import-preview',
      role: 'group',
      'aria-labelledby': 'import-preview-text',
      tabindex: '-1',
    },
    h(
      'p',
      { id: 'import-preview-text' },
      text.importPreview({
        kinds: pending.theirs.families,
        theirs: text.progressLine(pending.theirs),
        mine: text.progressLine(pending.mine),
      }),
    ),
    pending.unknown ? h('p', {}, text.importUnknown({ n: pending.unknown })) : null,
    h('p', {}, text.importMergeMeans),
    h(
      'div',
      { class: 'practice-controls' },
      h('button', { type: 'button', id: 'import-merge', onclick: () => choose('merge') }, text.importMerge),
      h('button', { type: 'button', id: 'import-replace', onclick: () => choose('replace') }, text.importReplace),
      h('button', { type: 'button', id: 'import-cancel', onclick: () => choose('cancel') }, text.importCancel),
    ),
  );
}

export function progressFiles({ progress, known, onImport }) {
  const undo = () => {
    progress.undo();
    onImport('import-progress');
  };
  const status = h(
    'p',
    { role: 'status', 'aria-live': 'polite', class: 'import-status' },
    outcomeText(progress.outcome),
  );
  const save = () => download('attention-lab-progress.json', progress.exportJson());
  const file = h('input', {
    type: 'file',
    accept: 'application/json,.json',
    id: 'import-progress',
    onchange: async (e) => {
      const f = e.target.files[0];
      e.target.value = ''; // so that the same file can be chosen again
      if (!f) return;
      const problem = await progress.readFile(f, known);
      onImport(problem ? null : 'import-preview');
    },
  });
  const choose = (how) => {
    progress.apply(how);
    onImport(progress.canUndo && how !== 'cancel' ? 'import-undo' : 'import-progress');
  };
  return [
    h(
      'div',
      { class: 'practice-controls' },
      h('button', { type: 'button', id: 'export-progress', onclick: save }, text.exportProgress),
      h('label', { class: 'button' }, text.importProgress, file),
      // for the rest of the session, whatever was tried since
      progress.canUndo && h('button', { type: 'button', id: 'import-undo', onclick: undo }, text.importUndo),
    ),
    progress.pending && importPreview(progress.pending, choose),
    status,
  ];
}
