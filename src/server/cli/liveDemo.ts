import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { encoderArgs } from './encoderArgs';
import { feedUrls, type IssuedKeys } from './feedUrls';
import { liveCommand } from './liveControl';

const DEFAULT_EVENT = 'midnight-brass-club';

/** The demo clip of an angle, its 480p rendition (null: the demo has none, a test pattern plays). */
function demoClip(clips: string, angle: number): string | null {
  const playlist = path.join(
    clips,
    angle === 0 ? 'program' : `angle-${angle}`,
    angle === 0 ? 'index.m3u8' : 'v480.m3u8',
  );
  return fs.existsSync(playlist) ? playlist : null;
}

/**
 * `npm run live:demo [-- EVENT]`: the demo show pushed into the real ingest as an artist's encoders
 * would: the event goes on air now (not in production), and every feed (the program cut and each
 * angle) comes from the demo's committed clips, looped, at 320×180 over RTMP, each with fresh stream
 * keys (the previous ones stop). Runs until Ctrl+C. Without it, a 'Live' event without keys plays
 * the simulated fallback.
 */
async function run() {
  const event = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? DEFAULT_EVENT;
  // A new show first (an ended one takes no keys), then fresh keys for it.
  const { data: onAir } = await liveCommand<{ airStartDate: string }>(
    { path: '/internal/live/on-air', body: { event } },
    (s) => s.putOnAir(event),
  );
  const { config, data } = await liveCommand<IssuedKeys>(
    { path: '/internal/live/keys', body: { event, rotate: true } },
    (s) => s.issueKeys(event, { rotate: true }),
  );
  const clips = path.join(config.mediaDir, 'streams');
  // Every clip starts now: the angles' first frames share a capture moment, as cameras filming one stage.
  const startedAtMs = Date.now();
  const encoders: ChildProcess[] = [];
  for (const feed of data.feeds) {
    const { rtmp } = feedUrls(config.live, feed);
    const clip = demoClip(clips, feed.angle);
    const source = clip ? ['-re', '-stream_loop', '-1', '-i', clip] : undefined;
    const url = rtmp.replace(`//${config.live.ingestHost}:`, '//127.0.0.1:');
    const child = spawn(
      config.live.engines.ffmpeg,
      encoderArgs({
        url,
        name: feed.name,
        width: 320,
        height: 180,
        format: 'flv',
        ...(source ? { source, startedAtMs } : {}),
      }),
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.on('exit', (code) => console.log(`  ${feed.name}: the encoder stopped (${code ?? 'signal'}).`));
    encoders.push(child);
  }
  console.log(
    `Pushing "${data.event.title}" (event ${data.event.id}): ${data.feeds.length} feeds over RTMP at 320×180, ` +
      `on air since ${onAir.airStartDate}.\nWatch: ${config.publicUrl}/player/${event}\n` +
      `Ctrl+C stops the encoders; npm run live:end -- ${event} ends the show (its replay plays at once).`,
  );
  const stop = () => {
    for (const child of encoders) child.kill('SIGINT');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
