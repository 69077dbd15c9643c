import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/server/db/database';
import { startCluster, type Cluster } from './clusterHarness';
import { databaseCutUnderLoad } from './databaseCutUnderLoad';
import { anOpenPremiumEvent } from './paidBuyers';
import { startPrivatePostgres, type PrivatePostgres } from './privatePostgres';
import {
  closeViewing,
  livePremiumShow,
  fanToken,
  keepViewing,
  makeTicketHolders,
  openViewing,
  readStreamConfig,
  type Viewing,
} from './ticketHolders';

/**
 * Nobody locked out (docs/decisions.md "Outages"): with PostgreSQL and Redis gone for 60 s in the
 * middle of a show, a viewer already watching keeps playing (media, URL renewals), and ticket holders
 * who rejoin or join for the first time get in on the signed entitlement they were given at session
 * open or after buying. Someone without one is not let in. After the outage a session opened during
 * it is written down on its next stream config. And PostgreSQL itself stopped and started (a server of
 * the suite's own, not the machine's shared one) is a clean refusal while it is down, business as usual after.
 */
const HEARTBEAT_S = 5;
const OUTAGE_MS = 60_000;
let postgres: PrivatePostgres | undefined;
let cluster: Cluster;
let database: Database;
let eventId: number;
beforeAll(async () => {
  postgres = await startPrivatePostgres();
  cluster = await startCluster({
    instances: 2,
    env: { VIEWING_HEARTBEAT_SECONDS: String(HEARTBEAT_S) },
    databaseUrl: postgres.url,
  });
  database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl, poolSize: 2 });
  // A premium show live since ten seconds ago.
  eventId = (await livePremiumShow(database, 10)).id;
}, 180_000);
afterAll(async () => {
  try {
    // A test that failed with the server stopped: the cluster's schema is dropped on it as it stops.
    if (postgres && !postgres.running()) postgres.start();
    await cluster?.restoreDatabase();
    await cluster?.restoreRedis();
    await database?.close();
    await cluster?.stop();
  } finally {
    postgres?.destroy();
  }
}, 60_000);

const get = async (path: string) => {
  const res = await fetch(`${cluster.url}${path}`);
  return { status: res.status, text: Buffer.from(await res.arrayBuffer()).toString('latin1') };
};
const beside = (playlistUrl: string, uri: string) => `${playlistUrl.slice(0, playlistUrl.lastIndexOf('/') + 1)}${uri}`;
const uris = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));

/**
 * One turn of a live player on its main angle: the ladder, its first rendition, the newest segment.
 * Every status seen, and the playlist's media sequence (it must keep rising).
 */
async function watchOnce(mainUrl: string): Promise<{ statuses: number[]; sequence: number }> {
  const ladder = await get(mainUrl);
  if (ladder.status !== 200) return { statuses: [ladder.status], sequence: -1 };
  const rendition = /#EXT-X-STREAM-INF/.test(ladder.text) ? beside(mainUrl, uris(ladder.text)[0]!) : mainUrl;
  const playlist = await get(rendition);
  if (playlist.status !== 200) return { statuses: [200, playlist.status], sequence: -1 };
  const newest = uris(playlist.text).at(-1)!;
  const segment = await get(beside(rendition, newest));
  const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist.text)?.[1] ?? -1);
  return { statuses: [200, 200, segment.status], sequence };
}

type Entitlement = { token: string; eventId: number };
async function entitlementsOf(token: string): Promise<Entitlement[]> {
  const res = await fetch(`${cluster.url}/v1/viewing-entitlements`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { entitlements: Entitlement[] } }).data.entitlements;
}

/** A fan's player: a session, its entitlement, and the main angle's URL from its last stream config. */
type Player = { token: string; viewing: Viewing; entitlement: string; main: string };
async function play(token: string, entitlement: string): Promise<{ open: number; config: number; player?: Player }> {
  const opened = await openViewing(cluster.url, token, eventId, entitlement);
  if (!opened.session) return { open: opened.status, config: 0 };
  const read = await readStreamConfig(cluster.url, token, eventId, opened.session, entitlement);
  if (!read.config) return { open: opened.status, config: read.status };
  return {
    open: opened.status,
    config: read.status,
    player: { token, viewing: opened.session, entitlement, main: read.config.videoUrl },
  };
}

describe('a database and Redis outage in the middle of a show', () => {
  it('keeps viewers playing and lets ticket holders join and rejoin on their signed entitlements', async () => {
    const [watcherId, rejoinerId, joinerId] = await makeTicketHolders(database, eventId, 3, `outage-${Date.now()}`);
    const [strangerId] = await makeTicketHolders(database, eventId, 1, `outage-stranger-${Date.now()}`);
    // The stranger's order is refunded: no ticket, though the account exists.
    await sql`update orders set status = 'Refunded' where user_id = ${strangerId}`.execute(database.db);

    // Before: the watcher plays; the rejoiner played and left; the joiner bought (and read its tickets).
    const watcherToken = fanToken(watcherId!);
    const opened = await openViewing(cluster.url, watcherToken, eventId);
    expect(opened.status).toBe(201);
    const watcherEntitlement = opened.session!.entitlement!.token;
    const config = await readStreamConfig(cluster.url, watcherToken, eventId, opened.session!);
    expect(config.status).toBe(200);
    const watcher: Player = {
      token: watcherToken,
      viewing: opened.session!,
      entitlement: watcherEntitlement,
      main: config.config!.videoUrl,
    };
    const rejoinerToken = fanToken(rejoinerId!);
    const before = await openViewing(cluster.url, rejoinerToken, eventId);
    const rejoinerEntitlement = before.session!.entitlement!.token;
    expect(await closeViewing(cluster.url, rejoinerToken, before.session!)).toBe(200);
    const joinerToken = fanToken(joinerId!);
    const joinerEntitlement = (await entitlementsOf(joinerToken)).find((e) => e.eventId === eventId)!.token;
    expect(joinerEntitlement).toMatch(/^v1\./);
    expect((await entitlementsOf(fanToken(strangerId!))).filter((e) => e.eventId === eventId)).toEqual([]);
    const firstTurn = await watchOnce(watcher.main);
    expect(firstTurn.statuses).toEqual([200, 200, 200]);

    await cluster.cutDatabase();
    await cluster.cutRedis();
    const cutAt = Date.now();
    const media: string[] = [];
    const heartbeats: number[] = [];
    const renewals: number[] = [];
    let lastSequence = firstTurn.sequence;
    let renewedAt = Date.now();
    const turn = async (who: string, player: Player) => {
      const seen = await watchOnce(player.main);
      media.push(`${who} ${seen.statuses.join(' ')}`);
      return seen;
    };

    // The rejoiner and the joiner come in during the outage; the stranger tries with and without another's entitlement.
    const rejoined = await play(rejoinerToken, rejoinerEntitlement);
    const joined = await play(joinerToken, joinerEntitlement);
    const strangerToken = fanToken(strangerId!);
    const strangerBare = await openViewing(cluster.url, strangerToken, eventId);
    const strangerBorrowed = await openViewing(cluster.url, strangerToken, eventId, joinerEntitlement);
    expect({ rejoined: [rejoined.open, rejoined.config], joined: [joined.open, joined.config] }).toEqual({
      rejoined: [201, 200],
      joined: [201, 200],
    });
    expect([strangerBare.status, strangerBorrowed.status]).toEqual([503, 503]);

    while (Date.now() - cutAt < OUTAGE_MS) {
      const seen = await turn('watcher', watcher);
      if (seen.sequence >= 0) {
        expect(seen.sequence).toBeGreaterThanOrEqual(lastSequence);
        lastSequence = seen.sequence;
      }
      await turn('rejoiner', rejoined.player!);
      await turn('joiner', joined.player!);
      heartbeats.push(await keepViewing(cluster.url, watcher.token, watcher.viewing));
      // The player renews its URLs at half their life (two heartbeats): every 5 s here.
      if (Date.now() - renewedAt >= HEARTBEAT_S * 1000) {
        renewedAt = Date.now();
        for (const p of [watcher, rejoined.player!, joined.player!]) {
          const read = await readStreamConfig(cluster.url, p.token, eventId, p.viewing, p.entitlement);
          renewals.push(read.status);
          if (read.config) p.main = read.config.videoUrl;
        }
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    const outageSeconds = (Date.now() - cutAt) / 1000;
    await cluster.restoreDatabase();
    await cluster.restoreRedis();

    expect(outageSeconds).toBeGreaterThanOrEqual(60);
    expect(media.filter((m) => !m.endsWith('200 200 200'))).toEqual([]);
    expect(media.length).toBeGreaterThanOrEqual(3 * 30);
    // The show went on: the live window moved by about the outage's length (6 s segments).
    expect(lastSequence - firstTurn.sequence).toBeGreaterThanOrEqual(8);
    expect(renewals.length).toBeGreaterThanOrEqual(3 * 10);
    expect(renewals.filter((s) => s !== 200)).toEqual([]);
    // Heartbeats cannot be written meanwhile: a 503 the player lets pass.
    expect(new Set(heartbeats)).toEqual(new Set([503]));

    // After: the sessions opened during the outage are written down on their next stream config, and the
    // watcher's session, silent only for the outage, goes on.
    for (const p of [rejoined.player!, joined.player!]) {
      const read = await readStreamConfig(cluster.url, p.token, eventId, p.viewing, p.entitlement);
      expect(read.status).toBe(200);
      expect(await keepViewing(cluster.url, p.token, p.viewing)).toBe(200);
    }
    const rows = await database.db
      .selectFrom('viewing_sessions')
      .select('id')
      .where('id', 'in', [rejoined.player!.viewing.sessionId, joined.player!.viewing.sessionId])
      .execute();
    expect(rows).toHaveLength(2);
    expect(await keepViewing(cluster.url, watcher.token, watcher.viewing)).toBe(200);
    // And the stranger is refused by the database again.
    expect((await openViewing(cluster.url, strangerToken, eventId, joinerEntitlement)).status).toBe(403);
  }, 150_000);
});

describe('PostgreSQL itself stopped and started under load', () => {
  it('pg_ctl stop -m immediate: a refusal with a sentence while it is down, every request and paid order answered after', async () => {
    await databaseCutUnderLoad({
      cluster,
      database,
      eventId: await anOpenPremiumEvent(database),
      // A crash of the server (no checkpoint; it recovers from its write-ahead log when started again).
      cut: async () => postgres!.stop('immediate'),
      restore: async () => postgres!.start(),
      downMs: 2000,
      label: 'PostgreSQL stopped (immediate) and started',
    });
  }, 120_000);
});
