import type Hls from 'hls.js';
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import type { LiveFeedState } from '../../../shared/contract/live';
import { applyLiveEdge, joinLiveEdge } from './hlsConfig';
import { loadTileHls, type TileErrors, type UrlTileHandle } from './loadTileHls';
import { afterNextLayout, applyTileRole, type TileRole } from './tileLevels';
import type { TileRegistry, TileState } from './tileRegistry';
import { resumeAfterFeedReturn, switchTileUrl } from './tileSourceChanges';

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

/**
 * One hls.js instance for the tile's <video>, for as long as the tile is mounted: a new URL (a fresh
 * config) is loaded into the same instance at the same position. Unmounting destroys the instance
 * (its worker, buffers and listeners) and empties the video.
 */
export function useHlsTile(videoRef: RefObject<HTMLVideoElement | null>, options: Options): TileStatus {
  const [status, setStatus] = useState<TileStatus>({ state: 'loading', message: null });
  const handleRef = useRef<UrlTileHandle | null>(null);
  const { angle, url, live, registry, main, visible, hold, feed, followEdge } = options;
  const roleRef = useRef<TileRole | null>(null);
  const cancelUpgrade = useRef<() => void>(() => undefined);
  const errorsRef = useRef<TileErrors | null>(null);
  // Once a tile starts loading it goes on (a feed that drops keeps its instance, which keeps reloading).
  const [started, setStarted] = useState(!hold);
  if (!hold && !started) setStarted(true);

  const latest = useEffectEvent(() => options);
  const expired = useEffectEvent((failed: string): boolean => options.onExpired(failed));
  const levelSwitched = useEffectEvent((height: number | null) => options.onLevel(angle, height));
  const applyEdge = useEffectEvent((hls: Hls) => applyLiveEdge(hls, options));
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
    if (!options.paused) playVideo(video, options.onSoundBlocked);
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !started) return undefined;
    let destroyed = false;
    let state: TileState = 'loading';
    let errors: TileErrors | null = null;
    const show = (next: TileState, message: string | null = null) => {
      state = next;
      if (!destroyed) setStatus({ state: next, message });
    };
    const handle: UrlTileHandle = {
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
          joinLiveEdge(handle.hls, video, latest());
        }
      },
      waiting: () => {
        if (state === 'playing') show('loading');
      },
      // Asked to play as soon as the picture's size is known, not only once it can play: a replay whose
      // first frame starts a moment after 0 never reaches canplay at 0, and hls.js skips such a start gap
      // only for a video that is not paused (the main tile of an ended show stayed black).
      loadedmetadata: () => play(video),
      canplay: () => play(video),
      // The label says the picture's real height, whatever the level advertised (or without levels).
      resize: () => {
        if (video.videoHeight) levelSwitched(video.videoHeight);
      },
    };
    for (const [name, listener] of Object.entries(listeners)) video.addEventListener(name, listener);

    loadTileHls(video, handle, registry, {
      alive: () => !destroyed,
      main: latest().main,
      liveEdge: latest().liveEdge,
      show,
      expired: (failed) => expired(failed),
      created: (hls) => applyEdge(hls),
      handlingErrors: (handler) => {
        errors = handler;
        errorsRef.current = handler;
      },
      manifestParsed: (hls) => applyRole(hls),
      levelSwitched: (height) => levelSwitched(height),
    });

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

  // A fresh config: the tile moves to its grant, or loads its other playlist (tileSourceChanges.ts).
  useEffect(() => {
    const handle = handleRef.current;
    if (handle) switchTileUrl(handle, url, live, errorsRef.current);
  }, [url, live]);
  // Following the live edge or not (paused, rewound): hls.js may pull the tile back to it or not.
  useEffect(() => {
    const hls = handleRef.current?.hls;
    if (hls) applyEdge(hls);
  }, [followEdge, main]);

  // A dropped feed is back: a waiting retry runs now, a tile still stalled is pushed on (tileSourceChanges.ts).
  const feedRef = useRef(feed);
  useEffect(() => {
    const was = feedRef.current;
    feedRef.current = feed;
    const handle = handleRef.current;
    if (feed !== 'live' || was !== 'offline' || !handle?.hls) return undefined;
    return resumeAfterFeedReturn(handle, errorsRef.current, {
      paused: () => latest().paused,
      play: (video) => play(video),
    });
  }, [feed]);

  // The main angle or the layout changed: the tile's levels follow (tileLevels.ts).
  useEffect(() => {
    const hls = handleRef.current?.hls;
    if (hls) applyRole(hls);
  }, [main, visible]);

  useTileSound(videoRef, options);
  return status;
}

/** Plays the tile's video if it is not playing; a browser's refusal of sound without a gesture is told. */
function playVideo(video: HTMLVideoElement, onSoundBlocked: () => void) {
  if (!video.paused) return;
  video.play().catch((err: unknown) => {
    if ((err as Error | null)?.name === 'NotAllowedError' && !video.muted) onSoundBlocked();
  });
}

/** One audible tile; play and pause follow the viewer's choice. */
function useTileSound(
  videoRef: RefObject<HTMLVideoElement | null>,
  { audible, volume, paused, onSoundBlocked }: Pick<Options, 'audible' | 'volume' | 'paused' | 'onSoundBlocked'>,
) {
  const soundBlocked = useEffectEvent(() => onSoundBlocked());
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !audible;
    video.volume = volume;
    if (paused) video.pause();
    else if (video.readyState >= HAVE_CURRENT_DATA) playVideo(video, () => soundBlocked());
  }, [videoRef, audible, volume, paused]);
}
