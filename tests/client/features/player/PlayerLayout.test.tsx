import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ANGLES,
  audibleAngles,
  FakeHls,
  fakeStreams,
  FREE_VOD,
  liveInstances,
  playerTestApp,
  tileOf,
  videoOf,
  videos,
} from './playerHelpers';

jest.mock('hls.js', () => require('./fakeHls'));
jest.mock('../../../../src/client/features/player/hlsWorkerPath', () => ({
  hlsWorkerPath: 'http://localhost/assets/hls.worker.js',
}));

/** Layouts, angles and sound: placement is CSS only, one angle is heard, keys and clicks promote. */

const player = playerTestApp();
beforeEach(() => {
  fakeStreams();
});
const openPlayer = () => player.open();

const shown = () =>
  videos()
    .map((v) => v.closest<HTMLElement>('[data-angle]')!)
    .filter((t) => t.style.display !== 'none' && getComputedStyle(t).display !== 'none');
const shownAngles = () =>
  shown()
    .sort((a, b) => Number(getComputedStyle(a).order) - Number(getComputedStyle(b).order))
    .map((t) => Number(t.dataset.angle));
const press = (key: string) => fireEvent.keyDown(document.body, { key });

it(
  'names every tile, opens on the program cut with a strip, and switches layouts without a new hls.js instance ' +
    'or load',
  async () => {
    const user = userEvent.setup();
    await openPlayer();
    expect(videos()).toHaveLength(10);
    expect(screen.getByRole('heading', { level: 1, name: FREE_VOD.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to event' })).toHaveAttribute('href', `/events/${FREE_VOD.path}`);
    for (const name of ['Program', ...ANGLES]) {
      expect(screen.getByLabelText(name, { selector: 'video' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Watch ${name}` })).toBeInTheDocument();
    }
    expect(player.store.getState().player).toMatchObject({ layout: 'main-strip', main: 0 });
    expect(shownAngles()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const hls of liveInstances())
      expect(hls.config).toMatchObject({
        capLevelToPlayerSize: true,
        maxBufferLength: 8,
        maxMaxBufferLength: 20,
        backBufferLength: 6,
      });
    // One worker file, which hls.js shares between the tiles (its ES module build has none of its own).
    expect(new Set(liveInstances().map((h) => h.config.workerPath))).toEqual(
      new Set(['http://localhost/assets/hls.worker.js']),
    );

    const layouts = within(screen.getByRole('group', { name: 'Layout' }));
    const loads = () => FakeHls.instances.reduce((n, h) => n + h.loadSource.mock.calls.length, 0);
    const before = { instances: FakeHls.instances.length, loads: loads(), videos: videos() };

    await user.click(layouts.getByRole('button', { name: 'Single' }));
    expect(shownAngles()).toEqual([0]);
    await user.click(layouts.getByRole('button', { name: '2 × 2 grid' }));
    expect(shownAngles()).toEqual([0, 1, 2, 3]);
    expect(layouts.getByRole('button', { name: '2 × 2 grid' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(layouts.getByRole('button', { name: 'Side by side' }));
    expect(shownAngles()).toEqual([0, 1]);
    await user.click(layouts.getByRole('button', { name: '3 × 3 grid' }));
    expect(shownAngles()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);

    // A main angle outside the grid takes its last cell; in the strip layout it comes first.
    press('9');
    expect(shownAngles()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 9]);
    await user.click(layouts.getByRole('button', { name: 'Main and strip' }));
    expect(shownAngles()).toEqual([9, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(tileOf(9)).toHaveAttribute('data-main', 'true');

    expect(FakeHls.instances).toHaveLength(before.instances);
    expect(loads()).toBe(before.loads);
    expect(liveInstances()).toHaveLength(10);
    // The very same video elements, never remounted.
    expect(videos()).toHaveLength(10);
    videos().forEach((v, i) => expect(v).toBe(before.videos[i]));
  },
);

it('keys 1–9 and 0 promote an angle and make it the only one heard; M mutes; a click promotes', async () => {
  const user = userEvent.setup();
  await openPlayer();
  // Autoplay starts muted: nothing is heard until the viewer chooses.
  expect(audibleAngles()).toEqual([]);
  for (const key of ['3', '1', '9', '0', 'p', '5']) {
    press(key);
    const angle = key === 'p' ? 0 : Number(key);
    expect(player.store.getState().player.main).toBe(angle);
    expect(audibleAngles()).toEqual([angle]);
    expect(tileOf(angle)).toHaveAttribute('data-main', 'true');
    expect(
      screen.getByRole('button', { name: `Watch ${angle === 0 ? 'Program' : ANGLES[angle - 1]}` }),
    ).toHaveAttribute('aria-pressed', 'true');
  }
  press('m');
  expect(audibleAngles()).toEqual([]);
  expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
  press('m');
  expect(audibleAngles()).toEqual([5]);

  await user.click(screen.getByRole('button', { name: 'Watch Drums' }));
  expect(player.store.getState().player.main).toBe(3);
  expect(audibleAngles()).toEqual([3]);
  expect(FakeHls.instances).toHaveLength(10);
});

it('the volume slider and mute button act on the heard angle only', async () => {
  const user = userEvent.setup();
  await openPlayer();
  press('2');
  const slider = screen.getByRole('slider', { name: 'Volume' });
  fireEvent.change(slider, { target: { value: 40 } });
  expect(videoOf(2).volume).toBeCloseTo(0.4);
  expect(audibleAngles()).toEqual([2]);
  await user.click(screen.getByRole('button', { name: 'Mute' }));
  expect(audibleAngles()).toEqual([]);
  expect(slider).toHaveValue('0');
  await user.click(screen.getByRole('button', { name: 'Unmute' }));
  expect(audibleAngles()).toEqual([2]);
});

it(
  'Space and K pause and play every angle; keys are left alone in text inputs and on buttons that use ' + 'them',
  async () => {
    const pause = jest.mocked(HTMLMediaElement.prototype.pause);
    const play = jest.mocked(HTMLMediaElement.prototype.play);
    await openPlayer();
    videos().forEach((v) => Object.defineProperty(v, 'readyState', { configurable: true, value: 4 }));
    pause.mockClear();
    press(' ');
    expect(player.store.getState().player.paused).toBe(true);
    expect(pause).toHaveBeenCalledTimes(10);
    videos().forEach((v) => Object.defineProperty(v, 'paused', { configurable: true, value: true }));
    play.mockClear();
    press('k');
    expect(player.store.getState().player.paused).toBe(false);
    expect(play).toHaveBeenCalledTimes(10);

    const input = document.createElement('input');
    document.body.append(input);
    try {
      input.focus();
      const before = player.store.getState().player;
      for (const key of ['3', 'p', ' ', 'k', 'm', 'f', '?']) {
        fireEvent.keyDown(input, { key });
        expect(player.store.getState().player).toBe(before);
      }
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      input.remove();
    }
    // Space on a focused button presses that button, not play/pause; digits still work there.
    const layoutButton = screen.getByRole('button', { name: 'Single' });
    fireEvent.keyDown(layoutButton, { key: ' ' });
    expect(player.store.getState().player.paused).toBe(false);
    fireEvent.keyDown(layoutButton, { key: '4' });
    expect(player.store.getState().player.main).toBe(4);
    // Ctrl and Meta combinations are the browser's.
    fireEvent.keyDown(document.body, { key: '7', ctrlKey: true });
    expect(player.store.getState().player.main).toBe(4);
  },
);

it('lists the shortcuts in a dialog, from its button or ?', async () => {
  const user = userEvent.setup();
  await openPlayer();
  await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
  const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
  expect(within(dialog).getByText('0 or P')).toBeInTheDocument();
  // Keys typed while the dialog is open are not the player's.
  fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Close' }), { key: '3' });
  expect(player.store.getState().player.main).toBe(0);
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await act(async () => {
    press('?');
  });
  expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
});

it('shows the main angle’s quality, politely, from the level hls.js switched to', async () => {
  await openPlayer();
  const main = liveInstances().find((h) => h.media === videoOf(0))!;
  act(() => main.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 1 }));
  expect(screen.getByText('360p').closest('[role="status"]')).toHaveTextContent('Quality 360p');
  const other = liveInstances().find((h) => h.media === videoOf(4))!;
  act(() => other.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 2 }));
  expect(screen.queryByText('720p')).not.toBeInTheDocument();
  press('4');
  expect(screen.getByText('720p')).toBeInTheDocument();
});

it('labels the picture’s real height, not the height its level advertises', async () => {
  await openPlayer();
  const video = videoOf(0);
  const main = liveInstances().find((h) => h.media === video)!;
  // A 180p feed packaged before its size was known: its level says 720p.
  act(() => main.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 2 }));
  expect(screen.getByText('720p')).toBeInTheDocument();
  Object.defineProperty(video, 'videoHeight', { configurable: true, value: 180 });
  act(() => {
    video.dispatchEvent(new Event('resize'));
  });
  expect(screen.getByText('180p').closest('[role="status"]')).toHaveTextContent('Quality 180p');
  expect(screen.queryByText('720p')).not.toBeInTheDocument();
  // Switching level again keeps saying what is on screen until the new picture arrives.
  act(() => main.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 1 }));
  expect(screen.getByText('180p')).toBeInTheDocument();
});

it('exposes read-only, serializable diagnostics without URLs or tokens, and marks each tile’s state', async () => {
  await openPlayer();
  const video = videoOf(2);
  Object.defineProperties(video, {
    paused: { configurable: true, value: false },
    readyState: { configurable: true, value: 4 },
  });
  video.currentTime = 12.5;
  const hls = liveInstances().find((h) => h.media === video)!;
  hls.playingDate = new Date('2026-05-01T20:00:12.500Z');
  act(() => {
    hls.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 0 });
    hls.currentLevel = 0;
    video.dispatchEvent(new Event('playing'));
  });
  expect(tileOf(2)).toHaveAttribute('data-state', 'playing');
  expect(tileOf(3)).toHaveAttribute('data-state', 'loading');
  press('2');
  const snapshot = window.__allaccessPlayer!;
  expect(snapshot).toMatchObject({ main: 2, layout: 'main-strip', mode: 'vod' });
  expect(snapshot.tiles.map((t) => t.name)).toEqual(['Program', ...ANGLES]);
  expect(snapshot.tiles[2]).toEqual({
    angle: 2,
    name: 'Stage Right',
    state: 'playing',
    playing: true,
    playingDate: Date.parse('2026-05-01T20:00:12.500Z'),
    currentTime: 12.5,
    height: 180,
    readyState: 4,
  });
  expect(snapshot.tiles[3]).toMatchObject({ state: 'loading', playing: false, playingDate: null, height: null });
  const text = JSON.stringify(snapshot);
  expect(JSON.parse(text)).toEqual(snapshot);
  expect(text).not.toMatch(/http|\/media\/|Bearer|eyJ/);
  const descriptor = Object.getOwnPropertyDescriptor(window, '__allaccessPlayer');
  expect(descriptor).toMatchObject({ set: undefined, enumerable: false });
});
