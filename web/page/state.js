// The page's one serialisable state, and its round trip through the URL hash:
//   #/<example>/<step>?in=<JSON of edited inputs>&hide=<controls>&predict=1
//   (predict=1: each result that can be predicted stays hidden until the student predicts it)
//   #/practice                     the practice set
//   #/practice/<family>/<seed>     one problem, one variant
//   #/assignment[/<problem>]?<assignment>   a student's run of an assignment (assignment/definition.js)
//   #/assignment/result            a result file read back
//   #/assignment/worksheet?<assignment>[&student=<name>…]   the printable worksheet (one per
//                                  student named, when each student's numbers are their own)
//   #/assignment/key?<assignment>[&student=<name>…]         its answer key
//   #/teach[?<assignment>]         the teacher's view, setting an assignment
//   #/train[/<experiment>]?<setting>=<value>&start=1
//                                  the training panel, with one of its experiments, the settings
//                                  that differ from the experiment's (D=16&heads=4&lr=0.01 …),
//                                  and start=1 to begin training as soon as the models are made
// e.g. #/7.4/3?hide=edit,reset opens §7.4 at step 3 with editing and reset hidden. Steps are
// 1-based in the URL, 0-based in the state.
import { DEFAULT_SETUP, EXPERIMENTS } from '../training/experiments.js';
import { checkInput } from '../handouts/inputs.js';
import { address as words, inputs as inputWords } from '../text/index.js';

// predict: the predict-mode toggle (predict=1 still turns the mode on); solution: the practice
// set's Show solution and predict mode's Show me, which reveal an answer without one.
export const HIDEABLE = ['toc', 'nav', 'edit', 'reset', 'copy', 'predict', 'solution'];

export function initialState(firstExample) {
  return { example: firstExample, step: 0, edits: {}, hide: [], predict: false };
}

export const PRACTICE = 'practice';
export const TRAIN = 'train';
export const MODEL = 'model';
export const ASSIGNMENT = 'assignment';
export const TEACH = 'teach';

// The largest practice variant: a problem's seed is 32-bit in the engine (practice.generate
// refuses more). Not handouts/inputs.js's MAX_SEED, a worked example's sampling seed.
const MAX_VARIANT = 2 ** 32 - 1;

// The first escape of an address that does not spell UTF-8 text ("%E0%A4%A", "%/", a lone
// surrogate's "%ED%A0%80"), or null: such an address is refused as a whole, so that no part of
// the page ever decodes one (decodeURIComponent throws on it).
function malformedEscape(hash) {
  for (const [run] of hash.matchAll(/(?:%[0-9A-Fa-f]{2})+|%.{0,2}/gs)) {
    try {
      decodeURIComponent(run);
    } catch {
      return run;
    }
  }
  return null;
}

// ---- the routes, one table ----
//
// An address is #/<name>[/<segment>…][?<query>]. Each route declares the segments of its path
// after the name (how many it may have, each's pattern, and how it is read) and the parameters
// of its query, in the order the page writes them; fromHash and toHash read this table, and
// nothing else knows the address's grammar. An address whose path does not fit its route is
// unreadable; a segment or parameter that fits but names nothing is reported with what was
// expected, and the route keeps its default for it. A reader gets the decoded text and the
// state being built; it returns false when it refused the segment, and the route then opens
// its default place. Names from the address are looked up as own keys only, so "__proto__" or
// "constructor" names nothing. A route with `opaque` keeps its query as it is (an assignment,
// read against the engine's families when it is shown).

// A segment refused: why, and false.
const refuse = (problems, why) => (problems.push(why), false);

// hide=<controls>: the controls a link hides, each of HIDEABLE.
const hideParam = {
  key: 'hide',
  read(text, into, problems) {
    const hide = text.split(',').filter(Boolean);
    for (const h of hide) if (!HIDEABLE.includes(h)) problems.push(words.unknownControl({ control: h }));
    into.hide = hide.filter((h) => HIDEABLE.includes(h));
  },
  write: (state) => (state.hide.length ? state.hide.join(',') : null),
};
// <key>=1: a flag.
const flagParam = (key) => ({
  key,
  read: (text, into) => (into[key] = text === '1'),
  write: (state) => (state[key] ? '1' : null),
});

const ROUTES = {
  [TRAIN]: {
    // /<experiment>: one of EXPERIMENTS
    lengths: [0, 1],
    path: [
      {
        pattern: /./,
        read(text, into, problems) {
          if (!Object.hasOwn(EXPERIMENTS, text))
            return refuse(problems, words.noExperiment({ id: text, choices: Object.keys(EXPERIMENTS) }));
          into.experiment = text;
          return true;
        },
      },
    ],
    writePath: (state) => (state.experiment ? [state.experiment] : []),
    defaults: () => ({ experiment: null, settings: {}, start: false }),
    // Every other key is a setting of DEFAULT_SETUP, kept as typed: the training panel reads
    // them, and says which value it cannot use.
    query: [flagParam('start'), hideParam],
    rest: {
      read(key, text, into, problems) {
        if (Object.hasOwn(DEFAULT_SETUP, key)) into.settings[key] = text;
        else problems.push(words.unknownSetting({ key }));
      },
      write: (state) => Object.entries(state.settings || {}).map(([k, v]) => [k, String(v)]),
    },
  },
  // The opened model is never in the address: it is a file on the student's machine.
  [MODEL]: { lengths: [0], path: [], writePath: () => [], defaults: () => ({}), query: [hideParam] },
  [PRACTICE]: {
    // /<family>/<variant>: a family of the engine's (checked once they are known) and a whole
    // number up to MAX_VARIANT; without them, the list
    lengths: [0, 2],
    path: [
      {
        pattern: /./,
        read(text, into, problems, { families }) {
          if (families && !families.includes(text)) return refuse(problems, words.noFamily({ id: text }));
          into.family = text;
          return true;
        },
      },
      {
        pattern: /^\d+$/,
        read(text, into, problems) {
          if (!(Number(text) <= MAX_VARIANT))
            return refuse(problems, words.noVariant({ seed: text, max: MAX_VARIANT }));
          into.seed = Number(text);
          return true;
        },
      },
    ],
    writePath: (state) => (state.family ? [state.family, String(state.seed)] : []),
    defaults: () => ({ family: null, seed: 0 }),
    query: [hideParam],
  },
  [TEACH]: { lengths: [0], path: [], writePath: () => [], defaults: () => ({ query: '' }), opaque: true },
  [ASSIGNMENT]: {
    // /<problem> (1-based), /result, /worksheet or /key
    lengths: [0, 1],
    path: [
      {
        pattern: /^(\d+|result|worksheet|key)$/,
        read(text, into) {
          if (text === 'result') into.result = true;
          else if (text === 'worksheet' || text === 'key') into.sheet = text;
          else into.at = Math.max(0, Number(text) - 1);
          return true;
        },
      },
    ],
    writePath: (state) =>
      state.result ? ['result'] : state.sheet ? [state.sheet] : state.at ? [String(state.at + 1)] : [],
    defaults: () => ({ result: false, sheet: null, students: [], at: 0, query: '' }),
    // A sheet's students are not part of the assignment: they are who it is printed for. A run
    // and a sheet always carry their assignment's "?", even an empty one.
    opaque: true,
    students: true,
    alwaysAsks: (state) => !state.result,
  },
};

// A worked example: /<step> (1-based) and its edited inputs, hidden controls and predict mode.
const EXAMPLE = {
  lengths: [0, 1],
  path: [
    {
      // a step past either end is reported, and the nearest step opened
      pattern: /^\d+$/,
      read(text, into, problems, { example }) {
        const steps = example.steps.length;
        const step = Number(text) - 1;
        if (!(step >= 0 && step < steps)) problems.push(words.noStep({ step: text, steps }));
        into.step = Math.min(Math.max(step, 0), steps - 1);
        return true;
      },
    },
  ],
  writePath: (state) => [String(state.step + 1)],
  defaults: () => ({ step: 0, edits: {}, predict: false }),
  query: [
    {
      // in=<JSON of the edited inputs>, each checked against the input's declared bounds before
      // any work: a link asks for no more than a student could type
      key: 'in',
      read(text, into, problems, { example }) {
        let parsed;
        try {
          parsed = JSON.parse(text);
        } catch {
          return problems.push(words.notJson);
        }
        if (parsed === null || typeof parsed !== 'object') return problems.push(words.notJson);
        for (const [name, value] of Object.entries(parsed)) {
          if (!Object.hasOwn(example.inputs, name)) {
            problems.push(words.notThisExample({ name }));
            continue;
          }
          const checked = checkInput(value, example.inputs[name]);
          if (checked.error)
            problems.push(inputWords.named({ name: `${name}${checked.at ?? ''}`, error: checked.error }));
          else into.edits[name] = value;
        }
      },
      write: (state) => (Object.keys(state.edits).length ? JSON.stringify(state.edits) : null),
    },
    hideParam,
    flagParam('predict'),
  ],
};

const routeOf = (name) => (Object.hasOwn(ROUTES, name) ? ROUTES[name] : EXAMPLE);

export function toHash(state) {
  const route = routeOf(state.example);
  const path = [state.example, ...route.writePath(state)].map((s) => `/${s}`).join('');
  let query;
  if (route.opaque) {
    const names = (route.students && state.students) || [];
    query = `${state.query}${names.map((n) => `&student=${encodeURIComponent(n)}`).join('')}`;
  } else {
    const params = new URLSearchParams();
    for (const [k, v] of route.rest?.write(state) ?? []) params.set(k, v);
    for (const p of route.query) {
      const v = p.write(state);
      if (v !== null) params.set(p.key, v);
    }
    query = params.toString();
  }
  return `#${path}${query || route.alwaysAsks?.(state) ? `?${query}` : ''}`;
}

// Parses a hash; anything it cannot read is reported in `problems` (shown to the user) rather
// than thrown, and the route keeps its default for it (an address with no route at all gives
// `fallback`). `families`: the practice set's, or null while they are not yet known.
export function fromHash(hash, examples, fallback, families = []) {
  const problems = [];
  const escape = malformedEscape(hash || '');
  if (escape !== null) return { state: fallback, problems: [words.malformedEscape({ escape })] };
  // "#main" is the skip link's target, which an older page wrote into the address: no route.
  if (!hash || hash === '#' || hash === '#main') return { state: fallback, problems };
  const m = /^#\/([^?]*)(?:\?(.*))?$/s.exec(hash);
  if (!m) return { state: fallback, problems: [words.unreadable({ hash })] };
  const [name, ...segments] = m[1].split('/').map((s) => decodeURIComponent(s));
  if (name === '') return { state: fallback, problems: [words.unreadable({ hash })] };
  const query = m[2] ?? '';
  const route = routeOf(name);
  const example = route === EXAMPLE ? examples.find((e) => e.id === name) : null;
  if (route === EXAMPLE && !example) return { state: fallback, problems: [words.noExample({ id: name })] };
  if (!route.lengths.includes(segments.length) || segments.some((s, i) => !route.path[i].pattern.test(s)))
    return { state: fallback, problems: [words.unreadable({ hash })] };
  const context = { families, example };
  const state = { example: name, step: 0, edits: {}, hide: [], ...route.defaults() };
  // the first segment refused leaves the route's default place
  if (!segments.every((text, i) => route.path[i].read(text, state, problems, context)))
    Object.assign(state, route.defaults());
  if (route.opaque) {
    const params = new URLSearchParams(query);
    if (route.students && state.sheet) {
      state.students = params.getAll('student');
      params.delete('student');
      state.query = params.toString();
    } else state.query = query;
  } else {
    const params = new URLSearchParams(query);
    for (const p of route.query) if (params.has(p.key)) p.read(params.get(p.key), state, problems, context);
    for (const [key, text] of params)
      if (!route.query.some((p) => p.key === key)) {
        if (route.rest) route.rest.read(key, text, state, problems);
        else problems.push(words.unknownParameter({ key, choices: route.query.map((p) => p.key) }));
      }
  }
  return { state, problems };
}
