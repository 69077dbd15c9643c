import type Hls from 'hls.js';
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { hlsConfigFor } from './hlsConfig';
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
};

const HAVE_CURRENT_DATA = 2;

/**
 * One hls.js instance for the tile's <video>, for as long as the tile is mounted: a new URL (a fresh
 * config) is loaded into the same instance at the same position. Unmounting destroys the instance
 * (its worker, buffers and listeners) and empties the video.
 */
export function useHlsTile(videoRef: RefObject<HTMLVideoElement | null>, options: Options): TileStatus {
  const [status, setStatus] = useState<TileStatus>({ state: 'loading', message: null });
  const handleRef = useRef<(TileHandle & { url: string }) | null>(null);
  const { angle, url, live, registry, audible, volume, paused, main, visible } = options;
  const roleRef = useRef<TileRole | null>(null);
  const cancelUpgrade = useRef<() => void>(() => undefined);

  const latest = useEffectEvent(() => options);
  const expired = useEffectEvent((failed: string): boolean => options.onExpired(failed));
  const levelSwitched = useEffectEvent((height: number | null) => options.onLevel(angle, height));
  const applyRole = useEffectEvent((hls: Hls) => {
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
    if (!video) return undefined;
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

    const listeners: Record<string, () => void> = {
      playing: () => {
        errors?.played();
        show('playing');
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
        const hls = new HlsClass({ ...hlsConfigFor(latest().main), workerPath });
        handle.hls = hls;
        const handler = tileErrorHandler(hls, HlsClass.ErrorTypes, { url: () => handle.url, expired, show });
        errors = handler;
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
      registry.remove(handle);
      handleRef.current = null;
      handle.hls?.destroy();
      handle.hls = null;
      for (const [name, listener] of Object.entries(listeners)) video.removeEventListener(name, listener);
      video.removeAttribute('src');
      video.load();
    };
  }, [videoRef, registry, angle]);

  // A fresh config: the same instance loads the new URL where the tile was (live: at the live edge).
  useEffect(() => {
    const handle = handleRef.current;
    if (!handle || handle.url === url) return;
    handle.url = url;
    const { hls, video } = handle;
    if (!hls) {
      if (video.getAttribute('src')) video.src = url;
      return;
    }
    hls.config.startPosition = live ? -1 : video.currentTime;
    hls.loadSource(url);
  }, [url, live]);

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
