// What the assignment views share: a family's title, a score in words, a box that scrolls.
import { assignment as words, sentence, sentences, ui } from '../../../text/index.js';
import { h } from '../dom.js';

// Each family's section and title, by id.
export const titlesOf = (practice) => new Map(practice.families().map((f) => [f.id, `${f.section} ${f.title}`]));
// Where a problem of a run stands: "solved, 2 attempts" or "1 attempt".
export const standing = (r) =>
  `${r.solved ? `${words.solvedMark}, ` : ''}${words.attemptsOf({ n: r.attempts.length })}`;

// "2 of 4 solved, 3 attempts. Pass mark: 60 % of the problems solved. Not passed yet."
export const scoreLine = (attrs, score, pass) =>
  h(
    'p',
    { class: 'score', ...attrs },
    // joined as the page's language joins sentences ("…%. Pass mark: … Not" and "…%。及格线：…尚未")
    ui.joined({
      first: sentences(
        sentence(words.score({ ...score, percent: Math.round(score.percent) })),
        words.passMark({ pass }),
      ),
      second: '',
    }),
    h('strong', {}, score.passed ? words.passed : words.notPassed),
  );

// A table wider than a phone scrolls sideways in a box of its own, a labelled Tab stop
// (scrollable.js marks every .scroll box).
export const scrollBox = (label, table) => h('div', { class: 'scroll', dataset: { label } }, table);
