import { SEEK_BEYOND_MS, seekTiles, syncAction, syncTiles } from '../../../../src/client/features/player/syncTiles';
import { playingDate, type TileHandle } from '../../../../src/client/features/player/tileRegistry';

/** The sync loop: tiles follow the main angle's program date-time, by rate when close, by seeking when far. */

it('plays in time within 15 ms, nudges the rate proportionally within 0.75–1.25, and seeks beyond 1.5 s', () => {
  expect(syncAction(0)).toEqual({ seekBySeconds: 0, rate: 1 });
  expect(syncAction(15)).toEqual({ seekBySeconds: 0, rate: 1 });
  expect(syncAction(-15)).toEqual({ seekBySeconds: 0, rate: 1 });
  expect(syncAction(25)).toEqual({ seekBySeconds: 0, rate: 0.975 });
  expect(syncAction(50)).toEqual({ seekBySeconds: 0, rate: 0.95 });
  expect(syncAction(-50)).toEqual({ seekBySeconds: 0, rate: 1.05 });
  expect(syncAction(100)).toEqual({ seekBySeconds: 0, rate: 0.9 });
  expect(syncAction(250)).toEqual({ seekBySeconds: 0, rate: 0.75 });
  expect(syncAction(1000)).toEqual({ seekBySeconds: 0, rate: 0.75 });
  expect(syncAction(-1000)).toEqual({ seekBySeconds: 0, rate: 1.25 });
  expect(syncAction(SEEK_BEYOND_MS + 500)).toEqual({ seekBySeconds: -2, rate: 1 });
  expect(syncAction(-(SEEK_BEYOND_MS + 500))).toEqual({ seekBySeconds: 2, rate: 1 });
  // A live main angle catching up at 1.1: the others are nudged around its speed, not around 1.
  expect(syncAction(0, 1.1)).toEqual({ seekBySeconds: 0, rate: 1.1 });
  expect(syncAction(-50, 1.1)).toEqual({ seekBySeconds: 0, rate: 1.155 });
  expect(syncAction(50, 1.1)).toEqual({ seekBySeconds: 0, rate: 1.045 });
});

type FakeVideo = { paused: boolean; seeking: boolean; readyState: number; currentTime: number; playbackRate: number };
function tile(
  angle: number,
  playingDateMs: number | null,
  video: Partial<FakeVideo> = {},
): TileHandle & { video: FakeVideo } {
  const v: FakeVideo = { paused: false, seeking: false, readyState: 4, currentTime: 10, playbackRate: 1, ...video };
  return {
    angle,
    name: () => `Angle ${angle}`,
    state: () => 'playing',
    video: v as unknown as HTMLVideoElement & FakeVideo,
    hls: { playingDate: playingDateMs === null ? null : new Date(playingDateMs) } as never,
  } as TileHandle & { video: FakeVideo };
}

it('brings every other tile towards the main one on program date-time', () => {
  const t0 = Date.parse('2026-05-01T20:00:00Z');
  const main = tile(0, t0, { playbackRate: 1.05 });
  const ahead = tile(1, t0 + 200);
  const behind = tile(2, t0 - 40);
  const far = tile(3, t0 - 3000, { currentTime: 7 });
  const close = tile(4, t0 + 10, { playbackRate: 0.95 });
  const paused = tile(5, t0 + 900, { paused: true });
  syncTiles([main, ahead, behind, far, close, paused], 0);
  expect(main.video.playbackRate).toBe(1);
  expect(ahead.video.playbackRate).toBe(0.8);
  expect(behind.video.playbackRate).toBe(1.04);
  expect(far.video.currentTime).toBe(10);
  expect(far.video.playbackRate).toBe(1);
  expect(close.video.playbackRate).toBe(1);
  expect(paused.video.playbackRate).toBe(1);
});

it('compares media time when a tile has no program date-time, and waits while the main angle is not playing', () => {
  const main = tile(2, null, { currentTime: 30 });
  const other = tile(0, null, { currentTime: 30.3 });
  syncTiles([other, main], 2);
  expect(other.video.playbackRate).toBe(0.75);
  const stalled = tile(0, 1000, { readyState: 1 });
  const waiting = tile(1, 9000);
  syncTiles([stalled, waiting], 0);
  expect(waiting.video.playbackRate).toBe(1);
  expect(waiting.video.currentTime).toBe(10);
});

it('live shows: angles whose feed is down are neither followed nor moved; hls.js keeps the main rate', () => {
  const t0 = Date.parse('2026-05-01T20:00:00Z');
  const main = tile(0, t0, { playbackRate: 1.1 });
  const dropped = tile(1, t0 - 5000);
  const other = tile(2, t0 + 200);
  syncTiles([main, dropped, other], 0, { down: new Set([1]), mainRateByHls: true });
  expect(main.video.playbackRate).toBe(1.1);
  expect(dropped.video.currentTime).toBe(10);
  // 200 ms ahead of a main angle catching up at 1.1: 20 % slower than the main angle, not than 1.
  expect(other.video.playbackRate).toBe(0.88);
  // The main angle's feed is down: it stands still, and nobody follows it there.
  const behind = tile(2, t0 - 4000);
  syncTiles([main, behind], 0, { down: new Set([0]) });
  expect(behind.video.currentTime).toBe(10);
  expect(main.video.playbackRate).toBe(1.1);
});

/** A live tile whose playlist is one-second segments dated from `firstMs`, playing at media time `at`. */
function datedTile(angle: number, firstMs: number, at: number) {
  const fragments = Array.from({ length: 60 }, (_, i) => ({
    start: i,
    duration: 1,
    programDateTime: firstMs + i * 1000,
    elementaryStreams: { audio: null, video: null, audiovideo: null },
  }));
  const t = tile(angle, firstMs + at * 1000, { currentTime: at });
  (t as { hls: unknown }).hls = {
    playingDate: new Date(firstMs + at * 1000),
    currentLevel: 0,
    levels: [{ details: { fragments } }],
  };
  return t;
}

it('seeks every angle to the same moment, and no earlier than every angle has a picture', () => {
  const t0 = Date.parse('2026-05-01T20:00:00Z');
  // The program's encoder started first; camera 2's 3 s later.
  const program = datedTile(0, t0, 40);
  const camera = datedTile(2, t0 + 3000, 37);
  seekTiles([program, camera], 0, 20.5);
  expect([program.video.currentTime, camera.video.currentTime]).toEqual([20.5, 17.5]);
  // The start of the show: where both have pictures, the camera's first, not the program's.
  seekTiles([program, camera], 0, 0);
  expect([program.video.currentTime, camera.video.currentTime]).toEqual([3, 0]);
});

it('dates the playhead from the segment’s first picture, not from its first audio sample', () => {
  const t0 = Date.parse('2026-05-01T20:00:00Z');
  const t = datedTile(1, t0, 10.5);
  // hls.js starts segment 10 at its first audio sample, 20 ms before its first picture (the moment
  // the program date-time names): 10.5 s is then 480 ms into the pictures, not 500.
  const fragments = (t.hls as unknown as { levels: { details: { fragments: object[] } }[] }).levels[0]!.details
    .fragments;
  fragments[10] = {
    start: 9.98,
    duration: 1.02,
    programDateTime: t0 + 10_000,
    elementaryStreams: { audio: { startPTS: 9.98 }, video: { startPTS: 10 }, audiovideo: null },
  };
  expect(playingDate(t)).toBe(t0 + 10_500);
  // A segment not parsed yet (no streams known): its playlist start.
  t.video.currentTime = 20.25;
  expect(playingDate(t)).toBe(t0 + 20_250);
  // Outside the level's segments, hls.js's own reading.
  t.video.currentTime = 75;
  expect(playingDate(t)).toBe(t0 + 10_500);
});
