import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { clockFile, listFile, type PartClock } from '../../src/server/modules/live/liveFiles';
import { feedSegments, renderLiveRendition } from '../../src/server/modules/live/livePlaylist';
import { createSegmentLists } from '../../src/server/modules/live/segmentLists';
import { exitOnMissedGoals, record } from './goals';

/**
 * `npm run bench:playlist`: what a player's poll of a live rendition costs the origin at four hours
 * of show beside four minutes. A feed's folder is written as the packager writes it (its part's
 * clock, its segment list of one-second segments); then POLLS polls, each after the muxer appended
 * one more segment, as the server answers them (liveMedia.ts: the list read on from the last poll,
 * the rendition rendered), whole and as the delta update a player asks for (`_HLS_skip=YES`).
 * Three runs; per length the median and spread of the origin's time per poll and the bytes of one
 * answer. Goals: a four-hour show's delta poll at most 1.5× a four-minute one's in time, and within
 * 5 % in bytes. Not a test: figures for the issue notes.
 */
const POLLS = Number(process.env.BENCH_POLLS ?? 500);
const RUNS = 3;
const SHOWS = [
  { name: '4 min', seconds: 4 * 60 },
  { name: '4 h', seconds: 4 * 3600 },
];
const TIME_RATIO_GOAL = 1.5;
const BYTES_RATIO_GOAL = 1.05;
const AIR = Date.UTC(2026, 10, 29, 20, 0, 0);

const line = (n: number) => `v270_p1_${String(n).padStart(5, '0')}.ts,${n}.000000,${n + 1}.000000\n`;

/** A feed's folder with `seconds` of one-second segments, as the packager leaves it. */
async function writeFeed(seconds: number): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-playlist-'));
  const clock: PartClock = { offsetMs: AIR, firstStart: 0, clock: 'encoder' };
  await fs.writeFile(path.join(dir, clockFile(1)), JSON.stringify(clock));
  await fs.writeFile(path.join(dir, listFile(270, 1)), Array.from({ length: seconds }, (_, n) => line(n)).join(''));
  return dir;
}

/** POLLS polls of a growing feed: the origin's mean time per poll (ms) and the bytes of the last answer. */
async function polls(seconds: number, skip: boolean): Promise<{ ms: number; bytes: number }> {
  const dir = await writeFeed(seconds);
  const lists = createSegmentLists();
  const poll = async () =>
    renderLiveRendition(await feedSegments(dir, 270, 1, lists), { airStartMs: AIR, ended: false, skip });
  await poll();
  let body = '';
  let spent = 0;
  for (let i = 0; i < POLLS; i += 1) {
    await fs.appendFile(path.join(dir, listFile(270, 1)), line(seconds + i));
    const started = process.hrtime.bigint();
    body = await poll();
    spent += Number(process.hrtime.bigint() - started) / 1e6;
  }
  await fs.rm(dir, { recursive: true, force: true });
  return { ms: spent / POLLS, bytes: Buffer.byteLength(body) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);

async function main() {
  const runs: Record<string, { ms: number[]; bytes: number[] }> = {};
  for (let run = 0; run < RUNS; run += 1)
    for (const show of SHOWS)
      for (const skip of [false, true]) {
        const key = `${show.name} ${skip ? 'delta' : 'whole'}`;
        const figures = await polls(show.seconds, skip);
        runs[key] ??= { ms: [], bytes: [] };
        runs[key].ms.push(figures.ms);
        runs[key].bytes.push(figures.bytes);
      }
  console.log(`A live rendition's poll at the origin (${POLLS} polls a run, ${RUNS} runs; median, spread):`);
  for (const [key, r] of Object.entries(runs))
    console.log(
      `  ${key.padEnd(13)} ${median(r.ms).toFixed(3)} ms (±${spread(r.ms).toFixed(3)}), ${median(r.bytes)} B`,
    );
  const [short, long] = [runs['4 min delta']!, runs['4 h delta']!];
  const timeRatio = median(long.ms) / median(short.ms);
  const bytesRatio = median(long.bytes) / median(short.bytes);
  console.log(`\n4 h / 4 min, delta polls: time ${timeRatio.toFixed(2)}×, bytes ${bytesRatio.toFixed(3)}×`);
  record("a 4-hour show's delta poll, time against a 4-minute show's", timeRatio, TIME_RATIO_GOAL, '<=', '×');
  record("a 4-hour show's delta poll, bytes against a 4-minute show's", bytesRatio, BYTES_RATIO_GOAL, '<=', '×');
  exitOnMissedGoals();
}

void main();
