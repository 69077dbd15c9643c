import { Agent, request as send } from 'undici';
import { VIEWING_SESSION_KEY_HEADER } from '../../src/shared/contract/streams';
import { fanToken } from '../cluster/ticketHolders';
import { PLAYER_SPREAD, spreadEarlier } from '../../src/shared/spread';

/**
 * One simulated ticket holder of bench:showtime, speaking HTTP as the player does (no browser):
 * opens a viewing session, reads the stream config, then keeps a live player's traffic: the main
 * angle's playlist every target duration and each new segment as it appears (starting three
 * segments from the live edge, as hls.js does), heartbeats, and the config again half-way through
 * its URLs' life (useStreamConfig). A tenth of the viewers also keep every other angle's tile on its
 * lowest rung. A stall is a main-angle segment that arrived after the buffer it had ran dry. It
 * recovers as the player does: a heartbeat's 404 or a config's 409 opens a new session, and a media
 * URL's 403 asks for a fresh config.
 */
export type ViewerPlan = {
  index: number;
  userId: number;
  eventId: number;
  /** Where the API goes (nginx). */
  apiBase: string;
  /** Where media go: the edge (nginx), or an instance directly (Node serving media). */
  mediaBase: string;
  startAt: number;
  endAt: number;
  heartbeatSeconds: number;
  tiles: boolean;
};

export type HerdStats = {
  joined: number;
  sessionOpen: number[];
  config: number[];
  playlist: number[];
  segment: number[];
  startup: number[];
  stalls: number;
  stallMs: number;
  stalledViewers: number;
  mediaRequests: number;
  mediaBytes: number;
  errors: Record<string, number>;
};

export const emptyStats = (): HerdStats => ({
  joined: 0,
  sessionOpen: [],
  config: [],
  playlist: [],
  segment: [],
  startup: [],
  stalls: 0,
  stallMs: 0,
  stalledViewers: 0,
  mediaRequests: 0,
  mediaBytes: 0,
  errors: {},
});

// undici rather than node:http: the herd's own requests were most of the machine (node:http's
// client parses, and its agent looks a socket up among thousands, at twice undici's cost), and a
// load generator short of CPU reports its own lag as the edge's.
// At most 4,000 connections a loader: each opened for a burst stays open while it idles, and the
// edge's one worker may hold 20,000 descriptors (the machine's limit), its upstreams' included.
const dispatcher = new Agent({
  connections: 4000,
  keepAliveTimeout: 60_000,
  headersTimeout: 20_000,
  bodyTimeout: 20_000,
});
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

type Answer = { status: number; ttfb: number; body: Buffer; bytes: number };

/**
 * One request; `ttfb` is the time to the response's headers (ms). Network failures answer status 0.
 * `discard` counts a segment's bytes without keeping them (the loader's own CPU is the herd's limit).
 */
async function request(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; discard?: boolean } = {},
): Promise<Answer> {
  const started = performance.now();
  let ttfb = 0;
  let bytes = 0;
  try {
    const res = await send(url, { method: init.method ?? 'GET', headers: init.headers, body: init.body, dispatcher });
    ttfb = performance.now() - started;
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      res.body.on('data', (c: Buffer) => {
        bytes += c.length;
        if (!init.discard) chunks.push(c);
      });
      res.body.once('end', resolve);
      res.body.once('error', reject);
    });
    return { status: res.statusCode, ttfb, body: Buffer.concat(chunks), bytes };
  } catch {
    return { status: 0, ttfb: ttfb || performance.now() - started, body: Buffer.alloc(0), bytes };
  }
}

const beside = (url: string, name: string) => `${url.slice(0, url.lastIndexOf('/') + 1)}${name}`;

type Playlist = { sequence: number; target: number; segments: { uri: string; duration: number }[] };
function parsePlaylist(text: string): Playlist {
  let sequence = 0;
  let target = 2;
  let duration = 0;
  const segments: Playlist['segments'] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) sequence = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-TARGETDURATION:')) target = Number(line.slice(22));
    else if (line.startsWith('#EXTINF:')) duration = parseFloat(line.slice(8));
    else if (line && !line.startsWith('#')) segments.push({ uri: line, duration });
  }
  return { sequence, target, segments };
}

/** A ladder's rung by bandwidth: the highest for the main angle (a desktop on a good line), the lowest for a tile. */
function pickRung(text: string, highest: boolean): string | null {
  const lines = text.split('\n');
  const rungs: { bandwidth: number; uri: string }[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const m = /^#EXT-X-STREAM-INF:.*BANDWIDTH=(\d+)/.exec(lines[i]!);
    if (m && lines[i + 1]) rungs.push({ bandwidth: Number(m[1]), uri: lines[i + 1]! });
  }
  if (!rungs.length) return null;
  rungs.sort((a, b) => a.bandwidth - b.bandwidth);
  return (highest ? rungs.at(-1) : rungs[0])!.uri;
}

export async function runViewer(plan: ViewerPlan, stats: HerdStats): Promise<void> {
  await sleep(plan.startAt - Date.now());
  const joinStart = performance.now();
  const token = fanToken(plan.userId, 4 * 3600);
  const auth = { authorization: `Bearer ${token}` };
  const fail = (what: string, status: number) => {
    const key = `${what} ${status || 'network error'}`;
    stats.errors[key] = (stats.errors[key] ?? 0) + 1;
  };

  // The player's session (useViewingSession): a heartbeat's 404 means the server let it go, and a
  // new one is opened without a word; a config's 409 says it ended, and the fan presses play again.
  let session = { sessionId: '', sessionKey: '' };
  let withKey: Record<string, string> = auth;
  const openSession = async (): Promise<boolean> => {
    const opened = await request(`${plan.apiBase}/v1/viewing-sessions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: String(plan.eventId) }),
    });
    stats.sessionOpen.push(opened.ttfb);
    if (opened.status !== 201) {
      fail('session open', opened.status);
      return false;
    }
    session = (JSON.parse(opened.body.toString()) as { data: { sessionId: string; sessionKey: string } }).data;
    withKey = { ...auth, [VIEWING_SESSION_KEY_HEADER]: session.sessionKey };
    return true;
  };
  if (!(await openSession())) return;
  // One re-open at a time, however many calls learn together that the session ended.
  let reopening: Promise<boolean> | null = null;
  const reopen = () =>
    (reopening ??= openSession()
      .then((ok) => ok && readConfig(false))
      .finally(() => {
        reopening = null;
      }));

  type Config = { videoUrl: string; streamUrls: { url: string }[] };
  const urls = { main: '', angles: [] as string[], expiresAt: 0 };
  let lastRefresh = 0;
  const readConfig = async (reopenOnEnd = true): Promise<boolean> => {
    lastRefresh = Date.now();
    const res = await request(
      `${plan.apiBase}/v1/admin/asset/streamconfig/${plan.eventId}?session=${session.sessionId}`,
      {
        headers: withKey,
      },
    );
    stats.config.push(res.ttfb);
    if (res.status !== 200) {
      fail('config', res.status);
      if (res.status === 409 && reopenOnEnd) return reopen();
      return false;
    }
    const data = (JSON.parse(res.body.toString()) as { data: { config_data: string; expiresAt: string } }).data;
    const config = JSON.parse(data.config_data) as Config;
    urls.main = config.videoUrl;
    urls.angles = config.streamUrls.map((s) => s.url);
    urls.expiresAt = Date.parse(data.expiresAt);
    return true;
  };
  if (!(await readConfig())) return;
  stats.joined += 1;

  // A media URL answered 403 (expired, or its session gone): a fresh config, at most every 10 s, as
  // useStreamConfig's refresh does.
  const refreshOn403 = async (status: number) => {
    if (status === 403 && Date.now() - lastRefresh >= 10_000) await readConfig();
  };

  let stalled = false;
  /** One tile's live traffic; `current()` is its playlist URL under the newest grant. */
  const track = async (current: () => string, main: boolean) => {
    let rendition: string | null = null;
    let next: number | null = null;
    let dryAt: number | null = null;
    while (Date.now() < plan.endAt) {
      const started = Date.now();
      const base = current();
      const url = rendition ? beside(base, rendition) : base;
      const res = await request(`${plan.mediaBase}${url}`);
      stats.playlist.push(res.ttfb);
      stats.mediaRequests += 1;
      if (res.status !== 200) {
        fail('playlist', res.status);
        await refreshOn403(res.status);
        await sleep(1000);
        continue;
      }
      const text = res.body.toString();
      if (!rendition) {
        const rung = pickRung(text, main);
        rendition = rung ?? base.slice(base.lastIndexOf('/') + 1);
        if (rung) continue;
      }
      const playlist = parsePlaylist(text);
      const last = playlist.sequence + playlist.segments.length - 1;
      next ??= Math.max(playlist.sequence, last - 2);
      // Fallen out of the window (a playlist that came too late): the player jumps ahead, as hls.js does.
      if (next < playlist.sequence) {
        fail('fell behind the live window', 0);
        next = playlist.sequence;
      }
      let added = false;
      for (let seq: number = next; seq <= last && Date.now() < plan.endAt; seq += 1) {
        const segment = playlist.segments[seq - playlist.sequence]!;
        const got = await request(`${plan.mediaBase}${beside(beside(current(), rendition), segment.uri)}`, {
          discard: true,
        });
        stats.segment.push(got.ttfb);
        stats.mediaRequests += 1;
        stats.mediaBytes += got.bytes;
        if (got.status !== 200) {
          fail('segment', got.status);
          await refreshOn403(got.status);
          break;
        }
        next = seq + 1;
        added = true;
        if (!main) continue;
        const at = performance.now();
        if (dryAt === null) {
          stats.startup.push(at - joinStart);
          dryAt = at + segment.duration * 1000;
        } else if (at > dryAt) {
          stats.stalls += 1;
          stats.stallMs += at - dryAt;
          stalled = true;
          dryAt = at + segment.duration * 1000;
        } else dryAt += segment.duration * 1000;
      }
      // hls.js reloads a live playlist every target duration, half that when it brought nothing new.
      await sleep(started + (added ? 1 : 0.5) * playlist.target * 1000 - Date.now());
    }
  };

  // As the player keeps them: on a fixed beat from the open (an interval, not a pause after each
  // answer), a little faster than the server's by a share drawn per session; renewals half-way
  // through the URLs' life, up to a fifth sooner. Answers that come back together stay apart.
  const beatMs = spreadEarlier(plan.heartbeatSeconds * 1000, PLAYER_SPREAD.heartbeat);
  const heartbeats = (async () => {
    for (let beat = Date.now() + beatMs; beat < plan.endAt; beat += beatMs) {
      await sleep(beat - Date.now());
      const res = await request(`${plan.apiBase}/v1/viewing-sessions/${session.sessionId}/heartbeat`, {
        method: 'POST',
        headers: withKey,
      });
      if (res.status === 404) {
        fail('heartbeat', res.status);
        await reopen();
      } else if (res.status !== 200) fail('heartbeat', res.status);
    }
  })();
  const renewals = (async () => {
    for (;;) {
      const at = Date.now() + Math.max(5000, spreadEarlier((urls.expiresAt - Date.now()) / 2, PLAYER_SPREAD.renewal));
      if (at >= plan.endAt) return;
      await sleep(at - Date.now());
      await readConfig();
    }
  })();
  await Promise.all([
    track(() => urls.main, true),
    ...(plan.tiles ? urls.angles.map((_, i) => track(() => urls.angles[i]!, false)) : []),
    heartbeats,
    renewals,
  ]);
  if (stalled) stats.stalledViewers += 1;
}
