import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { VIEWING_SESSION_KEY_HEADER } from '../../../../src/shared/contract/streams';
import type { DB } from '../../../../src/server/db/schema';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { cartDriver, giveOrder, type Who } from '../../../utils/cart';
import { createTestApp } from '../../../utils/testApp';

/** Two premium events and a free one, loaded through the real importer. */
const WATCH_FIXTURE = {
  events: [
    { path: 'watch-premium', title: 'Watch Premium', isPremium: true, price: 20 },
    { path: 'watch-other', title: 'Watch Other', isPremium: true, price: 15 },
    { path: 'watch-free', title: 'Watch Free', isPremium: false },
  ],
};

async function loadWatchFixture(db: Kysely<DB>): Promise<Record<string, number>> {
  await importCatalog(db, WATCH_FIXTURE);
  const rows = await db.selectFrom('events').select(['id', 'path']).where('path', 'like', 'watch-%').execute();
  return Object.fromEntries(rows.map((r) => [r.path, r.id]));
}

/**
 * Drives the viewing-session calls as the player does, with real guest tokens and signed-up users.
 * Like the player, it keeps each session's key from the open and sends it on heartbeats and closes;
 * pass a key (or null for none) to act as another device.
 */
export function viewingDriver(app: FastifyInstance) {
  const people = cartDriver(app);
  const keys = new Map<string, string>();
  const headers = (who: Who, key: string | null = null) => ({
    ...(who.authorization ? { authorization: who.authorization } : {}),
    ...(key ? { [VIEWING_SESSION_KEY_HEADER]: key } : {}),
  });
  // Each caller calls from their own address (as people do), so per-address limits stay per caller here.
  const from = (who: Who) => (who.address ? { remoteAddress: who.address } : {});
  const start = async (who: Who, url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, headers: headers(who), ...from(who), payload });
    if (res.statusCode === 201) keys.set(res.json().data.sessionId, res.json().data.sessionKey);
    return res;
  };
  return {
    guest: people.guest,
    user: people.user,
    /** The key the open of `sessionId` answered. */
    keyOf: (sessionId: string) => keys.get(sessionId) ?? null,
    open: (who: Who, eventId: string) => start(who, '/v1/viewing-sessions', { eventId }),
    /** 'Watch here instead': opens a session, stopping the ticket's oldest device when all are in use. */
    takeover: (who: Who, eventId: string) => start(who, '/v1/viewing-sessions/takeover', { eventId }),
    heartbeat: (who: Who, sessionId: string, key = keys.get(sessionId) ?? null) =>
      app.inject({
        method: 'POST',
        url: `/v1/viewing-sessions/${sessionId}/heartbeat`,
        headers: headers(who, key),
        ...from(who),
      }),
    close: (who: Who, sessionId: string, key = keys.get(sessionId) ?? null) =>
      app.inject({
        method: 'DELETE',
        url: `/v1/viewing-sessions/${sessionId}`,
        headers: headers(who, key),
        ...from(who),
      }),
    /** The stream config as a player asks for it: the session's id in the query, its key in the header. */
    config: (who: Who, eventId: string, sessionId?: string, key = sessionId ? (keys.get(sessionId) ?? null) : null) =>
      app.inject({
        url: `/v1/admin/asset/streamconfig/${eventId}${sessionId ? `?session=${sessionId}` : ''}`,
        headers: headers(who, key),
        ...from(who),
      }),
  };
}
export type ViewingDriver = ReturnType<typeof viewingDriver>;

/** A signed-up user holding a ticket (an Active order) for each of `eventIds`. */
export async function ticketHolder(
  d: ViewingDriver,
  db: Kysely<DB>,
  eventIds: number[],
  label = 'viewer',
): Promise<Who> {
  const who = await d.user(label);
  await giveOrder(db, who.userId!, eventIds);
  return who;
}

/** A test app with the watch fixture and a driver for it. */
export async function viewingTestApp(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(options);
  const ids = await loadWatchFixture(t.database.db);
  return { t, ids, d: viewingDriver(t.app) };
}

/** The session id of a 201 answer, or the answer itself in the failure message. */
export function sessionIdOf(res: {
  statusCode: number;
  body: string;
  json: () => { data: { sessionId: string } };
}): string {
  if (res.statusCode !== 201) throw new Error(`open: ${res.statusCode} ${res.body}`);
  return res.json().data.sessionId;
}

/**
 * One app per test file on the given clock (hooks registered here), with the helpers the session
 * suites share. `v.t`, `v.d` and `v.ids` are read after beforeAll has run.
 */
export function viewingSuite(clock: { now: () => number }) {
  let app: Awaited<ReturnType<typeof viewingTestApp>>;
  beforeAll(async () => {
    app = await viewingTestApp({ deps: { now: clock.now } });
  });
  afterAll(() => app.t.close());
  const db = () => app.t.database.db;
  return {
    get t() {
      return app.t;
    },
    get d() {
      return app.d;
    },
    get ids() {
      return app.ids;
    },
    db,
    holder: (label = 'viewer', events = ['watch-premium']) =>
      ticketHolder(
        app.d,
        db(),
        events.map((p) => app.ids[p]!),
        label,
      ),
    openId: async (who: Who, event = 'watch-premium') => sessionIdOf(await app.d.open(who, event)),
    rowCount: async () =>
      Number(
        (
          await db()
            .selectFrom('viewing_sessions')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    answerOf: (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message],
  };
}
