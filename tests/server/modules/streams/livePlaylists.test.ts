// @databases postgres: its outcome does not depend on the kind of database
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { EDGE_LIVE_PLAYLIST_S, EDGE_PLAYLIST_S } from '../../../../src/server/modules/streams/protectedMedia';
import { renderLive, renderVod } from '../../../../src/server/modules/streams/renderPlaylist';
import { parseSourcePlaylist } from '../../../../src/server/modules/streams/sourcePlaylist';
import { giveOrder } from '../../../utils/cart';
import {
  configData,
  HOUR,
  renditionUrl,
  streamsTestApp,
  tagValues,
  uriLines,
  type StreamsTestApp,
  type Who,
} from './streamsFixture';

let x: StreamsTestApp;
let guest: Who;
beforeAll(async () => {
  x = await streamsTestApp();
  guest = await x.d.guest();
});
afterAll(() => x.t.close());

const at = (msAfterStart: number) => x.clock.set(x.liveStart.getTime() + msAfterStart);
const iso = (msAfterStart: number) => new Date(x.liveStart.getTime() + msAfterStart).toISOString();
/** A fresh config at the clock's time, then one of its playlists (for an angle, its 270p rendition's). */
async function playlist(pick: (c: ReturnType<typeof configData>) => string, key = 'str-live', who = guest) {
  const res = await x.s.config(who, key);
  expect(res.statusCode).toBe(200);
  const url = pick(configData(res.json()));
  const media = await x.s.media(/angle-\d\//.test(url) ? await renditionUrl(x.t.app, url) : url);
  expect(media.statusCode).toBe(200);
  return media;
}
const angle = (i: number) => (c: ReturnType<typeof configData>) => c.streamUrls[i]!.url;

describe("a 'Live' event from its air start", () => {
  it('is refused before it (409), also for a URL signed earlier', async () => {
    at(0);
    const url = angle(0)(configData((await x.s.config(guest, 'str-live')).json()));
    // The air start moves an hour later (a delayed show): the signed URL waits too.
    await x.t.database.db
      .updateTable('events')
      .set({ air_start_date: new Date(x.liveStart.getTime() + HOUR) })
      .where('id', '=', x.ids['str-live']!)
      .execute();
    x.clock.advance(30_000); // past the schedule cache
    try {
      const res = await x.s.media(url);
      expect([res.statusCode, res.json().message]).toEqual([409, STREAM_MESSAGES.notStarted]);
    } finally {
      await x.t.database.db
        .updateTable('events')
        .set({ air_start_date: x.liveStart })
        .where('id', '=', x.ids['str-live']!)
        .execute();
      x.clock.advance(30_000);
    }
  });

  it('starts with its first segment, dated at the air start, with no end', async () => {
    at(500);
    const res = await playlist(angle(0));
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // The edge keeps one copy for everyone for a second: a growing playlist, asked again every segment.
    expect(res.headers['x-accel-expires']).toBe(String(EDGE_LIVE_PLAYLIST_S));
    expect(EDGE_LIVE_PLAYLIST_S).toBe(1);
    expect(tagValues(res.body, '#EXT-X-MEDIA-SEQUENCE')).toEqual(['0']);
    expect(tagValues(res.body, '#EXT-X-PROGRAM-DATE-TIME')).toEqual([iso(0)]);
    expect(tagValues(res.body, '#EXT-X-TARGETDURATION')).toEqual(['2']);
    expect(res.body).not.toContain('#EXT-X-ENDLIST');
    expect(res.body).not.toContain('#EXT-X-PLAYLIST-TYPE');
  });

  it('slides with the clock: six segments, sequence = elapsed / duration, a discontinuity where the source loops', async () => {
    at(25_000); // segment 12 airs (24–26 s): the window is 7..12, and 12 starts the third pass of the 12 s source
    const first = await playlist(angle(0));
    expect(tagValues(first.body, '#EXT-X-MEDIA-SEQUENCE')).toEqual(['7']);
    expect(tagValues(first.body, '#EXT-X-DISCONTINUITY-SEQUENCE')).toEqual(['1']);
    expect(uriLines(first.body)).toEqual([
      'v270_001.ts',
      'v270_002.ts',
      'v270_003.ts',
      'v270_004.ts',
      'v270_005.ts',
      'v270_000.ts',
    ]);
    expect(tagValues(first.body, '#EXT-X-PROGRAM-DATE-TIME')).toEqual(
      [14, 16, 18, 20, 22, 24].map((s) => iso(s * 1000)),
    );
    const lines = first.body.split('\n');
    expect(lines.filter((l) => l === '#EXT-X-DISCONTINUITY')).toHaveLength(1);
    expect(lines[lines.indexOf('#EXT-X-DISCONTINUITY') + 1]).toBe(`#EXT-X-PROGRAM-DATE-TIME:${iso(24_000)}`);
    expect(first.body).not.toContain('#EXT-X-ENDLIST');

    x.clock.advance(4_000); // two segments later
    const later = await playlist(angle(0));
    expect(tagValues(later.body, '#EXT-X-MEDIA-SEQUENCE')).toEqual(['9']);
    expect(tagValues(later.body, '#EXT-X-PROGRAM-DATE-TIME').at(-1)).toBe(iso(28_000));

    at(HOUR + 1_000); // an hour in: sequence 1800, the 301st pass
    const hour = await playlist(angle(0));
    expect(tagValues(hour.body, '#EXT-X-MEDIA-SEQUENCE')).toEqual(['1795']);
    expect(tagValues(hour.body, '#EXT-X-DISCONTINUITY-SEQUENCE')).toEqual([String(Math.floor(1795 / 6))]);
    expect(tagValues(hour.body, '#EXT-X-PROGRAM-DATE-TIME').at(-1)).toBe(iso(3600_000));
  });

  it('is the same text for every viewer at one moment', async () => {
    at(41_000);
    const other = await x.d.guest();
    const [mine, theirs, myProgram, theirProgram] = await Promise.all([
      playlist(angle(2)),
      playlist(angle(2), 'str-live', other),
      playlist((c) => c.programcutUrl),
      playlist((c) => c.programcutUrl, 'str-live', other),
    ]);
    expect(tagValues(mine.body, '#EXT-X-MEDIA-SEQUENCE')).toEqual(['15']);
    expect(theirs.body).toBe(mine.body);
    expect(theirProgram.body).toBe(myProgram.body);
    expect(myProgram.headers['x-accel-expires']).toBe(String(EDGE_LIVE_PLAYLIST_S));
  });

  it('dates every angle alike: program date-times are equal across angles and the program feed', async () => {
    at(37_300);
    const [a, b, program] = await Promise.all([
      playlist(angle(0)),
      playlist(angle(8)),
      playlist((c) => c.programcutUrl),
    ]);
    const pdt = tagValues(a.body, '#EXT-X-PROGRAM-DATE-TIME');
    expect(pdt).toHaveLength(6);
    expect(tagValues(b.body, '#EXT-X-PROGRAM-DATE-TIME')).toEqual(pdt);
    expect(tagValues(program.body, '#EXT-X-PROGRAM-DATE-TIME')).toEqual(pdt);
    expect(tagValues(b.body, '#EXT-X-MEDIA-SEQUENCE')).toEqual(tagValues(a.body, '#EXT-X-MEDIA-SEQUENCE'));
  });

  it('is on demand (a replay) once the live window has passed', async () => {
    at(4 * HOUR - 1);
    expect((await x.s.config(guest, 'str-live')).json().data.mode).toBe('live');
    at(4 * HOUR);
    expect((await x.s.config(guest, 'str-live')).json().data.mode).toBe('vod');
    const res = await playlist(angle(0));
    expect(res.headers['x-accel-expires']).toBe(String(EDGE_PLAYLIST_S));
    expect(tagValues(res.body, '#EXT-X-PLAYLIST-TYPE')).toEqual(['VOD']);
    expect(res.body.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(tagValues(res.body, '#EXT-X-PROGRAM-DATE-TIME')[0]).toBe(iso(0));
  });
});

describe('on-demand playlists', () => {
  it('loop the 12 s demo clips to at least 30 minutes, with a discontinuity per loop, dated from a fixed moment without an air start', async () => {
    x.clock.set(Date.now());
    const free = await playlist(angle(3), 'str-free');
    expect(uriLines(free.body)).toHaveLength((30 * 60) / 2);
    expect(free.body.split('\n').filter((l) => l === '#EXT-X-DISCONTINUITY')).toHaveLength((30 * 60) / 12 - 1);
    expect(tagValues(free.body, '#EXT-X-MEDIA-SEQUENCE')).toEqual(['0']);
    expect(tagValues(free.body, '#EXT-X-PLAYLIST-TYPE')).toEqual(['VOD']);
    expect(tagValues(free.body, '#EXT-X-PROGRAM-DATE-TIME').slice(0, 2)).toEqual([
      '2020-01-01T00:00:00.000Z',
      '2020-01-01T00:00:02.000Z',
    ]);
    expect(free.body.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });

  it('are dated from the air start when there is one, alike on every angle', async () => {
    const buyer = await x.d.user('vod');
    await giveOrder(x.t.database.db, buyer.userId!, [x.ids['str-premium']!]);
    const config = configData((await x.s.config(buyer, 'str-premium')).json());
    const [a, b] = await Promise.all([
      x.s.media(await renditionUrl(x.t.app, config.streamUrls[0]!.url)),
      x.s.media(config.video_dual_Url),
    ]);
    const pdt = tagValues(a.body, '#EXT-X-PROGRAM-DATE-TIME');
    expect(pdt[0]).toBe('2026-01-10T20:00:00.000Z');
    expect(pdt.at(-1)).toBe(new Date(Date.parse('2026-01-10T20:00:00Z') + 30 * 60_000 - 2_000).toISOString());
    expect(tagValues(b.body, '#EXT-X-PROGRAM-DATE-TIME')).toEqual(pdt);
  });

  it('are compressed for clients that accept it', async () => {
    const url = await renditionUrl(x.t.app, angle(0)(configData((await x.s.config(guest, 'str-free')).json())));
    const res = await x.t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(20_000);
  });
});

describe('the renderer', () => {
  const source = parseSourcePlaylist(
    '#EXTM3U\n#EXT-X-TARGETDURATION:3\n#EXTINF:2.5,\na.ts\n#EXTINF:1.5,\nb.ts\n#EXT-X-ENDLIST\n',
    'test',
  );

  it('serves the files as they are when the on-demand minimum is 0', () => {
    const body = renderVod(source, { originMs: 0, minMinutes: 0 });
    expect(uriLines(body)).toEqual(['a.ts', 'b.ts']);
    expect(tagValues(body, '#EXT-X-TARGETDURATION')).toEqual(['3']);
    expect(body).not.toContain('#EXT-X-DISCONTINUITY');
  });

  it('follows uneven segment durations live', () => {
    // 4 s per pass: at 9.0 s, pass 2 (8 s) segment a (8.0–10.5 s) airs: sequence 4.
    const body = renderLive(source, { airStartMs: 0, nowMs: 9_000 });
    expect(uriLines(body)).toEqual(['a.ts', 'b.ts', 'a.ts', 'b.ts', 'a.ts']);
    expect(tagValues(body, '#EXT-X-MEDIA-SEQUENCE')).toEqual(['0']);
    expect(tagValues(body, '#EXT-X-PROGRAM-DATE-TIME').map((d) => Date.parse(d))).toEqual([0, 2500, 4000, 6500, 8000]);
    expect(body.split('\n').filter((l) => l === '#EXT-X-DISCONTINUITY')).toHaveLength(2);
  });

  it('refuses a source whose segments are not files beside it', () => {
    expect(() => parseSourcePlaylist('#EXTM3U\n#EXTINF:2,\n../x.ts\n', 'bad')).toThrow(
      /not a file name beside the playlist/,
    );
    expect(() => parseSourcePlaylist('#EXTM3U\n#EXTINF:2,\nhttps://cdn.example/x.ts\n', 'bad')).toThrow(
      /not a file name/,
    );
  });
});
