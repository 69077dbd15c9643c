import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestStatus } from '../../../../shared/contract/health';
import type { AppConfig } from '../../../config';
import { XMLParser } from 'fast-xml-parser';
import type { IngestHooks } from '../ingestHooks';
import type { LiveService } from '../service';
import { renderIngestNginxConfig } from './nginxConfig';
import { startEngine, stopEngine } from './processes';
import { createFeedPackagers } from './feedPackagers';
import { createSrtListeners } from './srtListeners';

/** How long a new publish waits for its encoder's announced picture size before packaging the whole ladder. */
const SOURCE_SIZE_WAIT_MS = 1000;

/** The picture size nginx's statistics (XML) give for `stream`, from the encoder's metadata; null before. */
export function streamSize(statXml: string, stream: string): { width: number; height: number } | null {
  const parsed = new XMLParser({ isArray: (name) => name === 'stream' }).parse(statXml) as {
    rtmp?: { server?: { application?: unknown } };
  };
  const apps = [parsed.rtmp?.server?.application].flat() as { live?: { stream?: StatStream[] } }[];
  for (const app of apps) {
    const found = app?.live?.stream?.find((s) => String(s.name) === stream);
    const video = found?.meta?.video;
    if (video && Number(video.width) > 0 && Number(video.height) > 0)
      return { width: Number(video.width), height: Number(video.height) };
  }
  return null;
}
type StatStream = { name: string; meta?: { video?: { width?: number; height?: number } } };

/** How often the SRT listeners are matched to the database (keys issued or rotated on another instance). */
const SRT_RECONCILE_MS = 5000;

/** Debian's engines (config.ts's defaults): what the test runner looks for. */
export const DEFAULT_ENGINES: AppConfig['live']['engines'] = {
  nginx: '/usr/sbin/nginx',
  rtmpModule: '/usr/lib/nginx/modules/ngx_rtmp_module.so',
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffprobe',
};

/** What the ingest needs that may be missing on this machine; empty when it can run. */
export function missingEngines(engines: AppConfig['live']['engines']): string[] {
  const missing: string[] = [];
  if (!fs.existsSync(engines.nginx)) missing.push(`nginx (${engines.nginx})`);
  if (!fs.existsSync(engines.rtmpModule)) missing.push(`nginx's RTMP module (${engines.rtmpModule})`);
  for (const [name, bin] of [
    ['ffmpeg', engines.ffmpeg],
    ['ffprobe', engines.ffprobe],
  ] as const) {
    try {
      execFileSync(bin, ['-version'], { stdio: 'ignore' });
    } catch {
      missing.push(`${name} (${bin})`);
    }
  }
  return missing;
}

/**
 * An nginx a previous run of this server left behind (the server was killed outright, and nginx,
 * its child, lived on) still holds the RTMP port and calls back to a server that is gone: it is
 * stopped first. Its pid file is in this DATA_DIR's ingest folder, so another server's is never touched.
 */
async function stopStaleNginx(pidFile: string, log: FastifyBaseLogger): Promise<void> {
  let pid: number;
  let command: string;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // no pid file, or that process is gone
  }
  if (!(pid > 0) || !command.includes('nginx') || !command.includes(path.dirname(pidFile))) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    return;
  }
  log.warn({ pid }, 'live ingest: stopping the nginx a previous run left behind');
  // It lets go of the port as it exits.
  for (let waited = 0; waited < 5000 && fs.existsSync(`/proc/${pid}`); waited += 100)
    await new Promise((r) => setTimeout(r, 100));
}

/** Whether the nginx just started answers on its control socket within `timeoutMs` (false: it exited or never did). */
async function ownNginxListens(nginx: ChildProcess, ask: (path: string) => Promise<string>, timeoutMs: number) {
  for (const started = Date.now(); Date.now() - started < timeoutMs;) {
    if (nginx.exitCode !== null || nginx.signalCode !== null) return false;
    if (await ask('/stat')) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

function waitForPort(port: number, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() - started > timeoutMs) resolve(false);
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/**
 * Starts the live ingest beside this server: nginx with its RTMP module for encoders (publishing
 * decided by this server's callbacks), an ffmpeg packager per publishing feed (started and stopped by
 * the callbacks), and ffmpeg SRT listeners for every open feed. Node decides; the engines move the
 * bytes. Answers the line `npm start` prints, and how to stop it all.
 */
export async function startIngest(o: {
  config: AppConfig;
  serverPort: number;
  live: LiveService;
  hooks: IngestHooks & { attach(hooks: IngestHooks): void };
  ingestKey: string;
  log: FastifyBaseLogger;
}): Promise<{ line: string; status: IngestStatus; stop: () => Promise<void> }> {
  const { config, live, log } = o;
  const settings = config.live;
  // The start line may say where to look; /readyz, which anyone may ask, says only why.
  const off = (reason: string, hint: string) => ({
    line: `Live ingest is off: ${reason} (${hint}).`,
    status: { state: 'off' as const, reason },
    stop: async () => undefined,
  });
  const missing = missingEngines(settings.engines);
  if (missing.length)
    return off(`${missing.join(', ')} not installed`, 'sudo apt-get install -y nginx libnginx-mod-rtmp ffmpeg');

  const prefix = path.join(settings.dir, 'nginx');
  fs.mkdirSync(path.join(prefix, 'tmp'), { recursive: true, mode: 0o700 });
  const controlSocket = path.join(prefix, 'control.sock');
  fs.rmSync(controlSocket, { force: true });
  const confFile = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    confFile,
    renderIngestNginxConfig({
      prefix,
      rtmpModule: settings.engines.rtmpModule,
      rtmpPort: settings.rtmpPort,
      controlSocket,
      callbackBase: `http://127.0.0.1:${o.serverPort}`,
      token: o.ingestKey,
    }),
    { mode: 0o600 },
  );
  await live.ingestRestarted();
  await stopStaleNginx(path.join(prefix, 'nginx.pid'), log);
  const nginx = startEngine(
    settings.engines.nginx,
    ['-p', prefix, '-c', confFile, '-e', path.join(prefix, 'error.log')],
    log,
    {
      engine: 'nginx',
    },
  );
  const ask = (pathAndQuery: string) =>
    new Promise<string>((resolve) => {
      const req = http.request({ socketPath: controlSocket, path: pathAndQuery }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve(body));
      });
      req.on('error', () => resolve(''));
      req.end();
    });
  // nginx opens every socket it listens on before it serves any: its control socket answering says it
  // has the RTMP port. A port that answers while ours does not is another program's (nginx retries a
  // taken port for a few seconds, then exits), and encoders would reach that program, not us.
  if (!(await ownNginxListens(nginx, ask, 10_000))) {
    await stopEngine(nginx, 'SIGQUIT', 2000);
    const taken = await waitForPort(settings.rtmpPort, 500);
    return off(
      `nginx could not listen on RTMP port ${settings.rtmpPort}${taken ? ', which another program holds' : ''}`,
      `see ${path.join(prefix, 'error.log')}`,
    );
  }

  const rtmpUrl = (name: string) => `rtmp://127.0.0.1:${settings.rtmpPort}/live/${name}`;
  const srt = createSrtListeners({ ffmpeg: settings.engines.ffmpeg, rtmpUrl, log });
  const reconcileSrt = () =>
    live
      .srtFeeds()
      .then((feeds) => srt.reconcile(feeds))
      .catch((err: unknown) => log.error({ err }, 'live ingest: SRT listeners not updated'));
  const timer = setInterval(reconcileSrt, SRT_RECONCILE_MS);
  timer.unref();
  await reconcileSrt();

  const control = (query: string) => ask(`/control/drop/publisher?${query}`);
  /** The picture size the encoder announced (its metadata, in nginx's statistics), waited for a moment. */
  async function sourceSize(stream: string) {
    for (let waited = 0; waited < SOURCE_SIZE_WAIT_MS; waited += 50) {
      const size = streamSize(await ask('/stat'), stream);
      if (size) return size;
      await new Promise((r) => setTimeout(r, 50));
    }
    return null;
  }

  const { packagers, startPackager } = createFeedPackagers({ settings, rtmpUrl, sourceSize, log });

  o.hooks.attach({
    published(publish) {
      void startPackager(publish).catch((err: unknown) => log.error({ err }, 'live packager not started'));
    },
    publishEnded(feed) {
      for (const entry of packagers.values())
        if (entry.publish.eventId === feed.eventId && entry.publish.angle === feed.angle) {
          entry.stopped = true;
          void stopEngine(entry.child);
        }
    },
    async dropEncoders(eventId, angles) {
      const streams = [...packagers.values()]
        .filter((p) => p.publish.eventId === eventId && (!angles || angles.includes(p.publish.angle)))
        .map((p) => p.publish.stream);
      await Promise.all(streams.map((name) => control(`app=live&name=${encodeURIComponent(name)}`)));
    },
    feedsChanged() {
      void reconcileSrt();
    },
  });

  const host = settings.ingestHost;
  return {
    status: { state: 'listening', reason: null },
    line:
      `Live ingest: encoders connect to rtmp://${host}:${settings.rtmpPort}/live (RTMP) or srt://${host}:<feed port> ` +
      "(SRT); npm run live:keys -- EVENT prints each feed's URLs.",
    async stop() {
      clearInterval(timer);
      await srt.stop();
      for (const entry of packagers.values()) entry.stopped = true;
      await Promise.all([...packagers.values()].map((p) => stopEngine(p.child)));
      await stopEngine(nginx, 'SIGQUIT', 3000);
    },
  };
}
