import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  LIVE_ANGLE_MAX,
  LIVE_COPY,
  type LiveFeedState,
  type LiveStateData,
} from '../../../../src/shared/contract/live';
import { eventually } from '../../../utils/clientApp';
import { FakeHls, fakeStreams, liveInstances, mediaUrl, playerTestApp, tileOf, videoOf, videos } from './playerHelpers';

jest.mock('hls.js', () => require('./fakeHls'));
jest.mock('../../../../src/client/features/player/hlsWorkerPath', () => ({
  hlsWorkerPath: 'http://localhost/assets/hls.worker.js',
}));

/**
 * A show from an encoder (contract live.ts): the player follows each feed's state, polled every
 * second, and plays close to the live edge with a seek bar; the simulated live plays as before.
 */

const player = playerTestApp();
const ANGLES = Array.from({ length: LIVE_ANGLE_MAX + 1 }, (_, angle) => angle);

/** The live state of a show from an encoder: every feed live unless `feeds` says otherwise. */
function show(state: LiveStateData['show'], feeds: Record<number, LiveFeedState> = {}): LiveStateData {
  return {
    ingest: true,
    show: state,
    angles: ANGLES.map((angle) => ({ angle, state: feeds[angle] ?? (state === 'waiting' ? 'waiting' : 'live') })),
  };
}

const instanceOf = (angle: number) => liveInstances().find((h) => h.media === videoOf(angle))!;
const region = () => screen.getByRole('region', { name: 'Camera angles' });
/** The player's own message over the angles (not a tile's). */
const playerStatus = () =>
  within(region())
    .queryAllByRole('status')
    .find((s) => !s.closest('[data-angle]')) ?? null;
const tileStatus = (angle: number) => within(tileOf(angle)).queryByRole('status');
const loadedAngles = () =>
  liveInstances()
    .filter((h) => h.loadSource.mock.calls.length > 0)
    .map((h) => Number(h.media!.closest<HTMLElement>('[data-angle]')!.dataset.angle))
    .sort((a, b) => a - b);

it('a show waiting for its feeds says it is starting soon and loads nothing; it begins by itself', async () => {
  const streams = fakeStreams({ mode: 'live', live: show('waiting') });
  await player.open(undefined, 0);
  expect(await screen.findByText(LIVE_COPY.startingSoon, {}, { timeout: 10_000 })).toHaveAttribute('role', 'status');
  // Two more polls: still nothing loads.
  await eventually(() => expect(streams.made('GET', /^\/v1\/live\//).length).toBeGreaterThanOrEqual(3), 5000);
  expect(FakeHls.instances).toHaveLength(0);
  expect(videos()).toHaveLength(10);

  streams.setLive(show('live'));
  await eventually(() => expect(loadedAngles()).toEqual(ANGLES), 5000);
  await waitFor(() => expect(screen.queryByText(LIVE_COPY.startingSoon)).not.toBeInTheDocument());
  // Played close to the edge; only the main angle catches up by speed.
  expect(instanceOf(0).config).toMatchObject({
    lowLatencyMode: true,
    liveSyncDuration: 1.5,
    liveMaxLatencyDuration: 5,
    maxLiveSyncPlaybackRate: 1.05,
  });
  expect(instanceOf(4).config).toMatchObject({ lowLatencyMode: true, maxLiveSyncPlaybackRate: 1 });
  expect(streams.made('GET', /streamconfig/)).toHaveLength(1);
});

it('a camera whose feed has not come or dropped says so on its tile; the others play on', async () => {
  const streams = fakeStreams({ mode: 'live', live: show('live', { 3: 'waiting', 5: 'offline' }) });
  await player.open(undefined, 9);
  expect(tileStatus(3)).toHaveTextContent(LIVE_COPY.cameraOffline);
  expect(tileStatus(5)).toHaveTextContent(LIVE_COPY.cameraOffline);
  // The feed that never came is not loaded; the one that dropped keeps its instance (it reloads).
  expect(loadedAngles()).toEqual(ANGLES.filter((a) => a !== 3));
  for (const a of [0, 1, 2, 4, 6, 7, 8, 9]) expect(tileStatus(a)).not.toBeInTheDocument();
  expect(playerStatus()).toBeNull();
  // An offline tile shows its notice, not a stale frame of its last picture.
  expect(getComputedStyle(videoOf(5)).visibility).toBe('hidden');
  expect(getComputedStyle(videoOf(4)).visibility).toBe('visible');

  streams.setLive(show('live', { 5: 'offline' }));
  await eventually(() => expect(loadedAngles()).toEqual(ANGLES), 5000);
  await waitFor(() => expect(tileStatus(3)).not.toBeInTheDocument());
  expect(tileStatus(5)).toHaveTextContent(LIVE_COPY.cameraOffline);
});

it(
  'the main angle’s feed dropping says we will be right back; when it returns the tile resumes by ' +
    'itself, even after fatal errors in the gap',
  async () => {
    const streams = fakeStreams({ mode: 'live', live: show('live') });
    await player.open();
    const main = instanceOf(0);
    streams.setLive(show('live', { 0: 'offline' }));
    await eventually(() => expect(playerStatus()).toHaveTextContent(LIVE_COPY.rightBack), 5000);
    // The player's message says it: the main tile itself adds nothing; the other tiles play on.
    expect(tileStatus(0)).not.toBeInTheDocument();
    expect(tileStatus(1)).not.toBeInTheDocument();

    // hls.js gives up on the playlist during the gap: the tile retries (and still shows the feed's state).
    act(() =>
      main.emit(FakeHls.Events.ERROR, {
        fatal: true,
        type: 'networkError',
        details: 'levelLoadError',
        response: { code: 0, text: '' },
      }),
    );
    expect(playerStatus()).toHaveTextContent(LIVE_COPY.rightBack);
    const loads = main.startLoad.mock.calls.length;
    main.liveSyncPosition = 200;
    videoOf(0).currentTime = 150;

    streams.setLive(show('live'));
    await waitFor(() => expect(playerStatus()).toBeNull(), { timeout: 5000 });
    // The retry waiting for its turn runs at once…
    expect(main.startLoad.mock.calls.length).toBeGreaterThan(loads);
    // …and a tile still stalled a moment later goes on from the live edge, in the same instance, no reload.
    await eventually(() => expect(videoOf(0).currentTime).toBe(200), 5000);
    expect(main.startLoad.mock.calls.length).toBeGreaterThan(loads + 1);
    expect(main.loadSource).toHaveBeenCalledTimes(1);
    expect(liveInstances()).toHaveLength(10);
  },
);

it('a show that ended fetches the config again and turns to its replay from the start, without reloading the angles', async () => {
  const streams = fakeStreams({ mode: 'live', live: show('live'), sameFolders: true });
  await player.open();
  expect(screen.getByRole('slider', { name: 'Position in the show' })).toBeInTheDocument();
  videos().forEach((v) => {
    v.currentTime = 64;
  });

  streams.setMode('vod');
  streams.setLive(show('ended'));
  await eventually(() => expect(streams.made('GET', /streamconfig/)).toHaveLength(2), 5000);
  await waitFor(() => expect(screen.queryByRole('button', { name: LIVE_COPY.live })).not.toBeInTheDocument());
  // The replay's own seek bar: the whole show, no 'Live' on it.
  const replayBar = screen.getByRole('slider', { name: 'Position in the show' });
  expect(replayBar.getAttribute('aria-valuetext') ?? '').not.toContain(LIVE_COPY.live);
  expect(screen.queryByText('LIVE')).not.toBeInTheDocument();
  // The playlists become the replay by themselves: nothing reloads, polling stops. While hls.js still
  // follows a live edge nothing moves (it would pull a tile back); once every playlist has ended, every
  // angle goes together to the start of the show (a player opened after the end starts there too).
  expect(liveInstances().every((h) => h.loadSource.mock.calls.length === 1)).toBe(true);
  await act(() => new Promise((r) => setTimeout(r, 600)));
  expect(videos().every((v) => v.currentTime === 64)).toBe(true);
  for (const h of liveInstances()) (h.levels[0] as { details?: { live: boolean } }).details = { live: false };
  await eventually(() => expect(videos().map((v) => v.currentTime)).toEqual(videos().map(() => 0)), 5000);
  const polls = streams.made('GET', /^\/v1\/live\//).length;
  await act(() => new Promise((r) => setTimeout(r, 1500)));
  expect(streams.made('GET', /^\/v1\/live\//)).toHaveLength(polls);

  // The fresh config named the same playlists under a new grant: the tile's next requests go under
  // it (hls.js xhrSetup), on the same instance, without a reload or another config.
  const xhrSetup = instanceOf(2).config.xhrSetup as (xhr: { open: jest.Mock }, url: string) => void;
  const xhr = { open: jest.fn() };
  xhrSetup(xhr, mediaUrl(1, 'angle-2', true).replace(/index\.m3u8$/, 'v270_003.ts'));
  expect(xhr.open).toHaveBeenCalledWith(
    'GET',
    mediaUrl(2, 'angle-2', true).replace(/index\.m3u8$/, 'v270_003.ts'),
    true,
  );
  expect(instanceOf(2).loadSource).toHaveBeenCalledTimes(1);
  expect(streams.made('GET', /streamconfig/)).toHaveLength(2);
});

it('the replay has a seek bar over the whole show: every angle goes to the same moment', async () => {
  fakeStreams({ mode: 'vod' });
  await player.open();
  videos().forEach((v) => {
    Object.defineProperty(v, 'seekable', { configurable: true, value: { length: 1, start: () => 0, end: () => 3720 } });
    v.currentTime = 64;
  });
  const seekBar = await screen.findByRole('slider', { name: 'Position in the show' });
  await waitFor(() => expect(seekBar).toHaveAttribute('aria-valuetext', '1:04 of 1:02:00'));
  expect(screen.getByText('1:04 of 1:02:00')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: LIVE_COPY.live })).not.toBeInTheDocument();
  // Keys: End goes to the end of the show, every angle along.
  const user = userEvent.setup();
  act(() => seekBar.focus());
  await user.keyboard('{PageDown}');
  expect(videos().every((v) => v.currentTime === 54)).toBe(true);
  await user.keyboard('{End}');
  expect(videos().every((v) => v.currentTime === 3720)).toBe(true);
  await waitFor(() => expect(seekBar).toHaveAttribute('aria-valuetext', '1:02:00 of 1:02:00'));
});

it('behind the live edge says how far; the seek bar moves every angle to the same moment; Live returns', async () => {
  fakeStreams({ mode: 'live', live: show('live') });
  await player.open();
  const base = Date.UTC(2030, 0, 1, 20, 0, 0);
  liveInstances().forEach((h) => {
    h.liveSyncPosition = 100;
  });
  videos().forEach((v) => {
    v.currentTime = 100;
  });
  // Angle 1's feed started 60 s later than the program cut: the same moment is 60 s earlier in its media.
  instanceOf(0).playingDate = new Date(base);
  instanceOf(1).playingDate = new Date(base);
  videoOf(1).currentTime = 40;

  const seekBar = await screen.findByRole('slider', { name: 'Position in the show' });
  await waitFor(() => expect(seekBar).toHaveAttribute('aria-valuenow', '100'));
  expect(seekBar).toHaveAttribute('aria-valuetext', LIVE_COPY.live);
  expect(seekBar).toHaveAttribute('aria-valuemax', '100');
  expect(screen.queryByText(/behind live/)).not.toBeInTheDocument();

  // Keys: Page Down goes ten seconds back.
  const user = userEvent.setup();
  act(() => seekBar.focus());
  await user.keyboard('{PageDown}');
  expect(videoOf(0).currentTime).toBe(90);
  expect(videoOf(1).currentTime).toBe(30);
  expect(videoOf(5).currentTime).toBe(90);
  expect(await screen.findByText(LIVE_COPY.behindLive(10))).toBeInTheDocument();
  expect(seekBar).toHaveAttribute('aria-valuetext', LIVE_COPY.behindLive(10));
  // Watching behind live on purpose: hls.js no longer pulls the angles back to the edge.
  expect(player.store.getState().player.behindLive).toBe(true);
  expect(liveInstances().every((h) => h.config.liveMaxLatencyDuration === Infinity)).toBe(true);

  // The playhead falls further behind by itself (a stall): the text follows.
  videoOf(0).currentTime = 80;
  expect(await screen.findByText(LIVE_COPY.behindLive(20))).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: LIVE_COPY.live }));
  expect(videos().every((v) => v.currentTime === 100)).toBe(true);
  await waitFor(() => expect(screen.queryByText(/behind live/)).not.toBeInTheDocument());
  expect(player.store.getState().player.behindLive).toBe(false);
  expect(liveInstances().every((h) => h.config.liveMaxLatencyDuration === 5)).toBe(true);
});

it.each([
  ['answers that the show has no ingest', { ingest: false, show: 'live', angles: [] } as LiveStateData],
  ['cannot be fetched', 404],
])('a live stream whose live state %s plays as before', async (_name, live) => {
  const streams = fakeStreams({ mode: 'live', live });
  await player.open();
  expect(loadedAngles()).toEqual(ANGLES);
  expect(screen.getByText('LIVE')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Go to live' })).toBeInTheDocument();
  expect(screen.queryByRole('slider', { name: 'Position in the show' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: LIVE_COPY.live })).not.toBeInTheDocument();
  expect(within(region()).queryAllByRole('status')).toEqual([]);
  expect(liveInstances().every((h) => h.config.lowLatencyMode === undefined)).toBe(true);
  expect(streams.made('GET', /^\/v1\/live\//).length).toBeGreaterThanOrEqual(1);
});
