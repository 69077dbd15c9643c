import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { startServer } from '../../e2e/support/server';
import { CATEGORY_PAGE, HOME } from '../../src/shared/constants';
import type { DB } from '../../src/server/db/schema';
import { createCatalogRepository } from '../../src/server/modules/catalog/catalogRepository';
import { createOrderRepository } from '../../src/server/modules/orders/orderRepository';
import { scratchSchema } from '../utils/testDatabase';
import { apiCaller, percentile, signUpBuyers, type SignedUp } from './benchBuyers';
import { startSmtpMailbox } from './smtpMailbox';
import { exitOnMissedGoals, record } from './goals';
import { addOwnOrders, growCatalogAndOrders, settle } from './growthData';

/**
 * `npm run bench:growth` (PostgreSQL only: DATABASE_URL): does the shop stay as fast when it grows?
 *
 * 1. A fresh schema with the demo catalog; BUYERS people sign up by mail and get OWN_ORDERS orders each.
 * 2. Demo size: each read is sent at a fixed rate (BENCH_RATE, default 100 req/s for BENCH_SECONDS,
 *    default 15 s, after a warm-up pass over all of them) and its latency recorded: the category page's listing (first
 *    page and the last), the event page as a buyer (every event in turn, so each asks whether the
 *    buyer owns it), and the buyers' order histories (first page and last).
 * 3. The catalog grows by 300 events, enough to fill a category page of 100 (the demo's category
 *    holds 5): the same reads again. This is the baseline of the full pages.
 * 4. It grows to EVENTS more events in all (default 10,000) and ORDERS more orders (default
 *    1,000,000, ten per user) from other people, vacuumed and analyzed: the same reads again.
 * Prints the p99 of each read at the three sizes and the ratio of grown to like-sized (goal ≤ 1.5×):
 * a read the demo fills is compared with the demo, a page of 100 with step 3. Then the query plans
 * (EXPLAIN ANALYZE) of every statement those reads run, on the grown data. A ratio over its goal, or a
 * read that failed, exits 1.
 *
 * The catalog's read cache is off (CATALOG_CACHE_MB=0), so every catalog read goes to the database:
 * what is measured is the queries, not the cache. Not a test: figures for the issue notes.
 */
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const BUYERS = 10;
const OWN_ORDERS = 40;
const HISTORY_PAGE = 10;
const CATEGORY = 'on-demand';
const FULL_PAGE_EVENTS = 300;
/** The issue's goal: a read on the grown database at most this many times slower than on one of its size. */
const RATIO_GOAL = 1.5;

type Request = { path: string; token?: string };
type Figures = { p50: number; p99: number; max: number; failed: number; n: number };
/** `fullAtDemoSize`: the demo's data fills this answer as the grown database does. */
type Read = { name: string; fullAtDemoSize: boolean; request: (i: number) => Request };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends `request(i)` at `rate` per second for `seconds`, whatever the answers' pace (an open loop). */
async function atFixedRate(
  baseUrl: string,
  rate: number,
  seconds: number,
  request: (i: number) => Request,
): Promise<Figures> {
  const latencies: number[] = [];
  const failures: string[] = [];
  const sent: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i += 1) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const { path, token } = request(i);
    sent.push(
      (async () => {
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) failures.push(`${res.status} ${path}`);
      })().catch((err: unknown) => {
        failures.push(String(err));
      }),
    );
  }
  await Promise.all(sent);
  if (failures.length) console.log(`  ${failures.length} failed, first: ${failures[0]}`);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    failed: failures.length,
    n: latencies.length,
  };
}

/** A cursor as the server writes them (modules/catalog/service.ts): the last row's [sort order, id]. */
const cursorAfter = (order: number, id: number) => Buffer.from(JSON.stringify([order, id])).toString('base64url');

/** The reads a visitor makes, against whatever size the database has now. */
async function readsAt(db: Kysely<DB>, buyers: SignedUp[]): Promise<Read[]> {
  const category = await db
    .selectFrom('categories')
    .select('id')
    .where('path', '=', CATEGORY)
    .executeTakeFirstOrThrow();
  const members = await db
    .selectFrom('category_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('category_id', '=', category.id)
    .executeTakeFirstOrThrow();
  // A list's last page of `limit` starts after the row that precedes it (none: the list fits one page).
  const lastPageAfter = (limit: number) =>
    db
      .selectFrom('category_events')
      .select(['sort_order', 'event_id'])
      .where('category_id', '=', category.id)
      .orderBy('sort_order', 'desc')
      .orderBy('event_id', 'desc')
      .offset(limit)
      .limit(1)
      .executeTakeFirst();
  const [rowEnd, pageEnd] = [await lastPageAfter(HOME.rowLimit), await lastPageAfter(CATEGORY_PAGE.listingLimit)];
  const eventIds = (await db.selectFrom('events').select('id').orderBy('id').execute()).map((e) => e.id);
  const listing = (limit: number, after?: { sort_order: number; event_id: number }) =>
    `/v1/pagecategory/listing?filter=${encodeURIComponent(JSON.stringify({ path: CATEGORY }))}&start=0&limit=${limit}${after ? `&cursor=${cursorAfter(after.sort_order, after.event_id)}` : ''}`;
  const buyer = (i: number) => buyers[i % buyers.length]!;
  const history = (i: number, offset: number) => ({
    path: `/v1/order/history?userId=${buyer(i).userId}&offset=${offset}&limit=${HISTORY_PAGE}`,
    token: buyer(i).token,
  });
  console.log(`  ${eventIds.length} events, ${Number(members.n)} in "${CATEGORY}"`);
  return [
    {
      name: `listing ${HOME.rowLimit}, first page`,
      fullAtDemoSize: true,
      request: () => ({ path: listing(HOME.rowLimit) }),
    },
    {
      name: `listing ${HOME.rowLimit}, last page`,
      fullAtDemoSize: true,
      request: () => ({ path: listing(HOME.rowLimit, rowEnd) }),
    },
    {
      name: `listing ${CATEGORY_PAGE.listingLimit}, first page`,
      fullAtDemoSize: false,
      request: () => ({ path: listing(CATEGORY_PAGE.listingLimit) }),
    },
    {
      name: `listing ${CATEGORY_PAGE.listingLimit}, last page`,
      fullAtDemoSize: false,
      request: () => ({ path: listing(CATEGORY_PAGE.listingLimit, pageEnd) }),
    },
    {
      name: 'event page, as a buyer',
      fullAtDemoSize: true,
      request: (i) => ({ path: `/v1/asset/${eventIds[i % eventIds.length]}`, token: buyer(i).token }),
    },
    { name: 'order history, first page', fullAtDemoSize: true, request: (i) => history(i, 0) },
    { name: 'order history, last page', fullAtDemoSize: true, request: (i) => history(i, OWN_ORDERS - HISTORY_PAGE) },
  ];
}

async function measureAll(baseUrl: string, reads: Read[]): Promise<Figures[]> {
  // Warm every path first (JIT, PostgreSQL's plan and buffer caches), then measure each in turn.
  for (const read of reads) await atFixedRate(baseUrl, RATE, 2, read.request);
  const out: Figures[] = [];
  for (const read of reads) out.push(await atFixedRate(baseUrl, RATE, SECONDS, read.request));
  return out;
}

/** EXPLAIN ANALYZE of every statement the repositories run for these reads, on the data as it is. */
async function printPlans(url: string, db: Kysely<DB>, buyer: SignedUp) {
  const seen: CompiledQuery[] = [];
  const recording = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    log: (e) => {
      if (e.level === 'query') seen.push(e.query);
    },
  });
  try {
    const catalog = createCatalogRepository(recording);
    const orders = createOrderRepository(recording);
    const category = (await catalog.categoryByIdOrPath(CATEGORY))!;
    const rows = await catalog.eventsInCategory(category.id, CATEGORY_PAGE.listingLimit + 1);
    const last = rows.at(-1)!;
    await catalog.eventsInCategory(category.id, CATEGORY_PAGE.listingLimit + 1, {
      order: last.sort_order,
      id: last.id,
    });
    const event = await db
      .selectFrom('events')
      .select('id')
      .where('is_premium', '=', true)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await catalog.eventByIdOrPath(String(event.id));
    await orders.ownedEventIds(buyer.userId, [event.id]);
    // The hit show: a tenth of all orders (growthData.ts).
    const hit = await db
      .selectFrom('events')
      .select('id')
      .where('path', 'like', 'growth-%')
      .where('is_premium', '=', true)
      .orderBy('id')
      .executeTakeFirst();
    if (hit) await orders.ownedEventIds(buyer.userId, [hit.id]);
    await orders.soldOutIds([event.id]);
    await orders.history(buyer.userId, 0, HISTORY_PAGE);
  } finally {
    await recording.destroy();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const q of seen) {
      const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${q.sql}`, [
        ...q.parameters,
      ]);
      console.log(
        `\n${q.sql}\n  -- ${JSON.stringify(q.parameters)}\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`,
      );
    }
  } finally {
    await client.end();
  }
}

async function main() {
  if (!process.env.DATABASE_URL)
    throw new Error('bench:growth needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  const mailbox = await startSmtpMailbox();
  const schema = await scratchSchema(process.env.DATABASE_URL, 'bench_growth');
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 2 }) }),
  });
  const server = await startServer({
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    SMTP_URL: mailbox.url,
    TRUST_PROXY: '127.0.0.1',
    DATABASE_URL: schema.url,
    CATALOG_CACHE_MB: '0',
  });
  try {
    const buyers = await signUpBuyers(apiCaller(server.baseUrl), mailbox, BUYERS);
    await addOwnOrders(
      db,
      buyers.map((b) => b.userId),
      OWN_ORDERS,
    );
    await settle(db);

    console.log(
      `\nbench:growth, ${RATE} req/s for ${SECONDS} s per read, catalog cache off, PostgreSQL (${new Date().toISOString()})`,
    );
    console.log('\ndemo size:');
    const demo = await measureAll(server.baseUrl, await readsAt(db, buyers));

    // Just big enough for a full category page: the baseline of the reads whose answer grows with it.
    await growCatalogAndOrders(db, { events: FULL_PAGE_EVENTS, orders: 0, users: 0 });
    console.log(`\ngrown by ${FULL_PAGE_EVENTS} events (every page full):`);
    const full = await measureAll(server.baseUrl, await readsAt(db, buyers));

    const grownIn = performance.now();
    const added = await growCatalogAndOrders(db, {
      events: EVENTS - FULL_PAGE_EVENTS,
      orders: ORDERS,
      users: Math.max(1, Math.round(ORDERS / 10)),
    });
    console.log(
      `\ngrown by ${added.events} more events, ${added.users} users, ${added.orders} orders in ${((performance.now() - grownIn) / 1000).toFixed(0)} s:`,
    );
    const reads = await readsAt(db, buyers);
    const grown = await measureAll(server.baseUrl, reads);

    console.log(
      `\np99 in ms (p50 of the grown database in brackets); the ratio compares like with like (goal ≤ ${RATIO_GOAL}×, no read failed)`,
    );
    console.log('read                           demo   full page        grown   ratio');
    reads.forEach((read, i) => {
      const [d, f, g] = [demo[i]!, full[i]!, grown[i]!];
      // A page the demo cannot fill is compared with the database just big enough to fill it.
      const base = read.fullAtDemoSize ? d : f;
      const failed = d.failed + f.failed + g.failed;
      const met = [
        record(`${read.name}: p99 grown ÷ like-sized`, g.p99 / base.p99, RATIO_GOAL, '<=', '×'),
        record(`${read.name}: failed reads (all sizes)`, failed, 0, '<='),
      ].every(Boolean);
      console.log(
        `${read.name.padEnd(28)} ${d.p99.toFixed(2).padStart(7)} ${f.p99.toFixed(2).padStart(11)} ${g.p99.toFixed(2).padStart(7)} (${g.p50.toFixed(2)}) ${(g.p99 / base.p99).toFixed(2).padStart(6)}× vs ${read.fullAtDemoSize ? 'demo' : 'full page'}${failed ? `  (${failed} failed)` : ''}${met ? '' : '  NOT MET'}`,
      );
    });
    console.log('\nquery plans on the grown data:');
    await printPlans(schema.url, db, buyers[0]!);
  } finally {
    await server.stop();
    await db.destroy();
    await mailbox.close();
    await schema.drop();
  }
}

void main().then(exitOnMissedGoals);
