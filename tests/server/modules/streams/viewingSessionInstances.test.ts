// @databases postgres: its outcome does not depend on the kind of database
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { buildApp } from '../../../../src/server/app';
import { demoStreams } from '../../../../src/server/db/seed/demoStreams';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { sessionStateCacheMs } from '../../../../src/server/modules/streams/viewingSessionGate';
import { openDatabase, type Database } from '../../../../src/server/db/database';
import { testClock } from '../../../utils/clock';
import type { TestApp } from '../../../utils/testApp';
import { postgresUrl } from '../../../utils/testDatabase';
import { testConfig } from '../../../utils/testConfig';
import { sessionIdOf, ticketHolder, viewingDriver, viewingTestApp, type ViewingDriver } from './viewingSessionFixture';

/**
 * Two server instances over one database share the limit: the sessions live in the database, not
 * in a process. In the PostgreSQL run the second instance has its own connection pool to the same
 * schema, as a second process would; with PGlite both share the one embedded database.
 */
const clock = testClock();
let t: TestApp;
let second: { close: () => Promise<void> };
let a: ViewingDriver;
let b: ViewingDriver;
let ids: Record<string, number>;
let appB: FastifyInstance;
beforeAll(async () => {
  ({ t, ids, d: a } = await viewingTestApp({ deps: { now: clock.now } }));
  await importCatalog(t.database.db, {
    events: [{ path: 'watch-streams', title: 'Watch Streams', isPremium: true, price: 12, streams: demoStreams }],
  });
  ids['watch-streams'] = (
    await t.database.db.selectFrom('events').select('id').where('path', '=', 'watch-streams').executeTakeFirstOrThrow()
  ).id;
  let database: Database = t.database;
  if (t.database.kind === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.database.db);
    const scoped = new URL(postgresUrl());
    scoped.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
    database = await openDatabase({ kind: 'postgres', url: scoped.toString(), poolSize: 10 });
  }
  const app = await buildApp(testConfig(), { database, now: clock.now });
  appB = app;
  b = viewingDriver(app);
  second = {
    close: async () => {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const holder = (label: string) => ticketHolder(a, t.database.db, [ids['watch-premium']!], label);

it('two devices on one instance, a third on the other: refused', async () => {
  const who = await holder('two-here');
  sessionIdOf(await a.open(who, 'watch-premium'));
  sessionIdOf(await a.open(who, 'watch-premium'));
  const refused = await b.open(who, 'watch-premium');
  expect([refused.statusCode, refused.json().message]).toEqual([409, STREAM_MESSAGES.deviceLimit(2)]);
});

it('a session opened on one instance is kept and closed on the other, which frees its slot everywhere', async () => {
  const who = await holder('across');
  const first = sessionIdOf(await a.open(who, 'watch-premium'));
  sessionIdOf(await b.open(who, 'watch-premium'));
  clock.advance(30_000);
  // The same device (it holds the key) reaches the other instance.
  expect((await b.heartbeat(who, first, a.keyOf(first))).statusCode).toBe(200);
  expect((await a.open(who, 'watch-premium')).statusCode).toBe(409);
  expect((await b.close(who, first, a.keyOf(first))).statusCode).toBe(200);
  expect((await a.heartbeat(who, first)).statusCode).toBe(404);
  expect((await a.open(who, 'watch-premium')).statusCode).toBe(201);
});

it('ten devices pressing play at once on both instances: exactly two play', async () => {
  const who = await holder('burst');
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).open(who, 'watch-premium')));
  const statuses = answers.map((r) => r.statusCode).sort();
  expect(statuses).toEqual([201, 201, ...Array(8).fill(409)]);
  const open = await t.database.db
    .selectFrom('viewing_sessions')
    .select('id')
    .where('user_id', '=', who.userId!)
    .execute();
  expect(open).toHaveLength(2);
});

it('a session closed on one instance stops its media on the other within one heartbeat interval', async () => {
  const who = await ticketHolder(a, t.database.db, [ids['watch-streams']!], 'media-across');
  const session = sessionIdOf(await a.open(who, 'watch-streams'));
  const config = await a.config(who, 'watch-streams', session);
  expect(config.statusCode).toBe(200);
  const segment = (JSON.parse(config.json().data.config_data) as { programcutUrl: string }).programcutUrl.replace(
    'index.m3u8',
    'seg_000.ts',
  );
  expect((await appB.inject({ url: segment })).statusCode).toBe(200);
  expect((await a.close(who, session)).statusCode).toBe(200);
  clock.advance(sessionStateCacheMs(30));
  const refused = await appB.inject({ url: segment });
  expect([refused.statusCode, refused.json().message]).toEqual([403, STREAM_MESSAGES.sessionEnded]);
});
