// @databases postgres: its outcome does not depend on the kind of database
import { createUnitOfWork } from '../../../../src/server/db/unitOfWork';
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { createLiveControlRoom } from '../../../../src/server/modules/live/controlRoom';
import { createFeedProbe } from '../../../../src/server/modules/live/feedProbe';
import { createRepositories } from '../../../../src/server/repositories';
import { STUDIO_EVENT_MESSAGES as EM } from '../../../../src/shared/contract/studioEvents';
import { STUDIO_LIVE_MESSAGES as M } from '../../../../src/shared/contract/studioLive';
import { giveOrder, type Who } from '../../../utils/cart';
import { grantOrganizer } from '../../../utils/studio';
import { liveTestApp, type LiveTestApp } from './liveFixture';

/**
 * A live event's form after the control room touched it: 'Start show' moves the
 * event's version on (an older form cannot write the old air date back), the form still saves a
 * started show (its air start has seconds; the form whole minutes), a Live event without a future
 * air date and without a show is not published, a draft is unknown to the public live state and to
 * a viewer opening a session, and rotated keys are answered even when dropping the old encoders fails.
 */
const lines: string[] = [];
let x: LiveTestApp;
let organizer: Who;
beforeAll(async () => {
  x = await liveTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: { write: (l: string) => lines.push(l) } });
  organizer = await x.people.user('organizer');
  await grantOrganizer(x.t.database.db, organizer.userId!);
}, 60_000);
afterAll(() => x.t.close());

const studio = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  x.t.app.inject({
    method,
    url: `/v1/studio${url}`,
    headers: { authorization: organizer.authorization! },
    ...(payload ? { payload } : {}),
  });
const db = () => x.t.database.db;
type Form = Record<string, unknown> & { version: number; airDate: string | null };
/** The event as the form loads it, ready to be sent back. */
async function formOf(id: number): Promise<Form> {
  const e = (await studio('GET', `/events/${id}`)).json().data;
  return {
    title: e.title,
    label: e.label,
    description: e.description,
    venue: e.venue,
    location: e.location,
    airDate: e.airDate,
    venueTimeZone: e.venueTimeZone,
    contentType: e.contentType,
    isPremium: e.isPremium,
    price: e.price,
    capacity: e.capacity,
    subscriptionId: e.subscriptionId,
    categories: e.categories,
    slide: e.slide,
    posterPath: e.posterPath,
    version: e.version,
  };
}
const airStartOf = async (id: number) =>
  (await db().selectFrom('events').select('air_start_date').where('id', '=', id).executeTakeFirstOrThrow())
    .air_start_date;
async function started(path: string): Promise<number> {
  const id = await x.liveEvent(path);
  expect((await studio('POST', `/events/${id}/live/keys`, {})).statusCode).toBe(200);
  // Seconds and milliseconds in the air start, as 'Start show' writes them.
  x.clock.advance(12_345);
  const res = await studio('POST', `/events/${id}/live/start`);
  expect([res.statusCode, res.json().message]).toEqual([200, M.started]);
  return id;
}

describe("'Start show' and the event's form", () => {
  it("moves the event's version on: a form loaded before is refused, the started air date stays", async () => {
    const id = await x.liveEvent('edit-stale');
    await studio('POST', `/events/${id}/live/keys`, {});
    const before = await formOf(id);
    x.clock.advance(12_345);
    await studio('POST', `/events/${id}/live/start`);
    const startedAt = await airStartOf(id);

    const stale = await studio('PUT', `/events/${id}`, before);
    expect([stale.statusCode, stale.json().message]).toEqual([409, EM.versionConflict]);
    expect(await airStartOf(id)).toEqual(startedAt);
  });

  it('lets a started show be edited: the air date is unchanged, its seconds kept', async () => {
    const id = await started('edit-after-start');
    const startedAt = await airStartOf(id);
    expect(startedAt!.getUTCMilliseconds() + startedAt!.getUTCSeconds()).toBeGreaterThan(0);
    x.clock.advance(60_000);
    const form = await formOf(id);
    const res = await studio('PUT', `/events/${id}`, { ...form, label: 'Edited after the start' });
    expect([res.statusCode, res.json().data?.label]).toEqual([200, 'Edited after the start']);
    expect(await airStartOf(id)).toEqual(startedAt);
  });

  it('still refuses moving a started show to another past minute', async () => {
    const id = await started('edit-move-past');
    x.clock.advance(5 * 60_000);
    const form = await formOf(id);
    const earlier = new Date(Date.parse(`${form.airDate}:00Z`) - 60_000).toISOString().slice(0, 16);
    const res = await studio('PUT', `/events/${id}`, { ...form, airDate: earlier, venueTimeZone: 'UTC' });
    expect([res.statusCode, res.json().message]).toEqual([400, EM.pastLiveDate]);
  });
});

describe('publishing a live event', () => {
  it('a duplicate of a Live event has no air date and cannot be published until it has a future one', async () => {
    const id = await started('dup-source');
    const copy = (await studio('POST', `/events/${id}/duplicate`)).json().data;
    expect([copy.status, copy.airDate, copy.airStartDate]).toEqual(['draft', null, null]);
    const refused = await studio('POST', `/events/${copy.id}/publish`);
    expect([refused.statusCode, refused.json().message]).toEqual([400, EM.publishLiveNeedsDate]);

    // Last week's date, set in the database as an import would leave it: still refused.
    await db()
      .updateTable('events')
      .set({ air_start_date: new Date(x.clock.now() - 7 * 86_400_000) })
      .where('id', '=', copy.id)
      .execute();
    const past = await studio('POST', `/events/${copy.id}/publish`);
    expect([past.statusCode, past.json().message]).toEqual([400, EM.publishLiveNeedsDate]);

    const form = await formOf(copy.id);
    const future = new Date(x.clock.now() + 86_400_000).toISOString().slice(0, 16);
    expect(
      (await studio('PUT', `/events/${copy.id}`, { ...form, airDate: future, venueTimeZone: 'UTC' })).statusCode,
    ).toBe(200);
    const ok = await studio('POST', `/events/${copy.id}/publish`);
    expect([ok.statusCode, ok.json().data.status]).toEqual([200, 'published']);
  });

  it('a show under way or ended stays publishable with its past air date', async () => {
    const id = await started('republish-started');
    x.clock.advance(60_000);
    expect((await studio('POST', `/events/${id}/unpublish`)).statusCode).toBe(200);
    const again = await studio('POST', `/events/${id}/publish`);
    expect([again.statusCode, again.json().data.status]).toEqual([200, 'published']);
    expect((await studio('POST', `/events/${id}/live/end`)).statusCode).toBe(200);
    expect((await studio('POST', `/events/${id}/unpublish`)).statusCode).toBe(200);
    expect((await studio('POST', `/events/${id}/publish`)).statusCode).toBe(200);
  });
});

describe('a draft, for the public', () => {
  it('is a 404 in the public live state and for a viewing session; the control room still works', async () => {
    const id = await x.liveEvent('draft-hidden');
    await studio('POST', `/events/${id}/live/message`, { message: 'Secret soundcheck' });
    expect((await studio('POST', `/events/${id}/unpublish`)).statusCode).toBe(200);

    x.clock.advance(1001);
    const state = await x.t.app.inject({ url: `/v1/live/${id}` });
    expect([state.statusCode, state.json().data]).toEqual([404, null]);
    expect(state.body).not.toContain('Secret');
    const byPath = await x.t.app.inject({ url: '/v1/live/draft-hidden' });
    expect(byPath.statusCode).toBe(404);

    const viewer = await x.people.user('viewer');
    const open = await x.t.app.inject({
      method: 'POST',
      url: '/v1/viewing-sessions',
      headers: { authorization: viewer.authorization! },
      payload: { eventId: String(id) },
    });
    expect(open.statusCode).toBe(404);

    const room = await studio('GET', `/events/${id}/live`);
    expect([room.statusCode, room.json().data.message]).toEqual([200, 'Secret soundcheck']);

    // Published again: both answer.
    await db()
      .updateTable('events')
      .set({ air_start_date: new Date(x.clock.now() + 3_600_000) })
      .where('id', '=', id)
      .execute();
    expect((await studio('POST', `/events/${id}/publish`)).statusCode).toBe(200);
    x.clock.advance(1001);
    expect((await x.t.app.inject({ url: `/v1/live/${id}` })).statusCode).toBe(200);
  });
});

describe('a premium draft', () => {
  it('still opens sessions for its ticket holders; anyone else hears it does not exist', async () => {
    const id = await x.liveEvent('draft-premium', { premium: true });
    expect((await studio('POST', `/events/${id}/unpublish`)).statusCode).toBe(200);
    const holder = await x.people.user('holder');
    const stranger = await x.people.user('stranger');
    await giveOrder(db(), holder.userId!, [id]);
    const open = (who: Who) =>
      x.t.app.inject({
        method: 'POST',
        url: '/v1/viewing-sessions',
        headers: { authorization: who.authorization! },
        payload: { eventId: String(id) },
      });
    expect((await open(holder)).statusCode).toBe(201);
    expect((await open(stranger)).statusCode).toBe(404);
  });
});

describe('rotated keys', () => {
  it('are answered even when dropping the old encoders fails; the failure is logged without a key', async () => {
    const control = createLiveControlRoom({
      uow: createUnitOfWork(x.t.database.db, createRepositories),
      settings: x.t.config.live,
      srtKey: deriveKeys(x.t.config.jwtSecret).srtPassphrases,
      hooks: {
        dropEncoders: async () => {
          throw new Error('ingest control socket closed');
        },
        feedsChanged: () => undefined,
      },
      probe: createFeedProbe({ liveDir: x.t.config.live.dir, ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', now: x.clock.now }),
      heartbeatSeconds: x.t.config.viewing.heartbeatSeconds,
      ingestStatus: () => ({ state: 'listening', reason: null }),
      log: x.t.app.log,
      now: x.clock.now,
    });
    const id = await x.liveEvent('rotate-drop-fails');
    const me = {
      kind: 'user' as const,
      userId: organizer.userId!,
      email: 'organizer@example.com',
      name: 'O',
      organizer: true as const,
    };
    await control.issueKeys(me, id, [1]);
    const rotated = await control.issueKeys(me, id, [1]);
    expect(rotated.feeds.map((f) => [f.angle, f.rotated])).toEqual([[1, true]]);
    const logged = lines.filter((l) => l.includes('ingest control socket closed'));
    expect(logged.length).toBe(1);
    expect(logged[0]).not.toContain(rotated.feeds[0]!.key);
  });
});
