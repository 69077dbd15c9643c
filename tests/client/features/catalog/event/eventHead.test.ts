import type { AssetDetail } from '../../../../../src/shared/contract/catalog';
import { eventHead } from '../../../../../src/client/features/catalog/event/eventHead';
import { headTags, plainText, SITE } from '../../../../../src/client/lib/pageHead';
import { SHARE_IMAGE } from '../../../../../src/shared/shareImage';
import { eventStructuredDataProblems } from '../../../../utils/eventStructuredData';

const ORIGIN = 'https://shop.example.com';
const event = (over: Partial<AssetDetail> = {}): AssetDetail => ({
  id: 7,
  path: 'night-of-brass',
  title: 'Night of Brass',
  label: 'Jazz',
  description: '<p>Horns &amp; <strong>drums</strong> all night.</p>',
  event_label: 'New Orleans, LA',
  venue_description: 'Blue Hall',
  airStartDate: '2026-11-25T01:00:00.000Z',
  vodOrLivePosterImageFilePath: '/media/posters/night-of-brass.svg',
  isPremium: 1,
  canUserWatchAsset: 0,
  soldOut: 0,
  shareImagePath: '/media/posters/night-of-brass.jpg',
  rate: 12.5,
  contentType: 'Live',
  assetType: 'live_event',
  subscription_id: 1,
  ...over,
});

const jsonLd = (head: ReturnType<typeof eventHead>) => head.jsonLd as Record<string, unknown>;

describe("an event page's head", () => {
  it("is the event's: title, canonical path, plain-text description, share picture", () => {
    const head = eventHead(event(), ORIGIN);
    expect(head).toMatchObject({
      title: 'Night of Brass — AllAccess',
      heading: 'Night of Brass',
      path: '/events/night-of-brass',
      description: 'Horns & drums all night.',
      image: { url: '/media/posters/night-of-brass.jpg', alt: 'Night of Brass' },
      type: 'video.other',
    });
  });

  it("carries schema.org Event data that meets Google's guidelines for an online event", () => {
    const data = jsonLd(eventHead(event(), ORIGIN));
    expect(eventStructuredDataProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      name: 'Night of Brass',
      // 01:00 UTC on Nov 25 is 8 PM on Nov 24 in New York (EST).
      startDate: '2026-11-24T20:00:00-05:00',
      location: { '@type': 'VirtualLocation', url: `${ORIGIN}/events/night-of-brass` },
      image: [`${ORIGIN}/media/posters/night-of-brass.jpg`],
      offers: {
        price: '12.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}/events/night-of-brass`,
      },
    });
  });

  it('says SoldOut when no seat is left, and a free event costs 0.00', () => {
    expect(jsonLd(eventHead(event({ soldOut: 1 }), ORIGIN)).offers).toMatchObject({
      availability: 'https://schema.org/SoldOut',
    });
    expect(jsonLd(eventHead(event({ isPremium: 0, rate: null }), ORIGIN)).offers).toMatchObject({ price: '0.00' });
  });

  it('gives no schema.org data for an event without a date (startDate is required), and the poster without a JPEG', () => {
    expect(eventHead(event({ airStartDate: null }), ORIGIN).jsonLd).toBeUndefined();
    const head = eventHead(event({ shareImagePath: null }), ORIGIN);
    expect(head.image).toBeUndefined();
    expect(jsonLd(head).image).toEqual([`${ORIGIN}/media/posters/night-of-brass.svg`]);
  });

  it('the checker refuses data that breaks the guidelines (it can fail)', () => {
    const data = jsonLd(eventHead(event(), ORIGIN));
    expect(eventStructuredDataProblems({ ...data, startDate: '2026-11-24 20:00' })).toEqual([
      'startDate must be ISO 8601 with a time zone offset',
    ]);
    expect(eventStructuredDataProblems({ ...data, location: { '@type': 'Place', name: 'Blue Hall' } })).toEqual([
      'location must be a VirtualLocation with a url',
    ]);
  });
});

describe('head tags', () => {
  const tagsOf = (head: Parameters<typeof headTags>[0]) =>
    Object.fromEntries(
      headTags(head, `${ORIGIN}/events/night-of-brass`).map((t) =>
        t.tag === 'script'
          ? ['json-ld', t.json]
          : t.tag === 'link'
            ? [t.attrs.rel, t.attrs.href]
            : ['name' in t.attrs ? t.attrs.name : t.attrs.property, t.attrs.content],
      ),
    );

  it('name the page, its canonical address and an absolute picture for every network', () => {
    const tags = tagsOf(eventHead(event(), ORIGIN));
    expect(tags).toMatchObject({
      description: 'Horns & drums all night.',
      canonical: `${ORIGIN}/events/night-of-brass`,
      'og:title': 'Night of Brass',
      'og:url': `${ORIGIN}/events/night-of-brass`,
      'og:image': `${ORIGIN}/media/posters/night-of-brass.jpg`,
      'og:type': 'video.other',
      'twitter:card': 'summary_large_image',
    });
    expect(JSON.parse(tags['json-ld']!)).toMatchObject({ '@type': 'Event' });
    expect(tags.robots).toBeUndefined();
  });

  it("fall back to the site's description and 1200×630 picture, and keep private pages out of search", () => {
    const tags = tagsOf({ title: 'Your Cart — AllAccess', noindex: true });
    expect(tags).toMatchObject({
      description: SITE.description,
      'og:image': `${ORIGIN}/media/share/allaccess.jpg`,
      'og:image:width': '1200',
      'og:image:height': '630',
      robots: 'noindex',
    });
    expect(tags.canonical).toBeUndefined();
  });

  // A poster path saved before the console refused other hosts must not become a preview picture.
  it.each([
    'https://evil.example/p.jpg',
    '//evil.example/p.jpg',
    '/\\evil.example/p.jpg',
    '/\t/evil.example/p.jpg',
    'javascript:alert(1)',
  ])("name only this site's pictures: %s gives way to the site's", (elsewhere) => {
    const head = eventHead(event({ shareImagePath: elsewhere, vodOrLivePosterImageFilePath: elsewhere }), ORIGIN);
    const tags = tagsOf(head);
    expect(tags).toMatchObject({
      'og:image': `${ORIGIN}/media/share/allaccess.jpg`,
      'og:image:alt': SHARE_IMAGE.siteAlt,
      'twitter:image': `${ORIGIN}/media/share/allaccess.jpg`,
    });
    expect(JSON.parse(tags['json-ld']!).image).toBeUndefined();
  });

  it('descriptions are plain text: the opening paragraph when there is one, cut at a word', () => {
    expect(plainText('<p>a&nbsp;b</p><h3>Setlist</h3><ul><li>c</li></ul>')).toBe('a b');
    expect(plainText('<h3>x</h3><p>y &amp; z</p>')).toBe('x y & z');
    expect(plainText(`<p>${'word '.repeat(100)}</p>`, 30)).toBe('word word word word word word…');
  });
});
