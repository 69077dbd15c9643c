import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/server';

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres, trust authentication, this machine only. */
  url: string;
  /** `pg_ctl stop`: immediate is a crash (no checkpoint, recovery on the next start), fast a clean stop. */
  stop(mode: 'immediate' | 'fast'): void;
  /** `pg_ctl start`; returns once it accepts connections. */
  start(): void;
  /** Whether it was last started (and not stopped since). */
  running(): boolean;
  /** Stops it if running and deletes its data. Safe to call twice. */
  destroy(): void;
};

/** The newest PostgreSQL server installed (Debian: /usr/lib/postgresql/<major>/bin); PG_BIN overrides. */
function serverBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!majors.length) throw new Error(`no PostgreSQL server in ${root}/<major>/bin: apt-get install postgresql`);
  return path.join(root, majors[0]!, 'bin');
}

const live = new Set<PrivatePostgres>();
// A run that ends without its afterAll (an interrupted jest) still stops its servers.
process.once('exit', () => {
  for (const server of live) server.destroy();
});

/**
 * A PostgreSQL server of the suite's own, in a temporary folder on a free port, for a test that stops
 * and starts the database server itself: the machine's shared one (5432) serves every other suite and
 * is never stopped. initdb refuses to run as root, so as root the server runs as the postgres user,
 * which owns the folder; as anyone else it runs as them.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = serverBin();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-postgres-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (owner.status !== 0) throw new Error('running as root, but there is no postgres user to run PostgreSQL as');
    fs.chownSync(dir, Number(owner.stdout.trim()), Number(group.stdout.trim()));
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const done = spawnSync(command, argv, { encoding: 'utf8', cwd: dir, timeout: 60_000 });
    if (done.status !== 0)
      throw new Error(
        `${tool} ${args.join(' ')} failed (${done.status ?? done.signal}):\n${done.stdout}${done.stderr}` +
          (fs.existsSync(path.join(dir, 'log'))
            ? `\nserver log:\n${fs.readFileSync(path.join(dir, 'log'), 'utf8')}`
            : ''),
      );
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-instructions', '-E', 'UTF8']);
  // Its socket in its own folder, not /var/run/postgresql beside the shared server's; durability is
  // not what is tested (a crash stop still recovers from the write-ahead log the OS kept).
  const options = `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_connections=60`;
  let running = false;
  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    running: () => running,
    start() {
      run('pg_ctl', ['start', '-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '30', '-o', options]);
      running = true;
    },
    stop(mode) {
      run('pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '30']);
      running = false;
    },
    destroy() {
      live.delete(server);
      if (running || fs.existsSync(path.join(data, 'postmaster.pid'))) {
        try {
          run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '30']);
        } catch {
          // already gone
        }
        running = false;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  live.add(server);
  try {
    server.start();
  } catch (err) {
    server.destroy();
    throw err;
  }
  return server;
}
