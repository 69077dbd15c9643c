import { useMemo } from 'react';
import type { LayoutConfig, PlayerLayout, StreamConfigData } from '../../../shared/contract/streams';
import { gridShape, placeTiles } from './layoutPlacement';
import { offeredLayouts, tileSources } from './tileSources';

const FALLBACK_LAYOUT: LayoutConfig = { layout: 'single', label: 'Single', tiles: 1 };

/**
 * The stream's tiles as the viewer's layout places them: the angles, the layouts offered, the one in
 * force (the chosen one, else the first offered), where each angle goes and the grid's shape.
 */
export function useTileLayout(config: StreamConfigData, layout: PlayerLayout, main: number) {
  const sources = useMemo(() => tileSources(config), [config]);
  const layouts = useMemo(() => offeredLayouts(config), [config]);
  const chosen = layouts.find((l) => l.layout === layout) ?? layouts[0] ?? FALLBACK_LAYOUT;
  const placements = useMemo(
    () =>
      placeTiles(
        chosen.layout,
        chosen.tiles,
        sources.map((s) => s.angle),
        main,
      ),
    [chosen.layout, chosen.tiles, sources, main],
  );
  const shape = gridShape(chosen.layout, [...placements.values()].filter((p) => p.visible).length);
  return { sources, layouts, chosen, placements, shape };
}
