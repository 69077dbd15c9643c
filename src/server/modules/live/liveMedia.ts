import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { Conflict, Forbidden, NotFound } from '../../platform/domainErrors';
import { STREAM_MESSAGES } from '../../../shared/contract/streams';
import {
  EDGE_LIVE_PLAYLIST_S,
  EDGE_PLAYLIST_S,
  EDGE_SEGMENT_S,
  MEDIA_MESSAGES,
  type MediaAnswer,
  type MediaAsk,
} from '../streams/protectedMedia';
import type { SignedMediaPath } from '../streams/urlSigner';
import { feedDir, parseLiveFile } from './liveFiles';
import { feedLadder, feedSegments, renderLiveMaster, renderLiveRendition } from './livePlaylist';
import { createSegmentLists } from './segmentLists';
import type { LiveService } from './service';

/** The folder a live feed's URLs are signed for: one signature opens its master, renditions and segments. */
export const liveMediaDir = (eventId: number, angle: number) => `live/e${eventId}/a${angle}`;
/** A feed's multi-variant playlist, in its folder. */
export const LIVE_FEED_FILE = 'index.m3u8';

const WHERE = /^live\/e([1-9]\d{0,9})\/a(\d)$/;

type Deps = {
  settings: AppConfig['live'];
  live: Pick<LiveService, 'playback'>;
  events: { facts(eventId: number): Promise<{ premium: boolean; airStart: Date | null } | null> };
  sessions: { isOpen(sessionId: string, eventId: number): Promise<boolean> };
  now?: () => number;
};

/**
 * /media/signed/…/live/e{id}/a{n}/*: a live feed's playlists and segments, under the same rules as
 * every protected stream (streams/protectedMedia.ts): a valid, unexpired signature for the feed's
 * folder and event (checked by mediaRoutes.ts), and for a premium event an open viewing session.
 * Playlists are rendered from the ingest's lists (livePlaylist.ts) with bare relative URIs.
 */
export function createLiveMedia(deps: Deps) {
  const { settings } = deps;
  const now = deps.now ?? Date.now;
  // Each part's segment list, read on from where the last poll stopped (segmentLists.ts).
  const lists = createSegmentLists();
  return {
    /**
     * A signed path under /media/signed/live/ whose signature mediaRoutes.ts has checked; `skip`: the
     * player asked for a rendition's delta update (livePlaylist.ts).
     */
    async open(signed: SignedMediaPath, { skip = false }: MediaAsk = {}): Promise<MediaAnswer> {
      const m = WHERE.exec(signed.dir);
      const file = parseLiveFile(signed.file);
      if (!m || !file) throw new NotFound(MEDIA_MESSAGES.missing);
      const [eventId, angle] = [Number(m[1]), Number(m[2])];
      const { grant } = signed;
      if (grant.e !== eventId) throw new Forbidden(MEDIA_MESSAGES.invalid);
      const remaining = grant.exp - Math.floor(now() / 1000);
      const [facts, playback] = await Promise.all([deps.events.facts(eventId), deps.live.playback(eventId)]);
      const feed = playback?.angles.find((a) => a.angle === angle);
      if (!facts || !playback || !feed) throw new Forbidden(MEDIA_MESSAGES.invalid);
      if (facts.premium && !(grant.s && (await deps.sessions.isOpen(grant.s, eventId))))
        throw new Forbidden(MEDIA_MESSAGES.sessionEnded);
      if (facts.airStart && now() < facts.airStart.getTime()) throw new Conflict(STREAM_MESSAGES.notStarted);
      const folder = feedDir(settings.dir, eventId, angle);
      const browser = `private, max-age=${remaining}`;

      if (file.kind === 'segment') {
        const absPath = path.join(folder, file.file);
        const stat = await fs.stat(absPath).catch(() => null);
        if (!stat?.isFile()) throw new NotFound(MEDIA_MESSAGES.missing);
        return { kind: 'segment', absPath, size: stat.size, cacheControl: browser, edgeSeconds: EDGE_SEGMENT_S };
      }
      if (file.kind === 'master')
        return {
          kind: 'playlist',
          body: renderLiveMaster(await feedLadder(folder, feed.parts)),
          // The ladder follows the encoder: a reconnect at another size is read again.
          cacheControl: 'private, no-cache',
          edgeSeconds: EDGE_LIVE_PLAYLIST_S,
        };
      const ended = playback.show === 'ended';
      const segments = await feedSegments(folder, file.height, feed.parts, lists);
      return {
        kind: 'playlist',
        body: renderLiveRendition(segments, { airStartMs: facts.airStart?.getTime() ?? null, ended, skip }),
        // A growing playlist is asked again every segment; the replay does not change any more.
        cacheControl: ended ? browser : 'private, no-cache',
        edgeSeconds: ended ? EDGE_PLAYLIST_S : EDGE_LIVE_PLAYLIST_S,
      };
    },
  };
}
