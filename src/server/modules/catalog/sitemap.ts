import { XMLBuilder } from 'fast-xml-parser';
import type { CatalogRepository } from './catalogRepository';

type SitemapRows = Awaited<ReturnType<CatalogRepository['sitemapRows']>>;
export type SitemapUrl = { loc: string; lastmod?: string };

/** The protocol's limit for one file; a catalog larger than this needs a sitemap index. */
const SITEMAP_MAX_URLS = 50_000;

/** The pages every visitor sees alike; each changes when the catalog does. */
const STATIC_PAGES = ['/', '/events', '/experience', '/about', '/demo'];
/** The agreements the site links to, by id (docs/behaviour.md §2): `/terms/3` and `/privacy/2`. */
const AGREEMENT_PAGES: Record<number, string> = { 3: '/terms/3', 2: '/privacy/2' };

const day = (d: Date | null) => (d ? new Date(d).toISOString() : undefined);

/**
 * Every public page a search engine should know, with when it last changed: the static pages and
 * the agreements (the last catalog import), each category, each event (its own last change).
 * Addresses are absolute, on `publicUrl`; paths are encoded as the app's links encode them.
 */
export function sitemapUrls(rows: SitemapRows, publicUrl: string): SitemapUrl[] {
  const at = (path: string, lastmod: string | undefined): SitemapUrl => ({
    loc: `${publicUrl}${path}`,
    ...(lastmod ? { lastmod } : {}),
  });
  const imported = day(rows.importedAt);
  return [
    ...STATIC_PAGES.map((p) => at(p, imported)),
    ...rows.categories.map((c) => at(`/category/${encodeURIComponent(c.path)}`, imported)),
    ...rows.agreementIds.flatMap((id) => (AGREEMENT_PAGES[id] ? [at(AGREEMENT_PAGES[id], imported)] : [])),
    ...rows.events.map((e) => at(`/events/${encodeURIComponent(e.path)}`, day(e.updated_at))),
  ].slice(0, SITEMAP_MAX_URLS);
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', processEntities: true });

/** The sitemaps.org XML of `urls` (the library escapes what addresses may carry: `&`, `<`…). */
export function sitemapXml(urls: SitemapUrl[]): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    urlset: { '@_xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9', url: urls },
  }) as string;
}
