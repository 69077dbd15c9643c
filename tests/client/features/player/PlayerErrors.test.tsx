import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventually } from '../../../utils/clientApp';
import { ANGLES, FakeHls, fakeStreams, liveInstances, mediaUrl, playerTestApp, tileOf, videoOf } from './playerHelpers';

jest.mock('hls.js', () => require('./fakeHls'));
jest.mock('../../../../src/client/features/player/hlsWorkerPath', () => ({
  hlsWorkerPath: 'http://localhost/assets/hls.worker.js',
}));

/** Errors are shown, never swallowed: expired URLs are renewed once for all tiles, others retried or reported. */

const player = playerTestApp();
const openPlayer = () => player.open();

const instanceOf = (angle: number) => liveInstances().find((h) => h.media === videoOf(angle))!;
const fileOf = (angle: number) => (angle === 0 ? 'program' : `angle-${angle}`);
const fatal = (angle: number, data: object) =>
  act(() => instanceOf(angle).emit(FakeHls.Events.ERROR, { fatal: true, ...data }));
const expired = (angle: number) =>
  fatal(angle, { type: 'networkError', details: 'fragLoadError', response: { code: 403, text: 'Forbidden' } });

it(
  'a 403 from the tiles fetches one fresh config and loads each tile’s new URL where it was, in the same ' + 'instance',
  async () => {
    const streams = fakeStreams();
    await openPlayer();
    const angles = [0, ...ANGLES.map((_, i) => i + 1)];
    angles.forEach((a) => expect(instanceOf(a).url).toBe(mediaUrl(1, fileOf(a))));
    videoOf(3).currentTime = 42;
    const instances = [...FakeHls.instances];

    expired(3);
    expect(within(tileOf(3)).getByRole('status')).toHaveTextContent('Refreshing stream…');
    expired(5);
    expired(0);
    await eventually(() => angles.forEach((a) => expect(instanceOf(a).url).toBe(mediaUrl(2, fileOf(a)))));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 100));
    });
    const configs = streams.made('GET', /streamconfig/);
    expect(configs).toHaveLength(2);
    expect(configs[1]!.path).toBe(configs[0]!.path);
    expect(FakeHls.instances).toEqual(instances);
    angles.forEach((a) => expect(instanceOf(a).loadSource).toHaveBeenCalledTimes(2));
    expect(instanceOf(3).config.startPosition).toBe(42);
    act(() => {
      videoOf(3).dispatchEvent(new Event('playing'));
    });
    expect(within(tileOf(3)).queryByRole('status')).not.toBeInTheDocument();
  },
);

it('fresh URLs refused again at once are not fetched in a loop: the tile says it cannot play', async () => {
  const streams = fakeStreams();
  await openPlayer();
  expired(2);
  await eventually(() => expect(instanceOf(2).url).toBe(mediaUrl(2, 'angle-2')));
  expired(2);
  expect(within(tileOf(2)).getByRole('status')).toHaveTextContent('This angle cannot be played.');
  expect(tileOf(2)).toHaveAttribute('data-state', 'error');
  expect(streams.made('GET', /streamconfig/)).toHaveLength(2);
});

it('a fresh config that cannot be fetched is shown, and Try again fetches it', async () => {
  const streams = fakeStreams({ configAnswers: [200, 500] });
  await openPlayer();
  expired(1);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Something went wrong.');
  await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
  await eventually(() => expect(instanceOf(1).url).toBe(mediaUrl(2, 'angle-1')));
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  expect(streams.made('GET', /streamconfig/)).toHaveLength(3);
});

it('a lost connection says so on the tile and retries loading until the angle plays again', async () => {
  fakeStreams();
  await openPlayer();
  fatal(4, { type: 'networkError', details: 'fragLoadError', response: { code: 0, text: '' } });
  expect(within(tileOf(4)).getByRole('status')).toHaveTextContent('Connection lost. Retrying…');
  expect(tileOf(4)).toHaveAttribute('data-state', 'error');
  await eventually(() => expect(instanceOf(4).startLoad).toHaveBeenCalledTimes(1));
  act(() => {
    videoOf(4).dispatchEvent(new Event('playing'));
  });
  expect(tileOf(4)).toHaveAttribute('data-state', 'playing');
  expect(within(tileOf(4)).queryByRole('status')).not.toBeInTheDocument();
  // A manifest that could not be loaded is loaded again (there is nothing to resume).
  fatal(6, { type: 'networkError', details: 'manifestLoadError', response: { code: 0, text: '' } });
  await eventually(() => expect(instanceOf(6).loadSource).toHaveBeenCalledTimes(2));
  expect(instanceOf(6).url).toBe(mediaUrl(1, 'angle-6'));
});

it('a media error is recovered once; a second one is shown on the tile', async () => {
  fakeStreams();
  await openPlayer();
  fatal(8, { type: 'mediaError', details: 'bufferAppendError' });
  expect(instanceOf(8).recoverMediaError).toHaveBeenCalledTimes(1);
  expect(within(tileOf(8)).queryByRole('status')).not.toBeInTheDocument();
  fatal(8, { type: 'mediaError', details: 'bufferAppendError' });
  expect(instanceOf(8).recoverMediaError).toHaveBeenCalledTimes(1);
  expect(within(tileOf(8)).getByRole('status')).toHaveTextContent('This angle cannot be played.');
  expect(tileOf(8)).toHaveAttribute('data-state', 'error');
  // The other tiles play on.
  expect(tileOf(7)).not.toHaveAttribute('data-state', 'error');
});

it('a segment that answers 503 or hangs is retried a rung lower with nothing shown; a fatal one still says so', async () => {
  fakeStreams();
  await openPlayer();
  const main = instanceOf(0);
  const fault = (data: object) =>
    act(() => main.emit(FakeHls.Events.ERROR, { fatal: false, type: 'networkError', ...data }));
  const frag = (level: number) => ({ type: 'main', level, duration: 2 });
  // Every tile's hls.js rides faults: bounded segment requests, quick retries (faultRiding.ts).
  expect(main.config.fragLoadPolicy).toMatchObject({ default: { maxTimeToFirstByteMs: 4000 } });
  expect(main.config.fLoader).toEqual(expect.any(Function));

  fault({ details: 'fragLoadError', frag: frag(2), response: { code: 503, text: 'Service Unavailable' } });
  expect(main.nextAutoLevel).toBe(1);
  act(() => main.emit(FakeHls.Events.FRAG_LOADING, { frag: frag(1) }));
  fault({ details: 'fragLoadTimeOut', frag: frag(1) });
  expect(main.nextAutoLevel).toBe(0);
  act(() => main.emit(FakeHls.Events.FRAG_LOADING, { frag: frag(0) }));
  // A refused grant is not a fault to ride (the tile renews it), nor is the lowest rung's.
  main.nextAutoLevel = -1;
  fault({ details: 'fragLoadError', frag: frag(2), response: { code: 403, text: 'Forbidden' } });
  fault({ details: 'fragLoadTimeOut', frag: frag(0) });
  expect(main.nextAutoLevel).toBe(-1);
  expect(within(tileOf(0)).queryByRole('status')).not.toBeInTheDocument();

  // Retries spent: hls.js makes it fatal, and the tile says the connection was lost.
  fatal(0, { type: 'networkError', details: 'fragLoadError', frag: frag(0), response: { code: 503, text: '' } });
  expect(within(tileOf(0)).getByRole('status')).toHaveTextContent('Connection lost. Retrying…');
});
