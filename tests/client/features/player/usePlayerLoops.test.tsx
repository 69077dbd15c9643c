import { TileRegistry, type TileHandle } from '../../../../src/client/features/player/tileRegistry';
import { usePlayerLoops } from '../../../../src/client/features/player/usePlayerLoops';
import { renderWithProviders } from '../../../utils/renderWithProviders';

/** The loops outside React's renders: here, the other angles following the main one's speed. */

function tile(angle: number, playingDateMs: number): TileHandle {
  const video = document.createElement('video');
  for (const [key, value] of Object.entries({ paused: false, seeking: false, readyState: 4 }))
    Object.defineProperty(video, key, { value });
  document.body.append(video);
  return {
    angle,
    name: () => `Angle ${angle}`,
    state: () => 'playing',
    video,
    hls: { playingDate: new Date(playingDateMs) } as never,
  } as TileHandle;
}

function Loops({ registry }: { registry: TileRegistry }) {
  usePlayerLoops(registry, {
    main: 0,
    layout: 'main-strip',
    mode: 'live',
    layouts: [],
    sync: { mainRateByHls: true },
  });
  return null;
}

it('follows a change of the main angle’s speed at once, not a sync period later', () => {
  jest.useFakeTimers();
  const registry = new TileRegistry();
  const at = Date.parse('2026-05-01T20:00:00Z');
  const [main, other] = [tile(0, at), tile(1, at)];
  registry.add(main);
  registry.add(other);
  renderWithProviders(<Loops registry={registry} />);
  // hls.js speeds the main angle up to catch the live edge: the other angle keeps its pace with no
  // timer having run.
  main.video.playbackRate = 1.05;
  main.video.dispatchEvent(new Event('ratechange'));
  expect(other.video.playbackRate).toBe(1.05);
  // Its own speed changing (the sync loop nudging it) starts nothing.
  other.video.playbackRate = 0.97;
  other.video.dispatchEvent(new Event('ratechange'));
  expect(other.video.playbackRate).toBe(0.97);
  jest.useRealTimers();
});
