import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { eventually } from '../../../utils/clientApp';
import { FakeHls, fakeStreams, FREE_VOD, liveInstances, playerTestApp, videos, waitForTiles } from './playerHelpers';
import { fakeOnly } from '../../../utils/fakeTimers';

jest.mock('hls.js', () => require('./fakeHls'));
jest.mock('../../../../src/client/features/player/hlsWorkerPath', () => ({
  hlsWorkerPath: 'http://localhost/assets/hls.worker.js',
}));

/** The viewing session (device limit) and teardown: nothing of the player outlives it. */

const player = playerTestApp();
afterEach(() => jest.mocked(Math.random).mockRestore?.());
const openPlayer = () => player.open();

it(
  'leaving destroys every hls.js instance and video and closes the session; coming back starts afresh, with ' +
    'nothing left over',
  async () => {
    const streams = fakeStreams();
    const load = jest.mocked(HTMLMediaElement.prototype.load);
    const app = await openPlayer();
    expect(window.__allaccessPlayer?.tiles).toHaveLength(10);
    const first = [...FakeHls.instances];
    const sessionId = streams.sessions[0];
    const sessionKey = streams.keys[0];
    expect(streams.made('POST', /^\/v1\/viewing-sessions$/)).toHaveLength(1);
    // The session's id in the query, its key in a header (never in the URL).
    expect(streams.made('GET', /streamconfig/)[0]).toMatchObject({
      path: `/v1/admin/asset/streamconfig/${FREE_VOD.path}?session=${sessionId}`,
      sessionKey,
    });
    expect(streams.calls.filter((c) => c.path.includes(sessionKey!))).toEqual([]);
    const playerVideos = videos();
    playerVideos.forEach((v) => v.setAttribute('src', 'blob:media'));
    load.mockClear();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to event' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/events/${FREE_VOD.path}`));
    await waitFor(() => expect(videos()).toHaveLength(0));
    expect(first.every((h) => h.destroy.mock.calls.length === 1)).toBe(true);
    expect(liveInstances()).toHaveLength(0);
    expect(videos()).toHaveLength(0);
    expect(playerVideos.every((v) => !v.hasAttribute('src'))).toBe(true);
    expect(load).toHaveBeenCalledTimes(10);
    expect(window.__allaccessPlayer).toBeUndefined();
    await eventually(() =>
      expect(streams.made('DELETE', /^\/v1\/viewing-sessions\//).map((c) => [c.path, c.sessionKey])).toEqual([
        [`/v1/viewing-sessions/${sessionId}`, sessionKey],
      ]),
    );

    await act(() => app.router.navigate(`/player/${FREE_VOD.path}`));
    await waitForTiles(10);
    expect(FakeHls.instances).toHaveLength(20);
    expect(liveInstances().every((h) => !first.includes(h))).toBe(true);
    expect(videos()).toHaveLength(10);
    expect(streams.sessions).toHaveLength(2);
    expect(player.store.getState().player).toMatchObject({ main: 0, muted: true, paused: false });
  },
);

it(
  'heartbeats on the session’s interval with its key; a 404 opens a new session without a word, and the angles ' +
    'play on with URLs for it',
  async () => {
    fakeOnly('intervals');
    // The draw that spreads a herd's heartbeats (see the next test) at its end where the interval is whole.
    jest.spyOn(Math, 'random').mockReturnValue(0);
    const streams = fakeStreams({ heartbeatSeconds: 15, heartbeatAnswers: [200, 404] });
    await openPlayer();
    const heartbeats = () => streams.made('POST', /\/heartbeat$/).map((c) => [c.path.split('/')[3], c.sessionKey]);
    const first = [streams.sessions[0], streams.keys[0]];

    act(() => jest.advanceTimersByTime(14_000));
    expect(heartbeats()).toEqual([]);
    act(() => jest.advanceTimersByTime(1_000));
    await eventually(() => expect(heartbeats()).toEqual([first]));
    act(() => jest.advanceTimersByTime(15_000));
    await eventually(() => expect(streams.sessions).toHaveLength(2));
    expect(heartbeats()).toEqual([first, first]);
    const second = [streams.sessions[1], streams.keys[1]];
    expect(second[1]).not.toBe(first[1]);
    act(() => jest.advanceTimersByTime(15_000));
    await eventually(() => expect(heartbeats()).toEqual([first, first, second]));
    // A premium event's URLs name their session: a fresh config for the new one, loaded into the same
    // instances where they were. No message.
    await eventually(() =>
      expect(streams.made('GET', /streamconfig/).map((c) => [c.path.split('session=')[1], c.sessionKey])).toEqual([
        first,
        second,
      ]),
    );
    await eventually(() => expect(FakeHls.instances.every((h) => h.loadSource.mock.calls.length === 2)).toBe(true));
    expect(FakeHls.instances.every((h) => String(h.loadSource.mock.calls[1]![0]).includes('/streams/g2-'))).toBe(true);
    expect(liveInstances()).toHaveLength(10);
    expect(FakeHls.instances).toHaveLength(10);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  },
);

it(
  'a stream config saying the session ended (the server let it go) opens a new one without a word, the ' +
    'angles playing on with URLs for it',
  async () => {
    fakeOnly('timeouts');
    jest.spyOn(Math, 'random').mockReturnValue(0);
    // The first config, its renewal answered 'session ended', then the new session's config.
    const streams = fakeStreams({ configAnswers: [200, 'lapsed', 200] });
    await openPlayer();
    const first = [...FakeHls.instances];
    // The renewal, half-way through the URLs' ten minutes.
    act(() => jest.advanceTimersByTime(300_000));
    await eventually(() => expect(streams.sessions).toHaveLength(2));
    await eventually(() =>
      expect(streams.made('GET', /streamconfig/).map((c) => c.path.split('session=')[1])).toEqual([
        streams.sessions[0],
        streams.sessions[0],
        streams.sessions[1],
      ]),
    );
    // The same tiles, loaded with the new session's URLs; no message, no loading screen.
    await eventually(() => expect(first.every((h) => h.loadSource.mock.calls.length === 2)).toBe(true));
    expect(FakeHls.instances).toHaveLength(first.length);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  },
);

it('a session that lapses again at once is not reopened in a loop: the viewer is told, with Play', async () => {
  fakeOnly('timeouts');
  jest.spyOn(Math, 'random').mockReturnValue(0);
  const streams = fakeStreams({ configAnswers: [200, 'lapsed', 'lapsed'] });
  await openPlayer();
  act(() => jest.advanceTimersByTime(300_000));
  expect(await screen.findByRole('alert')).toHaveTextContent(STREAM_MESSAGES.sessionEnded);
  expect(streams.sessions).toHaveLength(2);
  expect(streams.made('GET', /streamconfig/)).toHaveLength(3);
});

it('each session beats a little faster than the interval, by a share drawn at random: a herd drifts apart', async () => {
  fakeOnly('intervals');
  // A draw of 0.5 takes half the 10 % spread off: 15 s becomes 14.25 s, never more than 15 s.
  jest.spyOn(Math, 'random').mockReturnValue(0.5);
  const streams = fakeStreams({ heartbeatSeconds: 15 });
  await openPlayer();
  const beats = () => streams.made('POST', /\/heartbeat$/).length;
  act(() => jest.advanceTimersByTime(14_249));
  expect(beats()).toBe(0);
  act(() => jest.advanceTimersByTime(1));
  await eventually(() => expect(beats()).toBe(1));
  act(() => jest.advanceTimersByTime(14_250));
  await eventually(() => expect(beats()).toBe(2));
});

it('a session the server refuses on reopening shows the device limit and stops the angles', async () => {
  fakeOnly('intervals');
  const streams = fakeStreams({
    heartbeatSeconds: 10,
    heartbeatAnswers: [404],
    openAnswers: [201, 409],
    deviceLimit: 3,
  });
  await openPlayer();
  act(() => jest.advanceTimersByTime(10_000));
  expect(await screen.findByRole('alert')).toHaveTextContent(STREAM_MESSAGES.deviceLimit(3));
  expect(screen.getByRole('alert')).toHaveTextContent('3 devices');
  expect(liveInstances()).toHaveLength(0);
  expect(videos()).toHaveLength(0);
  // No more heartbeats once refused.
  act(() => jest.advanceTimersByTime(60_000));
  expect(streams.made('POST', /\/heartbeat$/)).toHaveLength(1);
});

it('a device over the limit is told so, with the limit, and may try again', async () => {
  const streams = fakeStreams({ openAnswers: [409], deviceLimit: 2 });
  await player.open(FREE_VOD.path, 0);
  const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
  expect(alert).toHaveTextContent(STREAM_MESSAGES.deviceLimit(2));
  expect(alert).toHaveTextContent('already playing on 2 devices');
  expect(videos()).toHaveLength(0);
  expect(streams.made('GET', /streamconfig/)).toHaveLength(0);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
  await waitForTiles(10);
  expect(streams.made('POST', /^\/v1\/viewing-sessions$/)).toHaveLength(2);
});

it("closes the session when the page goes away, with keepalive, the bearer token and the session's key", async () => {
  const streams = fakeStreams();
  await openPlayer();
  const token = localStorage.getItem('auth_token');
  act(() => {
    window.dispatchEvent(new Event('pagehide'));
  });
  const closing = streams.made('DELETE', /^\/v1\/viewing-sessions\//);
  expect(closing).toEqual([
    {
      method: 'DELETE',
      path: `/v1/viewing-sessions/${streams.sessions[0]}`,
      authorization: `Bearer ${token}`,
      sessionKey: streams.keys[0],
      // A close needs no ticket: no entitlement goes with it.
      entitlement: null,
      keepalive: true,
    },
  ]);
});
