import type { FastifyInstance } from 'fastify';
import { VIEWING_SESSION_KEY_HEADER, type StreamConfigData } from '../../../../src/shared/contract/streams';
import { demoFreeStreams, demoStreams } from '../../../../src/server/db/seed/demoStreams';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { cartDriver, type Who } from '../../../utils/cart';
import { testClock } from '../../../utils/clock';
import { createTestApp } from '../../../utils/testApp';
import { viewingDriver } from './viewingSessionFixture';

export const HOUR = 3_600_000;

/**
 * Events with the demo's stream configs, on a clock the test moves: a premium and a free on-demand
 * event, a free and a premium 'Live' event that start an hour after the clock's start, and an
 * event without streams. Free events play the free folders (free-angle-1, …), premium ones the
 * others, as in the demo. The committed demo media (public/media/streams) is served.
 */
export async function streamsTestApp(options: { env?: Record<string, string> } = {}) {
  // Whole seconds, so expiry and program date-times are exact.
  const clock = testClock(Math.floor(Date.now() / 1000) * 1000);
  const liveStart = new Date(clock.now() + HOUR);
  const t = await createTestApp({ ...options, deps: { now: clock.now } });
  await importCatalog(t.database.db, {
    events: [
      {
        path: 'str-premium',
        title: 'Premium show',
        isPremium: true,
        price: 10,
        airStartDate: '2026-01-10T20:00:00Z',
        streams: demoStreams,
      },
      { path: 'str-free', title: 'Free show', streams: demoFreeStreams },
      {
        path: 'str-live',
        title: 'Live show',
        contentType: 'Live',
        airStartDate: liveStart.toISOString(),
        streams: demoFreeStreams,
      },
      {
        path: 'str-live-premium',
        title: 'Live premium show',
        contentType: 'Live',
        isPremium: true,
        price: 5,
        airStartDate: liveStart.toISOString(),
        streams: demoStreams,
      },
      { path: 'str-bare', title: 'No streams' },
    ],
  });
  const rows = await t.database.db.selectFrom('events').select(['id', 'path']).where('path', 'like', 'str-%').execute();
  const ids = Object.fromEntries(rows.map((r) => [r.path, r.id])) as Record<string, number>;
  return { t, clock, ids, liveStart, d: cartDriver(t.app), s: streamsDriver(t.app) };
}
export type StreamsTestApp = Awaited<ReturnType<typeof streamsTestApp>>;
export type { Who };

function streamsDriver(app: FastifyInstance) {
  const sessions = viewingDriver(app);
  return {
    /** Viewing sessions opened, kept and closed through the same driver (it holds their keys). */
    sessions,
    /**
     * The config as the player asks for it: a viewing session opened first (premium configs are
     * signed only for an open one), unless the query names a session or the open is refused. The
     * session's key goes in its header: the one its open answered, unless `sessionKey` says
     * otherwise (null: none, as another device that knows only the id).
     */
    config: async (who: Who, key: string | number, query = '', sessionKey?: string | null) => {
      let q = query;
      if (!q.includes('session=') && who.authorization) {
        const opened = await sessions.open(who, String(key));
        if (opened.statusCode === 201)
          q = `${q}${q ? '&' : '?'}session=${opened.json<{ data: { sessionId: string } }>().data.sessionId}`;
      }
      const sessionId = new URLSearchParams(q.replace(/^\?/, '')).get('session');
      const sending = sessionKey === undefined ? (sessionId ? sessions.keyOf(sessionId) : null) : sessionKey;
      const headers = {
        ...(who.authorization ? { authorization: who.authorization } : {}),
        ...(sending ? { [VIEWING_SESSION_KEY_HEADER]: sending } : {}),
      };
      return app.inject({
        url: `/v1/admin/asset/streamconfig/${key}${q}`,
        headers,
        ...(who.address ? { remoteAddress: who.address } : {}),
      });
    },
    /** The config call alone, with no viewing session. */
    configWithoutSession: (who: Who, key: string | number) =>
      app.inject({
        url: `/v1/admin/asset/streamconfig/${key}`,
        headers: who.authorization ? { authorization: who.authorization } : {},
        ...(who.address ? { remoteAddress: who.address } : {}),
      }),
    media: (url: string, method: 'GET' | 'HEAD' = 'GET') => app.inject({ url, method }),
  };
}

export const configData = (body: { data: { config_data: string } }) =>
  JSON.parse(body.data.config_data) as StreamConfigData;

/** Every media URL of a config, feeds then angles. */
export const urlsOf = (c: StreamConfigData) => [
  c.videoUrl,
  c.video_H_Url,
  c.video_dual_Url,
  c.video_quad_Url,
  c.audiourl,
  c.programcutUrl,
  ...c.streamUrls.map((s) => s.url),
];

/**
 * The parts of a signed media URL, /media/signed/<sig>/<exp>/<grant>/<dir>/<file>: the folder is
 * `streams/<name>` or `live/e<id>/a<n>`, the grant `e<event>.<viewer tag>[.<session>]`.
 */
export type SignedParts = { sig: string; exp: string; grant: string; dir: string; file: string };
const SIGNED_URL = /^\/media\/signed\/([^/]+)\/([^/]+)\/([^/]+)\/(streams\/[^/]+|live\/[^/]+\/[^/]+)\/([^/]+)$/;

/** A signed URL's parts (throws for anything else, so a test never tampers with the wrong text). */
export function signedParts(url: string): SignedParts {
  const m = SIGNED_URL.exec(url);
  if (!m) throw new Error(`not a signed media URL: ${url}`);
  const [, sig, exp, grant, dir, file] = m as unknown as [string, string, string, string, string, string];
  return { sig, exp, grant, dir, file };
}
const signedUrl = (p: SignedParts) => `/media/signed/${p.sig}/${p.exp}/${p.grant}/${p.dir}/${p.file}`;
/** A signed URL with some of its parts replaced. */
export const withParts = (url: string, parts: Partial<SignedParts>) => signedUrl({ ...signedParts(url), ...parts });

/** The grant a signed URL names: its event, viewer tag and (premium) viewing session. */
export function grantOf(url: string): { e: number; v: string; s: string | null } {
  const [e, v, s] = signedParts(url).grant.split('.') as [string, string, string | undefined];
  return { e: Number(e.slice(1)), v, s: s ?? null };
}
/** A signed URL with its grant's event, tag or session replaced (the signature left as it was). */
export function withGrant(url: string, change: { e?: number; v?: string; s?: string | null }): string {
  const g = { ...grantOf(url), ...change };
  return withParts(url, { grant: `e${g.e}.${g.v}${g.s ? `.${g.s}` : ''}` });
}
/** A signature with its first character changed (still the shape of one). */
export const flippedSig = (url: string) => {
  const { sig } = signedParts(url);
  return withParts(url, { sig: `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}` });
};
/** What every URI of a signed playlist resolves under: the URL up to its file. */
export const signedPrefix = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);

/** The URI lines of a playlist (not tags). */
export const uriLines = (playlist: string) => playlist.split('\n').filter((l) => l && !l.startsWith('#'));
/** The values of one tag in a playlist, in order. */
export const tagValues = (playlist: string, tag: string) =>
  playlist
    .split('\n')
    .filter((l) => l.startsWith(`${tag}:`))
    .map((l) => l.slice(tag.length + 1));

/**
 * A URI a playlist names, as the player resolves it: beside the playlist, under the same signed
 * prefix. Every URI must be a bare file name (no folder, no query): the playlist's text is the same
 * for every viewer, and the signature is in the prefix.
 */
export function beside(playlistUrl: string, uri: string): string {
  if (!/^[A-Za-z0-9_-]+\.(m3u8|ts)$/.test(uri)) throw new Error(`not a bare file name: ${uri}`);
  return `${signedPrefix(playlistUrl)}${uri}`;
}

/** The renditions of an angle's ladder, lowest first, as the demo media has them. */
export const RUNGS = ['v144', 'v270', 'v480'] as const;

/**
 * The URL of one rendition's playlist, as the player reaches it: the angle's multi-variant playlist
 * is fetched (it must answer 200) and the variant named `rung` is taken from it, under the master's signed prefix.
 */
export async function renditionUrl(app: FastifyInstance, masterUrl: string, rung: string = 'v270'): Promise<string> {
  const master = await app.inject({ url: masterUrl });
  if (master.statusCode !== 200) throw new Error(`${masterUrl} answered ${master.statusCode}: ${master.body}`);
  const uri = uriLines(master.body).find((u) => u === `${rung}.m3u8`);
  if (!uri) throw new Error(`${masterUrl} names no ${rung}: ${master.body}`);
  return beside(masterUrl, uri);
}
