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
import { readSignedQuery, type MediaSigner } from './urlSigner';

export const MEDIA_MESSAGES = {
  invalid: 'This media link is not valid. Load the player again for a fresh one.',
  expired: 'This media link has expired. Load the player again for a fresh one.',
  missing: 'No such media file',
} as const;

export type MediaAnswer =
  | { kind: 'playlist'; body: string; cacheControl: string }
  | { kind: 'segment'; absPath: string; size: number; cacheControl: string };

type Deps = {
  mediaDir: string;
  signer: MediaSigner;
  repo: Pick<StreamRepository, 'schedule'>;
  settings: AppConfig['streams'];
  now?: () => number;
};

/** How long an event's schedule is reused: a live player asks for nine playlists every two seconds. */
const SCHEDULE_TTL_MS = 10_000;
const SCHEDULE_CACHE_MAX = 10_000;

/**
 * /media/streams/*: a file answers only to a valid, unexpired signature for its folder. Segments
 * are the files; playlists are rendered (never the raw file), every segment URI carrying the
 * request's own signed query, so a copied playlist stops working when its signature does.
 */
export function createProtectedMedia(deps: Deps) {
  const { signer, repo, settings } = deps;
  const now = deps.now ?? Date.now;
  const streamsRoot = path.join(deps.mediaDir, 'streams');
  const sources = createSourcePlaylists();
  const schedules = new Map<number, { value: EventSchedule | null; readAt: number }>();

  async function scheduleOf(eventId: number): Promise<EventSchedule | null> {
    const at = now();
    const hit = schedules.get(eventId);
    // A clock set back (tests, or a corrected host clock) reads again rather than trusting the entry.
    if (hit && at >= hit.readAt && at < hit.readAt + SCHEDULE_TTL_MS) return hit.value;
    const row = await repo.schedule(eventId);
    const value = row ? { contentType: row.content_type, airStart: row.air_start_date } : null;
    if (schedules.size >= SCHEDULE_CACHE_MAX) schedules.clear();
    schedules.set(eventId, { value, readAt: at });
    return value;
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

      if (file.kind === 'segment') {
        const stat = await fs.stat(file.absPath).catch(() => null);
        if (!stat?.isFile()) throw new NotFound(MEDIA_MESSAGES.missing);
        return { kind: 'segment', absPath: file.absPath, size: stat.size, cacheControl: `private, max-age=${remaining}` };
      }

      const [source, schedule] = await Promise.all([sources.load(file.absPath), scheduleOf(signed.e)]);
      if (!source || !schedule) throw new NotFound(MEDIA_MESSAGES.missing);
      const mode = streamMode(schedule, at, settings.liveMinutes);
      if (mode === 'upcoming') throw new Conflict(STREAM_MESSAGES.notStarted);
      const signedQuery = signer.query(file.dir, signed);
      if (mode === 'live') {
        return { kind: 'playlist', body: renderLive(source, signedQuery, { airStartMs: schedule.airStart!.getTime(), nowMs: at }), cacheControl: 'private, no-cache' };
      }
      const originMs = schedule.airStart?.getTime() ?? VOD_FALLBACK_EPOCH_MS;
      return { kind: 'playlist', body: renderVod(source, signedQuery, { originMs, minMinutes: settings.vodMinutes }), cacheControl: `private, max-age=${remaining}` };
    },
  };
}
export type ProtectedMedia = ReturnType<typeof createProtectedMedia>;
