// @databases pglite: storage — the embedded database's disk fills while it runs
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { freePort } from '../../../e2e/support/server';
import { demoEvents } from '../../../src/server/db/seed/demoEvents';
import { isStorageFull, STORAGE_FULL } from '../../../src/server/platform/databaseErrors';
import { latestCodeIn } from '../../utils/mailbox';
import { sandboxPurchase } from '../../utils/sandboxPurchase';

/**
 * The disk holding DATA_DIR (where the embedded database, PGlite, keeps its files: DATA_DIR/pglite)
 * fills up while the server runs and buyers keep buying. A purchase that cannot be stored is refused
 * in one sentence, quickly; every purchase answered as made, and every payment taken, is an order
 * once there is room again and the server has restarted; and the server takes purchases again as
 * soon as the room is back, without a restart.
 *
 * DATA_DIR is a small tmpfs in a mount namespace of its own (unshare), held open by a sleeping
 * process so that the server can be stopped and started again on the same disk (nsenter). The test
 * fills that disk through /proc/<holder>/root, the namespace's view of it.
 *
 * PostgreSQL, and so PGlite, fails in two ways on a full disk: a table that must grow fails the one
 * statement (SQLSTATE 53100), and a write-ahead log that must start its next 16 MiB file stops the
 * database altogether (a PANIC), after which PGlite never answers again and holds the process's event
 * loop. The server is started with the log a few pages short of its next file, as a shop that has run
 * a while has it, so that the disk filling up meets the worse of the two.
 */
const ROOT = path.resolve(__dirname, '../../..');
const asRoot = process.getuid?.() === 0;
/** A request that takes longer than this is a hang. */
const ANSWER_WITHIN_MS = 15_000;

type Namespace = { pid: number; mountPoint: string; viewOf: (p: string) => string; stop: () => void };

/** A mount namespace with a tmpfs of `size`, kept alive until stop(). */
async function namespaceWithTmpfs(size: string): Promise<Namespace> {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-fills-'));
  const holder = spawn(
    'unshare',
    [
      ...(asRoot ? [] : ['-r']),
      '-m',
      'sh',
      '-c',
      `mount -t tmpfs -o size=${size} tmpfs "$0" && echo mounted && exec sleep 900`,
      mountPoint,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const said = await new Promise<string>((resolve) => {
    let text = '';
    holder.stdout!.on('data', (b: Buffer) => (text += b.toString()) && text.includes('mounted') && resolve(text));
    holder.stderr!.on('data', (b: Buffer) => (text += b.toString()));
    holder.once('exit', () => resolve(text));
  });
  if (!said.includes('mounted')) throw new Error(`could not mount a tmpfs: ${said}`);
  return {
    pid: holder.pid!,
    mountPoint,
    viewOf: (p) => `/proc/${holder.pid}/root${p}`,
    stop() {
      holder.kill('SIGKILL');
      fs.rmSync(mountPoint, { recursive: true, force: true });
    },
  };
}

type Server = { base: string; output: () => string; stop: () => Promise<number | null>; kill: () => void };

/** The real server (src/server/main.ts) inside the namespace, DATA_DIR on its tmpfs, PGlite as by default. */
async function startServer(ns: Namespace, port: number): Promise<Server> {
  const enter = asRoot ? ['-m'] : ['-U', '-m', '--preserve-credentials'];
  const { DATABASE_URL: _db, JWT_SECRET: _secret, REDIS_URL: _redis, ...env } = process.env;
  const child: ChildProcess = spawn(
    'nsenter',
    ['-t', String(ns.pid), ...enter, `--wd=${ROOT}`, '--', process.execPath, '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(ns.mountPoint, 'data'),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        LIVE_INGEST: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    kill: () => child.kill('SIGKILL'),
  };
}

type Answer = { status: number; message: string; data: any; ms: number };

/** One API call; a call not answered within ANSWER_WITHIN_MS is answered as status 0, 'hang'. */
async function call(base: string, method: 'GET' | 'POST', url: string, token?: string, body?: object): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    const text = await res.text();
    let json: { message?: string; data?: unknown } = {};
    try {
      json = JSON.parse(text);
    } catch {
      json = { message: text.slice(0, 300) };
    }
    return { status: res.status, message: json.message ?? '', data: json.data, ms: Date.now() - started };
  } catch (err) {
    return { status: 0, message: `hang: ${String(err)}`, data: null, ms: Date.now() - started };
  }
}

type Buyer = { userId: number; token: string };

/** Buyers signed up as people do: a code from the local outbox (/dev/mailbox.json), then verified. */
async function signUp(base: string, count: number): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let i = 0; i < count; i++) {
    const email = `disk-${i}@example.com`;
    const sent = await call(base, 'POST', '/v1/register', undefined, { emailId: email, loginSource: 3 });
    if (sent.status !== 200) throw new Error(`register: ${sent.status} ${sent.message}`);
    const mails = await (await fetch(`${base}/dev/mailbox.json`)).json();
    const otp = latestCodeIn(mails, email);
    const verified = await call(base, 'POST', '/v1/verifyotp', undefined, {
      emailId: email,
      otp,
      NewUser: true,
      firstName: 'Disk',
      lastName: `Buyer ${i}`,
    });
    if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${verified.message}`);
    buyers.push(verified.data[0] as Buyer);
  }
  return buyers;
}

/** Paid events anyone may buy (no seat limit), by id. */
async function paidEvents(base: string): Promise<number[]> {
  const ids: number[] = [];
  for (const e of demoEvents.filter((d) => d.premium && d.price && !d.capacity)) {
    const asset = await call(base, 'GET', `/v1/asset/${e.path}`);
    ids.push(asset.data[0].id as number);
  }
  return ids;
}

type Purchase = {
  buyer: Buyer;
  eventId: number;
  /** Every answer that was not a success, as "step status message". */
  refusals: string[];
  /** The card was charged (the sandbox confirmed the payment). */
  paid: boolean;
  /** createCartOrder answered 200. */
  ordered: boolean;
  slowestMs: number;
};

/** A purchase as the browser makes it: cart, intent, the sandbox's card form (4242), the order. */
async function purchase(base: string, buyer: Buyer, eventId: number): Promise<Purchase> {
  const p: Purchase = { buyer, eventId, refusals: [], paid: false, ordered: false, slowestMs: 0 };
  const made = await sandboxPurchase(
    async ({ method, path, body }) => {
      const answer = await call(base, method, path, buyer.token, body);
      p.slowestMs = Math.max(p.slowestMs, answer.ms);
      return { status: answer.status, json: { message: answer.message, data: answer.data }, text: answer.message };
    },
    { userId: buyer.userId, eventId },
  );
  if (made.ok) return { ...p, paid: true, ordered: true };
  const { step, answer } = made;
  const data = answer.json.data as { status?: string; error?: unknown } | undefined;
  p.refusals.push(
    step === 'confirm' && answer.status === 200
      ? `confirm says ${data?.status}: ${JSON.stringify(data?.error)}`
      : `${step} ${answer.status} ${answer.json.message}`,
  );
  // Refused at the order: the card was charged all the same.
  p.paid = step === 'order';
  return p;
}

/** Purchases one after another; stops at the first hang, which would only repeat. */
async function purchases(base: string, pairs: [Buyer, number][]): Promise<Purchase[]> {
  const done: Purchase[] = [];
  for (const [buyer, eventId] of pairs) {
    const p = await purchase(base, buyer, eventId);
    done.push(p);
    if (p.refusals.some((r) => / 0 hang/.test(r))) break;
  }
  return done;
}

/** Fills the namespace's tmpfs to the last byte. */
function fillDisk(ns: Namespace): string {
  const filler = ns.viewOf(path.join(ns.mountPoint, 'filler'));
  const fd = fs.openSync(filler, 'w');
  for (const size of [1 << 20, 4096, 1]) {
    const chunk = Buffer.alloc(size, 1);
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
    }
  }
  fs.closeSync(fd);
  const { bavail } = fs.statfsSync(ns.viewOf(ns.mountPoint));
  expect(bavail).toBe(0);
  return filler;
}

/** Every event each buyer owns, by the order history the server answers. */
async function ownedEvents(base: string, buyers: Buyer[]): Promise<Set<string>> {
  const owned = new Set<string>();
  for (const buyer of buyers) {
    const history = await call(base, 'GET', `/v1/order/history?userId=${buyer.userId}&limit=100`, buyer.token);
    expect(history.status).toBe(200);
    for (const order of history.data.data as { events: { assetId: number }[] }[])
      for (const e of order.events) owned.add(`${buyer.userId}:${e.assetId}`);
  }
  return owned;
}

/** The purchases ("user:event") not owned yet, once all are or `ms` have passed (paid ones settle at start). */
async function notOwnedWithin(base: string, buyers: Buyer[], purchased: string[], ms: number): Promise<string[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const owned = await ownedEvents(base, buyers);
    const missing = purchased.filter((k) => !owned.has(k));
    if (missing.length === 0 || Date.now() > deadline) return missing;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Each buyer with each event: the purchases the test makes, every one of them new. */
function allPairs(buyers: Buyer[], events: number[]): [Buyer, number][] {
  return events.flatMap((e) => buyers.map((b): [Buyer, number] => [b, e]));
}

const describeRefusals = (done: Purchase[]) => done.flatMap((p) => p.refusals);

/**
 * PGlite's write-ahead log a few pages short of the end of its current 16 MiB file: what the test
 * writes is a logical message in the log, no table. Answers the name of that file.
 */
async function walNearTheEndOfItsFile(pgliteDir: string): Promise<string> {
  const db = await PGlite.create({ dataDir: pgliteDir });
  const left = async () =>
    Number(
      (
        await db.query<{ left: string }>(
          `select (setting::bigint - (pg_current_wal_lsn() - '0/0'::pg_lsn) % setting::bigint)::text as left
           from pg_settings where name = 'wal_segment_size'`,
        )
      ).rows[0]!.left,
    );
  for (let l = await left(); l > 32 * 1024; l = await left())
    await db.query(`select pg_logical_emit_message(true, 'filler', repeat('x', $1::int))`, [
      Math.min(l - 32 * 1024, 1 << 20),
    ]);
  const { name } = (await db.query<{ name: string }>('select pg_walfile_name(pg_current_wal_lsn()) as name')).rows[0]!;
  await db.close();
  return name;
}

describe('isStorageFull', () => {
  it("knows PostgreSQL's disk_full, the file system's, and PGlite's errno for it, however deep the cause", () => {
    expect(isStorageFull({ code: '53100', message: 'could not extend file "base/5/16680"' })).toBe(true);
    expect(isStorageFull(new Error('wrapped', { cause: { code: 'ENOSPC' } }))).toBe(true);
    expect(isStorageFull({ errno: 51 })).toBe(true);
    expect(isStorageFull({ code: '23505', message: 'duplicate key' })).toBe(false);
  });
});

it('the disk fills up under purchases: each refused in one sentence, none hangs, none paid is lost, purchases resume with room', async () => {
  const ns = await namespaceWithTmpfs('160m');
  const servers: Server[] = [];
  try {
    const port = await freePort();
    let server = await startServer(ns, port);
    servers.push(server);
    const buyers = await signUp(server.base, 8);
    const pairs = allPairs(buyers, await paidEvents(server.base));
    // The shop has been selling: its tables have pages, some with room left.
    const before = await purchases(server.base, pairs.splice(0, 4));
    expect(describeRefusals(before)).toEqual([]);

    const pgliteDir = ns.viewOf(path.join(ns.mountPoint, 'data', 'pglite'));
    expect(await server.stop()).toBe(0);
    const current = await walNearTheEndOfItsFile(pgliteDir);
    server = await startServer(ns, port);
    servers.push(server);
    // Starting made the next file in advance, as PostgreSQL does at a start or a checkpoint once the
    // log is three quarters through its file. A running PGlite makes no checkpoints: a shop that has
    // run a while meets the end of a file with no next one made. That next file, empty and not yet
    // opened, goes, as it would not be there.
    const wal = path.join(pgliteDir, 'pg_wal');
    const ahead = fs.readdirSync(wal).filter((name) => /^[0-9A-F]{24}$/.test(name) && name > current);
    expect(ahead).toHaveLength(1);
    for (const name of ahead) fs.rmSync(path.join(wal, name));

    const filler = fillDisk(ns);
    const whileFull = await purchases(server.base, pairs.splice(0, 12));
    const refusals = describeRefusals(whileFull);
    // The disk stopped purchases, each refused in the one sentence, and none hung.
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.filter((r) => !r.endsWith(` 503 ${STORAGE_FULL}`))).toEqual([]);
    expect(Math.max(...whileFull.map((p) => p.slowestMs))).toBeLessThan(ANSWER_WITHIN_MS);
    expect((await call(server.base, 'GET', '/readyz')).status).toBe(200);

    // Room again: the same server takes purchases, no restart needed.
    fs.rmSync(filler);
    const afterRoom = await purchases(server.base, pairs.splice(0, 6));
    expect(describeRefusals(afterRoom)).toEqual([]);

    expect(await server.stop()).toBe(0);
    server = await startServer(ns, port);
    servers.push(server);
    // Answered as ordered, or only charged (an order the server makes from the payment): either way
    // the buyer owns the event after the restart.
    const key = (p: Purchase) => `${p.buyer.userId}:${p.eventId}`;
    const paid = [...before, ...whileFull, ...afterRoom].filter((p) => p.paid || p.ordered).map(key);
    expect(paid.length).toBeGreaterThanOrEqual(10);
    expect(await notOwnedWithin(server.base, buyers, paid, 20_000)).toEqual([]);
  } finally {
    for (const s of servers) s.kill();
    ns.stop();
  }
}, 300_000);
