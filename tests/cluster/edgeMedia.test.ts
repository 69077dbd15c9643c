import { openDatabase, type Database } from '../../src/server/db/database';
import { deriveKeys } from '../../src/server/modules/auth/keys';
import { createMediaSigner } from '../../src/server/modules/streams/urlSigner';
import { TEST_JWT_SECRET } from '../utils/testConfig';
import { poll } from '../../e2e/support/waitUntil';
import { mediaServedByInstances, startCluster, type Cluster } from './clusterHarness';
import {
  closeViewing,
  livePremiumShow,
  fanToken,
  makeTicketHolders,
  openViewing,
  readStreamConfig,
  type Viewing,
} from './ticketHolders';

/**
 * The edge (docs/deploy/nginx.conf, location /media/signed/): nginx checks a media URL's signature
 * itself, keeps one copy of each file for every viewer, sends identical misses to an instance once,
 * and a closed viewing session's media stop within the URL's life (two heartbeats).
 */
const HEARTBEAT_S = 5;
let cluster: Cluster;
let database: Database;
let eventId: number;
beforeAll(async () => {
  cluster = await startCluster({ instances: 2, env: { VIEWING_HEARTBEAT_SECONDS: String(HEARTBEAT_S) } });
  database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl, poolSize: 4 });
  // A premium show with streams, live since ten seconds ago (the simulated feed: no stream keys).
  // A premium show live since ten seconds ago.
  eventId = (await livePremiumShow(database, 10)).id;
}, 180_000);
afterAll(async () => {
  await database?.close();
  await cluster?.stop();
}, 60_000);

type Fan = { token: string; viewing: Viewing; main: string; angles: string[] };
async function fans(count: number, tag: string): Promise<Fan[]> {
  const ids = await makeTicketHolders(database, eventId, count, `${tag}-${Date.now()}`);
  return Promise.all(
    ids.map(async (id) => {
      const token = fanToken(id);
      const opened = await openViewing(cluster.url, token, eventId);
      expect(opened.status).toBe(201);
      const read = await readStreamConfig(cluster.url, token, eventId, opened.session!);
      expect(read.status).toBe(200);
      return {
        token,
        viewing: opened.session!,
        main: read.config!.videoUrl,
        angles: read.config!.streamUrls.map((a) => a.url),
      };
    }),
  );
}

/** A URI of a playlist as the player resolves it: beside the playlist, under the same signed prefix. */
const beside = (playlistUrl: string, uri: string) => `${playlistUrl.slice(0, playlistUrl.lastIndexOf('/') + 1)}${uri}`;
const uris = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));
const get = async (path: string) => {
  const res = await fetch(`${cluster.url}${path}`);
  return { status: res.status, cache: res.headers.get('x-cache-status'), body: Buffer.from(await res.arrayBuffer()) };
};

/** A playlist URL's first rendition (a ladder's first variant, or the playlist itself when it lists segments). */
async function firstRendition(url: string): Promise<string> {
  const answer = await get(url);
  expect(`${answer.status} ${answer.status === 200 ? '' : cluster.nginxErrors()}`).toBe('200 ');
  const text = answer.body.toString();
  return /#EXT-X-STREAM-INF/.test(text) ? beside(url, uris(text)[0]!) : url;
}

const mediaServed = () => mediaServedByInstances(cluster);

describe('the edge in front of protected media', () => {
  it('serves one cached copy to every viewer: 20 fans asking for the same new segment at once reach an instance once', async () => {
    const twenty = await fans(20, 'edge-copy');
    // Each fan's own URLs: different signatures and grants, the same files.
    expect(new Set(twenty.map((f) => f.main)).size).toBe(20);
    const rendition = await firstRendition(twenty[0]!.main);
    const playlist = await get(rendition);
    expect(playlist.status).toBe(200);
    // The first segment of the live window: nobody has asked for it yet.
    const segment = uris(playlist.body.toString())[0]!;

    // The segment's path under the signed folder, the same for every fan.
    const folderOf = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);
    const underFolder = beside(rendition, segment).slice(folderOf(twenty[0]!.main).length);
    // Each fan's URLs, signed just now: they live two heartbeats (10 s), and on a busy machine opening
    // twenty sessions took longer than that, so the edge refused the burst itself (403) and no miss came.
    const fresh = await Promise.all(
      twenty.map(async (f) => (await readStreamConfig(cluster.url, f.token, eventId, f.viewing)).config!.videoUrl),
    );
    const before = await poll('the instances to report their media counts', mediaServed, () => true);
    const answers = await Promise.all(fresh.map((main) => get(`${folderOf(main)}${underFolder}`)));
    // An instance counts a request once its answer has gone, which nginx may pass on a moment earlier.
    const after = await poll('the instances to count the miss', mediaServed, (n) => n > before, {
      timeout: 15_000,
      context: async () =>
        `before ${before}; answers ${JSON.stringify(answers.map((a) => [a.status, a.cache]))}\n${cluster.nginxErrors()}`,
    });
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.toString('base64'))).size).toBe(1);
    expect(answers.filter((a) => a.cache === 'MISS')).toHaveLength(1);
    expect(after - before).toBe(1);

    // Playlists too: the text is the same for every viewer, so after the first fan's read, the next are hits.
    const ladders = [];
    for (const f of twenty.slice(0, 3)) ladders.push(await get(f.angles[0]!));
    expect(ladders.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(ladders.map((a) => a.body.toString())).size).toBe(1);
    expect(ladders.map((a) => a.cache)).toEqual(['MISS', 'HIT', 'HIT']);
  });

  it('refuses a wrong, foreign or expired signature itself, without asking an instance', async () => {
    const [fan] = await fans(1, 'edge-refuse');
    const [, sig, exp, grant, dir, file] = /^\/media\/signed\/([^/]+)\/(\d+)\/([^/]+)\/(streams\/[^/]+)\/([^/]+)$/.exec(
      fan!.main,
    )!;
    const at = (parts: { sig?: string; exp?: string; grant?: string; dir?: string }) =>
      `/media/signed/${parts.sig ?? sig}/${parts.exp ?? exp}/${parts.grant ?? grant}/${parts.dir ?? dir}/${file}`;
    const signer = createMediaSigner(deriveKeys(TEST_JWT_SECRET).mediaSigning);
    const [, e, v, s] = /^e(\d+)\.([^.]+)\.(.+)$/.exec(grant!)!;
    const refusals = [
      at({ sig: `${sig![0] === 'A' ? 'B' : 'A'}${sig!.slice(1)}` }),
      at({ exp: String(Number(exp) + 3600) }),
      at({ grant: grant!.replace(/^e\d+/, `e${eventId + 1}`) }),
      at({ dir: 'streams/angle-9' }),
      // Signed with the shop's own key, but a second ago: an old URL.
      signer.url(dir!, file!, { e: Number(e), v: v!, s: s!, exp: Math.floor(Date.now() / 1000) - 1 }),
    ];
    expect((await get(fan!.main)).status).toBe(200);
    const before = await mediaServed();
    for (const path of refusals) expect(`${path} ${(await get(path)).status}`).toBe(`${path} 403`);
    expect(await mediaServed()).toBe(before);
  });

  it(`a closed viewing session's media stop within two heartbeats (${2 * HEARTBEAT_S} s), and at an instance at once`, async () => {
    const [fan] = await fans(1, 'edge-closed');
    const rendition = await firstRendition(fan!.main);
    expect((await get(rendition)).status).toBe(200);
    const closedAt = Date.now();
    expect(await closeViewing(cluster.url, fan!.token, fan!.viewing)).toBe(200);

    // A file not in the edge's cache (an angle nobody has watched) reaches an instance, which asks
    // the session (its cache: under a heartbeat).
    const uncached = fan!.angles.at(-1)!;
    await poll(
      'an instance to refuse the closed session',
      async () => (await get(uncached)).status,
      (s) => s === 403,
      {
        timeout: HEARTBEAT_S * 1000 + 2000,
        every: 200,
      },
    );

    // The cached live playlist answers from the edge until the URL expires: two heartbeats after it was signed.
    const expires = Number(fan!.main.split('/')[4]) * 1000;
    expect(expires - closedAt).toBeLessThanOrEqual(2 * HEARTBEAT_S * 1000);
    await poll(
      'the edge to refuse the expired URL',
      async () => (await get(rendition)).status,
      (s) => s !== 200,
      {
        timeout: 2 * HEARTBEAT_S * 1000 + 2000,
        every: 250,
      },
    ).then((status) => expect(status).toBe(403));
    // Not before it expired (the edge checks the signature, not the session): the bound is the URL's life.
    expect(Date.now()).toBeGreaterThanOrEqual(expires);
  }, 60_000);
});

describe("the edge's log", () => {
  it('names the event, folder and file of a media request, never its signature or grant', async () => {
    const [fan] = await fans(1, 'edge-log');
    expect((await get(fan!.main)).status).toBe(200);
    const [, sig, , grant, dir, file] = /^\/media\/signed\/([^/]+)\/(\d+)\/([^/]+)\/(streams\/[^/]+)\/([^/]+)$/.exec(
      fan!.main,
    )!;
    // nginx writes the log every 5 s.
    const log = await poll(
      'the edge to log the request',
      () => cluster.mediaLog(),
      (text) => text.includes(`e${eventId}/${dir}/${file}`),
      {
        timeout: 10_000,
      },
    );
    expect(log).not.toContain(sig);
    expect(log).not.toContain(grant);
    expect(log).not.toContain('/media/signed/');
  }, 30_000);
});
