// @databases both: smoke — the catalog module: listings, paging and JSON filters in SQL
import zlib from 'node:zlib';
import { createTestApp, type TestApp } from '../../../utils/testApp';
import { signTestToken } from '../../../utils/signToken';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url, headers });
  return { res, status: res.statusCode, body: res.statusCode === 304 ? null : res.json() };
};

describe('GET /v1/carousel', () => {
  it('answers the slides in order with their event', async () => {
    const { status, body } = await get(`/v1/carousel?filter=${q({ deviceTypeId: '1', languageId: '1' })}`);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(3);
    expect(body.data.map((s: { type: string }) => s.type)).toEqual(expect.arrayContaining(['image', 'video']));
    const first = body.data[0];
    expect(first).toMatchObject({
      type: 'video',
      videoUrl: '/media/hero/index.m3u8',
      isVisible: true,
      isButtonRequired: true,
    });
    expect(first.asset[0]).toMatchObject({
      path: 'neon-harbor-tidal-lights',
      venue_description: 'The Lantern Hall',
      event_label: 'Portland, OR',
    });
    expect(Date.parse(first.asset[0].airStartDate)).toBeGreaterThan(Date.now());
  });

  it.each([
    ['bad JSON', 'filter=%7B', /^Filter must be valid JSON such as /],
    [
      'unknown filter field',
      `filter=${q({ deviceTypeId: '1', color: 'red' })}`,
      /^Filter has a field we do not accept: color\.$/,
    ],
  ])('refuses %s with 400', async (_n, query, message) => {
    const { status, body } = await get(`/v1/carousel?${query}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
  });
});

describe('GET /v1/pagecategory', () => {
  const url = (filter: unknown, extra = '') => `/v1/pagecategory?filter=${q(filter)}&start=0&limit=20${extra}`;

  it('lists the home page rows (page 1) in order', async () => {
    const { body } = await get(url({ deviceTypeId: '1', languageId: '1', path: 1, type: 'primary_navigation' }));
    expect(body.data.map((c: { path: string }) => c.path)).toEqual([
      'coming-up-live',
      'on-demand',
      'free-to-watch',
      'jazz-soul-and-more',
    ]);
  });

  it('lists the category page group (page 2)', async () => {
    const { body } = await get(url({ path: '2' }));
    expect(body.data.map((c: { path: string }) => c.path)).toEqual(['the-experience', 'upcoming-events']);
  });

  it.each([
    [{}, /^Filter path is required\.$/],
    [{ path: 'home' }, /^Filter path must be a page id such as 1\.$/],
    [{ path: '1', type: 'footer' }, /^Filter type must be "primary_navigation"\.$/],
  ])('refuses filter %j with 400 naming the field', async (filter, message) => {
    const { status, body } = await get(url(filter));
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
  });

  it('refuses a limit above 100', async () => {
    const { status, body } = await get(`/v1/pagecategory?filter=${q({ path: 1 })}&limit=1000`);
    expect(status).toBe(400);
    expect(body.message).toBe('Limit must be 100 or less.');
  });
});

describe('GET /v1/pagecategory/listing', () => {
  const url = (path: string, extra = '&start=0&limit=7') => `/v1/pagecategory/listing?filter=${q({ path })}${extra}`;

  it('answers the category with its events as data[0].data', async () => {
    const { body } = await get(url('free-to-watch'));
    expect(body.data[0]).toMatchObject({ path: 'free-to-watch', label: 'Free to Watch' });
    const assets = body.data[0].data;
    expect(assets.length).toBeGreaterThan(0);
    for (const a of assets) expect(a).toMatchObject({ isPremium: 0, rate: null });
  });

  it('pages by cursor without overlap or gaps', async () => {
    const all = (await get(url('the-experience', '&start=0&limit=100'))).body.data[0].data.map(
      (a: { id: number }) => a.id,
    );
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const extra: string = `&start=0&limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await get(url('the-experience', extra))).body.data[0];
      expect(page.data.length).toBeLessThanOrEqual(4);
      seen.push(...page.data.map((a: { id: number }) => a.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect(all.length).toBeGreaterThanOrEqual(12);
  });

  it('refuses start > 0 without a cursor, and a forged cursor', async () => {
    expect((await get(url('the-experience', '&start=20&limit=7'))).body.message).toMatch(/^Start must be 0: /);
    expect((await get(url('the-experience', '&cursor=bm9wZQ'))).status).toBe(400);
  });

  it('answers an unknown category with 404', async () => {
    const { status, body } = await get(url('no-such-category'));
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, data: null });
  });
});

describe('GET /v1/pagecategory/{categoryId}/events', () => {
  it('answers the blocks of a category, by path and by id', async () => {
    const byPath = (await get('/v1/pagecategory/the-experience/events?offset=0&limit=50')).body;
    expect(byPath.data.map((b: { title: string }) => b.title)).toEqual(['Coming up live', 'Watch on demand']);
    const id = (await get(`/v1/pagecategory/listing?filter=${q({ path: 'the-experience' })}`)).body.data[0].id;
    const byId = (await get(`/v1/pagecategory/${id}/events?offset=0&limit=50`)).body;
    expect(byId).toEqual(byPath);
  });

  it('treats a category without blocks as one block of its own events', async () => {
    const { body } = await get('/v1/pagecategory/free-to-watch/events?offset=0&limit=50');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ title: 'Free to Watch', description: '<p>No pass needed: press play.</p>' });
    expect(body.data[0].data.length).toBeGreaterThan(0);
  });

  it('answers an unknown category with 404', async () => {
    expect((await get('/v1/pagecategory/nope/events')).status).toBe(404);
  });
});

describe('GET /v1/asset/{id}', () => {
  it('answers the event by id and by path, the first entry of data', async () => {
    const byPath = (await get('/v1/asset/velvet-static-unplugged')).body;
    expect(byPath.data[0]).toMatchObject({
      path: 'velvet-static-unplugged',
      title: 'The Velvet Static — Unplugged',
      isPremium: 1,
      rate: 9.99,
      contentType: 'VOD',
      venue_description: 'Cedar Room',
      event_label: 'Austin, TX',
      subscription_id: 1,
      vodOrLivePosterImageFilePath: '/media/posters/velvet-static-unplugged.svg',
    });
    const byId = (await get(`/v1/asset/${byPath.data[0].id}`)).body;
    expect(byId).toEqual(byPath);
  });

  it('keeps HTML as stored', async () => {
    const { body } = await get('/v1/asset/velvet-static-unplugged');
    expect(body.data[0].description).toMatch(
      /^<p>Stripped back.*<\/p><h3>Setlist highlights<\/h3><ul><li>Velvet<\/li>/,
    );
  });

  it('says per caller whether the event can be watched: free yes, premium not without an order', async () => {
    const guest = { authorization: `Bearer ${signTestToken({ kind: 'guest', sub: 'g' })}` };
    expect((await get('/v1/asset/midnight-brass-club', guest)).body.data[0].canUserWatchAsset).toBe(1);
    expect((await get('/v1/asset/velvet-static-unplugged', guest)).body.data[0].canUserWatchAsset).toBe(0);
  });

  it.each(['no-such-event', '999999', '99999999999999'])('answers %s with 404', async (id) => {
    expect((await get(`/v1/asset/${id}`)).status).toBe(404);
  });

  it('sends an ETag and answers a matching If-None-Match with 304', async () => {
    const first = await get('/v1/asset/velvet-static-unplugged');
    expect(first.res.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.res.headers.etag);
    const again = await get('/v1/asset/velvet-static-unplugged', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.res.body).toBe('');
  });
});

describe('subscriptions, agreements, footer links', () => {
  it('answers subscription 1 with its HTML description', async () => {
    const { body } = await get('/v1/subscription/1');
    expect(body.data).toMatchObject({ id: 1, title: 'Show Pass' });
    expect(body.data.description).toMatch(/^<ul><li>/);
  });

  it('answers agreements 3 (terms) and 2 (privacy) as data[0]', async () => {
    expect((await get('/v1/agreement/3')).body.data[0].label).toBe('Terms of Use');
    expect((await get('/v1/agreement/2')).body.data[0].label).toBe('Privacy Policy');
  });

  it('answers footer link 1', async () => {
    expect((await get('/v1/footerlink/1')).body.data.links.map((l: { label: string }) => l.label)).toEqual([
      'Support',
      'Contact',
      'About',
      'Terms',
      'Privacy',
    ]);
  });

  it.each(['/v1/subscription/99', '/v1/agreement/99', '/v1/footerlink/99'])('answers %s with 404', async (url) => {
    expect((await get(url)).status).toBe(404);
  });

  it.each(['/v1/subscription/abc', '/v1/agreement/-1', '/v1/footerlink/1.5'])(
    'answers %s with 400 naming the parameter',
    async (url) => {
      const { status, body } = await get(url);
      expect(status).toBe(400);
      expect(body.message).toMatch(/^The id in the address must be /);
    },
  );

  it('lets shared catalog answers be cached publicly for a minute', async () => {
    const { res } = await get('/v1/agreement/3');
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  });
});

describe('compressed catalog answers', () => {
  const listing = `/v1/pagecategory/listing?filter=${q({ path: 'the-experience' })}&start=0&limit=20`;
  const decode = (encoding: string | undefined, raw: Buffer) =>
    encoding === 'br'
      ? zlib.brotliDecompressSync(raw).toString()
      : encoding === 'gzip'
        ? zlib.gunzipSync(raw).toString()
        : raw.toString();

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('answers Accept-Encoding "%s" with %s, the same JSON and the same ETag', async (accept, expected) => {
    const plain = await t.app.inject({ url: listing });
    const res = await t.app.inject({ url: listing, headers: { 'accept-encoding': accept } });
    expect([res.statusCode, res.headers['content-encoding']]).toEqual([200, expected]);
    expect(decode(expected, res.rawPayload)).toBe(plain.body);
    expect(JSON.parse(plain.body).data[0].data.length).toBeGreaterThan(3);
    expect(res.headers.etag).toBe(plain.headers.etag);
    expect(res.headers.vary).toBe('Accept-Encoding');
    if (expected) expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    // The copy made once when cached (brotli quality 5), not one compressed per request (quality 4).
    const cachedCopy = zlib.brotliCompressSync(plain.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.rawPayload.length,
      },
    });
    if (expected === 'br') expect(res.rawPayload.equals(cachedCopy)).toBe(true);
  });

  it('leaves answers under 1 KiB uncompressed: the event page varies by token only', async () => {
    const page = await t.app.inject({ url: '/v1/asset/velvet-static-unplugged', headers: { 'accept-encoding': 'br' } });
    expect([page.rawPayload.length < 1024, page.headers['content-encoding'], page.headers.vary]).toEqual([
      true,
      undefined,
      'Authorization',
    ]);
    expect(JSON.parse(page.body).data[0].path).toBe('velvet-static-unplugged');
    const footer = await t.app.inject({ url: '/v1/footerlink/1', headers: { 'accept-encoding': 'br' } });
    expect([footer.rawPayload.length < 1024, footer.headers['content-encoding'], footer.headers.vary]).toEqual([
      true,
      undefined,
      undefined,
    ]);
  });
});
