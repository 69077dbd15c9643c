// @databases postgres: its outcome does not depend on the kind of database
import { ladderFor } from '../../../../src/server/modules/live/liveFiles';
import { renderLiveMaster } from '../../../../src/server/modules/live/livePlaylist';
import { streamSize } from '../../../../src/server/modules/live/ingest/engine';

/**
 * The ladder follows the encoder: no rung is an upscaled copy of another, and the master playlist
 * says the size each rung is really encoded at (hls.js picks rungs by it).
 */
it('gives a 1080p feed the three rungs, a 180p feed its own size and 144p, a tiny feed one rung', () => {
  expect(ladderFor({ width: 1920, height: 1080 })).toEqual([
    { name: 480, width: 854, height: 480 },
    { name: 270, width: 480, height: 270 },
    { name: 144, width: 256, height: 144 },
  ]);
  expect(ladderFor({ width: 320, height: 180 })).toEqual([
    { name: 270, width: 320, height: 180 },
    { name: 144, width: 256, height: 144 },
  ]);
  expect(ladderFor({ width: 176, height: 99 })).toEqual([{ name: 144, width: 176, height: 100 }]);
  expect(ladderFor({ width: 854, height: 480 })).toHaveLength(3);
  // Unknown size: the whole ladder, each rung capped at the picture by ffmpeg.
  expect(ladderFor(null).map((r) => [r.name, r.height])).toEqual([
    [480, null],
    [270, null],
    [144, null],
  ]);
});

it('lists the packaged rungs smallest first with their real size, each a bare name under the signed prefix', () => {
  const master = renderLiveMaster(ladderFor({ width: 320, height: 180 }));
  expect(master.split('\n').filter((l) => l && !l.startsWith('#EXTM3U'))).toEqual([
    '#EXT-X-VERSION:3',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-STREAM-INF:BANDWIDTH=246000,RESOLUTION=256x144,CODECS="avc1.64001f,mp4a.40.2"',
    'v144.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=496000,RESOLUTION=320x180,CODECS="avc1.64001f,mp4a.40.2"',
    'v270.m3u8',
  ]);
});

it("reads an encoder's announced picture size from nginx-rtmp's statistics", () => {
  const stat = (name: string, meta: string) =>
    `<?xml version="1.0" encoding="utf-8" ?><rtmp><server><application><name>live</name><live>` +
    `<stream><name>other</name><meta><video><width>1920</width><height>1080</height></video></meta></stream>` +
    `<stream><name>${name}</name>${meta}<nclients>1</nclients></stream>` +
    '</live></application></server></rtmp>';
  const video = '<meta><video><width>320</width><height>180</height><codec>H264</codec></video></meta>';
  expect(streamSize(stat('e5-a1-p2', video), 'e5-a1-p2')).toEqual({ width: 320, height: 180 });
  // Before the encoder's metadata arrives, and for a stream that is not there: not known yet.
  expect(streamSize(stat('e5-a1-p2', ''), 'e5-a1-p2')).toBeNull();
  expect(streamSize(stat('e5-a1-p2', video), 'e5-a2-p1')).toBeNull();
  expect(streamSize('', 'e5-a1-p2')).toBeNull();
});
