import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { clockFile, listFile, RUNGS, segmentPattern, type PackagedRung, type PartClock } from '../liveFiles';

const run = promisify(execFile);

/** MPEG-TS timestamps wrap at 2^33 ticks of 90 kHz; FLV's (RTMP) at 2^31 ms as ffmpeg writes them, 2^32 as read. */
const TS_WRAP_S = 2 ** 33 / 90_000;
const FLV_WRAPS_S = [2 ** 31 / 1000, 2 ** 32 / 1000];
/** An encoder whose timestamps read as a capture moment this recent stamps its capture clock. */
const CAPTURE_CLOCK_WITHIN_S = 30;

const mod = (a: number, m: number) => ((a % m) + m) % m;

/**
 * ffmpeg's arguments for one publish of one feed: the feed read once from the ingest, decoded once,
 * scaled to each rung (never taller than the encoder's picture), encoded with keyframes where the
 * encoder put them (so every rung cuts its segments at the same moments), the sound as sent, and
 * each rung written as MPEG-TS segments with a list of their start and end in the encoder's own
 * timestamps (`-copyts`: the encoder's clock is kept, not restarted at zero).
 */
export function packagerArgs(o: {
  input: string;
  dir: string;
  part: number;
  preset: string;
  ladder: PackagedRung[];
  analyzeSeconds: number;
}): string[] {
  const split = `[0:v:0]split=${o.ladder.length}${o.ladder.map((_, i) => `[s${i}]`).join('')}`;
  const scales = o.ladder.map((r, i) =>
    r.height === null
      ? `[s${i}]scale=-2:'trunc(min(${r.name},ih)/2)*2'[v${i}]`
      : `[s${i}]scale=${r.width}:${r.height}[v${i}]`,
  );
  const args = [
    '-hide_banner',
    '-loglevel',
    'warning',
    '-nostdin',
    '-copyts',
    '-fflags',
    '+nobuffer',
    // The ingest passes a joining reader the video from the next keyframe on: with the 1 s keyframe
    // interval encoders are asked for, 1.5 s finds both streams (ffmpeg's 5 s would delay every
    // publish, and every return after a drop, by as much). A longer interval: engine.ts tries again.
    '-analyzeduration',
    String(o.analyzeSeconds * 1_000_000),
    '-i',
    o.input,
    '-filter_complex',
    [split, ...scales].join(';'),
  ];
  for (const [i, packaged] of o.ladder.entries()) {
    const rung = RUNGS.find((r) => r.height === packaged.name)!;
    args.push(
      '-map',
      `[v${i}]`,
      '-map',
      '0:a:0?',
      '-c:v',
      'libx264',
      '-preset',
      o.preset,
      '-tune',
      'zerolatency',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      `${rung.videoKbps}k`,
      '-maxrate',
      `${Math.round(rung.videoKbps * 1.2)}k`,
      '-bufsize',
      `${rung.videoKbps * 2}k`,
      '-force_key_frames',
      'source',
      '-g',
      '600',
      '-sc_threshold',
      '0',
      '-c:a',
      'copy',
      '-muxdelay',
      '0',
      '-muxpreload',
      '0',
      '-f',
      'segment',
      '-segment_time',
      '1',
      '-segment_format',
      'mpegts',
      '-segment_list',
      path.join(o.dir, listFile(packaged.name, o.part)),
      '-segment_list_type',
      'csv',
      path.join(o.dir, segmentPattern(packaged.name, o.part)),
    );
  }
  return args;
}

/**
 * The part's clock (liveFiles.ts PartClock), once its first segment is listed: that segment's real
 * start (ffprobe reads its first timestamp; the list says 0), then whether the encoder stamps its
 * capture clock (the timestamps, modulo what FLV or MPEG-TS holds, read as a moment of the last 30 s)
 * or counts from zero (then the first frame is dated when the publish arrived).
 */
export async function writePartClock(o: {
  dir: string;
  part: number;
  ffprobe: string;
  publishedAtMs: number;
  /** A rung the part packages: its first segment is read. */
  rung: number;
  now: () => number;
  stopped: () => boolean;
}): Promise<PartClock | null> {
  const list = path.join(o.dir, listFile(o.rung, o.part));
  for (let waited = 0; waited < 120_000 && !o.stopped(); waited += 100) {
    const text = await fs.readFile(list, 'utf8').catch(() => '');
    const first = text.split('\n')[0]?.split(',');
    if (first && first.length === 3) {
      const end = Number(first[2]);
      const { stdout } = await run(o.ffprobe, [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=start_time',
        '-of',
        'default=nw=1:nk=1',
        path.join(o.dir, first[0]!),
      ]);
      const wrapped = Number(stdout.trim());
      const firstStart = Number.isFinite(wrapped) ? end - mod(end - wrapped, TS_WRAP_S) : end - 1;
      const nowS = o.now() / 1000;
      let clock: PartClock = { offsetMs: o.publishedAtMs - firstStart * 1000, firstStart, clock: 'arrival' };
      for (const wrap of [...FLV_WRAPS_S, TS_WRAP_S]) {
        // Signed: an encoder's clock may run a little ahead of ours.
        const age = mod(nowS - end + wrap / 2, wrap) - wrap / 2;
        if (Math.abs(age) < CAPTURE_CLOCK_WITHIN_S) {
          clock = { offsetMs: (nowS - age - end) * 1000, firstStart, clock: 'encoder' };
          break;
        }
      }
      await fs.writeFile(path.join(o.dir, clockFile(o.part)), JSON.stringify(clock));
      return clock;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}
