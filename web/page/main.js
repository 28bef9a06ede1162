// Boot: load the engine, then hand it to the app. Styles are bundled from here so that the
// single-file build can inline them, and every style is in app.css, also those of the training
// panel's plots, whose code is a chunk loaded later (a chunk's CSS would not be loaded with it).
import 'katex/dist/katex.min.css';
import 'uplot/dist/uPlot.min.css';
import './style.css';
import { loadEngine, loadExtras } from '../engine/index.js';
import { createApp } from './app.js';
import * as handout from '../handouts/self-attention/index.js';
import { language, said, textOf, ui } from '../text/index.js';
import { siblingAsked, traditionalReader } from '../locale/language.js';
import { languageMenu, traditionalNote } from './views/language-menu.js';
import { h } from './views/dom.js';

// A single file asked for another language opens that language's file instead.
const sibling = siblingAsked(location.href);
if (sibling) location.replace(sibling);

// The static page (index.html) has no words of its own; from here on everything is in the
// page's language.
document.documentElement.lang = language;
document.title = ui.pageTitle;
document.head.append(h('meta', { name: 'description', content: ui.tagline }));
document.querySelector('header.top p').textContent = ui.tagline;
// A SCORM package (web/page/assignment/package.js) carries its assignment in a meta element:
// started without an address of its own, the page opens it. It is in the teacher's language and
// has no other: no language menu (leaving the page would end the student's attempt).
const packaged = document.querySelector('meta[name="attention-lab-assignment"]')?.content ?? '';
if (!packaged) document.querySelector('header.top').append(languageMenu());
if (traditionalReader && !packaged) document.querySelector('header.top').after(traditionalNote());
document.body.prepend(h('a', { class: 'skip', href: '#main' }, ui.skip));
const status = document.getElementById('status');
status.textContent = ui.loading;

if (packaged && !location.hash) history.replaceState(null, '', `#/assignment?${packaged}`);

loadEngine()
  .then((lab) => {
    window.lab = lab; // the engine's API, for the browser console
    // and, once the extras have come, with theirs (the practice set's problems, the models); the
    // practice set's words come with them
    let withExtras;
    const extras = () =>
      (withExtras ??= Promise.all([loadExtras(), textOf('practice')]).then(([more]) => {
        window.lab = { ...lab, ...more, practice: { ...lab.practice, ...more.practice } };
        return more;
      }));
    status.textContent = '';
    status.hidden = true;
    // The training worker's script (dist/trainer.js); null in the single file, which trains on the
    // page's thread (a page opened from disk cannot start a worker from a file).
    const workerUrl = typeof ATTENTION_LAB_WORKER === 'string' ? ATTENTION_LAB_WORKER : null; // eslint-disable-line no-undef
    createApp({ lab, loadExtras: extras, root: document.getElementById('app'), handout, workerUrl, packaged });
    performance.mark('attention-lab:first-numbers'); // read by npm run bench
    // The site, offline after the first visit, when served over http(s). Not the single file
    // (workerUrl null), which is its own offline copy and has no sw.js beside it (a SCORM
    // package serves it from an LMS).
    if (workerUrl && 'serviceWorker' in navigator && location.protocol.startsWith('http')) {
      navigator.serviceWorker.register('sw.js').catch((e) => console.warn('Offline copy not installed:', e.message));
    }
  })
  .catch((e) => {
    status.textContent = e?.code === 'call.noWasm' ? said(e) : `${ui.failed} ${said(e)}`;
    status.classList.add('error');
  });
