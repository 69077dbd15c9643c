import type { Database } from '../../src/server/db/database';
import { DATABASE_UNAVAILABLE } from '../../src/server/platform/databaseErrors';
import type { Cluster } from './clusterHarness';
import { askForOrder, buyersWhoPaid, whatTheyHave, type PaidBuyer } from './paidBuyers';
import { steadyLoad } from './steadyLoad';

/**
 * PostgreSQL goes away for `downMs` under steady load through nginx, and comes back (`cut` and
 * `restore` say how: connections cut at a relay, or the server itself stopped and started). Buyers who
 * paid just before ask for their orders while it is away, and again once it is back. Asserts what a
 * visitor must see: while it is away, a clean refusal (a 503 with a sentence, never a 500, a dropped
 * connection or a wait past 10 s), and at least one such refusal seen by the steady load; once it is
 * back, every request answered and every paid buyer with their order.
 */
export async function databaseCutUnderLoad(o: {
  cluster: Cluster;
  database: Database;
  eventId: number;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  downMs: number;
  label: string;
}) {
  const { cluster } = o;
  const readiness = async () =>
    Promise.all(
      cluster.instances.map(
        async (s) =>
          (await fetch(`${s.baseUrl}/readyz`).catch((err: Error) => ({ status: `${err.cause ?? err}` }))).status,
      ),
    );
  /** Polls until every instance's /readyz answers `status`; says what it last saw when it gives up. */
  async function readyzBecomes(status: number, withinMs: number) {
    const deadline = Date.now() + withinMs;
    let seen: (number | string)[] = [];
    while (Date.now() < deadline) {
      seen = await readiness();
      if (seen.every((s) => s === status)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(
      `/readyz did not become ${status} on every instance within ${withinMs} ms; last seen ${seen.join(', ')}\n${cluster.describe()}`,
    );
  }

  const load = steadyLoad(cluster.url, { workers: 4, eventId: o.eventId });
  let cutAt = 0;
  let backAt = 0;
  let buyers: PaidBuyer[] = [];
  let ordersWhileDown: { status: number; message: string }[] = [];
  try {
    await load.warmUp();
    buyers = await buyersWhoPaid(cluster.url, o.database, o.eventId, 3);
    cutAt = load.now();
    await o.cut();
    await readyzBecomes(503, 5000);
    ordersWhileDown = await Promise.all(buyers.map((b) => askForOrder(cluster.url, b)));
    while (load.now() - cutAt < o.downMs) await load.waitForRequests(10);
    await o.restore();
    await readyzBecomes(200, 15_000);
    backAt = load.now();
    await load.waitForRequests(150);
  } catch (err) {
    // The load would go on calling for ever.
    await load.stop();
    throw err;
  }
  const seen = await load.stop();
  const ordersAfter = await Promise.all(buyers.map((b) => askForOrder(cluster.url, b)));

  // A call may fail if it was still unanswered when PostgreSQL went, or sent before it was back.
  const during = seen.failures.filter((f) => f.answeredAt >= cutAt && f.at < backAt);
  console.log(
    `${o.label}: down ${backAt - cutAt} ms; ${seen.total} requests, ${during.length} refused meanwhile ` +
      `(${[...new Set(during.map((f) => `${f.kind} ${f.status}`))].join(', ')}), ${seen.failures.length - during.length} failed otherwise; ` +
      `slowest answer ${seen.slowestMs} ms; paid buyers' orders while down ${ordersWhileDown.map((a) => a.status).join(' ')}, after ${ordersAfter.map((a) => a.status).join(' ')}`,
  );
  // The steady load saw PostgreSQL go: the refusals below are not vacuous.
  expect(during.length).toBeGreaterThan(0);
  // While it was away, refusals were a 503 with a sentence, never a 500 or a dropped connection.
  expect(during.filter((f) => f.status !== 503 || !f.detail.includes(DATABASE_UNAVAILABLE))).toEqual([]);
  expect(ordersWhileDown).toEqual(buyers.map(() => ({ status: 503, message: DATABASE_UNAVAILABLE })));
  expect(seen.slowestMs).toBeLessThan(10_000);
  // Once back, nothing else failed, and every buyer who paid has the order paid for, once.
  expect(seen.failures.filter((f) => !during.includes(f))).toEqual([]);
  expect(ordersAfter.map((a) => a.status)).toEqual(buyers.map(() => 200));
  expect(await whatTheyHave(o.database, buyers)).toEqual(
    buyers.map((b) => ({ userId: b.userId, checkouts: ['ordered'], orders: 1 })),
  );
}
