// How large each kind of file the page opens may be. A file past its kind's most is refused by
// its size, before a byte of it is read: reading it whole is what would hold the page for seconds
// or take the tab's memory, and the student learns at once that it is not the file they meant.
const MB = 2 ** 20;

export const FILE_MOST = Object.freeze({
  // a week of progress on every family is a few kilobytes
  progress: 1 * MB,
  // a class's result files are tens of kilobytes (a run of 140 problems, a few attempts each);
  // one that typed every answer at the most attempts a problem counts would be longer, and is
  // not a student's
  result: 4 * MB,
  // nanoGPT's character vocabularies are a few kilobytes; a training text read as one (the
  // characters it uses) is Shakespeare's 1.1 MB
  vocabulary: 4 * MB,
  // the largest model the training panel makes: about 4 M parameters (training keeps four copies
  // within the engine's 16 M numbers), at most 24 characters each as JSON
  saved: 128 * MB,
  // GPT-2 small is 498 MB; the engine takes at most 200 M float32 numbers (800 MB), and its
  // header, judged by the engine, says so of a larger model
  checkpoint: 1024 * MB,
  // a checkpoint opened on the page's thread (a single file opened from disk cannot start a
  // worker): GPT-2 small's 498 MB held the page 2.4 s while the engine read it there, about
  // 4.7 ms a MB, and 32 MB hold it about 150 ms; the site's worker opens larger ones
  checkpointOnPageThread: 32 * MB,
});

// null when `file` ({name, size}) may be read as a `kind` file; otherwise {kind, name, got, most},
// in bytes, which text/field.js's fileTooLarge words.
export function tooLarge(file, kind) {
  const most = FILE_MOST[kind];
  return file.size > most ? { kind, name: file.name, got: file.size, most } : null;
}
