// @widths none: a crawler reads the server's HTML, which no viewport lays out
import { JSDOM } from 'jsdom';
import { eventStructuredDataProblems } from '../tests/utils/eventStructuredData';
import { baseUrl } from './support/browser';

/**
 * What a search engine or a link preview sees: the HTML the server sends, read without running a
 * single script (jsdom runs none unless told). Each page carries its own head — one <title> in
 * <head>, one description, a canonical address, Open Graph and Twitter card tags with an absolute
 * picture — an event page its schema.org Event data, and an unknown address a real 404.
 */

type Fetched = { status: number; doc: Document; html: string };
async function fetchPage(path: string): Promise<Fetched> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html' } });
  const html = await res.text();
  return { status: res.status, html, doc: new JSDOM(html).window.document };
}

const content = (doc: Document, selector: string) =>
  Array.from(doc.head.querySelectorAll(selector)).map((m) => m.getAttribute('content') ?? m.getAttribute('href'));
const one = (doc: Document, selector: string) => {
  const all = content(doc, selector);
  expect({ selector, count: all.length }).toEqual({ selector, count: 1 });
  return all[0]!;
};

/** The tags every page has, once each, in <head>, and never a <title> in the body. */
function expectOwnHead(doc: Document, title: string) {
  expect(doc.querySelectorAll('title')).toHaveLength(1);
  expect(doc.head.querySelector('title')?.textContent).toBe(title);
  for (const s of [
    'meta[name="description"]',
    'meta[property="og:title"]',
    'meta[property="og:description"]',
    'meta[property="og:url"]',
    'meta[property="og:type"]',
    'meta[name="twitter:card"]',
  ])
    one(doc, s);
  expect(one(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image');
  expect(one(doc, 'meta[property="og:image"]')).toMatch(/^https?:\/\/[^/]+\/media\/.+\.(jpg|png)$/);
}

describe("crawlers' view: the HTML alone, no script run", () => {
  it("an event page's head is the event's, with schema.org Event data Google's guidelines accept", async () => {
    const { status, doc } = await fetchPage('/events/velvet-static-unplugged');
    expect(status).toBe(200);
    expectOwnHead(doc, 'The Velvet Static — Unplugged — AllAccess');
    expect(one(doc, 'meta[property="og:title"]')).toBe('The Velvet Static — Unplugged');
    expect(one(doc, 'meta[name="description"]')).toMatch(/^Stripped back to two acoustic guitars/);
    const canonical = one(doc, 'link[rel="canonical"]');
    expect(canonical).toMatch(/^https?:\/\/[^/]+\/events\/velvet-static-unplugged$/);
    expect(one(doc, 'meta[property="og:url"]')).toBe(canonical);
    // A raster picture: link previews take no SVG.
    expect(one(doc, 'meta[property="og:image"]')).toMatch(/\/media\/posters\/velvet-static-unplugged\.jpg$/);

    const scripts = doc.head.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    const data = JSON.parse(scripts[0]!.textContent!) as Record<string, unknown>;
    expect(eventStructuredDataProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      name: 'The Velvet Static — Unplugged',
      location: { '@type': 'VirtualLocation', url: canonical },
      offers: { price: '9.99', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: canonical },
    });
    // startDate is the air time with New York's offset (8 PM there, EST or EDT).
    expect(data.startDate).toMatch(/T20:00:00-0[45]:00$/);
    // The picture it names is there to fetch.
    const image = await fetch(one(doc, 'meta[property="og:image"]').replace(/^https?:\/\/[^/]+/, baseUrl()));
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  });

  it.each([
    ['/', 'AllAccess — Live music, every angle'],
    ['/events', 'Upcoming Events — AllAccess'],
    ['/about', 'About — AllAccess'],
    ['/terms/3', 'Terms of Use — AllAccess'],
  ])('%s carries its own head', async (path, title) => {
    const { status, doc } = await fetchPage(path);
    expect(status).toBe(200);
    expectOwnHead(doc, title);
    expect(one(doc, 'link[rel="canonical"]')).toMatch(new RegExp(`^https?://[^/]+${path === '/' ? '/' : path}$`));
    expect(doc.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it.each(['/events/no-such-event', '/no/such/page', '/category/no-such-category', '/terms/99', '/nothing/here'])(
    '%s is HTTP 404 with the 404 page rendered on the server, and kept out of search',
    async (path) => {
      const { status, doc } = await fetchPage(path);
      expect(status).toBe(404);
      expectOwnHead(doc, 'Page Not Found — AllAccess');
      expect(doc.querySelector('#root h1')?.textContent).toBe('Page Not Found');
      expect(one(doc, 'meta[name="robots"]')).toBe('noindex');
      expect(doc.head.querySelector('link[rel="canonical"]')).toBeNull();
    },
  );

  it("a visitor's own page (the cart) is sent with its title and kept out of search", async () => {
    const { status, doc } = await fetchPage('/cart');
    expect(status).toBe(200);
    expectOwnHead(doc, 'Your Cart — AllAccess');
    expect(one(doc, 'meta[name="robots"]')).toBe('noindex');
  });

  it('robots.txt names the sitemap, and the sitemap lists the event pages', async () => {
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
    const sitemap = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toMatch(/<loc>https?:\/\/[^/]+\/events\/velvet-static-unplugged<\/loc><lastmod>/);
  });
});
