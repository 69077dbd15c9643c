import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { LIVE_PREVIEW_HEIGHT } from '../../../shared/contract/studioLive';
import { createTtlCache } from '../../platform/ttlCache';
import { clockFile, feedDir, type PartClock } from './liveFiles';

const run = promisify(execFile);

/** What the control room shows of a feed's newest segment. */
export type FeedPicture = { width: number; height: number; bitrateKbps: number | null };

/** How long a feed's figures and its preview are kept: the console asks every few seconds. */
const INFO_TTL_MS = 3_000;
const PREVIEW_TTL_MS = 5_000;
/** An engine that takes longer than this on one second of video is stuck: it is stopped. */
const ENGINE_TIMEOUT_MS = 10_000;

/** A segment list's name: `v{rung}_p{part}.csv` (liveFiles.ts listFile). */
const LIST = /^v(\d{3})_p(\d{1,4})\.csv$/;

/** The ffmpeg engines were not found on this machine (the preview cannot be made). */
export class EngineMissing extends Error {}

/**
 * What a feed sends, read from what the packager wrote (live/ingest/packager.ts): its newest
 * finished segment of its newest part's top rung, as the segment list names it. The media is read
 * by the engines (ffprobe for the size and bitrate, ffmpeg for a small JPEG), never in Node. Each
 * answer is kept a few seconds per feed and made once however many organizers ask.
 */
export function createFeedProbe(deps: { liveDir: string; ffmpeg: string; ffprobe: string; now: () => number }) {
  /**
   * The newest finished segment of the feed's newest part, top rung, and when the last of its picture
   * was captured (the part's clock: PartClock); null before its first segment.
   */
  async function newestSegment(
    eventId: number,
    angle: number,
  ): Promise<{ file: string; capturedUntilMs: number | null } | null> {
    const dir = feedDir(deps.liveDir, eventId, angle);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    let best: { rung: number; part: number; name: string } | null = null;
    for (const name of names) {
      const m = LIST.exec(name);
      if (!m) continue;
      const [rung, part] = [Number(m[1]), Number(m[2])];
      if (!best || part > best.part || (part === best.part && rung > best.rung)) best = { rung, part, name };
    }
    if (!best) return null;
    const text = await fs.readFile(path.join(dir, best.name), 'utf8').catch(() => '');
    const [last, , endText] = text.trim().split('\n').pop()?.split(',') ?? [];
    // The list names files in the feed's own folder: anything else is not read.
    if (!last || !/^v\d{3}_p\d{1,4}_\d{5}\.ts$/.test(last)) return null;
    const clockText = await fs.readFile(path.join(dir, clockFile(best.part)), 'utf8').catch(() => null);
    const clock = clockText ? (JSON.parse(clockText) as PartClock) : null;
    const end = Number(endText);
    return {
      file: path.join(dir, last),
      capturedUntilMs: clock && Number.isFinite(end) ? clock.offsetMs + end * 1000 : null,
    };
  }

  const engineError = (error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new EngineMissing('ffmpeg/ffprobe not found');
    return error;
  };

  async function probe(file: string): Promise<FeedPicture | null> {
    const { stdout } = await run(
      deps.ffprobe,
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=width,height:format=bit_rate',
        '-of',
        'json',
        file,
      ],
      { timeout: ENGINE_TIMEOUT_MS },
    ).catch((e: unknown) => {
      throw engineError(e);
    });
    const out = JSON.parse(stdout) as {
      streams?: { width?: number; height?: number }[];
      format?: { bit_rate?: string };
    };
    const video = out.streams?.[0];
    if (!video?.width || !video.height) return null;
    const bitrate = Number(out.format?.bit_rate);
    return {
      width: video.width,
      height: video.height,
      bitrateKbps: Number.isFinite(bitrate) && bitrate > 0 ? Math.round(bitrate / 1000) : null,
    };
  }

  async function picture(file: string): Promise<Buffer> {
    const { stdout } = await run(
      deps.ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-i',
        file,
        '-frames:v',
        '1',
        '-vf',
        `scale=-2:${LIVE_PREVIEW_HEIGHT}`,
        '-q:v',
        '6',
        '-f',
        'image2pipe',
        '-c:v',
        'mjpeg',
        'pipe:1',
      ],
      { timeout: ENGINE_TIMEOUT_MS, encoding: 'buffer', maxBuffer: 4 * 1024 * 1024 },
    ).catch((e: unknown) => {
      throw engineError(e);
    });
    return stdout;
  }

  const key = (eventId: number, angle: number) => `${eventId}/${angle}`;
  const split = (k: string) => k.split('/').map(Number) as [number, number];
  const infos = createTtlCache({
    ttlMs: INFO_TTL_MS,
    max: 1000,
    now: deps.now,
    load: async (k: string) => {
      const newest = await newestSegment(...split(k));
      if (!newest) return { file: null, picture: null, packagedBehindMs: null };
      // How long after its capture the newest picture was packaged, measured now (kept a few seconds
      // with the rest, so it may be that old, never inflated by the wait).
      const packagedBehindMs =
        newest.capturedUntilMs === null ? null : Math.max(0, Math.round(deps.now() - newest.capturedUntilMs));
      // Without ffprobe, or a segment it cannot read, the figures are unknown; the control room still answers.
      const found = await probe(newest.file).catch(() => null);
      return { file: newest.file, picture: found, packagedBehindMs };
    },
  });
  const previews = createTtlCache({
    ttlMs: PREVIEW_TTL_MS,
    max: 200,
    now: deps.now,
    load: async (k: string) => {
      const newest = await newestSegment(...split(k));
      return newest ? picture(newest.file) : null;
    },
  });

  return {
    /** The feed's newest segment (null: none yet) and its size and bitrate (null: unknown). */
    info: (eventId: number, angle: number) => infos.get(key(eventId, angle)),
    /** A JPEG of the feed's newest segment; null when it has none. Throws EngineMissing without ffmpeg. */
    preview: (eventId: number, angle: number) => previews.get(key(eventId, angle)),
  };
}
export type FeedProbe = ReturnType<typeof createFeedProbe>;
