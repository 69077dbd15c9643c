import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../src/server/db/schema';
import { importCatalog } from '../../../src/server/modules/catalog/importer';
import { cartDriver, giveOrder, type Who } from '../../utils/cart';
import { createTestApp } from '../../utils/testApp';

/** Two premium events and a free one, loaded through the real importer. */
export const WATCH_FIXTURE = {
  events: [
    { path: 'watch-premium', title: 'Watch Premium', isPremium: true, price: 20 },
    { path: 'watch-other', title: 'Watch Other', isPremium: true, price: 15 },
    { path: 'watch-free', title: 'Watch Free', isPremium: false },
  ],
};

export async function loadWatchFixture(db: Kysely<DB>): Promise<Record<string, number>> {
  await importCatalog(db, WATCH_FIXTURE);
  const rows = await db.selectFrom('events').select(['id', 'path']).where('path', 'like', 'watch-%').execute();
  return Object.fromEntries(rows.map((r) => [r.path, r.id]));
}

/** Drives the viewing-session calls as the player does, with real guest tokens and signed-up users. */
export function viewingDriver(app: FastifyInstance) {
  const people = cartDriver(app);
  const headers = (who: Who) => (who.authorization ? { authorization: who.authorization } : {});
  return {
    guest: people.guest,
    user: people.user,
    open: (who: Who, eventId: string) => app.inject({ method: 'POST', url: '/v1/viewing-sessions', headers: headers(who), payload: { eventId } }),
    heartbeat: (who: Who, sessionId: string) => app.inject({ method: 'POST', url: `/v1/viewing-sessions/${sessionId}/heartbeat`, headers: headers(who) }),
    close: (who: Who, sessionId: string) => app.inject({ method: 'DELETE', url: `/v1/viewing-sessions/${sessionId}`, headers: headers(who) }),
  };
}
export type ViewingDriver = ReturnType<typeof viewingDriver>;

/** A signed-up user holding a ticket (an Active order) for each of `eventIds`. */
export async function ticketHolder(d: ViewingDriver, db: Kysely<DB>, eventIds: number[], label = 'viewer'): Promise<Who> {
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
export function sessionIdOf(res: { statusCode: number; body: string; json: () => { data: { sessionId: string } } }): string {
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
    get t() { return app.t; },
    get d() { return app.d; },
    get ids() { return app.ids; },
    db,
    holder: (label = 'viewer', events = ['watch-premium']) => ticketHolder(app.d, db(), events.map((p) => app.ids[p]!), label),
    openId: async (who: Who, event = 'watch-premium') => sessionIdOf(await app.d.open(who, event)),
    rowCount: async () => Number((await db().selectFrom('viewing_sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
    answerOf: (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message],
  };
}
