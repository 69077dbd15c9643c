import { HEAD_ATTRIBUTE, headTags, SITE, type HeadData, type HeadTag } from './pageHead';

type Shown = { id: number; head: HeadData; pathname: string };
/**
 * Every mounted PageHead, oldest first; the newest is the one in document.head. Only pages declare one
 * (never the frame around them, whose effects would run after its page's and win).
 */
const shown: Shown[] = [];
let nextId = 0;
let applied = '';

let origin: string | null = null;
/**
 * The site's address as the server named it (PUBLIC_URL, in the canonical link of the HTML it sent),
 * so the browser keeps the same canonical and share addresses; this page's origin when there is none.
 * Read once, before any page replaces that link.
 */
export function siteOrigin(): string {
  if (origin !== null) return origin;
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  try {
    origin = canonical ? new URL(canonical.href).origin : window.location.origin;
  } catch {
    origin = window.location.origin;
  }
  return origin;
}

function element(tag: HeadTag): HTMLElement {
  const el = document.createElement(tag.tag);
  for (const [name, value] of Object.entries(tag.attrs)) el.setAttribute(name, value);
  if (tag.tag === 'script') el.textContent = tag.json;
  el.setAttribute(HEAD_ATTRIBUTE, '');
  return el;
}

function apply() {
  // Between one page's head going and the next one's coming (and on a page that declares none): the site's.
  const top: Omit<Shown, 'id'> = shown.at(-1) ?? { head: { title: SITE.title }, pathname: window.location.pathname };
  const tags = headTags(top.head, `${siteOrigin()}${top.head.path ?? top.pathname}`);
  const signature = JSON.stringify([top.head.title, tags]);
  if (signature === applied) return;
  applied = signature;
  document.title = top.head.title;
  // The page's own tags replace the previous page's and index.html's defaults (marked alike).
  for (const el of Array.from(document.head.querySelectorAll(`[${HEAD_ATTRIBUTE}]`))) el.remove();
  document.head.append(...tags.map(element));
}

/** Puts a page's head into document.head; the returned function takes it out again (an effect's cleanup). */
export function showHead(head: HeadData, pathname: string): () => void {
  const entry = { id: (nextId += 1), head, pathname };
  shown.push(entry);
  apply();
  return () => {
    const at = shown.findIndex((s) => s.id === entry.id);
    if (at >= 0) shown.splice(at, 1);
    apply();
  };
}
