import { PLAYER } from '../../../shared/constants';
import {
  PLAYER_LAYOUTS,
  type LayoutConfig,
  type PlayerLayout,
  type StreamConfigData,
} from '../../../shared/contract/streams';
import { PROGRAM_ANGLE } from './playerSlice';

/** One tile: an angle (0 = program cut, 1–9 = camera angles, as their keys) and its signed URL. */
export type TileSource = { angle: number; name: string; url: string };

/** The program cut first, then up to nine camera angles (docs/behaviour.md §9 PLAYER.maxStreams). */
export function tileSources(config: StreamConfigData): TileSource[] {
  const angles = config.streamUrls
    .slice(0, PLAYER.maxStreams)
    .map((s, i) => ({ angle: i + 1, name: s.name, url: s.url }));
  return [{ angle: PROGRAM_ANGLE, name: config.Program || 'Program', url: config.programcutUrl }, ...angles];
}

const DEFAULT_LAYOUTS: LayoutConfig[] = [
  { layout: 'main-strip', label: 'Main and strip', tiles: 9 },
  { layout: 'single', label: 'Single', tiles: 1 },
  { layout: 'two-up', label: 'Side by side', tiles: 2 },
  { layout: 'grid-2x2', label: '2 × 2 grid', tiles: 4 },
  { layout: 'grid-3x3', label: '3 × 3 grid', tiles: 9 },
];

/** The layouts the organizer offers, once each, in the contract's order; all of them when none is named. */
export function offeredLayouts(config: StreamConfigData): LayoutConfig[] {
  const named = config.layoutConfigs.length > 0 ? config.layoutConfigs : DEFAULT_LAYOUTS;
  return PLAYER_LAYOUTS.map((layout) => named.find((l) => l.layout === layout)).filter(
    (l): l is LayoutConfig => l !== undefined,
  );
}

/** The layout a player opens in: main with a strip when offered (it shows every angle), else the first. */
export function defaultLayout(layouts: LayoutConfig[]): PlayerLayout {
  return layouts.find((l) => l.layout === 'main-strip')?.layout ?? layouts[0]?.layout ?? 'single';
}
