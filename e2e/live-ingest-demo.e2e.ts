// @widths none: no page; the README's live demo command against a real server and ingest
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { feedSegments } from '../src/server/modules/live/livePlaylist';
import { packagedFeedDirs } from './support/packagedFeeds';
import { freePort, startServer, type RunningServer } from './support/server';
import { poll } from './support/waitUntil';

/**
 * The README's live demo, typed as it gives it: `npm start` (here the real server on a fresh data
 * dir, its demo catalog seeded), then `npm run live:demo` in another terminal. The demo's clips are
 * 12 s long: every feed must keep publishing well past one pass of its clip (looping, not dying at
 * the end as it did when ffmpeg could not seek its HLS input back to the start), and Ctrl+C stops it.
 */
const ROOT = path.resolve(__dirname, '..');
/** The demo clips' length: a feed packaged for longer than this has looped. */
const CLIP_SECONDS = 12;

let server: RunningServer;
let env: Record<string, string>;
let demo: ChildProcess | undefined;
let demoOutput = '';

beforeAll(async () => {
  env = {
    LOG_LEVEL: 'info',
    LIVE_INGEST: 'auto',
    LIVE_RTMP_PORT: String(await freePort()),
    LIVE_SRT_PORT_BASE: String(30_000 + Math.floor(Math.random() * 300) * 100),
    LIVE_INGEST_HOST: '127.0.0.1',
    LIVE_X264_PRESET: 'ultrafast',
  };
  server = await startServer(env);
  env.PORT = new URL(server.baseUrl).port;
}, 120_000);

afterAll(async () => {
  if (demo && demo.exitCode === null) process.kill(-demo.pid!, 'SIGKILL');
  await server?.stop();
});

/** Seconds of picture packaged per feed of the show (live/<event>/a<angle>/, rung 144p). */
async function packagedSeconds(): Promise<number[]> {
  const feeds = packagedFeedDirs(server.dataDir);
  return Promise.all(
    feeds.map(async (dir) => (await feedSegments(dir, 144, 9)).reduce((sum, s) => sum + s.durationS, 0)),
  );
}

it('the ingest listens for encoders, as the start line and /readyz say', async () => {
  // The line comes once nginx answers, after the server does.
  const started = await poll(
    'the ingest’s start line',
    async () => server.output(),
    (o) => o.includes('Live ingest'),
  );
  expect(started).toContain(`encoders connect to rtmp://127.0.0.1:${env.LIVE_RTMP_PORT}/live`);
  const ready = (await (await fetch(`${server.baseUrl}/readyz`)).json()) as { ingest: unknown };
  expect(ready.ingest).toEqual({ state: 'listening', reason: null });
});

it('npm run live:demo pushes every feed of the demo show, looping its clips, until Ctrl+C', async () => {
  // Its own process group, as a terminal runs it: Ctrl+C signals npm, node and the encoders alike.
  demo = spawn('npm', ['run', 'live:demo'], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATA_DIR: server.dataDir },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  demo.stdout!.on('data', (d: Buffer) => (demoOutput += d.toString()));
  demo.stderr!.on('data', (d: Buffer) => (demoOutput += d.toString()));
  const exited = new Promise<number | null>((resolve) => demo!.once('exit', (code) => resolve(code)));

  const pushing = await poll(
    'the demo to start its encoders',
    async () => demoOutput,
    (o) => /Pushing "/.test(o),
    {
      timeout: 60_000,
      context: () => demoOutput,
    },
  );
  const feeds = Number(/: (\d+) feeds over RTMP/.exec(pushing)?.[1]);
  expect(feeds).toBeGreaterThan(1);
  expect(pushing).toContain(`:${env.PORT}/player/midnight-brass-club`);

  // Every feed past a pass and a half of its clip, and no encoder stopped on the way.
  const seen = await poll(
    'every feed to play past the end of its clip, or an encoder to stop',
    async () => ({ stopped: /the encoder stopped/.test(demoOutput), seconds: await packagedSeconds() }),
    (s) => s.stopped || (s.seconds.length === feeds && s.seconds.every((x) => x >= CLIP_SECONDS * 1.5)),
    { timeout: 90_000, every: 500, context: () => demoOutput },
  );
  expect(seen.stopped ? demoOutput : 'every encoder publishing').toBe('every encoder publishing');

  process.kill(-demo.pid!, 'SIGINT');
  await exited;
  expect(server.output()).not.toMatch(/Seek to start failed/);
}, 180_000);
