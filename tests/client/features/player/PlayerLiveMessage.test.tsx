import { screen, waitFor } from '@testing-library/react';
import { LIVE_ANGLE_MAX, LIVE_COPY, type LiveStateData } from '../../../../src/shared/contract/live';
import { fakeStreams, playerTestApp } from './playerHelpers';

jest.mock('hls.js', () => require('./fakeHls'));
jest.mock('../../../../src/client/features/player/hlsWorkerPath', () => ({
  hlsWorkerPath: 'http://localhost/assets/hls.worker.js',
}));

/**
 * The organizer's message for viewers (the console's live control room): the live state carries it
 * (GET /v1/live/{id} `message`), the player shows it over the angles while it is set, as text.
 */
const player = playerTestApp();
const ANGLES = Array.from({ length: LIVE_ANGLE_MAX + 1 }, (_, angle) => angle);
const live = (message?: string): LiveStateData => ({
  ingest: true,
  show: 'live',
  angles: ANGLES.map((angle) => ({ angle, state: 'live' })),
  ...(message === undefined ? {} : { message }),
});

it('shows the organizer message while it is set, as text, and hides it once cleared', async () => {
  const text = 'Technical difficulties <b>we</b> will be right back';
  const streams = fakeStreams({ mode: 'live', live: live(text) });
  await player.open(undefined, 0);
  const shown = await screen.findByRole('status', { name: LIVE_COPY.organizerMessage }, { timeout: 10_000 });
  expect(shown).toHaveTextContent(text);
  expect(shown.querySelector('b')).toBeNull();

  streams.setLive(live());
  await waitFor(() => expect(screen.queryByRole('status', { name: LIVE_COPY.organizerMessage })).toBeNull(), {
    timeout: 5000,
  });
});
