// A SCORM 1.2 package of an assignment: one SCO, the page as the single offline file (its
// scripts, styles, fonts and wasm inside it: no request leaves the package) with the assignment
// in a meta element, which the page opens when it starts without an address of its own, and the
// manifest (imsmanifest.xml, schemaversion 1.2). Built by npm run build for the default
// assignment and by the teacher's view, in the browser, for theirs.
import { strToU8, zipSync } from 'fflate';
import { assignmentQuery, fileNameOf, plainText, problemsOf } from './definition.js';
import { suspendProblem } from './suspend.js';

export const META = 'attention-lab-assignment';
export const LAUNCH = 'index.html';

// Text as XML 1.0 character data: escaped, and plain text (definition.js plainText), which a
// checked assignment already is but a caller's object need not be.
const xml = (text) =>
  plainText(String(text)).replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c],
  );

// The manifest: one organization with one item, the SCO. The SCO launches in the teacher's
// language (?lang=), whatever the LMS's or the browser's. It names no mastery score: with one,
// Moodle's "mastery score overrides status" (on by default) turns every exit below the pass mark
// into "failed", where the page reports "incomplete" until every problem was tried; without one,
// the LMS records the status the page sends, and the page applies the pass mark itself.
export function manifest(a, language = 'en') {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-lab-assignment" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="attention-lab">
    <organization identifier="attention-lab">
      <title>${xml(a.title)}</title>
      <item identifier="assignment" identifierref="sco" isvisible="true">
        <title>${xml(a.title)}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco" type="webcontent" adlcp:scormtype="sco" href="${LAUNCH}?lang=${xml(language)}">
      <file href="${LAUNCH}"/>
    </resource>
  </resources>
</manifest>
`;
}

// The single file with the assignment in its head, after the character set (which must come
// first).
const CHARSET = '<meta charset="utf-8">';
// A package's own page may be the source (a teacher working from a package): its assignment goes.
export function withAssignment(html, a) {
  const meta = `<meta name="${META}" content="${xml(assignmentQuery(a))}">`;
  if (!html.includes(CHARSET)) throw new Error('the page has no character set to put the assignment after');
  const bare = html.replace(new RegExp(`\\n\\s*<meta name="${META}" content="[^"]*">`, 'g'), '');
  return bare.replace(CHARSET, () => `${CHARSET}\n  ${meta}`);
}

// The zip's name: the title as a file name (definition.js fileNameOf).
export const packageFileName = (a) => `${fileNameOf(a.title)}-scorm12.zip`;

// The zip's bytes.
export function scormPackage(html, a, language = 'en') {
  const problem = suspendProblem(problemsOf(a));
  if (problem)
    throw new RangeError(`a run needs up to ${problem.needs} characters of suspend data, more than ${problem.most}`);
  return zipSync(
    { 'imsmanifest.xml': strToU8(manifest(a, language)), [LAUNCH]: strToU8(withAssignment(html, a)) },
    { level: 9, mtime: new Date('2026-01-01T00:00:00Z') },
  );
}
