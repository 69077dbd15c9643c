// @databases both: races and locks — one instance at a time holds a job
import { runExclusively } from '../../../src/server/db/exclusiveJob';
import type { Database } from '../../../src/server/db/database';
import { openAnotherPool, openTestDatabase } from '../../utils/testDatabase';

/**
 * Periodic jobs (the reconciliation of unsettled checkouts) run in one instance at a time. Three
 * instances are three connection pools over one PostgreSQL schema, as three processes would hold;
 * each starts the same job at the same moment. The control starts it without the lock: all three run.
 */
let first: Database;
let instances: Database[];
beforeAll(async () => {
  first = await openTestDatabase();
  instances = [first, await openAnotherPool(first), await openAnotherPool(first)];
});
afterAll(async () => {
  for (const d of instances.slice(1)) await d.close();
  await first.close();
});

/** A job that takes a moment and says how many copies of it were running at its peak. */
function jobCounter() {
  let running = 0;
  let peak = 0;
  let runs = 0;
  const job = async () => {
    running += 1;
    runs += 1;
    peak = Math.max(peak, running);
    await new Promise((r) => setTimeout(r, 300));
    running -= 1;
    return 'done';
  };
  return { job, stats: () => ({ runs, peak }) };
}

const onPostgres = () => first.kind === 'postgres';

it('three instances start the same job at once: one runs it, two skip the round', async () => {
  const { job, stats } = jobCounter();
  const outcomes = await Promise.all(instances.map((d) => runExclusively(d, 'test-job', job)));
  if (onPostgres()) {
    expect(outcomes.filter((o) => o.ran)).toEqual([{ ran: true, result: 'done' }]);
    expect(stats()).toEqual({ runs: 1, peak: 1 });
  } else {
    // The embedded database is one process's: the job runs wherever it is asked.
    expect(outcomes.every((o) => o.ran)).toBe(true);
  }
});

it('the lock is given back: the next round runs again, and a failing job frees it too', async () => {
  await expect(
    runExclusively(instances[1]!, 'test-job', async () => {
      throw new Error('job failed');
    }),
  ).rejects.toThrow('job failed');
  expect(await runExclusively(instances[2]!, 'test-job', async () => 'again')).toEqual({ ran: true, result: 'again' });
});

it('different jobs do not block each other', async () => {
  const [a, b] = await Promise.all([
    runExclusively(instances[0]!, 'job-a', async () => {
      await new Promise((r) => setTimeout(r, 100));
      return 'a';
    }),
    runExclusively(instances[1]!, 'job-b', async () => 'b'),
  ]);
  expect([a, b]).toEqual([
    { ran: true, result: 'a' },
    { ran: true, result: 'b' },
  ]);
});

it("a deployment on another schema of the same database runs its own round while this one's is held", async () => {
  // Advisory locks belong to the whole PostgreSQL database: keyed by the job's name alone, this one's
  // round would make the other skip its own (a crash's paid checkout then waited five minutes).
  const elsewhere = await openTestDatabase();
  let release = () => {};
  try {
    let started = () => {};
    const running = new Promise<void>((r) => (started = r));
    const holding = runExclusively(
      first,
      'test-job',
      () =>
        new Promise<string>((r) => {
          release = () => r('held');
          started();
        }),
    );
    await running;
    // Taken here: the same schema's other instance skips the round.
    if (onPostgres())
      expect(await runExclusively(instances[1]!, 'test-job', async () => 'here')).toEqual({ ran: false });
    expect(await runExclusively(elsewhere, 'test-job', async () => 'elsewhere')).toEqual({
      ran: true,
      result: 'elsewhere',
    });
    release();
    expect(await holding).toEqual({ ran: true, result: 'held' });
  } finally {
    release(); // a failed expectation above must not keep the lock (and this file's pool) forever
    await elsewhere.close();
  }
});

it('control: without the lock all three instances run the job at the same time', async () => {
  const { job, stats } = jobCounter();
  await Promise.all(instances.map(() => job()));
  expect(stats()).toEqual({ runs: 3, peak: 3 });
});
