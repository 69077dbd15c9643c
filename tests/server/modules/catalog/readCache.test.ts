// @databases postgres: its outcome does not depend on the kind of database
import zlib from 'node:zlib';
import { createCatalogRepository } from '../../../../src/server/modules/catalog/catalogRepository';
import { createReadCache } from '../../../../src/server/modules/catalog/readCache';
import { createCatalogService } from '../../../../src/server/modules/catalog/service';
import { createTestApp, type TestApp } from '../../../utils/testApp';

describe('read cache', () => {
  it('stays within its byte budget, letting the least recently used answers go', async () => {
    const cache = createReadCache(async () => 'v1', { maxBytes: 20_000 });
    const body = (i: number) => async () => ({ i, padding: 'x'.repeat(1000) });
    for (let i = 0; i < 100; i += 1) {
      await cache.get(`k${i}`, body(i));
      await cache.get('k0', body(0)); // k0 stays in use
    }
    expect(cache.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.size).toBeGreaterThan(10);
    expect(cache.size).toBeLessThan(20);
    let reloaded = 0;
    await cache.get('k0', async () => {
      reloaded += 1;
      return {};
    });
    await cache.get('k99', async () => {
      reloaded += 1;
      return {};
    });
    expect(reloaded).toBe(0);
    await cache.get('k1', async () => {
      reloaded += 1;
      return {};
    });
    expect(reloaded).toBe(1);
  });

  it('keeps no answer bigger than the whole budget', async () => {
    const cache = createReadCache(async () => 'v1', { maxBytes: 1000 });
    await cache.get('big', async () => ({ padding: 'x'.repeat(5000) }));
    expect(cache.size).toBe(0);
  });

  it('with a budget of 0 (CATALOG_CACHE_MB=0) reads every answer afresh', async () => {
    const cache = createReadCache(async () => 'v1', { maxBytes: 0 });
    let loads = 0;
    for (let i = 0; i < 3; i += 1)
      expect((await cache.get('k', async () => ({ n: (loads += 1) }))).json).toBe(`{"n":${loads}}`);
    expect([loads, cache.size]).toEqual([3, 0]);
  });
});

describe('catalog cache keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function service() {
    const repo = createCatalogRepository(t.database.db);
    const cache = createReadCache(() => repo.catalogVersion());
    const nobodyOwnsAnything = { ownsEvent: async () => false, isSoldOut: async () => false };
    return {
      cache,
      catalog: createCatalogService({ repo, cache, entitlements: nobodyOwnsAnything, shareImageOf: () => null }),
    };
  }

  it('are built from what changes the answer: filters that do not are not part of them', async () => {
    // The carousel's filter (device, language) is checked with the request and never reaches the cache.
    const filters = ['{"deviceTypeId":"1","languageId":"1"}', '{"deviceTypeId":"2"}', '{}', '{"languageId":"999"}'];
    const answers = await Promise.all(
      [undefined, ...filters].map((f) =>
        t.app.inject({ url: `/v1/carousel${f === undefined ? '' : `?filter=${encodeURIComponent(f)}`}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
  });

  it("treat '7', '007' and '0007' as one record", async () => {
    const { cache, catalog } = service();
    const first = await t.database.db
      .selectFrom('events')
      .select(['id', 'path'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const key of [String(first.id), `00${first.id}`, `000${first.id}`]) await catalog.asset(key, null);
    // The event's facts and the one answer a caller without a token gets.
    expect(cache.size).toBe(2);
    await catalog.blocks('1', 0, 50);
    await catalog.blocks('001', 0, 50);
    expect(cache.size).toBe(3);
  });

  it('page ids are normalized too ("1", 1 and "01" are one entry)', async () => {
    const { cache, catalog } = service();
    for (const path of ['1', 1, '01'])
      await catalog.categories({ path, type: 'primary_navigation' }, { start: 0, limit: 20 });
    expect(cache.size).toBe(1);
  });
});

describe('compressed copies', () => {
  it('are made once per answer from 1 KiB, decode to the answer and count towards the budget', async () => {
    const cache = createReadCache(async () => 'v1');
    const big = await cache.get('big', async () => ({ padding: 'la '.repeat(2000) }));
    expect(zlib.brotliDecompressSync(big.br!).toString()).toBe(big.json);
    expect(zlib.gunzipSync(big.gzip!).toString()).toBe(big.json);
    expect(cache.bytes).toBe(big.json.length + big.br!.length + big.gzip!.length + big.etag.length + 'big'.length);
    expect(
      await cache.get('big', async () => {
        throw new Error('read again');
      }),
    ).toBe(big);
    const small = await cache.get('small', async () => ({ ok: true }));
    expect([small.br, small.gzip]).toEqual([undefined, undefined]);
  });
});
