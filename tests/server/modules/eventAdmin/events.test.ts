// @databases both: smoke — the eventAdmin module: create, edit, publish, versions
import { MEDIA_PATH_PROBLEM, STUDIO_EVENT_MESSAGES as M } from '../../../../src/shared/contract/studioEvents';
import { cartTestApp, giveOrder, type Who } from '../../../utils/cart';
import { grantOrganizer } from '../../../utils/studio';

/**
 * The console's events: an organizer creates a draft, edits it, publishes it
 * (shoppers see it in the listing, on its page and in the cart), unpublishes it (gone again),
 * duplicates and deletes; every change is audited and moves the event's version on.
 */
let x: Awaited<ReturnType<typeof cartTestApp>>;
let organizer: Who;
let shopper: Who;
let category: { id: number; path: string };
let subscriptionId: number;

beforeAll(async () => {
  // One organizer makes every event here: the console's create limit is tested in consoleLimits.test.ts.
  x = await cartTestApp({ limits: { consoleCreatesPerMinute: 1000 } });
  organizer = await x.d.user('organizer');
  shopper = await x.d.user('shopper');
  await grantOrganizer(x.t.database.db, organizer.userId!);
  const categories = (await studio('GET', '/categories')).json().data;
  category = categories[0];
  subscriptionId = (await studio('GET', '/subscriptions')).json().data[0].id;
});
afterAll(async () => {
  await x?.t.close();
});

function studio(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return x.t.app.inject({
    method,
    url: `/v1/studio${url}`,
    headers: { authorization: organizer.authorization! },
    ...(payload ? { payload } : {}),
  });
}
const shop = (url: string) => x.t.app.inject({ url: `/v1${url}`, headers: { authorization: shopper.authorization! } });
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

let n = 0;
/** A valid form: a premium live show in Paris, in the future. */
const form = (over: object = {}) => ({
  title: `Night Shift Live ${(n += 1)}`,
  label: 'Tour 2030',
  description: '<p>An <strong>evening</strong> of <a href="https://example.com">music</a>.</p>',
  venue: 'Le Trianon',
  location: 'Paris, France',
  airDate: '2030-06-01T20:00',
  venueTimeZone: 'Europe/Paris',
  contentType: 'Live',
  isPremium: true,
  price: 12.5,
  capacity: 100,
  subscriptionId,
  categories: [{ categoryId: category.id, order: -5 }],
  slide: { enabled: false, description: '', imagePath: '' },
  posterPath: '/media/posters/midnight-brass-club.jpg',
  ...over,
});

async function create(over: object = {}) {
  const res = await studio('POST', '/events', form(over));
  expect([res.statusCode, res.json().message]).toEqual([201, 'Event created as a draft']);
  return res.json().data;
}

const listingPaths = async () => {
  const res = await shop(`/pagecategory/listing?filter=${q({ path: category.path })}&limit=100`);
  expect(res.statusCode).toBe(200);
  return res.json().data[0].data.map((e: { path: string }) => e.path) as string[];
};
const auditOf = async (id: number) =>
  (await studio('GET', `/audit?subjectType=event&subjectId=${id}`)).json().data.entries as {
    action: string;
    actorEmail: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];

describe('create → edit → publish → visible → unpublish → gone', () => {
  it('walks an event through its life, as the storefront sees it', async () => {
    const created = await create();
    expect(created).toMatchObject({
      status: 'draft',
      sold: 0,
      version: 1,
      path: expect.stringMatching(/^night-shift-live-\d+$/),
      airDate: '2030-06-01T20:00',
      venueTimeZone: 'Europe/Paris',
      // 20:00 in Paris in June (CEST, UTC+2) is 18:00 UTC.
      airStartDate: '2030-06-01T18:00:00.000Z',
      price: 12.5,
      categories: [{ categoryId: category.id, order: -5 }],
    });
    // A draft is invisible to shoppers everywhere.
    expect(await listingPaths()).not.toContain(created.path);
    expect((await shop(`/asset/${created.path}`)).statusCode).toBe(404);
    expect((await shop(`/asset/${created.id}`)).statusCode).toBe(404);
    expect((await x.d.add(shopper, { asset_id: created.id })).statusCode).toBe(404);
    expect((await x.t.app.inject({ url: '/sitemap.xml' })).body).not.toContain(created.path);

    const edited = await studio('PUT', `/events/${created.id}`, {
      ...form({ title: 'Renamed show', price: 15, airDate: '2030-12-31T21:30', venueTimeZone: 'America/Chicago' }),
      version: created.version,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'Renamed show',
      path: created.path, // the address never changes: shared links keep working
      version: 2,
      price: 15,
      airDate: '2030-12-31T21:30',
      airStartDate: '2031-01-01T03:30:00.000Z', // CST, UTC-6
    });

    const published = await studio('POST', `/events/${created.id}/publish`);
    expect([published.statusCode, published.json().data.status]).toEqual([200, 'published']);
    expect(await listingPaths()).toContain(created.path);
    const page = await shop(`/asset/${created.path}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data[0]).toMatchObject({ title: 'Renamed show', rate: 15, venue_description: 'Le Trianon' });
    expect((await x.d.add(shopper, { asset_id: created.id })).statusCode).toBe(200);
    expect((await x.t.app.inject({ url: '/sitemap.xml' })).body).toContain(created.path);

    const unpublished = await studio('POST', `/events/${created.id}/unpublish`);
    expect([unpublished.statusCode, unpublished.json().data.status]).toEqual([200, 'draft']);
    expect(await listingPaths()).not.toContain(created.path);
    expect((await shop(`/asset/${created.path}`)).statusCode).toBe(404);
    // It leaves the cart it was in, and cannot be added again.
    const cart = (await x.d.get(shopper)).json().data;
    expect(JSON.stringify(cart)).not.toContain(created.path);
    expect((await x.d.add(shopper, { asset_id: created.id })).statusCode).toBe(404);

    const actions = (await auditOf(created.id)).map((e) => e.action);
    expect(actions).toEqual(['event.unpublish', 'event.publish', 'event.update', 'event.create']);
    const update = (await auditOf(created.id)).find((e) => e.action === 'event.update')!;
    expect(update.before).toMatchObject({ title: created.title, price: 12.5 });
    expect(update.after).toMatchObject({ title: 'Renamed show', price: 15 });
    expect(update.actorEmail).toMatch(/^organizer-/);
  });

  it('lists events with search, status filter, sort and paging', async () => {
    const a = await create({ title: 'Zebra Search Probe' });
    const b = await create({ title: 'Aardvark Search Probe' });
    await studio('POST', `/events/${b.id}/publish`);
    const list = async (query: string) => (await studio('GET', `/events?${query}`)).json().data;
    const both = await list('search=search%20probe&sort=title');
    expect(both.total).toBe(2);
    expect(both.rows.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    expect(both.rows[0]).toMatchObject({ status: 'published', contentType: 'Live', isPremium: true, sold: 0 });
    expect((await list('search=search%20probe&sort=-title')).rows[0].id).toBe(a.id);
    expect((await list('search=search%20probe&status=draft')).rows.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const paged = await list('search=search%20probe&sort=title&limit=1&offset=1');
    expect([paged.total, paged.rows.map((r: { id: number }) => r.id)]).toEqual([2, [a.id]]);
    // % and _ are letters, not wildcards.
    expect((await list('search=%25')).total).toBe(0);
  });

  it('duplicates an event as a draft with nothing sold', async () => {
    const source = await create({ slide: { enabled: true, description: '<p>Slide</p>', imagePath: '/media/x.jpg' } });
    await studio('POST', `/events/${source.id}/publish`);
    await x.t.database.db.updateTable('events').set({ sold: 7 }).where('id', '=', source.id).execute();
    const res = await studio('POST', `/events/${source.id}/duplicate`);
    expect(res.statusCode).toBe(201);
    const copy = res.json().data;
    expect(copy).toMatchObject({
      title: `${source.title} (copy)`,
      status: 'draft',
      sold: 0,
      version: 1,
      price: 12.5,
      categories: source.categories,
      slide: { enabled: true, description: '<p>Slide</p>', imagePath: '/media/x.jpg' },
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.path).not.toBe(source.path);
    expect((await auditOf(copy.id))[0]).toMatchObject({ action: 'event.duplicate', after: { duplicateOf: source.id } });
  });

  it('makes a unique path from a clashing title', async () => {
    const first = await create({ title: 'Same Title' });
    const second = await create({ title: 'Same Title' });
    expect([first.path, second.path]).toEqual(['same-title', 'same-title-2']);
  });

  it('deletes an event nobody ordered, and refuses once anyone did', async () => {
    const lonely = await create();
    const del = await studio('DELETE', `/events/${lonely.id}`);
    expect(del.statusCode).toBe(200);
    expect((await studio('GET', `/events/${lonely.id}`)).statusCode).toBe(404);
    expect((await auditOf(lonely.id))[0]).toMatchObject({ action: 'event.delete', after: null });

    const sold = await create();
    await giveOrder(x.t.database.db, shopper.userId!, [sold.id]);
    const refused = await studio('DELETE', `/events/${sold.id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, M.deleteAfterSale]);
    expect((await studio('GET', `/events/${sold.id}`)).statusCode).toBe(200);
  });

  it('refuses an edit made on an old version, and changes nothing', async () => {
    const event = await create();
    const first = await studio('PUT', `/events/${event.id}`, { ...form({ title: 'First save' }), version: 1 });
    expect(first.statusCode).toBe(200);
    const stale = await studio('PUT', `/events/${event.id}`, { ...form({ title: 'Stale save' }), version: 1 });
    expect([stale.statusCode, stale.json().message]).toEqual([409, M.versionConflict]);
    expect((await studio('GET', `/events/${event.id}`)).json().data).toMatchObject({ title: 'First save', version: 2 });
  });

  it('gives an event a carousel slide, shown once it is published', async () => {
    const event = await create({
      slide: { enabled: true, description: '<p>Come!</p>', imagePath: '/media/carousel/amber-radio.svg' },
    });
    const slides = async () =>
      JSON.stringify((await shop(`/carousel?filter=${q({ deviceTypeId: '1', languageId: '1' })}`)).json().data);
    expect(await slides()).not.toContain(event.path);
    await studio('POST', `/events/${event.id}/publish`);
    expect(await slides()).toContain(event.path);
    const off = await studio('PUT', `/events/${event.id}`, {
      ...form({ title: event.title, slide: { enabled: false, description: '', imagePath: '' } }),
      version: 2,
    });
    expect(off.json().data.slide.enabled).toBe(false);
    expect(await slides()).not.toContain(event.path);
  });
});

describe('bad input: a sentence, and nothing changed', () => {
  const refusedCreate = async (over: object, status: number, message: string | RegExp) => {
    const before = await x.t.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const auditBefore = (await studio('GET', '/audit?subjectType=event')).json().data.entries.length;
    const res = await studio('POST', '/events', form(over));
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    const after = await x.t.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
    expect((await studio('GET', '/audit?subjectType=event')).json().data.entries.length).toBe(auditBefore);
  };

  it.each([
    ['a past air date for a new live event', { airDate: '2020-01-01T20:00' }, M.pastLiveDate],
    ['premium without a price', { price: null }, M.premiumNeedsPrice],
    ['premium at $0', { price: 0 }, M.premiumNeedsPrice],
    ['an unknown time zone', { venueTimeZone: 'Mars/Olympus_Mons' }, M.unknownZone],
    ['an offset for a zone', { venueTimeZone: '+02:00' }, M.unknownZone],
    ['an unknown category', { categories: [{ categoryId: 999_999, order: 0 }] }, M.unknownCategory],
    ['an unknown subscription', { subscriptionId: 999_999 }, M.unknownSubscription],
    ['a date that does not exist', { airDate: '2030-02-30T20:00' }, /is not a real date/],
    ['a time the clocks skip', { airDate: '2030-03-31T02:30' }, /does not exist in Europe\/Paris/],
    ['a slide without an image', { slide: { enabled: true, description: '', imagePath: '' } }, M.slideNeedsImage],
    ['a script', { description: '<p>Hi</p><script>alert(1)</script>' }, M.unsafeHtml],
    ['an event handler', { description: '<img src="x" onerror="alert(1)">' }, M.unsafeHtml],
    ['a javascript: link', { description: '<a href="javascript:alert(1)">go</a>' }, M.unsafeHtml],
    ['a disguised javascript: link', { description: '<a href="jav&#x09;ascript:alert(1)">go</a>' }, M.unsafeHtml],
    [
      'a handler in the slide',
      { slide: { enabled: true, description: '<p onclick="x()">a</p>', imagePath: '/media/m.jpg' } },
      M.unsafeHtml,
    ],
  ])('%s (400)', async (_name, over, message) => {
    await refusedCreate(over, 400, message);
  });

  it('the contract refuses shapes: a price with three decimals, a malformed date', async () => {
    await refusedCreate({ price: 1.234 }, 400, /two decimals/);
    await refusedCreate({ airDate: '2030-06-01 20:00' }, 400, /2026-12-31T20:00/);
  });

  // The page would load the picture from there, and link previews (og:image) would name it.
  it.each([
    ['an absolute URL', 'https://evil.example/x.jpg'],
    ['a protocol-relative URL', '//evil.example/x.jpg'],
    ['a backslash that browsers read as a slash', '/\\evil.example/x.jpg'],
    ['a backslash further in', '/media\\..\\..\\evil.example/x.jpg'],
    ['a tab that browsers drop', '/\t/evil.example/x.jpg'],
    ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a path climbing out of /media/', '/media/%2e%2e/v1/studio/me'],
    ['a path outside /media/', '/v1/studio/me'],
  ])('a poster or slide picture that is %s is refused (400), nothing written', async (_name, path) => {
    await refusedCreate({ posterPath: path }, 400, `Poster path ${MEDIA_PATH_PROBLEM}.`);
    const slide = { enabled: true, description: '', imagePath: path };
    await refusedCreate({ slide }, 400, `Slide image path ${MEDIA_PATH_PROBLEM}.`);
  });

  it('stores allowed HTML sanitized: tags outside the allow-list go, the text stays', async () => {
    const event = await create({
      description:
        '<p class="x" style="color:red">Hello <span>there</span> <img src="/a.jpg"><a href="ftp://x">f</a></p><h2>Head</h2>',
    });
    expect(event.description).toBe('<p>Hello there <a>f</a></p><h2>Head</h2>');
  });

  it('refuses capacity below what is sold, and a sold event made free (409)', async () => {
    const event = await create();
    await x.t.database.db.updateTable('events').set({ sold: 5 }).where('id', '=', event.id).execute();
    const edit = (over: object) =>
      studio('PUT', `/events/${event.id}`, { ...form({ title: event.title, ...over }), version: 1 });
    const below = await edit({ capacity: 4 });
    expect([below.statusCode, below.json().message]).toEqual([409, `${M.capacityBelowSold} 5 sold so far.`]);
    const free = await edit({ isPremium: false, price: null });
    expect([free.statusCode, free.json().message]).toEqual([409, M.freeAfterSale]);
    // A new price applies to new orders: allowed (docs/decisions.md "Organizers").
    const repriced = await edit({ capacity: 5, price: 20 });
    expect([repriced.statusCode, repriced.json().data.price, repriced.json().data.version]).toEqual([200, 20, 2]);
  });

  it('an edit can keep a live event whose date has passed, but not move it into the past', async () => {
    const event = await create();
    await x.t.database.db
      .updateTable('events')
      .set({ air_start_date: new Date('2021-01-01T19:00:00Z') })
      .where('id', '=', event.id)
      .execute();
    const same = await studio('PUT', `/events/${event.id}`, {
      ...form({ title: event.title, airDate: '2021-01-01T20:00' }),
      version: 1,
    });
    expect(same.statusCode).toBe(200);
    const moved = await studio('PUT', `/events/${event.id}`, {
      ...form({ title: event.title, airDate: '2021-02-01T20:00' }),
      version: 2,
    });
    expect([moved.statusCode, moved.json().message]).toEqual([400, M.pastLiveDate]);
  });

  it('404 for an event that does not exist', async () => {
    expect((await studio('GET', '/events/999999')).statusCode).toBe(404);
    expect((await studio('POST', '/events/999999/publish')).statusCode).toBe(404);
    expect((await studio('DELETE', '/events/999999')).statusCode).toBe(404);
  });
});
