import type { PlayerLayout } from '../../../shared/contract/streams';

/** Where one tile goes: shown or not, its place in the grid, and whether it is the main angle. */
export type Placement = { visible: boolean; order: number; main: boolean; spanAll: boolean };

const GRIDS: PlayerLayout[] = ['two-up', 'grid-2x2', 'grid-3x3'];

/**
 * Places every angle for a layout showing `tiles` at once (main-strip: all of them). Grids keep each angle in its own
 * cell (the
 * main one is marked; when it is not among the first cells it takes the last one); single and
 * main-strip put the main angle first. Tiles are never reordered in the DOM: only CSS `order` and
 * `display` change, so no video is moved or remounted.
 */
export function placeTiles(
  layout: PlayerLayout,
  tiles: number,
  angles: number[],
  main: number,
): Map<number, Placement> {
  // The strip holds every other angle (the "main view with the other angles as a strip").
  const count = layout === 'main-strip' ? angles.length : Math.max(1, Math.min(tiles, angles.length));
  const mainAngle = angles.includes(main) ? main : angles[0];
  let shown: number[];
  if (GRIDS.includes(layout)) {
    shown = angles.slice(0, count);
    if (mainAngle !== undefined && !shown.includes(mainAngle)) shown[count - 1] = mainAngle;
  } else {
    shown = [mainAngle, ...angles.filter((a) => a !== mainAngle)]
      .filter((a): a is number => a !== undefined)
      .slice(0, count);
  }
  const spanMain = layout === 'main-strip' && shown.length > 1;
  return new Map(
    angles.map((angle) => {
      const index = shown.indexOf(angle);
      return [
        angle,
        {
          visible: index >= 0,
          order: index >= 0 ? index : angles.length + angle,
          main: angle === mainAngle,
          spanAll: spanMain && angle === mainAngle,
        },
      ];
    }),
  );
}

const cols = (n: number) => `repeat(${n}, minmax(0, 1fr))`;

/**
 * The grid's columns, and its width/height ratio (tiles are 16:9) so it can be kept within the
 * screen's height. Phones keep at most three strip tiles a row; two-up stacks.
 */
export function gridShape(layout: PlayerLayout, shown: number) {
  const strip = Math.max(0, shown - 1);
  switch (layout) {
    case 'single':
      return { columns: { xs: cols(1) }, ratio: 16 / 9 };
    case 'two-up':
      return { columns: { xs: cols(1), sm: cols(Math.min(2, shown)) }, ratio: (16 / 9) * Math.min(2, shown) };
    case 'grid-2x2':
      return { columns: { xs: cols(2) }, ratio: 16 / 9 };
    case 'grid-3x3':
      return { columns: { xs: cols(3) }, ratio: 16 / 9 };
    case 'main-strip':
      return strip === 0
        ? { columns: { xs: cols(1) }, ratio: 16 / 9 }
        : { columns: { xs: cols(Math.min(3, strip)), md: cols(strip) }, ratio: 16 / 9 / (1 + 1 / strip) };
  }
}
