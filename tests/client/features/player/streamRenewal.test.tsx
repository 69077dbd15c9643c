import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../../../src/client/app/store';
import { useStreamConfig } from '../../../../src/client/features/player/useStreamConfig';
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { preloaded } from '../../../utils/renderWithProviders';
import { signTestToken } from '../../../utils/signToken';
import { configData } from './playerHelpers';

/**
 * Signed URLs are renewed before they expire, across a 3-hour show: useStreamConfig
 * driven through three hours of simulated time (fake timers and clock), against a server that signs
 * each config for `ttl` and answers after `latency`. The URLs the player holds must never lapse:
 * every renewal is asked for half-way through the held URLs' life, answered before they expire, and
 * the player never stops holding a usable config (no 'loading', no error shown).
 */

const HOUR_MS = 60 * 60 * 1000;
const LATENCY_MS = 400;
const STEP_MS = 5000;
const SESSION = { sessionId: '00000000-0000-4000-8000-000000000001', sessionKey: 'k'.repeat(43) };

type Fetched = { askedAt: number; answeredAt: number; expiresAt: number | null };

function fakeConfigServer({
  ttlMs,
  latencyMs,
  failing = () => false,
}: {
  ttlMs: number;
  latencyMs: number;
  failing?: (n: number) => boolean;
}) {
  const fetched: Fetched[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(input, init);
    if (!new URL(req.url).pathname.startsWith('/v1/admin/asset/streamconfig/'))
      throw new Error(`unexpected ${req.url}`);
    const askedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const n = fetched.length + 1;
    if (failing(n)) {
      fetched.push({ askedAt, answeredAt: Date.now(), expiresAt: null });
      return Response.json({ success: false, message: 'Something went wrong.', data: null }, { status: 500 });
    }
    // Signed when the request reaches the server, as the real one does.
    const expiresAt = askedAt + ttlMs;
    fetched.push({ askedAt, answeredAt: Date.now(), expiresAt });
    return Response.json({
      success: true,
      message: STREAM_MESSAGES.config,
      data: {
        config_data: JSON.stringify(configData(n, 9, true)),
        expiresAt: new Date(expiresAt).toISOString(),
        mode: 'live',
        airStartDate: null,
      },
    });
  });
  return fetched;
}

/** Plays the show: every STEP_MS, what the player holds must be a config whose URLs still work. */
async function watchShow(ttlMs: number, showMs = 3 * HOUR_MS) {
  const store = makeStore(
    preloaded({ auth: { authToken: signTestToken({ kind: 'guest', sub: 'renewal' }, 24 * 3600) } }),
  );
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result, unmount } = renderHook(() => useStreamConfig('kite-theory-rooftop-set', SESSION, 1), { wrapper });
  await act(() => jest.advanceTimersByTimeAsync(1000));
  const start = Date.now();
  const lapses: string[] = [];
  while (Date.now() - start < showMs) {
    await act(() => jest.advanceTimersByTimeAsync(STEP_MS));
    const { state } = result.current;
    const at = `${((Date.now() - start) / 60_000).toFixed(1)} min`;
    if (state.status !== 'ready') lapses.push(`${at}: ${state.status}`);
    else if (Date.parse(state.stream.expiresAt) <= Date.now())
      lapses.push(`${at}: URLs expired ${state.stream.expiresAt}`);
  }
  unmount();
  // A renewal is asked for half-way through the life left when the last answer came, up to a fifth
  // sooner at random (a tenth on average), and at least 5 s on.
  const period = Math.max(5000, ((ttlMs - LATENCY_MS) / 2) * 0.9) + LATENCY_MS;
  return { lapses, expectedRenewals: showMs / period };
}

/** Each answer, against the URLs held when it was asked for: asked half-way, answered before they lapse. */
function renewalsAgainstExpiry(fetched: Fetched[], ttlMs: number) {
  const late: string[] = [];
  let held: number | null = null;
  for (const f of fetched) {
    if (held !== null) {
      if (f.answeredAt >= held) late.push(`answered ${f.answeredAt - held} ms after the URLs expired`);
      // Asked with at least (nearly) half the life left, so a failed renewal has time to go again.
      else if (f.expiresAt !== null && held - f.askedAt < ttlMs / 4)
        late.push(`asked only ${held - f.askedAt} ms before expiry`);
    }
    if (f.expiresAt !== null) held = f.expiresAt;
  }
  return late;
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  jest.setSystemTime(Date.UTC(2026, 10, 26, 20, 0, 0));
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

it.each([
  // The short life takes the 5 s floor (renewed 5 s before expiry): an hour of it is ~670 renewals.
  ['two 30 s heartbeats (the default), through a 3-hour show', 60_000, 3 * HOUR_MS],
  ['two 5 s heartbeats (the e2e), through an hour', 10_000, HOUR_MS],
])(
  'URLs signed for %s are renewed in time and never lapse',
  async (_what, ttlMs, showMs) => {
    const fetched = fakeConfigServer({ ttlMs, latencyMs: LATENCY_MS });
    const { lapses, expectedRenewals } = await watchShow(ttlMs, showMs);
    expect(lapses).toEqual([]);
    expect(renewalsAgainstExpiry(fetched, ttlMs)).toEqual([]);
    // One config on arrival, then one every half-life: ~358 renewals of a minute's URLs in three hours.
    expect(fetched.length - 1).toBeGreaterThanOrEqual(Math.floor(expectedRenewals * 0.98));
    expect(fetched.length - 1).toBeLessThanOrEqual(Math.ceil(expectedRenewals * 1.02));
  },
  120_000,
);

it('a renewal that fails is tried again in the other half of the URLs’ life: they still never lapse', async () => {
  const ttlMs = 60_000;
  // Every 40th answer fails (a server restart, a dropped connection), once twice in a row.
  const fetched = fakeConfigServer({ ttlMs, latencyMs: LATENCY_MS, failing: (n) => n % 40 === 0 || n === 81 });
  const { lapses } = await watchShow(ttlMs);
  // The held URLs stay valid throughout (the tile keeps playing; the failed refresh is only noted).
  expect(lapses).toEqual([]);
  expect(fetched.filter((f) => f.expiresAt === null).length).toBeGreaterThanOrEqual(9);
  expect(renewalsAgainstExpiry(fetched, ttlMs).filter((l) => l.startsWith('answered'))).toEqual([]);
}, 120_000);
