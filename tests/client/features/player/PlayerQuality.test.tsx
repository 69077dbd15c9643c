import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { playbackQualityBeacon } from '../../../../src/shared/contract/playbackQuality';
import { eventually } from '../../../utils/clientApp';
import { fakeOnly } from '../../../utils/fakeTimers';
import { FakeHls, fakeStreams, FREE_VOD, liveInstances, playerTestApp } from './playerHelpers';

jest.mock('hls.js', () => require('./fakeHls'));
jest.mock('../../../../src/client/features/player/hlsWorkerPath', () => ({
  hlsWorkerPath: 'http://localhost/assets/hls.worker.js',
}));

/**
 * The player reports its quality in batches (docs/decisions.md "Watching"): what the main angle did,
 * sent with navigator.sendBeacon (jsdom has none: a stand-in records what it is given) every 30 s
 * when something is new and on leave, to the viewing session it was measured in, with its key in the
 * body and no token.
 */
const player = playerTestApp();
afterEach(() => {
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
});

type Sent = { url: string; type: string; body: Record<string, unknown> };
/** navigator.sendBeacon, answering `accepts` (false: its queue is full). */
function beacons(accepts = true) {
  const sent: Promise<Sent>[] = [];
  const sendBeacon = jest.fn((url: string, data: Blob) => {
    sent.push(data.text().then((text) => ({ url, type: data.type, body: JSON.parse(text) })));
    return accepts;
  });
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
  return { sendBeacon, all: () => Promise.all(sent) };
}

/** The main angle's video, whose playback the test plays as a browser would, and its hls.js instance. */
function mainAngle() {
  const video = document.querySelector<HTMLVideoElement>('[data-main="true"] video')!;
  const media = { paused: true, seeking: false };
  Object.defineProperty(video, 'paused', { get: () => media.paused, configurable: true });
  Object.defineProperty(video, 'seeking', { get: () => media.seeking, configurable: true });
  const hls = liveInstances().find((h) => h.media === video)!;
  const fire = (name: string) => act(() => void video.dispatchEvent(new Event(name)));
  return {
    /** hls.js tells the player something (a rung, an error). */
    emit: (event: string, data: object) => act(() => hls.emit(event, data)),
    hls,
    fire,
    play: () => {
      media.paused = false;
      fire('playing');
    },
    pause: () => {
      media.paused = true;
      fire('pause');
    },
  };
}
const qualityUrl = (sessionId: string) =>
  expect.stringMatching(new RegExp(`/v1/viewing-sessions/${sessionId}/quality$`));

it('sends the first frame, a stall and a rung switch of the main angle on pagehide, once, with the key', async () => {
  const streams = fakeStreams();
  const sender = beacons();
  await player.open();
  const main = mainAngle();
  main.play();
  main.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 0 });
  main.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 2 });
  main.fire('waiting');
  main.fire('playing');
  // Another angle's events are not the main angle's.
  const other = liveInstances().find((h) => h !== main.hls)!;
  act(() => other.emit(FakeHls.Events.ERROR, { fatal: true, type: 'mediaError', details: 'bufferAppendError' }));
  main.pause();

  act(() => void window.dispatchEvent(new Event('pagehide')));
  expect(sender.sendBeacon).toHaveBeenCalledTimes(1);
  const [sent] = await sender.all();
  expect(sent).toEqual({
    url: qualityUrl(streams.sessions[0]!),
    type: 'application/json',
    body: {
      sessionKey: streams.keys[0],
      seq: 1,
      totals: true,
      startupMs: expect.any(Number),
      stalls: 1,
      stallMs: expect.any(Number),
      playMs: expect.any(Number),
      rungSwitches: 1,
      fatalErrors: 0,
    },
  });
  // What the server checks: the contract's own schema.
  expect(playbackQualityBeacon.safeParse(sent!.body).success).toBe(true);
  expect(sent!.body.startupMs).toBeGreaterThan(0);

  // Nothing new (paused): nothing is sent, on pagehide or when the page is hidden.
  act(() => void window.dispatchEvent(new Event('pagehide')));
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
  expect(sender.sendBeacon).toHaveBeenCalledTimes(1);
  main.emit(FakeHls.Events.ERROR, { fatal: true, type: 'networkError', details: 'fragLoadError' });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
  delete (document as { visibilityState?: string }).visibilityState;
  expect(sender.sendBeacon).toHaveBeenCalledTimes(2);
  // The session's totals so far: the first beacon's figures and the error.
  expect((await sender.all())[1]!.body).toEqual({ ...sent!.body, seq: 2, fatalErrors: 1 });
  // No token rides along: sendBeacon cannot carry one, and the key proves the beacon.
  expect(streams.calls.filter((c) => c.path.endsWith('/quality'))).toEqual([]);
});

it('batches every 30 s when something is new, and sends the rest when the viewer leaves the player', async () => {
  fakeOnly('intervals');
  const streams = fakeStreams({ heartbeatSeconds: 300 });
  const sender = beacons();
  const app = await player.open();
  const main = mainAngle();
  main.play();
  main.pause();
  act(() => jest.advanceTimersByTime(30_000));
  expect(sender.sendBeacon).toHaveBeenCalledTimes(1);
  act(() => jest.advanceTimersByTime(30_000));
  expect(sender.sendBeacon).toHaveBeenCalledTimes(1);
  main.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 1 });
  main.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 0 });
  act(() => jest.advanceTimersByTime(29_000));
  expect(sender.sendBeacon).toHaveBeenCalledTimes(1);
  act(() => jest.advanceTimersByTime(1_000));
  expect(sender.sendBeacon).toHaveBeenCalledTimes(2);

  main.fire('error');
  main.emit(FakeHls.Events.ERROR, { fatal: true, type: 'mediaError', details: 'bufferAppendError' });
  await userEvent
    .setup({ advanceTimers: jest.advanceTimersByTime })
    .click(screen.getByRole('link', { name: 'Back to event' }));
  await waitFor(() => expect(app.router.state.location.pathname).toBe(`/events/${FREE_VOD.path}`));
  await eventually(() => expect(sender.sendBeacon).toHaveBeenCalledTimes(3));
  const bodies = (await sender.all()).map((s) => s.body);
  // Each beacon has the session's totals so far.
  expect(bodies.map((b) => [b.seq, b.totals, b.startupMs !== undefined, b.rungSwitches, b.fatalErrors])).toEqual([
    [1, true, true, 0, 0],
    [2, true, true, 1, 0],
    // hls.js reports the video's own errors while it plays it: counted once.
    [3, true, true, 1, 1],
  ]);
  expect(bodies.every((b) => b.sessionKey === streams.keys[0])).toBe(true);
});

it('a new viewing session gets the figures measured since, numbered from 1; the old one gets its own', async () => {
  fakeOnly('intervals');
  const streams = fakeStreams({ heartbeatSeconds: 15, heartbeatAnswers: [404] });
  const sender = beacons();
  await player.open();
  const main = mainAngle();
  main.play();
  main.pause();
  act(() => jest.advanceTimersByTime(15_000));
  await eventually(() => expect(streams.sessions).toHaveLength(2));
  await eventually(() => expect(sender.sendBeacon).toHaveBeenCalledTimes(1));
  main.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 1 });
  main.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 2 });
  act(() => void window.dispatchEvent(new Event('pagehide')));
  const sent = await sender.all();
  expect(sent.map((s) => [s.url, s.body.sessionKey, s.body.seq, s.body.rungSwitches])).toEqual([
    [qualityUrl(streams.sessions[0]!), streams.keys[0], 1, 0],
    [qualityUrl(streams.sessions[1]!), streams.keys[1], 1, 1],
  ]);
  expect(sent[0]!.body.startupMs).toEqual(expect.any(Number));
  expect(sent[1]!.body.startupMs).toBeUndefined();
});

it('falls back to fetch with keepalive when sendBeacon refuses (its queue full)', async () => {
  const streams = fakeStreams();
  const sender = beacons(false);
  await player.open();
  const main = mainAngle();
  main.play();
  main.pause();
  act(() => void window.dispatchEvent(new Event('pagehide')));
  expect(sender.sendBeacon).toHaveBeenCalledTimes(1);
  const fetched = jest.mocked(globalThis.fetch).mock.calls.filter(([input]) => String(input).endsWith('/quality'));
  expect(fetched).toHaveLength(1);
  const [url, init] = fetched[0]!;
  expect(String(url)).toEqual(qualityUrl(streams.sessions[0]!));
  expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' } });
  expect(JSON.parse(String(init!.body))).toMatchObject({ sessionKey: streams.keys[0], seq: 1 });
});
