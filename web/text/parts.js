// A first visit downloads only the sentences it can show before a student goes further. These
// sections of a catalogue come later, each with the part of the page that shows it (index.js,
// `textOf`): on the site each is a chunk of its own (scripts/build-page.mjs, `catalogueParts`).
// Of each, the messages listed as `start` come at once (a menu's entry, a waiting line, the
// worksheets' verdicts), or all but those listed as `later`.
export const LATER = {
  // with the practice set's problems (the extras): their statements, steps and notes,
  // and the practice set's overview with them: its import's preview and outcomes
  practice: {
    later: [
      'families',
      'steps',
      'stepNotes',
      'formulas',
      'setIntro',
      'importPreview',
      'importUnknown',
      'importMergeMeans',
      'importMerge',
      'importReplace',
      'importCancel',
      'importMerged',
      'importReplaced',
      'importLeft',
      'importUndo',
      'importUndone',
    ],
  },
  // with the training panel's code
  training: { start: ['title', 'tocSection', 'loading', 'notLoaded'] },
  // with the Open-a-model panel's code
  opened: { start: ['title', 'tocSection', 'loading', 'notLoaded'] },
  // with the assignment pages' code
  assignment: { start: ['title', 'loading', 'notLoaded'] },
  teach: { start: ['title', 'tocTitle', 'fromPractice'] },
};

// A catalogue split in two: what a page needs at once (every section, the LATER ones cut to their
// start) and, by section, the rest.
export function splitCatalogue(catalogue) {
  const start = { ...catalogue };
  const later = {};
  for (const [name, { start: first, later: rest }] of Object.entries(LATER)) {
    const keys = Object.keys(catalogue[name]);
    const atStart = first ?? keys.filter((k) => !rest.includes(k));
    start[name] = Object.fromEntries(atStart.map((k) => [k, catalogue[name][k]]));
    later[name] = Object.fromEntries(keys.filter((k) => !atStart.includes(k)).map((k) => [k, catalogue[name][k]]));
  }
  return { start, later };
}
