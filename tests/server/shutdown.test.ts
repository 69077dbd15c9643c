// @databases pglite: the server closes the embedded database under DATA_DIR whole
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { createPgliteTemplate } from '../utils/pgliteTemplate';
import { spawnServer } from '../utils/serverProcess';
import { testConfig } from '../utils/testConfig';

/**
 * Both tests start the server on PGlite under DATA_DIR. A new PGlite data directory costs an initdb
 * (13 s measured on a busy machine), which took these tests to 24 s of their 30 and 46 s of their 60.
 * So each DATA_DIR starts as a copy of one migrated PGlite directory, made once here from the run's
 * template: what is timed is opening, serving and closing, as a restarted server does.
 */
let migratedDir: string;
const spawned = new Set<ChildProcess>();
const scratch: string[] = [];
beforeAll(async () => {
  // The PostgreSQL run makes no PGlite template (its globalSetup is the PGlite run's): one is made here.
  const template = process.env.PGLITE_TEMPLATE ?? (await createPgliteTemplate());
  migratedDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-stop-template-')), 'pglite');
  scratch.push(path.dirname(migratedDir), ...(process.env.PGLITE_TEMPLATE ? [] : [path.dirname(template)]));
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: migratedDir,
    loadDataDir: new Blob([fs.readFileSync(template)]),
  });
  await database.close();
}, 120_000);
afterAll(() => {
  // Whatever happened above, no server outlives the file, and its data goes.
  for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new DATA_DIR whose PGlite directory is a copy of the migrated one. */
function dataDirWithDatabase(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-stop-'));
  scratch.push(dataDir);
  fs.cpSync(migratedDir, path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then closes the database it opened', async () => {
    // No injected database: the app opens PGlite under DATA_DIR itself and must close it.
    const opened: Database[] = [];
    const app = await buildApp(testConfig({ DATA_DIR: dataDirWithDatabase() }), {
      onDatabaseOpened: (database) => opened.push(database),
    });
    expect(opened).toHaveLength(1);
    const [database] = opened as [Database];
    expect(await database.ping()).toBe(true);
    let arrived!: () => void;
    const inHandler = new Promise<void>((r) => {
      arrived = r;
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    app.get('/v1/probe/slow', async () => {
      arrived();
      await gate;
      return { success: true, message: 'finished', data: null };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/v1/probe/slow`);
    // Closing starts once the request is being handled (a request that arrives after it is refused with 503).
    await inHandler;
    const closing = app.close();
    setTimeout(release, 200);
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('finished');
    await closing;
    expect(await database.ping()).toBe(false); // closed with the app, not left open
  });

  // Two real server processes start here: seconds each, tens on a busy machine. The budget leaves
  // spawnServer's own deadline (60 s a start) room to fail first, with the server's output.
  it('the server process exits cleanly on SIGTERM and its data opens again', async () => {
    const dataDir = dataDirWithDatabase();
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'info', CLIENT_DIST_DIR: path.join(dataDir, 'none') };

    const first = await spawnServer(env, spawned);
    // Its log is written without blocking (platform/accessLog.ts): stopping writes out every line.
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1)
      ids.push((await fetch(`${first.baseUrl}/v1/carousel`)).headers.get('x-request-id')!);
    await first.stop();
    expect({ exit: first.child.exitCode, output: first.output() }).toEqual({
      exit: 0,
      output: expect.stringContaining('shutting down'),
    });
    const logged = first
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    expect(ids.map((id) => logged.filter((l) => l.reqId === id).map((l) => l.msg))).toEqual(
      ids.map(() => ['request completed']),
    );
    expect(logged.at(-1)?.msg).toMatch(/^shutting down/);

    // PGlite was closed properly: the same data directory starts again.
    const second = await spawnServer(env, spawned);
    await second.stop();
    expect({ exit: second.child.exitCode, output: second.output() }).toEqual({
      exit: 0,
      output: expect.stringContaining('shutting down'),
    });
  }, 150_000);
});
