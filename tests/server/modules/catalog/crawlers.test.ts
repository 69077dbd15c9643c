// @databases postgres: its outcome does not depend on the kind of database
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { demoCatalog } from '../../../../src/server/db/seed/demoCatalog';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { shareImageFinder } from '../../../../src/server/modules/catalog/shareImage';
import { createTestApp, type TestApp } from '../../../utils/testApp';
import { poll } from '../../../../e2e/support/waitUntil';

/** What search engines and link previews read without running a script: robots.txt, the sitemap, share pictures. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importCatalog(t.database.db, demoCatalog());
});
afterAll(() => t.close());

type UrlSet = { urlset: { url: { loc: string; lastmod?: string }[] } };
const sitemap = async () => {
  const res = await t.app.inject({ url: '/sitemap.xml' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  const parsed = new XMLParser({ isArray: (name) => name === 'url' }).parse(res.body) as UrlSet;
  return { res, urls: parsed.urlset.url };
};

describe('robots.txt', () => {
  it('keeps crawlers off private pages and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const p of ['/cart', '/checkout', '/profile', '/order/', '/player/', '/dev/'])
      expect(lines).toContain(`Disallow: ${p}`);
    // Catalog pages and the API the pages hydrate from stay open.
    expect(lines.filter((l) => /^Disallow: \/(events|v1|category|$)/.test(l))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('lists every public page with its last change: static pages, categories, agreements, each event', async () => {
    const { urls } = await sitemap();
    const locs = urls.map((u) => u.loc);
    const base = t.config.publicUrl;
    for (const p of ['/', '/events', '/experience', '/about', '/demo', '/terms/3', '/privacy/2'])
      expect(locs).toContain(`${base}${p}`);
    const events = await t.database.db.selectFrom('events').select(['path', 'updated_at']).execute();
    expect(events.length).toBeGreaterThanOrEqual(12);
    for (const e of events) {
      const entry = urls.find((u) => u.loc === `${base}/events/${e.path}`);
      expect(entry?.lastmod).toBe(new Date(e.updated_at).toISOString());
    }
    const categories = await t.database.db.selectFrom('categories').select('path').execute();
    for (const c of categories) expect(locs).toContain(`${base}/category/${c.path}`);
    expect(urls.every((u) => typeof u.lastmod === 'string' && !Number.isNaN(Date.parse(u.lastmod)))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('is revalidated on each use: the same catalog answers 304 to its ETag', async () => {
    const { res } = await sitemap();
    expect(res.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('is current after a catalog import: a new event is listed', async () => {
    await importCatalog(t.database.db, {
      events: [{ path: 'late-addition', title: 'Late Addition', airStartDate: '2027-02-01T01:00:00Z' }],
    });
    // An import by another process reaches this one within the catalog cache's bound (1 s).
    const urls = await poll(
      'the sitemap to list the new event',
      async () => (await sitemap()).urls,
      (u) => u.some((x) => x.loc === `${t.config.publicUrl}/events/late-addition`),
    );
    expect(urls.length).toBeGreaterThan(0);
  });
});

describe("an event's share picture", () => {
  const assetOf = async (key: string) =>
    (await t.app.inject({ url: `/v1/asset/${key}` })).json().data[0] as { shareImagePath: string | null };

  it('is the JPEG beside an SVG poster (link previews take no SVG), absent when there is none', async () => {
    expect((await assetOf('velvet-static-unplugged')).shareImagePath).toBe(
      '/media/posters/velvet-static-unplugged.jpg',
    );
    expect((await assetOf('late-addition')).shareImagePath).toBeNull();
  });

  it('is the poster itself when it is a JPEG, PNG, WebP or GIF; never a file outside the media folder', () => {
    const find = shareImageFinder(path.resolve('public/media'));
    expect(find('/media/posters/x.png')).toBe('/media/posters/x.png');
    expect(find('/media/posters/x.webp?v=2')).toBe('/media/posters/x.webp?v=2');
    expect(find('/media/posters/velvet-static-unplugged.svg')).toBe('/media/posters/velvet-static-unplugged.jpg');
    expect(find('/media/posters/missing.svg')).toBeNull();
    expect(find('/media/../../package.svg')).toBeNull();
    expect(find('/media/%2e%2e/%2e%2e/package.svg')).toBeNull();
    expect(find('https://elsewhere.example/poster.svg')).toBeNull();
    expect(find('')).toBeNull();
  });
});
