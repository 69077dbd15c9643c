import { ownAbsoluteUrl } from '../../shared/ownMedia';
import { SHARE_IMAGE } from '../../shared/shareImage';

/**
 * What a page says about itself in <head>: its title, the description and picture link previews and
 * search results show, the address it is known by, and for an event its schema.org data. One shape
 * for both sides: the server writes it into the HTML it sends (crawlers and link previews run no
 * script), the browser keeps document.head in step as the visitor moves (components/PageHead.tsx).
 */
export type HeadData = {
  /** The whole <title>. */
  title: string;
  /** The page's own name for link previews (og:title), without the site's: the title when left out. */
  heading?: string;
  /** The address the page is known by (canonical, og:url), when not the one it was reached at. */
  path?: string;
  /** Plain text; the site's description when left out. */
  description?: string;
  /** The picture for link previews (an address on this site); the site's when left out or elsewhere. */
  image?: { url: string; alt: string; width?: number; height?: number };
  /** og:type: 'website' unless said otherwise. */
  type?: 'website' | 'video.other';
  /** Private and error pages: kept out of search results. */
  noindex?: boolean;
  /** The HTTP status the server answers with (404 for the 404 page). */
  status?: number;
  /** schema.org data (JSON-LD), already in its final shape. */
  jsonLd?: object;
};

export const SITE = {
  name: 'AllAccess',
  title: 'AllAccess — Live music, every angle',
  description: 'Live and on-demand concerts with every camera angle. Your All-Access Pass.',
} as const;

/** '{page} — AllAccess', as every page's title reads. */
export const pageTitle = (page: string) => `${page} — ${SITE.name}`;

/** One element of <head>, as data: the server writes it as HTML, the browser as DOM. */
export type HeadTag =
  | { tag: 'meta'; attrs: Record<'name' | 'content', string> | Record<'property' | 'content', string> }
  | { tag: 'link'; attrs: { rel: string; href: string } }
  | { tag: 'script'; attrs: { type: 'application/ld+json' }; json: string };

/** The attribute that marks the elements a page owns in <head> (and the index.html defaults they replace). */
export const HEAD_ATTRIBUTE = 'data-head';

/**
 * Text fit for a description: the first paragraph when the HTML opens with one (a list or heading
 * after it reads as a jumble once flattened), tags and runs of white space out, at most `max`
 * characters, cut at a word.
 */
export function plainText(html: string, max = 200): string {
  const lead = /^\s*<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1];
  const text = (lead && lead.replace(/<[^>]*>/g, '').trim() ? lead : html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  // Room for the ellipsis; a word the cut runs into goes whole (unless it is most of the text).
  const wordEnd = text[max - 1] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${cut.slice(0, Math.max(wordEnd, max / 2)).trimEnd()}…`;
}

const absolute = (url: string, origin: string) => new URL(url, origin).href;

/**
 * The tags of a page's head (the <title> aside): description, canonical address, Open Graph and
 * Twitter card tags, robots, JSON-LD. `url` is the page's absolute address without its query.
 */
export function headTags(head: HeadData, url: string): HeadTag[] {
  const { origin } = new URL(url);
  const description = head.description || SITE.description;
  // Only this site's own addresses: a picture that would lead to another host (a poster path saved
  // before the console refused them) gives way to the site's picture.
  const ownImageUrl = head.image ? ownAbsoluteUrl(head.image.url, origin) : null;
  const image = (ownImageUrl && head.image) || {
    url: SHARE_IMAGE.site,
    alt: SHARE_IMAGE.siteAlt,
    width: SHARE_IMAGE.width,
    height: SHARE_IMAGE.height,
  };
  const imageUrl = ownImageUrl ?? absolute(image.url, origin);
  const og = (property: string, content: string): HeadTag => ({ tag: 'meta', attrs: { property, content } });
  const named = (name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { name, content } });
  return [
    named('description', description),
    // A page kept out of search (private, or the 404 page) names no canonical address.
    ...(head.noindex
      ? [named('robots', 'noindex')]
      : [{ tag: 'link', attrs: { rel: 'canonical', href: url } } as const]),
    og('og:site_name', SITE.name),
    og('og:type', head.type ?? 'website'),
    og('og:title', head.heading ?? head.title),
    og('og:description', description),
    og('og:url', url),
    og('og:image', imageUrl),
    og('og:image:alt', image.alt),
    ...(image.width && image.height
      ? [og('og:image:width', String(image.width)), og('og:image:height', String(image.height))]
      : []),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', head.heading ?? head.title),
    named('twitter:description', description),
    named('twitter:image', imageUrl),
    named('twitter:image:alt', image.alt),
    ...(head.jsonLd
      ? [{ tag: 'script', attrs: { type: 'application/ld+json' }, json: JSON.stringify(head.jsonLd) } as const]
      : []),
  ];
}
