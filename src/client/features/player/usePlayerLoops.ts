import { useEffect, useEffectEvent } from 'react';
import type { LayoutConfig, PlayerLayout } from '../../../shared/contract/streams';
import { useAppDispatch } from '../../lib/hooks';
import { playerClosed, playerOpened } from './playerSlice';
import { syncTiles, SYNC_INTERVAL_MS, type SyncOptions } from './syncTiles';
import type { TileDiagnostics, TileRegistry } from './tileRegistry';
import { defaultLayout } from './tileSources';

/** What `window.__allaccessPlayer` answers: read-only, serializable, no URLs or tokens. */
export type PlayerDiagnostics = { main: number; layout: PlayerLayout; mode: 'live' | 'vod'; tiles: TileDiagnostics[] };

declare global {
  interface Window {
    __allaccessPlayer?: PlayerDiagnostics;
  }
}

type Now = { main: number; layout: PlayerLayout; mode: 'live' | 'vod'; layouts: LayoutConfig[]; sync: SyncOptions };

/**
 * The player's life outside React's renders: its state starts fresh and is dropped on leave, the
 * sync loop keeps the angles on the main one's clock, and browser tests and the benchmark read the
 * diagnostics from `window.__allaccessPlayer`. Everything stops when the player unmounts.
 */
export function usePlayerLoops(registry: TileRegistry, now: Now) {
  const dispatch = useAppDispatch();
  const opened = useEffectEvent(() => dispatch(playerOpened({ layout: defaultLayout(now.layouts) })));
  const sync = useEffectEvent(() => syncTiles(registry.all(), now.main, now.sync));
  // hls.js turns the main angle's speed up and down (up to four times a second) as it keeps its
  // distance from the live edge: the other angles follow at once, not up to a sync period later, which
  // at 5 % put them 25 ms apart before the loop saw it.
  const followMainSpeed = useEffectEvent((target: EventTarget | null) => {
    if (target && registry.get(now.main)?.video === target) sync();
  });
  const diagnostics = useEffectEvent((): PlayerDiagnostics => ({
    main: now.main,
    layout: now.layout,
    mode: now.mode,
    tiles: registry.diagnostics(),
  }));

  useEffect(() => {
    opened();
    return () => {
      dispatch(playerClosed());
    };
  }, [dispatch]);

  useEffect(() => {
    const timer = setInterval(() => sync(), SYNC_INTERVAL_MS);
    // Media events do not bubble: heard on the way down instead.
    const onRateChange = (event: Event) => followMainSpeed(event.target);
    document.addEventListener('ratechange', onRateChange, true);
    Object.defineProperty(window, '__allaccessPlayer', {
      configurable: true,
      enumerable: false,
      get: () => diagnostics(),
    });
    return () => {
      clearInterval(timer);
      document.removeEventListener('ratechange', onRateChange, true);
      delete window.__allaccessPlayer;
    };
  }, []);
}
