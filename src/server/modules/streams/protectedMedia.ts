import fs from 'node:fs/promises';
import path from 'node:path';
import { STREAM_MESSAGES } from '../../../shared/contract/streams';
import type { AppConfig } from '../../config';
import { Conflict, Forbidden, NotFound } from '../../platform/domainErrors';
import { resolveMediaFile } from './mediaPath';
import { renderLive, renderVod, VOD_FALLBACK_EPOCH_MS } from './renderPlaylist';
import type { StreamRepository } from './streamRepository';
import { streamMode, type EventSchedule } from './schedule';
import { createSourcePlaylists } from './sourcePlaylist';
import { foldersOf } from './streamConfigFile';
import { createTtlCache } from '../../platform/ttlCache';
import { isDatabaseUnreachable } from '../../platform/databaseErrors';
import type { MediaGrant, SignedMediaPath } from './urlSigner';
import { renderVariants } from './variantPlaylist';

export const MEDIA_MESSAGES = {
  invalid: 'This media link is not valid. Load the player again for a fresh one.',
  expired: 'This media link has expired. Load the player again for a fresh one.',
  /** A premium event's link whose viewing session was closed or went silent. */
  sessionEnded: STREAM_MESSAGES.sessionEnded,
  missing: 'No such media file',
} as const;

/**
 * A media file's answer. `cacheControl` is for the viewer's browser (private: the URL is theirs);
 * `edgeSeconds` is how long the edge may keep one copy for every viewer (X-Accel-Expires), since
 * the text or bytes are the same for all of them.
 */
export type MediaAnswer = ({ kind: 'playlist'; body: string } | { kind: 'segment'; absPath: string; size: number }) & {
  cacheControl: string;
  edgeSeconds: number;
};

/** What a player asked beside the file: a live rendition's delta update (`_HLS_skip`). */
export type MediaAsk = { skip?: boolean };

/** A segment never changes under its name. */
export const EDGE_SEGMENT_S = 3600;
/**
 * An on-demand playlist or a ladder changes only when the event's schedule or streams do: the edge
 * keeps it as long as this server keeps the event's facts (EVENT_FACTS_TTL_MS).
 */
export const EDGE_PLAYLIST_S = 10;
/** A live playlist: one second, the shortest an edge cache counts (HTTP and nginx count whole seconds). */
export const EDGE_LIVE_PLAYLIST_S = 1;

const keep = (remainingS: number, edgeSeconds: number) => ({
  cacheControl: `private, max-age=${remainingS}`,
  edgeSeconds,
});
const STREAMS = 'streams/';

type Deps = {
  mediaDir: string;
  repo: Pick<StreamRepository, 'mediaFacts'>;
  /** Whether a viewing session is still open for this event (viewingSessionGate.ts). */
  sessions: { isOpen(sessionId: string, eventId: number): Promise<boolean> };
  settings: AppConfig['streams'];
  now?: () => number;
};

/** What a media request needs to know of its event. */
type EventFacts = { schedule: EventSchedule; premium: boolean; folders: ReadonlySet<string> };

/**
 * How long one server reuses what it read of an event (schedule, premium, folders): a live player
 * asks for nine playlists every two seconds. An import that changes an event's streams is obeyed
 * within this long: until then a URL signed for a folder the event no longer has still opens it.
 */
export const EVENT_FACTS_TTL_MS = 10_000;
const EVENT_CACHE_MAX = 10_000;

/**
 * /media/signed/…/streams/*: once mediaRoutes.ts has checked the signature and expiry, a file answers
 * when its folder is one of the URL's event's (its stream config names it) and, for a premium event,
 * while the viewing session the URL names is open. Segments are the files; playlists are rendered
 * (never the raw file) with bare relative URIs, so they resolve under the request's own signed
 * prefix and the text is the same for every viewer (the edge keeps one copy). An angle's
 * multi-variant playlist and its renditions are files of the same folder: each passes the same
 * checks on every request that reaches this server.
 */
export function createProtectedMedia(deps: Deps) {
  const { repo, sessions, settings } = deps;
  const now = deps.now ?? Date.now;
  const streamsRoot = path.join(deps.mediaDir, 'streams');
  const sources = createSourcePlaylists();
  const events = createTtlCache<number, EventFacts | null>({
    ttlMs: EVENT_FACTS_TTL_MS,
    max: EVENT_CACHE_MAX,
    now,
    // During an outage the facts read before it stand: the show plays on.
    staleOnError: isDatabaseUnreachable,
    load: async (eventId) => {
      const row = await repo.mediaFacts(eventId);
      if (!row) return null;
      return {
        schedule: { contentType: row.content_type, airStart: row.air_start_date },
        premium: row.is_premium,
        folders: row.config ? foldersOf(row.config) : new Set<string>(),
      };
    },
  });

  /** The event's facts when the URL may open this folder now; throws the refusal otherwise. */
  async function admit(folder: string, grant: MediaGrant): Promise<EventFacts> {
    const facts = await events.get(grant.e);
    // Access is granted per event: a folder of another event's config is not this URL's, even signed.
    if (!facts || !facts.folders.has(folder)) throw new Forbidden(MEDIA_MESSAGES.invalid);
    if (facts.premium && !(grant.s && (await sessions.isOpen(grant.s, grant.e))))
      throw new Forbidden(MEDIA_MESSAGES.sessionEnded);
    return facts;
  }

  return {
    /** A signed path under /media/signed/streams/ whose signature mediaRoutes.ts has checked. */
    async open(signed: SignedMediaPath): Promise<MediaAnswer> {
      const file = resolveMediaFile(streamsRoot, `${signed.dir.slice(STREAMS.length)}/${signed.file}`);
      if (!file) throw new NotFound(MEDIA_MESSAGES.missing);
      const at = now();
      const remaining = signed.grant.exp - Math.floor(at / 1000);
      const { schedule } = await admit(file.dir, signed.grant);

      if (file.kind === 'segment') {
        const stat = await fs.stat(file.absPath).catch(() => null);
        if (!stat?.isFile()) throw new NotFound(MEDIA_MESSAGES.missing);
        return { kind: 'segment', absPath: file.absPath, size: stat.size, ...keep(remaining, EDGE_SEGMENT_S) };
      }

      const source = await sources.load(file.absPath);
      if (!source) throw new NotFound(MEDIA_MESSAGES.missing);
      const mode = streamMode(schedule, at, settings.liveMinutes);
      if (mode === 'upcoming') throw new Conflict(STREAM_MESSAGES.notStarted);
      // An angle's ladder: the same text live or on demand; each rendition's playlist is then rendered below.
      if ('kind' in source)
        return { kind: 'playlist', body: renderVariants(source), ...keep(remaining, EDGE_PLAYLIST_S) };
      if (mode === 'live') {
        return {
          kind: 'playlist',
          body: renderLive(source, { airStartMs: schedule.airStart!.getTime(), nowMs: at }),
          cacheControl: 'private, no-cache',
          edgeSeconds: EDGE_LIVE_PLAYLIST_S,
        };
      }
      const originMs = schedule.airStart?.getTime() ?? VOD_FALLBACK_EPOCH_MS;
      return {
        kind: 'playlist',
        body: renderVod(source, { originMs, minMinutes: settings.vodMinutes }),
        ...keep(remaining, EDGE_PLAYLIST_S),
      };
    },
  };
}
