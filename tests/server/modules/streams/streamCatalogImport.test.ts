// @databases postgres: its outcome does not depend on the kind of database
import fs from 'node:fs';
import path from 'node:path';
import { demoCatalog } from '../../../../src/server/db/seed/demoCatalog';
import { DEMO_ANGLES, demoFreeStreams, demoStreams } from '../../../../src/server/db/seed/demoStreams';
import { CatalogFileError } from '../../../../src/server/modules/catalog/catalogFile';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { foldersOf, streamConfigFile } from '../../../../src/server/modules/streams/streamConfigFile';
import { createTestApp, type TestApp } from '../../../utils/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const configs = () =>
  db()
    .selectFrom('stream_configs')
    .innerJoin('events', 'events.id', 'stream_configs.event_id')
    .select(['events.path', 'stream_configs.config'])
    .orderBy('events.path')
    .execute();
const configOf = async (path: string) => (await configs()).find((c) => c.path === path)?.config;
const problemsOf = async (file: unknown) => {
  try {
    await importCatalog(db(), file);
  } catch (err) {
    if (err instanceof CatalogFileError) return err.problems.join('\n');
    throw err;
  }
  throw new Error('import was accepted');
};
const event = (streams: object, path = 'imp-a') => ({ events: [{ path, title: 'Imported', streams }] });

describe('the demo seed', () => {
  const demoEvents = () => demoCatalog().events ?? [];
  const feeds = (prefix: string) => ({
    videoUrl: `/media/streams/${prefix}program/index.m3u8`,
    video_H_Url: `/media/streams/${prefix}program/index.m3u8`,
    audiourl: `/media/streams/${prefix}program/index.m3u8`,
    programcutUrl: `/media/streams/${prefix}program/index.m3u8`,
    video_dual_Url: `/media/streams/${prefix}dual/index.m3u8`,
    video_quad_Url: `/media/streams/${prefix}quad/index.m3u8`,
    Program: 'Program',
  });

  it('gives every demo event the demo config: nine named angles, the feeds, all five layouts; free events in folders of their own', async () => {
    const rows = await configs();
    const demoPaths = demoEvents()
      .map((e) => e.path)
      .sort();
    expect(rows.map((r) => r.path).filter((p) => demoPaths.includes(p))).toEqual(demoPaths);
    for (const e of demoEvents()) {
      const prefix = e.isPremium ? '' : 'free-';
      const config = rows.find((r) => r.path === e.path)!.config;
      expect([e.path, config.streamUrls]).toEqual([
        e.path,
        DEMO_ANGLES.map((name, i) => ({ name, url: `/media/streams/${prefix}angle-${i + 1}/index.m3u8` })),
      ]);
      expect(config).toMatchObject(feeds(prefix));
      expect(config.layoutConfigs).toHaveLength(5);
    }
    expect(demoEvents().filter((e) => !e.isPremium).length).toBeGreaterThanOrEqual(3);
  });

  it("passes its own rule: no folder of a free demo event is a premium one's, and every folder it names is committed", async () => {
    const folders = (premium: boolean) =>
      new Set(
        demoEvents()
          .filter((e) => Boolean(e.isPremium) === premium)
          .flatMap((e) => [...foldersOf(streamConfigFile.parse(e.streams))]),
      );
    const [free, premium] = [folders(false), folders(true)];
    expect(free.size).toBe(12);
    expect(premium.size).toBe(12);
    expect([...free].filter((dir) => premium.has(dir))).toEqual([]);
    const streams = path.join(t.config.mediaDir, 'streams');
    for (const dir of [...free, ...premium])
      expect([dir, fs.existsSync(path.join(streams, dir, 'index.m3u8'))]).toEqual([dir, true]);
    // The free copies are the same media, byte for byte (git keeps each file once).
    for (const dir of premium) {
      const files = fs.readdirSync(path.join(streams, dir)).sort();
      expect(fs.readdirSync(path.join(streams, `free-${dir}`)).sort()).toEqual(files);
      for (const file of files)
        expect(
          fs
            .readFileSync(path.join(streams, `free-${dir}`, file))
            .equals(fs.readFileSync(path.join(streams, dir, file))),
        ).toBe(true);
    }
    // And the importer, which enforces the rule, takes the demo catalog again.
    await expect(importCatalog(db(), demoCatalog())).resolves.toMatchObject({ events: demoEvents().length });
  });
});

describe('a catalog file with streams', () => {
  it('stores the config with the layout nulls stripped', async () => {
    await importCatalog(
      db(),
      event({ ...demoFreeStreams, layoutConfigs: [null, { layout: 'single', label: 'One', tiles: 1 }, null] }),
    );
    expect(await configOf('imp-a')).toEqual({
      ...demoFreeStreams,
      layoutConfigs: [{ layout: 'single', label: 'One', tiles: 1 }],
    });
  });

  it('replaces the config of an event that brings one, and leaves the others alone', async () => {
    await importCatalog(db(), event({ ...demoFreeStreams, Program: 'Director' }, 'imp-b'));
    const before = await configOf('imp-a');
    await importCatalog(db(), {
      events: [
        { path: 'imp-a', title: 'Renamed, no streams' },
        { path: 'imp-b', title: 'B', streams: { ...demoFreeStreams, Program: 'Cut' } },
      ],
    });
    expect(await configOf('imp-a')).toEqual(before);
    expect((await configOf('imp-b'))?.Program).toBe('Cut');
  });

  it.each([
    [
      'a public path',
      { videoUrl: '/media/hero/index.m3u8' },
      'events[0].streams.videoUrl: must be a protected playlist path such as /media/streams/angle-1/index.m3u8',
    ],
    [
      'a traversal',
      { audiourl: '/media/streams/../hero/index.m3u8' },
      'events[0].streams.audiourl: must be a protected playlist path',
    ],
    [
      'a double slash',
      { video_dual_Url: '/media/streams//dual/index.m3u8' },
      'events[0].streams.video_dual_Url: must be a protected playlist path',
    ],
    [
      'a query',
      { video_quad_Url: '/media/streams/quad/index.m3u8?x=1' },
      'events[0].streams.video_quad_Url: must be a protected playlist path',
    ],
    [
      'another site',
      { programcutUrl: 'https://cdn.example/p/index.m3u8' },
      'events[0].streams.programcutUrl: must be a protected playlist path',
    ],
    [
      'a segment instead of a playlist',
      { video_H_Url: '/media/streams/program/seg_000.ts' },
      'events[0].streams.video_H_Url: must be a protected playlist path',
    ],
    [
      'a bad angle',
      {
        streamUrls: [
          { url: '/media/streams/angle-1/index.m3u8', name: 'A' },
          { url: '/media/streams/a/b/index.m3u8', name: 'B' },
        ],
      },
      'events[0].streams.streamUrls[1].url: must be a protected playlist path',
    ],
    [
      'ten angles',
      {
        streamUrls: Array.from({ length: 10 }, (_, i) => ({
          url: `/media/streams/angle-${i}/index.m3u8`,
          name: `A${i}`,
        })),
      },
      'events[0].streams.streamUrls: must list at most nine angles',
    ],
    ['no angle', { streamUrls: [] }, 'events[0].streams.streamUrls: must list at least one angle'],
    [
      'an unknown layout',
      { layoutConfigs: [{ layout: 'grid-4x4', label: 'x', tiles: 16 }] },
      'events[0].streams.layoutConfigs[0].layout',
    ],
    ['an unknown field', { chat: true }, 'events[0].streams: has a field we do not accept: chat'],
  ])('with %s is refused, naming the field, and changes nothing', async (_n, change, expected) => {
    const before = await db().selectFrom('stream_configs').selectAll().orderBy('event_id').execute();
    const events = await db().selectFrom('events').select('path').orderBy('id').execute();
    expect(await problemsOf(event({ ...demoStreams, ...change }, 'imp-refused'))).toContain(expected);
    expect(await db().selectFrom('stream_configs').selectAll().orderBy('event_id').execute()).toEqual(before);
    expect(await db().selectFrom('events').select('path').orderBy('id').execute()).toEqual(events);
  });
});

describe('free and premium events never share a media folder', () => {
  const premiumWith = (path: string, streams: object) => ({
    path,
    title: 'Premium import',
    isPremium: true,
    price: 5,
    streams,
  });
  const freeWith = (path: string, streams: object) => ({ path, title: 'Free import', streams });
  /** The demo's free config with one angle moved to another folder. */
  const freeUsing = (dir: string, angle = 2) => ({
    ...demoFreeStreams,
    streamUrls: demoFreeStreams.streamUrls.map((s, i) =>
      i === angle ? { ...s, url: `/media/streams/${dir}/index.m3u8` } : s,
    ),
  });
  const snapshot = async () => ({
    events: await db().selectFrom('events').select(['path', 'is_premium', 'title']).orderBy('path').execute(),
    configs: await db().selectFrom('stream_configs').selectAll().orderBy('event_id').execute(),
    version: await db().selectFrom('settings').select('value').where('key', '=', 'catalog_version').executeTakeFirst(),
  });
  const refusedUnchanged = async (file: unknown) => {
    const before = await snapshot();
    const problems = await problemsOf(file);
    expect(await snapshot()).toEqual(before);
    return problems;
  };

  it("refuses a free event using a premium event's folder, naming the entry, the folder and the events, and changes nothing", async () => {
    const problems = await refusedUnchanged({
      events: [freeWith('imp-ok', demoFreeStreams), freeWith('imp-leaky', freeUsing('angle-3'))],
    });
    expect(problems).toContain(
      'events[1].streams: free event "imp-leaky" and premium event "velvet-static-unplugged" (already in the database) ' +
        'share the media folder "angle-3": the free event\'s links would open the premium event\'s media to anyone. Give the free event folders of its own.',
    );
    // One line per premium event sharing it, on that entry; nothing about the entry that is fine.
    expect(problems.split('\n').every((line) => line.startsWith('events[1].streams: free event "imp-leaky"'))).toBe(
      true,
    );
    expect(problems).not.toContain('imp-ok');
    expect(await configOf('imp-leaky')).toBeUndefined();
  });

  it("refuses a premium event using the free events' folders (the free demo events named as already in the database)", async () => {
    const problems = await refusedUnchanged({ events: [premiumWith('imp-premium', freeUsing('free-quad'))] });
    expect(problems).toContain(
      'events[0].streams: free event "marisol-vega-quartet" (already in the database) and premium event "imp-premium" share the media folders',
    );
    expect(problems).toMatch(/share the media folders "free-angle-1", "free-angle-2", .*"free-quad"/);
  });

  it("refuses a free and a premium event of the same file sharing a folder, on the free event's entry", async () => {
    const problems = await refusedUnchanged({
      events: [
        premiumWith('imp-p', {
          ...demoStreams,
          streamUrls: [{ name: 'Only', url: '/media/streams/imp-shared/index.m3u8' }],
        }),
        freeWith('imp-f', freeUsing('imp-shared')),
      ],
    });
    expect(problems).toContain(
      'events[1].streams: free event "imp-f" and premium event "imp-p" share the media folder "imp-shared"',
    );
  });

  it('refuses an entry that makes a premium event free while it keeps its premium folders (the flag defaults to free)', async () => {
    const problems = await refusedUnchanged({
      events: [{ path: 'velvet-static-unplugged', title: 'Renamed, flag forgotten' }],
    });
    expect(problems).toContain(
      'events[0].isPremium: free event "velvet-static-unplugged" and premium event "ironwood-symphony-the-planets" (already in the database) share the media folders',
    );
  });

  it('refuses any import while the database itself holds a shared folder, until a file gives the free event folders of its own', async () => {
    const marisol = await db()
      .selectFrom('events')
      .select('id')
      .where('path', '=', 'marisol-vega-quartet')
      .executeTakeFirstOrThrow();
    const kept = await db()
      .selectFrom('stream_configs')
      .select('config')
      .where('event_id', '=', marisol.id)
      .executeTakeFirstOrThrow();
    // As a database seeded before free events had folders of their own.
    await db()
      .updateTable('stream_configs')
      .set({ config: JSON.stringify(demoStreams) })
      .where('event_id', '=', marisol.id)
      .execute();
    try {
      const problems = await refusedUnchanged({ coupons: [{ code: 'IMPFOLDER', kind: 'percent', percentOff: 5 }] });
      expect(problems).toContain(
        'database: free event "marisol-vega-quartet" (already in the database) and premium event "velvet-static-unplugged" (already in the database) share the media folders',
      );
      await importCatalog(db(), {
        events: [freeWith('marisol-vega-quartet', demoFreeStreams)],
        coupons: [{ code: 'IMPFOLDER', kind: 'percent', percentOff: 5 }],
      });
      expect(await configOf('marisol-vega-quartet')).toEqual(demoFreeStreams);
    } finally {
      await db()
        .updateTable('stream_configs')
        .set({ config: JSON.stringify(kept.config) })
        .where('event_id', '=', marisol.id)
        .execute();
    }
  });

  it('accepts free events sharing folders with each other, and premium events with each other', async () => {
    await importCatalog(db(), {
      events: [
        freeWith('imp-free-1', demoFreeStreams),
        freeWith('imp-free-2', demoFreeStreams),
        premiumWith('imp-prem-1', demoStreams),
        premiumWith('imp-prem-2', demoStreams),
      ],
    });
    expect((await configOf('imp-free-2'))?.programcutUrl).toBe('/media/streams/free-program/index.m3u8');
    expect((await configOf('imp-prem-2'))?.programcutUrl).toBe('/media/streams/program/index.m3u8');
  });
});
