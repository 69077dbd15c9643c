import type { ChildProcess } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import { startEngine, stopEngine } from './processes';

export type SrtFeed = { eventId: number; angle: number; port: number; passphrase: string; relayName: string };

/**
 * One SRT listener per open feed (ffmpeg, on the feed's own UDP port): libsrt admits only a caller
 * with the feed's passphrase, and one caller at a time (ffmpeg listens for one connection); the
 * listener relays what it receives, unchanged (`-c copy`, timestamps kept), into the RTMP ingest
 * under the feed's relay name, where it is published like any encoder. When the caller leaves,
 * ffmpeg exits and the listener is started again. It passes each packet on as it comes
 * (`-fflags nobuffer`, `-max_interleave_delta 0`, `-flush_packets 1`): left to interleave audio and
 * video on its own, the relay held the picture back 1–1.5 s, and an SRT angle never came into step
 * with the RTMP ones (e2e/live-ingest.e2e.ts).
 */
export function createSrtListeners(o: { ffmpeg: string; rtmpUrl: (name: string) => string; log: FastifyBaseLogger }) {
  const running = new Map<number, { feed: SrtFeed; child: ChildProcess }>();
  /** Listeners that failed as they started, in a row, per port: each waits twice as long (to 30 s). */
  const failures = new Map<number, number>();
  let stopped = false;

  function listen(feed: SrtFeed) {
    const startedAt = Date.now();
    const url =
      `srt://0.0.0.0:${feed.port}?mode=listener&passphrase=${feed.passphrase}&pbkeylen=16` +
      '&latency=120000&transtype=live';
    const child = startEngine(
      o.ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-copyts',
        '-fflags',
        'nobuffer',
        '-i',
        url,
        '-map',
        '0',
        '-c',
        'copy',
        '-max_interleave_delta',
        '0',
        '-flush_packets',
        '1',
        '-f',
        'flv',
        o.rtmpUrl(feed.relayName),
      ],
      o.log,
      { eventId: feed.eventId, angle: feed.angle, srtPort: feed.port },
    );
    running.set(feed.port, { feed, child });
    child.on('exit', () => {
      if (running.get(feed.port)?.child !== child) return;
      running.delete(feed.port);
      // The caller left: listen again for the next one. A listener that could not even start (its port
      // taken) is tried again later and later, not in a loop.
      const failed = Date.now() - startedAt < 2000 ? (failures.get(feed.port) ?? 0) + 1 : 0;
      failures.set(feed.port, failed);
      const delay = Math.min(30_000, 500 * 2 ** failed);
      if (!stopped) setTimeout(() => !stopped && !running.has(feed.port) && listen(feed), delay).unref();
    });
  }

  return {
    /** Makes the listeners match `feeds`: new ones started, gone or re-keyed ones stopped. */
    async reconcile(feeds: SrtFeed[]) {
      if (stopped) return;
      const wanted = new Map(feeds.map((f) => [f.port, f]));
      for (const [port, { feed, child }] of running) {
        const next = wanted.get(port);
        if (!next || next.passphrase !== feed.passphrase || next.relayName !== feed.relayName) {
          running.delete(port);
          await stopEngine(child, 'SIGTERM', 2000);
        }
      }
      for (const feed of feeds) if (!running.has(feed.port)) listen(feed);
    },
    async stop() {
      stopped = true;
      await Promise.all([...running.values()].map(({ child }) => stopEngine(child, 'SIGTERM', 2000)));
      running.clear();
    },
  };
}
