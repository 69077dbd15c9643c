import type Hls from 'hls.js';
import { faultRidingConfig, faultRungDrop, hlsDefaultsForTest } from './faultRiding';
import { hlsConfigFor } from './hlsConfig';
import { PLAYER_COPY } from './playerCopy';
import { renewedMediaUrl } from './signedMediaUrl';
import { tileErrorHandler } from './tileErrors';
import type { TileHandle, TileRegistry, TileState } from './tileRegistry';

/** A tile as useHlsTile keeps it: the registry's handle and the URL it plays now. */
export type UrlTileHandle = TileHandle & { url: string };
export type TileErrors = ReturnType<typeof tileErrorHandler>;

type Wiring = {
  /** False once the tile was unmounted while hls.js was still loading. */
  alive: () => boolean;
  main: boolean;
  liveEdge: boolean;
  show: (state: TileState, message?: string | null) => void;
  /** The tile's signed URL was refused: true while a fresh config is coming for it. */
  expired: (url: string) => boolean;
  /** The instance exists (handle.hls is set), before anything is loaded. */
  created: (hls: Hls) => void;
  /** Its errors' handler, which the tile keeps to retry or stop it. */
  handlingErrors: (errors: TileErrors) => void;
  manifestParsed: (hls: Hls) => void;
  levelSwitched: (height: number | null) => void;
};

/**
 * Loads hls.js (a chunk of its own) and plays the tile's URL through it into `video`: the per-tile
 * settings (hlsConfig.ts), fault riding (faultRiding.ts), every request under the newest grant
 * (signedMediaUrl.ts) and the tile's error handling (tileErrors.ts). Where hls.js cannot run, the
 * browser's own HLS plays the URL, or the tile says it cannot play.
 */
export function loadTileHls(
  video: HTMLVideoElement,
  handle: UrlTileHandle,
  registry: TileRegistry,
  wiring: Wiring,
): void {
  void import(/* webpackChunkName: "hls" */ './loadHls').then(
    ({ loadedHls: { Hls: HlsClass, workerPath } }) => {
      if (!wiring.alive()) return;
      if (!HlsClass.isSupported()) {
        // Safari on older iPhones plays HLS itself (no program date-time sync there).
        if (video.canPlayType('application/vnd.apple.mpegurl')) video.src = handle.url;
        else wiring.show('error', PLAYER_COPY.cannotPlay);
        return;
      }
      const ridesFaults = !hlsDefaultsForTest();
      const hls = new HlsClass({
        ...hlsConfigFor(wiring.main, wiring.liveEdge),
        // A segment that fails or hangs is retried at once, a rung lower (faultRiding.ts).
        ...(ridesFaults ? faultRidingConfig(HlsClass.DefaultConfig.loader) : {}),
        workerPath,
        // Every playlist and segment goes under the newest grant of its folder (signedMediaUrl.ts).
        xhrSetup: (xhr, requestUrl) => xhr.open('GET', renewedMediaUrl(requestUrl, handle.url), true),
      });
      handle.hls = hls;
      registry.changed();
      wiring.created(hls);
      const errors = tileErrorHandler(hls, HlsClass.ErrorTypes, {
        url: () => handle.url,
        expired: wiring.expired,
        show: wiring.show,
      });
      wiring.handlingErrors(errors);
      if (ridesFaults) {
        const rungDrop = faultRungDrop(hls, HlsClass.ErrorDetails);
        hls.on(HlsClass.Events.ERROR, (_event, data) => rungDrop.fault(data));
        hls.on(HlsClass.Events.FRAG_LOADING, (_event, data) => rungDrop.loading(data.frag));
        hls.on(HlsClass.Events.DESTROYING, rungDrop.stop);
      }
      hls.on(HlsClass.Events.ERROR, (_event, data) => errors.onError(data));
      hls.on(HlsClass.Events.MANIFEST_PARSED, () => wiring.manifestParsed(hls));
      // The picture on screen when there is one: a level's advertised height can be its nominal rung
      // (a 180p feed packaged before its size was known says 480). The picture's own resize follows.
      hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) =>
        wiring.levelSwitched(video.videoHeight || hls.levels[data.level]?.height || null),
      );
      hls.attachMedia(video);
      hls.loadSource(handle.url);
    },
    () => wiring.show('error', PLAYER_COPY.cannotPlay),
  );
}
