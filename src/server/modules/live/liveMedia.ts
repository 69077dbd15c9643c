import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { Conflict, Forbidden, NotFound } from '../../platform/errors';
import { STREAM_MESSAGES } from '../../../shared/contract/streams';
import { MEDIA_MESSAGES, type MediaAnswer } from '../streams/protectedMedia';
import { readSignedQuery, type MediaSigner } from '../streams/urlSigner';
import { feedDir, parseLiveFile } from './liveFiles';
import { feedLadder, feedSegments, renderLiveMaster, renderLiveRendition } from './livePlaylist';
import type { LiveService } from './service';

/** The folder a live feed's URLs are signed for: one signature opens its master, renditions and segments. */
export const liveMediaDir = (eventId: number, angle: number) => `live/e${eventId}/a${angle}`;
/** A feed's multi-variant playlist, as the stream config names it. */
export const liveFeedUrl = (eventId: number, angle: number) => `/media/${liveMediaDir(eventId, angle)}/index.m3u8`;

const WHERE = /^e([1-9]\d{0,9})\/a(\d)\/([^/]+)$/;

type Deps = {
  settings: AppConfig['live'];
  signer: MediaSigner;
  live: Pick<LiveService, 'playback'>;
  events: { facts(eventId: number): Promise<{ premium: boolean; airStart: Date | null } | null> };
  sessions: { isOpen(sessionId: string, eventId: number): Promise<boolean> };
  now?: () => number;
};

/**
 * /media/live/*: a live feed's playlists and segments, under the same rules as every protected
 * stream (streams/protectedMedia.ts): a valid, unexpired signature for the feed's folder and event,
 * and for a premium event an open viewing session. Playlists are rendered from the ingest's lists
 * (livePlaylist.ts), every URI carrying the request's own signed query.
 */
export function createLiveMedia(deps: Deps) {
  const { settings, signer } = deps;
  const now = deps.now ?? Date.now;
  return {
    async open(wildcard: string, query: unknown): Promise<MediaAnswer> {
      const m = WHERE.exec(wildcard);
      const file = m ? parseLiveFile(m[3]!) : null;
      if (!m || !file) throw new NotFound(MEDIA_MESSAGES.missing);
      const [eventId, angle] = [Number(m[1]), Number(m[2])];
      const signed = readSignedQuery(query);
      const dir = liveMediaDir(eventId, angle);
      if (!signed || signed.e !== eventId || !signer.verify(dir, signed)) throw new Forbidden(MEDIA_MESSAGES.invalid);
      const remaining = signed.exp - Math.floor(now() / 1000);
      if (remaining <= 0) throw new Forbidden(MEDIA_MESSAGES.expired);
      const [facts, playback] = await Promise.all([deps.events.facts(eventId), deps.live.playback(eventId)]);
      const feed = playback?.angles.find((a) => a.angle === angle);
      if (!facts || !playback || !feed) throw new Forbidden(MEDIA_MESSAGES.invalid);
      if (facts.premium && !(signed.s && (await deps.sessions.isOpen(signed.s, eventId))))
        throw new Forbidden(MEDIA_MESSAGES.sessionEnded);
      if (facts.airStart && now() < facts.airStart.getTime()) throw new Conflict(STREAM_MESSAGES.notStarted);
      const folder = feedDir(settings.dir, eventId, angle);
      const signedQuery = signer.query(dir, signed);

      if (file.kind === 'segment') {
        const absPath = path.join(folder, file.file);
        const stat = await fs.stat(absPath).catch(() => null);
        if (!stat?.isFile()) throw new NotFound(MEDIA_MESSAGES.missing);
        return { kind: 'segment', absPath, size: stat.size, cacheControl: `private, max-age=${remaining}` };
      }
      if (file.kind === 'master')
        return {
          kind: 'playlist',
          body: renderLiveMaster(await feedLadder(folder, feed.parts), signedQuery),
          // The ladder follows the encoder: a reconnect at another size is read again.
          cacheControl: 'private, no-cache',
        };
      const ended = playback.show === 'ended';
      const segments = await feedSegments(folder, file.height, feed.parts);
      return {
        kind: 'playlist',
        body: renderLiveRendition(segments, signedQuery, { airStartMs: facts.airStart?.getTime() ?? null, ended }),
        // A growing playlist is asked again every segment; the replay does not change any more.
        cacheControl: ended ? `private, max-age=${remaining}` : 'private, no-cache',
      };
    },
  };
}
