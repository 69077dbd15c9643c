import { screen, waitFor } from '@testing-library/react';
import { formatEventDateTime } from '../../../../src/shared/format';
import { PREMIUM, callApi, newGuestToken } from '../../../utils/clientCart';
import { newBuyer, rememberBuyer, voucherOrder } from '../../../utils/clientCheckout';
import { fakeStreams, FREE_VOD, playerTestApp, videos, waitForTiles } from './playerHelpers';

jest.mock('hls.js', () => require('./fakeHls'));
jest.mock('../../../../src/client/features/player/hlsWorkerPath', () => ({
  hlsWorkerPath: 'http://localhost/assets/hls.worker.js',
}));

/**
 * Who may open the player (docs/behaviour.md §4 "Access", as the event page decides), and a live event before its
 * start.
 */

const LIVE_TOMORROW = 'midnight-brass-club';

const player = playerTestApp();
const open = (path: string) => player.open(path, 0);

it('a premium event without a ticket sends the visitor to its event page, asking the server for nothing', async () => {
  const streams = fakeStreams();
  const app = await open(PREMIUM.velvet.path);
  await waitFor(() => expect(app.router.state.location.pathname).toBe(`/events/${PREMIUM.velvet.path}`), {
    timeout: 10_000,
  });
  expect(app.router.state.historyAction).toBe('REPLACE');
  expect(streams.calls).toEqual([]);
  expect(videos()).toHaveLength(0);
});

it('a premium event the viewer bought plays', async () => {
  const streams = fakeStreams();
  const buyer = await newBuyer('player');
  await voucherOrder(buyer, [PREMIUM.planets]);
  rememberBuyer(buyer);
  await open(PREMIUM.planets.path);
  await waitForTiles(10);
  expect(streams.calls[0]).toMatchObject({
    method: 'POST',
    path: '/v1/viewing-sessions',
    authorization: `Bearer ${buyer.token}`,
  });
});

it('a server that refuses the viewer (403) sends them to the event page', async () => {
  fakeStreams({ openAnswers: [403] });
  const app = await open(FREE_VOD.path);
  await waitFor(() => expect(app.router.state.location.pathname).toBe(`/events/${FREE_VOD.path}`), { timeout: 10_000 });
  expect(app.router.state.historyAction).toBe('REPLACE');
});

it('a stream config refused with 403 sends the viewer to the event page and closes the session', async () => {
  const streams = fakeStreams({ configAnswers: [403] });
  const app = await open(FREE_VOD.path);
  await waitFor(() => expect(app.router.state.location.pathname).toBe(`/events/${FREE_VOD.path}`), { timeout: 10_000 });
  await waitFor(() => expect(streams.made('DELETE', /viewing-sessions/)).toHaveLength(1));
});

it('a Live event before its air start says when it begins, with the way back, and opens no session', async () => {
  const streams = fakeStreams();
  const asset = await callApi<{ airStartDate: string }[]>(`/asset/${LIVE_TOMORROW}`, newGuestToken('player-live'));
  const airStart = asset.data[0]!.airStartDate;
  await open(LIVE_TOMORROW);
  expect(
    await screen.findByText(`This event begins on ${formatEventDateTime(airStart)}.`, {}, { timeout: 10_000 }),
  ).toBeInTheDocument();
  for (const link of screen.getAllByRole('link', { name: 'Back to event' }))
    expect(link).toHaveAttribute('href', `/events/${LIVE_TOMORROW}`);
  expect(streams.calls).toEqual([]);
});

it('a server that says the event has not started (409) is shown the same way', async () => {
  fakeStreams({ configAnswers: [409] });
  await open(FREE_VOD.path);
  expect(await screen.findByText(/^This event begins on /, {}, { timeout: 10_000 })).toBeInTheDocument();
});

it('an unknown event is the 404 page', async () => {
  fakeStreams();
  await open('no-such-event');
  expect(await screen.findByRole('heading', { name: 'Page Not Found' }, { timeout: 10_000 })).toBeInTheDocument();
});
