// @databases postgres: its outcome does not depend on the kind of database
import { renderLiveRendition } from '../../../../src/server/modules/live/livePlaylist';

/**
 * A live rendition's delta updates (HLS `_HLS_skip`, EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL): a player
 * polling a long show gets its last seconds and one EXT-X-SKIP line, so a poll of a four-hour show
 * costs what a poll of a four-minute one does.
 */
const AIR = Date.UTC(2026, 10, 29, 20, 0, 0);

/** `seconds` one-second segments from the air start, a reconnect (discontinuity) at each of `breaks`. */
const show = (seconds: number, breaks: number[] = []) =>
  Array.from({ length: seconds }, (_, i) => ({
    uri: `v270_p1_${String(i).padStart(5, '0')}.ts`,
    durationS: 1,
    pdtMs: AIR + i * 1000,
    discontinuity: breaks.includes(i),
  }));
const uris = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));
const on = { airStartMs: AIR, ended: false };

it('offers delta updates while the show is on: six target durations, the floor the HLS specification sets', () => {
  const full = renderLiveRendition(show(100), on);
  expect(full.split('\n').slice(0, 4)).toEqual([
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:2',
    '#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=12.0',
  ]);
  expect(uris(full)).toHaveLength(100);
  expect(full).not.toContain('#EXT-X-SKIP');
});

it('asked with _HLS_skip, replaces every segment ending 12 s or more before the end with one EXT-X-SKIP', () => {
  const delta = renderLiveRendition(show(100, [5, 95]), { ...on, skip: true });
  expect(delta).toContain('#EXT-X-VERSION:9');
  // Segment i ends at i + 1 s of 100: those ending at 88 s or before (0…87) are skipped.
  expect(delta).toContain('#EXT-X-SKIP:SKIPPED-SEGMENTS=88');
  expect(uris(delta)).toEqual(
    show(100)
      .slice(88)
      .map((s) => s.uri),
  );
  // The media sequence still counts from the show's first segment, as in the full playlist.
  expect(delta).toContain('#EXT-X-MEDIA-SEQUENCE:0');
  // A reconnect among the kept segments keeps its discontinuity; one among the skipped goes with them.
  expect(delta.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(1);
  expect(delta.split('\n').indexOf('#EXT-X-DISCONTINUITY')).toBe(delta.split('\n').indexOf('v270_p1_00095.ts') - 3);
  // Each kept segment keeps its program date-time: the angles align on it.
  expect(delta).toContain(
    `#EXT-X-PROGRAM-DATE-TIME:${new Date(AIR + 88_000).toISOString()}\n#EXTINF:1.000,\nv270_p1_00088.ts`,
  );
});

it('a show shorter than the skip boundary, or one that has ended (the replay), is served whole', () => {
  expect(renderLiveRendition(show(10), { ...on, skip: true })).toBe(renderLiveRendition(show(10), on));
  const replay = renderLiveRendition(show(100), { airStartMs: AIR, ended: true, skip: true });
  expect(uris(replay)).toHaveLength(100);
  expect(replay).not.toContain('SERVER-CONTROL');
  expect(replay.trimEnd().split('\n').at(-1)).toBe('#EXT-X-ENDLIST');
});

it('a poll of a four-hour show costs what a poll of a four-minute one does: a delta of the same size', () => {
  const bytes = (seconds: number, skip: boolean) =>
    Buffer.byteLength(renderLiveRendition(show(seconds), { ...on, skip }));
  const [short, long] = [bytes(4 * 60, true), bytes(4 * 3600, true)];
  console.log(
    `a poll's playlist: 4 min ${bytes(4 * 60, false)} B whole, ${short} B delta; ` +
      `4 h ${bytes(4 * 3600, false)} B whole, ${long} B delta`,
  );
  // The two deltas differ only in the count of skipped segments and the numbers in the names.
  expect(Math.abs(long - short)).toBeLessThan(16);
  expect(bytes(4 * 3600, false)).toBeGreaterThan(100 * long);
});
