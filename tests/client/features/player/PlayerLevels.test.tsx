import { act, fireEvent, within, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeHls, fakeStreams, liveInstances, playerTestApp, tileOf } from './playerHelpers';

jest.mock('hls.js', () => require('./fakeHls'));
jest.mock('../../../../src/client/features/player/hlsWorkerPath', () => ({
  hlsWorkerPath: 'http://localhost/assets/hls.worker.js',
}));

/**
 * Bandwidth on a phone: each angle is a ladder, tiles take no more than their size shows (hls.js
 * caps to the player size), the main angle takes what the bandwidth allows and is upgraded when it
 * becomes main, and a hidden tile drops to the lowest rung.
 */
const player = playerTestApp();
beforeEach(() => {
  fakeStreams();
});

const hlsOf = (angle: number) => liveInstances().find((h) => h.media === tileOf(angle).querySelector('video'))!;
const press = (key: string) => fireEvent.keyDown(document.body, { key });
/** Every tile's ladder is read (hls.js parsed its multi-variant playlist), each playing `level`. */
function manifestsParsed(level = 0) {
  act(() => {
    for (const hls of liveInstances()) {
      hls.currentLevel = level;
      hls.emit(FakeHls.Events.MANIFEST_PARSED, { levels: hls.levels });
    }
  });
}
const frames = () =>
  act(
    () =>
      new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );

it(
  'the main angle starts by bandwidth, every other tile on the lowest rung; all are capped to their size, at ' +
    'most 2 device pixels per CSS pixel',
  async () => {
    await player.open();
    expect(player.store.getState().player.main).toBe(0);
    expect(hlsOf(0).config).toMatchObject({ startLevel: -1, capLevelToPlayerSize: true, maxDevicePixelRatio: 2 });
    for (const angle of [1, 2, 3, 4, 5, 6, 7, 8, 9])
      expect([angle, hlsOf(angle).config]).toEqual([
        angle,
        expect.objectContaining({ startLevel: 0, capLevelToPlayerSize: true, maxDevicePixelRatio: 2 }),
      ]);
  },
);

it(
  'a tile made main is switched up at once (the buffer ahead dropped, the level still automatic); the old main ' +
    'is left to its size',
  async () => {
    await player.open();
    manifestsParsed(0);
    press('3');
    expect(tileOf(3)).toHaveAttribute('data-main', 'true');
    await frames();
    expect(hlsOf(3).nextLevels).toEqual([-1]);
    expect(hlsOf(0).nextLevels).toEqual([]);
    // Already on the highest rung its size allows: nothing to drop.
    act(() => {
      hlsOf(5).currentLevel = 2;
    });
    press('5');
    await frames();
    expect(hlsOf(5).nextLevels).toEqual([]);
    // Chosen by hand elsewhere (not automatic): left alone.
    act(() => {
      hlsOf(6).autoLevelEnabled = false;
    });
    press('6');
    await frames();
    expect(hlsOf(6).nextLevels).toEqual([]);
    for (const hls of liveInstances()) expect(hls.autoLevelCapping).toBe(-1);
  },
);

it('tiles the layout hides drop to the lowest rung, also after a fresh manifest', async () => {
  const user = userEvent.setup();
  await player.open();
  manifestsParsed(1);
  const layouts = within(screen.getByRole('group', { name: 'Layout' }));
  await user.click(layouts.getByRole('button', { name: 'Single' }));
  expect(hlsOf(0).autoLevelCapping).toBe(-1);
  for (const angle of [1, 2, 3, 4, 5, 6, 7, 8, 9]) expect([angle, hlsOf(angle).autoLevelCapping]).toEqual([angle, 0]);
  // Single layout, another angle: it is shown and switched up, the old main hidden and capped.
  press('4');
  act(() => {
    hlsOf(4).autoLevelCapping = 2; // what hls.js's size cap sets once the tile is laid out, large
  });
  await frames();
  expect(hlsOf(0).autoLevelCapping).toBe(0);
  expect(hlsOf(4).nextLevels).toEqual([-1]);
  // A fresh manifest (a new signed URL) keeps a hidden tile on the lowest rung.
  act(() => {
    hlsOf(7).autoLevelCapping = -1;
    hlsOf(7).emit(FakeHls.Events.MANIFEST_PARSED, {});
  });
  expect(hlsOf(7).autoLevelCapping).toBe(0);
});
