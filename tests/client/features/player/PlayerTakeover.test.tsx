import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { eventually } from '../../../utils/clientApp';
import { fakeOnly } from '../../../utils/fakeTimers';
import {
  FakeHls,
  fakeStreams,
  FREE_VOD,
  liveInstances,
  playerTestApp,
  videoOf,
  videos,
  waitForTiles,
} from './playerHelpers';

jest.mock('hls.js', () => require('./fakeHls'));
jest.mock('../../../../src/client/features/player/hlsWorkerPath', () => ({
  hlsWorkerPath: 'http://localhost/assets/hls.worker.js',
}));

/**
 * 'Watch here instead': a device refused by the device limit is offered to take the oldest device's
 * place (keyboard first: the button has focus), and plays once it has; a device whose place was
 * taken, told by its next heartbeat or by its stream config, stops every angle, says the show moved,
 * and offers to take it back.
 */
const player = playerTestApp();
const LIMIT = STREAM_MESSAGES.deviceLimit(2);
const takeovers = (streams: ReturnType<typeof fakeStreams>) =>
  streams.made('POST', /^\/v1\/viewing-sessions\/takeover$/);

it('refused by the device limit: says so, offers Watch here instead with focus on it, and plays once taken over', async () => {
  const streams = fakeStreams({ openAnswers: [409] });
  await player.open(FREE_VOD.path, 0);

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(LIMIT);
  expect(alert).toHaveTextContent('The device that started watching first will stop.');
  const watchHere = screen.getByRole('button', { name: 'Watch here instead' });
  await waitFor(() => expect(watchHere).toHaveFocus());
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(videos()).toHaveLength(0);
  expect(takeovers(streams)).toHaveLength(0);

  // The keyboard alone: Enter on the focused button.
  await userEvent.setup().keyboard('{Enter}');
  await waitForTiles(10);
  expect(takeovers(streams)).toHaveLength(1);
  // The takeover answered the session and its key: the config is asked for with them.
  expect(streams.made('GET', /streamconfig/)).toEqual([
    expect.objectContaining({
      path: `/v1/admin/asset/streamconfig/${FREE_VOD.path}?session=${streams.sessions[0]}`,
      sessionKey: streams.keys[0],
    }),
  ]);
  expect(screen.queryByRole('button', { name: 'Watch here instead' })).not.toBeInTheDocument();
});

it('Try again still opens a plain session (the other device may have stopped)', async () => {
  const streams = fakeStreams({ openAnswers: [409] });
  await player.open(FREE_VOD.path, 0);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
  await waitForTiles(10);
  expect(streams.made('POST', /^\/v1\/viewing-sessions$/)).toHaveLength(2);
  expect(takeovers(streams)).toHaveLength(0);
});

it('a takeover that fails says why, with a way to try again', async () => {
  fakeStreams({ openAnswers: [409], takeoverAnswers: [500] });
  await player.open(FREE_VOD.path, 0);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Watch here instead' }));
  expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(videos()).toHaveLength(0);
});

it(
  'the next heartbeat says the show moved: every angle stops, heartbeats stop, it says so, and Watch here ' +
    'instead takes it back',
  async () => {
    fakeOnly('intervals');
    const streams = fakeStreams({ heartbeatSeconds: 10, heartbeatAnswers: [200, 'moved'] });
    await player.open();
    const first = [...FakeHls.instances];
    const heartbeats = () => streams.made('POST', /\/heartbeat$/);

    act(() => jest.advanceTimersByTime(10_000));
    await eventually(() => expect(heartbeats()).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10_000));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The show moved to another device.');
    expect(videos()).toHaveLength(0);
    expect(liveInstances()).toHaveLength(0);
    expect(first.every((h) => h.destroy.mock.calls.length === 1)).toBe(true);
    const takeBack = screen.getByRole('button', { name: 'Watch here instead' });
    await waitFor(() => expect(takeBack).toHaveFocus());

    // Nothing more is asked of the server until the viewer acts: no heartbeat, no new session, no close.
    act(() => jest.advanceTimersByTime(60_000));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(heartbeats()).toHaveLength(2);
    expect(streams.sessions).toHaveLength(1);
    expect(streams.made('DELETE', /viewing-sessions/)).toHaveLength(0);

    jest.useRealTimers();
    await userEvent.setup().keyboard('{Enter}');
    await waitForTiles(10);
    expect(takeovers(streams)).toHaveLength(1);
    expect(streams.sessions).toHaveLength(2);
    expect(streams.made('GET', /streamconfig/).at(-1)).toMatchObject({
      path: `/v1/admin/asset/streamconfig/${FREE_VOD.path}?session=${streams.sessions[1]}`,
      sessionKey: streams.keys[1],
    });
  },
);

it('a refused angle whose fresh config says the show moved: it stops and says so at once, without waiting for a heartbeat', async () => {
  const streams = fakeStreams({ configAnswers: [200, 'moved'] });
  await player.open();
  const main = liveInstances().find((h) => h.media === videoOf(0))!;
  act(() =>
    main.emit(FakeHls.Events.ERROR, {
      fatal: true,
      type: 'networkError',
      details: 'fragLoadError',
      response: { code: 403, text: 'Forbidden' },
    }),
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('The show moved to another device.');
  expect(videos()).toHaveLength(0);
  expect(screen.getByRole('button', { name: 'Watch here instead' })).toBeInTheDocument();
  expect(streams.made('POST', /\/heartbeat$/)).toHaveLength(0);
  // The session is let go here (its heartbeats stop); the server already closed it, so this changes nothing there.
  await eventually(() =>
    expect(streams.made('DELETE', /viewing-sessions/).map((c) => c.sessionKey)).toEqual([streams.keys[0]]),
  );
  expect(streams.calls.every((c) => !c.path.includes(streams.keys[0]!))).toBe(true);
});
