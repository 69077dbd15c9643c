import type Hls from 'hls.js';
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import type { LiveFeedState } from '../../../shared/contract/live';
import { faultRidingConfig, faultRungDrop, hlsDefaultsForTest } from './faultRiding';
import { hlsConfigFor, LIVE_CATCH_UP_RATE, LIVE_MAX_LATENCY_S } from './hlsConfig';
import { renewedMediaUrl, sameMedia } from './signedMediaUrl';
import { PLAYER_COPY } from './playerCopy';
import { tileErrorHandler } from './tileErrors';
import { afterNextLayout, applyTileRole, type TileRole } from './tileLevels';
import { levelHeight, type TileHandle, type TileRegistry, type TileState } from './tileRegistry';

export type TileStatus = { state: TileState; message: string | null };

type Options = {
  angle: number;
  name: string;
  url: string;
  live: boolean;
  registry: TileRegistry;
  /** The tile's signed URL was refused (403): true while a fresh config is coming for it. */
  onExpired: (url: string) => boolean;
  onLevel: (angle: number, height: number | null) => void;
  /** The main angle: it takes what the bandwidth allows; the others what their size shows. */
  main: boolean;
  /** Shown by the layout (a hidden tile plays on, for sync, on the lowest rung). */
  visible: boolean;
  /** Heard: the main angle, unless muted. Every other tile stays muted. */
  audible: boolean;
  volume: number;
  paused: boolean;
  /** The browser refused sound without a gesture. */
  onSoundBlocked: () => void;
  /** Nothing is loaded yet (a live feed that has not arrived, or the live state not yet known). */
  hold: boolean;
  /** The angle's live feed ('live' for anything not fed by the ingest). */
  feed: LiveFeedState;
  /** A show from an encoder: the tile is made to play close to the live edge (hlsConfig.ts). */
  liveEdge: boolean;
  /** …and follows the edge (false while the viewer watches behind live on purpose). */
  followEdge: boolean;
};

const HAVE_CURRENT_DATA = 2;
/** Joining a live show further than this behind the planned distance jumps instead of speeding up. */
const JOIN_SLACK_S = 0.5;
const HAVE_FUTURE_DATA = 3;
/** After a dropped feed returns, how long a tile may stay stalled before it is pushed on. */
const RESUME_CHECK_MS = 2000;

/**
 * One hls.js instance for the tile's <video>, for as long as the tile is mounted: a new URL (a fresh
 * config) is loaded into the same instance at the same position. Unmounting destroys the instance
 * (its worker, buffers and listeners) and empties the video.
 */
export function useHlsTile(videoRef: RefObject<HTMLVideoElement | null>, options: Options): TileStatus {
  const [status, setStatus] = useState<TileStatus>({ state: 'loading', message: null });
  const handleRef = useRef<(TileHandle & { url: string }) | null>(null);
  const { angle, url, live, registry, audible, volume, paused, main, visible, hold, feed, followEdge } = options;
  const roleRef = useRef<TileRole | null>(null);
  const cancelUpgrade = useRef<() => void>(() => undefined);
  const errorsRef = useRef<ReturnType<typeof tileErrorHandler> | null>(null);
  // Once a tile starts loading it goes on (a feed that drops keeps its instance, which keeps reloading).
  const [started, setStarted] = useState(!hold);
  if (!hold && !started) setStarted(true);

  const latest = useEffectEvent(() => options);
  const expired = useEffectEvent((failed: string): boolean => options.onExpired(failed));
  const levelSwitched = useEffectEvent((height: number | null) => options.onLevel(angle, height));
  const applyEdge = useEffectEvent((hls: Hls) => {
    if (!options.liveEdge || !hls.config.lowLatencyMode) return;
    // Only the main angle catches up by speed; the others follow it (syncTiles).
    hls.config.maxLiveSyncPlaybackRate = options.main ? LIVE_CATCH_UP_RATE : 1;
    hls.config.liveMaxLatencyDuration = options.followEdge ? LIVE_MAX_LATENCY_S : Infinity;
  });
  /**
   * A live tile's first picture comes later than hls.js planned (playlist, segment and decoding took
   * a second or two while the show went on): it jumps to the planned distance from the edge at once
   * rather than catching up by speed for tens of seconds, which a listener would hear.
   */
  const joinLiveEdge = useEffectEvent((hls: Hls | null, video: HTMLVideoElement) => {
    if (!options.liveEdge || !options.followEdge || !hls) return;
    const { latency, targetLatency, liveSyncPosition } = hls;
    if (targetLatency !== null && latency > targetLatency + JOIN_SLACK_S && liveSyncPosition !== null)
      video.currentTime = liveSyncPosition;
  });
  const applyRole = useEffectEvent((hls: Hls) => {
    applyEdge(hls);
    const role = { main: options.main, visible: options.visible };
    cancelUpgrade.current();
    applyTileRole(hls, role, roleRef.current, (run) => {
      cancelUpgrade.current = afterNextLayout(run);
    });
    roleRef.current = role;
  });
  const play = useEffectEvent((video: HTMLVideoElement) => {
    if (options.paused || !video.paused) return;
    video.play().catch((err: unknown) => {
      if ((err as Error | null)?.name === 'NotAllowedError' && !video.muted) options.onSoundBlocked();
    });
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !started) return undefined;
    let destroyed = false;
    let state: TileState = 'loading';
    let errors: ReturnType<typeof tileErrorHandler> | null = null;
    const show = (next: TileState, message: string | null = null) => {
      state = next;
      if (!destroyed) setStatus({ state: next, message });
    };
    const handle: TileHandle & { url: string } = {
      angle,
      name: () => latest().name,
      video,
      hls: null,
      state: () => state,
      url: latest().url,
    };
    handleRef.current = handle;
    registry.add(handle);

    let joined = false;
    const listeners: Record<string, () => void> = {
      playing: () => {
        errors?.played();
        show('playing');
        if (!joined) {
          joined = true;
          joinLiveEdge(handle.hls, video);
        }
      },
      waiting: () => {
        if (state === 'playing') show('loading');
      },
      canplay: () => play(video),
      // A stream without a multivariant playlist names no level height: the picture tells it.
      resize: () => {
        if (!levelHeight(handle.hls)) levelSwitched(video.videoHeight || null);
      },
    };
    for (const [name, listener] of Object.entries(listeners)) video.addEventListener(name, listener);

    void import(/* webpackChunkName: "hls" */ './loadHls').then(
      ({ loadedHls: { Hls: HlsClass, workerPath } }) => {
        if (destroyed) return;
        if (!HlsClass.isSupported()) {
          // Safari on older iPhones plays HLS itself (no program date-time sync there).
          if (video.canPlayType('application/vnd.apple.mpegurl')) video.src = handle.url;
          else show('error', PLAYER_COPY.cannotPlay);
          return;
        }
        const ridesFaults = !hlsDefaultsForTest();
        const hls = new HlsClass({
          ...hlsConfigFor(latest().main, latest().liveEdge),
          // A segment that fails or hangs is retried at once, a rung lower (faultRiding.ts).
          ...(ridesFaults ? faultRidingConfig(HlsClass.DefaultConfig.loader) : {}),
          workerPath,
          // Every playlist and segment goes under the newest grant of its folder (signedMediaUrl.ts).
          xhrSetup: (xhr, requestUrl) => xhr.open('GET', renewedMediaUrl(requestUrl, handle.url), true),
        });
        handle.hls = hls;
        registry.changed();
        applyEdge(hls);
        const handler = tileErrorHandler(hls, HlsClass.ErrorTypes, {
          url: () => handle.url,
          expired: (failed) => expired(failed),
          show,
        });
        errors = handler;
        errorsRef.current = handler;
        if (ridesFaults) {
          const rungDrop = faultRungDrop(hls, HlsClass.ErrorDetails);
          hls.on(HlsClass.Events.ERROR, (_event, data) => rungDrop.fault(data));
          hls.on(HlsClass.Events.FRAG_LOADING, (_event, data) => rungDrop.loading(data.frag));
          hls.on(HlsClass.Events.DESTROYING, rungDrop.stop);
        }
        hls.on(HlsClass.Events.ERROR, (_event, data) => handler.onError(data));
        hls.on(HlsClass.Events.MANIFEST_PARSED, () => applyRole(hls));
        hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) =>
          levelSwitched(hls.levels[data.level]?.height || video.videoHeight || null),
        );
        hls.attachMedia(video);
        hls.loadSource(handle.url);
      },
      () => show('error', PLAYER_COPY.cannotPlay),
    );

    return () => {
      destroyed = true;
      cancelUpgrade.current();
      roleRef.current = null;
      errors?.stop();
      errorsRef.current = null;
      registry.remove(handle);
      handleRef.current = null;
      handle.hls?.destroy();
      handle.hls = null;
      for (const [name, listener] of Object.entries(listeners)) video.removeEventListener(name, listener);
      video.removeAttribute('src');
      video.load();
    };
  }, [videoRef, registry, angle, started]);

  // A fresh config naming the same playlist (a renewal before the URLs expire, a new viewing session,
  // the show's end) only changes the grant: the tile plays on and its next requests go under the new
  // one (xhrSetup). A show that has ended has become the replay by itself (#EXT-X-ENDLIST). Another
  // playlist is loaded into the same instance where the tile was (live: at the live edge).
  useEffect(() => {
    const handle = handleRef.current;
    if (!handle || handle.url === url) return;
    if (handle.hls && sameMedia(handle.url, url)) {
      handle.url = url;
      // A load refused for its old grant (a renewal came too late) goes again under the new one.
      errorsRef.current?.renewed();
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
  }, [url, live]);
  // Following the live edge or not (paused, rewound): hls.js may pull the tile back to it or not.
  useEffect(() => {
    const hls = handleRef.current?.hls;
    if (hls) applyEdge(hls);
  }, [followEdge, main]);

  // A dropped feed is back. hls.js has kept reloading the playlist; new segments follow a
  // discontinuity and playback goes on by itself. A retry of a failed load waiting for its turn runs
  // now; a tile still stalled a moment later is started again at the live edge.
  const feedRef = useRef(feed);
  useEffect(() => {
    const was = feedRef.current;
    feedRef.current = feed;
    const handle = handleRef.current;
    if (feed !== 'live' || was !== 'offline' || !handle?.hls) return undefined;
    errorsRef.current?.retryNow();
    const from = handle.video.currentTime;
    const timer = setTimeout(() => {
      const { hls, video } = handle;
      if (!hls || latest().paused) return;
      const moving = video.currentTime > from + 0.1 && video.readyState >= HAVE_FUTURE_DATA;
      if (moving) return;
      hls.startLoad();
      const edge = hls.liveSyncPosition;
      if (typeof edge === 'number' && edge > video.currentTime) video.currentTime = edge;
      play(video);
    }, RESUME_CHECK_MS);
    return () => clearTimeout(timer);
  }, [feed]);

  // The main angle or the layout changed: the tile's levels follow (tileLevels.ts).
  useEffect(() => {
    const hls = handleRef.current?.hls;
    if (hls) applyRole(hls);
  }, [main, visible]);

  // One audible tile; play and pause follow the viewer's choice.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !audible;
    video.volume = volume;
    if (paused) video.pause();
    else if (video.readyState >= HAVE_CURRENT_DATA) play(video);
  }, [videoRef, audible, volume, paused]);

  return status;
}
