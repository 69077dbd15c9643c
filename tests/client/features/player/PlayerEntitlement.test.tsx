import { act } from '@testing-library/react';
import { PREMIUM, callApi } from '../../../utils/clientCart';
import { newBuyer, rememberBuyer, voucherOrder } from '../../../utils/clientCheckout';
import { eventually } from '../../../utils/clientApp';
import { fakeOnly } from '../../../utils/fakeTimers';
import { fakeStreams, playerTestApp, waitForTiles } from './playerHelpers';
import { entitlementFor } from '../../../../src/client/features/player/viewingEntitlements';

jest.mock('hls.js', () => require('./fakeHls'));
jest.mock('../../../../src/client/features/player/hlsWorkerPath', () => ({
  hlsWorkerPath: 'http://localhost/assets/hls.worker.js',
}));

/**
 * A ticket's signed entitlement (docs/decisions.md "Outages"): the player keeps the one an open
 * answers, per user and event, and sends it with every later open and stream config, so that during
 * an outage of the server's database a ticket holder still gets in.
 */
const player = playerTestApp();
const TOKEN = `v1.7.42.1999999999.${'E'.repeat(43)}`;

it('keeps the entitlement an open answers and sends it with the stream config and the next open', async () => {
  const buyer = await newBuyer('entitled');
  await voucherOrder(buyer, [PREMIUM.planets]);
  rememberBuyer(buyer);
  const asset = await callApi<{ id: number }[]>(`/asset/${PREMIUM.planets.path}`, buyer.token);
  const eventId = asset.data![0]!.id;
  const entitlement = { token: TOKEN, eventId, expiresAt: new Date(Date.now() + 86_400_000).toISOString() };
  fakeOnly('intervals');
  const streams = fakeStreams({ heartbeatSeconds: 10, heartbeatAnswers: [404], entitlement });
  await player.open(PREMIUM.planets.path, 0);
  await waitForTiles(10);

  // Nothing kept yet: the first open sends none; its answer's is kept for this user and event.
  expect(streams.made('POST', /^\/v1\/viewing-sessions$/)[0]!.entitlement).toBeNull();
  expect(entitlementFor(String(buyer.userId), eventId)).toBe(TOKEN);
  expect(entitlementFor(String(buyer.userId + 1), eventId)).toBeUndefined();
  expect(streams.made('GET', /streamconfig/)[0]!.entitlement).toBe(TOKEN);

  // The server let the session go: the player opens another, sending the kept entitlement.
  act(() => jest.advanceTimersByTime(10_000));
  await eventually(() => expect(streams.made('POST', /^\/v1\/viewing-sessions$/)).toHaveLength(2));
  expect(streams.made('POST', /^\/v1\/viewing-sessions$/)[1]!.entitlement).toBe(TOKEN);
  await eventually(() => expect(streams.made('GET', /streamconfig/)).toHaveLength(2));
  expect(streams.made('GET', /streamconfig/)[1]!.entitlement).toBe(TOKEN);
});

it('forgets an expired entitlement', () => {
  localStorage.setItem(
    'viewingEntitlements',
    JSON.stringify({ '7': { '42': { token: TOKEN, expiresAt: new Date(Date.now() - 1).toISOString() } } }),
  );
  expect(entitlementFor('7', 42)).toBeUndefined();
  expect(entitlementFor(null, 42)).toBeUndefined();
});
