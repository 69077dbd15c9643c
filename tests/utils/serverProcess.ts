import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../e2e/support/server';

const ROOT = path.resolve(__dirname, '../..');

export type ServerProcess = {
  baseUrl: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr, for failure messages. */
  output: () => string;
  /** As a crash or `kill -9`: no shutdown hook runs. Resolves once the process is gone. */
  kill: () => Promise<void>;
  /** SIGTERM: the graceful shutdown of main.ts. */
  stop: () => Promise<void>;
};

/**
 * The real server as `npm start` runs it (src/server/main.ts, its own process), on a free port with
 * the given environment and nothing inherited that picks a database or a payment provider. Unlike
 * e2e's startServer it keeps its output and can be killed outright.
 */
export async function spawnServer(env: Record<string, string>, spawned?: Set<ChildProcess>): Promise<ServerProcess> {
  // A given PORT is kept (an instance restarted behind a load balancer comes back where it was).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const lines: string[] = [];
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(STRIPE_|DATABASE_URL$|SANDBOX_|JWT_SECRET$|SMTP_URL$|PUBLIC_URL$)/.test(k),
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      LIVE_INGEST: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned?.add(child);
  child.stdout!.on('data', (b: Buffer) => lines.push(b.toString()));
  child.stderr!.on('data', (b: Buffer) => lines.push(b.toString()));
  const output = () => lines.join('');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const end = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { baseUrl, child, output, kill: end('SIGKILL'), stop: end('SIGTERM') };
}
