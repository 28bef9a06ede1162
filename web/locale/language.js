// Which language the page speaks, decided once when it loads: `?lang=` in the address first
// (teacher links, the SCORM launch), then the student's last choice, then the browser's
// languages, then English. Changing it reloads the page with `?lang=` set, so that every
// module reads one fixed language and no text has to be redrawn in place.

// name: how the menu lists the language, in that language.
// group: the separator between groups of three digits in large whole numbers. The decimal
// point stays a point in every language, as in what students type; Spanish groups with a
// narrow space (RAE, ISO 80000) so that 50 257 is not read as fifty and a quarter.
export const languages = [
  { code: 'en', name: 'English', group: ',' },
  { code: 'es', name: 'Español', group: '\u202f' },
  { code: 'zh-Hans', name: '简体中文', group: ',' },
];

const STORAGE_KEY = 'attention-lab.language';

// The supported language a BCP 47 tag asks for, or null: "es-MX" is Spanish, "zh-CN" and
// "zh-SG" are Simplified Chinese. Traditional Chinese has no catalogue: see traditionalChinese.
export function supportedLanguage(tag) {
  if (typeof tag !== 'string') return null;
  const t = tag.trim().toLowerCase();
  if (t === 'en' || t.startsWith('en-')) return 'en';
  if (t === 'es' || t.startsWith('es-')) return 'es';
  if (t === 'zh' || t === 'zh-hans' || t.startsWith('zh-hans-') || t === 'zh-cn' || t === 'zh-sg') return 'zh-Hans';
  return null;
}

// Whether a tag asks for Traditional Chinese ("zh-TW", "zh-HK", "zh-MO", "zh-Hant-…"). Such a
// reader gets the Simplified Chinese page, closer to what they asked for than English, with a
// note in Traditional characters that offers English (main.js); their choice is then kept.
export function traditionalChinese(tag) {
  if (typeof tag !== 'string') return false;
  const t = tag.trim().toLowerCase();
  return t === 'zh-hant' || t.startsWith('zh-hant-') || ['zh-tw', 'zh-hk', 'zh-mo'].includes(t);
}
const TRADITIONAL = 'zh-Hant';
const readable = (tag) => supportedLanguage(tag) ?? (traditionalChinese(tag) ? TRADITIONAL : null);

// What the reader asked for, from what the page can see; every argument may be missing. A
// stored choice was made on this page, so it is never Traditional.
function asked({ search = '', stored = null, preferred = [] } = {}) {
  return (
    readable(new URLSearchParams(search).get('lang')) ??
    supportedLanguage(stored) ??
    preferred.map(readable).find(Boolean) ??
    'en'
  );
}

// The page's language.
export const chooseLanguage = (seen) => (asked(seen) === TRADITIONAL ? 'zh-Hans' : asked(seen));
// Whether it is Simplified Chinese for a reader who asked for Traditional.
export const forTraditionalReader = (seen) => asked(seen) === TRADITIONAL;

function storedLanguage() {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null; // storage blocked (a file:// page in some browsers, private modes)
  }
}

// In Node and in workers there is no address or storage: English, unless the caller says.
const seen = {
  search: globalThis.location?.search ?? '',
  stored: storedLanguage(),
  preferred: globalThis.navigator?.languages ?? [],
};
// A single file is built for one language (scripts/build-page.mjs defines ATTENTION_LAB_LANGUAGE,
// and leaves the other catalogues out): it speaks that language, and another one is its sibling
// file (singleFileOf).
export const built = typeof ATTENTION_LAB_LANGUAGE === 'string' ? ATTENTION_LAB_LANGUAGE : null; // eslint-disable-line no-undef
export const language = built ?? chooseLanguage(seen);
// (a single file of another language offers no note: the note offers English from Chinese)
export const traditionalReader = language === 'zh-Hans' && forTraditionalReader(seen);

// The single file of each language, side by side in dist/: attention-lab.html is English.
export const singleFileOf = (code) => (code === 'en' ? 'attention-lab.html' : `attention-lab.${code}.html`);

// The language's entry in the table above.
export const languageInfo = (code = language) => languages.find((l) => l.code === code);

// Where a single file opened with `?lang=` of another language should go: that language's
// sibling file, at the same view (a link made on the site, or before the files were one per
// language); null when it speaks what was asked.
export function siblingAsked(href) {
  const asked = supportedLanguage(new URL(href).searchParams.get('lang'));
  return built && asked && asked !== built ? addressIn(href, asked) : null;
}

// The `?lang=` the page was opened with, if any (to carry into the links it makes).
export const askedLanguage = supportedLanguage(new URLSearchParams(globalThis.location?.search ?? '').get('lang'));

// Keeps the student's choice for the next visit (ignored where storage is blocked).
export function rememberLanguage(code) {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, code);
  } catch {
    // The choice still holds through ?lang= in the address.
  }
}

// The same address in another language: ?lang= set, everything else (the hash too) kept. A
// single file built for one language opens its sibling of the other (its own name kept for its
// own language, however the file was renamed).
export function addressIn(href, code) {
  const url = new URL(href);
  if (built && code !== built) url.pathname = url.pathname.replace(/[^/]*$/, singleFileOf(code));
  url.searchParams.set('lang', code);
  return url.href;
}
