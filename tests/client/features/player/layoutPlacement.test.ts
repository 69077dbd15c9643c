/** @jest-environment jest-fixed-jsdom */
import { gridShape, placeTiles } from '../../../../src/client/features/player/layoutPlacement';
import { keyBelongsToTarget } from '../../../../src/client/features/player/useShortcuts';

const ANGLES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const shown = (layout: Parameters<typeof placeTiles>[0], tiles: number, main: number) =>
  [...placeTiles(layout, tiles, ANGLES, main)]
    .filter(([, p]) => p.visible)
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([angle]) => angle);

it(
  'places the main angle first in single and main-strip (which shows every angle), and keeps grid cells ' + 'stable',
  () => {
    expect(shown('single', 1, 4)).toEqual([4]);
    expect(shown('main-strip', 4, 4)).toEqual([4, 0, 1, 2, 3, 5, 6, 7, 8, 9]);
    expect(shown('grid-2x2', 4, 2)).toEqual([0, 1, 2, 3]);
    expect(shown('grid-2x2', 4, 7)).toEqual([0, 1, 2, 7]);
    expect(shown('two-up', 2, 0)).toEqual([0, 1]);
    expect(shown('grid-3x3', 9, 9)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 9]);
    // Fewer angles than cells: all of them; an unknown main angle falls back to the first.
    expect([...placeTiles('grid-3x3', 9, [0, 1, 2], 8)].filter(([, p]) => p.visible).map(([a]) => a)).toEqual([
      0, 1, 2,
    ]);
    expect(placeTiles('main-strip', 9, [0, 1, 2], 8).get(0)).toMatchObject({ main: true, spanAll: true });
  },
);

it('keeps three strip tiles a row on phones and the grid within the screen’s height', () => {
  expect(gridShape('main-strip', 10).columns).toEqual({
    xs: 'repeat(3, minmax(0, 1fr))',
    md: 'repeat(9, minmax(0, 1fr))',
  });
  expect(gridShape('two-up', 2).columns).toEqual({ xs: 'repeat(1, minmax(0, 1fr))', sm: 'repeat(2, minmax(0, 1fr))' });
  expect(gridShape('grid-3x3', 9).ratio).toBeCloseTo(16 / 9);
});

it('leaves keys to text fields and to the controls that use them', () => {
  const key = (target: Element, k: string) => {
    const event = new KeyboardEvent('keydown', { key: k });
    Object.defineProperty(event, 'target', { value: target });
    return keyBelongsToTarget(event);
  };
  const text = document.createElement('input');
  const range = Object.assign(document.createElement('input'), { type: 'range' });
  const button = document.createElement('button');
  const editable = document.createElement('div');
  editable.setAttribute('contenteditable', 'true');
  expect(key(text, '1')).toBe(true);
  expect(key(editable, 'm')).toBe(true);
  expect(key(document.createElement('textarea'), 'k')).toBe(true);
  expect(key(button, ' ')).toBe(true);
  expect(key(button, 'Enter')).toBe(true);
  expect(key(button, '2')).toBe(false);
  expect(key(range, 'ArrowLeft')).toBe(true);
  expect(key(range, '3')).toBe(false);
  expect(key(document.body, ' ')).toBe(false);
});
