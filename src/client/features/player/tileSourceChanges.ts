import { sameMedia } from './signedMediaUrl';
import type { TileErrors, UrlTileHandle } from './loadTileHls';

const HAVE_FUTURE_DATA = 3;
/** After a dropped feed returns, how long a tile may stay stalled before it is pushed on. */
const RESUME_CHECK_MS = 2000;

/**
 * A fresh config naming the same playlist (a renewal before the URLs expire, a new viewing session,
 * the show's end) only changes the grant: the tile plays on and its next requests go under the new
 * one (xhrSetup, loadTileHls.ts). A show that has ended has become the replay by itself
 * (#EXT-X-ENDLIST). Another playlist is loaded into the same instance where the tile was (live: at
 * the live edge).
 */
export function switchTileUrl(handle: UrlTileHandle, url: string, live: boolean, errors: TileErrors | null): void {
  if (handle.url === url) return;
  if (handle.hls && sameMedia(handle.url, url)) {
    handle.url = url;
    // A load refused for its old grant (a renewal came too late) goes again under the new one.
    errors?.renewed();
    return;
  }
  handle.url = url;
  const { hls, video } = handle;
  if (!hls) {
    if (video.getAttribute('src')) video.src = url;
    return;
  }
  hls.config.startPosition = live ? -1 : video.currentTime;
  hls.loadSource(url);
}

/**
 * A dropped feed is back. hls.js has kept reloading the playlist; new segments follow a
 * discontinuity and playback goes on by itself. A retry of a failed load waiting for its turn runs
 * now; a tile still stalled a moment later is started again at the live edge. Returns the check's
 * cancel.
 */
export function resumeAfterFeedReturn(
  handle: UrlTileHandle,
  errors: TileErrors | null,
  viewer: { paused: () => boolean; play: (video: HTMLVideoElement) => void },
): () => void {
  errors?.retryNow();
  const from = handle.video.currentTime;
  const timer = setTimeout(() => {
    const { hls, video } = handle;
    if (!hls || viewer.paused()) return;
    const moving = video.currentTime > from + 0.1 && video.readyState >= HAVE_FUTURE_DATA;
    if (moving) return;
    hls.startLoad();
    const edge = hls.liveSyncPosition;
    if (typeof edge === 'number' && edge > video.currentTime) video.currentTime = edge;
    viewer.play(video);
  }, RESUME_CHECK_MS);
  return () => clearTimeout(timer);
}
