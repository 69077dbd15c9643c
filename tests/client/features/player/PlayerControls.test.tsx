import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeStreams, liveInstances, playerTestApp, videos } from './playerHelpers';

jest.mock('hls.js', () => require('./fakeHls'));
jest.mock('../../../../src/client/features/player/hlsWorkerPath', () => ({
  hlsWorkerPath: 'http://localhost/assets/hls.worker.js',
}));

/** Live badge and 'Go to live', full screen, and what on-demand events leave out. */

const player = playerTestApp();
afterEach(() => {
  delete (document as { fullscreenEnabled?: boolean }).fullscreenEnabled;
  delete (document as { fullscreenElement?: Element | null }).fullscreenElement;
});

async function openPlayer(mode: 'live' | 'vod') {
  fakeStreams({ mode });
  await player.open();
}

it('a live stream shows LIVE, and Go to live (or L) brings every angle to the live edge', async () => {
  await openPlayer('live');
  expect(screen.getByText('LIVE')).toBeInTheDocument();
  liveInstances().forEach((h, i) => {
    h.liveSyncPosition = 120 + i;
  });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Go to live' }));
  expect(liveInstances().map((h) => h.media!.currentTime)).toEqual(liveInstances().map((_h, i) => 120 + i));
  liveInstances().forEach((h) => {
    h.liveSyncPosition = 300;
  });
  fireEvent.keyDown(document.body, { key: ' ' });
  expect(player.store.getState().player.paused).toBe(true);
  fireEvent.keyDown(document.body, { key: 'l' });
  expect(videos().every((v) => v.currentTime === 300)).toBe(true);
  // Going to live plays again.
  expect(player.store.getState().player.paused).toBe(false);
});

it('an on-demand stream has no live badge and ignores L', async () => {
  await openPlayer('vod');
  liveInstances().forEach((h) => {
    h.liveSyncPosition = 50;
  });
  expect(screen.queryByText('LIVE')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Go to live' })).not.toBeInTheDocument();
  fireEvent.keyDown(document.body, { key: 'l' });
  expect(videos().every((v) => v.currentTime === 0)).toBe(true);
});

it('full screen takes the whole player, from its button or F, and is named for what it will do', async () => {
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, writable: true, value: null });
  const enter = jest.fn(function (this: Element) {
    (document as { fullscreenElement: Element | null }).fullscreenElement = this;
    document.dispatchEvent(new Event('fullscreenchange'));
    return Promise.resolve();
  });
  const exit = jest.fn(() => {
    (document as { fullscreenElement: Element | null }).fullscreenElement = null;
    document.dispatchEvent(new Event('fullscreenchange'));
    return Promise.resolve();
  });
  Element.prototype.requestFullscreen = enter;
  document.exitFullscreen = exit;
  try {
    await openPlayer('vod');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enter full screen' }));
    expect(enter).toHaveBeenCalledTimes(1);
    expect(enter.mock.contexts[0]).toContainElement(screen.getByRole('region', { name: 'Camera angles' }));
    expect(screen.getByRole('button', { name: 'Exit full screen' })).toBeInTheDocument();
    act(() => {
      fireEvent.keyDown(document.body, { key: 'f' });
    });
    expect(exit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Enter full screen' })).toBeInTheDocument();
  } finally {
    delete (Element.prototype as { requestFullscreen?: unknown }).requestFullscreen;
    delete (document as { exitFullscreen?: unknown }).exitFullscreen;
  }
});

it('asks every angle to play once its metadata is in, before it can play: hls.js skips a start gap only then', async () => {
  await openPlayer('vod');
  const play = jest.mocked(HTMLMediaElement.prototype.play);
  play.mockClear();
  // A replay whose first frame starts after 0: metadata, but never `canplay` at the playhead.
  act(() => videos().forEach((v) => v.dispatchEvent(new Event('loadedmetadata'))));
  expect(play.mock.contexts).toEqual(videos());
});
