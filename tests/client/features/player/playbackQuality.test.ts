import type Hls from 'hls.js';
import { PlaybackQuality, withBatch } from '../../../../src/client/features/player/playbackQuality';
import { QUALITY_MAX_MS } from '../../../../src/shared/contract/playbackQuality';
import FakeHls from './fakeHls';

/**
 * The quality measure on a real <video> element (jsdom's, whose `paused`, `seeking` and `readyState`
 * a test sets as a browser would) and a stand-in hls.js emitting its events, on a clock the test moves.
 */
function setup() {
  let t = 1000;
  const clock = { now: () => t, advance: (ms: number) => (t += ms) };
  const quality = new PlaybackQuality(clock.now);
  const video = document.createElement('video');
  const media = { paused: true, seeking: false, readyState: 0 };
  for (const key of Object.keys(media) as (keyof typeof media)[])
    Object.defineProperty(video, key, { get: () => media[key], configurable: true });
  const hls = new FakeHls({});
  const fire = (name: string) => video.dispatchEvent(new Event(name));
  /** The video starts (or resumes) playing. */
  const playing = () => {
    media.paused = false;
    media.readyState = 4;
    fire('play');
    fire('playing');
  };
  return {
    clock,
    quality,
    video,
    media,
    hls,
    fire,
    playing,
    follow: () => quality.follow(video, hls as unknown as Hls),
  };
}

describe('the quality measure', () => {
  it('measures startup from its creation (play pressed) to the main angle first frame, and sends it once', () => {
    const s = setup();
    s.follow();
    s.clock.advance(1800);
    // No frame yet: the time tried so far is reported (a player that never gets one is heard of).
    expect(s.quality.take()).toEqual({
      tryingMs: 1800,
      stalls: 0,
      stallMs: 0,
      playMs: 0,
      rungSwitches: 0,
      fatalErrors: 0,
    });
    s.clock.advance(400);
    s.playing();
    expect(s.quality.take()).toEqual({
      startupMs: 2200,
      stalls: 0,
      stallMs: 0,
      playMs: 0,
      rungSwitches: 0,
      fatalErrors: 0,
    });
    s.clock.advance(10_000);
    expect(s.quality.take()).toEqual({ stalls: 0, stallMs: 0, playMs: 10_000, rungSwitches: 0, fatalErrors: 0 });
  });

  it('reports how long it has tried while no frame comes, and stops once one does', () => {
    const s = setup();
    s.follow();
    s.clock.advance(30_000);
    expect(s.quality.take()).toMatchObject({ tryingMs: 30_000, playMs: 0 });
    s.clock.advance(15_000);
    expect(s.quality.take()).toMatchObject({ tryingMs: 45_000 });
    s.playing();
    expect(s.quality.take()).toEqual({
      startupMs: 45_000,
      stalls: 0,
      stallMs: 0,
      playMs: 0,
      rungSwitches: 0,
      fatalErrors: 0,
    });
  });

  it('counts a wait while playing as a stall with its time; a wait after a seek, or before the first frame, is not', () => {
    const s = setup();
    s.follow();
    // Waiting before the first frame is startup, not a stall.
    s.fire('waiting');
    s.clock.advance(500);
    s.playing();
    s.quality.take();

    s.clock.advance(5000);
    s.fire('waiting');
    s.clock.advance(1500);
    s.fire('playing');
    // A seek: the browser fires seeking, then waiting while it fetches; neither is a stall.
    s.clock.advance(2000);
    s.media.seeking = true;
    s.fire('seeking');
    s.fire('waiting');
    s.clock.advance(700);
    s.media.seeking = false;
    s.fire('seeked');
    s.fire('playing');
    // A stall cut short by a seek counts until the seek.
    s.clock.advance(1000);
    s.fire('waiting');
    s.clock.advance(300);
    s.media.seeking = true;
    s.fire('seeking');
    s.clock.advance(200);
    s.media.seeking = false;
    s.fire('playing');
    s.clock.advance(800);
    expect(s.quality.take()).toEqual({
      stalls: 2,
      stallMs: 1800,
      playMs: 5000 + 2000 + 700 + 1000 + 200 + 800,
      rungSwitches: 0,
      fatalErrors: 0,
    });
  });

  it('a stall running at a take is counted then, and its rest in the next batch', () => {
    const s = setup();
    s.follow();
    s.playing();
    s.quality.take();
    s.clock.advance(1000);
    s.fire('waiting');
    s.clock.advance(2000);
    expect(s.quality.take()).toMatchObject({ stalls: 1, stallMs: 2000, playMs: 1000 });
    s.clock.advance(500);
    s.fire('playing');
    s.clock.advance(1000);
    expect(s.quality.take()).toMatchObject({ stalls: 0, stallMs: 500, playMs: 1000 });
  });

  it('paused time is not watched, and a wait while paused is no stall', () => {
    const s = setup();
    s.follow();
    s.playing();
    s.quality.take();
    s.clock.advance(3000);
    s.media.paused = true;
    s.fire('pause');
    s.fire('waiting');
    s.clock.advance(60_000);
    expect(s.quality.take()).toEqual({ stalls: 0, stallMs: 0, playMs: 3000, rungSwitches: 0, fatalErrors: 0 });
    expect(s.quality.take()).toBeNull();
    s.playing();
    s.clock.advance(1000);
    expect(s.quality.take()).toMatchObject({ playMs: 1000 });
  });

  it("counts the main angle's rung switches (not the first rung chosen) and fatal errors (not a renewed URL)", () => {
    const s = setup();
    s.follow();
    s.playing();
    s.quality.take();
    const { LEVEL_SWITCHED, ERROR } = FakeHls.Events;
    s.hls.emit(LEVEL_SWITCHED, { level: 0 });
    s.hls.emit(LEVEL_SWITCHED, { level: 2 });
    s.hls.emit(LEVEL_SWITCHED, { level: 2 });
    s.hls.emit(LEVEL_SWITCHED, { level: 1 });
    s.hls.emit(ERROR, { fatal: false, type: 'networkError', details: 'fragLoadError' });
    s.hls.emit(ERROR, { fatal: true, type: 'networkError', details: 'levelLoadError', response: { code: 403 } });
    s.hls.emit(ERROR, { fatal: true, type: 'networkError', details: 'fragLoadError', response: { code: 500 } });
    s.hls.emit(ERROR, { fatal: true, type: 'mediaError', details: 'bufferAppendError' });
    expect(s.quality.take()).toMatchObject({ rungSwitches: 2, fatalErrors: 2 });
  });

  it('lets go of a tile it stops following: its events count no more, and its watching time stops', () => {
    const s = setup();
    const stop = s.follow();
    s.playing();
    s.quality.take();
    s.clock.advance(1000);
    stop();
    s.clock.advance(5000);
    s.fire('waiting');
    s.hls.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 1 });
    s.hls.emit(FakeHls.Events.LEVEL_SWITCHED, { level: 2 });
    expect(s.quality.take()).toEqual({ stalls: 0, stallMs: 0, playMs: 1000, rungSwitches: 0, fatalErrors: 0 });
  });
});

describe("a session's totals (what each beacon sends)", () => {
  const batch = { stalls: 0, stallMs: 0, playMs: 0, rungSwitches: 0, fatalErrors: 0 };
  it('sum the batches, keep the first frame once known, and the newest time tried until then', () => {
    let totals = withBatch(null, { ...batch, tryingMs: 2000 });
    expect(totals).toEqual({ ...batch, tryingMs: 2000 });
    totals = withBatch(totals, { ...batch, tryingMs: 4000 });
    expect(totals).toEqual({ ...batch, tryingMs: 4000 });
    totals = withBatch(totals, { ...batch, startupMs: 4500, stalls: 1, stallMs: 300, playMs: 25_000, rungSwitches: 1 });
    totals = withBatch(totals, { ...batch, stalls: 2, stallMs: 4000, playMs: 30_000, fatalErrors: 1 });
    expect(totals).toEqual({
      startupMs: 4500,
      stalls: 3,
      stallMs: 4300,
      playMs: 55_000,
      rungSwitches: 1,
      fatalErrors: 1,
    });
  });

  it("stop at the contract's bound rather than be refused", () => {
    const totals = withBatch({ ...batch, playMs: QUALITY_MAX_MS - 10 }, { ...batch, playMs: 30_000 });
    expect(totals.playMs).toBe(QUALITY_MAX_MS);
  });
});
