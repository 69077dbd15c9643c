import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresUrl, scratchSchema } from '../utils/testDatabase';
import { spawnServer } from '../utils/serverProcess';

/**
 * scripts/backup-restore-check.sh on a shop the real server migrated and seeded: a faithful restore
 * passes; a restore with one row changed, or with the rows intact but a column the server needs
 * renamed, fails and says what. The faults are made by a pg_restore earlier on PATH that runs the
 * real one and then damages the copy, so the script under test is the one shipped.
 */
const ROOT = path.resolve(__dirname, '../..');
let source: Awaited<ReturnType<typeof scratchSchema>>;
let scratchUrl: string;
const scratchName = `restore_check_${crypto.randomBytes(4).toString('hex')}`;
const admin = () => new pg.Client({ connectionString: postgresUrl() });

beforeAll(async () => {
  source = await scratchSchema(postgresUrl(), 'restore_src');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-src-'));
  const server = await spawnServer({ DATABASE_URL: source.url, DATA_DIR: dataDir });
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const client = admin();
  await client.connect();
  await client.query(`create database ${scratchName}`);
  await client.end();
  const scratch = new URL(postgresUrl());
  scratch.pathname = `/${scratchName}`;
  scratchUrl = scratch.toString();
}, 120_000);

afterAll(async () => {
  const client = admin();
  await client.connect();
  await client.query(`drop database if exists ${scratchName} with (force)`);
  await client.end();
  await source?.drop();
});

/** Runs the check; `afterRestore` is SQL run on the restored copy right after pg_restore. */
function check(afterRestore?: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SOURCE_DATABASE_URL: postgresUrl(),
    SCRATCH_DATABASE_URL: scratchUrl,
    BACKUP_SCHEMA: source.schema,
  };
  let shim: string | undefined;
  if (afterRestore) {
    const realRestore = spawnSync('sh', ['-c', 'command -v pg_restore'], { encoding: 'utf8' }).stdout.trim();
    shim = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-restore-shim-'));
    fs.writeFileSync(
      path.join(shim, 'pg_restore'),
      `#!/bin/sh\n"${realRestore}" "$@" || exit $?\nexec psql "$SCRATCH_DATABASE_URL" -X -q -v ON_ERROR_STOP=1 -c "$AFTER_RESTORE"\n`,
      { mode: 0o755 },
    );
    env.PATH = `${shim}:${process.env.PATH}`;
    env.AFTER_RESTORE = `set search_path = ${source.schema}; ${afterRestore}`;
  }
  try {
    const run = spawnSync('bash', ['scripts/backup-restore-check.sh'], { cwd: ROOT, env, encoding: 'utf8' });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    if (shim) fs.rmSync(shim, { recursive: true, force: true });
  }
}

it('a faithful restore: every table equal row for row, and the server on the copy shows the events', () => {
  const run = check();
  expect(run).toEqual({ status: 0, stdout: expect.any(String), stderr: '' });
  const [, tables] = /restore matches: (\d+) tables, \d+ rows, every row's contents/.exec(run.stdout) ?? [];
  expect(Number(tables)).toBeGreaterThan(20);
  const [, shown, of] =
    /restored copy serves: \/readyz 200, (\d+) of (\d+) published events shown/.exec(run.stdout) ?? [];
  expect(Number(shown)).toBeGreaterThan(10);
  expect(shown).toBe(of);
}, 180_000);

it('one row changed in the copy, the row counts equal: the check names the table and fails', () => {
  const run = check(`update events set title = title || '.' where id = (select min(id) from events)`);
  expect(run.status).toBe(1);
  const differing = run.stderr.split('\n').filter((l) => /^[<>] /.test(l));
  // The same table on both sides, with the same row count and different checksums.
  expect(differing).toEqual([
    expect.stringMatching(new RegExp(`^< table ${source.schema}\\.events (\\d+) [0-9a-f]{32}$`)),
    expect.stringMatching(new RegExp(`^> table ${source.schema}\\.events (\\d+) [0-9a-f]{32}$`)),
  ]);
  const counts = differing.map((l) => l.split(' ')[3]);
  expect(counts[0]).toBe(counts[1]);
  expect(run.stdout).not.toMatch(/restore matches|restored copy serves/);
}, 180_000);

it('the rows intact but a column the server reads renamed: the started server does not serve, and the check fails', () => {
  const run = check('alter table events rename column title to name');
  expect(run.stdout).toMatch(/restore matches: /);
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/^restored copy does not serve: \d+ of \d+ published events not shown as in the source/);
}, 180_000);
