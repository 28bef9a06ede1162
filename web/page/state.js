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
import { checkInput } from './inputs.js';
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

export function toHash(state) {
  const params = new URLSearchParams();
  if (state.example === TRAIN) {
    for (const [key, value] of Object.entries(state.settings || {})) params.set(key, String(value));
    if (state.start) params.set('start', '1');
    if (state.hide.length) params.set('hide', state.hide.join(','));
    const query = params.toString();
    return `#/${TRAIN}${state.experiment ? `/${state.experiment}` : ''}${query ? `?${query}` : ''}`;
  }
  if (state.example === MODEL) {
    if (state.hide.length) params.set('hide', state.hide.join(','));
    const query = params.toString();
    return `#/${MODEL}${query ? `?${query}` : ''}`;
  }
  if (state.example === ASSIGNMENT) {
    if (state.result) return `#/${ASSIGNMENT}/result${state.query ? `?${state.query}` : ''}`;
    if (state.sheet) {
      const names = (state.students || []).map((n) => `&student=${encodeURIComponent(n)}`).join('');
      return `#/${ASSIGNMENT}/${state.sheet}?${state.query}${names}`;
    }
    return `#/${ASSIGNMENT}${state.at ? `/${state.at + 1}` : ''}?${state.query}`;
  }
  if (state.example === TEACH) return `#/${TEACH}${state.query ? `?${state.query}` : ''}`;
  if (state.example === PRACTICE) {
    if (state.hide.length) params.set('hide', state.hide.join(','));
    const query = params.toString();
    return `#/${PRACTICE}${state.family ? `/${state.family}/${state.seed}` : ''}${query ? `?${query}` : ''}`;
  }
  if (Object.keys(state.edits).length) params.set('in', JSON.stringify(state.edits));
  if (state.hide.length) params.set('hide', state.hide.join(','));
  if (state.predict) params.set('predict', '1');
  const query = params.toString();
  return `#/${state.example}/${state.step + 1}${query ? `?${query}` : ''}`;
}

// The largest practice variant: a problem's seed is 32-bit in the engine (practice.generate
// refuses more). Not inputs.js's MAX_SEED, a worked example's sampling seed.
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

// Parses a hash; anything it cannot read falls back to `fallback` and is reported in `problems`
// (shown to the user) rather than thrown. Names from the address are looked up as own keys only,
// so "__proto__" or "constructor" names nothing.
export function fromHash(hash, examples, fallback, families = []) {
  // families: null while not yet known
  const problems = [];
  const escape = malformedEscape(hash || '');
  if (escape !== null) return { state: fallback, problems: [words.malformedEscape({ escape })] };
  const train = /^#\/train(?:\/([^/?]+))?(?:\?(.*))?$/.exec(hash || '');
  if (train) {
    const params = new URLSearchParams(train[2] || '');
    const hide = (params.get('hide') || '').split(',').filter((x) => HIDEABLE.includes(x));
    // Settings stay as typed: the training panel reads them, and says which it cannot.
    const settings = {};
    for (const [key, value] of params) {
      if (Object.hasOwn(DEFAULT_SETUP, key)) settings[key] = value;
      else if (key !== 'hide' && key !== 'start') problems.push(words.unknownSetting({ key }));
    }
    let experiment = train[1] ? decodeURIComponent(train[1]) : null;
    if (experiment !== null && !Object.hasOwn(EXPERIMENTS, experiment)) {
      problems.push(words.noExperiment({ id: experiment, choices: Object.keys(EXPERIMENTS) }));
      experiment = null;
    }
    return {
      state: {
        example: TRAIN,
        experiment,
        settings,
        start: params.get('start') === '1',
        step: 0,
        edits: {},
        hide,
      },
      problems,
    };
  }
  // The opened model is never in the address: it is a file on the student's machine.
  const model = /^#\/model(?:\?(.*))?$/.exec(hash || '');
  if (model) {
    const hide = (new URLSearchParams(model[1] || '').get('hide') || '').split(',').filter((x) => HIDEABLE.includes(x));
    return { state: { example: MODEL, step: 0, edits: {}, hide }, problems };
  }
  // An assignment's query is read (against the engine's families) when it is shown.
  const assignment = /^#\/assignment(?:\/(\d+|result|worksheet|key))?(?:\?(.*))?$/.exec(hash || '');
  if (assignment) {
    const result = assignment[1] === 'result';
    const sheet = ['worksheet', 'key'].includes(assignment[1]) ? assignment[1] : null;
    const at = !result && !sheet && assignment[1] ? Math.max(0, Number(assignment[1]) - 1) : 0;
    // A sheet's students are not part of the assignment: they are who it is printed for.
    const params = new URLSearchParams(assignment[2] || '');
    const students = sheet ? params.getAll('student') : [];
    if (sheet) params.delete('student');
    const query = sheet ? params.toString() : assignment[2] || '';
    return {
      state: { example: ASSIGNMENT, result, sheet, students, at, query, step: 0, edits: {}, hide: [] },
      problems,
    };
  }
  const teach = /^#\/teach(?:\?(.*))?$/.exec(hash || '');
  if (teach) return { state: { example: TEACH, query: teach[1] || '', step: 0, edits: {}, hide: [] }, problems };
  const practice = /^#\/practice(?:\/([^/?]+)\/(\d+))?(?:\?(.*))?$/.exec(hash || '');
  if (practice) {
    const hide = (new URLSearchParams(practice[3] || '').get('hide') || '')
      .split(',')
      .filter((x) => HIDEABLE.includes(x));
    if (practice[1] && families && !families.includes(decodeURIComponent(practice[1]))) {
      return {
        state: { example: PRACTICE, step: 0, edits: {}, hide },
        problems: [words.noFamily({ id: decodeURIComponent(practice[1]) })],
      };
    }
    const seed = Number(practice[2] || 0);
    if (!(seed <= MAX_VARIANT)) {
      return {
        state: { example: PRACTICE, step: 0, edits: {}, hide },
        problems: [words.noVariant({ seed: practice[2], max: MAX_VARIANT })],
      };
    }
    return {
      state: {
        example: PRACTICE,
        family: practice[1] ? decodeURIComponent(practice[1]) : null,
        seed,
        step: 0,
        edits: {},
        hide,
      },
      problems,
    };
  }
  const m = /^#\/([^/?]+)(?:\/(\d+))?(?:\?(.*))?$/.exec(hash || '');
  // "#main" is the skip link's target, which an older page wrote into the address: no route.
  const none = !hash || hash === '#' || hash === '#main';
  if (!m) return { state: fallback, problems: none ? [] : [words.unreadable({ hash })] };
  const example = examples.find((e) => e.id === decodeURIComponent(m[1]));
  if (!example) return { state: fallback, problems: [words.noExample({ id: decodeURIComponent(m[1]) })] };
  const steps = example.steps.length;
  let step = m[2] ? Number(m[2]) - 1 : 0;
  if (step < 0 || step >= steps) {
    problems.push(words.noStep({ step: m[2], steps }));
    step = Math.min(Math.max(step, 0), steps - 1);
  }
  const params = new URLSearchParams(m[3] || '');
  let edits = {};
  if (params.has('in')) {
    try {
      const parsed = JSON.parse(params.get('in'));
      for (const [name, value] of Object.entries(parsed)) {
        if (!Object.hasOwn(example.inputs, name)) {
          problems.push(words.notThisExample({ name }));
          continue;
        }
        // Checked against the input's declared bounds before any work: a link asks for no more
        // than a student could type.
        const checked = checkInput(value, example.inputs[name]);
        if (checked.error)
          problems.push(inputWords.named({ name: `${name}${checked.at ?? ''}`, error: checked.error }));
        else edits[name] = value;
      }
    } catch {
      problems.push(words.notJson);
      edits = {};
    }
  }
  const hide = (params.get('hide') || '').split(',').filter(Boolean);
  for (const h of hide) if (!HIDEABLE.includes(h)) problems.push(words.unknownControl({ control: h }));
  return {
    state: {
      example: example.id,
      step,
      edits,
      hide: hide.filter((h) => HIDEABLE.includes(h)),
      predict: params.get('predict') === '1',
    },
    problems,
  };
}
