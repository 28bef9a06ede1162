// Drawing within a frame's share: a redraw puts at most FRAME_CELLS cells on the page at once,
// and the rows of larger matrices follow in the next animation frames.

// A text box's share of a frame, in numbers' cells: drawing one costs about three times a
// number's cell (window.js).
export const BOX_COST = 3;

// A redraw draws at most FRAME_CELLS cells at once (a text box counts as BOX_COST); the rest of
// the rows of its matrices follow in the next animation frames, FRAME_CELLS at a time. So a
// redraw at the inputs' bounds (§9.2 shows 1,300 cells there: 60 ms at once on the test
// machines) costs about what one at the handout's inputs does, whose other content (text,
// formulas, contents) weighs about as much as 192 cells; npm run bench measures both. Every
// matrix of the handout's own examples but §6.1's PE is drawn whole at once.
export const FRAME_CELLS = 192;
let frameCells = FRAME_CELLS; // what the current frame may still draw
const unfinished = []; // [table, drawRows] of matrices with rows still to draw, in page order
let frameAsked = false;

export function spend(cells) {
  frameCells -= cells;
  askFrame();
}

// Each frame starts with a full share and gives it to the unfinished matrices in order. A
// matrix no longer on the page (a later redraw replaced it) is dropped.
function askFrame() {
  if (frameAsked) return;
  frameAsked = true;
  requestAnimationFrame(() => {
    frameAsked = false;
    frameCells = FRAME_CELLS;
    while (unfinished.length && frameCells > 0) {
      const [table, drawRows] = unfinished[0];
      if (!table.isConnected) {
        unfinished.shift();
        continue;
      }
      const { cells, done } = drawRows(frameCells);
      frameCells -= cells;
      if (done) {
        unfinished.shift();
        table.removeAttribute('aria-busy');
      }
    }
    // Again while there is more to draw, or to give the next frame its full share.
    if (unfinished.length || frameCells < FRAME_CELLS) askFrame();
  });
}

// Draws what the frame's share allows now (one row at least, even from a spent share: a grid
// with no rows is not a grid to a screen reader), and leaves the rest to the next frames. Until
// its last row is in, the table says it is busy, so assistive technology waits for it.
export function drawSoon(table, drawRows) {
  const { cells, done } = drawRows(Math.max(frameCells, 1));
  spend(cells);
  if (done) return;
  table.setAttribute('aria-busy', 'true');
  unfinished.push([table, drawRows]);
  askFrame();
}
