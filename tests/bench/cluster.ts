import { openDatabase } from '../../src/server/db/database';
import { importCatalog } from '../../src/server/modules/catalog/importer';
import { startCluster } from '../cluster/clusterHarness';
import { buyersRush } from '../cluster/buyersRush';
import { signTestToken } from '../utils/signToken';
import { exitOnMissedGoals, record } from './goals';

/**
 * `npm run bench:cluster`: the cluster suite's rush as a figure. Two instances on PostgreSQL and
 * Redis behind nginx (docs/deploy/nginx.conf); BENCH_BUYERS (1000) signed-in buyers rush an event
 * with BENCH_SEATS (100) seats, BENCH_WIDTH (50) at a time, paying with the sandbox card. Prints the
 * time from the first request to the last answer beside the goal (≤ 10 s), the outcomes and the
 * answers ≥ 500 (goal: none). BENCH_RUNS (3) rushes, each on a fresh event; median and spread; exits 1
 * on a missed goal.
 * PostgreSQL: TEST_DATABASE_URL or the local postgres://postgres@127.0.0.1:5432/test.
 */
const BUYERS = Number(process.env.BENCH_BUYERS ?? 1000);
const SEATS = Number(process.env.BENCH_SEATS ?? 100);
const WIDTH = Number(process.env.BENCH_WIDTH ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2);

async function main() {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const cluster = await startCluster({
    instances: INSTANCES,
    env: { LOG_LEVEL: 'warn', NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', SEED_DEMO_DATA: 'true' },
  });
  const database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl, poolSize: 4 });
  const times: number[] = [];
  let serverErrors = 0;
  let unexpected = 0;
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      const path = `bench-rush-${Date.now()}`;
      await importCatalog(database.db, {
        events: [{ path, title: `Rush ${run}`, price: 25, capacity: SEATS, isPremium: true }],
      });
      const { id } = await database.db
        .selectFrom('events')
        .select('id')
        .where('path', '=', path)
        .executeTakeFirstOrThrow();
      const r = await buyersRush({
        url: cluster.url,
        database,
        eventId: id,
        buyers: BUYERS,
        width: WIDTH,
        token: (userId) =>
          signTestToken({
            kind: 'user',
            sub: String(userId),
            userId,
            name: `Buyer ${userId}`,
            email: `buyer-${userId}@example.com`,
          }),
      });
      times.push(r.seconds);
      serverErrors += r.serverErrors.length;
      unexpected += r.unexpected.length;
      console.log(
        `run ${run}: ${BUYERS} buyers, ${SEATS} seats, ${INSTANCES} instances: ${r.seconds.toFixed(2)} s; ${JSON.stringify(r.outcomes)}; answers >= 500: ${r.serverErrors.length}${r.unexpected.length ? `; unexpected: ${r.unexpected.slice(0, 3).join(' | ')}` : ''}`,
      );
    }
  } finally {
    await database.close();
    await cluster.stop();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const fastEnough = record('rush time (median of runs)', median, 10, '<=', 's');
  console.log(
    `\nrush time: median ${median.toFixed(2)} s (spread ${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)} s) over ${RUNS} runs; goal ≤ 10 s → ${fastEnough ? 'met' : 'NOT MET'}`,
  );
  // Every buyer ends ordered, refused before paying or refunded: a 5xx or anything else is a miss.
  record('answers ≥ 500 (all runs)', serverErrors, 0, '<=');
  record('outcomes neither ordered, refused nor refunded (all runs)', unexpected, 0, '<=');
  console.log(`answers ≥ 500: ${serverErrors}, unexpected outcomes: ${unexpected} (goal 0 and 0)`);
}

main()
  .then(exitOnMissedGoals)
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
