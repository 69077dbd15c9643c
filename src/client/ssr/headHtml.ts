import { HEAD_ATTRIBUTE, headTags, type HeadData } from '../lib/pageHead';

const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attr = (value: string) => text(value).replace(/"/g, '&quot;');
/** JSON inside <script>: nothing in it may close the element or open a comment. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * A page's head as the HTML the server sends: <title> and every tag of lib/pageHead.ts, each marked
 * so the browser replaces them as the visitor moves on. `origin` is the site's (PUBLIC_URL).
 */
export function headHtml(head: HeadData, origin: string, pathname: string): string {
  const tags = headTags(head, `${origin}${head.path ?? pathname}`).map((t) => {
    const attrs = Object.entries(t.attrs)
      .map(([name, value]) => ` ${name}="${attr(value)}"`)
      .join('');
    if (t.tag === 'script') return `<script${attrs} ${HEAD_ATTRIBUTE}>${scriptSafe(t.json)}</script>`;
    return `<${t.tag}${attrs} ${HEAD_ATTRIBUTE}>`;
  });
  return `<title>${text(head.title)}</title>${tags.join('')}`;
}
