// A tiny element builder. Text always goes in as text nodes (never as HTML), so nothing a
// student types can become markup.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// Saves `data` (text or bytes) as a file named `name`: progress, a result file, a package.
export function download(name, data, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// A view's section, labelled by its heading: the heading takes focus (tabindex -1) when the route
// opens the view, so a screen reader starts at its title; `intro`, a paragraph under it.
export const titledSection = ({ style, id, title, intro }, ...children) =>
  h(
    'section',
    { class: style, 'aria-labelledby': id },
    h('h2', { id, tabindex: '-1' }, title),
    intro != null && h('p', {}, intro),
    ...children,
  );
