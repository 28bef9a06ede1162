// The test LMS: scorm-again's SCORM 1.2 runtime made as strict as the SCORM 1.2 Run-Time
// Environment (and Moodle, which enforces it) is. scorm-again takes a 5,000-character
// suspend_data, a 300-character student_response or an interaction index past the count; an
// LMS refuses them, so a package tested against scorm-again alone could lose data unseen. Every
// call goes through the data model below first (types, lengths, vocabularies, read and write
// rights, error codes 201, 301, 401–405), then to scorm-again.
//
// It is also the LMS's database: what a commit stores is `kept` (the CMI and the interactions),
// which a later launch starts from, and it can misbehave on purpose (`faults`): refuse
// LMSInitialize or some commits, throw from LMSGetValue or answer it with an object, and apply
// Moodle's "mastery score overrides status" at LMSFinish.
//
// A module for Node (the unit tests) and the browser (the test LMS page), given scorm-again's
// Scorm12API class.

const string255 = /^[\s\S]{0,255}$/;
const TYPES = {
  CMIString255: string255,
  CMIString4096: /^[\s\S]{0,4096}$/,
  CMIDecimal: /^-?\d{1,3}(\.\d+)?$|^-?\.\d+$/,
  CMIIdentifier: /^[\x21-\x7e]{1,255}$/,
  CMITime: /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,2})?$/,
  CMITimespan: /^\d{2,4}:[0-5]\d:[0-5]\d(\.\d{1,2})?$/,
  CMIFeedback: string255,
};
const vocabulary = (...words) => new RegExp(`^(${words.join('|')})$`);
const STATUS = vocabulary('passed', 'completed', 'failed', 'incomplete', 'browsed');
const EXIT = /^(time-out|suspend|logout|)$/;
const INTERACTION_TYPE = vocabulary(
  'true-false',
  'choice',
  'fill-in',
  'matching',
  'performance',
  'sequencing',
  'likert',
  'numeric',
);
const RESULT = /^(correct|wrong|unanticipated|neutral|-?\d{1,3}(\.\d+)?)$/;

// element (with n for an index): [rights, format, range]
const MODEL = {
  'cmi.core._children': ['r'],
  'cmi.core.student_id': ['r'],
  'cmi.core.student_name': ['r'],
  'cmi.core.lesson_location': ['rw', TYPES.CMIString255],
  'cmi.core.credit': ['r'],
  'cmi.core.lesson_status': ['rw', STATUS],
  'cmi.core.entry': ['r'],
  'cmi.core.score._children': ['r'],
  'cmi.core.score.raw': ['rw', TYPES.CMIDecimal, [0, 100]],
  'cmi.core.score.min': ['rw', TYPES.CMIDecimal, [0, 100]],
  'cmi.core.score.max': ['rw', TYPES.CMIDecimal, [0, 100]],
  'cmi.core.total_time': ['r'],
  'cmi.core.lesson_mode': ['r'],
  'cmi.core.exit': ['w', EXIT],
  'cmi.core.session_time': ['w', TYPES.CMITimespan],
  'cmi.suspend_data': ['rw', TYPES.CMIString4096],
  'cmi.launch_data': ['r'],
  'cmi.comments': ['rw', TYPES.CMIString4096],
  'cmi.student_data.mastery_score': ['r'],
  'cmi.interactions._children': ['r'],
  'cmi.interactions._count': ['r'],
  'cmi.interactions.n.id': ['w', TYPES.CMIIdentifier],
  'cmi.interactions.n.time': ['w', TYPES.CMITime],
  'cmi.interactions.n.type': ['w', INTERACTION_TYPE],
  'cmi.interactions.n.weighting': ['w', TYPES.CMIDecimal],
  'cmi.interactions.n.student_response': ['w', TYPES.CMIFeedback],
  'cmi.interactions.n.result': ['w', RESULT],
  'cmi.interactions.n.latency': ['w', TYPES.CMITimespan],
};

// kept: what the last session committed ({cmi, interactions}) or null on a first launch;
// learner: {id, name}; masteryScore: the manifest's, or ''; faults: {initialize: false,
// failCommits: n (the next n commits fail with 101), throwOnGet, objectOnGet, masteryOverride};
// onStore(kept): every stored commit.
export function strictScorm12(
  Scorm12API,
  { kept = null, learner, masteryScore = '', faults = {}, onStore = () => {} },
) {
  const inner = new Scorm12API({ autocommit: false, logLevel: 5 });
  const core = kept?.cmi?.core;
  inner.loadFromJSON({
    suspend_data: kept?.cmi?.suspend_data ?? '',
    student_data: { mastery_score: String(masteryScore) },
    core: {
      student_id: core?.student_id ?? learner?.id ?? '',
      student_name: core?.student_name ?? learner?.name ?? '',
      lesson_status: core?.lesson_status ?? 'not attempted',
      score: core?.score ?? { raw: '', min: '', max: '' },
      entry: kept ? (core?.exit === 'suspend' ? 'resume' : '') : 'ab-initio',
    },
  });
  const stored = [...(kept?.interactions ?? [])]; // committed interactions, in order
  let open = [...stored]; // with the session's uncommitted ones
  let initialized = false;
  let finished = false;
  let error = '0';
  let failCommits = faults.failCommits ?? 0;
  const fail = (code) => {
    error = code;
    return 'false';
  };
  const modelOf = (element) => {
    const m = /^cmi\.interactions\.(\d+)\.([a-z_]+)$/.exec(element);
    if (m) return { name: `cmi.interactions.n.${m[2]}`, index: Number(m[1]), field: m[2] };
    return { name: element };
  };
  const store = () => {
    const { cmi } = inner.renderCMIToJSONObject();
    const record = { cmi, interactions: open.map((i) => ({ ...i })) };
    stored.splice(0, stored.length, ...record.interactions);
    onStore(record);
  };

  const api = {
    calls: [], // every call and its answer, for a test to read
    LMSInitialize(param) {
      if (param !== '') return fail('201');
      if (initialized || finished) return fail('101');
      if (faults.initialize === false) return fail('101');
      initialized = true;
      error = '0';
      return String(inner.LMSInitialize(''));
    },
    LMSFinish(param) {
      if (param !== '') return fail('201');
      if (!initialized) return fail('301');
      // Moodle's StoreData at LMSFinish: with a mastery score and a raw score, the status is
      // decided by them ("mastery score overrides status").
      const raw = inner.cmi.core.score.raw;
      if (faults.masteryOverride && masteryScore !== '' && raw !== '')
        inner.cmi.core.lesson_status = Number(raw) >= Number(masteryScore) ? 'passed' : 'failed';
      const result = api.LMSCommit('');
      initialized = false;
      finished = true;
      inner.LMSFinish('');
      return result;
    },
    LMSGetValue(element) {
      if (faults.throwOnGet) throw new Error('LMS down');
      if (faults.objectOnGet) return { value: '' };
      if (!initialized) return (fail('301'), '');
      const { name, index, field } = modelOf(String(element));
      if (name.endsWith('._children') && !MODEL[name]) return (fail('202'), '');
      if (name.endsWith('._count') && !MODEL[name]) return (fail('203'), '');
      const entry = MODEL[name];
      if (!entry) return (fail('201'), '');
      if (entry[0] === 'w') return (fail('404'), '');
      error = '0';
      if (name === 'cmi.interactions._count') return String(open.length);
      if (index !== undefined) return String(open[index]?.[field] ?? '');
      return String(inner.LMSGetValue(element));
    },
    LMSSetValue(element, value) {
      if (!initialized) return fail('301');
      if (typeof value !== 'string') value = String(value);
      const { name, index, field } = modelOf(String(element));
      const entry = MODEL[name];
      if (/\._(children|count)$/.test(name)) return fail('402');
      if (!entry) return fail('201');
      if (entry[0] === 'r') return fail('403');
      const [, format, range] = entry;
      if (format && !format.test(value)) return fail('405');
      if (range && (Number(value) < range[0] || Number(value) > range[1])) return fail('405');
      if (index !== undefined) {
        if (index > open.length) return fail('201'); // indices are filled in order
        open[index] = { ...open[index], [field]: value };
        error = '0';
        return 'true';
      }
      const done = String(inner.LMSSetValue(element, value));
      error = done === 'true' ? '0' : String(inner.LMSGetLastError());
      return done;
    },
    LMSCommit(param) {
      if (param !== '') return fail('201');
      if (!initialized) return fail('301');
      if (failCommits > 0) {
        failCommits -= 1;
        return fail('101');
      }
      store();
      error = '0';
      return 'true';
    },
    LMSGetLastError: () => error,
    LMSGetErrorString: (code) =>
      ({
        0: 'No error',
        101: 'General exception',
        201: 'Invalid argument error',
        202: 'Element cannot have children',
        203: 'Element not an array - cannot have count',
        301: 'Not initialized',
        401: 'Not implemented error',
        402: 'Invalid set value, element is a keyword',
        403: 'Element is read only',
        404: 'Element is write only',
        405: 'Incorrect data type',
      })[code] ?? '',
    LMSGetDiagnostic: (code) => code || error,
    // For a test: the session's status and score as the LMS holds them now.
    peek: () => ({ ...inner.cmi.core, raw: inner.cmi.core.score.raw, status: inner.cmi.core.lesson_status }),
    // A later commit may fail again (a flaky network).
    failNextCommits(n) {
      failCommits = n;
    },
  };
  // Every call and its answer, with the error code after it.
  for (const name of ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit']) {
    const plain = api[name];
    api[name] = (...args) => {
      const out = plain(...args);
      api.calls.push({ name, args, out, error });
      return out;
    };
  }
  return api;
}
