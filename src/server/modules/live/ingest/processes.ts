import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';

const SETPRIV = '/usr/bin/setpriv';

/** An engine's output as it may be logged: an SRT passphrase in a URL never is. */
export const redactEngineOutput = (line: string) => line.replace(/(passphrase=)[^&\s'"]*/gi, '$1[redacted]');

/**
 * Starts an engine (nginx, ffmpeg) whose lines go to the server's log, redacted, at warn level (the
 * engines run with their own log level at warning).
 */
export function startEngine(
  command: string,
  args: string[],
  log: FastifyBaseLogger,
  what: Record<string, unknown>,
): ChildProcess {
  // Dies with the server even when the server is killed outright (util-linux's setpriv, in every
  // Debian): an orphaned engine would hold the RTMP or an SRT port from the next start.
  const [bin, argv] = fs.existsSync(SETPRIV)
    ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]]
    : [command, args];
  const child = spawn(bin, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  let pending = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines)
      if (line.trim()) log.warn({ ...what, engine: redactEngineOutput(line.trim()) }, 'live ingest engine said');
  });
  child.on('error', (err) =>
    log.error({ ...what, err: redactEngineOutput(err.message) }, 'live ingest engine failed to start'),
  );
  return child;
}

/** Asks a process to finish (ffmpeg closes its last segment on SIGINT), then insists. */
export function stopEngine(child: ChildProcess, signal: NodeJS.Signals = 'SIGINT', graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}
