// @databases postgres: its outcome does not depend on the kind of database
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { createUnitOfWork } from '../../../../src/server/db/unitOfWork';
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { createLiveControlRoom } from '../../../../src/server/modules/live/controlRoom';
import { createFeedProbe } from '../../../../src/server/modules/live/feedProbe';
import { clockFile, feedDir, listFile } from '../../../../src/server/modules/live/liveFiles';
import { createRepositories } from '../../../../src/server/repositories';
import { STUDIO_LIVE_MESSAGES as M, type StudioLive } from '../../../../src/shared/contract/studioLive';
import type { Who } from '../../../utils/cart';
import { grantOrganizer } from '../../../utils/studio';
import { liveTestApp, type LiveTestApp } from './liveFixture';

const run = promisify(execFile);

/**
 * What the control room shows of a feed's pictures, from segments made by the real ffmpeg in the
 * folders and lists the packager writes (live/ingest/packager.ts): the newest segment of the newest
 * part's top rung, its size and bitrate (ffprobe) and a small JPEG (ffmpeg), kept a few seconds.
 * These need ffmpeg and ffprobe: where they are missing the tests are skipped (and `npm test` lists
 * the skip in its report), except with CI=true, where a test fails naming what is missing (as
 * `npm test` does for the live e2e suite). Without the engines the rest of the control room still
 * answers, and the preview says why it cannot be made (a server with FFMPEG_PATH pointing nowhere).
 */
const hasEngine = (bin: string) => {
  try {
    execFileSync(bin, ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const enginesHere = hasEngine('ffmpeg') && hasEngine('ffprobe');
const describeWithEngines = enginesHere ? describe : describe.skip;
const MISSING = 'ffmpeg or ffprobe is missing: the feed pictures are not tested (sudo apt-get install -y ffmpeg).';
// npm test lists this skip in its report (tests/run-all.ts); with CI=true nothing may be skipped.
if (!enginesHere && /^(1|true)$/i.test(process.env.CI ?? ''))
  it('has ffmpeg and ffprobe, as CI=true runs every suite', () => {
    throw new Error(MISSING);
  });
else if (!enginesHere) console.warn(`liveControlMedia: ${MISSING}`);

/** One second of video made by ffmpeg, written as the packager names it, and listed. */
async function writeSegment(
  dir: string,
  o: { rung: number; part: number; size: string; source?: string; kbps?: number },
): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const file = `v${o.rung}_p${o.part}_00000.ts`;
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `${o.source ?? 'testsrc'}=size=${o.size}:rate=25`,
    '-t',
    '1',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    `${o.kbps ?? 600}k`,
    '-pix_fmt',
    'yuv420p',
    '-f',
    'mpegts',
    path.join(dir, file),
  ]);
  await fs.writeFile(path.join(dir, listFile(o.rung, o.part)), `${file},0.000000,1.000000\n`);
}

let x: LiveTestApp;
let organizer: Who;
beforeAll(async () => {
  x = await liveTestApp({});
  organizer = await x.people.user('organizer');
  await grantOrganizer(x.t.database.db, organizer.userId!);
}, 60_000);
afterAll(() => x.t.close());

const get = (url: string) =>
  x.t.app.inject({ url: `/v1/studio${url}`, headers: { authorization: organizer.authorization! } });
const room = async (id: number): Promise<StudioLive> => (await get(`/events/${id}/live`)).json().data;
/** A 'Live' event with keys whose angle 1 has published (its feed has parts). */
async function publishingShow(path: string) {
  const id = await x.liveEvent(path);
  const res = await x.t.app.inject({
    method: 'POST',
    url: `/v1/studio/events/${id}/live/keys`,
    headers: { authorization: organizer.authorization! },
    payload: {},
  });
  const key = res.json().data.feeds.find((f: { angle: number }) => f.angle === 1).key;
  expect((await x.ingest.publish(key, `${path}-1`)).statusCode).toBe(302);
  return { id, dir: feedDir(x.t.config.live.dir, id, 1) };
}

describe("a live feed's packaging", () => {
  it('says how long after capture its newest picture was packaged while it is live, else nothing', async () => {
    const show = await publishingShow('media-behind');
    await fs.mkdir(show.dir, { recursive: true });
    // The part's clock: its timestamps count from 40 s ago; its newest segment ends 2 s in.
    const clock = { offsetMs: x.clock.now() - 40_000, firstStart: 0, clock: 'encoder' };
    await fs.writeFile(path.join(show.dir, clockFile(1)), JSON.stringify(clock));
    const list = 'v480_p1_00000.ts,0.000000,1.000000\nv480_p1_00001.ts,1.000000,2.000000\n';
    await fs.writeFile(path.join(show.dir, listFile(480, 1)), list);
    const angles = (await room(show.id)).angles;
    expect(angles[1]!.packagedBehindMs).toBe(38_000);
    // An angle that has sent nothing.
    expect(angles[2]!.packagedBehindMs).toBeNull();
  });
});

describeWithEngines("a feed's pictures", () => {
  it("show the top rung's size and bitrate and a small JPEG of the newest segment, organizers only", async () => {
    const show = await publishingShow('media-top');
    await writeSegment(show.dir, { rung: 480, part: 1, size: '640x360', kbps: 800 });
    await writeSegment(show.dir, { rung: 270, part: 1, size: '480x270', kbps: 300 });

    const angle = (await room(show.id)).angles.find((a) => a.angle === 1)!;
    expect(angle.resolution).toEqual({ width: 640, height: 360 });
    expect(angle.bitrateKbps).toBeGreaterThan(50);
    expect(angle.bitrateKbps).toBeLessThan(5000);
    expect(angle.previewUrl).toBe(`/v1/studio/events/${show.id}/live/preview/1`);
    // An angle that has sent nothing has neither.
    const quiet = (await room(show.id)).angles.find((a) => a.angle === 2)!;
    expect([quiet.resolution, quiet.bitrateKbps, quiet.previewUrl]).toEqual([null, null, null]);

    const preview = await x.t.app.inject({
      url: angle.previewUrl!,
      headers: { authorization: organizer.authorization! },
    });
    expect([preview.statusCode, preview.headers['content-type'], preview.headers['cache-control']]).toEqual([
      200,
      'image/jpeg',
      'no-store',
    ]);
    const meta = await sharp(preview.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 180]);
    const guest = await x.people.guest('not an organizer');
    const refused = await x.t.app.inject({ url: angle.previewUrl!, headers: { authorization: guest.authorization! } });
    expect(refused.statusCode).toBe(403);
  });

  it("follow the feed's newest part, within a few seconds (kept meanwhile)", async () => {
    const show = await publishingShow('media-newest');
    await writeSegment(show.dir, { rung: 480, part: 1, size: '640x360' });
    const firstPreview = (await get(`/events/${show.id}/live/preview/1`)).rawPayload;
    expect((await room(show.id)).angles[1]!.resolution).toEqual({ width: 640, height: 360 });

    // The encoder came back at another size: part 2.
    await writeSegment(show.dir, { rung: 480, part: 2, size: '1280x720', source: 'smptebars' });
    expect((await room(show.id)).angles[1]!.resolution).toEqual({ width: 640, height: 360 });
    expect((await get(`/events/${show.id}/live/preview/1`)).rawPayload.equals(firstPreview)).toBe(true);

    x.clock.advance(5_001);
    expect((await room(show.id)).angles[1]!.resolution).toEqual({ width: 1280, height: 720 });
    const newer = await get(`/events/${show.id}/live/preview/1`);
    expect(newer.statusCode).toBe(200);
    expect(newer.rawPayload.equals(firstPreview)).toBe(false);
  });

  it('a preview of a feed with no segment is a 404 sentence', async () => {
    const show = await publishingShow('media-none');
    const res = await get(`/events/${show.id}/live/preview/1`);
    expect([res.statusCode, res.json().message]).toEqual([404, M.noPreview]);
  });
});

describe('without the engines on the server', () => {
  it('the control room still answers (figures unknown) and the preview says why it cannot be made', async () => {
    const show = await publishingShow('media-no-engines');
    // A listed segment (its bytes are never read without the engines).
    await fs.mkdir(show.dir, { recursive: true });
    await fs.writeFile(path.join(show.dir, 'v480_p1_00000.ts'), Buffer.alloc(188, 0xff));
    await fs.writeFile(path.join(show.dir, listFile(480, 1)), 'v480_p1_00000.ts,0.000000,1.000000\n');
    const config = {
      ...x.t.config.live,
      engines: { ...x.t.config.live.engines, ffmpeg: '/nowhere/ffmpeg', ffprobe: '/nowhere/ffprobe' },
    };
    const without = createLiveControlRoom({
      uow: createUnitOfWork(x.t.database.db, createRepositories),
      settings: config,
      srtKey: deriveKeys(x.t.config.jwtSecret).srtPassphrases,
      hooks: { dropEncoders: async () => undefined, feedsChanged: () => undefined },
      probe: createFeedProbe({
        liveDir: config.dir,
        ffmpeg: '/nowhere/ffmpeg',
        ffprobe: '/nowhere/ffprobe',
        now: x.clock.now,
      }),
      heartbeatSeconds: x.t.config.viewing.heartbeatSeconds,
      ingestStatus: () => ({ state: 'listening', reason: null }),
      now: x.clock.now,
    });
    const angle = (await without.state(show.id)).angles[1]!;
    expect([angle.state, angle.resolution, angle.bitrateKbps, angle.previewUrl]).toEqual([
      'live',
      null,
      null,
      `/v1/studio/events/${show.id}/live/preview/1`,
    ]);
    await expect(without.preview(show.id, 1)).rejects.toMatchObject({ status: 503, message: M.previewUnavailable });
  });
});
