import type Hls from 'hls.js';

export type TileRole = { main: boolean; visible: boolean };

/** The calls of hls.js that a role change makes (a subset of Hls, so tests can hand a fake). */
type LevelControls = Pick<Hls, 'levels' | 'autoLevelCapping' | 'autoLevelEnabled' | 'currentLevel' | 'maxAutoLevel'> & {
  nextLevel: number;
};

/**
 * What a tile's change of role asks of its hls.js instance, on top of `capLevelToPlayerSize` (which
 * follows the tile's size as it is laid out):
 * - hidden (another layout): the lowest rung. A hidden video has no size, so hls.js keeps the cap
 *   it had: an old main angle hidden by the single layout would go on loading its top rung unseen.
 *   When it is shown again its size sets the cap afresh.
 * - made main: once the layout has grown it (`afterLayout`), if the rung it plays is under what its
 *   new size allows, the buffer ahead is dropped and the next segment is chosen again (still
 *   automatic, by bandwidth): the viewer sees the upgrade within a segment, not after 8 s of buffer.
 * A tile that stops being main shrinks, and its size lowers its cap: what it has buffered plays out.
 */
export function applyTileRole(
  hls: LevelControls,
  role: TileRole,
  was: TileRole | null,
  afterLayout: (run: () => void) => void,
): void {
  if (hls.levels.length < 2) return;
  if (!role.visible) {
    hls.autoLevelCapping = 0;
    return;
  }
  if (role.main && was && !was.main) {
    afterLayout(() => {
      if (hls.autoLevelEnabled && hls.currentLevel >= 0 && hls.currentLevel < hls.maxAutoLevel) hls.nextLevel = -1;
    });
  }
}

/** Two animation frames: the layout and hls.js's resize observer (which sets the cap) have run. */
export const afterNextLayout = (run: () => void): (() => void) => {
  let id = requestAnimationFrame(() => {
    id = requestAnimationFrame(run);
  });
  return () => cancelAnimationFrame(id);
};
