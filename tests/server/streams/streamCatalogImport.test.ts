import { demoCatalog } from '../../../src/server/db/seed/demoCatalog';
import { DEMO_ANGLES, demoStreams } from '../../../src/server/db/seed/demoStreams';
import { CatalogFileError } from '../../../src/server/modules/catalog/catalogFile';
import { importCatalog } from '../../../src/server/modules/catalog/importer';
import { createTestApp, type TestApp } from '../../utils/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const configs = () => db().selectFrom('stream_configs').innerJoin('events', 'events.id', 'stream_configs.event_id')
  .select(['events.path', 'stream_configs.config']).orderBy('events.path').execute();
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
  it('gives every demo event the demo config: nine named angles, the feeds, all five layouts', async () => {
    const rows = await configs();
    const demoPaths = (demoCatalog().events ?? []).map((e) => e.path).sort();
    expect(rows.map((r) => r.path).filter((p) => demoPaths.includes(p))).toEqual(demoPaths);
    const config = rows.find((r) => r.path === demoPaths[0])!.config;
    expect(config.streamUrls).toEqual(DEMO_ANGLES.map((name, i) => ({ name, url: `/media/streams/angle-${i + 1}/index.m3u8` })));
    expect(config).toMatchObject({
      videoUrl: '/media/streams/program/index.m3u8', video_H_Url: '/media/streams/program/index.m3u8',
      audiourl: '/media/streams/program/index.m3u8', programcutUrl: '/media/streams/program/index.m3u8',
      video_dual_Url: '/media/streams/dual/index.m3u8', video_quad_Url: '/media/streams/quad/index.m3u8', Program: 'Program',
    });
    expect(config.layoutConfigs).toHaveLength(5);
  });
});

describe('a catalog file with streams', () => {
  it('stores the config with the layout nulls stripped', async () => {
    await importCatalog(db(), event({ ...demoStreams, layoutConfigs: [null, { layout: 'single', label: 'One', tiles: 1 }, null] }));
    expect(await configOf('imp-a')).toEqual({ ...demoStreams, layoutConfigs: [{ layout: 'single', label: 'One', tiles: 1 }] });
  });

  it('replaces the config of an event that brings one, and leaves the others alone', async () => {
    await importCatalog(db(), event({ ...demoStreams, Program: 'Director' }, 'imp-b'));
    const before = await configOf('imp-a');
    await importCatalog(db(), { events: [{ path: 'imp-a', title: 'Renamed, no streams' }, { path: 'imp-b', title: 'B', streams: { ...demoStreams, Program: 'Cut' } }] });
    expect(await configOf('imp-a')).toEqual(before);
    expect((await configOf('imp-b'))?.Program).toBe('Cut');
  });

  it.each([
    ['a public path', { videoUrl: '/media/hero/index.m3u8' }, 'events[0].streams.videoUrl: must be a protected playlist path such as /media/streams/angle-1/index.m3u8'],
    ['a traversal', { audiourl: '/media/streams/../hero/index.m3u8' }, 'events[0].streams.audiourl: must be a protected playlist path'],
    ['a double slash', { video_dual_Url: '/media/streams//dual/index.m3u8' }, 'events[0].streams.video_dual_Url: must be a protected playlist path'],
    ['a query', { video_quad_Url: '/media/streams/quad/index.m3u8?x=1' }, 'events[0].streams.video_quad_Url: must be a protected playlist path'],
    ['another site', { programcutUrl: 'https://cdn.example/p/index.m3u8' }, 'events[0].streams.programcutUrl: must be a protected playlist path'],
    ['a segment instead of a playlist', { video_H_Url: '/media/streams/program/seg_000.ts' }, 'events[0].streams.video_H_Url: must be a protected playlist path'],
    ['a bad angle', { streamUrls: [{ url: '/media/streams/angle-1/index.m3u8', name: 'A' }, { url: '/media/streams/a/b/index.m3u8', name: 'B' }] }, 'events[0].streams.streamUrls[1].url: must be a protected playlist path'],
    ['ten angles', { streamUrls: Array.from({ length: 10 }, (_, i) => ({ url: `/media/streams/angle-${i}/index.m3u8`, name: `A${i}` })) }, 'events[0].streams.streamUrls: must list at most nine angles'],
    ['no angle', { streamUrls: [] }, 'events[0].streams.streamUrls: must list at least one angle'],
    ['an unknown layout', { layoutConfigs: [{ layout: 'grid-4x4', label: 'x', tiles: 16 }] }, 'events[0].streams.layoutConfigs[0].layout'],
    ['an unknown field', { chat: true }, 'events[0].streams: has a field we do not accept: chat'],
  ])('with %s is refused, naming the field, and changes nothing', async (_n, change, expected) => {
    const before = await db().selectFrom('stream_configs').selectAll().orderBy('event_id').execute();
    const events = await db().selectFrom('events').select('path').orderBy('id').execute();
    expect(await problemsOf(event({ ...demoStreams, ...change }, 'imp-refused'))).toContain(expected);
    expect(await db().selectFrom('stream_configs').selectAll().orderBy('event_id').execute()).toEqual(before);
    expect(await db().selectFrom('events').select('path').orderBy('id').execute()).toEqual(events);
  });
});
