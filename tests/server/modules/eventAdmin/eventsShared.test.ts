// @databases postgres: its outcome does not depend on the kind of database
import { demoFreeStreams } from '../../../../src/server/db/seed/demoStreams';
import { CatalogFileError } from '../../../../src/server/modules/catalog/catalogFile';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { STUDIO_EVENT_MESSAGES as M } from '../../../../src/shared/contract/studioEvents';
import { cartTestApp, type Who } from '../../../utils/cart';
import { grantOrganizer } from '../../../utils/studio';

/**
 * What the console's events share with the rest: the JSON import checks events by the same rules
 * (catalog/eventRules.ts), an import that rewrites an event moves its console version on, and an
 * unpublished event's stream config is gone for shoppers too.
 */
let x: Awaited<ReturnType<typeof cartTestApp>>;
let organizer: Who;

beforeAll(async () => {
  x = await cartTestApp();
  organizer = await x.d.user('organizer');
  await grantOrganizer(x.t.database.db, organizer.userId!);
});
afterAll(async () => {
  await x?.t.close();
});

const studio = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  x.t.app.inject({
    method,
    url: `/v1/studio${url}`,
    headers: { authorization: organizer.authorization! },
    ...(payload ? { payload } : {}),
  });
const importProblems = async (file: object): Promise<string[]> => {
  try {
    await importCatalog(x.t.database.db, file);
  } catch (error) {
    if (error instanceof CatalogFileError) return error.problems;
    throw error;
  }
  throw new Error('import was accepted');
};
const idOf = async (path: string) =>
  (await x.t.database.db.selectFrom('events').select('id').where('path', '=', path).executeTakeFirstOrThrow()).id;

describe('the JSON import shares the per-event rules', () => {
  it.each([
    ['a script', '<p>x</p><script>alert(1)</script>'],
    ['an event handler', '<img src=x onerror=alert(1)>'],
    ['a javascript: link', '<a href=" JaVaScRiPt:alert(1)">x</a>'],
  ])('refuses a description with %s, naming the event', async (_name, description) => {
    expect(await importProblems({ events: [{ path: 'imp-unsafe', title: 'Unsafe', description }] })).toEqual([
      'events[0].description: contains a script, an event handler or a javascript: link',
    ]);
    expect(await x.t.database.db.selectFrom('events').where('path', '=', 'imp-unsafe').selectAll().execute()).toEqual(
      [],
    );
  });

  it('refuses a premium event without a price', async () => {
    expect(await importProblems({ events: [{ path: 'imp-free-premium', title: 'P', isPremium: true }] })).toEqual([
      'events[0].price: a premium event needs a price above 0',
    ]);
  });

  it('stores a description cleaned by the allow-list, as the console does', async () => {
    await importCatalog(x.t.database.db, {
      events: [
        { path: 'imp-clean', title: 'Clean', description: '<p style="x">Hi <span>you</span></p><iframe></iframe>' },
      ],
    });
    const row = await x.t.database.db
      .selectFrom('events')
      .select(['description', 'published'])
      .where('path', '=', 'imp-clean')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ description: '<p>Hi you</p>', published: true });
  });

  it('moves the console version on when it rewrites an event: a form loaded before gets 409', async () => {
    await importCatalog(x.t.database.db, { events: [{ path: 'imp-versioned', title: 'Before' }] });
    const id = await idOf('imp-versioned');
    const loaded = (await studio('GET', `/events/${id}`)).json().data;
    await importCatalog(x.t.database.db, { events: [{ path: 'imp-versioned', title: 'By the import' }] });
    const {
      id: _id,
      path: _path,
      status: _s,
      sold: _sold,
      updatedAt: _u,
      createdAt: _c,
      airStartDate: _a,
      ...form
    } = loaded;
    const res = await studio('PUT', `/events/${id}`, { ...form, title: 'By the form' });
    expect([res.statusCode, res.json().message]).toEqual([409, M.versionConflict]);
    expect((await studio('GET', `/events/${id}`)).json().data.title).toBe('By the import');
  });
});

describe('an unpublished event has no stream config for shoppers', () => {
  it('answers a free event with streams, 404 while it is a draft, again once republished', async () => {
    await importCatalog(x.t.database.db, {
      events: [{ path: 'imp-streams', title: 'Streams', streams: demoFreeStreams }],
    });
    const id = await idOf('imp-streams');
    const shopper = await x.d.user('viewer');
    const config = () =>
      x.t.app.inject({
        url: `/v1/admin/asset/streamconfig/imp-streams`,
        headers: { authorization: shopper.authorization! },
      });
    expect((await config()).statusCode).toBe(200);
    expect((await studio('POST', `/events/${id}/unpublish`)).statusCode).toBe(200);
    expect((await config()).statusCode).toBe(404);
    expect((await studio('POST', `/events/${id}/publish`)).statusCode).toBe(200);
    expect((await config()).statusCode).toBe(200);
  });
});
