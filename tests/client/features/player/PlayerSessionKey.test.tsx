import { devtools } from '../../../utils/fakeDevtoolsExtension';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { redactSecrets } from '../../../../src/client/lib/redactSecrets';
import { eventually } from '../../../utils/clientApp';
import { fakeStreams, FREE_VOD, playerTestApp, videos } from './playerHelpers';
import { fakeOnly } from '../../../utils/fakeTimers';

jest.mock('hls.js', () => require('./fakeHls'));
jest.mock('../../../../src/client/features/player/hlsWorkerPath', () => ({
  hlsWorkerPath: 'http://localhost/assets/hls.worker.js',
}));

/**
 * The viewing session's key is the device's secret: the player sends it in a header on the stream
 * config, heartbeats and the close, and keeps it in memory only. It passes through Redux (actions,
 * and the stream config's arguments), so DevTools gets it redacted; it never reaches storage or a URL.
 */
const player = playerTestApp();
beforeEach(() => {
  devtools.sent.length = 0;
});

it('sends the key on the config, each heartbeat and the close, in its header and in no URL', async () => {
  fakeOnly('intervals');
  const streams = fakeStreams({ heartbeatSeconds: 10 });
  const app = await player.open();
  act(() => jest.advanceTimersByTime(20_000));
  await eventually(() => expect(streams.made('POST', /\/heartbeat$/)).toHaveLength(2));
  jest.useRealTimers();
  await userEvent.setup().click(screen.getByRole('link', { name: 'Back to event' }));
  await waitFor(() => expect(app.router.state.location.pathname).toBe(`/events/${FREE_VOD.path}`));
  await eventually(() => expect(streams.made('DELETE', /viewing-sessions/)).toHaveLength(1));

  const [key] = streams.keys;
  const keyed = streams.calls.filter((c) => c.method !== 'POST' || c.path !== '/v1/viewing-sessions');
  expect(
    keyed.map((c) => [c.method, c.path.split('?')[0]!.replace(streams.sessions[0]!, ':id'), c.sessionKey]),
  ).toEqual([
    ['GET', `/v1/admin/asset/streamconfig/${FREE_VOD.path}`, key],
    ['POST', '/v1/viewing-sessions/:id/heartbeat', key],
    ['POST', '/v1/viewing-sessions/:id/heartbeat', key],
    ['DELETE', '/v1/viewing-sessions/:id', key],
  ]);
  // The open itself sends none (there is none yet); no URL ever carries it.
  expect(streams.made('POST', /^\/v1\/viewing-sessions$/)[0]!.sessionKey).toBeNull();
  expect(streams.calls.filter((c) => c.path.includes(key!))).toEqual([]);
  expect(videos()).toHaveLength(0);
});

it('keeps the key out of storage, and DevTools sees it redacted in every action and state', async () => {
  const streams = fakeStreams();
  await player.open();
  const [key] = streams.keys;
  expect(key).toBeDefined();

  // It went through the store: the open's answer and the stream config's arguments carry it.
  const raw = JSON.stringify(player.store.getState());
  expect(raw).toContain(key);
  // The query's cache key (a key of the state, which redaction cannot reach) is made without it.
  expect(Object.keys(player.store.getState().api.queries).filter((k) => k.includes(key!))).toEqual([]);
  expect(JSON.stringify(redactSecrets(player.store.getState()))).not.toContain(key);

  const sent = devtools.sent.join('\n');
  expect(sent).toContain(streams.sessions[0]);
  expect(sent).toContain('"sessionKey":"[redacted]"');
  expect(sent).not.toContain(key);

  const stored = [
    ...Object.keys(localStorage).map((k) => localStorage.getItem(k)),
    ...Object.keys(sessionStorage).map((k) => sessionStorage.getItem(k)),
  ];
  expect(stored.filter((value) => value?.includes(key!))).toEqual([]);
});
