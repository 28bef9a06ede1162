// A displayed formula's parts: the pieces between its top-level \quad and \qquad spaces
// (outside any braces, \{ ... \} or \left ... \right). KaTeX does not break displayed maths, so
// each part is typeset on its own and the parts wrap as words do when the column is narrow.
// Used when the page is built (scripts/typeset-formulas.mjs) and by its tests.
export function formulaParts(tex) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < tex.length; i++) {
    const rest = tex.slice(i);
    if (/^(\{|\\\{|\\left(?![a-zA-Z]))/.test(rest)) depth++;
    else if (/^(\}|\\\}|\\right(?![a-zA-Z]))/.test(rest)) depth--;
    const space = depth === 0 && /^\\q?quad(?![a-zA-Z])/.exec(rest);
    if (space) {
      parts.push(tex.slice(start, i).trim());
      start = i + space[0].length;
      i = start - 1;
    } else if (tex[i] === '\\') i++; // \{ counted above; its brace, or a \\, is not counted again
  }
  parts.push(tex.slice(start).trim());
  return parts.filter(Boolean);
}
