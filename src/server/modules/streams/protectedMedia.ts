import fs from 'node:fs/promises';
import path from 'node:path';
import { STREAM_MESSAGES } from '../../../shared/contract/streams';
import type { AppConfig } from '../../config';
import { Conflict, Forbidden, NotFound } from '../../platform/errors';
import { resolveMediaFile } from './mediaPath';
import { renderLive, renderVod, VOD_FALLBACK_EPOCH_MS } from './renderPlaylist';
import type { StreamRepository } from './repository';
import { streamMode, type EventSchedule } from './schedule';
import { createSourcePlaylists } from './sourcePlaylist';
import { foldersOf } from './streamConfigFile';
import { createTtlCache } from './ttlCache';
import { readSignedQuery, type MediaSigner, type SignedQuery } from './urlSigner';
import { renderVariants } from './variantPlaylist';

export const MEDIA_MESSAGES = {
  invalid: 'This media link is not valid. Load the player again for a fresh one.',
  expired: 'This media link has expired. Load the player again for a fresh one.',
  /** A premium event's link whose viewing session was closed or went silent. */
  sessionEnded: STREAM_MESSAGES.sessionEnded,
  missing: 'No such media file',
} as const;

export type MediaAnswer =
  | { kind: 'playlist'; body: string; cacheControl: string }
  | { kind: 'segment'; absPath: string; size: number; cacheControl: string };

type Deps = {
  mediaDir: string;
  signer: MediaSigner;
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
 * /media/streams/*: a file answers only to a valid, unexpired signature for its folder and event,
 * when the folder is one of that event's (its stream config names it) and, for a premium event,
 * while the viewing session the URL names is open. Segments are the files; playlists are rendered
 * (never the raw file), every segment URI carrying the request's own signed query, so a copied
 * playlist stops working when its signature or its session does. An angle's multi-variant playlist
 * and its renditions are files of the same folder: each passes the same checks on every request.
 */
export function createProtectedMedia(deps: Deps) {
  const { signer, repo, sessions, settings } = deps;
  const now = deps.now ?? Date.now;
  const streamsRoot = path.join(deps.mediaDir, 'streams');
  const sources = createSourcePlaylists();
  const events = createTtlCache<number, EventFacts | null>({
    ttlMs: EVENT_FACTS_TTL_MS,
    max: EVENT_CACHE_MAX,
    now,
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
  async function admit(dir: string, signed: SignedQuery): Promise<EventFacts> {
    const facts = await events.get(signed.e);
    // Access is granted per event: a folder of another event's config is not this URL's, even signed.
    if (!facts || !facts.folders.has(dir)) throw new Forbidden(MEDIA_MESSAGES.invalid);
    if (facts.premium && !(signed.s && (await sessions.isOpen(signed.s, signed.e))))
      throw new Forbidden(MEDIA_MESSAGES.sessionEnded);
    return facts;
  }

  return {
    async open(wildcard: string, query: unknown): Promise<MediaAnswer> {
      const file = resolveMediaFile(streamsRoot, wildcard);
      if (!file) throw new NotFound(MEDIA_MESSAGES.missing);
      const signed = readSignedQuery(query);
      if (!signed || !signer.verify(file.dir, signed)) throw new Forbidden(MEDIA_MESSAGES.invalid);
      const at = now();
      const remaining = signed.exp - Math.floor(at / 1000);
      if (remaining <= 0) throw new Forbidden(MEDIA_MESSAGES.expired);
      const { schedule } = await admit(file.dir, signed);

      if (file.kind === 'segment') {
        const stat = await fs.stat(file.absPath).catch(() => null);
        if (!stat?.isFile()) throw new NotFound(MEDIA_MESSAGES.missing);
        return {
          kind: 'segment',
          absPath: file.absPath,
          size: stat.size,
          cacheControl: `private, max-age=${remaining}`,
        };
      }

      const source = await sources.load(file.absPath);
      if (!source) throw new NotFound(MEDIA_MESSAGES.missing);
      const mode = streamMode(schedule, at, settings.liveMinutes);
      if (mode === 'upcoming') throw new Conflict(STREAM_MESSAGES.notStarted);
      const signedQuery = signer.query(file.dir, signed);
      // An angle's ladder: the same text live or on demand; each rendition's playlist is then rendered below.
      if ('kind' in source)
        return {
          kind: 'playlist',
          body: renderVariants(source, signedQuery),
          cacheControl: `private, max-age=${remaining}`,
        };
      if (mode === 'live') {
        return {
          kind: 'playlist',
          body: renderLive(source, signedQuery, { airStartMs: schedule.airStart!.getTime(), nowMs: at }),
          cacheControl: 'private, no-cache',
        };
      }
      const originMs = schedule.airStart?.getTime() ?? VOD_FALLBACK_EPOCH_MS;
      return {
        kind: 'playlist',
        body: renderVod(source, signedQuery, { originMs, minMinutes: settings.vodMinutes }),
        cacheControl: `private, max-age=${remaining}`,
      };
    },
  };
}
