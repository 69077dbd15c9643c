import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../src/server/app';
import * as databaseModule from '../../../src/server/db/database';
import type { Database } from '../../../src/server/db/database';
import { freePort } from '../../../e2e/support/server';
import { testConfig } from '../../utils/testConfig';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then closes the database it opened', async () => {
    // No injected database: the app opens PGlite under DATA_DIR itself and must close it.
    const opened: Database[] = [];
    const realOpen = databaseModule.openDatabase;
    const open = jest.spyOn(databaseModule, 'openDatabase').mockImplementation(async (options) => {
      const database = await realOpen(options);
      opened.push(database);
      return database;
    });
    const app = await buildApp(testConfig());
    open.mockRestore();
    expect(opened).toHaveLength(1);
    const [database] = opened as [Database];
    expect(await database.ping()).toBe(true);
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    app.get('/v1/probe/slow', async () => {
      await gate;
      return { success: true, message: 'finished', data: null };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/v1/probe/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const closing = app.close();
    setTimeout(release, 200);
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('finished');
    await closing;
    expect(await database.ping()).toBe(false); // closed with the app, not left open
  });

  it('the server process exits cleanly on SIGTERM and its data opens again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-stop-'));
    const port = await freePort();
    const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', CLIENT_DIST_DIR: path.join(dataDir, 'none') };
    const start = () => spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const waitHealthy = async () => {
      for (let i = 0; i < 150; i += 1) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
        } catch {
          // not yet listening
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('server did not start');
    };

    const first = start();
    let log = '';
    first.stdout!.on('data', (d: Buffer) => { log += d.toString(); });
    await waitHealthy();
    const exited = new Promise<number | null>((resolve) => first.once('exit', resolve));
    first.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(log).toContain('shutting down');

    // PGlite was closed properly: the same data directory starts again.
    const second = start();
    try {
      await waitHealthy();
    } finally {
      second.kill('SIGTERM');
      await new Promise((resolve) => second.once('exit', resolve));
    }
  }, 60_000);
});
