import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../config';
import { feedDir, ladderFile, ladderFor } from '../liveFiles';
import type { Publish } from '../publishDecision';
import { packagerArgs, writePartClock } from './packager';
import { startEngine } from './processes';

/** How long a packager first reads a feed to find its streams, and how long when that was not enough. */
const FIRST_LOOK_S = 1.5;
const LONG_LOOK_S = 10;
/** A packager that stops this soon after it started failed to start. */
const EARLY_FAILURE_MS = 20_000;

/** A publishing feed's packager: its ffmpeg, the publish it packages, whether it was stopped on purpose. */
type Packager = { child: ChildProcess; publish: Publish; stopped: boolean };

/**
 * The ingest's packagers (engine.ts starts them from the publish callbacks), one per publishing feed
 * by its stream name: the ladder from the size its encoder announced, ffmpeg, and the part dated.
 */
export function createFeedPackagers(deps: {
  settings: AppConfig['live'];
  rtmpUrl: (stream: string) => string;
  /** The picture size the encoder announced, or null when none came in time. */
  sourceSize: (stream: string) => Promise<Parameters<typeof ladderFor>[0]>;
  log: FastifyBaseLogger;
}) {
  const { settings, rtmpUrl, sourceSize, log } = deps;
  const packagers = new Map<string, Packager>();

  /**
   * Packages a publishing feed: its ladder from the size its encoder announced, then ffmpeg. A packager
   * that fails as it starts (an encoder with keyframes further apart than the first look allows)
   * is started again once, looking longer.
   */
  async function startPackager(publish: Publish, analyzeSeconds = FIRST_LOOK_S) {
    const dir = feedDir(settings.dir, publish.eventId, publish.angle);
    fs.mkdirSync(dir, { recursive: true });
    const publishedAtMs = Date.now();
    const ladder = ladderFor(await sourceSize(publish.stream));
    fs.writeFileSync(path.join(dir, ladderFile(publish.part)), JSON.stringify(ladder));
    const input = rtmpUrl(publish.stream);
    const child = startEngine(
      settings.engines.ffmpeg,
      packagerArgs({ input, dir, part: publish.part, preset: settings.x264Preset, ladder, analyzeSeconds }),
      log,
      { eventId: publish.eventId, angle: publish.angle, part: publish.part },
    );
    const entry = { child, publish, stopped: false };
    packagers.set(publish.stream, entry);
    child.on('exit', (code) => {
      if (packagers.get(publish.stream) === entry) packagers.delete(publish.stream);
      if (entry.stopped) return;
      const early = Date.now() - publishedAtMs < EARLY_FAILURE_MS;
      if (code !== 0 && early && analyzeSeconds < LONG_LOOK_S) {
        log.warn({ eventId: publish.eventId, angle: publish.angle }, 'live packager starting again, looking longer');
        void startPackager(publish, LONG_LOOK_S).catch((err: unknown) =>
          log.error({ err }, 'live packager not started'),
        );
        return;
      }
      log.error({ eventId: publish.eventId, angle: publish.angle, code }, 'live packager stopped');
    });
    void writePartClock({
      dir,
      part: publish.part,
      ffprobe: settings.engines.ffprobe,
      publishedAtMs,
      rung: ladder.at(-1)!.name,
      stopped: () => entry.stopped || packagers.get(publish.stream) !== entry,
      now: Date.now,
    }).then(
      (clock) =>
        clock && log.info({ eventId: publish.eventId, angle: publish.angle, clock: clock.clock }, 'live feed dated'),
      (err: unknown) => log.error({ err }, 'live feed not dated'),
    );
  }
  return { packagers, startPackager };
}
